"""Every answer a host gives says how it may be cached: a caching proxy in front of a host keeps
what does not say (a stale "ready" misleads a balancer; a signed-in page must not reach another
person). The walk covers every route `atrium routes` lists and every route of the host's own (the
ones its OpenAPI document lists, and its files and language routes), for a visitor and a signed-in
person, in each format, asked again with the tag it was given, and the errors a router makes."""

import http.client
import json
import re
import subprocess
import urllib.parse

from test_live import serve, stop
from test_serve import ATRIUM, ROOT

# A value for each route parameter: one the module knows where the pattern allows it.
SAMPLES = {"id:int": "1", "ingredient": "tomato", "file": "gbfs.json", "key": "a1b2c3", "id": "mia-1"}
# The host's routes its OpenAPI document does not list (files, the favicon, the language chooser).
HOST_FILES = ["/favicon.ico", "/assets/atrium.css", "/assets/atrium.js", "/language"]
# What the host's own documents must say.
EXPECTED = {"/health/live": "no-store", "/health/ready": "no-store", "/metrics": "no-store", "/openapi.json": "no-cache",
            "/scene-schema.json": "no-cache"}


class Client:
    """A visitor speaking HTTP/1.1 itself: its cookies and form token, every answer's headers kept."""

    def __init__(self, port):
        self.port = port
        self.cookies = {}
        self.token = ""

    def send(self, method, path, headers=None, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        if body is not None:
            headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        for field in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = field.partition("=")
            value = rest.split(";")[0]
            if value:
                self.cookies[name] = value
            else:
                self.cookies.pop(name, None)
        match = re.search(rb'name="_csrf" value="([^"]+)"', data)
        if match:
            self.token = match.group(1).decode()
        connection.close()
        return response.status, response.headers, data

    def form(self, path, fields):
        return self.send("POST", path, body=urllib.parse.urlencode({**fields, "_csrf": self.token}))


def routes():
    """(method, path) for every route `atrium routes` lists on the default configuration, its
    parameters filled with samples."""
    output = subprocess.run([str(ATRIUM), "routes"], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    found = []
    for line in output.splitlines()[1:]:
        method, pattern = line.split()[:2]
        found.append((method, re.sub(r"\{([^}]+)\}", lambda match: SAMPLES.get(match.group(1), "x"), pattern)))
    return found


def test_every_answer_of_every_route_says_how_it_may_be_cached(tmp_path):
    licenses = ROOT / "Configuration" / "pilot-licenses.json"
    process, port = serve(
        tmp_path, extra="  metrics: true\n", modules="login, cookbook, pilot, moneybox, mobility",
        sections=f"pilot:\n  licensesFile: {licenses}\nlocalization:\n  languages: [en, es]\n")
    try:
        visitor = Client(port)
        _, _, openapi = visitor.send("GET", "/openapi.json")
        own = [path for path in json.loads(openapi)["paths"] if "{" not in path]
        asset = re.search(rb'src="(/assets/[^"]+)"', visitor.send("GET", "/cookbook")[2])
        files = HOST_FILES + ([asset.group(1).decode()] if asset else [])
        signed_in = Client(port)
        signed_in.send("GET", "/signup")
        status, headers, _ = signed_in.form("/signup", {"fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"})
        assert status == 303, status
        missing = []
        seen = 0

        def check(client, method, path, headers=None, body=None):
            nonlocal seen
            status, answer, data = client.send(method, path, headers, body)
            seen += 1
            value = answer.get("Cache-Control")
            if value is None:
                missing.append(f"{method} {path} ({headers or {}}) answered {status} with no Cache-Control")
            elif path in EXPECTED and status in (200, 304, 503) and EXPECTED[path] not in value:
                missing.append(f"{method} {path} answered {status} with Cache-Control: {value}, not {EXPECTED[path]}")
            return status, answer

        for client in (visitor, signed_in):
            for method, path in routes() + [("GET", path) for path in own + files] + [("POST", "/language")]:
                if method == "GET":
                    for accept in ("text/html", "application/json", "text/plain"):
                        status, answer = check(client, "GET", path, {"Accept": accept})
                        tag = answer.get("ETag")
                        if status == 200 and tag:
                            check(client, "GET", path, {"Accept": accept, "If-None-Match": tag})
                    check(client, "HEAD", path)
                else:
                    check(client, "POST", path, body="")  # no token: refused
                    check(client, "POST", path, body=urllib.parse.urlencode({"_csrf": client.token}))
                    check(client, "POST", path, {"Content-Type": "application/json", "X-CSRF-Token": client.token}, "{")
        # What a router makes by itself: no such page, a method a path does not take, a bad request.
        check(visitor, "GET", "/no/such/page")
        check(visitor, "DELETE", "/cookbook")
        check(visitor, "GET", "/cookbook/recipes/not-a-number")
        assert seen > 300, seen
        assert not missing, "\n".join(missing)
    finally:
        stop(process)
