"""The `atrium` command's validation and listings, run as an operator would."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ATRIUM = ROOT / ".build" / "debug" / "atrium"


def atrium(*arguments, cwd=ROOT):
    return subprocess.run([str(ATRIUM), *arguments], capture_output=True, text=True, cwd=cwd, timeout=60)


def test_check_reports_five_mistakes_at_once_and_fails(tmp_path):
    config = tmp_path / "five.yaml"
    config.write_text(
        "http:\n  port: eighty\n  hots: 0.0.0.0\n"
        "log:\n  level: chatty\n"
        "modules: [pilot, cookbok]\n"
        "pilot:\n  licensesFile: /nonexistent/licenses.json\n"
        "extra: true\n"
    )
    result = atrium("check", "--config", str(config))
    assert result.returncode == 1
    problems = [line for line in result.stderr.splitlines() if line.startswith("  - ")]
    assert len(problems) == 5, result.stderr
    assert "has 5 problems" in result.stderr
    for expected in ["http.port: must be a whole number ('eighty')", "http.hots: unknown key (line 3)",
                     "log.level: is not valid", "modules: unknown module 'cookbok'", "extra: unknown key (line 9)"]:
        assert expected in result.stderr


def test_check_accepts_the_default_configuration():
    result = atrium("check")
    assert result.returncode == 0, result.stderr
    assert "Configuration/atrium.yaml is valid" in result.stdout


def test_a_missing_configuration_file_is_named(tmp_path):
    result = atrium("check", "--config", str(tmp_path / "nope.yaml"))
    assert result.returncode == 1
    assert "nope.yaml" in result.stderr and "cannot be read" in result.stderr


def test_routes_lists_every_route_of_every_enabled_module():
    result = atrium("routes")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["METHOD", "PATTERN", "NAME", "SCENE", "GUARD", "MODULE"]
    rows = [line.split() for line in lines]
    assert ["GET", "/pilot", "pilot", "pilot.registration", "none", "pilot"] in rows
    assert ["GET", "/cookbook/recipes/{id:int}", "cookbook.recipe", "cookbook.recipe", "none", "cookbook"] in rows
    assert ["GET", "/profile", "profile", "login.profile", "signed-in", "login"] in rows
    # Every enabled module's routes: Login's 10, Cookbook's 7 and Pilot's 4.
    assert len(rows) == 1 + 10 + 7 + 4


def test_modules_lists_what_is_available_and_enabled():
    result = atrium("modules")
    assert result.returncode == 0, result.stderr
    rows = [line.split() for line in result.stdout.splitlines()]
    assert ["pilot", "Pilot", "1.0.0", "-", "route:pilot", "yes"] in rows
    assert ["login", "Login", "1.0.0", "-", "current-user,route:sign-in,route:sign-up,route:sign-out,route:profile", "yes"] in rows


def test_render_prints_a_page_as_text_and_fails_on_error_pages():
    page = atrium("render", "/pilot", "--format", "text")
    assert page.returncode == 0, page.stderr
    assert page.stdout.startswith("Register\n========")
    missing = atrium("render", "/no/such/page")
    assert missing.returncode == 1
    assert "Page not found" in missing.stdout
