"""Live scenes' figures (see run.sh).

- Delay from a write to the event: SUBSCRIBERS streams (1, 100 and 1,000) of one signed-in user's
  /profile/details on one host (one group: they share every render); the user's details are changed
  through HTTP CHANGES times; the delay is from sending the change to each stream receiving the new
  state: p50 and p99 over every stream and change, and over changes of the last stream to get it.
  Then the same on two PostgreSQL hosts, streams on host B and the change written through host A.
- Work per change with 1,000 subscribers: record loads from the database, renders, events and
  bytes written per change (from /metrics).
- Memory per idle stream: 5,000 streams of one page, the host's resident memory before and after,
  divided by 5,000: in the host that served the streams above (its heap has room it grew before),
  and in a host just started (every byte new).

Run alone: ONLY=live bash Tests/Benchmarks/run.sh (or python3 Tests/Benchmarks/bench.py BIN)."""

import concurrent.futures
import html
import os
import re
import selectors
import socket
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

CHANGES = int(os.environ.get("CHANGES", "20"))


def host(bench, binary: Path, work: Path, name: str, storage: str, environment=None):
    return bench.serve_host(binary, work, name, "  maxStreams: 10000\n  maxStreamsPerVisitor: 10000\n", f"{storage}modules: [login]\n", environment)


def change(port, cookie, token, index):
    import http.client
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    form = urllib.parse.urlencode({"givenName": "Ada", "familyName": f"Live{index:05d}", "nickname": "", "picture": "", "_csrf": token})
    sent = time.perf_counter()
    connection.request("POST", "/profile/details/edit", body=form, headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
    assert connection.getresponse().status == 303
    return sent


def percentiles(values):
    values = sorted(values)
    return values[len(values) // 2], values[min(len(values) - 1, int(len(values) * 0.99))]


class RawStream:
    """One stream on a plain socket, for the delays: one epoll loop reads every stream's bytes as
    they come (a coroutine per stream reading line by line took longer, on the host's own cores,
    than the host took to write them)."""

    def __init__(self, port, cookie, path="/profile/details"):
        self.socket = socket.create_connection(("127.0.0.1", port))
        self.socket.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: {cookie}\r\n\r\n".encode())
        raw = b""
        while b"\r\n\r\n" not in raw:
            raw += self.socket.recv(65536)
        head, self.raw = raw.split(b"\r\n\r\n", 1)
        assert b" 200 " in head.split(b"\r\n")[0], head[:200]
        self.socket.setblocking(False)

    def took_state(self):
        """Whether a whole `event: scene` has arrived since the last call (the bytes up to its end
        are dropped)."""
        start = self.raw.find(b"event: scene")
        end = self.raw.find(b"\n\n", start) if start >= 0 else -1
        if end < 0:
            return False
        self.raw = self.raw[end + 2:]
        return True


def wait_for_states(streams, timeout=30):
    """Reads every stream until each has a new state; returns when each did (perf_counter)."""
    arrived = {}
    with selectors.DefaultSelector() as selector:
        for index, stream in enumerate(streams):
            if stream.took_state():
                arrived[index] = time.perf_counter()
            else:
                selector.register(stream.socket, selectors.EVENT_READ, index)
        deadline = time.monotonic() + timeout
        while len(arrived) < len(streams):
            assert time.monotonic() < deadline, f"{len(streams) - len(arrived)} streams got no state"
            for key, _ in selector.select(timeout=1):
                stream = streams[key.data]
                stream.raw += stream.socket.recv(1 << 20)
                if stream.took_state():
                    arrived[key.data] = time.perf_counter()
                    selector.unregister(stream.socket)
    return [arrived[index] for index in range(len(streams))]


def delays(write_port, read_port, cookie, token, subscribers):
    """Per delivery (each stream's delay for each change) and per change (the last stream's):
    p50 and p99 of each, in ms."""
    streams = [RawStream(read_port, cookie) for _ in range(subscribers)]
    wait_for_states(streams)
    each, last = [], []
    with concurrent.futures.ThreadPoolExecutor(1) as writer:
        for index in range(CHANGES):
            sending = writer.submit(change, write_port, cookie, token, index + subscribers * 1000)
            arrivals = wait_for_states(streams)
            sent = sending.result()
            each += [(arrival - sent) * 1000 for arrival in arrivals]
            last.append((max(arrivals) - sent) * 1000)
    for stream in streams:
        stream.socket.close()
    return percentiles(each) + percentiles(last)


def metric(bench, port, name):
    body = bench.fetch(f"http://127.0.0.1:{port}/metrics")[2].decode()
    found = re.search(rf"^{name} ([0-9.e+]+)$", body, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


def edit_token(bench, port, cookie):
    _, _, page = bench.fetch(f"http://127.0.0.1:{port}/profile/details/edit", {"Cookie": cookie})
    return html.unescape(re.search(rb'name="_csrf" value="([^"]+)"', page).group(1).decode())


def work_per_change(bench, port, cookie, token):
    streams = [RawStream(port, cookie) for _ in range(1000)]
    wait_for_states(streams)
    names = ("atrium_record_loads", "atrium_live_renders", "atrium_live_events", "atrium_live_bytes")
    before = [metric(bench, port, name) for name in names]
    with concurrent.futures.ThreadPoolExecutor(1) as writer:
        for index in range(10):
            sending = writer.submit(change, port, cookie, token, 90000 + index)
            wait_for_states(streams)
            sending.result()
    after = [metric(bench, port, name) for name in names]
    for stream in streams:
        stream.socket.close()
    return [(after[index] - before[index]) / 10 for index in range(len(names))]


def idle_memory(bench, process, port, cookie):
    time.sleep(1)
    before = bench.rss_mb(process.pid)
    streams = [RawStream(port, cookie, "/login") for _ in range(5000)]
    time.sleep(2)
    after = bench.rss_mb(process.pid)
    for stream in streams:
        stream.socket.close()
    return (after - before) * 1024 / 5000


def measure(bench, binary: Path):
    print("\n## Live scenes\n")
    work = Path(tempfile.mkdtemp(prefix="atrium-live-"))
    process, port = host(bench, binary, work, "live-sqlite", f"storage:\n  path: {work}/atrium.sqlite\n")
    rows = []
    try:
        cookie = bench.sign_up(f"http://127.0.0.1:{port}")
        token = edit_token(bench, port, cookie)
        for subscribers in (1, 100, 1000):
            rows.append((f"SQLite, one host, {subscribers:,} subscriber{'s' if subscribers > 1 else ''}",
                         *delays(port, port, cookie, token, subscribers)))
        loads, renders, events, written = work_per_change(bench, port, cookie, token)
        per_stream = idle_memory(bench, process, port, cookie)
    finally:
        bench.stop(process)
    process, port = host(bench, binary, work, "live-fresh", f"storage:\n  path: {work}/fresh.sqlite\n")
    try:
        per_stream_fresh = idle_memory(bench, process, port, bench.sign_up(f"http://127.0.0.1:{port}"))
    finally:
        bench.stop(process)
    if bench.POSTGRES_URL:
        schema = "live_" + os.urandom(6).hex()
        url = bench.POSTGRES_URL + ("&" if "?" in bench.POSTGRES_URL else "?") + f"schema={schema}"
        storage = "storage:\n  kind: postgres\n  poolSize: 8\n"
        first, first_port = host(bench, binary, work, "live-a", storage, {"STORAGE_URL": url})
        second, second_port = host(bench, binary, work, "live-b", storage, {"STORAGE_URL": url})
        try:
            cookie = bench.sign_up(f"http://127.0.0.1:{first_port}")
            token = edit_token(bench, first_port, cookie)
            for subscribers in (1, 100, 1000):
                rows.append((f"PostgreSQL, written on host A, streams on host B, {subscribers:,} subscriber{'s' if subscribers > 1 else ''}",
                             *delays(first_port, second_port, cookie, token, subscribers)))
        finally:
            bench.stop(first)
            bench.stop(second)
    print(f"{CHANGES} changes of one user's profile details, each sent through HTTP while the streams of /profile/details wait; a delay "
          "is from sending the change to a stream reading the new state: per delivery (every stream, every change) and per change "
          "(the last of its streams). Release build, loopback; the streams are read by one Python process (one epoll loop) on the host's cores.\n")
    print("| where | p50 per delivery | p99 per delivery | p50 last stream | p99 last stream |")
    print("|---|---|---|---|---|")
    for label, p50, p99, last50, last99 in rows:
        print(f"| {label} | {p50:.2f} ms | {p99:.2f} ms | {last50:.2f} ms | {last99:.2f} ms |")
    print(f"\n- Work per change with 1,000 subscribers of one page: {loads:.2f} record loads from the database (the change's own "
          f"request included), {renders:.2f} renders, {events:,.0f} events, {written / 1024:,.0f} KB written.")
    print(f"- Memory per idle stream (5,000 streams of /login): {per_stream:.1f} KB in the host that served the streams above, "
          f"{per_stream_fresh:.1f} KB in a host just started.")
    sys.stdout.flush()
