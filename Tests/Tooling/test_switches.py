"""Run-time switches reach every host: a module turned off and on 20 times under load on two
PostgreSQL hosts (the fixture host: the ledger publishing `ledger.entry-added`, the tally module
hearing it). While the tally is off, both hosts answer its endpoint 503 with Retry-After within a
second of the switch, and what the ledger publishes waits for it; on again, it is handled. Never a
500, never a failed write, and every entry heard exactly once.

The load test needs the throwaway PostgreSQL server `bash Tests/run-all.sh` provides; the command
line's test runs on SQLite."""

import base64
import os
import re
import secrets
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request

import pytest

from rolling_deploy import FIXTURE_HOST, call
from test_live import Stream
from test_several_hosts import POSTGRES_URL
from test_serve import ATRIUM, ROOT, free_port, wait_until_ready

ROUNDS = 20


class TwoHosts:
    """Two fixture hosts of the ledger and the tally on a schema of their own."""

    def __init__(self, folder):
        schema = "switches_" + secrets.token_hex(6)
        url = POSTGRES_URL + ("&" if "?" in POSTGRES_URL else "?") + f"schema={schema}"
        self.environment = {**os.environ, "STORAGE_URL": url, "SECRETS_KEY": base64.b64encode(secrets.token_bytes(32)).decode()}
        self.ports = [free_port(), free_port()]
        self.bases = [f"http://127.0.0.1:{port}" for port in self.ports]
        self.configs = []
        self.logs = [folder / f"host{index}.log" for index in range(2)]
        self.hosts = []
        for index, port in enumerate(self.ports):
            config = folder / f"host{index}.yaml"
            config.write_text(f"http:\n  port: {port}\nstorage:\n  kind: postgres\n  poolSize: 6\nmodules: [ledger, tally]\n")
            self.configs.append(config)
            process = subprocess.Popen([str(FIXTURE_HOST), str(config)], env=self.environment, stdout=open(self.logs[index], "a"),
                                       stderr=subprocess.STDOUT)
            wait_until_ready(process, port)
            self.hosts.append(process)

    def switch(self, module, state):
        """Switches `module` on every host, as `atrium modules enable|disable` does."""
        result = subprocess.run([str(FIXTURE_HOST), str(self.configs[0]), module, state], env=self.environment, capture_output=True,
                                text=True, timeout=30)
        assert result.returncode == 0, result.stderr

    def close(self):
        for process in self.hosts:
            process.send_signal(signal.SIGTERM)
            assert process.wait(timeout=30) == 0


class Load:
    """Writers adding entries on both hosts in turn, and a reader asking the tally on both."""

    def __init__(self, hosts, writers=3):
        self.hosts = hosts
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.failures = []
        self.entries = []
        self.tally_answers = {}
        self.threads = [threading.Thread(target=self.write, args=(index,), daemon=True) for index in range(writers)]
        self.threads.append(threading.Thread(target=self.read, daemon=True))

    def write(self, index):
        number = 0
        while not self.stop.is_set():
            number += 1
            entry = f"w{index}-{number}"
            body = {"id": entry, "title": f"Entry {entry}", "amount": number, "memo": "m", "payer": {"name": "P"}}
            status, _ = call(self.hosts.bases[number % 2], "POST", "/ledger/entries", body)
            with self.lock:
                if status == 201:
                    self.entries.append(entry)
                else:
                    self.failures.append(f"POST /ledger/entries {entry}: {status}")
            time.sleep(0.01)

    def read(self):
        number = 0
        while not self.stop.is_set():
            number += 1
            status, _ = call(self.hosts.bases[number % 2], "GET", "/tally/handled/added-w0-1")
            with self.lock:
                self.tally_answers[status] = self.tally_answers.get(status, 0) + 1
                if status not in (200, 404, 503):
                    self.failures.append(f"GET /tally/handled: {status}")
            time.sleep(0.005)


def answers(base, path):
    """The status and the Retry-After field of one GET."""
    try:
        with urllib.request.urlopen(base + path, timeout=5) as response:
            return response.status, response.headers.get("Retry-After")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Retry-After")


def until_both(hosts, unavailable, timeout=5.0):
    """Seconds until both hosts answer the tally 503 with Retry-After (`unavailable`), or not."""
    began = time.monotonic()
    while time.monotonic() - began < timeout:
        states = [answers(base, "/tally/handled/added-w0-1") for base in hosts.bases]
        if all((status == 503 and retry is not None) == unavailable for status, retry in states):
            return time.monotonic() - began
        time.sleep(0.02)
    raise AssertionError(f"after {timeout} s the hosts answer {states}")


@pytest.mark.skipif(not POSTGRES_URL and not os.environ.get("CI"), reason="needs ATRIUM_TEST_POSTGRES_URL (bash Tests/run-all.sh provides it)")
def test_a_module_switched_off_and_on_twenty_times_under_load_on_two_hosts(tmp_path):
    assert FIXTURE_HOST.exists(), f"{FIXTURE_HOST} is missing: swift build --build-tests makes it"
    hosts = TwoHosts(tmp_path)
    load = Load(hosts)
    applied = []
    try:
        for thread in load.threads:
            thread.start()
        for _ in range(ROUNDS):
            time.sleep(0.2)
            hosts.switch("tally", "off")
            # From the change stored (the command has ended) to both hosts serving it.
            applied.append(until_both(hosts, unavailable=True))
            time.sleep(0.3)  # the ledger goes on publishing: this waits for the tally
            hosts.switch("tally", "on")
            until_both(hosts, unavailable=False)
        load.stop.set()
        for thread in load.threads:
            thread.join(timeout=30)
        # Every entry written is heard once by the tally, whichever host handles it.
        deadline = time.monotonic() + 60
        pending = list(load.entries)
        while pending and time.monotonic() < deadline:
            still = []
            for entry in pending:
                status, handled = call(hosts.bases[0], "GET", f"/tally/handled/added-{entry}")
                if status != 200:
                    still.append(entry)
                else:
                    assert handled["count"] == 1, f"{entry} heard {handled['count']} times"
            pending = still
            if pending:
                time.sleep(0.2)
        logs = "\n".join(log.read_text()[-3000:] for log in hosts.logs)
        assert pending == [], f"{len(pending)} of {len(load.entries)} entries never heard: {pending[:5]}\n{logs}"
        assert load.failures == [], f"{load.failures[:10]}\n{logs}"
        assert len(load.entries) > 100, "the writers wrote across the switches"
        assert load.tally_answers.get(503, 0) > 0 and load.tally_answers.get(200, 0) + load.tally_answers.get(404, 0) > 0
        assert " error " not in logs, logs
        # What waited was never tried and failed: no host counts a retry or a failure of the tally's.
        for base in hosts.bases:
            with urllib.request.urlopen(base + "/metrics", timeout=5) as response:
                metrics = response.read().decode()
            tries = [line for line in metrics.splitlines()
                     if line.startswith(("atrium_events_retried_total", "atrium_events_failed_total")) and 'module="tally"' in line
                     and not line.endswith(" 0")]
            assert tries == [], tries
        print(f"switched off {ROUNDS} times; both hosts answered 503 after {min(applied):.2f}–{max(applied):.2f} s; "
              f"{len(load.entries)} entries heard once each")
        assert max(applied) < 1.5, applied
    finally:
        load.stop.set()
        hosts.close()


def atrium(config, *arguments):
    return subprocess.run([str(ATRIUM), *arguments, "--config", str(config)], capture_output=True, text=True, timeout=60)


def test_switches_from_the_command_line_on_one_host(tmp_path):
    """The shipped modules on SQLite, switched by `atrium modules` and `atrium flags`: a module off
    answers 503 with Retry-After (a page in the visitor's language, an endpoint in JSON), leaves the
    home page, ends its live streams for the home page and takes those that require it along; the
    change is kept with who and why, survives a restart, and `reset` gives it back to the file."""
    port = free_port()
    config = tmp_path / "atrium.yaml"
    config.write_text(
        f"http:\n  port: {port}\nstorage:\n  path: {tmp_path}/atrium.sqlite\nsecrets:\n  keyFile: {tmp_path}/secret.key\n"
        "localization:\n  languages: [en, es]\n"
        f"modules: [login, cookbook, pilot, moneybox, mobility]\npilot:\n  licensesFile: {ROOT / 'Configuration' / 'pilot-licenses.json'}\n")
    log = open(tmp_path / "serve.log", "a")
    process = subprocess.Popen([str(ATRIUM), "serve", "--config", str(config)], stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_ready(process, port)
        assert answers(base, "/moneybox")[0] == 200
        stream = Stream(port, "/moneybox")
        assert stream.status == 200 and stream.next_event()[0] == "scene"

        off = atrium(config, "modules", "disable", "moneybox", "--reason", "the upstream is failing")
        assert off.returncode == 0, off.stderr
        assert "Switched: moneybox off" in off.stdout and "the upstream is failing" in off.stdout
        assert "Applied by 1 of 1 serving hosts." in off.stdout, off.stdout
        # Its live page ends, sent home; its page and endpoints say it is unavailable for now.
        assert stream.next_event(within=5) == ("redirect", None, '{"location":"/"}')
        stream.close()
        assert answers(base, "/moneybox") == (503, "5")
        page = urllib.request.Request(base + "/moneybox", headers={"Accept-Language": "es"})
        try:
            urllib.request.urlopen(page, timeout=5)
            raise AssertionError("answered 200")
        except urllib.error.HTTPError as error:
            assert error.code == 503 and "no está disponible por ahora" in error.read().decode()
        status, body = call(base, "POST", "/moneybox/sandbox/users/login", {"Email": "a@b.c", "Password": "x", "Idfa": "x"})
        assert status == 503 and "unavailable for now" in body["error"]
        assert "/moneybox" not in urllib.request.urlopen(base + "/", timeout=5).read().decode()
        assert "(current)" in atrium(config, "hosts").stdout
        listed = atrium(config, "modules").stdout
        assert re.search(r"moneybox .* off: switch by \S+, \d+ s ago: the upstream is failing", listed), listed

        # Login off takes Mobility along (it requires the current user), and says so first.
        login = atrium(config, "modules", "disable", "login", "--reason", "maintenance")
        assert login.returncode == 0, login.stderr
        assert login.stdout.index("mobility goes off with it: it requires current-user, which login provides.") < login.stdout.index("Switched")
        assert answers(base, "/map")[0] == 503 and answers(base, "/login")[0] == 503

        # A flag set at run time wins over the file until it is reset.
        flag = atrium(config, "flags", "set", "cookbook.missingOne", "off", "--reason", "too slow")
        assert flag.returncode == 0, flag.stderr
        assert re.search(r"cookbook\.missingOne +on +off +switch by \S+, \d+ s ago: too slow", atrium(config, "flags").stdout)

        # Kept across a restart.
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
        process = subprocess.Popen([str(ATRIUM), "serve", "--config", str(config)], stdout=log, stderr=subprocess.STDOUT)
        wait_until_ready(process, port)
        assert answers(base, "/moneybox")[0] == 503 and answers(base, "/map")[0] == 503 and answers(base, "/cookbook")[0] == 200

        for kind, name in [("modules", "login"), ("modules", "moneybox"), ("flags", "cookbook.missingOne")]:
            reset = atrium(config, kind, "reset", name)
            assert reset.returncode == 0 and f"reset {name}" in reset.stdout, reset.stdout + reset.stderr
        for path in ["/moneybox", "/map", "/login"]:
            assert answers(base, path)[0] in (200, 303), path
        assert re.search(r"cookbook\.missingOne +on +on +default", atrium(config, "flags").stdout)
        history = atrium(config, "switches").stdout
        assert "No switch is in force" in history
        for change in ["moneybox off", "login off", "cookbook.missingOne = off", "reset login", "reset moneybox"]:
            assert change in history, history

        # What cannot be switched says why, and changes nothing.
        for arguments, message in [
            (["flags", "set", "cookbook.nope", "on", "--reason", "x"], "no enabled module declares the flag 'cookbook.nope'"),
            (["flags", "set", "cookbook.missingOne", "maybe", "--reason", "x"], "'maybe' is not a flag value"),
            (["modules", "disable", "nope", "--reason", "x"], "the configuration does not serve a module 'nope'"),
            (["modules", "disable", "pilot", "--reason", " "], "--reason must say why"),
            (["modules", "disable", "pilot", "--reason", "x" * 501], "--reason is 501 characters; say why in at most 500"),
            # Ten characters, each an e with 300 acute accents: few characters, many bytes.
            (["modules", "disable", "pilot", "--reason", ("e" + "\u0301" * 300) * 10], "--reason is 6010 bytes of UTF-8; say why in at most 2000"),
            (["flags", "set", "cookbook.missingOne", "users:" + ",".join(f"t{n}@example.com" for n in range(101)), "--reason", "x"],
             "users: names 101 addresses; a switch names at most 100"),
        ]:
            refused = atrium(config, *arguments)
            assert refused.returncode == 1 and message in refused.stderr, (arguments, refused.stderr)
        assert atrium(config, "modules", "disable", "pilot").returncode == 64, "a reason is required"
        assert "No switch is in force" in atrium(config, "switches").stdout
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
