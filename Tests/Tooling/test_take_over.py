"""One machine, a new process takes over: a host serving an SQLite database hands its listening
socket to `atrium serve --take-over`, which accepts once it has booted; the old host then drains and
exits. Under steady load — signed-in visitors reading pages, payments posted with keys, a live
watcher — nothing fails, every payment is made exactly once, nobody is signed out, the watcher's page
is the page as it is now, and `atrium reload` finds the new process. A new process that fails to
boot leaves the old one serving."""

import base64
import secrets
import signal
import subprocess
import time

from test_rolling_restart import Load, current_state_id, moneybox_value, signed_in_visitor
from test_serve import ATRIUM, free_port, wait_until_ready


class Machine:
    """One port, one SQLite file, the host serving them and the ones that take over."""

    def __init__(self, tmp_path, modules="[login, moneybox]"):
        self.tmp_path = tmp_path
        self.proxy_port = free_port()
        self.base = f"http://127.0.0.1:{self.proxy_port}"
        self.config = tmp_path / "atrium.yaml"
        self.config.write_text(
            f"http:\n  port: {self.proxy_port}\nstorage:\n  path: {tmp_path}/atrium.sqlite\n"
            f"secrets:\n  key: {base64.b64encode(secrets.token_bytes(32)).decode()}\nmodules: {modules}\n")
        self.logs = []
        self.host = self.start()
        wait_until_ready(self.host, self.proxy_port)
        self.switches = []

    def start(self, *arguments, config=None):
        log = self.tmp_path / f"host{len(self.logs)}.log"
        self.logs.append(log)
        return subprocess.Popen(
            [str(ATRIUM), "serve", "--config", str(config or self.config), *arguments], stdout=open(log, "w"), stderr=subprocess.STDOUT)

    def take_over(self):
        """A new process takes over; returns how long the old one took to exit after the new one started."""
        began = time.monotonic()
        self.switches.append([began, None])
        new = self.start("--take-over")
        old = self.host
        assert old.wait(timeout=60) == 0, self.logs[-2].read_text()
        self.switches[-1][1] = time.monotonic()
        assert new.poll() is None, self.logs[-1].read_text()
        self.host = new
        return self.switches[-1][1] - began

    def close(self):
        if self.host.poll() is None:
            self.host.send_signal(signal.SIGTERM)
            self.host.wait(timeout=30)


def wait_for_line(log, text, within=30):
    deadline = time.monotonic() + within
    while text not in log.read_text():
        assert time.monotonic() < deadline, f"{text!r} not in {log}:\n{log.read_text()}"
        time.sleep(0.05)


def test_a_new_process_takes_over_the_socket_under_load_and_nothing_fails(tmp_path):
    machine = Machine(tmp_path)
    try:
        visitor = signed_in_visitor(machine)
        before = moneybox_value(visitor)
        load = Load(machine, visitor)
        with load:
            time.sleep(2)
            first = machine.take_over()
            time.sleep(2)
            second = machine.take_over()
            time.sleep(2)
        assert load.failures == [], f"{len(load.failures)} failed of {load.pages} pages and {load.payments} payments: {load.failures[:5]}"
        assert load.pages > 50 and load.payments > 5, (load.pages, load.payments)
        assert moneybox_value(visitor) == before + 10 * load.payments, "every payment made once: none lost, none twice"
        status, url, _ = visitor.request("/profile")
        assert status == 200 and url.endswith("/profile"), "still signed in"
        current = current_state_id(machine, visitor)
        deadline = time.monotonic() + 10
        while load.last_event != current and time.monotonic() < deadline:
            time.sleep(0.1)
        load.stop_watching()
        assert load.last_event == current, "the watcher's page is the page as it is now"
        for old in machine.logs[:2]:
            assert "the new process is ready: no longer accepting, draining" in old.read_text(), old.read_text()
        wait_for_line(machine.logs[-1], "the host that handed over has stopped: serving alone")
        reload = subprocess.run([str(ATRIUM), "reload", "--config", str(machine.config)], capture_output=True, text=True, timeout=60)
        assert f"Asked process {machine.host.pid} to reload" in reload.stdout, reload.stdout + reload.stderr
        print(f"take-over: {load.pages} pages, {load.payments} payments, 0 failed; old hosts exited {first:.1f} s and {second:.1f} s after the new ones started")
    finally:
        machine.close()


def test_a_new_process_that_fails_to_boot_leaves_the_old_one_serving(tmp_path):
    machine = Machine(tmp_path)
    try:
        visitor = signed_in_visitor(machine)
        load = Load(machine, visitor)
        # It reads its settings and is handed the socket, then finds a module it does not have.
        broken = tmp_path / "broken.yaml"
        broken.write_text(machine.config.read_text().replace("modules: [login, moneybox]", "modules: [login, moneybox, nosuchmodule]"))
        with load:
            time.sleep(1)
            new = machine.start("--take-over", config=broken)
            assert new.wait(timeout=60) != 0, machine.logs[-1].read_text()
            wait_for_line(machine.logs[0], "the new process stopped before it was ready: serving on")
            time.sleep(1)
            # Offered again: the next one takes over.
            machine.take_over()
            time.sleep(1)
        load.stop_watching()
        assert "taking over from the host serving" in machine.logs[1].read_text(), machine.logs[1].read_text()
        assert load.failures == [], f"{len(load.failures)} failed of {load.pages} pages and {load.payments} payments: {load.failures[:5]}"
        assert machine.host.pid != 0 and visitor.request("/profile")[0] == 200
    finally:
        machine.close()


def test_take_over_with_no_host_serving_serves_as_usual(tmp_path):
    port = free_port()
    config = tmp_path / "atrium.yaml"
    config.write_text(f"http:\n  port: {port}\nstorage:\n  path: {tmp_path}/atrium.sqlite\nsecrets:\n  keyFile: {tmp_path}/key\nmodules: [cookbook]\n")
    host = subprocess.Popen([str(ATRIUM), "serve", "--config", str(config), "--take-over"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_until_ready(host, port)
    finally:
        host.send_signal(signal.SIGTERM)
        output = host.communicate(timeout=30)[0]
    assert "no host serves" in output, output
