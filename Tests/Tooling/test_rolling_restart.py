"""Host by host behind nginx, nothing fails: two hosts on PostgreSQL behind nginx (Documentation/operations.md's
settings: `proxy_next_upstream error timeout non_idempotent`, safe because every action carries an
`Idempotency-Key`), under steady load — signed-in visitors reading pages, payments posted with keys,
a live watcher — are restarted one at a time (SIGTERM: drain, stop, start again). Then: no request
failed, every payment was made exactly once, nobody was signed out, and the watcher's page is
the page as it is now.

Needs the throwaway PostgreSQL server and nginx that `bash Tests/run-all.sh` provides."""

import base64
import os
import re
import secrets
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from test_live import Stream, visitor_cookie
from test_several_hosts import NGINX, POSTGRES_URL, Visitor, start_retrying_balancer, stop_cluster
from test_serve import ATRIUM, free_port, wait_until_ready

pytestmark = pytest.mark.skipif(
    not (POSTGRES_URL and os.path.exists(NGINX)) and not os.environ.get("CI"),
    reason="needs ATRIUM_TEST_POSTGRES_URL and nginx (bash Tests/run-all.sh provides both)",
)

PRODUCT = "/moneybox/accounts/8043"


class Cluster:
    def __init__(self, tmp_path):
        schema = "rolling_" + secrets.token_hex(6)
        url = POSTGRES_URL + ("&" if "?" in POSTGRES_URL else "?") + f"schema={schema}"
        self.environment = {**os.environ, "STORAGE_URL": url, "SECRETS_KEY": base64.b64encode(secrets.token_bytes(32)).decode()}
        self.ports = [free_port(), free_port()]
        self.configs = []
        self.logs = []
        for index, port in enumerate(self.ports):
            config = tmp_path / f"host{index}.yaml"
            config.write_text(
                f"http:\n  port: {port}\n  drainSeconds: 1\n  trustedProxies: [127.0.0.1]\n"
                "storage:\n  kind: postgres\n  poolSize: 6\nmodules: [login, moneybox]\n")
            self.configs.append(config)
            self.logs.append(tmp_path / f"host{index}.log")
        # When each restart began (SIGTERM) and ended (the host ready again).
        self.switches = []
        self.hosts = []
        self.proxy = None
        try:
            for index in range(2):
                self.hosts.append(self.start(index))
            self.proxy, self.proxy_port = start_retrying_balancer(tmp_path, self.ports)
        except BaseException:
            # A host or the balancer failed to start: what did start stops here, or it would serve on.
            self.close()
            raise
        self.base = f"http://127.0.0.1:{self.proxy_port}"

    def start(self, index):
        log = open(self.logs[index], "a")
        process = subprocess.Popen(
            [str(ATRIUM), "serve", "--config", str(self.configs[index])], env=self.environment, stdout=log, stderr=subprocess.STDOUT)
        wait_until_ready(process, self.ports[index])
        return process

    def restart(self, index):
        """SIGTERM, wait for the host to drain and exit, start it again; how long it took to exit."""
        started = time.monotonic()
        self.switches.append([started, None])
        self.hosts[index].send_signal(signal.SIGTERM)
        assert self.hosts[index].wait(timeout=30) == 0, self.logs[index].read_text()
        drained = time.monotonic() - started
        self.hosts[index] = self.start(index)
        self.switches[-1][1] = time.monotonic()
        return drained

    def restart_one_at_a_time(self, settle):
        """Each host restarted in turn, with `settle` seconds before, between and after; how long
        each took to exit."""
        time.sleep(settle)
        drains = []
        for index in range(len(self.hosts)):
            drains.append(self.restart(index))
            time.sleep(settle)
        return drains

    def close(self):
        stop_cluster(self.proxy, self.hosts)

class Load:
    """Steady traffic through nginx, counting what failed."""

    def __init__(self, cluster, visitor):
        self.cluster = cluster
        self.visitor = visitor
        self.stopping = threading.Event()
        # The watcher goes on until told apart: it must hear the last payment's change.
        self.watching = threading.Event()
        self.lock = threading.Lock()
        self.failures = []
        self.pages = 0
        self.payments = 0
        self.last_event = None
        # Each page read and payment: when it began and how long it took (the benchmark's figures).
        self.timings = []
        self.threads = [threading.Thread(target=self.read_pages, daemon=True) for _ in range(3)]
        self.threads += [threading.Thread(target=self.pay, daemon=True), threading.Thread(target=self.watch, daemon=True)]

    def fail(self, what):
        with self.lock:
            self.failures.append(what)

    def read_pages(self):
        while not self.stopping.is_set():
            for path in ["/moneybox/accounts", PRODUCT, "/profile"]:
                began = time.monotonic()
                try:
                    status, url, _ = self.visitor.request(path)
                except OSError as error:
                    self.fail(f"GET {path}: {error}")
                    continue
                if status != 200 or not url.endswith(path):
                    self.fail(f"GET {path}: {status} at {url}")
                with self.lock:
                    self.pages += 1
                    self.timings.append((began, time.monotonic() - began))

    def pay(self):
        """Each payment from a fresh product page, sent with a key of its own."""
        while not self.stopping.is_set():
            try:
                _, _, page = self.visitor.request(PRODUCT)
                path = re.search(r'formaction="(/moneybox/accounts/8043/payments/[^"]+)"', page).group(1)
                basis = re.search(r'name="_basis" value="([^"]+)"', page).group(1)
                began = time.monotonic()
                status, url, _ = self.visitor.request(path, {"_basis": basis}, headers={"Idempotency-Key": secrets.token_hex(16)})
            except (OSError, AttributeError) as error:
                self.fail(f"payment: {error!r}")
                continue
            if status != 200 or urllib.parse.urlsplit(url).path != PRODUCT:
                self.fail(f"payment: {status} at {url}")
                continue
            with self.lock:
                self.payments += 1
                self.timings.append((began, time.monotonic() - began))
            time.sleep(0.05)

    def watch(self):
        """A live watcher of the accounts page that resumes, as a browser does, after a stream ends."""
        cookie = visitor_cookie(self.visitor)
        while not self.watching.is_set():
            try:
                stream = Stream(self.cluster.proxy_port, "/moneybox/accounts", cookie, last_event_id=self.last_event)
                if stream.status != 200:
                    stream.close()
                    time.sleep(0.5)
                    continue
                while not self.watching.is_set():
                    try:
                        event = stream.next_event(within=1)
                    except TimeoutError:
                        continue
                    if event is None:
                        break
                    if event[0] == "scene":
                        self.last_event = event[1]
                time.sleep((stream.retry or 500) / 1000)
                stream.close()
            except (OSError, AssertionError):
                time.sleep(0.5)

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_):
        self.stopping.set()
        for thread in self.threads[:-1]:
            thread.join(timeout=30)

    def stop_watching(self):
        self.watching.set()
        self.threads[-1].join(timeout=30)


def signed_in_visitor(cluster):
    """A visitor who signed up through the balancer and signed in to Moneybox's sandbox."""
    visitor = Visitor(cluster.base)
    visitor.request("/signup")
    status, url, _ = visitor.request("/signup", {"fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"})
    assert url.endswith("/profile"), (status, url)
    visitor.request("/moneybox")
    status, url, _ = visitor.request("/moneybox/sign-in", {"email": "test+ios@moneyboxapp.com", "password": "P455word12"})
    assert url.endswith("/moneybox/accounts"), (status, url)
    return visitor


def moneybox_value(visitor):
    _, _, page = visitor.request(PRODUCT)
    return float(re.findall(r'<data class="money" value="([0-9.]+)">', page)[1])


def current_state_id(cluster, visitor):
    stream = Stream(cluster.proxy_port, "/moneybox/accounts", visitor_cookie(visitor))
    try:
        return stream.next_event(within=10)[1]
    finally:
        stream.close()


def test_two_hosts_restarted_one_at_a_time_under_load_fail_nothing(tmp_path):
    cluster = Cluster(tmp_path)
    try:
        visitor = signed_in_visitor(cluster)
        before = moneybox_value(visitor)

        load = Load(cluster, visitor)
        with load:
            drains = cluster.restart_one_at_a_time(settle=2)
        assert load.failures == [], f"{len(load.failures)} failed of {load.pages} pages and {load.payments} payments: {load.failures[:5]}"
        assert load.pages > 50 and load.payments > 5, (load.pages, load.payments)
        assert all(drain < 10 for drain in drains), drains
        assert moneybox_value(visitor) == before + 10 * load.payments, "every payment made once: none lost, none twice"
        status, url, _ = visitor.request("/profile")
        assert status == 200 and url.endswith("/profile"), "still signed in"
        # The watcher hears the last change within a moment (a change is pushed, not polled).
        current = current_state_id(cluster, visitor)
        deadline = time.monotonic() + 10
        while load.last_event != current and time.monotonic() < deadline:
            time.sleep(0.1)
        load.stop_watching()
        assert load.last_event == current, "the watcher's page is the page as it is now"
        print(f"rolling restart: {load.pages} pages, {load.payments} payments, 0 failed; hosts exited {drains[0]:.1f} s and {drains[1]:.1f} s after SIGTERM")
    finally:
        cluster.close()
