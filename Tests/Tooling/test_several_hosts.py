"""Two `atrium serve` processes on one PostgreSQL behind nginx, as an operator runs several hosts:
a visitor's requests land on both hosts and they stay signed in; one host killed, the other keeps
serving; eight sign-ups with one email split across both hosts make exactly one account. And a host
whose database stops answering fails fast and recovers.

Needs the throwaway PostgreSQL server `bash Tests/run-all.sh` starts (ATRIUM_TEST_POSTGRES_URL) and
Debian's nginx, which it installs."""

import base64
import concurrent.futures
import http.cookiejar
import os
import re
import secrets
import shutil
import signal
import subprocess
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from processes import stop_gracefully
from test_serve import ATRIUM, free_port, wait_until_ready

POSTGRES_URL = os.environ.get("ATRIUM_TEST_POSTGRES_URL", "")
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

pytestmark = pytest.mark.skipif(
    not (POSTGRES_URL and os.path.exists(NGINX)) and not os.environ.get("CI"),
    reason="needs ATRIUM_TEST_POSTGRES_URL and nginx (bash Tests/run-all.sh provides both)",
)


class Visitor:
    """A browser without JavaScript: a cookie jar, the last page's form token, and which host
    answered (nginx adds X-Served-By)."""

    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.csrf = None
        self.hosts = []

    def request(self, path, form=None, headers=None):
        data = None
        if form is not None:
            data = urllib.parse.urlencode({**form, "_csrf": self.csrf or ""}).encode()
        try:
            response = self.opener.open(urllib.request.Request(self.base + path, data=data, headers=headers or {}), timeout=20)
        except urllib.error.HTTPError as error:
            response = error
        body = response.read().decode()
        self.hosts.append(response.headers.get("X-Served-By"))
        token = re.search(r'name="_csrf" value="([^"]+)"', body)
        if token:
            self.csrf = token.group(1)
        return response.status, response.url, body


def write_nginx_config(folder, ports, proxy_port, upstream_options, location_extra=""):
    """An nginx configuration in `folder`/nginx: a balancer on `proxy_port` in front of the hosts on
    `ports`, passing live scenes' events on as they come, naming the host that answered."""
    (folder / "nginx").mkdir()
    upstreams = " ".join(f"server 127.0.0.1:{port} {upstream_options};" for port in ports)
    config = folder / "nginx" / "nginx.conf"
    config.write_text(
        f"""
pid {folder}/nginx/nginx.pid;
error_log {folder}/nginx/error.log;
events {{ worker_connections 512; }}
http {{
    access_log off;
    client_body_temp_path {folder}/nginx/body;
    proxy_temp_path {folder}/nginx/proxy;
    fastcgi_temp_path {folder}/nginx/fastcgi;
    uwsgi_temp_path {folder}/nginx/uwsgi;
    scgi_temp_path {folder}/nginx/scgi;
    upstream atrium {{ {upstreams} }}
    server {{
        listen 127.0.0.1:{proxy_port};
        location / {{
            proxy_pass http://atrium;
            {location_extra}
            # Live scenes are Server-Sent Events: passed on as they come, and left open.
            proxy_buffering off;
            proxy_read_timeout 1h;
            proxy_set_header Host $host:$server_port;
            proxy_set_header X-Forwarded-For $remote_addr;
            add_header X-Served-By $upstream_addr always;
        }}
    }}
}}
"""
    )
    return config


def start_retrying_balancer(folder, ports):
    """nginx on a free port in front of the hosts on `ports`, as Documentation/operations.md's rolling deploys have it
    (`proxy_next_upstream error timeout non_idempotent`: safe when every action carries its key):
    (the process, its port), once it answers."""
    proxy_port = free_port()
    config = write_nginx_config(
        folder, ports, proxy_port, upstream_options="max_fails=1 fail_timeout=2s",
        location_extra="proxy_next_upstream error timeout non_idempotent;")
    proxy = subprocess.Popen([NGINX, "-p", str(folder / "nginx"), "-c", str(config), "-g", "daemon off;"])
    base = f"http://127.0.0.1:{proxy_port}"
    deadline = time.monotonic() + 10
    while True:
        try:
            urllib.request.urlopen(base + "/health/live", timeout=1)
            return proxy, proxy_port
        except OSError:
            if time.monotonic() >= deadline or proxy.poll() is not None:
                proxy.kill()
                proxy.wait()
                error_log = folder / "nginx" / "error.log"
                raise AssertionError("nginx did not start: " + (error_log.read_text() if error_log.exists() else "no error log"))
            time.sleep(0.1)


def stop_cluster(proxy, hosts):
    """Stops the balancer (when it started) and every host still running: SIGTERM, then SIGKILL after 30 s."""
    if proxy is not None and proxy.poll() is None:
        proxy.send_signal(signal.SIGQUIT)
        proxy.wait(timeout=10)
    for process in hosts:
        stop_gracefully(process)


@pytest.fixture
def cluster(tmp_path):
    assert POSTGRES_URL, "ATRIUM_TEST_POSTGRES_URL names no server"
    assert os.path.exists(NGINX), "nginx is not installed"
    schema = "e2e_" + secrets.token_hex(6)
    url = POSTGRES_URL + ("&" if "?" in POSTGRES_URL else "?") + f"schema={schema}"
    environment = {**os.environ, "STORAGE_URL": url, "SECRETS_KEY": base64.b64encode(secrets.token_bytes(32)).decode()}
    ports = [free_port(), free_port()]
    hosts = []
    for index, port in enumerate(ports):
        config = tmp_path / f"host{index}.yaml"
        config.write_text(f"http:\n  port: {port}\nstorage:\n  kind: postgres\n  poolSize: 8\nmodules: [login, cookbook]\n")
        hosts.append(
            subprocess.Popen(
                [str(ATRIUM), "serve", "--config", str(config)], env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
            )
        )
    proxy_port = free_port()
    nginx_config = write_nginx_config(tmp_path, ports, proxy_port, upstream_options="max_fails=1 fail_timeout=30s")
    proxy = None
    try:
        for process, port in zip(hosts, ports):
            wait_until_ready(process, port)
        proxy = subprocess.Popen([NGINX, "-p", str(tmp_path / "nginx"), "-c", str(nginx_config), "-g", "daemon off;"])
        deadline = time.monotonic() + 10
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{proxy_port}/health/live", timeout=1)
                break
            except OSError:
                assert proxy.poll() is None, (tmp_path / "nginx" / "error.log").read_text()
                assert time.monotonic() < deadline, "nginx did not start"
                time.sleep(0.1)
        yield {"base": f"http://127.0.0.1:{proxy_port}", "hosts": hosts, "ports": ports, "url": url, "schema": schema}
    finally:
        if proxy is not None:
            proxy.send_signal(signal.SIGQUIT)
            proxy.wait(timeout=10)
        for process in hosts:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                process.communicate(timeout=20)


def served_by(visitor, ports):
    return {port for port in ports if any(host and host.endswith(f":{port}") for host in visitor.hosts)}


def account_count(cluster):
    """Counted in the database itself, with psql."""
    parts = urllib.parse.urlsplit(cluster["url"])
    connection = urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
    result = subprocess.run(
        ["psql", connection, "-tAc", f"SELECT count(*) FROM {cluster['schema']}.records WHERE module = 'login' AND collection = 'accounts'"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(result.stdout.strip())


def test_a_visitor_stays_signed_in_on_both_hosts_and_one_host_dying_changes_nothing(cluster):
    visitor = Visitor(cluster["base"])
    status, _, _ = visitor.request("/signup")
    assert status == 200
    status, url, body = visitor.request("/signup", {"fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"})
    assert status == 200 and url.endswith("/profile"), (status, url)
    for _ in range(6):
        status, url, body = visitor.request("/profile")
        assert status == 200 and url.endswith("/profile") and "Ada Lovelace" in body, "signed in on whichever host answered"
    assert served_by(visitor, cluster["ports"]) == set(cluster["ports"]), f"both hosts served the visitor: {visitor.hosts}"

    # Forms go to whichever host: one session, one form token, one pantry.
    for _ in range(2):
        visitor.request("/cookbook/pantry")
        status, url, body = visitor.request("/cookbook/pantry", {"have[]": "butter"})
        assert status == 200 and url.endswith("/cookbook"), (status, url, body[:300])

    first = cluster["hosts"][0]
    first.kill()
    first.wait(timeout=10)
    visitor.hosts.clear()
    for _ in range(6):
        status, url, body = visitor.request("/profile")
        assert status == 200 and "Ada Lovelace" in body
    assert served_by(visitor, cluster["ports"]) == {cluster["ports"][1]}, visitor.hosts


def test_eight_sign_ups_with_one_email_across_two_hosts_make_one_account(cluster):
    def sign_up(index):
        visitor = Visitor(cluster["base"])
        visitor.request("/signup")
        status, url, body = visitor.request(
            "/signup", {"fullName": f"Ada {index}", "email": "ada@example.com", "password": f"correct horse battery {index}"}
        )
        return visitor, status, url, body

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(sign_up, range(8)))
    created = [result for result in results if result[2].endswith("/profile")]
    refused = [result for result in results if result[1] == 422]
    assert len(created) == 1, [(status, url) for _, status, url, _ in results]
    assert len(refused) == 7
    for _, _, _, body in refused:
        assert "An account with this email already exists. Sign in instead." in body or "Too many failed sign-in attempts" in body
    posts_landed_on = {visitor.hosts[-1].rsplit(":", 1)[-1] for visitor, _, _, _ in results}
    assert len(posts_landed_on) == 2, "the sign-ups were split across both hosts"
    assert account_count(cluster) == 1


def eventually(condition, within=10.0):
    """Whether `condition()` holds within `within` seconds (the benchmark, not this, measures the
    change feed's delay)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def direct(cluster, index, session_cookie):
    """A client of one host, bypassing nginx, holding only the session cookie (not the visitor's
    read-your-writes mark): what it sees is what that host's caches say."""
    opener = urllib.request.build_opener(NoRedirect)
    base = f"http://127.0.0.1:{cluster['ports'][index]}"

    def get(path):
        try:
            response = opener.open(urllib.request.Request(base + path, headers={"Cookie": session_cookie}), timeout=20)
        except urllib.error.HTTPError as error:
            response = error
        return response.status, response.read().decode()

    return get


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_each_hosts_caches_follow_the_others_writes_and_a_visitor_always_sees_their_own(cluster):
    visitor = Visitor(cluster["base"])
    jar = http.cookiejar.CookieJar()
    visitor.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    visitor.request("/signup")
    status, url, _ = visitor.request("/signup", {"fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"})
    assert status == 200 and url.endswith("/profile")
    session = next(f"{cookie.name}={cookie.value}" for cookie in jar if cookie.name == "atrium_session")
    on = [direct(cluster, 0, session), direct(cluster, 1, session)]
    for host in on:
        status, body = host("/profile/details")
        assert status == 200 and "Lovelace" in body  # each host has now read (and cached) the profile

    # A POST and the GET it redirects to land on different hosts (round robin): the visitor's own
    # change shows every time.
    for index in range(10):
        visitor.request("/profile/details/edit")
        status, url, body = visitor.request(
            "/profile/details/edit", {"givenName": "Ada", "familyName": f"King {index}", "nickname": "", "picture": ""})
        assert status == 200 and f"King {index}" in body, (index, url, visitor.hosts[-2:])
    assert served_by(visitor, cluster["ports"]) == set(cluster["ports"])

    # Both hosts' caches (read without the visitor's mark) follow: the last change shows on each.
    for host in on:
        assert eventually(lambda: "King 9" in host("/profile/details")[1])

    # Eight pantry adds at once, split across both hosts, are all kept.
    _, _, page = visitor.request("/cookbook")
    adds = sorted(set(re.findall(r'action="(/cookbook/pantry/[^"/]+/add)"', page)))[:8]
    assert len(adds) == 8, page[:500]
    token = visitor.csrf

    def add(path):
        request = urllib.request.Request(
            cluster["base"] + path, data=urllib.parse.urlencode({"_csrf": token}).encode(), headers={"Cookie": session})
        try:
            response = urllib.request.build_opener(NoRedirect).open(request, timeout=20)
        except urllib.error.HTTPError as error:
            response = error
        return response.status, response.headers.get("X-Served-By")

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(add, adds))
    assert [status for status, _ in results] == [303] * 8, results
    assert len({host for _, host in results}) == 2, "the adds were split across both hosts"
    for host in on:
        assert eventually(lambda: all(path.replace("/add", "/remove") in host("/cookbook")[1] for path in adds)), "all eight kept"

    # Signing out on one host ends the session on the other, which had it cached.
    status, _ = on[1]("/profile")
    assert status == 200
    sign_out = urllib.request.Request(
        f"http://127.0.0.1:{cluster['ports'][0]}/logout", data=urllib.parse.urlencode({"_csrf": token}).encode(), headers={"Cookie": session})
    try:
        response = urllib.request.build_opener(NoRedirect).open(sign_out, timeout=20)
    except urllib.error.HTTPError as error:
        response = error
    assert response.status == 303
    assert eventually(lambda: on[1]("/profile")[0] == 303), "signed out on the other host too"


def postgres_processes():
    """The throwaway server's processes: its postmaster (from postmaster.pid) and its children."""
    folder = os.environ.get("ATRIUM_TEST_POSTGRES_DIR", "")
    pid_file = Path(folder) / "data" / "postmaster.pid"
    assert pid_file.exists(), f"no postmaster.pid in {folder} (ATRIUM_TEST_POSTGRES_DIR)"
    postmaster = int(pid_file.read_text().splitlines()[0])
    children = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True).stdout.split()
    return [postmaster] + [int(child) for child in children]


def test_a_database_that_stops_answering_fails_requests_in_seconds_and_the_host_recovers(tmp_path):
    """The server frozen (SIGSTOP: connections open, nothing answers), as a hung database would be:
    readiness says so within seconds, a page that needs the database fails within storage.timeout
    instead of hanging, a
    page that needs none still answers, and all is well once the server answers again."""
    schema = "outage_" + secrets.token_hex(6)
    url = POSTGRES_URL + ("&" if "?" in POSTGRES_URL else "?") + f"schema={schema}"
    port = free_port()
    config = tmp_path / "host.yaml"
    # One second, not the default five: the answer must come within the configured timeout.
    config.write_text(f"http:\n  port: {port}\nstorage:\n  kind: postgres\n  timeout: 1\nmodules: [login, cookbook]\n")
    environment = {**os.environ, "STORAGE_URL": url, "SECRETS_KEY": base64.b64encode(secrets.token_bytes(32)).decode()}
    host = subprocess.Popen([str(ATRIUM), "serve", "--config", str(config)], env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    frozen = []
    try:
        wait_until_ready(host, port)
        visitor = Visitor(base)
        visitor.request("/signup")
        status, url, _ = visitor.request("/signup", {"fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"})
        assert url.endswith("/profile")

        frozen = postgres_processes()
        for pid in frozen:
            os.kill(pid, signal.SIGSTOP)
        started = time.monotonic()
        status, _, _ = visitor.request("/health/ready")
        assert status == 503 and time.monotonic() - started < 5, (status, time.monotonic() - started)
        started = time.monotonic()
        status, url, _ = visitor.request("/profile")
        took = time.monotonic() - started
        assert status == 503 and url.endswith("/profile") and took < 4.5, f"{status} at {url} after {took:.1f} s"
        status, _, _ = visitor.request("/health/live")
        assert status == 200

        for pid in frozen:
            os.kill(pid, signal.SIGCONT)
        frozen = []
        deadline = time.monotonic() + 20
        while True:
            status, url, body = visitor.request("/profile")
            if status == 200 and "Ada Lovelace" in body:
                break
            assert time.monotonic() < deadline, f"not recovered: {status}"
            time.sleep(0.5)
    finally:
        for pid in frozen:
            os.kill(pid, signal.SIGCONT)
        host.send_signal(signal.SIGTERM)
        host.communicate(timeout=20)


ROOT = Path(__file__).resolve().parents[2]


class OwnServer:
    """A PostgreSQL server of this test's own (Tests/throwaway-postgres.sh), to stop and start."""

    def __init__(self):
        exports = subprocess.run(["bash", str(ROOT / "Tests" / "throwaway-postgres.sh"), "start"], capture_output=True, text=True, check=True)
        values = dict(re.findall(r"export (\w+)='([^']*)'", exports.stdout))
        self.url = values["ATRIUM_TEST_POSTGRES_URL"]
        self.folder = Path(values["ATRIUM_TEST_POSTGRES_DIR"])
        self.port = urllib.parse.urlsplit(self.url).port
        self.bin = sorted(Path("/usr/lib/postgresql").glob("*/bin"))[-1]
        # The shared test server commits without waiting for its log (synchronous_commit off), which
        # an immediate stop would lose: this one keeps what it committed, as a real server does.
        self.pg_ctl("-m", "fast", "-w", "stop")
        self.start()

    def pg_ctl(self, *arguments):
        command = [str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), *arguments]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True)

    def stop_at_once(self):
        self.pg_ctl("-m", "immediate", "stop")

    def start(self):
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        self.pg_ctl("-l", str(self.folder / "server.log"), "-w", "-o", options, "start")

    def remove(self):
        subprocess.run(["bash", str(ROOT / "Tests" / "throwaway-postgres.sh"), "stop", str(self.folder)], check=False)


def test_a_stopped_database_answers_try_again_at_once_never_the_sign_in_page(tmp_path):
    """Found by trying to break the host: after `pg_ctl stop -m immediate` a signed-in /profile and
    /map sent people to the sign-in page, /cookbook/pantry answered 500, and each request waited
    for storage.timeout. Now every page and action that needs the database answers 503 with the
    "try again" page and Retry-After, at once once the host knows; a page that needs none still
    answers; and the host recovers by itself."""
    server = OwnServer()
    port = free_port()
    config = tmp_path / "host.yaml"
    config.write_text(f"http:\n  port: {port}\nstorage:\n  kind: postgres\n  timeout: 2\nmodules: [login, cookbook, mobility]\n")
    environment = {**os.environ, "STORAGE_URL": server.url, "SECRETS_KEY": base64.b64encode(secrets.token_bytes(32)).decode()}
    host = subprocess.Popen([str(ATRIUM), "serve", "--config", str(config)], env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_ready(host, port)
        ada = Visitor(base)
        ada.request("/signup")
        _, url, _ = ada.request("/signup", {"fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"})
        assert url.endswith("/profile")
        saver = Visitor(base)
        saver.request("/cookbook/pantry")
        saver.request("/cookbook/pantry", {"ingredients": "egg"})

        server.stop_at_once()
        first = time.monotonic()
        status, url, body = ada.request("/profile")
        assert status == 503 and url.endswith("/profile"), (status, url)
        assert time.monotonic() - first < 4
        assert "Try again" in body and "Sign in" not in body.split("<main", 1)[-1].split("</main>")[0]
        for path in ["/profile", "/map", "/cookbook/pantry", "/profile/details"]:
            started = time.monotonic()
            status, url, _ = ada.request(path)
            assert (status, url) == (503, base + path), (path, status, url)
            assert time.monotonic() - started < 0.5, f"{path}: known to be down, answered at once"
        status, url, _ = saver.request("/cookbook/pantry")
        assert status == 503, "a visitor whose records are in the database"
        newcomer = Visitor(base)
        status, _, body = newcomer.request("/cookbook")
        assert status == 200, "a new visitor's page needs no database"
        newcomer.request("/signup")
        started = time.monotonic()
        status, _, _ = newcomer.request("/signup", {"fullName": "Bob", "email": "bob@example.com", "password": "correct horse battery"})
        assert status == 503 and time.monotonic() - started < 0.5
        status, _, _ = ada.request("/health/ready")
        assert status == 503
        with urllib.request.urlopen(base + "/health/live", timeout=5) as response:
            assert response.status == 200

        server.start()
        deadline = time.monotonic() + 20
        while True:
            status, url, body = ada.request("/profile")
            if status == 200 and "Ada Lovelace" in body:
                break
            if time.monotonic() > deadline:
                host.send_signal(signal.SIGTERM)
                raise AssertionError(f"not recovered: {status} {url}\n" + host.communicate(timeout=20)[0][-3000:])
            time.sleep(0.5)
    finally:
        if host.poll() is None:
            host.send_signal(signal.SIGTERM)
        output, _ = host.communicate(timeout=20)
        server.remove()
    assert "storage unavailable: answering 503 until it is back" in output, output
    assert "storage answers again" in output, output


def test_a_stream_on_one_host_gets_a_change_made_through_the_other_and_resumes_on_either(cluster):
    """Live scenes across hosts: a stream of /profile/details on host B receives the change written
    through host A; a client that resumes on host A with host B's last id gets nothing it has, then
    the next change; and a stream through nginx (proxy_buffering off) gets changes as they come."""
    from test_live import Stream, visitor_cookie

    visitor = Visitor(cluster["base"])
    visitor.request("/signup")
    status, url, _ = visitor.request("/signup", {"fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"})
    assert url.endswith("/profile")
    cookie = visitor_cookie(visitor)
    first, second = cluster["ports"]

    def rename(port, family):
        visitor_on = Visitor(f"http://127.0.0.1:{port}")
        visitor_on.opener = visitor.opener
        visitor_on.request("/profile/details/edit")
        status, url, _ = visitor_on.request(
            "/profile/details/edit", {"givenName": "Ada", "familyName": family, "nickname": "", "picture": ""})
        assert status == 200 and url.endswith("/profile/details"), (status, url)

    on_b = Stream(second, "/profile/details", cookie)
    _, opened_id, _ = on_b.next_event(within=5)
    rename(first, "Byron")
    name, changed_id, data = on_b.next_event(within=10)
    assert name == "scene" and changed_id != opened_id and "Byron" in data, "host B's stream saw host A's write"

    on_a = Stream(first, "/profile/details", cookie, last_event_id=changed_id)
    assert on_a.nothing_within(2), "the same state on host A: no duplicate"
    through_proxy = Stream(int(cluster["base"].rsplit(":", 1)[1]), "/profile/details", cookie)
    assert through_proxy.next_event(within=5)[1] == changed_id, "a state's id is the same on every host"
    rename(second, "King")
    for stream in (on_a, on_b, through_proxy):
        name, latest, data = stream.next_event(within=10)
        assert name == "scene" and latest != changed_id and "King" in data
    for stream in (on_a, on_b, through_proxy):
        stream.close()
