"""Single sign-on with OpenID Connect against a real provider (oidc-provider-mock), driven step by
step with an HTTP client and once in the browser."""

import base64
import urllib.parse

from selenium.webdriver.common.by import By

from conftest import click_and_wait, field, running_host
from oidc import Client, authorize, oidc_provider, sso_configuration, start

ALICE = dict(email="alice@example.com", email_verified=True, name="Alice Liddell", given_name="Alice", family_name="Liddell",
             nickname="ally", picture="https://example.com/alice.png")


def test_the_whole_flow_fills_the_profile_and_signs_out_at_the_provider():
    with oidc_provider() as provider, running_host("atrium", sso_configuration(provider.issuer)) as host:
        provider.set_user("alice", **ALICE)
        client = Client()
        status, _, login = client.request(host.url("/login"))
        assert status == 200 and "Continue with Mock" in login

        authorize_url, query = start(client, host)
        assert authorize_url.startswith(provider.issuer + "/oauth2/authorize?")
        assert query["response_type"] == "code" and query["client_id"] == "atrium"
        assert query["redirect_uri"] == host.url("/login/sso/mock/callback")
        assert query["scope"] == "openid profile email"
        assert query["code_challenge_method"] == "S256" and len(query["code_challenge"]) == 43
        assert len(query["state"]) >= 32 and len(query["nonce"]) >= 32

        callback = authorize(client, authorize_url, "alice")
        assert callback.startswith(host.url("/login/sso/mock/callback?"))
        status, headers, _ = client.request(callback)
        assert status == 303 and headers["Location"] == "/profile"

        status, _, profile = client.request(host.url("/profile"))
        assert status == 200
        assert "Alice Liddell" in profile and "alice@example.com" in profile
        assert 'src="https://example.com/alice.png"' in profile
        status, _, details = client.request(host.url("/profile/details"))
        assert all(text in details for text in ["Alice", "Liddell", "ally"])

        # The same callback again opens nothing.
        replay = Client()
        status, _, body = replay.request(callback)
        assert "This sign-in has expired or was already used." in body
        status, _, body = client.request(callback)
        assert "This sign-in has expired or was already used." in body

        # Sign-out: the local session is revoked, then the provider's end-session endpoint.
        status, _, profile = client.request(host.url("/profile"))
        status, headers, _ = client.request(host.url("/logout"), {"_csrf": client.csrf(profile)})
        assert status == 303
        end = urllib.parse.urlsplit(headers["Location"])
        assert f"{end.scheme}://{end.netloc}" == provider.issuer and end.path == "/oauth2/end_session"
        end_query = dict(urllib.parse.parse_qsl(end.query))
        assert end_query["post_logout_redirect_uri"] == host.url("/login")
        assert end_query["id_token_hint"].count(".") == 2
        status, headers, _ = client.request(host.url("/profile"))
        assert status == 303 and headers["Location"].startswith("/login")
    assert "eyJ" not in host.output(), "no token in the log"


def test_a_second_sign_in_finds_the_same_account_and_keeps_the_users_edits():
    with oidc_provider() as provider, running_host("atrium", sso_configuration(provider.issuer)) as host:
        provider.set_user("alice", **ALICE)
        first = Client()
        first.request(authorize(first, start(first, host)[0], "alice"))
        _, _, edit = first.request(host.url("/profile/details/edit"))
        form = {"_csrf": first.csrf(edit), "givenName": "Alicia", "familyName": "Liddell", "nickname": "ally", "picture": ""}
        status, _, _ = first.request(host.url("/profile/details/edit"), form)
        assert status == 303
        second = Client()
        status, headers, _ = second.request(authorize(second, start(second, host)[0], "alice"))
        assert headers["Location"] == "/profile"
        _, _, profile = second.request(host.url("/profile"))
        assert "Alicia Liddell" in profile, "the user's edit is kept"


def test_a_verified_email_links_to_the_existing_account_and_an_unverified_one_does_not():
    with oidc_provider() as provider, running_host("atrium", sso_configuration(provider.issuer)) as host:
        for name in ["bob", "carol"]:
            client = Client()
            _, _, page = client.request(host.url("/signup"))
            form = {"_csrf": client.csrf(page), "fullName": f"{name.title()} Password", "email": f"{name}@example.com", "password": "correct horse battery"}
            assert client.request(host.url("/signup"), form)[0] == 303
        provider.set_user("bob-at-mock", email="bob@example.com", email_verified=True, name="Bob Mock")
        provider.set_user("carol-at-mock", email="carol@example.com", email_verified=False, name="Carol Mock")

        bob = Client()
        status, headers, _ = bob.request(authorize(bob, start(bob, host)[0], "bob-at-mock"))
        assert status == 303 and headers["Location"] == "/profile"
        _, _, profile = bob.request(host.url("/profile"))
        assert "Bob Password" in profile, "linked to the account that had the email"

        carol = Client()
        status, _, body = carol.request(authorize(carol, start(carol, host)[0], "carol-at-mock"))
        assert "has not verified that the address is yours" in body
        status, headers, _ = carol.request(host.url("/profile"))
        assert status == 303, "nothing signed in"


def test_forged_state_other_nonce_and_provider_errors_sign_nobody_in():
    with oidc_provider() as provider, running_host("atrium", sso_configuration(provider.issuer)) as host:
        provider.set_user("alice", **ALICE)
        client = Client()
        authorize_url, query = start(client, host)
        status, _, body = client.request(host.url("/login/sso/mock/callback?code=abc&state=forged"))
        assert "This sign-in has expired or was already used." in body

        # The provider signs whatever nonce it is given: send it another one.
        parts = urllib.parse.urlsplit(authorize_url)
        tampered = dict(query, nonce="another-nonce-than-the-one-atrium-sent")
        callback = authorize(client, urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(tampered))), "alice")
        status, _, body = client.request(callback)
        assert "its answer could not be trusted" in body
        assert "nonce" in host.output()

        authorize_url, query = start(client, host)
        status, _, body = client.request(host.url(f"/login/sso/mock/callback?error=access_denied&state={query['state']}"))
        assert "Mock did not sign you in (access_denied)." in body
        assert client.request(host.url("/profile"))[0] == 303


def test_an_expired_id_token_is_refused():
    with oidc_provider("-e", "-120") as provider, running_host("atrium", sso_configuration(provider.issuer)) as host:
        provider.set_user("alice", **ALICE)
        client = Client()
        status, _, body = client.request(authorize(client, start(client, host)[0], "alice"))
        assert "its answer could not be trusted" in body
        assert "expired" in host.output()
        assert client.request(host.url("/profile"))[0] == 303


def test_an_issuer_that_is_down_never_breaks_the_sign_in_page():
    down = "http://127.0.0.1:9"
    with running_host("atrium", sso_configuration(down)) as host:
        client = Client()
        status, _, login = client.request(host.url("/login"))
        assert status == 200 and "Continue with Mock" in login and "Sign in" in login
        status, _, body = client.request(host.url("/login/sso/mock"))
        assert status == 503 and "Mock cannot be reached right now." in body


def test_pkce_challenge_is_the_s256_of_a_fresh_verifier_each_time():
    with oidc_provider() as provider, running_host("atrium", sso_configuration(provider.issuer)) as host:
        client = Client()
        challenges = {start(client, host)[1]["code_challenge"] for _ in range(3)}
        assert len(challenges) == 3
        for challenge in challenges:
            assert base64.urlsafe_b64decode(challenge + "=") and "=" not in challenge
    # That the verifier sent to the token endpoint matches its challenge is checked in the Swift
    # tests (the mock does not check PKCE itself).


def test_continue_with_the_provider_in_the_browser(browser):
    with oidc_provider() as provider, running_host("atrium", sso_configuration(provider.issuer)) as host:
        provider.set_user("alice", **ALICE)
        browser.get(host.url("/login"))
        click_and_wait(browser, browser.find_element(By.LINK_TEXT, "Continue with Mock"))
        assert browser.current_url.startswith(provider.issuer)
        subject = browser.find_element(By.ID, "subject-input")
        subject.send_keys("alice")
        click_and_wait(browser, browser.find_element(By.XPATH, "//button[text()='Authorize']"))
        assert browser.current_url == host.url("/profile")
        assert "Alice Liddell" in browser.find_element(By.TAG_NAME, "main").text
