"""A host leaving without anyone noticing (`HostDrain`): on SIGTERM `/health/ready` answers 503 at
once while pages are still answered for `http.drainSeconds`, new live streams are refused with a
Retry-After, then each open stream ends with a `retry:` (spread) and the host exits 0; a second
signal stops it at once; SIGHUP while draining is ignored with a line saying so; and a request
whose answer has not begun by `http.requestTimeoutSeconds` is answered 503, so nothing it waits on
holds a stopping host."""

import http.client
import json
import os
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request

from test_live import Stream, serve, signed_up, stop, visitor_cookie
from test_serve import ATRIUM, free_port, wait_until_ready
from test_several_hosts import Visitor


def ready(port, path="/health/ready"):
    """The status and body of `/health/ready` (or of another spelling of it)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def page_status(port, path="/cookbook"):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_sigterm_drains_then_ends_streams_with_a_spread_retry_and_exits_0(tmp_path):
    process, port = serve(tmp_path, "  drainSeconds: 4\n")
    try:
        visitor = Visitor(f"http://127.0.0.1:{port}")
        visitor.request("/cookbook")
        cookie = visitor_cookie(visitor)
        streams = [Stream(port, "/cookbook", cookie) for _ in range(4)]
        kept_alive = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        kept_alive.request("GET", "/health/live")
        kept_alive.getresponse().read()
        assert [stream.next_event(within=10)[0] for stream in streams] == ["scene"] * 4
        assert ready(port)[0] == 200

        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        status, body = ready(port)
        assert (status, body["status"]) == (503, "draining"), body
        assert body["build"], "the draining answer still names its build"
        for spelling in ["/health/ready?probe=1", "/health/ready/", "//health//ready"]:
            assert ready(port, spelling)[0] == 503, f"{spelling} is the readiness route too: it says draining"
        assert page_status(port) == 200, "pages are answered while the host drains"
        refused = Stream(port, "/cookbook", cookie)
        assert refused.status == 503 and refused.header("Retry-After"), "a new stream is told to try again (elsewhere)"
        refused.close()
        kept_alive.request("GET", "/health/live")
        answer = kept_alive.getresponse()
        answer.read()
        assert answer.status == 200 and answer.getheader("Connection") != "close", "a kept-alive connection is served while draining"
        assert streams[0].nothing_within(0.5) and not streams[0].ended, "open streams go on while draining"

        retries = []
        for stream in streams:
            assert stream.next_event(within=10) is None, "the stream ends once the drain is over"
            retries.append(stream.retry)
        ended = time.monotonic() - started
        # Stopping: the idle kept-alive connection is closed by the host.
        kept_alive.sock.settimeout(5)
        assert kept_alive.sock.recv(1) == b"", "an idle connection is closed when the host stops accepting"
        assert 3.8 <= ended < 8, f"streams ended {ended:.1f} s after SIGTERM, not after the 4 s drain"
        assert all(500 <= retry <= 5000 for retry in retries), retries
        assert len(set(retries)) > 1, f"the retries are spread, not one moment for everyone: {retries}"

        output = process.communicate(timeout=15)[0]
        assert process.returncode == 0, output
        assert time.monotonic() - started < 10, "the host exits within the drain and its requests' time"
        assert "draining" in output and "drained: no longer accepting" in output, output
        assert output.rstrip().splitlines()[-1].endswith("stopped"), output
    finally:
        if process.poll() is None:
            process.kill()


def test_a_second_signal_stops_at_once(tmp_path):
    process, port = serve(tmp_path, "  drainSeconds: 60\n")
    try:
        process.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        assert ready(port)[0] == 503
        started = time.monotonic()
        process.send_signal(signal.SIGINT)
        output = process.communicate(timeout=10)[0]
        assert time.monotonic() - started < 5, "a second signal does not wait for the 60 s drain"
        assert "again: stopping at once" in output, output
    finally:
        if process.poll() is None:
            process.kill()


def test_sighup_while_draining_is_ignored_and_said_so(tmp_path):
    process, port = serve(tmp_path, "  drainSeconds: 2\n")
    try:
        process.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        process.send_signal(signal.SIGHUP)
        time.sleep(0.3)
        assert ready(port)[0] == 503, "still draining, not reloaded"
        output = process.communicate(timeout=15)[0]
        assert process.returncode == 0, output
        assert "SIGHUP ignored" in output and "reloading the configuration" not in output, output
    finally:
        if process.poll() is None:
            process.kill()


class SilentUpstream:
    """A remote API that takes every connection and never answers."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.held = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.held.append(connection)

    def close(self):
        self.listener.close()
        for connection in self.held:
            connection.close()


def test_an_answer_not_begun_by_the_request_timeout_is_503_and_a_stopping_host_does_not_wait_longer(tmp_path):
    upstream = SilentUpstream()
    process, port = serve(
        tmp_path, "  requestTimeoutSeconds: 2\n  drainSeconds: 0\n", modules="login, moneybox",
        sections=f"moneybox:\n  baseURL: http://127.0.0.1:{upstream.port}\n  timeoutSeconds: 60\n")
    try:
        visitor = signed_up(port)
        visitor.request("/moneybox")
        outcome = {}

        def sign_in():
            started = time.monotonic()
            status, _, _ = visitor.request("/moneybox/sign-in", {"email": "test+ios@moneyboxapp.com", "password": "P455word12"})
            outcome["status"], outcome["seconds"] = status, time.monotonic() - started

        waiting = threading.Thread(target=sign_in)
        waiting.start()
        waiting.join(timeout=15)
        assert outcome.get("status") == 503, outcome
        assert 1.5 <= outcome["seconds"] < 5, f"answered after {outcome['seconds']:.1f} s, not at the 2 s request timeout"
        assert page_status(port, "/health/ready") == 200, "the host serves on"

        # Stopping while a request waits on the silent upstream: it is answered at its request
        # timeout, and the host exits then.
        outcome.clear()
        waiting = threading.Thread(target=sign_in)
        waiting.start()
        time.sleep(0.5)
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        output = process.communicate(timeout=15)[0]
        assert time.monotonic() - started < 5, "a stopping host waits at most the request timeout"
        assert process.returncode == 0, output
        waiting.join(timeout=5)
        assert outcome["status"] == 503, "the request in flight was answered, not cut off"
    finally:
        if process.poll() is None:
            stop(process)
        upstream.close()


def hosts(config):
    listed = subprocess.run([str(ATRIUM), "hosts", "--json", "--config", str(config)], capture_output=True, text=True, timeout=30)
    assert listed.returncode == 0, listed.stderr
    return json.loads(listed.stdout)


def test_the_fleet_list_shows_a_host_serving_then_draining_and_not_once_it_stopped(tmp_path):
    process, port = serve(tmp_path, "  drainSeconds: 3\n")
    config = tmp_path / "atrium.yaml"
    try:
        listed = hosts(config)
        assert len(listed) == 1, listed
        host = listed[0]
        assert host["state"] == "serving" and host["pid"] == process.pid and host["address"] == f"http://127.0.0.1:{port}", host
        assert host["modules"].keys() == {"login", "cookbook"} and host["build"], host
        table = subprocess.run([str(ATRIUM), "hosts", "--config", str(config)], capture_output=True, text=True, timeout=30).stdout
        assert table.splitlines()[0].split()[:3] == ["HOST", "ADDRESS", "MACHINE"] and "serving" in table, table

        process.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        assert [listed["state"] for listed in hosts(config)] == ["draining"], "a draining host says so at once"
        process.communicate(timeout=15)
        assert process.returncode == 0
        assert hosts(config) == [], "a host that stopped cleanly has left the list"
    finally:
        if process.poll() is None:
            process.kill()


def test_a_socket_handed_by_systemd_is_served_and_a_request_waiting_in_it_is_answered_by_the_next_host(tmp_path):
    """Socket activation (`LISTEN_FDS`): the host serves the listening socket it was handed and binds
    nothing itself; the socket outlives the host, so a request that arrives between two hosts
    waits in its queue and the next host answers it."""
    handed = socket.create_server(("127.0.0.1", 0), backlog=64)
    port = handed.getsockname()[1]
    unused = free_port()
    config = tmp_path / "atrium.yaml"
    config.write_text(
        f"http:\n  port: {unused}\nstorage:\n  path: {tmp_path / 'atrium.sqlite'}\nsecrets:\n  keyFile: {tmp_path / 'secret.key'}\n"
        "modules: [cookbook]\n")

    def hand_over():
        os.dup2(handed.fileno(), 3)
        os.environ["LISTEN_FDS"] = "1"
        os.environ["LISTEN_PID"] = str(os.getpid())

    def start():
        process = subprocess.Popen(
            [str(ATRIUM), "serve", "--config", str(config)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            close_fds=False, preexec_fn=hand_over)
        wait_until_ready(process, port)
        return process

    first = start()
    try:
        assert page_status(port) == 200
        with socket.socket() as probe:
            assert probe.connect_ex(("127.0.0.1", unused)) != 0, "the configured port is not bound: the handed socket is served"
        first.send_signal(signal.SIGTERM)
        output = first.communicate(timeout=15)[0]
        assert first.returncode == 0 and "LISTEN_FDS" in output, output

        # Between two hosts: the request waits in the socket's queue.
        waiting = socket.create_connection(("127.0.0.1", port), timeout=20)
        waiting.sendall(b"GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        second = start()
        try:
            answer = waiting.recv(4096)
            assert answer.startswith(b"HTTP/1.1 200"), answer
        finally:
            second.send_signal(signal.SIGTERM)
            second.communicate(timeout=15)
    finally:
        for process in (first,):
            if process.poll() is None:
                process.kill()
        handed.close()
