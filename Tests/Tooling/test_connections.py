"""The host's connections against slow, idle and hostile clients, on the real server: heads and
bodies that never finish get 408 and are closed, idle keep-alive connections are closed, a cap keeps
descriptors for real visitors, unknown transfer codings get 501, and a slow response is never cut
short by any of it."""

import contextlib
import os
import http.server
import resource
import socket
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# ATRIUM_BINARY runs these against another build (an earlier commit's, to see a test fail before its fix).
ATRIUM = Path(os.environ.get("ATRIUM_BINARY", ROOT / ".build" / "debug" / "atrium"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def host(tmp_path: Path, extra: str = "", http: str = "", descriptors: int | None = None, modules: str = "cookbook"):
    """A host serving `modules` on a free port (its log in host.log, its pid in host.pid), with
    `http` lines in its http section and `extra` sections; `descriptors` limits its open files."""
    port = free_port()
    config = tmp_path / "atrium.yaml"
    config.write_text(
        f"http:\n  port: {port}\n{http}storage:\n  path: {tmp_path}/atrium.sqlite\nsecrets:\n  keyFile: {tmp_path}/secret.key\n"
        f"modules: [{modules}]\n" + extra
    )
    log = tmp_path / "host.log"

    def limit():
        if descriptors:
            resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))

    with open(log, "wb") as output:
        process = subprocess.Popen([str(ATRIUM), "serve", "--config", str(config)], stdout=output, stderr=subprocess.STDOUT, preexec_fn=limit)
    (tmp_path / "host.pid").write_text(str(process.pid))
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, log.read_text()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/ready", timeout=1) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            assert time.monotonic() < deadline, "not ready in 30 s"
            time.sleep(0.1)
        yield port, log
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port))
    sock.settimeout(15)
    return sock


def read_all(sock: socket.socket) -> bytes:
    """Everything until the server closes the connection."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


SHORT = "  headTimeoutSeconds: 2\n  bodyTimeoutSeconds: 2\n  idleTimeoutSeconds: 2\n"


def test_two_hundred_half_sent_request_lines_get_408_and_are_closed(tmp_path):
    with host(tmp_path, http=SHORT) as (port, _):
        sockets = [connect(port) for _ in range(200)]
        for sock in sockets:
            sock.sendall(b"GET /cook")
        started = time.monotonic()
        answers = [read_all(sock) for sock in sockets]
        assert time.monotonic() - started < 6, "each closed at its head deadline"
        assert all(answer.startswith(b"HTTP/1.1 408 Request Timeout") for answer in answers), answers[:3]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/cookbook", timeout=5) as response:
            assert response.status == 200


def test_a_body_sent_a_byte_at_a_time_gets_408_and_an_idle_connection_is_closed(tmp_path):
    with host(tmp_path, http=SHORT) as (port, log):
        slow = connect(port)
        slow.sendall(b"POST /cookbook/pantry HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n")
        started = time.monotonic()
        answer = b""
        with contextlib.suppress(OSError):
            while time.monotonic() - started < 10:
                slow.sendall(b"a")
                slow.settimeout(0.5)
                try:
                    chunk = slow.recv(1000)
                except TimeoutError:
                    continue
                if not chunk:
                    break
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 408"), answer
        assert time.monotonic() - started < 5

        idle = connect(port)
        idle.sendall(b"GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n")
        first = idle.recv(1000)
        assert first.startswith(b"HTTP/1.1 200"), first
        started = time.monotonic()
        assert read_all(idle) == b"", "closed quietly"
        assert 1.5 < time.monotonic() - started < 5


def test_a_response_slower_than_every_timeout_is_not_cut_short(tmp_path):
    class Slow(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            time.sleep(4)
            body = b'[{"name": "Toast", "ingredients": ["bread"]}]' if "recipes" in self.path else b'["bread"]'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    upstream = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{upstream.server_address[1]}"
    try:
        extra = f"cookbook:\n  source: remote\n  recipesURL: {base}/recipes\n  ingredientsURL: {base}/ingredients\n  timeoutSeconds: 10\n"
        with host(tmp_path, extra=extra, http=SHORT) as (port, _):
            started = time.monotonic()
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/cookbook", timeout=15) as response:
                assert response.status == 200
                assert "Toast" in response.read().decode()
            assert time.monotonic() - started > 3.5, "the upstream really was slower than the timeouts"
    finally:
        upstream.shutdown()


def test_an_unknown_transfer_coding_is_501_and_the_host_goes_on(tmp_path):
    with host(tmp_path) as (port, log):
        for coding in [b"xchunked", b"gzip, chunked", b"chunked, gzip", b"identity"]:
            sock = connect(port)
            sock.sendall(b"POST /cookbook/pantry HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: " + coding + b"\r\n\r\n0\r\n\r\n")
            answer = read_all(sock)
            assert answer.startswith(b"HTTP/1.1 501 Not Implemented") or answer.startswith(b"HTTP/1.1 400"), (coding, answer)
        sock = connect(port)
        sock.sendall(b"POST /cookbook/pantry HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\nConnection: close\r\n\r\n0\r\n\r\n")
        assert read_all(sock).startswith(b"HTTP/1.1 403"), "chunked is read: the form then lacks its token"
        time.sleep(0.3)
        assert " 500 " not in log.read_text()


def test_idle_connections_beyond_the_descriptor_limit_do_not_keep_visitors_out(tmp_path):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 4096:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
    assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] >= 2048, "this test needs 2,048 descriptors of its own"
    with host(tmp_path, descriptors=1024) as (port, log):
        # Each connect returns once the kernel has queued it: the host accepts them (and, at its cap,
        # closes the longest idle) as fast as they come.
        idle = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(1200)]
        time.sleep(0.5)
        started = time.monotonic()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/cookbook", timeout=10) as response:
            assert response.status == 200
        assert time.monotonic() - started < 5
        time.sleep(0.3)  # log lines are written in batches within 50 ms
        assert "open connections reached http.maxConnections" in log.read_text()
        for sock in idle:
            sock.close()


def resident_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def raise_descriptors(count: int):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < count:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count), hard))
    assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] >= count, f"this test needs {count} descriptors of its own"


def test_a_large_request_is_its_connections_last_so_no_connection_keeps_its_memory(tmp_path):
    """What a connection keeps of its last request (Hummingbird holds its head until the next one,
    NIO its grown read buffers) would pin a large head's memory on every idle connection: a request
    past 8 KB is answered with Connection: close, and a smaller one keeps the connection alive."""
    raise_descriptors(4096)
    with host(tmp_path, http="  maxStreams: 100\n") as (port, log):
        pid = int((tmp_path / "host.pid").read_text())

        def idle_after(head_bytes, count=200):
            before = resident_kb(pid)
            socks = []
            for _ in range(count):
                sock = connect(port)
                sock.sendall(f"GET /health/live HTTP/1.1\r\nHost: x\r\nX-Filler: {'a' * head_bytes}\r\n\r\n".encode())
                answer = b""
                while b'{"status":"live"}' not in answer:
                    chunk = sock.recv(65536)
                    assert chunk, answer
                    answer += chunk
                socks.append((sock, answer))
            time.sleep(1)
            grown = (resident_kb(pid) - before) / count
            return grown, socks

        small, socks = idle_after(100)
        assert all(b"connection: close" not in answer.lower() for _, answer in socks), "a small request keeps its connection"
        socks[0][0].sendall(b"GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n")
        assert b"200 OK" in socks[0][0].recv(65536)
        almost, more = idle_after(7000, count=20)
        assert all(b"connection: close" not in answer.lower() for _, answer in more), "nor one just under 8 KB"
        large, big = idle_after(78_000)
        assert all(b"connection: close" in answer.lower() for _, answer in big)
        for sock, _ in big:
            sock.settimeout(5)
            assert sock.recv(1) == b"", "and the host closed it"
        print(f"resident memory per idle connection: {small:.1f} KB after a small head, {large:.1f} KB after a 78 KB one")
        assert large <= small + 5, (small, large)
        for sock, _ in socks + more + big:
            sock.close()

        # A live stream keeps its head for as long as it lasts: a large one is refused, and a long
        # Last-Event-ID is not kept.
        sock = connect(port)
        sock.sendall(f"GET /cookbook HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nLast-Event-ID: {'f' * 70_000}\r\n\r\n".encode())
        assert read_all(sock).startswith(b"HTTP/1.1 431"), "refused, and the connection closed"
