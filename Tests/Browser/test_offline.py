"""The pages as an installable web app: a page visited opens when the host is stopped, marked as a
kept copy, and a form sent then is kept and sent once when the host is back. DevTools' offline
switch does not cover a service worker's own fetches, so the host itself is stopped."""

import json
import re
import tempfile
import time
import urllib.request
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import click_and_wait, free_port, running_host, screenshot
from test_every_page import axe_source, violations

COOKBOOK = "modules: [cookbook]\n"


def wait_until_controlled(driver) -> None:
    """Waits until the page is under the service worker (it claims its pages when it starts)."""
    WebDriverWait(driver, 15).until(lambda d: d.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)"))


def kept(driver, path: str) -> bool:
    """Whether the worker keeps a copy of `path`."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "caches.open('atrium-pages').then(c => c.match(location.origin + arguments[0])).then(r => done(!!r), () => done(false));", path)


def test_the_manifest_and_the_worker_carry_the_build(browser):
    with running_host("atrium", COOKBOOK) as host:
        with urllib.request.urlopen(host.url("/health/ready")) as response:
            build = json.load(response)["build"]
        assert re.fullmatch(r"\d+\.\d+\.\d+(\+[0-9a-f]{12})?", build), build
        with urllib.request.urlopen(host.url("/worker.js")) as response:
            worker = response.read().decode()
            assert response.headers["Cache-Control"] == "no-cache" and response.headers["ETag"]
        assert f'const BUILD = "{build}";' in worker
        with urllib.request.urlopen(host.url("/manifest.webmanifest")) as response:
            manifest = json.load(response)
        assert manifest["start_url"] == "/" and manifest["display"] == "standalone" and manifest["icons"]
        browser.get(host.url("/cookbook"))
        assert browser.find_element(By.CSS_SELECTOR, "link[rel=manifest]").get_attribute("href").endswith("/manifest.webmanifest")
        wait_until_controlled(browser)


def accessible(driver, source: str, state: str) -> None:
    """No axe-core violation on the page as it is now (the accessibility walk's check, for the
    offline states the walk cannot reach: its host is running)."""
    found = violations(driver, source)
    assert not found, f"{state}: " + "; ".join(f"{v['id']} ({v['help']}) at {v['nodes']}" for v in found)


def test_a_visited_page_opens_offline_and_a_form_sent_offline_is_done_once_when_the_host_is_back(browser):
    axe = axe_source()
    with tempfile.TemporaryDirectory(prefix="atrium-offline-") as directory:
        port = free_port()
        with running_host("atrium", COOKBOOK, directory=directory, port=port) as host:
            browser.get(host.url("/cookbook"))
            wait_until_controlled(browser)
            # Loaded again under the worker, which keeps it.
            browser.get(host.url("/cookbook"))
            WebDriverWait(browser, 10).until(lambda d: kept(d, "/cookbook"))
            assert "Missing: Meat" not in browser.find_element(By.TAG_NAME, "main").text

        # The host is stopped: the page opens as it was, and says so.
        browser.get(host.url("/cookbook"))
        note = browser.find_element(By.CSS_SELECTOR, "[data-offline]")
        assert note.text.startswith("You are offline: this is the page as it was at"), note.text
        assert note.get_attribute("role") == "status"
        assert browser.find_element(By.TAG_NAME, "h1").text == "Discover"
        screenshot(browser, "offline-kept-page")
        accessible(browser, axe, "a kept page opened offline")

        # A form sent now is kept on the device, and the page says so.
        meat = browser.find_element(By.XPATH, "//ul[@class='row-items']/li[.//p[text()='Meat']]")
        click_and_wait(browser, meat.find_element(By.XPATH, ".//button[text()='Remove']"))
        saved = browser.find_element(By.CSS_SELECTOR, "[data-offline]").text
        assert "saved on this device and will be sent once when the connection is back (1 waiting)" in saved, saved
        screenshot(browser, "offline-form-saved")
        accessible(browser, axe, "a form saved offline")

        # The host is back: the next page load sends it, once, and says so.
        with running_host("atrium", COOKBOOK, directory=directory, port=port) as host:
            browser.get(host.url("/cookbook"))
            # The page is loaded again once the worker has sent it: read the text by script, which
            # no reload makes stale.
            WebDriverWait(browser, 15).until(lambda d: "has now been sent" in d.execute_script("return document.body.innerText"))
            main = browser.find_element(By.TAG_NAME, "main").text
            assert "1 form sent offline has now been sent." in main
            assert "Missing: Meat" in main
            screenshot(browser, "offline-form-sent")
            accessible(browser, axe, "what waited, sent")
            # Later loads send nothing more.
            browser.get(host.url("/cookbook"))
            time.sleep(1)
            posts = [line for line in host.output().splitlines() if re.search(r"POST /cookbook\S*", line)]
            assert len(posts) == 1, posts


def test_an_edit_after_a_send_gives_the_form_a_new_key(browser):
    """A form sent keeps its key (a second click, or the page again from history, repeats it);
    an edit makes it another action, sent with a key of its own (the old key with other input is
    refused)."""
    licenses = Path(__file__).resolve().parents[2] / "Configuration/pilot-licenses.json"
    with running_host("atrium", f"modules: [pilot]\npilot:\n  licensesFile: {licenses}\n") as host:
        browser.get(host.url("/pilot"))
        # As the submit handler leaves it on a form that was sent.
        browser.execute_script(
            "const key = document.createElement('input'); key.type = 'hidden'; key.name = '_idempotency'; key.value = 'sent-once';"
            "document.querySelector('form.form').appendChild(key);")
        assert browser.execute_script("return !!document.querySelector('form.form [name=_idempotency]')")
        browser.find_element(By.NAME, "name").send_keys("Edited")
        assert not browser.execute_script("return !!document.querySelector('form.form [name=_idempotency]')"), "the edit forgot the key"
