"""A/B: the benchmark's pages from two release builds of Atrium, in rounds that alternate the two
(one run of each is noise on this machine: ±0.05). Usage:

    python3 Tests/Benchmarks/ab.py BEFORE_BIN_DIR AFTER_BIN_DIR

Each folder holds an `atrium` binary. Both hosts serve every module from a fresh SQLite database;
each page in HTML and JSON is asked by a returning (signed-up) visitor with wrk -t2 -c64, after a
warm-up, in ROUNDS rounds of ROUND seconds alternating before and after, in two passes that start
the hosts in either order. Prints a Markdown table: each side's median rate and p99, the
after ÷ before ratio, and each side's CPU time per request (the host process's own, user and
system, read from `/proc` around each round: steadier than the rate on a busy machine, since it
does not count the time the host waited for a core). With CONDITIONAL=1 each page is asked again
with the `ETag` its host answered, so the rows compare the builds' 304s. With REFUSED_POSTS=N
another visitor sends N refused posts a second to the host being measured during each round (half a
Pilot registration with every field wrong, answered 422 with a valid token; half a Moneybox sandbox
sign-in its contract refuses): what the pages of those modules cost while someone posts at will.
With KEYED_POSTS=1 the rows are form posts instead (a Cookbook pantry saved, answered 303), each
with an `Idempotency-Key` of its own (a wrk script numbers them), so they measure what doing each
action once costs; a build without keys ignores the field. With FIRST=1 the pages with a form are asked by first visitors (no cookie: each request is given a
pass), as bench.py's first visits. With BOOTS=N the two builds are started N times each, in turn,
and timed to their first 200 of `/health/ready` instead."""

import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

sys.argv, arguments = sys.argv[:1] + sys.argv[2:3], sys.argv[1:]  # bench.py reads its BIN from argv[1]
import bench  # noqa: E402
import offline  # noqa: E402

ROUNDS = int(os.environ.get("ROUNDS", "4"))
ROUND = int(os.environ.get("ROUND", "3"))
# PAGES=/login,/signup measures just those.
PAGES = os.environ["PAGES"].split(",") if os.environ.get("PAGES") else bench.PAGES


# CONDITIONAL=1 asks each page again with the ETag its host answered (If-None-Match): the 304s,
# not the 200s, of both builds.
if os.environ.get("CONDITIONAL", "") not in ("", "0", "1"):
    raise SystemExit(f"CONDITIONAL must be 1 (the 304s) or 0 (the 200s), not {os.environ['CONDITIONAL']!r}")
CONDITIONAL = os.environ.get("CONDITIONAL", "") == "1"
FIRST = os.environ.get("FIRST", "") == "1"
KEYED_POSTS = os.environ.get("KEYED_POSTS", "") == "1"

BOOTS = int(os.environ.get("BOOTS", "0"))

# AFTER_LOG_LEVEL=info runs the after host at that level (its lines go to a file): with the same
# folder on both sides, `ab.py DIR DIR` measures what the request line costs.
AFTER_LOG_LEVEL = os.environ.get("AFTER_LOG_LEVEL", bench.LOG_LEVEL)


def host(binary: Path, work: Path, log, level=bench.LOG_LEVEL):
    port = bench.free_port()
    config = work / "atrium.yaml"
    config.write_text(
        f"http:\n  port: {port}\nstorage:\n  path: {work}/atrium.sqlite\nsecrets:\n  keyFile: {work}/secret.key\nlog:\n  level: {level}\n"
        f"modules: [login, cookbook, pilot, moneybox, mobility]\npilot:\n  licensesFile: {bench.ROOT / 'Configuration' / 'pilot-licenses.json'}\n"
    )
    process = bench.start([str(binary / "atrium"), "serve", "--config", str(config)], log)
    base = f"http://127.0.0.1:{port}"
    bench.wait_ready(base + "/health/live", process)
    return process, base, bench.sign_up(base)


REFUSED_POSTS = int(os.environ.get("REFUSED_POSTS", "0"))


class RefusedPoster:
    """Another visitor posting what each module refuses, REFUSED_POSTS a second, while it runs."""

    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        body = self.opener.open(base + "/pilot", timeout=10).read().decode()
        self.token = re.search(r'name="_csrf" value="([^"]+)"', body).group(1)
        self.stopping = threading.Event()
        self.sent = 0

    def post(self, index):
        if index % 2 == 0:
            path, data, headers = "/pilot/register", urllib.parse.urlencode(
                {"name": "", "license": "", "password": "a", "verification": "b", "_csrf": self.token}).encode(), {}
        else:
            path, data, headers = "/moneybox/sandbox/users/login", b'{"Email": 1}', {"Content-Type": "application/json"}
        try:
            self.opener.open(urllib.request.Request(self.base + path, data=data, headers=headers), timeout=10).read()
        except urllib.error.HTTPError as refused:
            assert 400 <= refused.code < 500, f"{path} answered {refused.code}"

    def run(self):
        start = time.monotonic()
        while not self.stopping.is_set():
            self.post(self.sent)
            self.sent += 1
            # Paced: the next post when its time comes.
            delay = start + self.sent / REFUSED_POSTS - time.monotonic()
            if delay > 0:
                self.stopping.wait(delay)

    def __enter__(self):
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *_):
        self.stopping.set()
        self.thread.join()


def cpu_seconds(process):
    """The CPU time `process` has used so far, user and system, in seconds."""
    fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed_wrk(process, url, headers):
    """One round of wrk: (rate, p99, microseconds of the host's CPU per request)."""
    start = cpu_seconds(process)
    rate, p99, _, _ = bench.wrk(url, headers, duration=ROUND)
    return rate, p99, (cpu_seconds(process) - start) * 1e6 / max(rate * ROUND, 1)


def timed_round(process, url, headers):
    """A round of wrk, with refused posts to the same host alongside when REFUSED_POSTS is set."""
    if not REFUSED_POSTS:
        return timed_wrk(process, url, headers)
    with RefusedPoster(url.split("/", 3)[0] + "//" + url.split("/", 3)[2]):
        return timed_wrk(process, url, headers)


def timed_keyed_posts(process, url, cookie, body, duration):
    """One round of keyed posts: (rate, p99, microseconds of the host's CPU per request)."""
    start = cpu_seconds(process)
    rate, p99 = offline.posts(bench, url, cookie, body, duration, keyed=True)
    return rate, p99, (cpu_seconds(process) - start) * 1e6 / max(rate * duration, 1)


def measure_keyed_posts(before, after):
    """The pantry saved with a key of its own each time, before and after in alternating rounds."""
    sides = []
    for process, base, cookie in (before, after):
        url, body = offline.pantry_post(bench, base, cookie)
        sides.append((process, url, cookie, body))
    for process, url, headers, body in sides:
        timed_keyed_posts(process, url, headers, body, 2)
    rounds = []
    for index in range(ROUNDS):
        order = sides if index % 2 == 0 else sides[::-1]
        results = {id(side): timed_keyed_posts(side[0], side[1], side[2], side[3], ROUND) for side in order}
        rounds.append((results[id(sides[0])], results[id(sides[1])]))
    return {("/cookbook/pantry (POST, keyed)", "form"): rounds}


def measure(before, after):
    """Every page in both formats, before and after in alternating rounds: per row, each side's
    rates, p99s and CPU per request, and the rounds' after ÷ before ratios."""
    (before_process, before_base, before_cookie), (after_process, after_base, after_cookie) = before, after
    rows = {}
    for path in bench.FIRST_VISIT if FIRST else PAGES:
        for format_name, accept in bench.FORMATS.items():
            # A first visitor sends no cookie: each request is a new visitor's.
            cookies = ({}, {}) if FIRST else ({"Cookie": before_cookie}, {"Cookie": after_cookie})
            sides = [
                (before_process, before_base + path, {**cookies[0], "Accept": accept}),
                (after_process, after_base + path, {**cookies[1], "Accept": accept}),
            ]
            changing = False
            for _, url, headers in sides:
                status, answered, _ = bench.fetch(url, headers)
                assert status == 200, f"{url} ({format_name}) answered {status}"
                if CONDITIONAL:
                    headers["If-None-Match"] = answered["ETag"]
                    status, _, _ = bench.fetch(url, headers)
                    changing = changing or status != 304
            if changing:
                # Its bytes change between requests (the Mobility sandbox moves its vehicles): no 304 to time.
                print(f"{path} ({format_name}) changes between requests: no 304s to compare, left out", file=sys.stderr)
                continue
            for _, url, headers in sides:
                bench.wrk(url, headers, duration=2)
            rounds = []
            for index in range(ROUNDS):
                # Alternate which side goes first, so neither always runs on a warmer machine.
                order = sides if index % 2 == 0 else sides[::-1]
                results = {url: timed_round(process, url, headers) for process, url, headers in order}
                rounds.append((results[sides[0][1]], results[sides[1][1]]))
            rows[(path, format_name)] = rounds
    return rows


def boots(before_bin, after_bin, work, log):
    """Each build started BOOTS times, in turn, and timed to its first 200 of `/health/ready`."""
    times = {"before": [], "after": []}
    for index in range(BOOTS):
        order = [("before", before_bin), ("after", after_bin)]
        for name, binary in order if index % 2 == 0 else order[::-1]:
            folder = work / f"boot-{name}-{index}"
            folder.mkdir()
            port = bench.free_port()
            config = folder / "atrium.yaml"
            config.write_text(
                f"http:\n  port: {port}\nstorage:\n  path: {folder}/atrium.sqlite\nsecrets:\n  keyFile: {folder}/secret.key\n"
                f"modules: [login, cookbook, pilot, moneybox, mobility]\npilot:\n  licensesFile: {bench.ROOT / 'Configuration' / 'pilot-licenses.json'}\n")
            process = bench.start([str(binary / "atrium"), "serve", "--config", str(config)], log)
            times[name].append(bench.wait_ready(f"http://127.0.0.1:{port}/health/ready", process))
            bench.stop(process)
    before, after = statistics.median(times["before"]), statistics.median(times["after"])
    print(f"Boot to the first 200 of `/health/ready`, {BOOTS} boots each, alternating: before {before * 1000:.1f} ms, "
          f"after {after * 1000:.1f} ms (median), after ÷ before {after / before:.3f}; fastest {min(times['before']) * 1000:.1f} ms and "
          f"{min(times['after']) * 1000:.1f} ms")


def main():
    if not bench.shutil.which("wrk"):
        raise SystemExit("wrk is missing: apt-get install wrk (Tests/Benchmarks/run.sh installs it)")
    before_bin, after_bin = Path(arguments[0]), Path(arguments[1])
    work = Path(tempfile.mkdtemp(prefix="atrium-ab-"))
    log = open(work / "hosts.log", "wb")
    if BOOTS:
        boots(before_bin, after_bin, work, log)
        return
    # Two passes: the hosts started before-then-after, then after-then-before (on this machine the
    # host started second measures a few percent slower, the same binary against itself too).
    passes = []
    for after_first, name in [(False, "first"), (True, "second")]:
        (work / name).mkdir()
        (work / name / "a").mkdir()
        (work / name / "b").mkdir()
        sides = [(before_bin, bench.LOG_LEVEL), (after_bin, AFTER_LOG_LEVEL)]
        if after_first:
            sides.reverse()
        first = host(sides[0][0], work / name / "a", log, level=sides[0][1])
        second = host(sides[1][0], work / name / "b", log, level=sides[1][1])
        try:
            before, after = (second, first) if after_first else (first, second)
            passes.append(measure_keyed_posts(before, after) if KEYED_POSTS else measure(before, after))
        finally:
            bench.stop(first[0])
            bench.stop(second[0])
    log.close()
    levels = f"`log.level: {bench.LOG_LEVEL}`" + (f" before, `{AFTER_LOG_LEVEL}` after (its lines to a file)" if AFTER_LOG_LEVEL != bench.LOG_LEVEL else "")
    asked = "each page asked again with the `ETag` its host answered (304s)" if CONDITIONAL else "each page answered 200"
    if FIRST:
        asked = "each page with a form asked by first visitors (no cookie)"
    if KEYED_POSTS:
        asked = "the pantry's form posted 303, each post with an Idempotency-Key of its own"
    if REFUSED_POSTS:
        asked += f", while another visitor sends {REFUSED_POSTS} refused posts a second to the host measured"
    print(f"wrk -t2 -c64, release builds, {os.cpu_count()} cores, {levels}, {asked}: two passes (the hosts started in one order, then the other), each "
          f"page after 2 s of warm-up per side, {ROUNDS} rounds of {ROUND} s alternating before and after; medians over both passes (the "
          f"ratio is the geometric mean of the two passes' medians of the rounds' after ÷ before).\n")
    print("| page | format | before req/s | after req/s | after ÷ before | before p99 | after p99 | before CPU/req | after CPU/req | CPU after ÷ before |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for key in passes[0]:
        if key not in passes[1]:  # it changed between requests in the second pass only
            continue
        rounds = passes[0][key] + passes[1][key]
        rate = [statistics.median(run[i][0] for run in rounds) for i in (0, 1)]
        p99 = [statistics.median(run[i][1] for run in rounds) for i in (0, 1)]
        ratios = [statistics.median(run[1][0] / run[0][0] for run in one[key]) for one in passes]
        ratio = (ratios[0] * ratios[1]) ** 0.5
        cpu = [statistics.median(run[i][2] for run in rounds) for i in (0, 1)]
        print(
            f"| {key[0]} | {key[1]} | {rate[0]:,.0f} | {rate[1]:,.0f} | {ratio:.2f} | {p99[0]:.1f} ms | {p99[1]:.1f} ms "
            f"| {cpu[0]:.1f} µs | {cpu[1]:.1f} µs | {cpu[1] / cpu[0]:.2f} |"
        )


if __name__ == "__main__":
    main()
