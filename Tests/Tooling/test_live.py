"""Live scenes through the real `atrium` binary: a scene page asked for with
`Accept: text/event-stream` streams its JSON document at once and again when it changes; a client
resuming with `Last-Event-ID` gets nothing it has already; a signed-out session's stream ends with
where to go; the guard applies; a closed stream frees its place at once; and streams end when the host
stops."""

import http.client
import json
import re
import signal
import socket
import subprocess
import time
import urllib.parse
import urllib.request

from test_serve import ATRIUM, free_port, wait_until_ready
from test_several_hosts import Visitor


class Stream:
    """One Server-Sent Events response over a socket of its own, read event by event (its chunked
    body decoded here, so a read that timed out can be tried again)."""

    def __init__(self, port, path, cookie=None, last_event_id=None, source=None, accept="text/event-stream"):
        # `source`: another loopback address (127.0.0.2, …) stands for another client.
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0) if source else None)
        headers = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", f"Accept: {accept}"]
        if cookie:
            headers.append(f"Cookie: {cookie}")
        if last_event_id:
            headers.append(f"Last-Event-ID: {last_event_id}")
        self.socket.sendall(("\r\n".join(headers) + "\r\n\r\n").encode())
        self.raw = b""
        while b"\r\n\r\n" not in self.raw:
            more = self.socket.recv(65536)
            assert more, "the host closed before answering"
            self.raw += more
        head, self.raw = self.raw.split(b"\r\n\r\n", 1)
        lines = head.decode().split("\r\n")
        self.status = int(lines[0].split()[1])
        self.headers = {line.split(":", 1)[0].lower(): line.split(":", 1)[1].strip() for line in lines[1:]}
        self.body = b""
        self.ended = False
        # The last `retry:` the host gave (milliseconds before coming back), if any.
        self.retry = None

    def header(self, name):
        return self.headers.get(name.lower())

    def read_body(self):
        """The rest of a plain (not streamed) answer."""
        length = int(self.headers.get("content-length", "0"))
        while len(self.raw) < length:
            self.raw += self.socket.recv(65536)
        return self.raw[:length].decode()

    def _decode(self):
        """Moves whole chunks from the raw bytes to the body."""
        while True:
            if b"\r\n" not in self.raw:
                return
            size_line, rest = self.raw.split(b"\r\n", 1)
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                self.ended = True
                return
            if len(rest) < size + 2:
                return
            self.body += rest[:size]
            self.raw = rest[size + 2:]

    def _line(self, deadline):
        while b"\n" not in self.body:
            self._decode()
            if b"\n" in self.body:
                break
            if self.ended:
                return None
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no event in time")
            self.socket.settimeout(left)
            more = self.socket.recv(65536)
            if not more:
                return None
            self.raw += more
        line, self.body = self.body.split(b"\n", 1)
        return line.decode()

    def next_event(self, within=10.0):
        """The next event as (name, id, data); None when the stream ended; TimeoutError when none
        came within `within` seconds."""
        deadline = time.monotonic() + within
        name, event_id, data = None, None, []
        while True:
            line = self._line(deadline)
            if line is None:
                return None
            if line == "":
                if name or data:
                    return name, event_id, "\n".join(data)
                continue
            if line.startswith(":"):
                continue
            field, _, value = line.partition(": ")
            if field == "event":
                name = value
            elif field == "id":
                event_id = value
            elif field == "data":
                data.append(value)
            elif field == "retry":
                self.retry = int(value)

    def nothing_within(self, seconds):
        try:
            return self.next_event(within=seconds) is None
        except TimeoutError:
            return True

    def close(self):
        self.socket.close()


def serve(tmp_path, extra="", modules="login, cookbook", sections=""):
    """A host on a free port with `extra` lines in its http section, `modules` and other `sections`."""
    port = free_port()
    config = tmp_path / "atrium.yaml"
    config.write_text(
        f"http:\n  port: {port}\n{extra}storage:\n  path: {tmp_path / 'atrium.sqlite'}\nsecrets:\n  keyFile: {tmp_path / 'secret.key'}\n"
        f"modules: [{modules}]\n{sections}"
    )
    process = subprocess.Popen([str(ATRIUM), "serve", "--config", str(config)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wait_until_ready(process, port)
    return process, port


def signed_up(port):
    """A visitor who signed up on the host at `port`."""
    visitor = Visitor(f"http://127.0.0.1:{port}")
    visitor.request("/signup")
    status, url, _ = visitor.request("/signup", {"fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"})
    assert url.endswith("/profile"), (status, url)
    return visitor


def stop(process):
    process.send_signal(signal.SIGTERM)
    return process.communicate(timeout=20)[0]


def visitor_cookie(visitor):
    for handler in visitor.opener.handlers:
        jar = getattr(handler, "cookiejar", None)
        if jar is not None:
            return "; ".join(f"{cookie.name}={cookie.value}" for cookie in jar)
    return ""


def html_state(visitor, path):
    """The state id the HTML page gives its main content."""
    status, _, page = visitor.request(path)
    assert status == 200
    return re.search(r'<main id="main" data-state="([0-9a-f]{32})">', page).group(1)


def test_a_page_streams_its_document_at_once_and_again_when_it_changes_and_resumes_without_duplicates(tmp_path):
    process, port = serve(tmp_path)
    try:
        visitor = Visitor(f"http://127.0.0.1:{port}")
        visitor.request("/cookbook/pantry")
        cookie = visitor_cookie(visitor)
        stream = Stream(port, "/cookbook/pantry", cookie)
        assert stream.status == 200 and stream.header("Content-Type").startswith("text/event-stream")
        name, first_id, data = stream.next_event(within=5)
        as_json = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        as_json.request("GET", "/cookbook/pantry", headers={"Accept": "application/json", "Cookie": cookie})
        assert name == "scene" and re.fullmatch(r"[0-9a-f]{32}", first_id)
        assert json.loads(data) == json.loads(as_json.getresponse().read()), "exactly what Accept: application/json answers"
        # The HTML page names its state as the stream does: a browser tells a change made between
        # loading the page and subscribing from the state it shows.
        assert html_state(visitor, "/cookbook/pantry") == first_id

        status, _, _ = visitor.request("/cookbook/pantry", {"have[]": "butter"})
        assert status == 200
        name, second_id, data = stream.next_event(within=10)
        assert name == "scene" and second_id != first_id and "butter" in data.lower()
        assert html_state(visitor, "/cookbook/pantry") == second_id
        stream.close()

        # Resuming with the id of the state the client has: nothing; with an older one: the state now.
        same = Stream(port, "/cookbook/pantry", cookie, last_event_id=second_id)
        assert same.status == 200 and same.nothing_within(2), "no duplicate of a state the client has"
        same.close()
        older = Stream(port, "/cookbook/pantry", cookie, last_event_id=first_id)
        assert older.next_event(within=5)[1] == second_id, "never an old state after a newer one: the latest, at once"
        older.close()
    finally:
        stop(process)


def test_signing_out_ends_the_profiles_stream_with_where_to_go_and_the_guard_applies(tmp_path):
    process, port = serve(tmp_path)
    try:
        anonymous = Stream(port, "/profile")
        assert anonymous.status == 303 and anonymous.header("Location").startswith("/login"), "the route's guard, as for a GET"
        anonymous.close()

        visitor = signed_up(port)
        stream = Stream(port, "/profile", visitor_cookie(visitor))
        assert stream.next_event(within=5)[0] == "scene"
        visitor.request("/profile")
        visitor.request("/logout", {})
        name, _, data = stream.next_event(within=10)
        assert name == "redirect" and json.loads(data)["location"].startswith("/login"), (name, data)
        assert stream.next_event(within=5) is None, "and the stream ends"
    finally:
        stop(process)


def test_a_closed_stream_frees_its_place_at_once_and_a_stopping_host_ends_its_streams(tmp_path):
    """(What the caps do when reached is in test_stream_caps.py.)"""
    process, port = serve(tmp_path, "  maxStreams: 2\n  maxStreamsPerVisitor: 2\n")
    try:
        visitor = Visitor(f"http://127.0.0.1:{port}")
        visitor.request("/cookbook")
        cookie = visitor_cookie(visitor)
        streams = [Stream(port, "/cookbook", cookie) for _ in range(2)]
        assert [stream.status for stream in streams] == [200, 200]
        assert [stream.next_event(within=10)[0] for stream in streams] == ["scene", "scene"]
        streams[0].close()
        # A client that closes its stream frees its place at once, not at the next keep-alive: the
        # next one makes no other stream give way.
        time.sleep(0.5)
        third = Stream(port, "/cookbook", cookie)
        assert third.status == 200 and third.next_event(within=10)[0] == "scene"
        assert streams[1].nothing_within(1) and not streams[1].ended, "the other stream goes on"

        started = time.monotonic()
        output = stop(process)
        assert time.monotonic() - started < 10, "open streams do not hold the host's shutdown"
        assert "stopped" in output
    finally:
        if process.poll() is None:
            stop(process)


def eventually(condition, within=20.0):
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


def test_moneybox_totals_follow_money_added_from_another_tab(tmp_path):
    """Moneybox reads its totals from a remote API: the module notes each payment it makes, so a
    watched accounts page is rendered again (once, not polled per visitor) and shows the new total."""
    process, port = serve(tmp_path, modules="login, moneybox")
    try:
        visitor = signed_up(port)
        visitor.request("/moneybox")
        status, url, _ = visitor.request("/moneybox/sign-in", {"email": "test+ios@moneyboxapp.com", "password": "P455word12"})
        assert status == 200 and url.endswith("/moneybox/accounts"), (status, url)
        stream = Stream(port, "/moneybox/accounts", visitor_cookie(visitor))
        _, first_id, before = stream.next_event(within=5)
        _, _, product = visitor.request("/moneybox/accounts/8043")
        pay = re.search(r'action="(/moneybox/accounts/8043/payments/[^"]+)"', product).group(1)
        status, _, _ = visitor.request(pay, {})
        assert status == 200
        name, second_id, after = stream.next_event(within=10)
        assert name == "scene" and second_id != first_id and after != before, "the accounts page shows the new total"
        stream.close()
    finally:
        stop(process)


def test_the_sandbox_citys_riders_move_the_watched_map(tmp_path):
    """The map reads a feed, not storage: watched, it is rendered again as often as the feed may be
    fetched, and an event goes out when the simulated riders changed what it shows."""
    process, port = serve(
        tmp_path, modules="login, mobility", sections="mobility:\n  minimumRefreshSeconds: 1\n  sandbox:\n    riders: 40\n    everySeconds: 0.1\n")
    try:
        visitor = signed_up(port)
        stream = Stream(port, "/map", visitor_cookie(visitor))
        _, first_id, _ = stream.next_event(within=5)
        name, second_id, _ = stream.next_event(within=15)
        assert name == "scene" and second_id != first_id, "the city moved and the watched map followed"
        stream.close()
    finally:
        stop(process)


def node_kinds(node):
    """Every node's type in a document's screen (or any part of it)."""
    if isinstance(node, dict):
        own = [node["type"]] if isinstance(node.get("type"), str) else []
        return own + [kind for value in node.values() for kind in node_kinds(value)]
    if isinstance(node, list):
        return [kind for value in node for kind in node_kinds(value)]
    return []


def test_a_stream_sends_the_schema_version_its_client_declared(tmp_path):
    """An app that decodes the first version watches the map as the list of its places, in every
    event, while a current client watching the same page gets the map."""
    process, port = serve(
        tmp_path, modules="login, mobility", sections="mobility:\n  minimumRefreshSeconds: 1\n  sandbox:\n    riders: 40\n    everySeconds: 0.1\n")
    try:
        cookie = visitor_cookie(signed_up(port))
        old = Stream(port, "/map", cookie, accept="text/event-stream; schema=1")
        current = Stream(port, "/map", cookie)
        for _ in range(2):
            name, _, data = old.next_event(within=15)
            document = json.loads(data)
            assert name == "scene" and document["schema"] == 1
            assert "map" not in node_kinds(document["screen"]) and "list" in node_kinds(document["screen"]), "the map's fallback"
        name, _, data = current.next_event(within=5)
        document = json.loads(data)
        assert document["schema"] >= 2 and "map" in node_kinds(document["screen"])
        old.close()
        current.close()
    finally:
        stop(process)


def metric(port, name):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        found = re.search(rf"^{name} (\S+)$", response.read().decode(), re.MULTILINE)
    return float(found.group(1)) if found else None


def test_each_watcher_reads_its_own_language_and_a_change_renders_once_per_language(tmp_path):
    """Two people watch the map in English and two in Spanish: each stream's documents are in its
    watcher's language (the page's own: the same state ids as the HTML each is shown), and the
    watchers make two groups, so a change costs a render per language, not per watcher."""
    process, port = serve(
        tmp_path,
        modules="login, mobility",
        sections="localization:\n  languages: [en, es]\nmobility:\n  minimumRefreshSeconds: 1\n  sandbox:\n    riders: 40\n    everySeconds: 0.1\n",
    )
    try:
        visitor = signed_up(port)
        english = visitor_cookie(visitor)
        spanish = english + "; atrium_language=es"
        streams = [Stream(port, "/map", english), Stream(port, "/map", english), Stream(port, "/map", spanish), Stream(port, "/map", spanish)]
        firsts = [stream.next_event(within=10) for stream in streams]
        documents = [json.loads(data) for _, _, data in firsts]
        assert [document["locale"] for document in documents] == ["en", "en", "es", "es"]
        assert documents[0]["screen"]["title"] != documents[2]["screen"]["title"], "the Spanish watchers read Spanish"
        assert firsts[0][1] == firsts[1][1] and firsts[2][1] == firsts[3][1] and firsts[0][1] != firsts[2][1]
        assert eventually(lambda: metric(port, "atrium_live_streams") == 4), "four streams open"
        assert metric(port, "atrium_live_groups") == 2, "one group per language watched, not one per watcher"
        seconds = [stream.next_event(within=15) for stream in streams]
        assert all(name == "scene" for name, _, _ in seconds)
        assert [json.loads(data)["locale"] for _, _, data in seconds] == ["en", "en", "es", "es"]
        assert seconds[0][1] == seconds[1][1] and seconds[2][1] == seconds[3][1], "one render per language, sent to each of its watchers"
        for stream in streams:
            stream.close()
        # A page that stands still: the Spanish HTML page names the state the Spanish stream sends.
        profile = Stream(port, "/profile", spanish)
        _, profile_id, data = profile.next_event(within=10)
        assert json.loads(data)["locale"] == "es"
        as_spanish = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        as_spanish.request("GET", "/profile", headers={"Cookie": spanish})
        page = as_spanish.getresponse().read().decode()
        assert '<html lang="es"' in page
        assert re.search(r'<main id="main" data-state="([0-9a-f]{32})">', page).group(1) == profile_id
        profile.close()
    finally:
        stop(process)
