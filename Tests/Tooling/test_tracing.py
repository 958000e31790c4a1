"""Traces through the real `atrium` binary and a real OTLP/HTTP receiver (the protobuf decoded with
`opentelemetry-proto`): a Moneybox sign-in against the module's sandbox is one trace — the visitor's
request, the scene's action, the outgoing call, the sandbox's own server span joined through
`traceparent`, the storage operations — each span naming its module and no secret; a stranger's
`traceparent` is a link, not a parent; a collector that never answers costs dropped spans, counted,
never an unanswered request; and `atrium check` names a malformed sampler or endpoint."""

import base64
import http.server
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from opentelemetry.proto.collector.trace.v1 import trace_service_pb2

from test_live import Stream, visitor_cookie
from test_serve import ATRIUM, free_port, wait_until_ready
from test_several_hosts import Visitor

POSTGRES_URL = os.environ.get("ATRIUM_TEST_POSTGRES_URL", "")
EMAIL = "test+ios@moneyboxapp.com"
PASSWORD = "P455word12"


class Receiver:
    """An OTLP/HTTP collector on a free port: every span it is sent, with its resource's attributes."""

    def __init__(self):
        self.spans = []
        self.lock = threading.Lock()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                request = trace_service_pb2.ExportTraceServiceRequest()
                request.ParseFromString(body)
                with receiver.lock:
                    for resource_spans in request.resource_spans:
                        service = attributes(resource_spans.resource.attributes).get("service.name")
                        for scope_spans in resource_spans.scope_spans:
                            for span in scope_spans.spans:
                                receiver.spans.append((service, span))
                answer = trace_service_pb2.ExportTraceServiceResponse().SerializeToString()
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def all(self):
        with self.lock:
            return list(self.spans)

    def close(self):
        self.server.shutdown()


def attributes(values):
    """An OTLP attribute list as a dict of plain values."""
    result = {}
    for item in values:
        value = item.value
        kind = value.WhichOneof("value")
        result[item.key] = getattr(value, kind) if kind else None
    return result


def serve(tmp_path, environment, modules="login, moneybox", http=""):
    port = free_port()
    config = tmp_path / "atrium.yaml"
    config.write_text(
        f"http:\n  port: {port}\n{http}storage:\n  path: {tmp_path / 'atrium.sqlite'}\nsecrets:\n  keyFile: {tmp_path / 'secret.key'}\n"
        f"modules: [{modules}]\n"
    )
    env = {**os.environ, "OTEL_BSP_SCHEDULE_DELAY": "100", **environment}
    process = subprocess.Popen([str(ATRIUM), "serve", "--config", str(config)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    wait_until_ready(process, port)
    return process, port


def stop(process):
    process.send_signal(signal.SIGTERM)
    return process.communicate(timeout=30)[0]


def eventually(condition, within=20.0):
    deadline = time.monotonic() + within
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.1)


def test_a_moneybox_sign_in_is_one_trace_through_the_sandbox_and_storage_with_no_secret(tmp_path):
    receiver = Receiver()
    process, port = serve(tmp_path, {"OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{receiver.port}", "OTEL_SERVICE_NAME": "atrium-test"})
    try:
        visitor = Visitor(f"http://127.0.0.1:{port}")
        visitor.request("/signup")
        status, url, _ = visitor.request("/signup", {"fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"})
        assert url.endswith("/profile"), (status, url)
        visitor.request("/moneybox")
        status, url, _ = visitor.request("/moneybox/sign-in", {"email": EMAIL, "password": PASSWORD})
        assert status == 200 and url.endswith("/moneybox/accounts"), (status, url)

        def sign_in_span():
            return next(
                (span for _, span in receiver.all() if span.name == "POST /moneybox/sign-in" and span.kind == span.SPAN_KIND_SERVER), None)

        request = eventually(sign_in_span)
        eventually(lambda: len([s for s in receiver.all() if s[1].trace_id == request.trace_id]) >= 5)
        trace = [(service, span) for service, span in receiver.all() if span.trace_id == request.trace_id]
        spans = [span for _, span in trace]
        by_id = {span.span_id: span for span in spans}
        assert all(service == "atrium-test" for service, _ in trace)
        assert attributes(request.attributes)["atrium.module"] == "moneybox"
        assert attributes(request.attributes)["http.route"] == "/moneybox/sign-in"
        assert attributes(request.attributes)["http.response.status_code"] == 303

        action = next(span for span in spans if span.name.startswith("action "))
        assert action.parent_span_id == request.span_id
        assert attributes(action.attributes)["atrium.module"] == "moneybox" and attributes(action.attributes).get("atrium.scene")

        calls = [span for span in spans if span.kind == span.SPAN_KIND_CLIENT and "http.request.method" in attributes(span.attributes)]
        assert calls, [span.name for span in spans]
        assert all(attributes(call.attributes)["atrium.module"] == "moneybox" for call in calls)

        def ancestors(span):
            while span.parent_span_id in by_id:
                span = by_id[span.parent_span_id]
                yield span

        # The sandbox's own server span, a child of the module's call: the in-process request
        # carried the trace as the network would.
        sandbox = [span for span in spans if span.kind == span.SPAN_KIND_SERVER and span.parent_span_id in {call.span_id for call in calls}]
        assert sandbox, [(span.name, span.kind) for span in spans]
        assert all(attributes(span.attributes)["atrium.module"] == "moneybox" for span in sandbox)
        assert all(any(a.span_id == action.span_id for a in ancestors(call)) for call in calls), "the calls are the action's"

        assert any(span.name == "session" for span in spans), "the session's lookup is a span"
        # A page's load is a step of its request (the first GET of /profile: no answer kept yet).
        page = eventually(
            lambda: next((span for _, span in receiver.all() if span.name == "GET /profile" and span.kind == span.SPAN_KIND_SERVER), None))
        eventually(lambda: any(span.trace_id == page.trace_id and span.name == "load login.profile" for _, span in receiver.all()))
        storage = [span for span in spans if "db.system.name" in attributes(span.attributes)]
        assert storage and all(attributes(span.attributes)["db.system.name"] == "sqlite" for span in storage)
        assert all(attributes(span.attributes).get("atrium.module") for span in storage)

        # No secret anywhere: not the password, the email, a cookie or a session.
        everything = repr([(span.name, attributes(span.attributes)) for span in spans])
        for secret in (PASSWORD, EMAIL, "atrium_session", "ada@example.com"):
            assert secret not in everything, secret
        assert "?" not in "".join(span.name for span in spans), "no span is named by a query"
    finally:
        output = stop(process)
        receiver.close()
    # Log lines written inside a span carry its trace.
    assert re.search(r"trace_id=" + request.trace_id.hex(), output), output[-2000:]


def test_a_strangers_traceparent_is_a_link_not_a_parent(tmp_path):
    receiver = Receiver()
    process, port = serve(tmp_path, {"OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{receiver.port}"}, modules="login")
    foreign_trace = "4bf92f3577b34da6a3ce929d0e0e4736"
    try:
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/login", headers={"traceparent": f"00-{foreign_trace}-00f067aa0ba902b7-01"})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200
        span = eventually(lambda: next((s for _, s in receiver.all() if s.name == "GET /login"), None))
        assert span.trace_id.hex() != foreign_trace, "a visitor cannot join the host's spans to a trace of its choosing"
        assert [link.trace_id.hex() for link in span.links] == [foreign_trace]
    finally:
        stop(process)
        receiver.close()


def test_the_span_of_a_request_still_in_flight_at_shutdown_is_sent(tmp_path):
    """The exporter stops last: after the server has finished the requests it had when SIGTERM came
    (a form whose body was still arriving), and with a batch delay that would otherwise hold the
    span for a minute."""
    receiver = Receiver()
    process, port = serve(
        tmp_path, {"OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{receiver.port}", "OTEL_BSP_SCHEDULE_DELAY": "60000"}, modules="login")
    body = b"email=ada%40example.com&password=correct+horse+battery"
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=20) as connection:
            connection.sendall(
                b"POST /login HTTP/1.1\r\nHost: atrium\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + f"Content-Length: {len(body)}\r\n\r\n".encode() + body[:10])
            time.sleep(0.5)
            process.send_signal(signal.SIGTERM)
            time.sleep(0.5)
            connection.sendall(body[10:])
            assert connection.recv(65536).startswith(b"HTTP/1.1 "), "the request in flight is answered"
        process.communicate(timeout=30)
        assert process.returncode == 0
        assert "POST /login" in [span.name for _, span in receiver.all()], [span.name for _, span in receiver.all()]
    finally:
        if process.poll() is None:
            stop(process)
        receiver.close()


def test_a_ratio_sampler_leaves_out_whole_requests_and_follows_a_trusted_parent(tmp_path):
    """`parentbased_traceidratio` at 0.25: about a quarter of a signed-in visitor's requests are
    traced, each whole (its steps under its server span), and a request left out makes no span at
    all: no step of it starts a trace of its own. A trusted proxy's sampled `traceparent` is always
    followed, and its unsampled one never."""
    receiver = Receiver()
    process, port = serve(
        tmp_path,
        {"OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{receiver.port}", "OTEL_TRACES_SAMPLER": "parentbased_traceidratio",
         "OTEL_TRACES_SAMPLER_ARG": "0.25"},
        modules="login", http="  trustedProxies: [127.0.0.1]\n")
    sampled, unsampled = "0af7651916cd43dd8448eb211c80319c", "4bf92f3577b34da6a3ce929d0e0e4736"
    try:
        visitor = Visitor(f"http://127.0.0.1:{port}")
        visitor.request("/signup")
        status, url, _ = visitor.request("/signup", {"fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"})
        assert url.endswith("/profile"), (status, url)
        for _ in range(200):
            assert visitor.request("/profile")[0] == 200
        for trace, flags in ((sampled, "01"), (unsampled, "00")):
            for _ in range(10):
                request = urllib.request.Request(f"http://127.0.0.1:{port}/login", headers={"traceparent": f"00-{trace}-b7ad6b7169203331-{flags}"})
                with urllib.request.urlopen(request, timeout=10) as response:
                    assert response.status == 200
    finally:
        stop(process)  # the exporter sends what it holds as the host stops
        receiver.close()
    spans = [span for _, span in receiver.all()]
    servers = [span for span in spans if span.kind == span.SPAN_KIND_SERVER]
    profile = [span for span in servers if span.name == "GET /profile"]
    assert 15 <= len(profile) <= 100, f"{len(profile)} of 200 requests traced at 0.25"
    assert len([span for span in servers if span.trace_id.hex() == sampled]) == 10, "a trusted sampled parent is followed"
    assert not [span for span in spans if span.trace_id.hex() == unsampled], "a trusted unsampled parent is followed"
    traced = {span.trace_id for span in servers}
    orphans = [span.name for span in spans if span.trace_id not in traced]
    assert not orphans, f"steps of requests left out started traces of their own: {orphans[:10]}"
    for request in profile:
        steps = [span.name for span in spans if span.trace_id == request.trace_id and span.parent_span_id == request.span_id]
        assert "guard signedIn" in steps or "session" in steps, steps


def test_a_collector_that_never_answers_costs_dropped_spans_never_a_request(tmp_path):
    # A port that takes connections and never answers them.
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1024)
    environment = {
        "OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{silent.getsockname()[1]}",
        "OTEL_BSP_MAX_QUEUE_SIZE": "16",
        "OTEL_BSP_MAX_EXPORT_BATCH_SIZE": "16",
        "OTEL_EXPORTER_OTLP_TIMEOUT": "300",
    }
    process, port = serve(tmp_path, environment, modules="login")
    try:
        def get(_):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/login", timeout=20) as response:
                return response.status

        with ThreadPoolExecutor(8) as pool:
            assert set(pool.map(get, range(300))) == {200}

        def dropped():
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
                found = re.search(r"^atrium_trace_spans_dropped_total (\d+)", response.read().decode(), re.M)
            return found and int(found.group(1)) > 0

        eventually(dropped, within=30)
    finally:
        stop(process)
        silent.close()


def test_check_names_a_malformed_sampler_or_endpoint(tmp_path):
    config = tmp_path / "atrium.yaml"
    config.write_text(f"storage:\n  path: {tmp_path / 'atrium.sqlite'}\nmodules: [login]\ntracing:\n  endpoint: collector:4318\n")
    env = {**os.environ, "OTEL_TRACES_SAMPLER": "sometimes", "OTEL_TRACES_SAMPLER_ARG": "lots"}
    result = subprocess.run([str(ATRIUM), "check", "--config", str(config)], capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode != 0
    output = result.stdout + result.stderr
    assert "tracing.endpoint" in output and "not an http or https address" in output, output
    assert "tracing.sampler" in output and "OTEL_TRACES_SAMPLER" in output, output
    assert "tracing.samplerArg" in output and "OTEL_TRACES_SAMPLER_ARG" in output, output


def test_a_ride_ended_on_one_host_and_charged_on_another_links_the_delivery_to_the_publishing(tmp_path):
    """Two hosts on one PostgreSQL database: host A serves the ride and does not deliver events; host
    B delivers Login's charge. B's delivery span is a trace of its own, linked to the span on A
    that published the ride's end; the profile watched on A renders again in a span linked to the
    charge B wrote (carried by the change feed's notification)."""
    assert POSTGRES_URL, "ATRIUM_TEST_POSTGRES_URL names no server"
    receiver = Receiver()
    schema = "trace_" + secrets.token_hex(6)
    url = POSTGRES_URL + ("&" if "?" in POSTGRES_URL else "?") + f"schema={schema}"
    shared = {"STORAGE_URL": url, "SECRETS_KEY": base64.b64encode(secrets.token_bytes(32)).decode(),
              "OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{receiver.port}"}
    hosts = []
    try:
        for name, deliver in (("host-a", "false"), ("host-b", "true")):
            port = free_port()
            config = tmp_path / f"{name}.yaml"
            config.write_text(
                f"http:\n  port: {port}\nstorage:\n  kind: postgres\n  poolSize: 4\nmodules: [login, mobility]\nlogin:\n  mapRoute: map\n"
                f"events:\n  deliver: {deliver}\n  sweepSeconds: 0.5\n")
            env = {**os.environ, "OTEL_BSP_SCHEDULE_DELAY": "100", "OTEL_SERVICE_NAME": name, **shared}
            process = subprocess.Popen([str(ATRIUM), "serve", "--config", str(config)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
            wait_until_ready(process, port)
            hosts.append((process, port))
        visitor = Visitor(f"http://127.0.0.1:{hosts[0][1]}")
        visitor.request("/signup")
        status, url_, _ = visitor.request("/signup", {"fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"})
        assert url_.endswith("/profile"), (status, url_)
        profile = Stream(hosts[0][1], "/profile", visitor_cookie(visitor))
        profile.next_event(within=5)
        _, _, feed = visitor.request("/mobility/gbfs/vehicle_status.json")
        vehicle = next(v["vehicle_id"] for v in json.loads(feed)["data"]["vehicles"] if not v["is_reserved"])
        visitor.request(f"/map/vehicles/{vehicle}")
        status, url_, _ = visitor.request(f"/map/vehicles/{vehicle}/unlock", {})
        assert url_.endswith("/map"), (status, url_)
        status, _, body = visitor.request("/map/ride/end", {})
        assert "Ride ended" in body

        def spans_named(prefix, service):
            return [span for name, span in receiver.all() if name == service and span.name.startswith(prefix)]

        delivery = eventually(lambda: spans_named("deliver ", "host-b"), within=30)[0]
        publish = eventually(lambda: spans_named("publish ", "host-a"))
        assert delivery.kind == delivery.SPAN_KIND_CONSUMER
        assert attributes(delivery.attributes)["atrium.module"] == "login"
        links = {(link.trace_id, link.span_id) for link in delivery.links}
        assert (publish[0].trace_id, publish[0].span_id) in links, "the delivery links to the span that published the event"
        assert delivery.trace_id != publish[0].trace_id, "a delivery is a trace of its own, linked, not a child of a finished request"
        # The publishing was part of the visitor's request to end the ride on host A.
        # The request's span ends after its answer is written, so it may reach the receiver in a later
        # batch than the publishing span it holds: wait for it as for the others.
        ride_end = eventually(lambda: next(
            (span for name, span in receiver.all() if name == "host-a" and span.name == "POST /map/ride/end"), None))
        assert publish[0].trace_id == ride_end.trace_id
        # Host A's live profile followed the charge written on host B, and its render says so.
        profile.next_event(within=15)
        renders = eventually(
            lambda: [span for span in spans_named("live render", "host-a") if any(link.trace_id == delivery.trace_id for link in span.links)])
        assert attributes(renders[0].attributes)["atrium.pushed"] is True
        profile.close()
    finally:
        for process, _ in hosts:
            stop(process)
        receiver.close()
