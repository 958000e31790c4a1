"""Module events' figures (see run.sh): how long from a ride's end being written to Login's charge
being written by the subscriber's handler, on SQLite (one host) and on PostgreSQL (two hosts: the
ride ends on host A, which does not deliver, and host B delivers, woken by A's notification).

Each of RIDES rides (default 200) is unlocked and ended through HTTP; the delay is the charge
record's write time minus the rider's ride record's write time, both stamped by the hosts (the ride
record is written in the transaction that publishes the event, just before it commits: the delay
includes that commit). p50, p99 and the largest.

Run alone: ONLY=events bash Tests/Benchmarks/run.sh (or python3 Tests/Benchmarks/bench.py BIN)."""

import html
import json
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

RIDES = int(os.environ.get("RIDES", "200"))


def host(bench, binary: Path, work: Path, name: str, storage: str, deliver: bool, environment=None):
    process, port = bench.serve_host(
        binary, work, name, "", f"{storage}modules: [login, mobility]\nevents:\n  deliver: {'true' if deliver else 'false'}\n", environment)
    return process, f"http://127.0.0.1:{port}"


def rides(bench, base, written_times):
    """Takes RIDES rides through `base`; `written_times(count)` returns (ride written, charge
    written) once the rider's charges count `count` rides, else None."""
    cookie = bench.sign_up(base)
    headers = {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}
    _, _, feed = bench.fetch(base + "/mobility/gbfs/vehicle_status.json")
    vehicle = next(v["vehicle_id"] for v in json.loads(feed)["data"]["vehicles"] if not v["is_reserved"])
    _, _, page = bench.fetch(f"{base}/map/vehicles/{vehicle}", {"Cookie": cookie})
    token = urllib.parse.urlencode({"_csrf": html.unescape(re.search(rb'name="_csrf" value="([^"]+)"', page).group(1).decode())}).encode()
    delays = []
    for count in range(1, RIDES + 1):
        assert bench.fetch(f"{base}/map/vehicles/{vehicle}/unlock", headers, token)[0] == 303
        assert bench.fetch(f"{base}/map/ride/end", headers, token)[0] == 303
        started = time.monotonic()
        while (times := written_times(count)) is None:
            assert time.monotonic() - started < 10, f"ride {count} was not charged within 10 s"
            time.sleep(0.002)
        delays.append((times[1] - times[0]) * 1000)
    delays.sort()
    return delays[len(delays) // 2], delays[min(len(delays) - 1, int(len(delays) * 0.99))], delays[-1]


def sqlite_times(path):
    def times(count):
        with sqlite3.connect(path) as database:
            rows = dict(database.execute(
                "SELECT module || '/' || collection, json || char(9) || updatedAt FROM records "
                "WHERE (module = 'mobility' AND collection = 'rides') OR (module = 'login' AND collection = 'charges')").fetchall())
        return parse(rows.get("mobility/rides"), rows.get("login/charges"), count)
    return times


def postgres_times(url, schema):
    def times(count):
        output = subprocess.run(
            ["psql", url, "-tAF", "\t", "-c",
             f"SELECT module || '/' || collection, convert_from(json, 'UTF8'), updated_at FROM {schema}.records "
             "WHERE (module = 'mobility' AND collection = 'rides') OR (module = 'login' AND collection = 'charges')"],
            capture_output=True, text=True, check=True).stdout
        rows = {}
        for line in output.splitlines():
            key, document, written = line.split("\t")
            rows[key] = document + "\t" + written
        return parse(rows.get("mobility/rides"), rows.get("login/charges"), count)
    return times


def parse(ride, charge, count):
    if ride is None or charge is None:
        return None
    charge_document, charge_written = charge.rsplit("\t", 1)
    if json.loads(charge_document)["rides"] != count:
        return None
    return float(ride.rsplit("\t", 1)[1]), float(charge_written)


def measure(bench, binary: Path):
    print("\n## Module events: from a ride's end to Login's charge\n")
    work = Path(tempfile.mkdtemp(prefix="atrium-events-"))
    results = []
    process, base = host(bench, binary, work, "events-sqlite", f"storage:\n  path: {work}/atrium.sqlite\n", deliver=True)
    try:
        results.append(("SQLite, one host (WAL, synchronous=FULL)", rides(bench, base, sqlite_times(work / "atrium.sqlite"))))
    finally:
        bench.stop(process)
    if bench.POSTGRES_URL:
        schema = "events_" + os.urandom(6).hex()
        url = bench.POSTGRES_URL + ("&" if "?" in bench.POSTGRES_URL else "?") + f"schema={schema}"
        storage = "storage:\n  kind: postgres\n  poolSize: 8\n"
        publisher, base = host(bench, binary, work, "events-a", storage, deliver=False, environment={"STORAGE_URL": url})
        deliverer, _ = host(bench, binary, work, "events-b", storage, deliver=True, environment={"STORAGE_URL": url})
        try:
            plain = urllib.parse.urlunsplit(urllib.parse.urlsplit(bench.POSTGRES_URL)._replace(query=""))
            results.append(("PostgreSQL 15, two hosts (A publishes, B delivers)", rides(bench, base, postgres_times(plain, schema))))
        finally:
            bench.stop(publisher)
            bench.stop(deliverer)
    else:
        print("No PostgreSQL server (ATRIUM_TEST_POSTGRES_URL): SQLite only.\n")
    print(f"{RIDES} rides, one after another; the delay is from the ride record's write (in the transaction that publishes "
          f"the event, before its commit) to the charge's write by Login's handler, both stamped by the hosts.\n")
    print("| storage | p50 | p99 | largest |")
    print("|---|---|---|---|")
    for label, (p50, p99, largest) in results:
        print(f"| {label} | {p50:.2f} ms | {p99:.2f} ms | {largest:.2f} ms |")
    sys.stdout.flush()
