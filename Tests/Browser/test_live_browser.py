"""Live scenes in a real browser: a change made in one window shows in the other without a reload,
keeping focus and what the visitor changed; eight tabs all load (only visible tabs hold a stream);
reduced motion turns the update's highlight off; without JavaScript pages are as before."""

import html
import re
import time
import urllib.parse
import urllib.request

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import click_and_wait, field, running_host, screenshot

COOKBOOK = "modules: [cookbook]\n"


def live_streams(host) -> int:
    with urllib.request.urlopen(host.url("/metrics"), timeout=5) as response:
        found = re.search(r"^atrium_live_streams ([0-9.]+)$", response.read().decode(), re.MULTILINE)
    return int(float(found.group(1))) if found else 0


def toggle(browser, value):
    return browser.find_element(By.CSS_SELECTOR, f"input[name='have[]'][value='{value}']")


def test_a_change_in_one_window_shows_in_the_other_in_place_keeping_focus_and_what_was_changed(browser):
    with running_host("atrium", COOKBOOK) as host:
        browser.get(host.url("/cookbook"))
        discover = browser.current_window_handle
        browser.switch_to.new_window("window")
        browser.get(host.url("/cookbook/pantry"))
        pantry = browser.current_window_handle
        assert toggle(browser, "Meat").is_selected()
        WebDriverWait(browser, 10).until(lambda _: live_streams(host) >= 1)
        # The visitor is busy here: focus on egg, sugar switched off but not saved.
        browser.execute_script("window.notReloaded = true")
        browser.find_element(By.XPATH, f"//label[@for='{toggle(browser, 'sugar').get_attribute('id')}']").click()
        browser.execute_script("arguments[0].focus({preventScroll: true})", toggle(browser, "egg"))
        scrolled = browser.execute_script("window.scrollTo(0, 300); return window.scrollY")
        assert scrolled > 0, "the pantry is longer than the window"

        browser.switch_to.window(discover)
        meat = browser.find_element(By.XPATH, "//ul[@class='row-items']/li[.//p[text()='Meat']]")
        click_and_wait(browser, meat.find_element(By.XPATH, ".//button[text()='Remove']"))

        browser.switch_to.window(pantry)
        WebDriverWait(browser, 10, ignored_exceptions=[StaleElementReferenceException]).until(lambda _: not toggle(browser, "Meat").is_selected())
        assert browser.execute_script("return window.notReloaded === true"), "updated in place, not reloaded"
        assert not toggle(browser, "sugar").is_selected(), "what the visitor changed is kept"
        assert browser.execute_script("return document.activeElement.value") == "egg", "focus is kept"
        assert browser.execute_script("return window.scrollY") == scrolled, "the scroll position is kept"
        WebDriverWait(browser, 5).until(
            lambda _: browser.find_element(By.ID, "live-status").get_attribute("textContent") == "This page was updated.")
        assert browser.find_element(By.ID, "live-status").get_attribute("aria-live") == "polite"
        screenshot(browser, "live-pantry-updated")


def test_eight_tabs_all_load_and_only_visible_ones_hold_a_stream(browser):
    with running_host("atrium", COOKBOOK) as host:
        browser.get(host.url("/cookbook"))
        for _ in range(7):
            browser.switch_to.new_window("tab")
            started = time.monotonic()
            browser.get(host.url("/cookbook"))
            assert browser.find_element(By.TAG_NAME, "h1").text == "Discover"
            assert time.monotonic() - started < 10
        handles = browser.window_handles
        assert len(handles) == 8
        for handle in handles:
            browser.switch_to.window(handle)
            assert browser.execute_script("return document.readyState") == "complete"
            assert browser.find_element(By.TAG_NAME, "h1").text == "Discover"
        # Hidden tabs closed their streams: far fewer than a browser's six connections per site.
        time.sleep(1)
        assert live_streams(host) <= 2, live_streams(host)


def test_reduced_motion_turns_the_highlight_off_and_without_javascript_nothing_changes(browser, browser_without_javascript):
    with running_host("atrium", COOKBOOK) as host:
        browser.get(host.url("/cookbook"))
        browser.execute_script("document.getElementById('main').classList.add('live-updated')")
        assert browser.execute_script("return getComputedStyle(document.getElementById('main')).animationName") == "live-updated"
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        assert browser.execute_script("return getComputedStyle(document.getElementById('main')).animationName") == "none"

        browser_without_javascript.get(host.url("/cookbook"))
        assert browser_without_javascript.find_element(By.TAG_NAME, "h1").text == "Discover"
        assert not browser_without_javascript.find_elements(By.ID, "live-status"), "nothing live without JavaScript"
        time.sleep(0.5)
        assert live_streams(host) <= 1, "the page without JavaScript opened no stream"


# Holds every EventSource the page opens until the test lets it go (test-only, injected through
# the DevTools protocol before the page's own script runs).
HOLD_STREAMS = """
(function () {
  const Real = window.EventSource;
  window.streamsHeld = true;
  window.EventSource = function (url) {
    const listeners = [];
    const held = {
      readyState: 0,
      addEventListener: function (type, listener) { listeners.push([type, listener]); },
      close: function () { held.closed = true; if (held.real) held.real.close(); },
    };
    (function open() {
      if (held.closed) return;
      if (window.streamsHeld) { setTimeout(open, 20); return; }
      held.real = new Real(url);
      listeners.forEach(function (pair) { held.real.addEventListener(pair[0], pair[1]); });
    })();
    return held;
  };
  window.EventSource.CLOSED = Real.CLOSED;
})();
"""


def test_a_change_made_between_loading_the_page_and_subscribing_is_shown(browser):
    with running_host("atrium", COOKBOOK) as host:
        script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOLD_STREAMS})
        try:
            browser.get(host.url("/cookbook/pantry"))
            assert toggle(browser, "Meat").is_selected()
            browser.execute_script("window.notReloaded = true")
            # The same visitor removes meat elsewhere while this page has not subscribed yet.
            cookies = "; ".join(f"{cookie['name']}={cookie['value']}" for cookie in browser.get_cookies())
            other = urllib.request.Request(host.url("/cookbook/pantry"), headers={"Cookie": cookies})
            with urllib.request.urlopen(other, timeout=10) as response:
                token = re.search(r'name="_csrf" value="([^"]+)"', response.read().decode()).group(1)
            kept = [element.get_attribute("value") for element in browser.find_elements(By.CSS_SELECTOR, "input[name='have[]']:checked")]
            form = urllib.parse.urlencode([("_csrf", html.unescape(token))] + [("have[]", value) for value in kept if value != "Meat"])
            change = urllib.request.Request(
                host.url("/cookbook/pantry"), data=form.encode(),
                headers={"Cookie": cookies, "Content-Type": "application/x-www-form-urlencoded"})
            with urllib.request.urlopen(change, timeout=10) as response:
                assert response.status == 200
            assert toggle(browser, "Meat").is_selected(), "the page shows the state it loaded"

            browser.execute_script("window.streamsHeld = false")
            WebDriverWait(browser, 10, ignored_exceptions=[StaleElementReferenceException]).until(lambda _: not toggle(browser, "Meat").is_selected())
            assert browser.execute_script("return window.notReloaded === true"), "updated in place, not reloaded"
        finally:
            browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


def test_a_page_answering_a_form_keeps_its_errors_while_its_stream_runs(browser):
    with running_host("atrium", "modules: [login]\n") as host:
        browser.get(host.url("/login"))
        field(browser, "Email").send_keys("nobody@example.com")
        field(browser, "Password").send_keys("wrong password")
        click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='Sign in']"))
        shown = browser.find_element(By.ID, "main").text
        WebDriverWait(browser, 10).until(lambda _: live_streams(host) >= 1)
        time.sleep(1)
        # The stream follows the GET of /login, whose state is not this one: the page is not
        # replaced by it (its errors stay).
        assert browser.find_element(By.ID, "main").text == shown
        assert browser.find_element(By.ID, "live-status").get_attribute("textContent") == ""
