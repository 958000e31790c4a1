"""The `atrium` command's validation and listings, run as an operator would."""

import os
import json
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# ATRIUM_BINARY runs these against another build (an earlier commit's, to see a test fail before its fix).
ATRIUM = Path(os.environ.get("ATRIUM_BINARY", ROOT / ".build" / "debug" / "atrium"))


def atrium(*arguments, cwd=ROOT):
    return subprocess.run([str(ATRIUM), *arguments], capture_output=True, text=True, cwd=cwd, timeout=60)


def test_check_reports_six_mistakes_at_once_and_fails(tmp_path):
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
    # A bad http.port no longer hides the unknown http.hots beside it.
    assert len(problems) == 6, result.stderr
    assert "has 6 problems" in result.stderr
    for expected in ["http.port: must be a whole number, not 'eighty' (line 2)", "http.hots: unknown key (line 3)",
                     "log.level: is not one of the choices ('chatty') — use one of: trace, debug",
                     "modules: unknown module 'cookbok'", "extra: unknown key (line 9)", "pilot.licensesFile: /nonexistent/licenses.json"]:
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
    assert lines[0].split() == ["METHOD", "PATTERN", "NAME", "SCENE", "TYPE", "FOLDER", "GUARD", "MODULE"]
    rows = [line.split() for line in lines]
    assert ["GET", "/pilot", "pilot", "pilot.registration", "Pilot.RegistrationScene", "Modules/Pilot/Sources/Scenes/Registration/", "none", "pilot"] in rows
    assert ["GET", "/cookbook/recipes/{id:int}", "-", "cookbook.recipe", "Cookbook.RecipeScene", "Modules/Cookbook/Sources/Scenes/Recipe/", "none", "cookbook"] in rows
    assert ["GET", "/profile", "profile", "login.profile", "Login.ProfileScene", "Modules/Login/Sources/Scenes/Profile/", "signed-in", "login"] in rows
    assert ["GET", "/moneybox/accounts/{id:int}", "-", "moneybox.product", "Moneybox.ProductScene", "Modules/Moneybox/Sources/Scenes/Product/", "none", "moneybox"] in rows
    assert ["POST", "/moneybox/sandbox/oneoffpayments", "-", "(endpoint)", "-", "-", "none", "moneybox"] in rows
    assert ["POST", "/otp", "-", "login.otp", "Login.OTPScene", "Modules/Login/Sources/Scenes/OTP/", "none", "login"] in rows
    assert ["GET", "/login/sso/{id}/callback", "-", "login.sso-callback", "Login.SSOCallbackScene", "Modules/Login/Sources/Scenes/SSOCallback/", "none", "login"] in rows
    assert ["GET", "/map/vehicles/{id}", "-", "mobility.vehicle", "Mobility.VehicleScene", "Modules/Mobility/Sources/Scenes/Vehicle/", "signed-in", "mobility"] in rows
    # Every enabled module's routes: Login's 17 (5 of them code sign-in, 2 single sign-on),
    # Cookbook's 7, Pilot's 4, Moneybox's 6 and its sandbox's 3, Mobility's 7 and its feed's 1.
    assert len(rows) == 1 + 17 + 7 + 4 + 6 + 3 + 7 + 1
    # URL to source is one hop: every scene route names a folder that exists and holds its type.
    for row in rows[1:]:
        if row[3] == "(endpoint)":
            continue
        folder = ROOT / row[5]
        assert folder.is_dir(), row
        type_name = row[4].split(".")[1]
        assert (folder / f"{type_name}.swift").is_file(), row


def test_modules_lists_what_is_available_and_enabled():
    result = atrium("modules")
    assert result.returncode == 0, result.stderr
    rows = [line.split() for line in result.stdout.splitlines()]
    assert ["pilot", "Pilot", "1.0.0", "-", "route:pilot", "yes"] in rows
    assert ["login", "Login", "1.0.0", "-", "current-user,route:sign-in,route:sign-up,route:profile,route:otp", "yes"] in rows


def test_flags_lists_each_flag_with_its_default_and_value(tmp_path):
    defaults = atrium("flags")
    assert defaults.returncode == 0, defaults.stderr
    row = next(line for line in defaults.stdout.splitlines() if line.startswith("cookbook.missingOne"))
    assert row.split()[:4] == ["cookbook.missingOne", "on", "on", "default"], row
    assert "Discover lists the recipes missing one ingredient" in row

    config = tmp_path / "flags.yaml"
    config.write_text("modules: [cookbook]\nflags:\n  cookbook.missingOne: {percent: 25}\n")
    rollout = atrium("flags", "--config", str(config))
    assert rollout.returncode == 0, rollout.stderr
    assert re.search(r"^cookbook\.missingOne\s+on\s+25% of visitors\s+configuration\s", rollout.stdout, re.M), rollout.stdout

    config.write_text("modules: [cookbook]\nflags:\n  cookbook.missingOne: sometimes\n  cookbook.wide: true\n")
    bad = atrium("flags", "--config", str(config))
    assert bad.returncode == 1
    assert "flags.cookbook.missingOne: 'sometimes' is not a flag value (line 3)" in bad.stderr, bad.stderr
    assert "flags.cookbook.wide: unknown flag (line 4) — flags are: cookbook.missingOne" in bad.stderr, bad.stderr


def test_keys_lists_which_key_signs_and_what_an_older_one_still_holds(tmp_path):
    import base64
    import json
    import secrets as random_bytes

    new, old = (base64.b64encode(random_bytes.token_bytes(32)).decode() for _ in range(2))
    config = tmp_path / "keys.yaml"
    config.write_text(f"modules: [cookbook]\nstorage:\n  path: {tmp_path}/atrium.sqlite\n")
    environment = {**os.environ, "SECRETS_KEYS": f"{new},{old}"}
    listed = subprocess.run([str(ATRIUM), "keys", "--config", str(config)], capture_output=True, text=True, env=environment, timeout=60)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert re.match(r"key 1 of 2  id [0-9a-f]{8}  signs and seals", lines[0]), listed.stdout
    assert re.match(r"key 2 of 2  id [0-9a-f]{8}  verifies and opens only", lines[1]), listed.stdout
    assert "sealed values still under it: none" in listed.stdout and "remove it once" in listed.stdout, listed.stdout
    report = json.loads(
        subprocess.run([str(ATRIUM), "keys", "--json", "--config", str(config)], capture_output=True, text=True, env=environment, timeout=60).stdout)
    assert [key["signs"] for key in report] == [True, False] and report[1]["sealedCount"] == 0
    assert new not in listed.stdout and old not in listed.stdout, "a key is never shown, only its id"
    broken = subprocess.run(
        [str(ATRIUM), "keys", "--config", str(config)], capture_output=True, text=True, env={**os.environ, "SECRETS_KEYS": f"{new},short"}, timeout=60)
    assert broken.returncode == 1 and "secrets.keys[1]: is not 32 bytes in base64" in broken.stderr, broken.stderr


def test_render_prints_a_page_as_text_and_fails_on_error_pages():
    page = atrium("render", "/pilot", "--format", "text")
    assert page.returncode == 0, page.stderr
    assert page.stdout.startswith("Register\n========")
    missing = atrium("render", "/no/such/page")
    assert missing.returncode == 1
    assert "Page not found" in missing.stdout


def test_render_of_a_number_at_the_edge_of_int_is_a_not_found_page_not_a_crash():
    for number in ["-9223372036854775808", "9223372036854775807", "0"]:
        page = atrium("render", f"/cookbook/recipes/{number}")
        assert page.returncode == 1, page.stderr
        assert "There is no recipe with this number" in page.stdout
        assert "answered 404" in page.stderr


def test_check_refuses_a_route_name_that_is_an_action(tmp_path):
    import os

    # Login names no action (POST) routes, so an action's name is not bound to a page either way.
    result = subprocess.run([str(ATRIUM), "check"], capture_output=True, text=True, cwd=ROOT, timeout=60,
                            env={**os.environ, "LOGIN_HOME_ROUTE": "sign-out"})
    assert result.returncode == 1
    assert "login.homeRoute: no enabled module binds the route name 'sign-out'" in result.stderr
    assert "page route names: cookbook, map, moneybox, otp, pilot, profile, sign-in, sign-up" in result.stderr


def test_check_finds_a_storage_path_serve_could_not_open():
    import os

    result = subprocess.run([str(ATRIUM), "check"], capture_output=True, text=True, cwd=ROOT, timeout=60,
                            env={**os.environ, "STORAGE_PATH": "/tmp"})
    assert result.returncode == 1
    assert "storage.path: '/tmp' is a folder (the environment sets STORAGE_PATH)" in result.stderr


def test_check_refuses_a_billion_laughs_quickly(tmp_path):
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]" for level in range(1, 10)]
    config = tmp_path / "laughs.yaml"
    config.write_text("\n".join(lines) + "\n")
    result = atrium("check", "--config", str(config))
    assert result.returncode == 1
    assert "more than 10000 values once its YAML aliases" in result.stderr


def test_check_names_a_folder_given_as_the_configuration(tmp_path):
    result = atrium("check", "--config", str(tmp_path))
    assert result.returncode == 1
    assert "is a folder, not a configuration file" in result.stderr


def test_check_reports_seven_mistakes_across_every_section_at_once(tmp_path):
    config = tmp_path / "seven.yaml"
    config.write_text(
        "http:\n  port: eighty\n"
        "modules: [login, cookbook, pilot, nope]\n"
        "cookbook:\n  source: remote\n  ingredientsURL: https://example.com/ingredients\n  colour: blue\n  settingsRoute: preferences\n"
        "pilot:\n  licensesFile: /nonexistent/licenses.json\n"
        "login:\n  sessionDays: 0\n"
    )
    result = atrium("check", "--config", str(config))
    assert result.returncode == 1
    problems = [line for line in result.stderr.splitlines() if line.startswith("  - ")]
    assert len(problems) == 7, result.stderr
    for expected in [
        "http.port: must be a whole number, not 'eighty' (line 2) — write for example `port: 8080`",
        "modules: unknown module 'nope'",
        "cookbook.colour: unknown key (line 7)",
        "cookbook.recipesURL: is missing",
        "cookbook.settingsRoute: no enabled module binds the route name 'preferences'",
        "pilot.licensesFile: /nonexistent/licenses.json: the file cannot be read",
        "login.sessionDays: must be from 1 to 3650 days",
    ]:
        assert any(expected in line for line in problems), f"{expected!r} not in:\n{result.stderr}"


def postgres_configuration(tmp_path):
    config = tmp_path / "postgres.yaml"
    config.write_text("storage:\n  kind: postgres\nmodules: [cookbook]\n")
    return config


def test_check_with_postgres_says_when_the_server_cannot_be_reached_or_refuses_and_never_shows_the_password(tmp_path):
    import os
    import socket
    import urllib.parse

    url = os.environ.get("ATRIUM_TEST_POSTGRES_URL")
    if not url:
        if os.environ.get("CI"):
            pytest.fail("ATRIUM_TEST_POSTGRES_URL is not set (bash Tests/run-all.sh starts a server)")
        pytest.skip("needs ATRIUM_TEST_POSTGRES_URL (bash Tests/run-all.sh starts a server)")
    config = postgres_configuration(tmp_path)
    parts = urllib.parse.urlsplit(url)

    def check(storage_url):
        return subprocess.run(
            [str(ATRIUM), "check", "--config", str(config)], capture_output=True, text=True, timeout=60,
            env={**os.environ, "STORAGE_URL": storage_url},
        )

    reached = check(url)
    assert reached.returncode == 0, reached.stderr
    assert f"storage: postgres://atrium@127.0.0.1:{parts.port}/atrium, reached" in reached.stdout
    assert parts.password not in reached.stdout + reached.stderr

    refused = check(url.replace(f":{parts.password}@", ":not-the-password@"))
    assert refused.returncode == 1
    assert "storage.url: the PostgreSQL server at 127.0.0.1" in refused.stderr
    assert "refused the login of user 'atrium'" in refused.stderr and "check the user and password" in refused.stderr
    assert "not-the-password" not in refused.stdout + refused.stderr

    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    unreachable = check(f"postgres://atrium:s3cret@127.0.0.1:{port}/atrium?sslmode=disable")
    assert unreachable.returncode == 1
    assert f"storage.url: the PostgreSQL server at 127.0.0.1:{port} cannot be reached (connection refused)" in unreachable.stderr
    assert "s3cret" not in unreachable.stdout + unreachable.stderr

    missing = check(url.replace("/atrium?", "/no_such_database?"))
    assert missing.returncode == 1 and "has no database 'no_such_database'" in missing.stderr


def test_check_refuses_a_malformed_or_missing_storage_url_without_echoing_it(tmp_path):
    import os

    config = postgres_configuration(tmp_path)
    environment = {key: value for key, value in os.environ.items() if key != "STORAGE_URL"}
    missing = subprocess.run([str(ATRIUM), "check", "--config", str(config)], capture_output=True, text=True, timeout=60, env=environment)
    assert missing.returncode == 1 and "storage.url: is missing" in missing.stderr and "STORAGE_URL" in missing.stderr
    malformed = subprocess.run(
        [str(ATRIUM), "check", "--config", str(config)], capture_output=True, text=True, timeout=60,
        env={**environment, "STORAGE_URL": "mysql://root:hunter2@db/atrium"},
    )
    assert malformed.returncode == 1 and "starts with 'mysql:', not 'postgres:'" in malformed.stderr
    assert "hunter2" not in malformed.stdout + malformed.stderr


def test_describe_json_has_modules_settings_boot_order_routes_and_names():
    result = atrium("describe", "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert sorted(document["bootOrder"]) == ["cookbook", "login", "mobility", "moneybox", "pilot"], document["bootOrder"]
    assert [module["id"] for module in document["modules"]] == document["bootOrder"]
    login = next(module for module in document["modules"] if module["id"] == "login")
    assert "current-user" in login["provides"] and "sign-in" in login["binds"]
    days = next(setting for setting in login["settings"] if setting["key"] == "login.sessionDays")
    assert days == {"key": "login.sessionDays", "type": "integer", "default": "30",
                    "description": "A signed-in session lasts this many days after its last use (1 to 3650)"}, days
    verifier = next(setting for setting in login["settings"] if setting["key"] == "login.code.verifier")
    assert verifier["type"] == "one of issued, remote" and verifier["default"] == "issued", verifier
    cookbook = next(module for module in document["modules"] if module["id"] == "cookbook")
    assert cookbook["flags"] == [{"name": "cookbook.missingOne", "default": True, "value": "on",
                                  "description": "Discover lists the recipes missing one ingredient, each with a button to add it"}]
    recipe = next(route for route in document["routes"] if route["pattern"] == "/cookbook/recipes/{id:int}")
    assert recipe == {"method": "GET", "pattern": "/cookbook/recipes/{id:int}", "guard": "none", "module": "cookbook",
                      "scene": "cookbook.recipe", "sceneType": "Cookbook.RecipeScene",
                      "folder": "Modules/Cookbook/Sources/Scenes/Recipe/"}, recipe
    assert document["routeNames"]["sign-in"] == "GET /login"
    # What each module stores and calls (declared in its manifest; the host holds it to them).
    mobility = next(module for module in document["modules"] if module["id"] == "mobility")
    assert [collection["name"] for collection in mobility["collections"]] == ["rides", "sandbox-city", "sandbox-reservations"]
    assert mobility["remoteServices"] == [{"id": "gbfs", "title": "the GBFS feed (feed; embedded: this host's sandbox city)",
                                           "hosts": ["atrium.localhost"]}], mobility["remoteServices"]
    openid = next(service for service in login["remoteServices"] if service["id"] == "openid")
    assert openid["hosts"] == [], "no provider configured: nothing reached"
    assert "map" in login["configuredLinks"], login["configuredLinks"]


def schema_validation(schema_path, config_text):
    """Validates a YAML text against the schema with jsonschema (in the schemathesis venv)."""
    python = ROOT / ".build" / "schemathesis-venv" / "bin" / "python"
    if not python.exists():
        pytest.fail(f"{python} is missing (bash Tests/run-all.sh installs it)")
    script = (
        "import json, sys, yaml, jsonschema\n"
        "schema = json.load(open(sys.argv[1]))\n"
        "errors = list(jsonschema.Draft202012Validator(schema).iter_errors(yaml.safe_load(sys.stdin.read())))\n"
        "print('\\n'.join(f\"{'.'.join(map(str, e.absolute_path))}: {e.message}\" for e in errors))\n"
    )
    return subprocess.run([str(python), "-c", script, str(schema_path)], input=config_text, capture_output=True, text=True, check=True).stdout


def test_schema_is_the_shipped_file_and_the_shipped_configuration_validates_against_it(tmp_path):
    result = atrium("schema")
    assert result.returncode == 0, result.stderr
    shipped = ROOT / "Configuration" / "atrium.schema.json"
    assert result.stdout == shipped.read_text(), "Configuration/atrium.schema.json is out of date: atrium schema > it"
    schema = json.loads(result.stdout)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    port = schema["properties"]["http"]["properties"]["port"]
    assert port["type"] == "integer" and port["default"] == 8080 and "port" in port["description"].lower()
    assert schema["properties"]["cookbook"]["properties"]["source"]["enum"] == ["embedded", "remote"]
    assert schema["properties"]["login"]["properties"]["code"]["properties"]["length"]["default"] == 4
    configuration = (ROOT / "Configuration" / "atrium.yaml").read_text()
    assert configuration.splitlines()[0] == "# yaml-language-server: $schema=atrium.schema.json"
    assert schema_validation(shipped, configuration) == "\n"
    problems = schema_validation(shipped, "http:\n  hots: x\n  port: eighty\nmodules: [pilot, cookbok]\nflags:\n  cookbook.missingOne: {percent: 101}\nextra: 1\n")
    for expected in ["http: Additional properties are not allowed ('hots' was unexpected)", "http.port: 'eighty' is not of type 'integer'",
                     "modules.1: 'cookbok' is not one of", "Additional properties are not allowed ('extra' was unexpected)", "flags.cookbook.missingOne"]:
        assert expected in problems, problems


def test_a_module_folder_this_binary_does_not_link_is_warned_about(tmp_path):
    for name in ("Ghost", "Pilot"):
        (tmp_path / "Modules" / name / "Sources").mkdir(parents=True)
    (tmp_path / "Modules" / "Notes").mkdir()
    (tmp_path / "Modules" / "README.md").write_text("modules\n")
    result = subprocess.run([str(ATRIUM), "modules"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert warnings == [
        "warning: Modules/Ghost is not linked into this build: SwiftPM reused its cached reading of Package.swift. Run `swift package purge-cache`, then build again."
    ], result.stderr


def test_version_names_the_build_by_its_linker_hash():
    result = atrium("--version")
    assert result.returncode == 0, result.stderr
    build = result.stdout.strip()
    assert re.fullmatch(r"\d+\.\d+\.\d+\+[0-9a-f]{12}", build), build
    # The linker's hash of this very binary, as readelf reads it from the file.
    notes = subprocess.run(["readelf", "-n", str(ATRIUM)], capture_output=True, text=True, check=True).stdout
    assert build.split("+")[1] == re.search(r"Build ID: ([0-9a-f]+)", notes).group(1)[:12], notes


def test_canvas_draws_the_app_and_each_module_and_its_check_fails_when_a_module_changed(tmp_path):
    result = atrium("canvas", "--output", str(tmp_path))
    assert result.returncode == 0, result.stderr
    app = (tmp_path / "app.svg").read_text()
    assert app.startswith("<svg") and "mobility.ride-ended" in app and "provides current-user" in app, app[:300]
    for module in ["login", "cookbook", "pilot", "moneybox", "mobility"]:
        card = (tmp_path / f"{module}.svg").read_text()
        assert "Stores (collections)" in card and "Calls (remote services)" in card, module
    assert "rides: each rider&#39;s rides" in (tmp_path / "mobility.svg").read_text()
    # The shipped pictures match the modules; a model that differs fails, naming what changed.
    assert atrium("canvas", "--check", str(ROOT / "Documentation" / "canvas")).returncode == 0
    model = json.loads((tmp_path / "canvas.json").read_text())
    model["edges"] = [edge for edge in model["edges"] if edge["kind"] != "event"]
    next(module for module in model["modules"] if module["id"] == "pilot")["collections"] = []
    (tmp_path / "canvas.json").write_text(json.dumps(model))
    stale = atrium("canvas", "--check", str(tmp_path))
    assert stale.returncode == 1, stale.stdout
    assert "module pilot changed" in stale.stderr and "new event mobility → login: mobility.ride-ended" in stale.stderr, stale.stderr
    assert f"atrium canvas --output {tmp_path}" in stale.stderr
