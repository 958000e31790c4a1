"""`atrium open URL`, the terminal client built on the native client kit alone, through a
pseudo-terminal as a person uses it: numbered links, fields and buttons, a Pilot registration typed
in and sent, and a live page (the sandbox city's map) redrawn in place when its riders move."""

import http.server
import json
import os
import pty
import select
import subprocess
import threading
import time

from test_live import serve, stop
from test_serve import ATRIUM, ROOT

CLEAR = "\x1b[H\x1b[2J"


class Terminal:
    """`atrium open` on a pseudo-terminal: what it wrote, and lines typed into it."""

    def __init__(self, url, atrium=ATRIUM, options=()):
        self.primary, secondary = pty.openpty()
        self.process = subprocess.Popen(
            [str(atrium), "open", url, *options], stdin=secondary, stdout=secondary, stderr=secondary, close_fds=True)
        os.close(secondary)
        self.output = ""

    def read_until(self, text, within=15.0):
        """Reads until `text` has been written after what was read before; returns what came."""
        return self._read(lambda written: text in written, text, within)

    def read_screen(self, text, within=15.0):
        """Reads until a screen holding `text` has been drawn whole (its prompt written after it).

        A screen can reach the pseudo-terminal in several writes, so seeing `text` alone does not
        mean the lines below it have come yet."""
        def drawn(written):
            at = written.find(text)
            return at >= 0 and "> " in written[at + len(text):]
        return self._read(drawn, f"{text}, then the prompt", within)

    def _read(self, done, wanted, within):
        start = len(self.output)
        deadline = time.monotonic() + within
        while not done(self.output[start:]):
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"no {wanted!r} within {within} s; the terminal shows:\n{self.output[start:][-3000:]}"
            ready, _, _ = select.select([self.primary], [], [], remaining)
            if ready:
                try:
                    self.output += os.read(self.primary, 65536).decode(errors="replace")
                except OSError:
                    break
        return self.output[start:]

    def type(self, line):
        os.write(self.primary, (line + "\n").encode())

    def number_of(self, label, screen):
        """The number the last screen gives the line holding `label`."""
        for line in screen.split(CLEAR)[-1].splitlines():
            if label in line and line.lstrip().startswith("["):
                return line.lstrip()[1:].split("]")[0]
        raise AssertionError(f"no numbered {label!r} on:\n{screen.split(CLEAR)[-1]}")

    def close(self):
        self.type("q")
        assert self.process.wait(timeout=10) == 0
        os.close(self.primary)


def test_a_pilot_registration_typed_into_the_terminal_is_confirmed(tmp_path):
    licenses = ROOT / "Configuration" / "pilot-licenses.json"
    process, port = serve(tmp_path, modules="pilot", sections=f"pilot:\n  licensesFile: {licenses}\n")
    try:
        terminal = Terminal(f"http://127.0.0.1:{port}/pilot")
        screen = terminal.read_until("> ")
        assert "Register" in screen and CLEAR in screen, "a terminal's screen is drawn in place"
        name, license, password, verification = (terminal.number_of(label, screen) for label in ("Name:", "license", "Password:", "verification"))
        button = terminal.number_of("( Register", screen)
        terminal.type(f"{name} TestUser")
        terminal.type(f"{license} PPL")
        terminal.type(f"{password} abc")
        terminal.type(f"{verification} abd")
        terminal.type(button)
        refused = terminal.read_screen("The form was refused")
        assert "Password must be at least 12 characters." in refused and "Must be identical to the password." in refused
        assert "abc" not in refused.split(CLEAR)[-1], "a password is never shown"
        terminal.type(f"{password} A9sDk3fJ1lM2")
        terminal.type(f"{verification} A9sDk3fJ1lM2")
        terminal.type(button)
        confirmed = terminal.read_screen("Welcome TestUser!")
        assert "Your license is PPL" in confirmed and "C172" in confirmed
        terminal.type("99")
        assert "is not a number on this page" in terminal.read_until("> ")
        terminal.close()
    finally:
        stop(process)


def test_a_live_page_is_redrawn_in_place_when_what_it_shows_changes(tmp_path):
    process, port = serve(
        tmp_path, modules="login, mobility",
        sections="mobility:\n  minimumRefreshSeconds: 1\n  sandbox:\n    riders: 40\n    everySeconds: 0.1\n")
    try:
        terminal = Terminal(f"http://127.0.0.1:{port}/signup")
        screen = terminal.read_until("> ")
        for label, value in (("Full name", "Ada Lovelace"), ("Email", "ada@example.com"), ("Password", "correct horse battery")):
            terminal.type(f"{terminal.number_of(label, screen)} {value}")
            screen = terminal.read_until("> ")
        terminal.type(terminal.number_of("( Sign up", screen))
        terminal.read_until("Ada Lovelace")
        terminal.type("g /map")
        terminal.read_until("Map:")
        moved = terminal.read_until("(updated live)", within=20)
        assert CLEAR in moved and "Map:" in moved.split(CLEAR)[-1], "the map is drawn again in place"
        terminal.close()
    finally:
        stop(process)


def test_atrium_open_runs_the_client_beside_it_and_says_how_to_build_it_when_it_is_missing(tmp_path):
    # The host's executable does not link the client kit (its network libraries would slow every
    # start): `atrium open` runs `atrium-open` from its own folder, found through /proc/self/exe.
    assert "libcurl" not in subprocess.run(["ldd", str(ATRIUM)], capture_output=True, text=True).stdout
    alone = ATRIUM.parent.resolve() / f"open-test-{os.getpid()}"
    alone.mkdir()
    try:
        os.link(ATRIUM, alone / "atrium")
        result = subprocess.run([str(alone / "atrium"), "open", "http://127.0.0.1:9/"], capture_output=True, text=True, timeout=60)
        assert result.returncode == 1
        assert f"{alone}/atrium-open is missing" in result.stderr and "swift build" in result.stderr
        # Beside it, and reached through a link to the executable, the client is run with the
        # arguments (here a host that does not answer: the client says so and goes on to its prompt).
        os.link(ATRIUM.parent / "atrium-open", alone / "atrium-open")
        (tmp_path / "atrium").symlink_to(alone / "atrium")
        terminal = Terminal("http://127.0.0.1:9/pilot", atrium=tmp_path / "atrium", options=["--no-live"])
        try:
            terminal.read_until("127.0.0.1:9")
            terminal.type("q")
            assert terminal.process.wait(timeout=15) == 0
        finally:
            terminal.process.kill()
            os.close(terminal.primary)
    finally:
        for name in ("atrium", "atrium-open"):
            (alone / name).unlink(missing_ok=True)
        alone.rmdir()
    # An address that is not http(s) is refused by `atrium open` itself, before any client runs.
    result = subprocess.run([str(ATRIUM), "open", "ftp://example.com/"], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "is not an http(s) address" in result.stderr


# What a hostile host puts in every string: an OSC that sets the terminal's title (ended by BEL), a
# CSI that recolours it (7-bit and the C1 byte), and a right-to-left override.
HOSTILE = "\x1b]0;pwned\x07\x1b[31m\u009b2J\u202e"


def hostile_document():
    e = HOSTILE
    target = {"path": "/hostile"}
    form_content = [
        {"type": "field", "kind": "text", "name": "n", "label": f"label{e}", "value": f"value{e}", "error": f"error{e}", "isRequired": False},
        {"type": "picker", "name": "p", "label": f"picker{e}", "options": [{"label": f"o{e}", "value": f"v{e}"}], "selected": f"v{e}",
         "error": f"perror{e}", "isRequired": False},
        {"type": "toggle", "name": "t", "label": f"toggle{e}", "value": "1", "isOn": True},
        {"type": "button", "title": f"send{e}", "isEnabled": True, "style": "primary"},
    ]
    content = [
        {"type": "section", "title": f"section{e}", "content": [{"type": "heading", "level": 2, "text": f"heading{e}"}]},
        {"type": "text", "text": f"text{e}", "style": "body"},
        {"type": "image", "alt": f"alt{e}", "shape": "circle"},
        {"type": "row", "title": f"row{e}", "content": [{"type": "text", "text": f"in row{e}", "style": "body"}]},
        {"type": "list", "title": f"list{e}", "content": [{"type": "text", "text": f"in list{e}", "style": "body"}]},
        {"type": "card", "target": target, "content": [{"type": "heading", "level": 3, "text": f"card{e}"},
                                                       {"type": "text", "text": f"card text{e}", "style": "body"},
                                                       {"type": "money", "amount": 5, "currency": f"GB{e}"}]},
        {"type": "tabs", "items": [{"title": f"tab{e}", "target": target, "isSelected": True}]},
        {"type": "form", "action": target, "content": form_content},
        {"type": "button", "title": f"pay{e}", "isEnabled": True, "style": "primary", "action": target},
        {"type": "link", "title": f"link{e}", "target": target, "style": "plain"},
        {"type": "link", "title": f"away{e}", "target": {"url": f"https://elsewhere.example/{e}"}, "style": "plain"},
        {"type": "money", "amount": 10, "currency": f"X{e}"},
        {"type": "progress", "label": f"progress{e}", "value": 0.5},
        {"type": "message", "kind": f"error{e}", "text": f"message{e}"},
        {"type": "map", "title": f"map{e}", "center": {"latitude": 1, "longitude": 2}, "span": 0.1, "locatesUser": False,
         "markers": [{"id": f"id{e}", "title": f"marker{e}", "kind": f"kind{e}", "coordinate": {"latitude": 1, "longitude": 2}}]},
        {"type": "animation", "name": "spin", "label": f"animation{e}"},
        {"type": f"carousel{e}", "content": [{"type": "text", "text": f"unknown{e}", "style": "body"}]},
    ]
    return {"schema": 3, "locale": "en", "screen": {"title": f"title{e}", "toolbar": [{"type": "text", "text": f"toolbar{e}", "style": "body"}],
                                                   "content": content}}


class HostileHost(http.server.BaseHTTPRequestHandler):
    """A host that puts terminal escapes in every string it sends: pages, addresses, redirects."""

    def log_message(self, *args):
        pass

    def do_GET(self):
        if "text/event-stream" in self.headers.get("Accept", ""):
            # The page's stream ends at once with a redirect to another site (the host's format).
            body = ("event: redirect\ndata: " + json.dumps({"location": f"https://evil.example/{HOSTILE}"}) + "\n\n").encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif self.path.startswith("/loop"):
            # A redirect that never ends, to an address holding escapes (raw bytes in the header).
            self.send_response(303)
            self.send_header("Location", "/loop\x1b]0;pwned\x07\x1b[31m")
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            body = json.dumps(hostile_document()).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)


def test_nothing_a_host_sends_reaches_the_terminal_raw():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), HostileHost)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        terminal = Terminal(f"http://127.0.0.1:{server.server_address[1]}/hostile")
        # Every field of the page, then the live redirect's note (an address on another site), then
        # the error of a redirect loop through addresses holding escapes.
        terminal.read_until("is not an address on this host")
        terminal.type("g /loop")
        terminal.read_until("Too many redirects")
        terminal.close()
        written = terminal.output.replace(CLEAR, "")
        for field in ("title", "toolbar", "section", "heading", "text", "alt", "row", "in list", "card text", "tab", "label", "value",
                      "error", "picker", "toggle", "send", "pay", "link", "away", "progress", "message", "map", "marker", "kind", "id",
                      "animation", "unknown"):
            assert f"{field}\\u{{1B}}]0;pwned\\u{{7}}" in written, f"{field!r} is shown with its escapes spelled out:\n{written[-4000:]}"
        for raw in ("\x1b", "\x07", "\u009b", "\u202e"):
            assert raw not in written, f"{raw!r} reached the terminal:\n{written[-4000:]}"
    finally:
        server.shutdown()
