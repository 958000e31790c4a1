"""Every form of every module says what the server checks: a field marked required is refused
empty and one not marked is accepted empty; a field with a maximum length is refused one character
longer, and one the server limits declares its limit; an email field is refused what is not an
email. A native client builds its forms from this metadata alone (the JSON tree), so a field that
is checked but not marked is a form it cannot fill in.

Walks the real host with every module on its sandboxes, signed in: every page reachable by links
from the home page, every form on them, every field of each form."""

import contextlib
import http.cookiejar
import itertools
import json
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from test_serve import ATRIUM, free_port, wait_until_ready

ROOT = Path(__file__).resolve().parents[2]
COUNTER = itertools.count()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Client:
    """A JSON client with a cookie jar that sees redirects rather than follows them."""

    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect())

    def send(self, path, form=None, token=None):
        data = None if form is None else urllib.parse.urlencode({**form, "_csrf": token or ""}).encode()
        request = urllib.request.Request(self.base + path, data=data, headers={"Accept": "application/json"})
        try:
            response = self.opener.open(request, timeout=30)
        except urllib.error.HTTPError as error:
            response = error
        body = response.read().decode()
        document = None
        if response.headers.get("Content-Type", "").startswith("application/json"):
            with contextlib.suppress(ValueError):
                document = json.loads(body)
        return response.status, response.headers.get("Location"), document


def nodes(node):
    """Every node of a tree, depth first."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from nodes(value)
    elif isinstance(node, list):
        for item in node:
            yield from nodes(item)


def inputs(form):
    return [node for node in nodes(form.get("content", [])) if node.get("type") in ("field", "picker")]


def valid_value(field):
    if field["type"] == "picker":
        return field["options"][0]["value"] if field["options"] else ""
    kind = field.get("kind", "text")
    if kind == "email":
        return f"walker{next(COUNTER)}@example.com"
    if kind == "password":
        return "Correct Horse 42 battery"
    if kind == "code":
        return "7" * field.get("maxLength", 4)
    if kind == "number":
        return "1"
    return "Ada Walker"


def field_error(document, form_action, name):
    """The error the answer shows on the field `name` of the form posting to `form_action`, or
    None; False when the answer has no such form (the page moved on)."""
    if document is None:
        return False
    for form in (node for node in nodes(document.get("screen", {})) if node.get("type") == "form"):
        if form.get("action", {}).get("path", "").split("?")[0] != form_action:
            continue
        for node in inputs(form):
            if node["name"] == name:
                return node.get("error")
    return False


def test_every_fields_metadata_says_what_the_server_checks(tmp_path):
    port = free_port()
    config = tmp_path / "atrium.yaml"
    config.write_text(
        f"http:\n  port: {port}\nstorage:\n  path: {tmp_path}/atrium.sqlite\nsecrets:\n  keyFile: {tmp_path}/secret.key\n"
        f"pilot:\n  licensesFile: {ROOT / 'Configuration' / 'pilot-licenses.json'}\n"
    )
    host = subprocess.Popen([str(ATRIUM), "serve", "--config", str(config)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_until_ready(host, port)
        base = f"http://127.0.0.1:{port}"

        # Walked by a visitor, then by someone signed in (the guarded pages, and their forms).
        visitor = Client(base)
        member = Client(base)
        _, _, page = member.send("/signup")
        status, location, _ = member.send(
            "/signup", {"fullName": "Ada Walker", "email": "ada@example.com", "password": "Correct Horse 42 battery"}, page["csrfToken"])
        assert status == 303, status

        forms = {}
        for client in (visitor, member):
            pages, queue, shapes = set(), ["/"], {}
            while queue and len(pages) < 200:
                path = queue.pop(0)
                # A few pages of each kind (three recipes, not sixty-four).
                shape = "/".join(path.split("?")[0].split("/")[:3])
                if path in pages or shapes.get(shape, 0) >= 3:
                    continue
                shapes[shape] = shapes.get(shape, 0) + 1
                pages.add(path)
                status, location, document = client.send(path)
                if status in (302, 303) and location and location.startswith("/"):
                    queue.append(location)
                if status != 200 or document is None:
                    continue
                for node in nodes(document["screen"]):
                    target = node.get("target", {}).get("path") if isinstance(node.get("target"), dict) else None
                    if target and target.startswith("/") and "/sso/" not in target:
                        queue.append(target)
                    if node.get("type") == "form" and inputs(node):
                        forms.setdefault(node["action"]["path"].split("?")[0], (client, path, node))
        assert {"/login", "/signup", "/pilot/register", "/moneybox/sign-in", "/login/code", "/profile/details/edit", "/map/unlock"} <= set(forms), sorted(forms)

        problems = []
        checked = []

        def submit(client, page_path, form, values):
            """Posts `values` from the form's page, as the client that found it."""
            _, _, page = client.send(page_path)
            return client.send(form["action"]["path"], values, (page or {}).get("csrfToken"))

        for action, (client, page_path, form) in sorted(forms.items()):
            fields = inputs(form)
            for field in fields:
                name = field["name"]
                checked.append(f"{action} {name}")
                values = {other["name"]: valid_value(other) for other in fields}

                empty = dict(values, **{name: ""})
                status, _, document = submit(client, page_path, form, empty)
                error = field_error(document, action, name)
                refused = bool(error)
                if field.get("isRequired", False) and not refused:
                    problems.append(f"{action} {name}: marked required, but accepted empty ({status})")
                if not field.get("isRequired", False) and refused:
                    problems.append(f"{action} {name}: refused empty ({error!r}), but not marked required")

                if field["type"] != "field" or field.get("kind") == "code":
                    continue
                limit = field.get("maxLength")
                long_value = "x" * (limit + 1 if limit else 5000)
                if field.get("kind") == "email":
                    long_value = "a" * ((limit or 5000) - 11) + "@example.com"
                status, _, document = submit(client, page_path, form, dict(values, **{name: long_value}))
                error = field_error(document, action, name)
                if limit and not error:
                    problems.append(f"{action} {name}: says at most {limit} characters, but {limit + 1} were accepted ({status})")
                if not limit and error:
                    problems.append(f"{action} {name}: refuses 5,000 characters ({error!r}) but declares no maxLength")

                if field.get("kind") == "email":
                    status, _, document = submit(client, page_path, form, dict(values, **{name: "not an email"}))
                    if not field_error(document, action, name):
                        problems.append(f"{action} {name}: an email field that accepted 'not an email' ({status})")
        assert not problems, "\n".join(problems)
        assert len(checked) >= 15, checked
    finally:
        host.terminate()
        host.wait(timeout=20)
