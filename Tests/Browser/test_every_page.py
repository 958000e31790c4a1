"""Every page of every module, walked in a real browser on a phone (390×844) and on a desktop: the
app shell's navigation on each, 0 axe-core violations on each (signed in and out, forms with
errors, failed states), and a screenshot of each for the README's gallery. The walk must reach every
scene the modules register: a new scene that no step visits fails the test.

The same walk runs in Spanish on a phone (the gallery's Spanish column) and in the pseudo-language
`en-XA`, where every translated word is accented, longer and [bracketed] and data is ⟦marked⟧: there
it fails on any letter shown outside both (text no translation reached), on anything wider than the
phone's screen, and on any axe-core violation."""

import html
import importlib.util
import json
import os
import re
import subprocess
import time
import urllib.parse
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import BUILD, ROOT, SCREENSHOTS, click_and_wait, field, make_browser, running_host

GALLERY = ROOT / "Documentation" / "screenshots.md"
COMMITTED = ROOT / "Documentation" / "screenshots"
# Where the walk saves its screenshots: the ignored folder by default. With
# ATRIUM_SCREENSHOTS=Documentation/screenshots it refreshes the committed ones and writes the gallery.
SHOTS = ROOT / os.environ.get("ATRIUM_SCREENSHOTS", "Tests/Browser/screenshots")
REFRESHING = SHOTS.resolve() == COMMITTED.resolve()
VIEWPORTS = {"phone": None, "desktop": {"width": 1280, "height": 900}}
# The walks: English on a phone and a desktop, Spanish and the pseudo-language on a phone.
WALKS = [("phone", "en"), ("desktop", "en"), ("phone", "es"), ("phone", "en-XA")]
PSEUDO = "en-XA"

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


class Words:
    """The words a walk looks for, in its language: a label or a button's title as the page shows it
    (English as written, Spanish from the catalogs, the pseudo-language as the host transforms it),
    and data as the page shows it (marked only in the pseudo-language)."""

    ACCENTED = dict(zip("abcdefghijklmnoprstuwyzABCDEGHIJKLNORSTUWYZ", "áƀçðéƒĝĥíĵķļɱñöþŕšţûŵýžÁƁÇÐÉĜĤÍĴĶĻÑÖŔŠŢÛŴÝŽ"))

    def __init__(self, language: str):
        self.language = language
        self.spanish = {}
        if language == "es":
            catalogs = [ROOT / "Sources" / "AtriumLocalization" / "Resources" / "Localizable.xcstrings",
                        *sorted(ROOT.glob("Modules/*/Sources/Resources/Localizable.xcstrings"))]
            for catalog in catalogs:
                for key, entry in json.loads(catalog.read_text())["strings"].items():
                    unit = entry.get("localizations", {}).get("es", {}).get("stringUnit")
                    if unit:
                        self.spanish[key] = unit["value"]

    def __call__(self, key: str, *values) -> str:
        """The words of `key` with `values` in its placeholders (`%lld DIGIT CODE`, 4)."""
        if self.language == "es":
            assert key in self.spanish, f"no Spanish for {key!r} in the catalogs"
            form = self.spanish[key]
        elif self.language == PSEUDO:
            letters = sum(1 for character in re.sub(r"%(lld|@)", "", key) if character.isalpha())
            form = "[" + "".join(self.ACCENTED.get(c, c) for c in key) + "·" * max(1, (letters * 35 + 99) // 100) + "]"
            form = form.replace("%ļļð", "%lld")
        else:
            form = key
        for value in values:
            form = re.sub(r"%(lld|@)", str(value), form, count=1)
        return form

    def data(self, value: str) -> str:
        return f"⟦{value}⟧" if self.language == PSEUDO else value


def button(title: str) -> str:
    """The XPath of the button titled `title`."""
    return f"//button[text()='{title}']"


# What a page shows: its rendered text, and the words in its attributes people hear or see.
SHOWN_TEXT = """
const attributes = [];
for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [alt], [title]')) {
  if (!element.getClientRects().length) continue;
  for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
    const value = element.getAttribute(name);
    if (value) attributes.push([name, value]);
  }
}
return {text: document.body.innerText, attributes: attributes};
"""

# What is wider than the screen: the page scrolling sideways, or an element reaching past the
# screen's right edge that no container clips.
OVERFLOW = """
const width = document.documentElement.clientWidth;
const found = [];
if (document.documentElement.scrollWidth > width + 1) found.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
for (const element of document.body.querySelectorAll('*')) {
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
  let clipped = false;
  for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
    if (getComputedStyle(parent).overflowX !== 'visible') { clipped = true; break; }
  }
  if (!clipped) found.push(element.tagName.toLowerCase() + (element.className ? '.' + element.className : '') + ' reaches ' + Math.round(box.right) + ' px: ' + (element.innerText || '').slice(0, 60));
}
return found.slice(0, 5);
"""


def untranslated(shown: str) -> list:
    """Runs of letters outside the pseudo-language's [words] and ⟦data⟧: text no translation reached."""
    rest = shown
    while True:
        stripped = re.sub(r"\[[^\[\]]*\]", " ", rest)
        if stripped == rest:
            break
        rest = stripped
    rest = re.sub(r"⟦[^⟦⟧]*⟧", " ", rest)
    return re.findall(r"[^\W\d_][^\n]{0,40}", rest)


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

    def __init__(self, driver, host, viewport: str, routes, language: str = "en"):
        self.driver, self.host, self.viewport, self.routes = driver, host, viewport, routes
        self.language = language
        self.words = Words(language)
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
        nav = driver.find_elements(By.CSS_SELECTOR, f"nav.app-nav[aria-label='{self.words('Sections')}']")
        assert len(nav) == 1, f"{name}: the app shell's navigation is missing"
        labels = [link.text for link in nav[0].find_elements(By.TAG_NAME, "a")]
        modules = [self.words.data(module) for module in ["Login", "Cookbook", "Pilot", "Moneybox", "Mobility"]]
        assert labels == modules, f"{name}: {labels}"
        current = [link.text for link in nav[0].find_elements(By.CSS_SELECTOR, "a[aria-current]")]
        assert current == ([self.words.data(nav_current)] if nav_current else []), f"{name}: current {current}, expected {nav_current}"
        assert nav[0].is_displayed()
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == self.language, f"{name}: not in {self.language}"
        where = f"{self.viewport} {self.language} {name} ({driver.current_url})"
        for violation in violations(driver, self.axe):
            self.problems.append(f"{where}: {violation['id']}: {violation['help']}\n    " + "\n    ".join(violation["nodes"]))
        if self.language == PSEUDO:
            shown = driver.execute_script(SHOWN_TEXT)
            for text in untranslated(shown["text"]):
                self.problems.append(f"{where}: not translated: {text!r}")
            for attribute, value in shown["attributes"]:
                for text in untranslated(value):
                    self.problems.append(f"{where}: not translated in {attribute}: {text!r}")
            for wide in driver.execute_script(OVERFLOW):
                self.problems.append(f"{where}: wider than the phone: {wide}")
        if shot:
            # The pseudo-language's pages are for checking: kept with the test's own, never published.
            folder = SCREENSHOTS if self.language == PSEUDO else SHOTS
            folder.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(folder / shot_name(name, self.viewport, self.language)))
            self.shots.append((name, scene or "host.not-found"))

    def get(self, path: str, name: str, **options) -> None:
        self.driver.get(self.host.url(path))
        self.check(name, **options)

    def click(self, xpath: str, name: str, **options) -> None:
        click_and_wait(self.driver, self.driver.find_element(By.XPATH, xpath))
        self.check(name, **options)


def shot_name(name: str, viewport: str, language: str) -> str:
    """The screenshot's file: `login-profile-phone.png`, in Spanish `login-profile-phone-es.png`."""
    return f"{name}-{viewport}.png" if language == "en" else f"{name}-{viewport}-{language}.png"


def wait_for_code(host, email: str) -> str:
    deadline = time.monotonic() + 5
    while not (found := re.search(rf"one-time code (\d{{4}}) for {re.escape(email)}", host.output())) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert found, f"no code in the log:\n{host.output()}"
    return found.group(1)


def walk_every_page(walk: Walk) -> None:
    driver, host, w = walk.driver, walk.host, walk.words
    walk.get("/", "home")
    walk.get("/no/such/page", "not-found")

    # Signed out: the forms, and each with its errors.
    walk.get("/login", "login-sign-in", nav_current="Login")
    field(driver, w("Email")).send_keys("nobody@example.com")
    field(driver, w("Password")).send_keys("wrong password")
    walk.click(button(w("Sign in")), "login-sign-in-failed", nav_current="Login")
    walk.get("/signup", "login-sign-up", nav_current="Login")
    field(driver, w("Email")).send_keys("not an email")
    walk.click(button(w("Sign up")), "login-sign-up-errors", nav_current="Login")
    walk.get("/login/sso/down", "login-sso-failed", nav_current="Login")
    walk.get("/login/sso/down/callback?state=forged&code=x", "login-sso-callback-failed", nav_current="Login")
    walk.get("/otp", "login-otp", nav_current="Login")

    walk.get("/cookbook", "cookbook-discover", nav_current="Cookbook")
    walk.click("(//a[contains(@href, '/cookbook/recipes/')])[1]", "cookbook-recipe", nav_current="Cookbook")
    walk.get("/cookbook/pantry", "cookbook-pantry", nav_current="Cookbook")

    walk.get("/pilot", "pilot-registration", nav_current="Pilot")
    field(driver, w("Name")).send_keys("   ")
    field(driver, w("Password")).send_keys("short")
    field(driver, w("Password verification")).send_keys("other")
    WebDriverWait(driver, 5).until(lambda d: html.escape(w("Password must be at least 12 characters."), quote=False) in d.page_source)
    walk.check("pilot-registration-errors", nav_current="Pilot")
    field(driver, w("Name")).clear()
    field(driver, w("Name")).send_keys("TestUser")
    Select(field(driver, w("Pilot license type:"))).select_by_value("PPL")
    for label in ("Password", "Password verification"):
        field(driver, w(label)).clear()
        field(driver, w(label)).send_keys("A9sDk3fJ1lM2")
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.XPATH, button(w("Register"))).is_enabled())
    walk.click(button(w("Register")), "pilot-confirmation", nav_current="Pilot")

    walk.get("/moneybox", "moneybox-sign-in", nav_current="Moneybox")
    field(driver, w("Email")).send_keys("test+ios@moneyboxapp.com")
    field(driver, w("Password")).send_keys("wrong")
    walk.click(button(w("Sign in")), "moneybox-sign-in-failed", nav_current="Moneybox")
    field(driver, w("Password")).send_keys("P455word12")
    walk.click(button(w("Sign in")), "moneybox-accounts", nav_current="Moneybox")
    walk.click("//a[contains(@href, '/moneybox/accounts/8043')]", "moneybox-product", nav_current="Moneybox")
    walk.click(button(w("Add £10")), "moneybox-product-added", nav_current="Moneybox")

    # Signed in.
    walk.get("/signup?returnTo=/profile", "login-sign-up-again", nav_current="Login", shot=False)
    field(driver, w("Full name")).send_keys("Ada Lovelace")
    field(driver, w("Email")).send_keys("ada@example.com")
    field(driver, w("Password")).send_keys("correct horse battery")
    walk.click(button(w("Sign up")), "login-profile", nav_current="Login")
    walk.get("/profile/details", "login-profile-details", nav_current="Login")
    walk.get("/profile/details/edit", "login-profile-edit", nav_current="Login")
    field(driver, w("Picture (https address)")).send_keys("not a picture address")
    walk.click(button(w("Save")), "login-profile-edit-errors", nav_current="Login")

    walk.get("/map", "mobility-map", nav_current="Mobility")
    walk.click("(//a[contains(@href, '/map/stations/')])[1]", "mobility-station", nav_current="Mobility")
    walk.get("/map", "mobility-map-again", nav_current="Mobility", shot=False)
    walk.click("(//a[contains(@href, '/map/vehicles/')])[1]", "mobility-vehicle", nav_current="Mobility")
    walk.get("/map/unlock", "mobility-unlock", nav_current="Mobility")
    walk.get("/map", "mobility-map-before-ride", nav_current="Mobility", shot=False)
    walk.click("(//a[contains(@href, '/map/vehicles/')])[1]", "mobility-vehicle-again", nav_current="Mobility", shot=False)
    walk.click(button(w("Unlock")), "mobility-riding", nav_current="Mobility")
    walk.click(button(w("End ride")), "mobility-ride-ended", nav_current="Mobility")

    walk.get("/profile", "login-profile-again", nav_current="Login", shot=False)
    walk.click(button(w("Logout")), "login-signed-out", nav_current="Login")

    # A one-time code: asked for, typed wrong, then right, and the reward.
    walk.get("/login/code", "login-code-request", nav_current="Login")
    field(driver, w("Email")).send_keys("ada@example.com")
    walk.click(button(w("Send me a code")), "login-otp-sent", nav_current="Login")
    code = wait_for_code(host, "ada@example.com")
    field(driver, w("%lld DIGIT CODE", 4)).send_keys("0000" if code != "0000" else "1111")
    walk.click(button(w("Submit OTP")), "login-otp-invalid", nav_current="Login")
    entry = field(driver, w("%lld DIGIT CODE", 4))
    entry.clear()
    entry.send_keys(code)
    walk.click(button(w("Submit OTP")), "login-reward", nav_current="Login")


@pytest.mark.parametrize("viewport, language", WALKS)
def test_every_page_has_the_app_shell_and_no_axe_violations(viewport, language):
    scenes, routes = scenes_and_routes()
    driver = make_browser(desktop=VIEWPORTS[viewport])
    # English on a host of English alone (as the default configuration); another language on a
    # host offering it, chosen as a visitor would (the cookie the language page sets).
    configuration = EVERY_MODULE if language == "en" else EVERY_MODULE + f"localization:\n  languages: [en, {language}]\n"
    try:
        with running_host("atrium", configuration) as host:
            if language != "en":
                driver.get(host.url("/health/live"))
                driver.add_cookie({"name": "atrium_language", "value": language, "path": "/", "httpOnly": True, "sameSite": "Lax"})
            walk = Walk(driver, host, viewport, routes, language)
            walk_every_page(walk)
    finally:
        driver.quit()
    missing = scenes - walk.seen_scenes
    assert not missing, f"scenes no step of the walk reached: {sorted(missing)}"
    assert not walk.problems, f"{len(walk.problems)} problems:\n" + "\n".join(walk.problems)
    if language == PSEUDO:
        return  # the pseudo-language's pages are for checking, not for the gallery
    if REFRESHING and (viewport, language) == ("phone", "en"):
        write_gallery(walk.shots)
    published = {path.name for path in COMMITTED.glob("*.png")}
    unpublished = sorted({shot_name(name, viewport, language) for name, _ in walk.shots} - published)
    assert not unpublished, (f"the gallery lacks {unpublished}: refresh it with "
                             "ATRIUM_SCREENSHOTS=Documentation/screenshots python3 -m pytest Tests/Browser/test_every_page.py")


def write_gallery(shots) -> None:
    lines = ["# Every page, on a phone and on a desktop, in English and in Spanish", "",
             "Saved by the browser walk in `Tests/Browser/test_every_page.py`, which also checks each page with",
             "axe-core 4.12 (no violations) and the app shell's navigation, in English, in Spanish and in the",
             "pseudo-language `en-XA` (no text left untranslated, nothing wider than the phone). Refresh them with",
             "`ATRIUM_SCREENSHOTS=Documentation/screenshots python3 -m pytest Tests/Browser/test_every_page.py`.", "",
             "| Scene | Page | Phone (390×844) | Desktop (1280×900) | Phone, Spanish |", "|---|---|---|---|---|"]
    for name, scene in shots:
        lines.append(f"| `{scene}` | {name} | [phone](screenshots/{name}-phone.png) | [desktop](screenshots/{name}-desktop.png) "
                     f"| [teléfono](screenshots/{name}-phone-es.png) |")
    GALLERY.write_text("\n".join(lines) + "\n")


def test_the_readme_links_a_gallery_with_every_scene_on_a_phone_and_a_desktop():
    scenes, _ = scenes_and_routes()
    assert "(Documentation/screenshots.md)" in (ROOT / "README.md").read_text(), "the README links the gallery"
    rows = re.findall(r"^\| `([^`]+)` \| (\S+) \| \[phone\]\((screenshots/\S+-phone\.png)\) \| \[desktop\]\((screenshots/\S+-desktop\.png)\) "
                      r"\| \[teléfono\]\((screenshots/\S+-phone-es\.png)\) \|$", GALLERY.read_text(), re.MULTILINE)
    assert scenes <= {scene for scene, *_ in rows}, f"scenes the gallery does not show: {sorted(scenes - {scene for scene, *_ in rows})}"
    for _, name, *links in rows:
        for link in links:
            assert (ROOT / "Documentation" / link).is_file(), f"{name}: {link} is linked but missing"
    linked = {Path(link).name for _, _, *links in rows for link in links}
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


def test_the_pseudo_language_walks_checks_find_what_they_look_for():
    """The checks the pseudo-language's walk makes, on a page made to fail them: letters outside
    [words] and ⟦data⟧, in the text and in an attribute, and an element wider than the phone."""
    assert untranslated("[Šíĝñ íñ··] ⟦Caesar salad⟧ 12 £3.50 [Ŷöû ĥávé ⟦2⟧ [ŕíðéš··]···]") == []
    assert untranslated("[Šíĝñ íñ··] Save\n⟦Ada⟧ Sign out") == ["Save", "Sign out"]
    driver = make_browser()
    try:
        driver.get("data:text/html;charset=utf-8," + urllib.parse.quote(
            "<!doctype html><meta name=viewport content='width=device-width'><body>"
            "<p>[Ŵöŕðš··] ⟦Data⟧ Hard-coded</p><input placeholder='Type here' aria-label='[Ñáɱé··]'>"
            "<div style='width:600px'>[Ŵíðé··]</div><div style='overflow:hidden;width:100px'><p style='width:900px'>[Çļíþþéð··]</p></div>"))
        shown = driver.execute_script(SHOWN_TEXT)
        assert untranslated(shown["text"]) == ["Hard-coded"]
        assert [(name, untranslated(value)) for name, value in shown["attributes"]] == [("aria-label", []), ("placeholder", ["Type here"])]
        wide = driver.execute_script(OVERFLOW)
        assert any("600" in found or "px wide" in found for found in wide), wide
        assert not any("Çļíþþéð" in found for found in wide), "a clipped element is not too wide"
    finally:
        driver.quit()
