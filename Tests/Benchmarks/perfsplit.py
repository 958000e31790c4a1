"""Where a page's time goes, from sampled profiles of release builds (`perf record -g`): what
found the page path's costs in stop 79 (Documentation/speed.md). Usage:

    python3 Tests/Benchmarks/perfsplit.py record DIR [DIR ...]
    python3 Tests/Benchmarks/perfsplit.py where PROFILE [PROFILE]
    python3 Tests/Benchmarks/perfsplit.py nearest PROFILE [PROFILE]
    python3 Tests/Benchmarks/perfsplit.py modules PROFILE [PROFILE]
    python3 Tests/Benchmarks/perfsplit.py inclusive PROFILE [PROFILE] -- TEXT [TEXT ...]
    python3 Tests/Benchmarks/perfsplit.py callers PROFILE TEXT

`record` starts each folder's `atrium` in turn (every module, a fresh SQLite database, a signed-up
visitor, as ab.py), asks PAGE (default /profile/details) with ACCEPT (default application/json)
under wrk -t2 -c64 for SECS seconds (default 8), with the page's ETag when CONDITIONAL=1 (its 304),
and samples the host at 1,999 Hz with call graphs: OUT/<folder name>.data (OUT defaults to
/tmp/perfsplit) beside a .json of how many requests the host answered meanwhile. Every figure the
other commands print is microseconds a request (samples ÷ 1,999 ÷ requests), for one profile or
two side by side (before, after):

- `where`: each sample by where it ran: on an event loop or in a Swift task (`swift_job_run` on
  its stack: where the host's async code runs), and whether a frame of the host or its modules,
  of Hummingbird or of NIO is on its stack (the kernel's own time marked).
- `nearest`: each task sample charged to the nearest frame of the host or its modules above it
  (a runtime call, a lock, an allocation is charged to the function of ours that made it).
- `modules`: time by Swift module, self and inclusive (the module read from the mangled name).
- `inclusive`: time of every sample with a function whose demangled name contains TEXT.
- `callers`: for TEXT, which function called it, by time.

Needs `perf` (apt: linux-perf) and wrk; it is a tool for looking, not a test, and prints figures."""

import collections
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

FREQUENCY = 1999
OURS = ("Atrium", "Login", "Cookbook", "Pilot", "Moneybox", "Mobility")
USAGE = __doc__.split("\n\n")[1]


def record(folders):
    sys.argv = sys.argv[:1] + [folders[0], folders[-1]]  # ab.py hands bench.py argv[2] as its BIN
    sys.path.insert(0, str(Path(__file__).parent))
    import ab
    import bench

    page = os.environ.get("PAGE", "/profile/details")
    accept = os.environ.get("ACCEPT", "application/json")
    seconds = int(os.environ.get("SECS", "8"))
    out = Path(os.environ.get("OUT", "/tmp/perfsplit"))
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="perfsplit-"))
    log = open(work / "hosts.log", "wb")
    for index, folder in enumerate(folders):
        (work / str(index)).mkdir()
        process, base, cookie = ab.host(Path(folder), work / str(index), log)
        headers = {"Accept": accept, "Cookie": cookie}
        if os.environ.get("CONDITIONAL") == "1":
            _, fields, _ = bench.fetch(base + page, headers)
            headers["If-None-Match"] = fields["ETag"]
        bench.wrk(base + page, headers, duration=2)  # warm-up
        data = out / f"{Path(folder).name}.data"
        perf = subprocess.Popen(
            ["perf", "record", "-F", str(FREQUENCY), "-g", "-p", str(process.pid), "-o", str(data), "--", "sleep", str(seconds)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rate, _, bad, _ = bench.wrk(base + page, headers, duration=seconds)
        perf.wait()
        bench.stop(process)
        Path(str(data) + ".json").write_text(json.dumps({"requests": rate * seconds, "page": page, "accept": accept}))
        print(f"{folder}: {rate:,.0f} req/s, {bad} not 2xx/3xx, profile {data}", flush=True)


def module_of(symbol, library):
    """The Swift module of a mangled name ($s<length><Module>…), else the library's file name."""
    match = re.match(r"\$s(\d+)(\w+)", symbol)
    if match:
        return match.group(2)[: int(match.group(1))]
    return "[" + library.split("/")[-1] + "]"


def load(path):
    """A profile's samples, each its stack from the sampled frame outwards as (symbol, library)."""
    if not Path(str(path) + ".json").exists():
        raise SystemExit(f"{path}: no profile `record` made there (its .json of requests is missing)")
    text = subprocess.run(["perf", "script", "-i", str(path), "-F", "ip,sym,dso"], capture_output=True, text=True, check=True).stdout
    samples, stack = [], []
    for line in text.splitlines():
        if not line.strip():
            if stack:
                samples.append(stack)
                stack = []
            continue
        parts = line.split(None, 1)
        if len(parts) < 2:
            continue
        match = re.match(r"(.*) \((.*)\)$", parts[1])
        symbol, library = (match.group(1), match.group(2)) if match else (parts[1], "?")
        stack.append((re.sub(r"\+0x[0-9a-f]+$", "", symbol), library))
    if stack:
        samples.append(stack)
    requests = json.loads(Path(str(path) + ".json").read_text())["requests"]
    return samples, requests


NAMES = {}


def demangled(symbols):
    """Readable names for mangled ones, asked of `swift demangle` once for all new ones."""
    new = sorted({symbol for symbol in symbols if symbol not in NAMES})
    if new:
        text = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(new) + "\n",
                              capture_output=True, text=True, check=True).stdout.splitlines()
        NAMES.update(zip(new, text))
    return NAMES


def in_task(stack):
    return any("swift_job_run" in symbol for symbol, _ in stack)


def where(stack):
    modules = [module_of(*frame) for frame in stack]
    side = "task" if in_task(stack) else "event loop" if any(m.startswith("NIO") for m in modules) else "other"
    whose = ("host" if any(m.startswith(OURS) for m in modules) else "Hummingbird" if any(m.startswith("Hummingbird") for m in modules)
             else "NIO" if any(m.startswith("NIO") for m in modules) else "-")
    return f"{side} / {whose}" + (" / kernel" if modules[0] == "[[kernel.kallsyms]]" else "")


def nearest(stack):
    if not in_task(stack):
        return []
    for symbol, library in stack:
        module = module_of(symbol, library)
        if module.startswith(OURS):
            return [symbol]
    return []


def tally(profile, keys_of):
    """µs a request per key, where keys_of(stack) names the keys a sample counts for."""
    samples, requests = load(profile)
    counts = collections.Counter()
    for stack in samples:
        for key in set(keys_of(stack)):
            counts[key] += 1
    return {key: count / FREQUENCY / requests * 1e6 for key, count in counts.items()}, len(samples) / FREQUENCY / requests * 1e6


def side_by_side(profiles, keys_of, title, limit=50, readable=False):
    tallies = [tally(profile, keys_of) for profile in profiles]
    print(f"{title}; all samples: " + " → ".join(f"{total:.2f} µs" for _, total in tallies))
    keys = set().union(*(figures for figures, _ in tallies))
    names = demangled(keys) if readable else {}
    for key in sorted(keys, key=lambda k: -max(figures.get(k, 0) for figures, _ in tallies))[:limit]:
        values = [figures.get(key, 0.0) for figures, _ in tallies]
        change = f" {values[1] - values[0]:+7.2f}" if len(values) == 2 else ""
        print(" ".join(f"{value:7.2f}" for value in values) + change + "  " + names.get(key, key)[:120])


def main(arguments):
    if len(arguments) < 2 or arguments[0] not in ("record", "where", "nearest", "modules", "inclusive", "callers"):
        raise SystemExit("usage:\n" + USAGE)
    command, rest = arguments[0], arguments[1:]
    if command == "record":
        record(rest)
    elif command == "where":
        side_by_side(rest, lambda stack: [where(stack)], "µs a request by where a sample ran")
    elif command == "nearest":
        side_by_side(rest, nearest, "µs a request in tasks, by the nearest host or module function", readable=True)
    elif command == "modules":
        side_by_side(rest, lambda stack: [module_of(*stack[0]) + " (self)"] + [module_of(*f) for f in stack], "µs a request by module")
    elif command == "inclusive":
        if "--" not in rest:
            raise SystemExit("usage:\n" + USAGE)
        profiles, texts = rest[: rest.index("--")], rest[rest.index("--") + 1:]
        def containing(stack):
            names = demangled(symbol for symbol, _ in stack)
            return [text for text in texts if any(text in names[symbol] for symbol, _ in stack)]
        side_by_side(profiles, containing, "µs a request of samples under a function named so")
    else:
        if len(rest) != 2:
            raise SystemExit("usage:\n" + USAGE)
        text = rest[1]
        def caller(stack):
            names = demangled(symbol for symbol, _ in stack)
            for index, (symbol, _) in enumerate(stack):
                if text in names[symbol]:
                    return [names[stack[index + 1][0]] if index + 1 < len(stack) else "<none>"]
            return []
        side_by_side(rest[:1], caller, f"µs a request under {text!r}, by its caller")


if __name__ == "__main__":
    main(sys.argv[1:])
