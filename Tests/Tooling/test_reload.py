"""SIGHUP (and `atrium reload`) reloads the configuration of a running host: modules added and
removed with their boot and shutdown, flags changed, sessions kept, no request in flight dropped;
a configuration with problems, or one that changes what only a restart can, leaves the old one
serving and logs each problem at its key."""

import http.cookiejar
import json
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from test_serve import ATRIUM, free_port, wait_until_ready


class Host:
    def __init__(self, tmp_path):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.config = tmp_path / "atrium.yaml"
        self.log_path = tmp_path / "host.log"
        self.head = (
            f"http:\n  port: {self.port}\nstorage:\n  path: {tmp_path}/atrium.sqlite\nsecrets:\n  keyFile: {tmp_path}/secret.key\n"
        )

    def write(self, rest):
        self.config.write_text(self.head + rest)

    def log(self):
        return self.log_path.read_text()

    def wait_for_log(self, text, after=0):
        deadline = time.monotonic() + 20
        while text not in self.log()[after:]:
            assert time.monotonic() < deadline, f"'{text}' not logged:\n{self.log()[after:]}"
            time.sleep(0.05)


def status(opener, url, accept="text/html"):
    try:
        return opener.open(urllib.request.Request(url, headers={"Accept": accept}), timeout=10).status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.fixture
def host(tmp_path):
    host = Host(tmp_path)
    host.write("modules: [login, pilot]\n")
    with open(host.log_path, "w") as log:
        process = subprocess.Popen([str(ATRIUM), "serve", "--config", str(host.config)], stdout=log, stderr=subprocess.STDOUT)
    host.process = process
    try:
        wait_until_ready(process, host.port)
        yield host
    finally:
        process.kill()
        process.wait()


def sign_up(base):
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = json.load(opener.open(urllib.request.Request(base + "/signup", headers={"Accept": "application/json"}), timeout=10))
    form = urllib.parse.urlencode(
        {"fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery", "_csrf": page["csrfToken"]}
    ).encode()
    opener.open(urllib.request.Request(base + "/signup", data=form), timeout=30)
    return opener


def test_modules_added_and_removed_flags_and_sessions_across_reloads_with_requests_in_flight(host):
    opener = sign_up(host.base)
    assert status(opener, host.base + "/profile") == 200
    assert status(opener, host.base + "/cookbook") == 404

    # Visitors keep asking for pages in four threads across every reload below.
    failures, answered, stop = [], [0], threading.Event()

    def visit():
        visitor = urllib.request.build_opener()
        while not stop.is_set():
            try:
                code = status(visitor, host.base + "/pilot")
                answered[0] += 1
                if code != 200:
                    failures.append(code)
            except OSError as error:
                failures.append(repr(error))

    threads = [threading.Thread(target=visit) for _ in range(4)]
    for thread in threads:
        thread.start()
    try:
        mark = len(host.log())
        host.write("modules: [login, pilot, cookbook]\nflags:\n  cookbook.missingOne: false\n")
        host.process.send_signal(signal.SIGHUP)
        host.wait_for_log("configuration reloaded", mark)
        assert "added=cookbook" in host.log()[mark:]
        assert status(opener, host.base + "/cookbook") == 200, "the module added is served"
        discover = opener.open(host.base + "/cookbook", timeout=10).read().decode()
        assert "Missing one ingredient" not in discover and "Meatloaf" in discover, "the flag set in the same reload"
        assert status(opener, host.base + "/profile") == 200, "the session survives the reload"

        mark = len(host.log())
        host.write("modules: [login, pilot]\n")
        result = subprocess.run([str(ATRIUM), "reload", "--config", str(host.config)], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        assert f"Asked process {host.process.pid} to reload" in result.stdout
        host.wait_for_log("configuration reloaded", mark)
        assert "removed=cookbook" in host.log()[mark:]
        host.wait_for_log("module=cookbook reason=the reloaded configuration replaced it", mark)
        assert status(opener, host.base + "/cookbook") == 404, "the module removed is gone"
        assert status(opener, host.base + "/profile") == 200
        time.sleep(0.5)
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    assert failures == [], failures
    assert answered[0] > 50, answered


def test_a_configuration_with_problems_leaves_the_old_one_serving_and_logs_each(host):
    mark = len(host.log())
    host.write("modules: [login, pilot, nope]\nflags:\n  pilot.wide: true\n")
    host.config.write_text(host.config.read_text().replace("http:\n", "http:\n  hots: 0.0.0.0\n", 1))
    host.process.send_signal(signal.SIGHUP)
    host.wait_for_log("still serving the previous configuration", mark)
    log = host.log()[mark:]
    assert "modules: unknown module 'nope'" in log, log
    assert "key=http.hots" in log and "http.hots: unknown key" in log, log
    assert "flags.pilot.wide: unknown flag" in log, log
    assert status(urllib.request.build_opener(), host.base + "/pilot") == 200, "still serving"

    # `atrium reload` checks first and asks nobody when the file has problems.
    result = subprocess.run([str(ATRIUM), "reload", "--config", str(host.config)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and "unknown module 'nope'" in result.stderr, result.stderr

    # What only a restart can change is refused by name, and the old value stays in use.
    mark = len(host.log())
    other = free_port()
    host.config.write_text(host.head.replace(f"port: {host.port}", f"port: {other}") + "modules: [login, pilot]\n")
    host.process.send_signal(signal.SIGHUP)
    host.wait_for_log("still serving the previous configuration", mark)
    assert "http.port: changed — restart the host to apply it" in host.log()[mark:]
    assert status(urllib.request.build_opener(), host.base + "/pilot") == 200
