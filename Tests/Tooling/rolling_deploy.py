"""A rolling deploy of the fixture ledger from version 1 to version 2 (Tests/AtriumFixtures/Ledger:
one module compiled in two versions under one id, chosen by `ledger.version`) under load: two
`atrium-fixture-host` processes on one PostgreSQL schema behind nginx, restarted one at a time as
version 2 while writers add entries (with every field either version knows), change their amounts
and remove some, and a reader loads the page. Afterwards it counts what a deploy must not do:
failed requests, fields a host stored that are gone, events handled twice or never.

Used by test_rolling_deploy.py (asserts the counts are 0) and Tests/Benchmarks/deploy.py (prints them
with the load's figures)."""

import base64
import json
import os
import random
import secrets
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request

from test_several_hosts import POSTGRES_URL, start_retrying_balancer, stop_cluster
from test_serve import ATRIUM, free_port, wait_until_ready

FIXTURE_HOST = ATRIUM.parent / "atrium-fixture-host"


class Cluster:
    """Two hosts of ledger version 1 behind nginx, on a schema of their own."""

    def __init__(self, folder, binary=FIXTURE_HOST):
        self.folder = folder
        self.binary = binary
        schema = "deploy_" + secrets.token_hex(6)
        url = POSTGRES_URL + ("&" if "?" in POSTGRES_URL else "?") + f"schema={schema}"
        self.environment = {**os.environ, "STORAGE_URL": url, "SECRETS_KEY": base64.b64encode(secrets.token_bytes(32)).decode()}
        self.ports = [free_port(), free_port()]
        self.logs = [folder / f"host{index}.log" for index in range(2)]
        # When each host's switch began (SIGTERM) and ended (ready as version 2).
        self.switches = []
        self.hosts = []
        self.proxy = None
        try:
            for index in range(2):
                self.hosts.append(self.start(index, version=1))
            self.proxy, self.proxy_port = start_retrying_balancer(folder, self.ports)
        except BaseException:
            # A host or the balancer failed to start: what did start stops here, or it would serve on.
            self.close()
            raise
        self.base = f"http://127.0.0.1:{self.proxy_port}"

    def start(self, index, version):
        config = self.folder / f"host{index}-v{version}.yaml"
        config.write_text(
            f"http:\n  port: {self.ports[index]}\n  drainSeconds: 1\n  trustedProxies: [127.0.0.1]\n"
            f"storage:\n  kind: postgres\n  poolSize: 6\nmodules: [ledger]\nledger:\n  version: {version}\n")
        log = open(self.logs[index], "a")
        process = subprocess.Popen([str(self.binary), str(config)], env=self.environment, stdout=log, stderr=subprocess.STDOUT)
        wait_until_ready(process, self.ports[index])
        return process

    def deploy(self, settle):
        """Each host in turn: SIGTERM (it drains), then started again as version 2; `settle` seconds
        before, between and after."""
        time.sleep(settle)
        for index in range(2):
            began = time.monotonic()
            self.hosts[index].send_signal(signal.SIGTERM)
            assert self.hosts[index].wait(timeout=30) == 0, self.logs[index].read_text()
            self.hosts[index] = self.start(index, version=2)
            self.switches.append((began, time.monotonic()))
            time.sleep(settle)

    def close(self):
        stop_cluster(self.proxy, self.hosts)


def call(base, method, path, body=None, timeout=10):
    """(status, JSON answer or None); status 0 when no answer came."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            text = response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        text, status = error.read(), error.code
    except OSError:
        return 0, None
    try:
        return status, json.loads(text) if text else None
    except ValueError:
        return status, None


class Load:
    """Writers adding, changing and removing entries, and a reader loading the page, through nginx."""

    def __init__(self, cluster, writers=3):
        self.cluster = cluster
        self.writers = writers
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.failures = []
        self.requests = 0
        self.timings = []
        # Entry id -> what its writer knows: the fields stored when it was added, its amount now.
        self.entries = {}
        # Entry id -> (began, ended) of its removal.
        self.removed = {}
        self.threads = [threading.Thread(target=self.write, args=(index,), daemon=True) for index in range(writers)]
        self.threads.append(threading.Thread(target=self.read, daemon=True))

    def request(self, method, path, body=None, expect=(200,)):
        began = time.monotonic()
        status, answer = call(self.cluster.base, method, path, body)
        ended = time.monotonic()
        with self.lock:
            self.requests += 1
            self.timings.append((began, ended - began))
            if status not in expect:
                self.failures.append(f"{method} {path}: {status}")
        return status, answer, began, ended

    def write(self, index):
        rng = random.Random(index)
        mine = []
        number = 0
        while not self.stop.is_set():
            number += 1
            entry = f"w{index}-{number}"
            body = {"id": entry, "title": f"Entry {entry}", "amount": number, "memo": f"memo {entry}", "note": f"memo {entry}",
                    "currency": "GBP", "payer": {"name": f"P{index}", "email": f"p{index}@example.com"}}
            status, answer, _, _ = self.request("POST", "/ledger/entries", body, expect=(201,))
            if status == 201 and answer is not None:
                with self.lock:
                    self.entries[entry] = {"stored": answer, "amount": number}
                mine.append(entry)
            if mine and rng.random() < 0.6:
                target = rng.choice(mine)
                amount = rng.randint(1, 10_000)
                status, _, _, _ = self.request("POST", f"/ledger/entries/{target}/amount", {"amount": amount})
                if status == 200:
                    with self.lock:
                        self.entries[target]["amount"] = amount
            if len(mine) > 5 and rng.random() < 0.1:
                target = mine.pop(rng.randrange(len(mine)))
                status, _, began, ended = self.request("POST", f"/ledger/entries/{target}/remove", {}, expect=(204,))
                if status == 204:
                    with self.lock:
                        self.removed[target] = (began, ended)
                        del self.entries[target]
            time.sleep(0.01)

    def read(self):
        while not self.stop.is_set():
            self.request("GET", "/ledger")
            time.sleep(0.02)

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_):
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=30)


def settle_and_count(cluster, load, first_v2_ready, timeout=60):
    """Waits for the contract migration and every delivery, then counts (fields lost, events handled
    twice, events never handled, contract seconds)."""
    base = cluster.base
    # The contract migration runs once no version 1 host is left: an entry v1 added loses its memo.
    v1_entries = [entry for entry, known in load.entries.items() if "currency" not in known["stored"]]
    deadline = time.monotonic() + timeout
    contract_began = time.monotonic()
    while v1_entries:
        status, answer = call(base, "GET", f"/ledger/entries/{v1_entries[0]}")
        if status == 200 and "memo" not in answer:
            break
        assert time.monotonic() < deadline, f"the contract migration did not run: {answer}"
        time.sleep(0.2)
    contract_seconds = time.monotonic() - contract_began

    # Every added entry's event, and every removal after version 2 served, handled once.
    expected = {f"added-{entry}": 1 for entry in list(load.entries) + list(load.removed)}
    for entry, (began, _) in load.removed.items():
        if began > first_v2_ready:
            expected[f"removed-{entry}"] = 1
    counts = {}
    while True:
        for event in expected:
            if counts.get(event, 0) < expected[event]:
                status, answer = call(base, "GET", f"/ledger/handled/{event}")
                counts[event] = answer["count"] if status == 200 else 0
        if all(counts[event] >= expected[event] for event in expected) or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    # A last look: nothing handled twice meanwhile.
    time.sleep(1)
    twice = never = 0
    for event in expected:
        status, answer = call(base, "GET", f"/ledger/handled/{event}")
        count = answer["count"] if status == 200 else 0
        twice += count > 1
        never += count == 0

    lost = []
    for entry, known in load.entries.items():
        status, now = call(base, "GET", f"/ledger/entries/{entry}")
        stored = known["stored"]
        if status != 200:
            lost.append(f"{entry}: {status}")
            continue
        wanted = {"amount": known["amount"], "title": stored["title"]}
        if "currency" in stored:
            # Version 2 added it: its note, currency and payer's email stay whatever version 1 did.
            wanted.update(note=stored["note"], currency=stored["currency"], email=stored["payer"]["email"])
        else:
            # Version 1 added it: its memo is the note now (the migrations moved it).
            wanted.update(note=stored.get("memo", ""))
        have = {"amount": now["amount"], "title": now["title"], "note": now["note"], "currency": now["currency"], "email": now["payer"]["email"]}
        if any(have[key] != value for key, value in wanted.items()):
            lost.append(f"{entry}: {wanted} became {have}")
    return lost, twice, never, len(expected), contract_seconds


def run(folder, settle, writers=3, binary=FIXTURE_HOST):
    """The whole deploy; returns (cluster, load, lost, twice, never, events, contract seconds)."""
    cluster = Cluster(folder, binary)
    try:
        load = Load(cluster, writers)
        with load:
            cluster.deploy(settle)
        first_v2_ready = cluster.switches[0][1]
        lost, twice, never, events, contract = settle_and_count(cluster, load, first_v2_ready)
    finally:
        cluster.close()
    return cluster, load, lost, twice, never, events, contract
