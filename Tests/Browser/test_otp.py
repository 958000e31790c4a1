"""One-time codes in a real browser with JavaScript on: the original Rewards screen against a remote
verifier that, like the original sandbox, accepts only 1234; and an issued code read from the
host's log that signs an account in."""

import contextlib
import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import click_and_wait, field, running_host, screenshot, wait_for_next_page


class OriginalSandbox(BaseHTTPRequestHandler):
    """POST /login: 200 {"status": "ok"} for 1234, 401 unauthorized otherwise; 5555 answers slowly."""

    received = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        OriginalSandbox.received.append((self.path, self.headers.get("Content-Type"), body.decode()))
        code = json.loads(body or b"{}").get("code")
        if code == "5555":
            time.sleep(2)
        ok = self.path == "/login" and code == "1234"
        answer = b'{"status": "ok"}' if ok else b"unauthorized"
        self.send_response(200 if ok else 401)
        self.send_header("Content-Type", "application/json" if ok else "text/plain")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def original_sandbox():
    OriginalSandbox.received = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), OriginalSandbox)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/login"
    finally:
        server.shutdown()


def submit_button(driver):
    return driver.find_element(By.XPATH, "//button[text()='Submit OTP' or text()='Logging you in ...']")


def code_error(driver) -> str:
    code = field(driver, "4 DIGIT CODE")
    return driver.find_element(By.ID, code.get_attribute("id") + "-error").text


def type_code(driver, text: str) -> None:
    code = field(driver, "4 DIGIT CODE")
    code.clear()
    code.send_keys(text)


def test_the_original_screen_against_a_remote_verifier(browser):
    with original_sandbox() as url, running_host("atrium", f"modules: [login]\nlogin:\n  code:\n    verifier: remote\n    url: {url}\n") as host:
        browser.get(host.url("/otp"))
        assert browser.find_element(By.TAG_NAME, "h1").text == "Please enter your OTP"
        assert field(browser, "4 DIGIT CODE").get_attribute("placeholder") == "Enter OTP"
        wait = WebDriverWait(browser, 5)
        wait.until(lambda d: not submit_button(d).is_enabled())
        for text, enabled in [("11", False), ("", False), ("ab", False), ("4444", True), ("444", False), ("12345", True)]:
            type_code(browser, text)
            wait.until(lambda d: submit_button(d).is_enabled() == enabled, f"{text!r}: Submit should be {'enabled' if enabled else 'disabled'}")
        assert field(browser, "4 DIGIT CODE").get_attribute("value") == "1234", "digits only, at most 4"

        type_code(browser, "8282")
        click_and_wait(browser, submit_button(browser))
        assert code_error(browser) == "INVALID CODE"
        screenshot(browser, "otp-invalid")
        field(browser, "4 DIGIT CODE").send_keys("1")
        wait.until(lambda d: code_error(d) == "", "typing clears the inline error")

        # While the check runs, the button says so: what it said as the form left is kept in
        # sessionStorage (a listener that runs after the page's own), read on the next page.
        type_code(browser, "5555")
        browser.execute_script(
            "window.addEventListener('submit', function (event) {"
            " sessionStorage.setItem('busy', event.submitter.textContent + '|' + event.target.getAttribute('aria-busy')); });")
        page = browser.find_element(By.TAG_NAME, "html")
        submit_button(browser).click()
        wait_for_next_page(browser, page)
        assert browser.execute_script("return sessionStorage.getItem('busy')") == "Logging you in ...|true"
        assert code_error(browser) == "INVALID CODE"

        type_code(browser, "1234")
        click_and_wait(browser, submit_button(browser))
        assert browser.current_url == host.url("/reward")
        assert browser.find_element(By.TAG_NAME, "h1").text == "Reward"
        shape = browser.find_element(By.CSS_SELECTOR, ".animation-shape")
        assert shape.value_of_css_property("animation-name") != "none", "the reward animates"
        assert "infinite" in shape.value_of_css_property("animation-iteration-count")
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        assert shape.value_of_css_property("animation-name") == "none", "still for people who ask for less motion"
        screenshot(browser, "otp-reward")
        click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Enter another code"))
        assert browser.current_url == host.url("/otp")
    bodies = [body for _, _, body in OriginalSandbox.received]
    assert bodies == ['{"code":"8282"}', '{"code":"5555"}', '{"code":"1234"}']
    assert all(kind == "application/json" for _, kind, _ in OriginalSandbox.received)


def test_an_issued_code_from_the_log_signs_the_account_in(browser):
    with running_host("atrium", "modules: [login]\n") as host:
        browser.get(host.url("/signup"))
        field(browser, "Full name").send_keys("Ada Lovelace")
        field(browser, "Email").send_keys("ada@example.com")
        field(browser, "Password").send_keys("correct horse battery")
        click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='Sign up']"))
        click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='Logout']"))

        click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Sign in with a code"))
        field(browser, "Email").send_keys("ada@example.com")
        click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='Send me a code']"))
        assert browser.current_url == host.url("/otp")
        assert "a code is on its way" in browser.find_element(By.TAG_NAME, "main").text
        deadline = time.monotonic() + 5
        while not (found := re.search(r"one-time code (\d{4}) for ada@example\.com", host.output())) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert found, f"no code in the log:\n{host.output()}"
        type_code(browser, found.group(1))
        click_and_wait(browser, submit_button(browser))
        assert browser.find_element(By.TAG_NAME, "h1").text == "Reward"
        assert "You are signed in." in browser.find_element(By.TAG_NAME, "main").text
        click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Continue"))
        assert browser.current_url == host.url("/profile")
        assert "Ada Lovelace" in browser.find_element(By.TAG_NAME, "main").text
