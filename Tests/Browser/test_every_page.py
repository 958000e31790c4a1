"""Every page of every module, walked in a real browser on a phone (390×844) and on a desktop: the
app shell's navigation on each, 0 axe-core violations on each (signed in and out, forms with
errors, failed states), and a screenshot of each for the README's gallery. The walk must reach every
scene the modules register: a new scene that no step visits fails the test."""

import importlib.util
import json
import os
import re
import subprocess
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import BUILD, ROOT, click_and_wait, field, make_browser, running_host

GALLERY = ROOT / "Documentation" / "screenshots.md"
COMMITTED = ROOT / "Documentation" / "screenshots"
# Where the walk saves its screenshots: the ignored folder by default. With
# ATRIUM_SCREENSHOTS=Documentation/screenshots it refreshes the committed ones and writes the gallery.
SHOTS = ROOT / os.environ.get("ATRIUM_SCREENSHOTS", "Tests/Browser/screenshots")
REFRESHING = SHOTS.resolve() == COMMITTED.resolve()
VIEWPORTS = {"phone": None, "desktop": {"width": 1280, "height": 900}}

EVERY_MODULE = f"""modules: [login, cookbook, pilot, moneybox, mobility]
pilot:
  licensesFile: {ROOT / 'Configuration' / 'pilot-licenses.json'}
cookbook:
  settingsRoute: profile
login:
  sso:
    - id: down
      title: Down Provider
      issuer: http://127.0.0.1:9/
      clientID: atrium
      clientSecret: not-a-secret-for-tests
"""


def axe_source() -> str:
    """axe-core 4.x as shipped by the PyPI package axe-playwright-python (Tests/run-all.sh installs
    it without its Playwright dependency: only the script is used)."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        pytest.fail("axe-playwright-python is missing: pip install --no-deps 'axe-playwright-python==0.1.8' (Tests/run-all.sh does)")
    return (Path(list(spec.submodule_search_locations)[0]) / "axe.min.js").read_text()


def violations(driver, source: str) -> list:
    driver.set_script_timeout(60)
    driver.execute_script(source)
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(r => done({version: axe.version, violations: r.violations.map(v => ({id: v.id, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.html + ' — ' + n.failureSummary)}))}))"
        ".catch(e => done({version: axe.version, violations: [{id: 'axe-error', help: String(e), nodes: []}]}));"
    )
    assert found["version"].startswith("4."), f"axe-core {found['version']}: a current 4.x is needed"
    return found["violations"]


def scenes_and_routes():
    """Every scene the enabled modules register with a GET route, from `atrium describe --json`."""
    config = ROOT / "Tests" / "Browser" / ".every-page.yaml"
    config.write_text("storage:\n  path: /tmp/atrium-describe-unused.sqlite\n" + EVERY_MODULE)
    try:
        described = json.loads(subprocess.run([str(BUILD / "atrium"), "describe", "--json", "--config", str(config)],
                                              check=True, capture_output=True, text=True).stdout)
    finally:
        config.unlink()
    routes = []
    for route in described["routes"]:
        if route["method"] == "GET" and "scene" in route:
            regex = "^" + re.sub(r"\\\{[^}]*\\\}", "[^/]+", re.escape(route["pattern"])) + "$"
            routes.append((re.compile(regex), route["scene"]))
    return {scene for _, scene in routes}, routes


class Walk:
    """Visits pages, checking each one and naming the scene it belongs to."""

    def __init__(self, driver, host, viewport: str, routes):
        self.driver, self.host, self.viewport, self.routes = driver, host, viewport, routes
        self.axe = axe_source()
        self.seen_scenes = set()
        self.problems = []
        self.shots = []

    def scene_of(self, url: str) -> str | None:
        path = re.sub(r"^https?://[^/]+", "", url).split("?")[0]
        if path == "/":
            return "host.home"
        return next((scene for regex, scene in self.routes if regex.match(path)), None)

    def check(self, name: str, *, nav_current: str | None = None, shot: bool = True) -> None:
        """Checks the page; `shot` keeps its screenshot for the gallery (off for a page seen again)."""
        driver = self.driver
        WebDriverWait(driver, 15).until(lambda d: d.execute_script("return document.readyState") == "complete")
        scene = self.scene_of(driver.current_url)
        if scene:
            self.seen_scenes.add(scene)
        # The app shell: one navigation landmark with every module's entry, the current one marked.
        nav = driver.find_elements(By.CSS_SELECTOR, "nav.app-nav[aria-label='Sections']")
        assert len(nav) == 1, f"{name}: the app shell's navigation is missing"
        labels = [link.text for link in nav[0].find_elements(By.TAG_NAME, "a")]
        assert labels == ["Login", "Cookbook", "Pilot", "Moneybox", "Mobility"], f"{name}: {labels}"
        current = [link.text for link in nav[0].find_elements(By.CSS_SELECTOR, "a[aria-current]")]
        assert current == ([nav_current] if nav_current else []), f"{name}: current {current}, expected {nav_current}"
        assert nav[0].is_displayed()
        for violation in violations(driver, self.axe):
            self.problems.append(f"{self.viewport} {name} ({driver.current_url}): {violation['id']}: {violation['help']}\n    "
                                 + "\n    ".join(violation["nodes"]))
        if shot:
            SHOTS.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(SHOTS / f"{name}-{self.viewport}.png"))
            self.shots.append((name, scene or "host.not-found"))

    def get(self, path: str, name: str, **options) -> None:
        self.driver.get(self.host.url(path))
        self.check(name, **options)

    def click(self, xpath: str, name: str, **options) -> None:
        click_and_wait(self.driver, self.driver.find_element(By.XPATH, xpath))
        self.check(name, **options)


def wait_for_code(host, email: str) -> str:
    deadline = time.monotonic() + 5
    while not (found := re.search(rf"one-time code (\d{{4}}) for {re.escape(email)}", host.output())) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert found, f"no code in the log:\n{host.output()}"
    return found.group(1)


def walk_every_page(walk: Walk) -> None:
    driver, host = walk.driver, walk.host
    walk.get("/", "home")
    walk.get("/no/such/page", "not-found")

    # Signed out: the forms, and each with its errors.
    walk.get("/login", "login-sign-in", nav_current="Login")
    field(driver, "Email").send_keys("nobody@example.com")
    field(driver, "Password").send_keys("wrong password")
    walk.click("//button[text()='Sign in']", "login-sign-in-failed", nav_current="Login")
    walk.get("/signup", "login-sign-up", nav_current="Login")
    field(driver, "Email").send_keys("not an email")
    walk.click("//button[text()='Sign up']", "login-sign-up-errors", nav_current="Login")
    walk.get("/login/sso/down", "login-sso-failed", nav_current="Login")
    walk.get("/login/sso/down/callback?state=forged&code=x", "login-sso-callback-failed", nav_current="Login")
    walk.get("/otp", "login-otp", nav_current="Login")

    walk.get("/cookbook", "cookbook-discover", nav_current="Cookbook")
    walk.click("(//a[contains(@href, '/cookbook/recipes/')])[1]", "cookbook-recipe", nav_current="Cookbook")
    walk.get("/cookbook/pantry", "cookbook-pantry", nav_current="Cookbook")

    walk.get("/pilot", "pilot-registration", nav_current="Pilot")
    field(driver, "Name").send_keys("   ")
    field(driver, "Password").send_keys("short")
    field(driver, "Password verification").send_keys("other")
    WebDriverWait(driver, 5).until(lambda d: "Password must be at least 12 characters." in d.page_source)
    walk.check("pilot-registration-errors", nav_current="Pilot")
    field(driver, "Name").clear()
    field(driver, "Name").send_keys("TestUser")
    Select(field(driver, "Pilot license type:")).select_by_visible_text("PPL")
    for label in ("Password", "Password verification"):
        field(driver, label).clear()
        field(driver, label).send_keys("A9sDk3fJ1lM2")
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.XPATH, "//button[text()='Register']").is_enabled())
    walk.click("//button[text()='Register']", "pilot-confirmation", nav_current="Pilot")

    walk.get("/moneybox", "moneybox-sign-in", nav_current="Moneybox")
    field(driver, "Email").send_keys("test+ios@moneyboxapp.com")
    field(driver, "Password").send_keys("wrong")
    walk.click("//button[text()='Sign in']", "moneybox-sign-in-failed", nav_current="Moneybox")
    field(driver, "Password").send_keys("P455word12")
    walk.click("//button[text()='Sign in']", "moneybox-accounts", nav_current="Moneybox")
    walk.click("//a[contains(@href, '/moneybox/accounts/8043')]", "moneybox-product", nav_current="Moneybox")
    walk.click("//button[text()='Add £10']", "moneybox-product-added", nav_current="Moneybox")

    # Signed in.
    walk.get("/signup?returnTo=/profile", "login-sign-up-again", nav_current="Login", shot=False)
    field(driver, "Full name").send_keys("Ada Lovelace")
    field(driver, "Email").send_keys("ada@example.com")
    field(driver, "Password").send_keys("correct horse battery")
    walk.click("//button[text()='Sign up']", "login-profile", nav_current="Login")
    walk.get("/profile/details", "login-profile-details", nav_current="Login")
    walk.get("/profile/details/edit", "login-profile-edit", nav_current="Login")
    field(driver, "Picture (https address)").send_keys("not a picture address")
    walk.click("//button[text()='Save']", "login-profile-edit-errors", nav_current="Login")

    walk.get("/map", "mobility-map", nav_current="Mobility")
    walk.click("(//a[contains(@href, '/map/stations/')])[1]", "mobility-station", nav_current="Mobility")
    walk.get("/map", "mobility-map-again", nav_current="Mobility", shot=False)
    walk.click("(//a[contains(@href, '/map/vehicles/')])[1]", "mobility-vehicle", nav_current="Mobility")
    walk.get("/map/unlock", "mobility-unlock", nav_current="Mobility")
    walk.get("/map", "mobility-map-before-ride", nav_current="Mobility", shot=False)
    walk.click("(//a[contains(@href, '/map/vehicles/')])[1]", "mobility-vehicle-again", nav_current="Mobility", shot=False)
    walk.click("//button[text()='Unlock']", "mobility-riding", nav_current="Mobility")
    walk.click("//button[text()='End ride']", "mobility-ride-ended", nav_current="Mobility")

    walk.get("/profile", "login-profile-again", nav_current="Login", shot=False)
    walk.click("//button[text()='Logout']", "login-signed-out", nav_current="Login")

    # A one-time code: asked for, typed wrong, then right, and the reward.
    walk.get("/login/code", "login-code-request", nav_current="Login")
    field(driver, "Email").send_keys("ada@example.com")
    walk.click("//button[text()='Send me a code']", "login-otp-sent", nav_current="Login")
    code = wait_for_code(host, "ada@example.com")
    field(driver, "4 DIGIT CODE").send_keys("0000" if code != "0000" else "1111")
    walk.click("//button[text()='Submit OTP']", "login-otp-invalid", nav_current="Login")
    entry = field(driver, "4 DIGIT CODE")
    entry.clear()
    entry.send_keys(code)
    walk.click("//button[text()='Submit OTP']", "login-reward", nav_current="Login")


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_every_page_has_the_app_shell_and_no_axe_violations(viewport):
    scenes, routes = scenes_and_routes()
    driver = make_browser(desktop=VIEWPORTS[viewport])
    try:
        with running_host("atrium", EVERY_MODULE) as host:
            walk = Walk(driver, host, viewport, routes)
            walk_every_page(walk)
    finally:
        driver.quit()
    missing = scenes - walk.seen_scenes
    assert not missing, f"scenes no step of the walk reached: {sorted(missing)}"
    assert not walk.problems, f"{len(walk.problems)} axe-core violations:\n" + "\n".join(walk.problems)
    if REFRESHING and viewport == "phone":
        write_gallery(walk.shots)
    unpublished = sorted({f"{name}-{viewport}.png" for name, _ in walk.shots} - {path.name for path in COMMITTED.glob("*.png")})
    assert not unpublished, (f"the gallery lacks {unpublished}: refresh it with "
                             "ATRIUM_SCREENSHOTS=Documentation/screenshots python3 -m pytest Tests/Browser/test_every_page.py")


def write_gallery(shots) -> None:
    lines = ["# Every page, on a phone and on a desktop", "",
             "Saved by the browser walk in `Tests/Browser/test_every_page.py`, which also checks each page with",
             "axe-core 4.12 (no violations) and the app shell's navigation. Refresh them with",
             "`ATRIUM_SCREENSHOTS=Documentation/screenshots python3 -m pytest Tests/Browser/test_every_page.py`.", "",
             "| Scene | Page | Phone (390×844) | Desktop (1280×900) |", "|---|---|---|---|"]
    for name, scene in shots:
        lines.append(f"| `{scene}` | {name} | [phone](screenshots/{name}-phone.png) | [desktop](screenshots/{name}-desktop.png) |")
    GALLERY.write_text("\n".join(lines) + "\n")


def test_the_readme_links_a_gallery_with_every_scene_on_a_phone_and_a_desktop():
    scenes, _ = scenes_and_routes()
    assert "(Documentation/screenshots.md)" in (ROOT / "README.md").read_text(), "the README links the gallery"
    rows = re.findall(r"^\| `([^`]+)` \| (\S+) \| \[phone\]\((screenshots/\S+-phone\.png)\) \| \[desktop\]\((screenshots/\S+-desktop\.png)\) \|$",
                      GALLERY.read_text(), re.MULTILINE)
    assert scenes <= {scene for scene, *_ in rows}, f"scenes the gallery does not show: {sorted(scenes - {scene for scene, *_ in rows})}"
    for _, name, phone, desktop in rows:
        for link in (phone, desktop):
            assert (ROOT / "Documentation" / link).is_file(), f"{name}: {link} is linked but missing"
    linked = {Path(link).name for _, _, phone, desktop in rows for link in (phone, desktop)}
    assert {path.name for path in COMMITTED.glob("*.png")} == linked, "every committed screenshot is in the gallery"


def test_the_app_shell_works_without_javascript(browser_without_javascript):
    driver = browser_without_javascript
    driver.set_page_load_timeout(15)
    with running_host("atrium", EVERY_MODULE) as host:
        driver.get(host.url("/cookbook"))
        nav = driver.find_element(By.CSS_SELECTOR, "nav.app-nav")
        assert nav.find_element(By.CSS_SELECTOR, "a[aria-current='page']").text == "Cookbook"
        # The tab bar sits at the bottom of the phone's screen, over nothing it hides for good.
        assert nav.value_of_css_property("position") == "fixed"
        assert nav.rect["y"] + nav.rect["height"] == pytest.approx(driver.execute_script("return innerHeight"), abs=1)
        # Plain links (chromedriver cannot click with the page's JavaScript off: it hangs, so the
        # test follows the link's address as the click would).
        pilot = nav.find_element(By.LINK_TEXT, "Pilot")
        assert pilot.is_displayed() and pilot.get_attribute("href") == host.url("/pilot")
        driver.get(pilot.get_attribute("href"))
        assert driver.find_element(By.CSS_SELECTOR, "nav.app-nav a[aria-current='page']").text == "Pilot"
