"""Logs an operator can follow and a machine can read (`log.format: json`), that never hold a
secret: a host with every module runs each module's flows — sign-up and sign-in with a password,
OpenID Connect against a real provider, a one-time code delivered by webhook, Moneybox's sign-in
and a payment, a ride — and the whole log is searched for every password, token, cookie value and
code the flows used. Every line is a JSON object; every line written for a request carries its id,
which a trusted proxy may give and which reaches the module's sandbox."""

import contextlib
import json
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conftest import ROOT, running_host
from oidc import Client, authorize, oidc_provider, start


class Webhook(BaseHTTPRequestHandler):
    received = []

    def do_POST(self):
        Webhook.received.append(json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0")))))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def webhook():
    Webhook.received = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), Webhook)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/send"
    finally:
        server.shutdown()


def form(client: Client, host, page: str, action: str, fields: dict, headers: dict | None = None):
    """Loads `page` for its anti-forgery token, then posts `fields` to `action`."""
    _, _, body = client.request(host.url(page))
    request = urllib.request.Request(host.url(action), data=urllib.parse.urlencode({**fields, "_csrf": client.csrf(body)}).encode(),
                                     headers=headers or {})
    try:
        with client.opener.open(request, timeout=15) as response:
            return response.status, dict(response.headers), response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode(errors="replace")


def test_every_line_is_json_carries_its_request_id_and_no_secret_of_any_flow():
    with oidc_provider() as provider, webhook() as hook:
        configuration = (
            "log:\n  level: trace\n  format: json\n"
            "modules: [login, cookbook, pilot, moneybox, mobility]\n"
            f"pilot:\n  licensesFile: {ROOT / 'Configuration' / 'pilot-licenses.json'}\n"
            "login:\n  code:\n    delivery: webhook\n"
            f"    webhookURL: {hook}\n"
            "  sso:\n"
            f"    - id: mock\n      title: Mock\n      issuer: {provider.issuer}\n      clientID: atrium\n      clientSecret: s3cret-of-the-client\n"
        )
        secrets = {"s3cret-of-the-client"}
        with running_host("atrium", configuration, http="  trustedProxies: [127.0.0.1]\n") as host:
            client = Client()
            password = "correct horse battery staple"
            secrets.add(password)
            status, _, _ = form(client, host, "/signup", "/signup", {"fullName": "Ada Lovelace", "email": "ada@example.com", "password": password})
            assert status == 303
            assert form(client, host, "/profile", "/logout", {})[0] == 303
            wrong = "wrong horse battery staple"
            secrets.add(wrong)
            assert form(client, host, "/login", "/login", {"email": "ada@example.com", "password": wrong})[0] == 401
            assert form(client, host, "/login", "/login", {"email": "ada@example.com", "password": password})[0] == 303

            # A one-time code, delivered by webhook, signs the account in on another browser.
            coder = Client()
            assert form(coder, host, "/login/code", "/login/code", {"email": "ada@example.com"})[0] == 303
            code = Webhook.received[-1]["code"]
            secrets.add(code)
            assert form(coder, host, "/otp", "/otp", {"code": code})[0] == 303

            # OpenID Connect with a real provider.
            provider.set_user("grace", email="grace@example.com", email_verified=True, name="Grace Hopper")
            sso = Client()
            location, _ = start(sso, host)
            callback = authorize(sso, location, "grace")
            secrets.add(dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(callback).query))["code"])
            status, _, _ = sso.request(callback)
            assert status == 303

            # Moneybox, against its sandbox, with an id the trusted proxy (this test) gives.
            secrets.add("P455word12")
            status, headers, _ = form(client, host, "/moneybox", "/moneybox/sign-in",
                                      {"email": "test+ios@moneyboxapp.com", "password": "P455word12"}, {"X-Request-Id": "trace-me-123"})
            assert status == 303 and headers.get("X-Request-Id") == "trace-me-123"
            _, _, product = client.request(host.url("/moneybox/accounts/8043"))
            pay = re.search(r'action="(/moneybox/accounts/8043/payments/[^"]+)"', product).group(1)
            assert form(client, host, "/moneybox/accounts/8043", pay, {})[0] == 303

            # A ride on the sandbox city.
            _, _, feed = client.request(host.url("/mobility/gbfs/vehicle_status.json"))
            vehicle = next(v["vehicle_id"] for v in json.loads(feed)["data"]["vehicles"] if not v["is_reserved"])
            assert form(client, host, f"/map/vehicles/{vehicle}", f"/map/vehicles/{vehicle}/unlock", {})[0] == 303
            assert form(client, host, "/map", "/map/ride/end", {})[0] == 303

            # A malformed id from the proxy is replaced.
            request = urllib.request.Request(host.url("/pilot"), headers={"X-Request-Id": "bad id\\with spaces"})
            with client.opener.open(request, timeout=15) as response:
                replaced = response.headers["X-Request-Id"]
            assert replaced and replaced != "bad id\\with spaces" and re.fullmatch(r"[0-9a-f]{16}", replaced)

            for cookie in list(client.jar) + list(coder.jar) + list(sso.jar):
                secrets.add(cookie.value)
            for page_client in (client, coder, sso):
                _, _, body = page_client.request(host.url("/profile"))
                match = re.search(r'name="_csrf" value="([^"]+)"', body)
                if match:
                    secrets.add(match.group(1))
            output = host.output()

        lines = [line for line in output.splitlines() if line.strip()]
        records = []
        for line in lines:
            record = json.loads(line)  # every line is one JSON object
            assert {"time", "level", "message"} <= set(record), line
            records.append(record)
        traced = [record for record in records if record.get("requestID") == "trace-me-123"]
        assert any(record["message"].startswith("POST /moneybox/sign-in 303") for record in traced), traced
        assert any(record["message"].startswith("POST /moneybox/sandbox/users/login 200") for record in traced), \
            "the sandbox's own lines carry the caller's id"
        assert any(record.get("requestID") == replaced for record in records)
        requests = [record for record in records if re.match(r"(GET|POST) /", record["message"])]
        assert len(requests) > 20 and all(re.fullmatch(r"[A-Za-z0-9._:-]{1,128}", record.get("requestID", "")) for record in requests)

        leaked = sorted(secret for secret in secrets if len(secret) >= 4 and secret in output)
        assert leaked == [], f"secrets in the log: {leaked}"
