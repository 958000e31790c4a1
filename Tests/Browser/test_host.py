"""End-to-end tests of the host itself, in a real browser at a phone-size viewport."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from conftest import wait_for_next_page, PHONE, running_host, screenshot

NOTES = """modules: [notes, accounts]
notes:
  greeting: Welcome to the fixture notes
"""


def press_enter(driver, field, text: str = "") -> None:
    """Types into a field and submits its form with Enter, waiting for the next page."""
    page = driver.find_element(By.TAG_NAME, "html")
    field.send_keys(text + Keys.ENTER)
    wait_for_next_page(driver, page)


def fits_the_phone(driver) -> bool:
    return driver.execute_script("return document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_atrium_binary_serves_the_home_page(browser):
    with running_host("atrium", "modules: []\n") as host:
        browser.get(host.url("/"))
        assert browser.find_element(By.TAG_NAME, "h1").text == "Atrium"
        assert "No modules are enabled" in browser.find_element(By.TAG_NAME, "main").text
        assert browser.execute_script("return innerWidth") == PHONE["width"]
        assert fits_the_phone(browser)
        screenshot(browser, "home-empty")
        browser.get(host.url("/no/such/page"))
        assert browser.find_element(By.TAG_NAME, "h1").text == "Page not found"
    assert "GET /no/such/page 404" in host.output()


def test_a_form_is_filled_and_submitted_with_javascript_off(browser_without_javascript):
    # With JavaScript off, chromedriver cannot click (its click needs scripts), so the visitor
    # submits with the Enter key, as people do on a phone keyboard.
    browser = browser_without_javascript
    browser.set_page_load_timeout(15)
    with running_host("atrium-fixture-host", NOTES) as host:
        browser.get(host.url("/"))
        browser.get(browser.find_element(By.CSS_SELECTOR, "a.card-link[href='/notes']").get_attribute("href"))
        assert browser.find_element(By.TAG_NAME, "h1").text == "Notes"
        assert "Welcome to the fixture notes" in browser.page_source

        label = browser.find_element(By.XPATH, "//label[text()='New note']")
        field = browser.find_element(By.ID, label.get_attribute("for"))
        press_enter(browser, field, 'Buy <milk> & "bread"')
        assert browser.current_url == host.url("/notes")
        notes = [element.text for element in browser.find_elements(By.CSS_SELECTOR, ".list .card")]
        assert notes == ['Buy <milk> & "bread"']
        screenshot(browser, "notes-added")

        press_enter(browser, browser.find_element(By.NAME, "text"))
        error = browser.find_element(By.CSS_SELECTOR, ".field-error")
        assert error.text == "Write something first."
        assert browser.find_element(By.NAME, "text").get_attribute("aria-invalid") == "true"
        assert len(browser.find_elements(By.CSS_SELECTOR, ".list .card")) == 1, "nothing saved is lost"
        assert fits_the_phone(browser)
        screenshot(browser, "notes-error")
    assert "POST /notes 422" in host.output()


def test_a_guarded_page_sends_the_visitor_to_sign_in_and_back(browser):
    with running_host("atrium-fixture-host", NOTES) as host:
        browser.get(host.url("/notes/private"))
        assert browser.find_element(By.TAG_NAME, "h1").text == "Sign in"
        browser.find_element(By.NAME, "name").send_keys("ada")
        browser.find_element(By.XPATH, "//button[text()='Sign in']").click()
        WebDriverWait(browser, 10).until(expected_conditions.url_to_be(host.url("/notes/private")))
        assert "Private page" in browser.find_element(By.TAG_NAME, "main").text
        cookie = browser.get_cookie("atrium_session")
        assert cookie["httpOnly"] is True
        assert cookie["sameSite"] == "Lax"
        screenshot(browser, "private")
