"""`atrium migrations` and `atrium migrate` on a real database, and a build older than its data
refused, as an operator meets them (see Documentation/modules.md, "Changing a record across a deploy")."""

import json
import os
import sqlite3
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ATRIUM = Path(os.environ.get("ATRIUM_BINARY", ROOT / ".build" / "debug" / "atrium"))
SENTENCE = '{"latest":[{"date":800000000,"what":"E-bike ride, 3 minutes","amount":{"amount":-2,"currency":"EUR"}}],"balances":{"EUR":-2},"rides":1}'


def atrium(*arguments):
    return subprocess.run([str(ATRIUM), *arguments], capture_output=True, text=True, cwd=ROOT, timeout=120)


def listed(config):
    result = atrium("migrations", "--json", "--config", str(config))
    assert result.returncode == 0, result.stderr
    return {f"{entry['module']}/{entry['id']}": entry for entry in json.loads(result.stdout)}


def test_migrations_are_listed_run_by_migrate_with_progress_and_a_build_older_than_the_data_is_refused(tmp_path):
    database = tmp_path / "atrium.sqlite"
    config = tmp_path / "atrium.yaml"
    config.write_text(f"modules: [login]\nstorage:\n  path: {database}\n")

    before = listed(config)["login/1-charges-as-data"]
    assert (before["kind"], before["state"], before["done"]) == ("expand", "ready", 0), before
    # A charge stored as a sentence, as Login wrote them before charges were data.
    with sqlite3.connect(database) as db:
        db.execute("INSERT INTO records (module, owner, collection, id, json, updatedAt) VALUES ('login', 'shared', 'charges', 'ada', ?, 0)",
                   (SENTENCE.encode(),))

    ran = atrium("migrate", "--config", str(config))
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "Running login/1-charges-as-data (expand)" in ran.stdout and "Every module migration is applied." in ran.stdout, ran.stdout
    after = listed(config)["login/1-charges-as-data"]
    assert (after["state"], after["done"], after["total"]) == ("applied", 1, 1), after
    with sqlite3.connect(database) as db:
        stored = json.loads(db.execute("SELECT json FROM records WHERE collection = 'charges'").fetchone()[0])
    assert stored["latest"][0] | {} == {**json.loads(SENTENCE)["latest"][0], "kind": "ride", "vehicleName": "E-bike", "minutes": 3}
    table = atrium("migrations", "--config", str(config))
    assert table.stdout.splitlines()[0].split() == ["MODULE", "MIGRATION", "KIND", "STATE", "PROGRESS", "NOTE"], table.stdout
    assert "1 of 1 records (100 %)" in table.stdout, table.stdout
    assert atrium("migrate", "--config", str(config)).returncode == 0, "nothing left: still done"

    # A newer build contracted something this one does not know: it shows it, and does not serve.
    with sqlite3.connect(database) as db:
        db.execute("INSERT INTO moduleMigrations (module, id, kind, state, progress, appliedAt) VALUES ('login', '2-drop-what', 'contract', 'applied', '{}', 1)")
    assert listed(config)["login/2-drop-what"]["state"] == "unknown to this build"
    served = subprocess.run([str(ATRIUM), "serve", "--config", str(config)], capture_output=True, text=True, cwd=ROOT, timeout=60,
                            env={**os.environ, "HTTP_PORT": "0"})
    assert served.returncode == 1, served.stdout + served.stderr
    assert "login/2-drop-what" in served.stderr and "deploy a build that has it" in served.stderr, served.stderr

    # A migration's error is the module's text: shown with its control characters as escapes,
    # never sent to the operator's terminal as they are.
    with sqlite3.connect(database) as db:
        db.execute("DELETE FROM moduleMigrations WHERE id = '2-drop-what'")
        db.execute("UPDATE moduleMigrations SET state = 'failed', error = ? WHERE id = '1-charges-as-data'", ("bad \x1b[2J row",))
    table = atrium("migrations", "--config", str(config))
    assert "\x1b" not in table.stdout and "failed: bad \\u{1B}[2J row" in table.stdout, table.stdout
