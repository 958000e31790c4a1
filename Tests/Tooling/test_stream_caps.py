"""One client cannot keep others out through live streams, HEADs, idle connections or passes it
mints: on the real binary, with the descriptor limit most servers start with (1,024), whatever one
client holds open, another visitor's page and `/health/live` are answered at once, also from the
same address. At every cap the newcomer is served and the oldest stream of whoever holds the most
makes room (its client is told when to come back)."""

import re
import socket
import time
import urllib.request

import test_connections as connections
from test_live import Stream


def host(tmp_path, http="", descriptors=None):
    """A host of Login and the Cookbook that writes warnings and worse only (see test_connections)."""
    return connections.host(tmp_path, extra="log:\n  level: warning\n", http=http, descriptors=descriptors, modules="login, cookbook")


def metric(port, name):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        found = re.search(rf"^{name} (\S+)$", response.read().decode(), re.MULTILINE)
    return float(found.group(1)) if found else None


def minted_pass(port, source=None):
    """A fresh anonymous pass, as any page with a form hands out (here through a raw socket, so
    it can come from another loopback address)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0) if source else None) as sock:
        sock.sendall(b"GET /login HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = sock.recv(65536)
            assert chunk, "closed before answering"
            head += chunk
    cookie = re.search(rb"set-cookie: (atrium_session=[^;]+)", head, re.IGNORECASE)
    assert cookie, head
    return cookie.group(1).decode()


def answered_within(port, path, seconds):
    """Whether a new connection's GET of `path` is answered (200) within `seconds`; the time taken."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=seconds) as response:
            ok = response.status == 200
    except OSError:
        ok = False
    return ok, time.monotonic() - started


def test_a_head_asking_for_a_stream_answers_its_headers_and_holds_no_place(tmp_path):
    with host(tmp_path, "  maxStreams: 4\n  maxStreamsPerVisitor: 4\n") as (port, _):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        for _ in range(40):
            # A fresh pass with each, as the client did: every one is another visitor.
            sock.sendall(f"HEAD /cookbook HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nCookie: {minted_pass(port)}\r\n\r\n".encode())
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = sock.recv(65536)
                assert chunk, "the connection closed"
                head += chunk
            assert head.startswith(b"HTTP/1.1 200"), head
            assert b"text/event-stream" in head.lower() and b"transfer-encoding: chunked" not in head.lower(), "headers, and no body"
        assert metric(port, "atrium_live_streams") == 0, "a HEAD opens no stream"
        # A client that refuses a stream (q=0) or ranks it below HTML gets the page.
        for accept in ["text/event-stream;q=0", "text/event-stream;q=0.5, text/html"]:
            sock.sendall(f"GET /cookbook HTTP/1.1\r\nHost: x\r\nAccept: {accept}\r\n\r\n".encode())
            page = b""
            while b"</html>" not in page:
                chunk = sock.recv(65536)
                assert chunk, page
                page += chunk
            assert b"content-type: text/html" in page.lower(), (accept, page[:300])
        assert metric(port, "atrium_live_streams") == 0
        stream = Stream(port, "/cookbook", minted_pass(port))
        assert stream.status == 200 and stream.next_event(within=10)[0] == "scene"
        assert metric(port, "atrium_live_evictions") == 0, "and closed none to make room"
        sock.close()


def test_at_a_cap_the_oldest_stream_makes_room_and_is_told_when_to_come_back(tmp_path):
    with host(tmp_path, "  maxStreams: 3\n  maxStreamsPerAddress: 3\n  maxStreamsPerVisitor: 2\n") as (port, _):
        cookie = minted_pass(port)
        first, second = Stream(port, "/cookbook", cookie), Stream(port, "/cookbook", cookie)
        assert first.next_event(within=10)[0] == "scene" and second.next_event(within=10)[0] == "scene"
        third = Stream(port, "/cookbook", cookie)
        assert third.status == 200, "a visitor at its cap is not refused"
        assert first.next_event(within=10) is None, "its oldest stream ended"
        assert first.retry == 10000, "with how long to wait before coming back"
        assert metric(port, "atrium_live_streams") == 2, "the others go on"
        # The host's cap: another client (another address) is served; the busiest address makes room.
        other = Stream(port, "/cookbook", minted_pass(port, source="127.0.0.2"), source="127.0.0.2")
        fourth = Stream(port, "/cookbook", minted_pass(port))
        assert other.status == 200 and fourth.status == 200
        assert other.next_event(within=10)[0] == "scene"
        assert second.next_event(within=10) is None, "127.0.0.1 held the most: its oldest made room"
        assert metric(port, "atrium_live_streams") == 3
        assert metric(port, "atrium_live_evictions") == 2


def test_passes_minted_without_end_are_held_to_their_address(tmp_path):
    connections.raise_descriptors(2048)
    with host(tmp_path, "  maxStreams: 256\n") as (port, _):
        hog = [Stream(port, "/cookbook", minted_pass(port)) for _ in range(300)]
        assert all(stream.status == 200 for stream in hog)
        assert metric(port, "atrium_live_streams") == 64, "one address holds a quarter of the streams, however many passes it mints"
        neighbour = Stream(port, "/cookbook", minted_pass(port))
        assert neighbour.status == 200 and neighbour.next_event(within=10)[0] == "scene", "a newcomer from the same address is served"
        elsewhere = [Stream(port, "/cookbook", minted_pass(port, "127.0.0.3"), source="127.0.0.3") for _ in range(5)]
        assert all(stream.status == 200 and stream.next_event(within=10)[0] == "scene" for stream in elsewhere)
        assert metric(port, "atrium_live_streams") == 69
        for stream in hog + elsewhere + [neighbour]:
            stream.close()


def test_whatever_one_client_holds_another_visitor_and_the_health_check_are_answered(tmp_path):
    """The issue's client: idle connections, half-sent heads, HEADs of streams and streams with a
    pass minted for each, up to and past the connection cap of a host with 1,024 descriptors."""
    connections.raise_descriptors(4096)
    with host(tmp_path, descriptors=1024) as (port, log):
        held = []
        for _ in range(150):
            held.append(socket.create_connection(("127.0.0.1", port), timeout=10))
        for _ in range(150):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            sock.sendall(b"GET /cookbook HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            held.append(sock)
        for _ in range(100):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            sock.sendall(b"HEAD /cookbook HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
            held.append(sock)
        streams = [Stream(port, "/cookbook", minted_pass(port)) for _ in range(800)]
        assert metric(port, "atrium_live_streams") <= 384 // 4, "one address holds at most a quarter of the streams"
        for path in ["/health/live", "/cookbook", "/health/live"]:
            ok, took = answered_within(port, path, 3)
            print(f"{path}: {took * 1000:.0f} ms")
            assert ok, f"{path} unanswered while one client holds {len(held) + len(streams)} connections"
        # Another visitor's live page, from the same address, is served too.
        visitor = Stream(port, "/cookbook", minted_pass(port))
        assert visitor.status == 200 and visitor.next_event(within=10)[0] == "scene"
        for sock in held:
            sock.close()
        for stream in streams + [visitor]:
            stream.close()
        assert "open connections reached http.maxConnections" in log.read_text()
