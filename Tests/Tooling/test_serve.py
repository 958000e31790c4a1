"""`atrium serve` as an operator runs it: under swift-service-lifecycle, SIGTERM stops the server
first, then the modules in reverse boot order, then the storage."""

import contextlib
import os
import signal
import socket
import sqlite3
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# ATRIUM_BINARY runs these against another build (an earlier commit's, to see a test fail before its fix).
ATRIUM = Path(os.environ.get("ATRIUM_BINARY", ROOT / ".build" / "debug" / "atrium"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_ready(process, port):
    deadline = time.monotonic() + 30
    last = "no answer yet"
    while True:
        assert process.poll() is None, process.stdout.read() if process.stdout else process.returncode
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/ready", timeout=1) as response:
                if response.status == 200:
                    return
                last = f"{response.status} {response.read()[:200]!r}"
        except urllib.error.HTTPError as error:
            last = f"{error.code} {error.read()[:200]!r}"
        except OSError as error:
            last = repr(error)
        if time.monotonic() >= deadline:
            # What the host was doing: its threads' stacks would be better, its state is what we have.
            process.kill()
            output = process.communicate()[0] if process.stdout else ""
            raise AssertionError(f"not ready in 30 s; the last answer to /health/ready: {last}; the host wrote:\n{output}")
        time.sleep(0.1)


def test_sigterm_stops_the_server_then_the_modules_in_reverse_boot_order(tmp_path):
    port = free_port()
    config = tmp_path / "atrium.yaml"
    config.write_text(
        f"http:\n  port: {port}\nstorage:\n  path: {tmp_path}/atrium.sqlite\nsecrets:\n  keyFile: {tmp_path}/secret.key\n"
        f"modules: [login, cookbook, pilot]\npilot:\n  licensesFile: {ROOT / 'Configuration' / 'pilot-licenses.json'}\n"
    )
    process = subprocess.Popen([str(ATRIUM), "serve", "--config", str(config)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_until_ready(process, port)
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


def test_a_second_host_on_the_same_database_is_refused_and_the_first_keeps_serving(tmp_path):
    port, second_port = free_port(), free_port()
    common = f"storage:\n  path: {tmp_path}/atrium.sqlite\nsecrets:\n  keyFile: {tmp_path}/secret.key\nmodules: [cookbook]\n"
    first_config = tmp_path / "first.yaml"
    first_config.write_text(f"http:\n  port: {port}\n" + common)
    second_config = tmp_path / "second.yaml"
    second_config.write_text(f"http:\n  port: {second_port}\n" + common)
    first = subprocess.Popen([str(ATRIUM), "serve", "--config", str(first_config)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_until_ready(first, port)
        second = subprocess.run([str(ATRIUM), "serve", "--config", str(second_config)], capture_output=True, text=True, timeout=30)
        assert second.returncode == 1, second.stdout + second.stderr
        message = second.stdout + second.stderr
        assert "storage.path" in message and f"another Atrium host (process {first.pid}) is serving this database" in message, message
        assert "give this one its own storage.path" in message, message
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/cookbook", timeout=5) as response:
            assert response.status == 200, "the first host is untouched"
    finally:
        first.send_signal(signal.SIGTERM)
        first.communicate(timeout=20)


def serve_until_ready(arguments, port, cwd):
    """Starts `atrium` with `arguments` and waits until it answers on `port`; returns its output."""
    process = subprocess.Popen([str(ATRIUM), *arguments], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_until_ready(process, port)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/pilot", timeout=5) as response:
            assert response.status == 200
    finally:
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=20)
    assert process.returncode == 0, output
    return output


def test_every_form_of_a_hosts_launch_serves_the_configuration_it_names(tmp_path):
    """`atrium`, `atrium serve`, and both with `--config PATH` or `--config=PATH` are read without
    ArgumentParser (a tenth of a boot); each must serve the file it names, or the default file."""
    named, default = free_port(), free_port()
    common = f"modules: [pilot]\npilot:\n  licensesFile: {ROOT / 'Configuration' / 'pilot-licenses.json'}\nsecrets:\n  keyFile: {tmp_path}/secret.key\n"
    config = tmp_path / "named.yaml"
    config.write_text(f"http:\n  port: {named}\nstorage:\n  path: {tmp_path}/named.sqlite\n" + common)
    (tmp_path / "Configuration").mkdir()
    (tmp_path / "Configuration" / "atrium.yaml").write_text(f"http:\n  port: {default}\nstorage:\n  path: {tmp_path}/default.sqlite\n" + common)
    for arguments in (["--config", str(config)], [f"--config={config}"], ["serve", "--config", str(config)], ["serve", f"--config={config}"]):
        output = serve_until_ready(arguments, named, tmp_path)
        assert f"127.0.0.1:{named}" in output, (arguments, output)
    for arguments in ([], ["serve"]):
        output = serve_until_ready(arguments, default, tmp_path)
        assert f"127.0.0.1:{default}" in output, (arguments, output)


def test_other_forms_are_still_read_by_argumentparser(tmp_path):
    missing = subprocess.run([str(ATRIUM), "serve", "--config"], cwd=tmp_path, capture_output=True, text=True, timeout=30)
    assert missing.returncode == 64 and "Missing value for '--config <config>'" in missing.stderr, missing.stderr
    unknown = subprocess.run([str(ATRIUM), "--config", "a.yaml", "--verbose"], cwd=tmp_path, capture_output=True, text=True, timeout=30)
    assert unknown.returncode == 64 and "Unknown option '--verbose'" in unknown.stderr, unknown.stderr
    help = subprocess.run([str(ATRIUM), "serve", "--help"], cwd=tmp_path, capture_output=True, text=True, timeout=30)
    assert help.returncode == 0 and "USAGE: atrium serve [--config <config>]" in help.stdout, help.stdout
    absent = subprocess.run([str(ATRIUM), f"--config={tmp_path}/absent.yaml"], cwd=tmp_path, capture_output=True, text=True, timeout=30)
    assert absent.returncode == 1 and "absent.yaml" in absent.stderr, absent.stderr


def snapshot(folder, leaving_out=None):
    """The files of a host's folder: the database as its SQL dump (SQLite may move what its write-ahead
    log holds into the main file when the last connection closes), every other file as its bytes."""
    files = {}
    for path in sorted(folder.iterdir()):
        if path.name == leaving_out or path.name.endswith(("-wal", "-shm")):
            continue
        if path.suffix == ".sqlite":
            with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as database:
                files[path.name] = "\n".join(database.iterdump())
        else:
            files[path.name] = path.read_bytes()
    return files


def test_a_configuration_with_problems_leaves_an_existing_database_as_it_was_and_free(tmp_path):
    """The database is opened while the modules register; when the configuration then has problems,
    the host exits with them, having changed no file, and the next host serves the database."""
    port = free_port()
    common = f"http:\n  port: {port}\nstorage:\n  path: {tmp_path}/atrium.sqlite\nsecrets:\n  keyFile: {tmp_path}/secret.key\n"
    good = tmp_path / "good.yaml"
    good.write_text(common + f"modules: [pilot]\npilot:\n  licensesFile: {ROOT / 'Configuration' / 'pilot-licenses.json'}\n")
    serve_until_ready(["serve", "--config", str(good)], port, tmp_path)
    before = snapshot(tmp_path)

    bad = tmp_path / "bad.yaml"
    bad.write_text(common + "modules: [pilot]\npilot:\n  licensesFile: /nowhere/licenses.json\n")
    refused = subprocess.run([str(ATRIUM), "serve", "--config", str(bad)], cwd=tmp_path, capture_output=True, text=True, timeout=30)
    assert refused.returncode == 1 and "pilot.licensesFile" in refused.stderr, refused.stderr
    assert snapshot(tmp_path, leaving_out="bad.yaml") == before, "no file was made, and nothing in the database or beside it changed"
    serve_until_ready(["serve", "--config", str(good)], port, tmp_path)


def test_a_port_another_process_holds_is_named_and_the_database_is_left_free(tmp_path):
    """The server binds while the modules register; a port that cannot be had stops the boot with
    a problem at http.port, after which the database is free for the next host."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        taken = holder.getsockname()[1]
        config = tmp_path / "atrium.yaml"
        common = f"storage:\n  path: {tmp_path}/atrium.sqlite\nsecrets:\n  keyFile: {tmp_path}/secret.key\nmodules: [pilot]\npilot:\n  licensesFile: {ROOT / 'Configuration' / 'pilot-licenses.json'}\n"
        config.write_text(f"http:\n  port: {taken}\n" + common)
        refused = subprocess.run([str(ATRIUM), "serve", "--config", str(config)], capture_output=True, text=True, timeout=30)
        assert refused.returncode == 1, refused.stdout + refused.stderr
        assert "http.port" in refused.stderr and f"127.0.0.1:{taken} is in use by another process" in refused.stderr, refused.stderr
        assert "choose another port" in refused.stderr, refused.stderr
    port = free_port()
    config.write_text(f"http:\n  port: {port}\n" + common)
    serve_until_ready(["serve", "--config", str(config)], port, tmp_path)


def test_a_configuration_with_problems_gives_back_the_port_it_began_to_listen_on(tmp_path):
    port = free_port()
    bad = tmp_path / "bad.yaml"
    bad.write_text(f"http:\n  port: {port}\nmodules: [pilot]\npilot:\n  licensesFile: /nowhere/licenses.json\nsecrets:\n  keyFile: {tmp_path}/secret.key\n")
    refused = subprocess.run([str(ATRIUM), "serve", "--config", str(bad)], capture_output=True, text=True, timeout=30)
    assert refused.returncode == 1 and "pilot.licensesFile" in refused.stderr, refused.stderr
    assert "listening" not in refused.stderr, "the host said nothing of a server it did not start serving from"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", port))
