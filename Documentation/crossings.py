#!/usr/bin/env python3
"""Counts how often a request's code moves between Atrium's targets, from a trace of the calls it
makes (Documentation/request-path.md gives the counts and what they mean).

It puts a uprobe on the entry of every function of Atrium's own code in a debug build of `atrium`
(the host's targets, the SDK and the shared contracts, the modules), serves a host, runs one walk
(a page's first GET, a form post, a live stream…) with the kernel's tracer on, and reads each
function entered with its thread and its user stack. A function's *caller* is the nearest frame of
Atrium's code on its stack; an async function is entered from its executor (the await that called
it made a tail call), so its caller is the function the same thread entered last. A *crossing* is a
call whose caller and callee are in different targets. Counted: functions, methods, initialisers,
closures and the thunks that reach them (a witness, a partial apply); not counted as callees: an
async function's resumptions, property accessors, and the compiler's glue (value witnesses,
outlined copies, metadata and one-time initialisers). The build must be a debug one (nothing
inlined: every call is a call) and the machine must allow uprobes (run as root).

Usage: python3 Documentation/crossings.py [BINARY] [WALK ...]   (default: .build/debug/atrium, every walk)
It prints a table: per walk, the crossings between host targets, host ↔ SDK, host ↔ module and
SDK ↔ module, and the pairs of targets crossed most."""

import collections
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRACING = Path("/sys/kernel/tracing")
GROUP = "atrium_calls"

# What is not a call worth counting: the compiler's glue and property accessors.
SKIPPED = re.compile(
    r"value witness|outlined |metadata|one-time initialization|lazy protocol witness table|associated type|"
    r"default argument|\.(getter|setter|modify|read|unsafeMutableAddressor|didset|willset|init) :|variable initialization|"
    r"type metadata|key path|reflection|coroutine continuation|merged |method descriptor|nominal type descriptor")
RESUMPTION = re.compile(r"^\(\d+\) (suspend|await) resume partial function for ")


def targets():
    """Atrium's own targets and the kind of each: host, sdk or module."""
    manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True, check=True).stdout)
    kinds = {}
    for target in manifest["targets"]:
        name, path = target["name"], target.get("path") or ""
        if target["type"] in ("test", "plugin", "executable"):
            continue
        if path.startswith("Modules/"):
            kinds[name] = "module"
        elif name in ("AtriumSDK", "AtriumContracts"):
            kinds[name] = "sdk"
        elif name.startswith("Atrium") and name not in ("AtriumClient", "AtriumTestKit", "AtriumFixtures", "AtriumCatalog"):
            kinds[name] = "host"
    return kinds


def owner(demangled, kinds):
    """The target whose code `demangled` is, or None for code of another library."""
    text = demangled
    extension = re.match(r"^\(extension in (\w+)\):", text)
    if extension:
        return extension.group(1) if extension.group(1) in kinds else None
    conformance = re.search(r" in conformance (?:\(extension in \w+\):)?(\w+)\.", text)
    if text.startswith("protocol witness") and conformance:
        return conformance.group(1) if conformance.group(1) in kinds else None
    # The function a closure, thunk or specialisation is of.
    while True:
        stripped = re.sub(r"^(partial apply forwarder for |implicit closure #\d+ .*? in |closure #\d+ .*? in |"
                          r"reabstraction thunk helper .*? to |thunk for |dispatch thunk of |async function pointer to |"
                          r"\(\d+\) (suspend|await) resume partial function for |@objc |static |function signature specialization <.*?> of )",
                          "", text, count=1)
        if stripped.startswith("generic specialization <"):
            depth, index = 0, len("generic specialization ")
            while index < len(stripped):
                depth += {"<": 1, ">": -1}.get(stripped[index], 0)
                index += 1
                if depth == 0:
                    break
            stripped = stripped[index:].removeprefix(" of ")
        if stripped == text:
            break
        text = stripped
    module = re.match(r"^(\w+)\.", text)
    return module.group(1) if module and module.group(1) in kinds else None


def functions(binary, kinds):
    """Every function in `binary`, by offset: (offset, name, target or None for another library's,
    whether it is an async function's resumption, whether a call of it counts)."""
    symbols = []
    for line in subprocess.run(["nm", "--defined-only", str(binary)], capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            symbols.append((int(parts[0], 16), parts[2]))
    demangled = subprocess.run(["swift", "demangle", "--compact"], input="\n".join(name for _, name in symbols), capture_output=True,
                               text=True, check=True).stdout.splitlines()
    found = []
    for (offset, mangled), name in zip(symbols, demangled):
        target = owner(name, kinds) if mangled.startswith("$s") else None
        counts = target is not None and SKIPPED.search(name) is None and RESUMPTION.match(name) is None
        # A private function is called from its own file alone (a closure made in it is a function of its own).
        if counts and "LL" in mangled and not name.startswith(("closure", "implicit closure", "partial apply")):
            counts = False
        found.append((offset, name, target, RESUMPTION.match(name) is not None, counts))
    return sorted(found)


def write(path, text):
    with open(TRACING / path, "w") as file:
        file.write(text)


class Tracer:
    """Uprobes on the entry of every function whose call may cross targets, with the kernel's tracer
    recording user stacks; an async function's probe also reads where it returns to (the second
    word of its async context, in r14 on x86-64: its caller's resumption)."""

    def __init__(self, binary, found):
        self.binary = binary.resolve()
        self.found = found
        self.by_probe = {}

    def __enter__(self):
        assert (TRACING / "uprobe_events").exists(), f"no tracer at {TRACING}: mount tracefs (mount -t tracefs nodev {TRACING}) as root"
        self.clear()
        # One probe a write: the file takes one command each time it is written.
        descriptor = os.open(TRACING / "uprobe_events", os.O_WRONLY | os.O_APPEND)
        try:
            for index, (offset, name, _, _, counts) in enumerate(self.found):
                if not counts:
                    continue
                resume = " resume=+8(%r14):x64" if " async " in name else ""
                os.write(descriptor, f"p:{GROUP}/f{index} {self.binary}:0x{offset:x}{resume}\n".encode())
                self.by_probe[f"f{index}"] = index
        finally:
            os.close(descriptor)
        write("buffer_size_kb", "65536")
        write("trace_options", "userstacktrace")
        write("trace_options", "sym-userobj")
        write("tracing_on", "0")
        write(f"events/{GROUP}/enable", "1")
        print(f"{len(self.by_probe)} functions probed", file=sys.stderr)
        return self

    def clear(self):
        if (TRACING / "events" / GROUP).exists():
            print("Removing the probes (the kernel takes a few minutes for thousands)…", file=sys.stderr)
            write(f"events/{GROUP}/enable", "0")
            with open(TRACING / "uprobe_events", "w") as file:
                file.write("")
        write("trace", "")

    def __exit__(self, *_):
        write("tracing_on", "0")
        self.clear()

    def record(self, action):
        write("trace", "")
        write("tracing_on", "1")
        try:
            action()
            time.sleep(0.3)  # what the request set going (a delivery, a render) finishes
        finally:
            write("tracing_on", "0")
        return (TRACING / "trace").read_text(errors="replace")


def entries(trace, tracer):
    """(thread, function index, [user stack offsets], resumption offset or None) of each entry, in order."""
    events = []
    current = None
    for line in trace.splitlines():
        probe = re.search(r"-(\d+)\s+\[\d+\].*?: (f\d+): \(0x([0-9a-f]+)\)(?: resume=0x([0-9a-f]+))?", line)
        if probe:
            index = tracer.by_probe[probe.group(2)]
            base = int(probe.group(3), 16) - tracer.found[index][0]
            resume = int(probe.group(4), 16) - base if probe.group(4) else None
            current = (int(probe.group(1)), index, [], resume)
            events.append(current)
            continue
        frame = re.match(r"\s*=>\s*(\S+)\[\+0x([0-9a-f]+)\]", line)
        if frame and current is not None:
            current[2].append(int(frame.group(2), 16) if frame.group(1).endswith("/atrium") else -1)
    return events


def crossings(events, found, kinds):
    """Counts of calls between targets (host ↔ host and across kinds), and the pairs crossed."""
    import bisect
    starts = [offset for offset, *_ in found]

    def function_at(offset):
        index = bisect.bisect_right(starts, offset) - 1 if offset >= 0 else -1
        return index if index >= 0 else None

    last = {}
    counts = collections.Counter()
    pairs = collections.Counter()
    calls = 0
    detail = collections.Counter()
    for thread, index, stack, resume in events:
        target = found[index][2]
        caller = None
        # An async function's caller: where it returns to. A function's: the nearest frame of
        # Atrium's code under it. Else the function this thread entered last.
        if resume is not None and function_at(resume) is not None and found[function_at(resume)][2] is not None:
            caller = function_at(resume)
        else:
            for offset in stack[1:]:
                at = function_at(offset)
                if at is not None and found[at][2] is not None:
                    caller = at
                    break
        if caller is None:
            caller = last.get(thread)
        last[thread] = index
        if caller is None:
            continue
        calls += 1
        from_target = found[caller][2]
        if from_target == target:
            continue
        kind = "-".join(sorted((kinds[from_target], kinds[target])))
        counts[kind] += 1
        pairs[f"{from_target} → {target}"] += 1
        if kind == "host-host":
            detail[f"{short(found[caller][1])} → {short(found[index][1])}"] += 1
    if DETAIL:
        for pair, count in detail.most_common(40):
            print(f"  {count:5d}  {pair}", file=sys.stderr)
    return calls, counts, pairs


DETAIL = "--detail" in sys.argv


def short(name):
    """A function's name without its signature's types."""
    name = re.sub(r"^\(\d+\) (suspend|await) resume partial function for ", "", name)
    place = re.search(r" in ((?:static )?[\w.]+)(?:\(|$| :)", name)
    head = re.sub(r"[ (].*", "", name) if not name.startswith(("closure", "implicit closure", "partial apply")) else name.split(" @")[0].split(" (")[0]
    return (head + (" in " + place.group(1) if place and head != place.group(1) else ""))[:110]


class Host:
    """`atrium serve` on a free port with `sections` of configuration, in a folder of its own."""

    def __init__(self, binary, sections, folder):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        config = folder / "atrium.yaml"
        config.write_text(f"http:\n  port: {self.port}\nstorage:\n  path: {folder / 'atrium.sqlite'}\nsecrets:\n  keyFile: {folder / 'key'}\n"
                          + sections)
        self.cookies = {}
        self.token = ""
        self.log = open(folder / "host.log", "w")
        self.process = subprocess.Popen([str(binary), "serve", "--config", str(config)], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 120
        while True:
            try:
                if self.request("GET", "/health/ready", cookies=False)[0] == 200:
                    break
            except OSError:
                pass
            assert self.process.poll() is None, "the host stopped: " + (self.log.name and Path(self.log.name).read_text()[-500:])
            assert time.monotonic() < deadline, "the host did not start"
            time.sleep(0.2)

    def request(self, method, path, body=None, headers=None, cookies=True):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = dict(headers or {})
        if cookies and self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        for field in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = field.partition("=")
            self.cookies[name] = rest.split(";")[0]
        token = re.search(rb'name="_csrf" value="([^"]+)"', data)
        if token:
            self.token = token.group(1).decode()
        connection.close()
        return response.status, response.headers, data

    def form(self, path, fields):
        return self.request("POST", path, urllib.parse.urlencode({**fields, "_csrf": self.token}))

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)


LICENSES = ROOT / "Configuration" / "pilot-licenses.json"
ADA = {"fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery"}


def walk_page_first(host):
    host.request("GET", "/health/ready")
    return lambda: host.request("GET", "/cookbook")


def walk_page_kept(host):
    host.request("GET", "/cookbook")
    host.request("GET", "/cookbook")
    return lambda: host.request("GET", "/cookbook")


def walk_not_modified(host):
    host.request("GET", "/cookbook")
    tag = host.request("GET", "/cookbook")[1]["ETag"]
    return lambda: host.request("GET", "/cookbook", headers={"If-None-Match": tag})


def walk_form_post(host):
    host.request("GET", "/pilot")
    return lambda: host.form("/pilot/register", {"name": "", "license": "", "password": "a", "verification": "b"})


def walk_other_language(host):
    host.request("GET", "/cookbook", headers={"Accept-Language": "es"})
    return lambda: host.request("GET", "/cookbook/pantry", headers={"Accept-Language": "es"})


def walk_traced(host):
    host.request("GET", "/cookbook")
    parent = "00-" + "4bf92f3577b34da6a3ce929d0e0e4736" + "-00f067aa0ba902b7-01"
    return lambda: host.request("GET", "/cookbook/pantry", headers={"traceparent": parent})


def walk_live(host):
    """A stream of the pantry's page opened, then the pantry changed once."""
    host.request("GET", "/cookbook/pantry")

    def action():
        stream = socket.create_connection(("127.0.0.1", host.port))
        cookie = "; ".join(f"{k}={v}" for k, v in host.cookies.items())
        stream.sendall(f"GET /cookbook HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nCookie: {cookie}\r\n\r\n".encode())
        stream.settimeout(10)
        read = b""
        while b"event: scene" not in read:  # the head comes first, then the stream's first state
            read += stream.recv(65536)
        host.form("/cookbook/pantry", {"have[]": "tomato"})
        while read.count(b"event: scene") < 2:  # the change's state
            read += stream.recv(65536)
        stream.close()
    return action


def walk_module_event(host):
    """A ride's end on Mobility, delivered to Login as a charge."""
    host.request("GET", "/signup")
    host.form("/signup", ADA)
    status, _, body = host.request("GET", "/map/vehicles/" + vehicle(host))
    host.form(re.search(rb'action="(/map/vehicles/[^"]+/unlock)"', body).group(1).decode(), {})
    return lambda: host.form("/map/ride/end", {})


def vehicle(host):
    _, _, body = host.request("GET", "/map", headers={"Accept": "application/json"})
    return re.search(r'"path":"\\?/map\\?/vehicles\\?/([^"\\]+)"', body.decode()).group(1)


WALKS = {
    "page, first GET": (walk_page_first, "modules: [login, cookbook]\n"),
    "page, kept": (walk_page_kept, "modules: [login, cookbook]\n"),
    "304": (walk_not_modified, "modules: [login, cookbook]\n"),
    "form post (422)": (walk_form_post, f"modules: [pilot]\npilot:\n  licensesFile: {LICENSES}\n"),
    "page in Spanish": (walk_other_language, "modules: [login, cookbook]\nlocalization:\n  languages: [en, es]\n"),
    "traced page": (walk_traced, "modules: [login, cookbook]\ntracing:\n  enabled: true\n  sampler: always_on\n  endpoint: http://127.0.0.1:9\n"),
    "live stream and a change": (walk_live, "modules: [login, cookbook]\n"),
    "module event": (walk_module_event, "modules: [login, mobility]\nmobility:\n  feed: embedded\n"),
}


def main():
    arguments = [argument for argument in sys.argv[1:] if argument != "--detail"]
    binary = Path(arguments.pop(0)) if arguments and not arguments[0] in WALKS else ROOT / ".build" / "debug" / "atrium"
    chosen = arguments or list(WALKS)
    kinds = targets()
    found = functions(binary, kinds)
    print(f"{sum(1 for f in found if f[2])} functions of {len(kinds)} targets in {binary}", file=sys.stderr)
    rows = []
    with Tracer(binary, found) as tracer:
        for name in chosen:
            walk, sections = WALKS[name]
            folder = Path(tempfile.mkdtemp(prefix="atrium-crossings-"))
            try:
                host = Host(binary, sections, folder)
            except AssertionError as error:
                print(f"{name}: the host did not start ({error})", file=sys.stderr)
                continue
            try:
                action = walk(host)
                trace = tracer.record(action)
                calls, counts, pairs = crossings(entries(trace, tracer), found, kinds)
                rows.append((name, calls, counts, pairs))
            except Exception as error:  # a walk that fails leaves the others to run
                print(f"{name}: the walk failed ({error!r})", file=sys.stderr)
            finally:
                host.stop()
                shutil.rmtree(folder, ignore_errors=True)
    print("| walk | calls traced | host ↔ host | host ↔ SDK | host ↔ module | SDK ↔ module | crossed most |")
    print("|---|---|---|---|---|---|---|")
    for name, calls, counts, pairs in rows:
        most = ", ".join(f"{pair} {count}" for pair, count in pairs.most_common(4))
        print(f"| {name} | {calls} | {counts['host-host']} | {counts['host-sdk']} | {counts['host-module']} | {counts['module-sdk']} | {most} |")


if __name__ == "__main__":
    main()
