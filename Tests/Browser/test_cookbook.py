"""Cookbook end to end: Discover, then change the pantry and watch the recipes change."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from conftest import click_and_wait, running_host, screenshot

COOKBOOK = "modules: [cookbook]\n"


def section_titles(driver, title: str) -> list[str]:
    heading = driver.find_element(By.XPATH, f"//h2[text()='{title}']")
    section = heading.find_element(By.XPATH, "./..")
    return [element.text for element in section.find_elements(By.CSS_SELECTOR, "h3")]


def test_changing_the_pantry_changes_the_recipes(browser):
    with running_host("atrium", COOKBOOK) as host:
        browser.get(host.url("/cookbook"))
        assert browser.find_element(By.TAG_NAME, "h1").text == "Discover"
        recipes = section_titles(browser, "Recipes")
        assert "Meatloaf" in recipes and "Meatball" in recipes
        assert browser.find_element(By.XPATH, "//h2[text()='Available ingredients']")
        images = browser.find_elements(By.CSS_SELECTOR, ".row-items img")
        # Each picture sits beside the ingredient's name, so it is decorative: an empty alt, never none.
        assert images and all(image.get_attribute("alt") == "" and image.get_dom_attribute("alt") == "" for image in images)
        names = [item.text for item in browser.find_elements(By.CSS_SELECTOR, ".row-items li p")]
        assert len(names) >= len(images) and "Meat" in names, names
        assert browser.execute_script("return arguments[0].naturalWidth", images[0]) > 0, "the embedded picture loads"
        screenshot(browser, "cookbook-discover")

        # From the ingredient row: say there is no Meat.
        meat = browser.find_element(By.XPATH, "//ul[@class='row-items']/li[.//p[text()='Meat']]")
        click_and_wait(browser, meat.find_element(By.XPATH, ".//button[text()='Remove']"))
        recipes = section_titles(browser, "Recipes")
        assert "Meatloaf" not in recipes and "Meatball" not in recipes
        assert "Missing: Meat" in browser.find_element(By.TAG_NAME, "main").text

        # From the "Missing one ingredient" list: get it back in one tap.
        click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='I have Meat']"))
        assert "Meatloaf" in section_titles(browser, "Recipes")

        # From the pantry page: switch off egg.
        click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Edit your ingredients"))
        assert browser.find_element(By.TAG_NAME, "h1").text == "Your ingredients"
        egg = browser.find_element(By.CSS_SELECTOR, "input[value='egg']")
        assert egg.is_selected()
        browser.find_element(By.XPATH, f"//label[@for='{egg.get_attribute('id')}']").click()
        click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='Save ingredients']"))
        recipes = section_titles(browser, "Recipes")
        assert "Meatloaf" not in recipes and "French omelette" not in recipes
        assert "Chicken tikka masala" in recipes
        screenshot(browser, "cookbook-after-pantry")

        # The choice is kept for this visitor.
        browser.refresh()
        assert "Meatloaf" not in section_titles(browser, "Recipes")
