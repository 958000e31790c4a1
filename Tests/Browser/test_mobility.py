"""Mobility end to end in a real browser: sign up → Map → a vehicle → Unlock → End ride → the
profile shows the charge Login made when it handled the ride's event, and the new balance."""

import re
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import click_and_wait, field, running_host, screenshot
from test_live_browser import live_streams

MOBILITY = "modules: [login, mobility]\nlogin:\n  mapRoute: map\n"


def test_take_a_ride_in_the_sandbox_city(browser):
    with running_host("atrium", MOBILITY) as host:
        browser.get(host.url("/map"))
        assert browser.find_element(By.TAG_NAME, "h1").text == "Sign in", "the map is for signed-in people"
        browser.get(host.url("/signup?returnTo=/map"))
        field(browser, "Full name").send_keys("Ada Rider")
        field(browser, "Email").send_keys("ada@example.com")
        field(browser, "Password").send_keys("correct horse battery")
        click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='Sign up']"))
        assert browser.current_url == host.url("/map")
        main = browser.find_element(By.TAG_NAME, "main").text
        assert "Nearby" in main and "Scan to unlock" in main
        assert len(browser.find_elements(By.CSS_SELECTOR, "svg circle.marker")) > 20
        screenshot(browser, "mobility-map")

        nearby = browser.find_elements(By.XPATH, "//h2[text()='Nearby']/following::a[contains(@href, '/map/vehicles/')]")
        assert nearby, "vehicles near the centre"
        click_and_wait(browser, nearby[0])
        assert "Code MIA-" in browser.find_element(By.TAG_NAME, "main").text
        click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='Unlock']"))
        assert browser.current_url == host.url("/map")
        assert "Your ride" in browser.find_element(By.TAG_NAME, "main").text
        riding = browser.current_window_handle
        # The ride shows in a second window too, and ends there when it ends in the first.
        browser.switch_to.new_window("window")
        browser.get(host.url("/map"))
        other = browser.current_window_handle
        assert "Your ride" in browser.find_element(By.TAG_NAME, "main").text
        browser.execute_script("window.notReloaded = true")
        WebDriverWait(browser, 10).until(lambda _: live_streams(host) >= 2)
        browser.switch_to.window(riding)
        click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='End ride']"))
        ended = browser.find_element(By.TAG_NAME, "main").text
        price = re.search(r"Ride ended: 1 minute, (US\$[0-9.]+)\.", ended)
        assert price, ended
        screenshot(browser, "mobility-ride-ended")
        browser.switch_to.window(other)
        WebDriverWait(browser, 10).until(lambda _: "Your ride" not in browser.find_element(By.TAG_NAME, "main").text)
        assert browser.execute_script("return window.notReloaded === true"), "ended in place, not reloaded"
        assert "Scan to unlock" in browser.find_element(By.TAG_NAME, "main").text
        browser.close()
        browser.switch_to.window(riding)

        click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Profile"))
        # Login charges the ride when the host delivers Mobility's event, just after the ride ended
        # (within milliseconds): a reload or two at most.
        deadline = time.monotonic() + 10
        while "1 Ride" not in browser.find_element(By.TAG_NAME, "main").text and time.monotonic() < deadline:
            time.sleep(0.2)
            browser.refresh()
        profile = browser.find_element(By.TAG_NAME, "main").text
        assert "1 Ride" in profile and f"-{price.group(1)}" in profile, profile
        screenshot(browser, "login-profile-charged")
        click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Profile details"))
        details = browser.find_element(By.TAG_NAME, "main").text
        assert re.search(r"Charges\s.*ride, 1 minute\s+-" + re.escape(price.group(1)), details, re.DOTALL), details
        click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Back to profile"))
        click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Map"))
        assert browser.current_url.startswith(host.url("/map"))
