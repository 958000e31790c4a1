"""`atrium serve` as an operator runs it: under swift-service-lifecycle, SIGTERM stops the server
first, then the modules in reverse boot order, then the storage."""

import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ATRIUM = ROOT / ".build" / "debug" / "atrium"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_sigterm_stops_the_server_then_the_modules_in_reverse_boot_order(tmp_path):
    port = free_port()
    config = tmp_path / "atrium.yaml"
    config.write_text(
        f"http:\n  port: {port}\nstorage:\n  path: {tmp_path}/atrium.sqlite\nsecrets:\n  keyFile: {tmp_path}/secret.key\n"
        f"modules: [login, cookbook, pilot]\npilot:\n  licensesFile: {ROOT / 'Configuration' / 'pilot-licenses.json'}\n"
    )
    process = subprocess.Popen([str(ATRIUM), "serve", "--config", str(config)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, process.stdout.read()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/ready", timeout=1) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            assert time.monotonic() < deadline, "not ready in 30 s"
            time.sleep(0.1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/pilot", timeout=5) as response:
            assert response.status == 200
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, output
    stopping = [line for line in output.splitlines() if "shutting down" in line]
    assert [line.split("module=")[-1].split()[0] for line in stopping] == ["pilot", "cookbook", "login"], output
    assert output.rstrip().splitlines()[-1].endswith("stopped"), output
    assert (tmp_path / "secret.key").stat().st_mode & 0o777 == 0o600, "the host key is readable by this user only"
