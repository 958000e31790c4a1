"""Module events through the real `atrium` binary on SQLite: a ride that ended on a host killed with
SIGKILL before Login handled it is charged once after the restart; a delivery whose handler fails
shows as failed in `atrium events` and `/metrics` and is delivered by `atrium events retry`;
`atrium describe --json` says who publishes and who subscribes."""

import json
import re
import signal
import sqlite3
import subprocess
import time
import urllib.request

from test_serve import ATRIUM, free_port, wait_until_ready
from test_several_hosts import Visitor


def configuration(tmp_path, port, deliver=True, attempts=8):
    config = tmp_path / "atrium.yaml"
    config.write_text(
        f"http:\n  port: {port}\nstorage:\n  path: {tmp_path / 'atrium.sqlite'}\nsecrets:\n  keyFile: {tmp_path / 'secret.key'}\n"
        "modules: [login, mobility]\nlogin:\n  mapRoute: map\n"
        f"events:\n  deliver: {'true' if deliver else 'false'}\n  attempts: {attempts}\n  retrySeconds: 0.05\n  sweepSeconds: 0.5\n"
    )
    return config


def start(config, port):
    process = subprocess.Popen([str(ATRIUM), "serve", "--config", str(config)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wait_until_ready(process, port)
    return process


def events(config, *arguments):
    return subprocess.run([str(ATRIUM), "events", *arguments, "--config", str(config)], capture_output=True, text=True, timeout=60)


def ride(visitor):
    """Signs up, takes a ride on a free vehicle of the sandbox city and ends it."""
    visitor.request("/signup")
    status, url, _ = visitor.request("/signup", {"fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"})
    assert status == 200 and url.endswith("/profile"), (status, url)
    _, _, feed = visitor.request("/mobility/gbfs/vehicle_status.json")
    vehicle = next(v["vehicle_id"] for v in json.loads(feed)["data"]["vehicles"] if not v["is_reserved"])
    visitor.request(f"/map/vehicles/{vehicle}")
    status, url, _ = visitor.request(f"/map/vehicles/{vehicle}/unlock", {})
    assert status == 200 and url.endswith("/map"), (status, url)
    status, url, body = visitor.request("/map/ride/end", {})
    assert status == 200 and "Ride ended" in body, (status, url)


def rides_on_profile(visitor):
    _, _, body = visitor.request("/profile")
    found = re.search(r"(\d+) Rides?", body)
    return int(found.group(1)) if found else None


def eventually(condition, within=15.0):
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_a_ride_ended_on_a_host_killed_before_login_handled_it_is_charged_once_after_restart(tmp_path):
    port = free_port()
    config = configuration(tmp_path, port, deliver=False)
    host = start(config, port)
    visitor = Visitor(f"http://127.0.0.1:{port}")
    try:
        ride(visitor)
        waiting = events(config)
        assert waiting.returncode == 0, waiting.stderr
        assert waiting.stdout.startswith("1 waiting, 0 failed"), waiting.stdout
        assert re.search(r"#\d+  pending  mobility\.ride-ended v1  mobility → login  aggregate ", waiting.stdout), waiting.stdout
        assert rides_on_profile(visitor) == 0, "this host does not deliver: nothing charged yet"
    finally:
        host.kill()
        host.wait(timeout=10)

    configuration(tmp_path, port, deliver=True)
    host = start(config, port)
    try:
        assert eventually(lambda: rides_on_profile(visitor) == 1), "charged after the restart"
        _, _, details = visitor.request("/profile/details")
        assert re.search(r"ride, \d+ minutes?", details), "the charge is listed on the profile details"
        assert "US$" in details
    finally:
        host.send_signal(signal.SIGTERM)
        host.communicate(timeout=20)
    host = start(config, port)
    try:
        time.sleep(1.5)
        assert rides_on_profile(visitor) == 1, "charged once, however often the host restarts"
        assert events(config).stdout.startswith("No events are waiting")
    finally:
        host.send_signal(signal.SIGTERM)
        host.communicate(timeout=20)


def test_a_failed_delivery_shows_in_atrium_events_and_metrics_and_a_retry_from_the_command_delivers_it(tmp_path):
    port = free_port()
    config = configuration(tmp_path, port, deliver=False, attempts=2)
    host = start(config, port)
    visitor = Visitor(f"http://127.0.0.1:{port}")
    try:
        ride(visitor)
    finally:
        host.send_signal(signal.SIGTERM)
        host.communicate(timeout=20)
    # A delivery Login cannot read (as a publisher's bug would make): its handler fails every try.
    database = sqlite3.connect(tmp_path / "atrium.sqlite")
    number, payload = database.execute("SELECT sequence, payload FROM eventDeliveries").fetchone()
    database.execute("UPDATE eventDeliveries SET payload = ? WHERE sequence = ?", (b"{}", number))
    database.commit()

    configuration(tmp_path, port, deliver=True, attempts=2)
    host = start(config, port)
    try:
        assert eventually(lambda: "failed" in events(config).stdout.splitlines()[0] and " 1 failed" in events(config).stdout)
        listed = events(config).stdout
        assert re.search(rf"#{number}  failed  mobility\.ride-ended v1  mobility → login .* tries 2  last error: ", listed), listed
        as_json = json.loads(events(config, "--json").stdout)
        assert as_json[0]["number"] == number and as_json[0]["state"] == "failed" and as_json[0]["tries"] == 2
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
            metrics = response.read().decode()
        assert 'atrium_events_failed_total{event="mobility.ride-ended",module="login"} 1' in metrics, metrics
        assert 'atrium_events_retried_total{event="mobility.ride-ended",module="login"} 1' in metrics
        age = re.search(r"^atrium_events_oldest_pending_seconds ([0-9.e+-]+)$", metrics, re.MULTILINE)
        assert age and float(age.group(1)) > 0, "the failed delivery's age"
        assert rides_on_profile(visitor) == 0

        # The operator mends the data and retries from the command line.
        database.execute("UPDATE eventDeliveries SET payload = ? WHERE sequence = ?", (payload, number))
        database.commit()
        retried = events(config, "retry", f"#{number}")
        assert retried.returncode == 0 and f"Delivery #{number} is due now" in retried.stdout, retried.stderr
        assert eventually(lambda: rides_on_profile(visitor) == 1), "delivered after the retry"
        assert events(config).stdout.startswith("No events are waiting")
        missing = events(config, "retry", str(number))
        assert missing.returncode == 1 and f"There is no delivery #{number} waiting" in missing.stderr
        assert events(config, "discard", "forty-two").returncode != 0
    finally:
        database.close()
        host.send_signal(signal.SIGTERM)
        host.communicate(timeout=20)


def test_describe_says_who_publishes_and_who_subscribes(tmp_path):
    config = configuration(tmp_path, free_port())
    described = subprocess.run([str(ATRIUM), "describe", "--json", "--config", str(config)], capture_output=True, text=True, timeout=60)
    assert described.returncode == 0, described.stderr
    document = json.loads(described.stdout)
    assert document["events"] == [{"name": "mobility.ride-ended", "publishers": ["mobility"], "subscribers": ["login"]}]
    modules = {module["id"]: module for module in document["modules"]}
    assert modules["mobility"]["publishes"] == [{"name": "mobility.ride-ended", "version": 1}]
    assert modules["login"]["subscribes"] == [{"name": "mobility.ride-ended", "version": 1}]
