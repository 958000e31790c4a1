"""What trying to break the pages found, end to end in a real browser with every module: what a
visitor saved before signing up stays theirs, long words wrap on a phone, and HEAD and other
methods get proper answers from the real server."""

import urllib.error
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import PHONE, ROOT, click_and_wait, field, running_host, screenshot

EVERYTHING = (
    "modules: [login, cookbook, pilot]\n"
    f"pilot:\n  licensesFile: {ROOT / 'Configuration' / 'pilot-licenses.json'}\n"
)
LONG_WORD = "W" * 100


def submit(driver, button: str) -> None:
    click_and_wait(driver, driver.find_element(By.XPATH, f"//button[text()='{button}']"))


def page_width(driver) -> int:
    return driver.execute_script("return document.documentElement.scrollWidth")


def register_pilot(driver, host, name: str) -> None:
    driver.get(host.url("/pilot"))
    field(driver, "Name").send_keys(name)
    Select(field(driver, "Pilot license type:")).select_by_visible_text("PPL")
    field(driver, "Password").send_keys("A9sDk3fJ1lM2")
    field(driver, "Password verification").send_keys("A9sDk3fJ1lM2")
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.XPATH, "//button[text()='Register']").is_enabled())
    submit(driver, "Register")


def sign_up(driver, host, name: str) -> None:
    driver.get(host.url("/signup"))
    field(driver, "Full name").send_keys(name)
    field(driver, "Email").send_keys("ada@example.com")
    field(driver, "Password").send_keys("correct horse battery")
    submit(driver, "Sign up")


def test_a_pantry_and_a_pilot_saved_before_signing_up_are_still_there_after(browser):
    with running_host("atrium", EVERYTHING) as host:
        browser.get(host.url("/cookbook/pantry"))
        # Keep only egg: switch every other ingredient off.
        browser.execute_script("document.querySelectorAll('input[type=checkbox]').forEach(c => { c.checked = c.value === 'egg' })")
        submit(browser, "Save ingredients")
        register_pilot(browser, host, "TestUser")
        assert "Welcome TestUser!" in browser.find_element(By.TAG_NAME, "main").text

        sign_up(browser, host, "Ada Lovelace")
        assert browser.current_url == host.url("/profile")

        browser.get(host.url("/cookbook/pantry"))
        assert "You have 1 ingredient." in browser.find_element(By.TAG_NAME, "main").text
        browser.get(host.url("/pilot"))
        assert "Welcome TestUser!" in browser.find_element(By.TAG_NAME, "main").text


def test_a_hundred_letter_word_wraps_on_a_phone(browser):
    with running_host("atrium", EVERYTHING) as host:
        register_pilot(browser, host, LONG_WORD)
        assert page_width(browser) <= PHONE["width"], "the Pilot confirmation fits the phone"
        screenshot(browser, "hardening-long-pilot-name")
        sign_up(browser, host, LONG_WORD + " " + LONG_WORD)
        assert page_width(browser) <= PHONE["width"], "the profile fits the phone"
        screenshot(browser, "hardening-long-profile-name")


def request(method: str, url: str):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method=method), timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_head_and_other_methods_on_the_real_server():
    with running_host("atrium", EVERYTHING) as host:
        for path in ["/", "/pilot", "/health/live", "/assets/atrium.css"]:
            status, headers, body = request("HEAD", host.url(path))
            assert status == 200, path
            assert body == b"", path
        status, headers, _ = request("DELETE", host.url("/pilot"))
        assert status == 405 and headers["Allow"] == "GET, HEAD"
        status, headers, _ = request("GET", host.url("/logout"))
        assert status == 405 and headers["Allow"] == "POST"
