"""Pilot registration end to end, in a real browser at a phone-size viewport."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import ROOT, click_and_wait, field, running_host, screenshot

PILOT = f"modules: [pilot]\npilot:\n  licensesFile: {ROOT / 'Configuration' / 'pilot-licenses.json'}\n"


def error_of(driver, label: str) -> str:
    return driver.find_element(By.ID, field(driver, label).get_attribute("id") + "-error").text


def wait_for_error(driver, label: str, message: str) -> None:
    WebDriverWait(driver, 5).until(lambda d: error_of(d, label) == message, f"{label}: expected {message!r}, saw {error_of(driver, label)!r}")


def register_button(driver):
    return driver.find_element(By.XPATH, "//button[text()='Register']")


def test_each_invalid_input_shows_its_message_as_the_pilot_types(browser):
    with running_host("atrium", PILOT) as host:
        browser.get(host.url("/pilot"))
        assert browser.find_element(By.TAG_NAME, "h1").text == "Register"
        WebDriverWait(browser, 5).until(lambda d: not register_button(d).is_enabled())
        assert error_of(browser, "Name") == "", "no errors before typing"

        field(browser, "Name").send_keys("   ")
        wait_for_error(browser, "Name", "Must contain at least one non-whitespace character.")
        field(browser, "Name").clear()
        field(browser, "Name").send_keys("TestUser")
        wait_for_error(browser, "Name", "")

        licenses = Select(field(browser, "Pilot license type:"))
        licenses.select_by_visible_text("MPL")
        licenses.select_by_value("")
        wait_for_error(browser, "Pilot license type:", "A valid type of pilot license should be inserted.")

        password = field(browser, "Password")
        for typed, message in [
            ("A9sDk3fJ1lM", "Password must be at least 12 characters."),
            ("a9sdk3fj1lm2", "Password must be a combination of uppercase, lowercase and numbers."),
            ("A9sDk3fJ1lM2testuser", "Password should not contains username."),
        ]:
            password.clear()
            password.send_keys(typed)
            wait_for_error(browser, "Password", message)
        password.clear()
        password.send_keys("x")
        password.clear()
        wait_for_error(browser, "Password", "Password cannot be empty.")

        password.send_keys("A9sDk3fJ1lM2")
        field(browser, "Password verification").send_keys("A9sDk3fJ1lM")
        wait_for_error(browser, "Password verification", "Must be identical to the password.")
        assert not register_button(browser).is_enabled()
        screenshot(browser, "pilot-errors")


def test_testuser_registers_for_ppl_and_logs_out(browser):
    with running_host("atrium", PILOT) as host:
        browser.get(host.url("/pilot"))
        field(browser, "Name").send_keys("TestUser")
        Select(field(browser, "Pilot license type:")).select_by_visible_text("PPL")
        field(browser, "Password").send_keys("A9sDk3fJ1lM2")
        field(browser, "Password verification").send_keys("A9sDk3fJ1lM2")
        WebDriverWait(browser, 5).until(lambda d: register_button(d).is_enabled())
        click_and_wait(browser, register_button(browser))
        WebDriverWait(browser, 10).until(expected_conditions.text_to_be_present_in_element((By.TAG_NAME, "h1"), "Confirmation"))
        main = browser.find_element(By.TAG_NAME, "main").text
        assert "Welcome TestUser!" in main
        assert "Your license is PPL" in main
        assert "Your allowed aircrafts are:" in main
        aircraft = [item.text for item in browser.find_elements(By.CSS_SELECTOR, ".list-items li")]
        assert aircraft == ["C152", "C172", "D40A"]
        screenshot(browser, "pilot-confirmation")

        browser.refresh()
        assert browser.find_element(By.TAG_NAME, "h1").text == "Confirmation", "the registration is kept"

        # Waiting for the next page first: reading the old page's heading while it is torn down fails.
        click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='Logout']"))
        WebDriverWait(browser, 10).until(expected_conditions.text_to_be_present_in_element((By.TAG_NAME, "h1"), "Register"))
        assert field(browser, "Name").get_attribute("value") == ""
