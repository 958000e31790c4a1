"""A real OpenID provider for the single sign-on tests: oidc-provider-mock (from PyPI, installed by
Tests/run-all.sh into its own venv) on a free loopback port, and a small HTTP client that keeps
cookies and never follows redirects, so a test can drive the whole flow step by step."""

import contextlib
import http.cookiejar
import json
import os
import re
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from conftest import BUILD, ROOT, free_port


def mock_executable() -> str:
    path = os.environ.get("OIDC_PROVIDER_MOCK") or str(ROOT / ".build" / "oidc-provider-venv" / "bin" / "oidc-provider-mock")
    if not Path(path).exists():
        pytest.fail(f"oidc-provider-mock is missing at {path}: run `bash Tests/run-all.sh`, which installs it")
    return path


class Provider:
    def __init__(self, issuer: str):
        self.issuer = issuer

    def set_user(self, sub: str, **claims) -> None:
        request = urllib.request.Request(
            f"{self.issuer}/users/{urllib.parse.quote(sub)}", data=json.dumps(claims).encode(), method="PUT",
            headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=5) as response:
            assert response.status == 204


@contextlib.contextmanager
def oidc_provider(*arguments: str):
    """Starts oidc-provider-mock with `arguments` and yields a Provider once discovery answers."""
    port = free_port()
    process = subprocess.Popen([mock_executable(), "-p", str(port), *arguments], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    issuer = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            if process.poll() is not None:
                pytest.fail(f"oidc-provider-mock exited: {process.stderr.read().decode(errors='replace')}")
            try:
                with urllib.request.urlopen(f"{issuer}/.well-known/openid-configuration", timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("oidc-provider-mock did not start in 20 s")
                time.sleep(0.1)
        yield Provider(issuer)
    finally:
        process.terminate()
        process.wait(timeout=10)


def sso_configuration(issuer: str, provider_id: str = "mock", title: str = "Mock", extra: str = "") -> str:
    return (
        "modules: [login]\nlogin:\n  sso:\n"
        f"    - id: {provider_id}\n      title: {title}\n      issuer: {issuer}\n      clientID: atrium\n      clientSecret: s3cret\n{extra}"
    )


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Client:
    """Cookies kept, redirects returned (not followed)."""

    def __init__(self):
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirects())

    def request(self, url: str, form: dict | None = None):
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        try:
            with self.opener.open(urllib.request.Request(url, data=data), timeout=15) as response:
                return response.status, dict(response.headers), response.read().decode(errors="replace")
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode(errors="replace")

    def csrf(self, body: str) -> str:
        import html

        return html.unescape(re.search(r'name="_csrf" value="([^"]+)"', body).group(1))


def start(client: Client, host, provider_id: str = "mock"):
    """GET /login/sso/<id>: the provider's authorize URL and its query."""
    status, headers, _ = client.request(host.url(f"/login/sso/{provider_id}"))
    assert status == 303, status
    location = headers["Location"]
    return location, dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(location).query))


def authorize(client: Client, authorize_url: str, sub: str) -> str:
    """The mock's authorize form, posted as `sub`: the callback URL it sends the browser to."""
    status, headers, body = client.request(authorize_url, {"sub": sub})
    assert status in (302, 303), f"{status}: {body[:500]}"
    return headers["Location"]
