"""Browser test harness: starts a host binary on a free loopback port with a temporary configuration
and storage, and drives it with Debian's chromium through Selenium at a phone-size viewport."""

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "Tooling"))
from processes import stop_gracefully  # noqa: E402

BUILD = Path(os.environ.get("ATRIUM_BUILD_DIR", ROOT / ".build" / "debug"))
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
PHONE = {"width": 390, "height": 844}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RunningHost:
    def __init__(self, process: subprocess.Popen, base_url: str, log: Path):
        self.process = process
        self.base_url = base_url
        self.log = log
        self.saved_output = None

    def url(self, path: str) -> str:
        return self.base_url + path

    def output(self) -> str:
        """What the host logged (kept after it stopped and its folder was removed)."""
        if self.saved_output is not None:
            return self.saved_output
        # The host writes log lines in batches within 50 ms: wait for the batch of the last request.
        time.sleep(0.2)
        return self.log.read_text(errors="replace")


@contextlib.contextmanager
def running_host(binary: str, configuration: str, arguments=("serve",), http: str = "", directory: str | None = None, port: int | None = None):
    """Starts `binary` with `configuration` (YAML without http/storage, which are added; `http` is
    more YAML lines for the `http` section, indented by two spaces) and yields once /health/ready
    answers. Stops it with SIGTERM and checks it shut down cleanly. Given a `directory` and a `port`,
    the host keeps its storage there and listens on that port (a host started again is the same
    host to a browser); else a folder of its own, removed after, and a free port."""
    executable = BUILD / binary
    if not executable.exists():
        pytest.fail(f"{executable} is missing: build first with `swift build` (or set ATRIUM_BUILD_DIR)")
    with (contextlib.nullcontext(directory) if directory else tempfile.TemporaryDirectory(prefix="atrium-browser-")) as directory:
        port = port or free_port()
        config = Path(directory) / "atrium.yaml"
        config.write_text(
            f"http:\n  host: 127.0.0.1\n  port: {port}\n{http}storage:\n  path: {directory}/atrium.sqlite\n" + configuration
        )
        log = Path(directory) / "host.log"
        with open(log, "wb") as output:
            args = [str(executable), *arguments, "--config", str(config)] if binary == "atrium" else [str(executable), str(config)]
            process = subprocess.Popen(args, stdout=output, stderr=subprocess.STDOUT, cwd=directory)
        host = RunningHost(process, f"http://127.0.0.1:{port}", log)
        try:
            deadline = time.monotonic() + 30
            while True:
                if process.poll() is not None:
                    pytest.fail(f"the host exited with {process.returncode} before it was ready:\n{host.output()}")
                try:
                    with urllib.request.urlopen(host.url("/health/ready"), timeout=1) as response:
                        if response.status == 200:
                            break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    pytest.fail(f"the host did not become ready in 30 s:\n{host.output()}")
                time.sleep(0.1)
            yield host
        finally:
            stop_gracefully(process, timeout=15)
            host.saved_output = log.read_text(errors="replace")
        assert process.returncode == 0, f"the host did not shut down cleanly ({process.returncode}):\n{host.output()}"


def make_browser(javascript: bool = True, desktop: dict | None = None) -> webdriver.Chrome:
    """Chromium emulating a phone, or a desktop window of `desktop`'s width and height."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    window = desktop or PHONE
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={window['width']},{window['height']}"):
        options.add_argument(argument)
    if desktop is None:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {**PHONE, "pixelRatio": 2}})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    # A page that is still loading after a click must not fail a lookup on a busy machine.
    driver.implicitly_wait(5)
    return driver


def field(driver, label: str):
    """The input, select or textarea that the label with this exact text is for."""
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, driver.find_element(By.XPATH, f"//label[text()='{label}']").get_attribute("for"))


def click_and_wait(driver, element) -> None:
    """Clicks `element` and waits for the next page to load."""
    from selenium.webdriver.common.by import By

    page = driver.find_element(By.TAG_NAME, "html")
    # As a person would: scroll it to the middle of the screen first, clear of the phone's tab bar
    # (Selenium would click it where it is, under the bar when it sits at the bottom of the screen).
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()
    wait_for_next_page(driver, page)


def wait_for_next_page(driver, old_page) -> None:
    """Waits until `old_page` (the previous <html> element) is gone and the next page has loaded."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    def is_gone(_) -> bool:
        # Chromium says "stale element" or, while the old document is being torn down, "node does
        # not belong to the document": either way the old page is gone.
        try:
            old_page.is_enabled()
            return False
        except WebDriverException:
            return True

    WebDriverWait(driver, 15).until(is_gone)
    WebDriverWait(driver, 15).until(lambda d: d.execute_script("return document.readyState") == "complete")


@pytest.fixture
def browser():
    driver = make_browser()
    yield driver
    driver.quit()


@pytest.fixture
def browser_without_javascript():
    driver = make_browser(javascript=False)
    yield driver
    driver.quit()


def screenshot(driver: webdriver.Chrome, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path
