"""The change feed's figures (see run.sh): two hosts on one PostgreSQL, each caching what it reads.

- Cross-host delay: a signed-in visitor's profile change is written through host A; host B, which
  has the page cached, is asked for it (with the session only, not the visitor's read-your-writes
  mark) until it shows the change. The delay is from A's answer to the first answer of B that shows
  it, over WRITES writes (default 200): p50, p99 and the largest.
- Write throughput: anonymous visitors (64, one wrk connection each) adding and removing pantry
  ingredients (each a committed, announced write of the visitor's own record), wrk -t2 -c64, on a
  PostgreSQL host of this build and, with BEFORE_FEED_BIN=<folder of an older build's atrium>, of
  a build without the feed, in alternating rounds.

Run alone: ONLY=feed bash Tests/Benchmarks/run.sh (or python3 Tests/Benchmarks/bench.py BIN with
ATRIUM_TEST_POSTGRES_URL set)."""

import html
import http.client
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

WRITES = int(os.environ.get("WRITES", "200"))


def postgres_host(bench, binary: Path, work: Path, schema: str, name: str):
    port = bench.free_port()
    config = work / f"{name}.yaml"
    config.write_text(
        f"http:\n  port: {port}\nstorage:\n  kind: postgres\n  poolSize: 16\nsecrets:\n  keyFile: {work}/secret.key\nlog:\n  level: info\n"
        f"modules: [login, cookbook]\n"
    )
    environment = {**os.environ, "STORAGE_URL": bench.POSTGRES_URL + ("&" if "?" in bench.POSTGRES_URL else "?") + f"schema={schema}"}
    log = open(work / f"{name}.log", "wb")
    process = subprocess.Popen([str(binary / "atrium"), "serve", "--config", str(config)], stdout=log, stderr=subprocess.STDOUT, env=environment)
    base = f"http://127.0.0.1:{port}"
    bench.wait_ready(base + "/health/live", process)
    # The listener vouches for the caches shortly after boot.
    deadline = time.monotonic() + 10
    while b"changeFeed" in bench.fetch(base + "/health/ready")[2] and time.monotonic() < deadline:
        time.sleep(0.05)
    return process, port


class Client:
    """One keep-alive connection to one host."""

    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def request(self, method, path, headers, body=None):
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        return response.status, response.getheaders(), response.read()


def cross_host_delay(bench, binary, work):
    schema = "feed_" + os.urandom(6).hex()
    first, first_port = postgres_host(bench, binary, work, schema, "feed-a")
    second, second_port = postgres_host(bench, binary, work, schema, "feed-b")
    try:
        cookie = bench.sign_up(f"http://127.0.0.1:{first_port}")
        writer, reader = Client(first_port), Client(second_port)
        _, _, page = writer.request("GET", "/profile/details/edit", {"Cookie": cookie})
        token = html.unescape(re.search(rb'name="_csrf" value="([^"]+)"', page).group(1).decode())
        delays, polls = [], []
        for index in range(WRITES):
            status, _, _ = reader.request("GET", "/profile/details", {"Cookie": cookie})
            assert status == 200
            name = f"King{index:04d}"
            form = urllib.parse.urlencode({"givenName": "Ada", "familyName": name, "nickname": "", "picture": "", "_csrf": token})
            status, _, _ = writer.request(
                "POST", "/profile/details/edit", {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}, form)
            assert status == 303, f"the change answered {status}"
            answered = time.perf_counter()
            count = 0
            while True:
                count += 1
                _, _, body = reader.request("GET", "/profile/details", {"Cookie": cookie})
                if name.encode() in body:
                    delays.append((time.perf_counter() - answered) * 1000)
                    polls.append(count)
                    break
                assert time.perf_counter() - answered < 10, "host B never showed the change"
        delays.sort()
        return {
            "p50": statistics.median(delays),
            "p99": delays[min(len(delays) - 1, int(len(delays) * 0.99))],
            "max": delays[-1],
            "first_try": sum(1 for count in polls if count == 1) / len(polls),
        }
    finally:
        bench.stop(first)
        bench.stop(second)


def write_throughput(bench, binary, work, name):
    """Requests per second of pantry adds and removes by 64 anonymous visitors on one PostgreSQL
    host of `binary`, in rounds."""
    schema = "writes_" + os.urandom(6).hex()
    process, port = postgres_host(bench, binary, work, schema, name)
    try:
        client = Client(port)
        requests = []
        for visitor in range(64):
            status, headers, page = client.request("GET", "/cookbook", {})
            cookie = next(value.split(";")[0] for key, value in headers if key.lower() == "set-cookie" and value.startswith("atrium_session"))
            token = html.unescape(re.search(rb'name="_csrf" value="([^"]+)"', page).group(1).decode())
            add = sorted(set(re.findall(rb'action="(/cookbook/pantry/[^"/]+/add)"', page)))[visitor % 8].decode()
            for path in (add, add.replace("/add", "/remove")):
                requests.append((path, cookie, f"_csrf={urllib.parse.quote(token)}"))
        script = work / f"{name}.lua"
        lines = ["local requests = {}"]
        for path, cookie, body in requests:
            lines.append(
                f'table.insert(requests, wrk.format("POST", "{path}", {{["Cookie"] = "{cookie}", '
                f'["Content-Type"] = "application/x-www-form-urlencoded"}}, "{body}"))')
        lines += ["local counter = 0", "request = function()", "  counter = counter + 1", "  return requests[(counter % #requests) + 1]", "end"]
        script.write_text("\n".join(lines) + "\n")
        return f"http://127.0.0.1:{port}/", script, process
    except Exception:
        bench.stop(process)
        raise


def wrk_script(url, script, duration):
    output = subprocess.run(["wrk", "-t2", "-c64", f"-d{duration}s", "--latency", "-s", str(script), url],
                            capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", output)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
    errors = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    return rate, float(p99.group(1)) * scale, int(errors.group(1)) if errors else 0


def measure(bench, binary: Path):
    print("\n## The change feed: two PostgreSQL hosts\n")
    if not bench.POSTGRES_URL:
        print("No PostgreSQL server (ATRIUM_TEST_POSTGRES_URL); run.sh starts a throwaway one.")
        return
    work = Path(tempfile.mkdtemp(prefix="atrium-feed-"))
    delay = cross_host_delay(bench, binary, work)
    print(
        f"Cross-host delay ({WRITES} profile changes written through host A, each then asked of host B, which had the page "
        f"cached, until it shows; from A's answer to B's first answer showing it; PostgreSQL 15 on loopback): "
        f"p50 {delay['p50']:.2f} ms, p99 {delay['p99']:.2f} ms, largest {delay['max']:.2f} ms; "
        f"{delay['first_try'] * 100:.0f}% showed on B's first request.\n"
    )
    sys.stdout.flush()
    sides = [("this build (announces every write)", binary)]
    before = os.environ.get("BEFORE_FEED_BIN")
    if before:
        sides.append(("without the change feed", Path(before)))
    targets = [write_throughput(bench, side, work, f"writes-{index}") for index, (_, side) in enumerate(sides)]
    try:
        for url, script, _ in targets:
            wrk_script(url, script, 2)
        rounds = [[wrk_script(url, script, bench.ROUND) for url, script, _ in targets] for _ in range(bench.ROUNDS)]
    finally:
        for _, _, process in targets:
            bench.stop(process)
    print(
        f"Write throughput: 64 anonymous visitors adding and removing pantry ingredients (each a committed write), wrk -t2 -c64, "
        f"{bench.ROUNDS} rounds of {bench.ROUND} s alternating; medians.\n"
    )
    print("| host | writes/s | p99 | non-3xx |")
    print("|---|---|---|---|")
    for index, (label, _) in enumerate(sides):
        rate = statistics.median(run[index][0] for run in rounds)
        p99 = statistics.median(run[index][1] for run in rounds)
        errors = sum(run[index][2] for run in rounds)
        print(f"| {label} | {rate:,.0f} | {p99:.1f} ms | {errors} |")
    sys.stdout.flush()
