"""Runs the page benchmark (see run.sh) and prints its tables in Markdown."""

import atexit
import html
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "Tooling"))
from processes import stop_gracefully  # noqa: E402

BIN = Path(sys.argv[1])
DURATION = int(os.environ.get("DURATION", "9"))
ROUNDS = int(os.environ.get("ROUNDS", "3"))
ROUND = max(DURATION // ROUNDS, 1)
PAGES = ["/", "/login", "/signup", "/profile", "/profile/details", "/profile/details/edit",
         "/cookbook", "/cookbook/recipes/2", "/cookbook/pantry", "/pilot", "/moneybox", "/map", "/map/stations/mia-1"]
if os.environ.get("PAGES"):
    PAGES = os.environ["PAGES"].split(",")
FORMATS = {"html": "text/html", "json": "application/json"}
FIRST_VISIT = ["/login", "/pilot", "/signup"]
# Pages measured on both storage backends, side by side: every page, in HTML.
STORAGE_PAGES = PAGES
# ONLY=pages runs just the page tables (no boots, storage, feed, events or live); PAGES=/,/login
# measures just those pages.
# ONLY=storage runs just the SQLite/PostgreSQL comparison; ONLY=feed just the change feed's figures;
# ONLY=events just the module events' delay; ONLY=live just the live scenes' figures; ONLY=conditional
# just the conditional requests (each page asked again with its ETag: 304s beside the bare server's);
# ONLY=tracing just what tracing costs (off, a 1 % sampler, 100 %); ONLY=languages just the pages in
# Spanish beside English (a host offering both); ONLY=offline just what an Idempotency-Key costs on a
# form post and the time the client kit takes to send 100 waiting actions (offline.py); ONLY=restart
# a rolling restart of two hosts behind nginx under load, then a take-over on one machine (restart.py);
# ONLY=deploy a rolling deploy of one module from version 1 to 2 under load (deploy.py).
ONLY = os.environ.get("ONLY", "")
# Boots measured on each side, alternating (the median is printed); ONLY=boot measures just that.
BOOTS = int(os.environ.get("BOOTS", "21"))
POSTGRES_URL = os.environ.get("ATRIUM_TEST_POSTGRES_URL", "")
# The hosts' log level: at `warning` (the default) no request line is written; LOG_LEVEL=info
# measures what the request lines cost (they go to a file, as an operator's would).
LOG_LEVEL = os.environ.get("LOG_LEVEL", "warning")
# A folder holding another build's `atrium` (run.sh builds BASE=<commit> there): its host serves the
# same pages in the same rounds, and the table prints its ratio beside this build's.
BASE_BIN = Path(os.environ["BASE_BIN"]) if os.environ.get("BASE_BIN") else None
BASE_NAME = os.environ.get("BASE", "base")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def fetch(url, headers=None, data=None):
    request = urllib.request.Request(url, headers=headers or {}, data=data)
    try:
        with OPENER.open(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def wait_ready(url, process, deadline=30.0):
    start = time.monotonic()
    while time.monotonic() - start < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{url}: the server exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return time.monotonic() - start
        except OSError:
            pass
        time.sleep(0.002)
    raise SystemExit(f"{url}: not ready in {deadline} s")


def rss_mb(pid) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def wrk(url, headers, duration=DURATION, script=None):
    """wrk -t2 -c64 on `url` (with a Lua `script` when given: a post's method, body and fields):
    (rate, p99 in ms, answers not 2xx or 3xx, socket errors)."""
    args = ["wrk", "-t2", "-c64", f"-d{duration}s", "--latency"] + (["-s", str(script)] if script else [])
    for name, value in headers.items():
        args += ["-H", f"{name}: {value}"]
    output = subprocess.run(args + [url], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", output)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
    errors = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    socket_errors = re.search(r"Socket errors: (.*)", output)
    return rate, float(p99.group(1)) * scale, int(errors.group(1)) if errors else 0, socket_errors.group(1) if socket_errors else ""


STARTED = []


def start(args, log):
    process = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT)
    STARTED.append(process)
    return process


@atexit.register
def stop_started():
    """A run that fails half-way (an assertion, Ctrl-C) leaves no host behind to skew the next one."""
    for process in STARTED:
        if process.poll() is None:
            process.kill()


def stop(process):
    stop_gracefully(process, timeout=20)


def boot_steps(atrium_args, base, log, count):
    """Where Atrium's boot time goes: `count` boots with ATRIUM_BOOT_TRACE set, each step's median
    time since the process was started (see BootTrace.swift)."""
    steps = {}
    for _ in range(count):
        trace = tempfile.TemporaryFile()
        started = time.monotonic_ns()
        process = subprocess.Popen(atrium_args, stdout=log, stderr=trace, env={**os.environ, "ATRIUM_BOOT_TRACE": "1"})
        wait_ready(base + "/health/ready", process)
        stop(process)
        trace.seek(0)
        for line in trace.read().decode(errors="replace").splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[0] == "boot-trace":
                steps.setdefault(parts[1], []).append((int(parts[2]) - started) / 1e6)
    rows = sorted((statistics.median(times), step) for step, times in steps.items())
    lines, previous = [], 0.0
    for at, step in rows:
        lines.append(f"| {step} | {at:.1f} ms | +{at - previous:.1f} ms |")
        previous = at
    return "\n".join(["| step reached | since start (median) | after the step before |", "|---|---|---|"] + lines)


def fields_text(headers):
    """A response's fields as the bare server answers them (see BareServer.swift): all but those
    either server writes itself."""
    own = {"date", "server", "content-length", "connection", "transfer-encoding"}
    return "".join(f"{name}: {value}\n" for name, value in headers.items() if name.lower() not in own)


def keep_for_bare(folder, name, headers, body):
    """What the bare server answers at `/<name>`: Atrium's body, with Atrium's fields, so both
    answer the same bytes (the fields of a response are a fifth to all of a small page's bytes)."""
    (folder / f"{name}.body").write_bytes(body)
    (folder / f"{name}.fields").write_text(fields_text(headers))


def conditional_requests(base, bare, cookie, rows, bare_folder):
    """The pages asked again with the `ETag` they answer (`If-None-Match`), in rounds alternating
    Atrium's 304, the bare server's 304 for the same tag and Atrium's 200 of the same page (this
    machine's speed drifts: rates from other minutes do not compare). A page whose bytes change
    between requests (the Mobility sandbox moves its vehicles) is said so, not measured."""
    print("\n## Conditional requests: a page asked again with its ETag (304)\n")
    print(f"{ROUNDS} rounds of {ROUND} s alternating Atrium's 304, the bare server's 304 and Atrium's 200 of the same page, after 2 s of warm-up each.\n")
    print("| page | format | Atrium 304/s | bare 304/s | ratio | Atrium 200/s | 304 ÷ 200 | Atrium 304 p99 | bare 304 p99 |")
    print("|---|---|---|---|---|---|---|---|---|")
    for path, format_name, accept, name, _, _ in rows:
        _, headers, _ = fetch(base + path, {"Cookie": cookie, "Accept": accept})
        tag = headers["ETag"]
        conditional = {"Cookie": cookie, "Accept": accept, "If-None-Match": tag}
        status, _, _ = fetch(base + path, conditional)
        if status != 304:
            print(f"| {path} | {format_name} | – | – | – | – | – | changes between requests | |")
            continue
        # The bare server read its page's tag at start (the page as first fetched).
        bare_conditional = {**conditional, "If-None-Match": (bare_folder / f"{name}.etag").read_text()}
        plain = {"Cookie": cookie, "Accept": accept}
        for url, headers in ((base + path, conditional), (f"{bare}/{name}", bare_conditional), (base + path, plain)):
            wrk(url, headers, duration=2)
        rounds = []
        for _ in range(ROUNDS):
            rounds.append((wrk(base + path, conditional, duration=ROUND), wrk(f"{bare}/{name}", bare_conditional, duration=ROUND),
                           wrk(base + path, plain, duration=ROUND)))
        ours, theirs, full = (statistics.median(run[i][0] for run in rounds) for i in range(3))
        p99, bare_p99 = (statistics.median(run[i][1] for run in rounds) for i in range(2))
        ratio = statistics.median(run[0][0] / run[1][0] for run in rounds)
        cheaper = statistics.median(run[0][0] / run[2][0] for run in rounds)
        print(f"| {path} | {format_name} | {ours:,.0f} | {theirs:,.0f} | {ratio:.2f} | {full:,.0f} | {cheaper:.2f} | {p99:.1f} ms | {bare_p99:.1f} ms |")
        sys.stdout.flush()


def boot_line(boots, bare_boots):
    atrium, bare = statistics.median(boots), statistics.median(bare_boots)
    return (
        f"- Boot to the first 200 of `/health/ready` (median of {len(boots)}, alternating): Atrium {atrium * 1000:.1f} ms, bare {bare * 1000:.1f} ms, "
        f"ratio {atrium / bare:.2f}× (Atrium's fastest {min(boots) * 1000:.1f} ms, the bare server's {min(bare_boots) * 1000:.1f} ms)"
    )


def serve_host(binary: Path, work: Path, name: str, http: str, rest: str, environment=None):
    """An `atrium serve` of `binary` on a free port with `http` (more lines of the http section) and
    `rest` (storage, modules and other sections), its log in `work`; returns once it answers and
    its change feed vouches. Returns the process and the port."""
    port = free_port()
    config = work / f"{name}.yaml"
    config.write_text(f"http:\n  port: {port}\n{http}secrets:\n  keyFile: {work}/secret.key\nlog:\n  level: warning\n{rest}")
    log = open(work / f"{name}.log", "wb")
    process = subprocess.Popen([str(binary / "atrium"), "serve", "--config", str(config)], stdout=log, stderr=subprocess.STDOUT,
                               env={**os.environ, **(environment or {})})
    base = f"http://127.0.0.1:{port}"
    wait_ready(base + "/health/live", process)
    deadline = time.monotonic() + 10
    while b"changeFeed" in fetch(base + "/health/ready")[2] and time.monotonic() < deadline:
        time.sleep(0.05)
    return process, port


def sign_up(base):
    """A returning visitor: signed up, so every page (the profile included) answers 200. Returns
    the session cookie."""
    status, headers, body = fetch(base + "/signup")
    token = re.search(rb'name="_csrf" value="([^"]+)"', body).group(1).decode()
    visitor = headers["Set-Cookie"].split(";")[0]
    form = urllib.parse.urlencode({"fullName": "Ada Lovelace", "email": "ada@example.com", "password": "correct horse battery", "_csrf": html.unescape(token)})
    status, headers, _ = fetch(base + "/signup", {"Cookie": visitor, "Content-Type": "application/x-www-form-urlencoded"}, form.encode())
    assert status == 303, f"sign-up answered {status}"
    return headers["Set-Cookie"].split(";")[0]


def storage_comparison(work, base, cookie, bare, rows):
    """The same pages from a second host on PostgreSQL, in rounds alternating with the SQLite host
    and the bare server."""
    print("\n## Storage: SQLite and PostgreSQL side by side\n")
    if not POSTGRES_URL:
        print("No PostgreSQL server (ATRIUM_TEST_POSTGRES_URL); run.sh starts a throwaway one.")
        return
    port = free_port()
    config = work / "postgres.yaml"
    config.write_text(
        f"http:\n  port: {port}\nstorage:\n  kind: postgres\n  poolSize: 16\nsecrets:\n  keyFile: {work}/secret.key\nlog:\n  level: {LOG_LEVEL}\n"
        f"modules: [login, cookbook, pilot, moneybox, mobility]\npilot:\n  licensesFile: {ROOT / 'Configuration' / 'pilot-licenses.json'}\n"
    )
    schema = "bench_" + os.urandom(6).hex()
    environment = {**os.environ, "STORAGE_URL": POSTGRES_URL + ("&" if "?" in POSTGRES_URL else "?") + f"schema={schema}"}
    log = open(work / "atrium-postgres.log", "wb")
    process = subprocess.Popen([str(BIN / "atrium"), "serve", "--config", str(config)], stdout=log, stderr=subprocess.STDOUT, env=environment)
    postgres = f"http://127.0.0.1:{port}"
    try:
        wait_ready(postgres + "/health/live", process)
        postgres_cookie = sign_up(postgres)
        print(
            f"Two hosts with every module, one on SQLite (WAL, synchronous=FULL, its read caches) and one on PostgreSQL 15 on loopback "
            f"(pool of 16, caching what it reads as the SQLite host does, kept true by the change feed; the throwaway server runs with fsync off), and the bare server with the SQLite page's bytes; wrk -t2 -c64, "
            f"2 s warm-up each, {ROUNDS} rounds of {ROUND} s alternating the three; medians.\n"
        )
        print("| page | format | SQLite req/s | PostgreSQL req/s | PostgreSQL ÷ SQLite | bare req/s | SQLite p99 | PostgreSQL p99 |")
        print("|---|---|---|---|---|---|---|---|")
        for path, format_name, accept, name, _, _ in rows:
            if path not in STORAGE_PAGES or format_name != "html":
                continue
            targets = [(base + path, {"Cookie": cookie, "Accept": accept}), (postgres + path, {"Cookie": postgres_cookie, "Accept": accept}),
                       (f"{bare}/{name}", {"Accept": accept})]
            status, _, _ = fetch(postgres + path, targets[1][1])
            assert status == 200, f"{path} on PostgreSQL answered {status}"
            for url, headers in targets:
                wrk(url, headers, duration=2)
            rounds = [[wrk(url, headers, duration=ROUND) for url, headers in targets] for _ in range(ROUNDS)]
            rate = [statistics.median(run[i][0] for run in rounds) for i in range(3)]
            p99 = [statistics.median(run[i][1] for run in rounds) for i in range(3)]
            errors = sum(run[1][2] for run in rounds)
            note = f" ({errors} errors)" if errors else ""
            print(f"| {path} | {format_name} | {rate[0]:,.0f} | {rate[1]:,.0f}{note} | {rate[1] / rate[0]:.2f} | {rate[2]:,.0f} | {p99[0]:.1f} ms | {p99[1]:.1f} ms |")
            sys.stdout.flush()
    finally:
        stop(process)
        log.close()


def main():
    if ONLY == "feed":
        import feed

        feed.measure(sys.modules[__name__], BIN)
        return
    if ONLY == "events":
        import events

        events.measure(sys.modules[__name__], BIN)
        return
    if ONLY == "live":
        import live

        live.measure(sys.modules[__name__], BIN)
        return
    if ONLY == "tracing":
        import tracing

        tracing.measure(sys.modules[__name__], BIN)
        return
    if ONLY == "languages":
        import languages

        languages.measure(sys.modules[__name__], BIN)
        return
    if ONLY == "offline":
        import offline

        offline.measure(sys.modules[__name__], BIN)
        return
    if ONLY == "deploy":
        import deploy

        deploy.measure(sys.modules[__name__], BIN)
        return
    if ONLY == "restart":
        import restart

        restart.measure(sys.modules[__name__], BIN)
        return
    work = Path(tempfile.mkdtemp(prefix="atrium-bench-"))
    bare_folder = work / "pages"
    bare_folder.mkdir()
    port, bare_port = free_port(), free_port()
    config = work / "atrium.yaml"
    config.write_text(
        f"http:\n  port: {port}\nstorage:\n  path: {work}/atrium.sqlite\nsecrets:\n  keyFile: {work}/secret.key\nlog:\n  level: {LOG_LEVEL}\n"
        f"modules: [login, cookbook, pilot, moneybox, mobility]\npilot:\n  licensesFile: {ROOT / 'Configuration' / 'pilot-licenses.json'}\n"
    )
    atrium_args = [str(BIN / "atrium"), "serve", "--config", str(config)]
    base = f"http://127.0.0.1:{port}"
    bare = f"http://127.0.0.1:{bare_port}"
    log = open(work / "atrium.log", "wb")

    # Boot to the first 200, BOOTS times each, after one boot that creates the database and key.
    boots, bare_boots = [], []
    (bare_folder / "boot.body").write_text("{}")
    process = start(atrium_args, log)
    wait_ready(base + "/health/live", process)
    stop(process)
    for _ in range(0 if ONLY in ("storage", "pages", "conditional") else BOOTS):
        process = start(atrium_args, log)
        # Ready, not live: the storage answers and the modules have booted (the bare server has
        # nothing to get ready, so its health check is its first 200).
        boots.append(wait_ready(base + "/health/ready", process))
        stop(process)
        process = start([str(BIN / "atrium-bare-server"), str(bare_port), str(bare_folder)], subprocess.DEVNULL)
        bare_boots.append(wait_ready(bare + "/health/live", process))
        stop(process)

    steps = boot_steps(atrium_args, base, log, 0 if ONLY in ("storage", "pages", "conditional") else BOOTS) if ONLY not in ("pages", "conditional") else ""
    if ONLY == "boot":
        print(boot_line(boots, bare_boots))
        print(f"\nWhere Atrium's boot goes ({BOOTS} boots with ATRIUM_BOOT_TRACE=1, each step's median):\n\n{steps}")
        log.close()
        shutil.rmtree(work, ignore_errors=True)
        return

    atrium = start(atrium_args, log)
    wait_ready(base + "/health/live", atrium)
    time.sleep(1)
    idle = rss_mb(atrium.pid)

    cookie = sign_up(base)

    rows = []
    index = 0
    for path in PAGES:
        for format_name, accept in FORMATS.items():
            status, headers, body = fetch(base + path, {"Cookie": cookie, "Accept": accept})
            assert status == 200, f"{path} ({format_name}) answered {status}"
            name = f"p{index}"
            index += 1
            keep_for_bare(bare_folder, name, headers, body)
            (bare_folder / f"{name}.etag").write_text(headers["ETag"])
            status, not_modified, _ = fetch(base + path, {"Cookie": cookie, "Accept": accept, "If-None-Match": headers["ETag"]})
            if status == 304:
                (bare_folder / f"{name}.304fields").write_text(fields_text(not_modified))
            rows.append((path, format_name, accept, name, len(body), headers["ETag"]))
    first_rows = []
    for path in FIRST_VISIT:
        status, headers, body = fetch(base + path, {"Accept": "text/html"})
        assert status == 200, f"{path} (first visit) answered {status}"
        name = f"p{index}"
        index += 1
        keep_for_bare(bare_folder, name, headers, body)
        first_rows.append((path, name, len(body)))

    _, live_fields, _ = fetch(base + "/health/live")
    (bare_folder / "health-live.fields").write_text(fields_text(live_fields))
    bare_server = start([str(BIN / "atrium-bare-server"), str(bare_port), str(bare_folder)], subprocess.DEVNULL)
    wait_ready(bare + "/health/live", bare_server)
    base_host, base_url, base_cookie = None, None, None
    if BASE_BIN:
        (work / "base").mkdir()
        base_port = free_port()
        (work / "base" / "atrium.yaml").write_text(config.read_text().replace(f"port: {port}", f"port: {base_port}").replace(str(work) + "/atrium.sqlite", str(work / "base" / "atrium.sqlite")))
        base_host = start([str(BASE_BIN / "atrium"), "serve", "--config", str(work / "base" / "atrium.yaml")], open(work / "base.log", "wb"))
        base_url = f"http://127.0.0.1:{base_port}"
        wait_ready(base_url + "/health/live", base_host)
        base_cookie = sign_up(base_url)

    def compare(ours_url, theirs_url, headers, base_target=None):
        """Atrium and the bare server in alternating rounds (this machine's speed drifts by tens of
        percent over a minute): each side's median rate and p99, and the median of the rounds' ratios."""
        wrk(ours_url, headers, duration=2)  # warm-up
        wrk(theirs_url, headers, duration=2)
        if base_target:
            wrk(base_target[0], base_target[1], duration=2)
        rounds = []
        for index in range(ROUNDS):
            # This build and the base take turns going first, the bare server between them, so
            # neither always runs right after the other.
            if base_target and index % 2 == 1:
                base_run = wrk(base_target[0], base_target[1], duration=ROUND)
                bare_run = wrk(theirs_url, headers, duration=ROUND)
                rounds.append((wrk(ours_url, headers, duration=ROUND), bare_run, base_run))
                continue
            run = (wrk(ours_url, headers, duration=ROUND), wrk(theirs_url, headers, duration=ROUND))
            rounds.append(run + ((wrk(base_target[0], base_target[1], duration=ROUND),) if base_target else ()))
        ours = tuple(statistics.median(run[0][i] for run in rounds) for i in (0, 1)) + (sum(run[0][2] for run in rounds),)
        theirs = tuple(statistics.median(run[1][i] for run in rounds) for i in (0, 1))
        base_ratio = statistics.median(run[2][0] / run[1][0] for run in rounds) if base_target else None
        return ours, theirs, statistics.median(run[0][0] / run[1][0] for run in rounds), base_ratio

    if ONLY == "storage":
        storage_comparison(work, base, cookie, bare, rows)
        stop(bare_server)
        stop(atrium)
        shutil.rmtree(work, ignore_errors=True)
        return

    print(f"# Atrium pages against a bare Hummingbird 2 server answering the same bytes (body and fields)\n")
    print(
        f"wrk -t2 -c64, release build, one run on this machine ({os.cpu_count()} cores), a signed-in returning visitor, every module, "
        f"SQLite, `log.level: {LOG_LEVEL}`{' (no request line written)' if LOG_LEVEL in ('notice', 'warning', 'error', 'critical') else ' (a request line per request, to a file)'}: "
        f"after 2 s of warm-up each, {ROUNDS} rounds of {ROUND} s alternating Atrium{f', {BASE_NAME}' if BASE_BIN else ''} and the bare server"
        f"{f' (Atrium and {BASE_NAME} taking turns to go first, the bare server between them)' if BASE_BIN else ''}; "
        f"medians of the rounds (a ratio is the median of the rounds' ratios).\n"
    )
    if ONLY == "conditional":
        conditional_requests(base, bare, cookie, rows, bare_folder)
        for process in (base_host, bare_server, atrium):
            if process:
                stop(process)
        return
    base_columns = f" {BASE_NAME} ratio |" if BASE_BIN else ""
    print(f"| page | format | bytes | Atrium req/s | same bytes, bare | ratio |{base_columns} Atrium p99 | bare p99 |")
    print("|---|---|---|---|---|---|" + ("---|" if BASE_BIN else "") + "---|---|")

    def base_cell(value):
        return f" {value:.2f} |" if BASE_BIN else ""

    live, live_bare, ratio, base_ratio = compare(
        base + "/health/live", bare + "/health/live", {}, (base_url + "/health/live", {}) if BASE_BIN else None)
    print(f"| /health/live | json | 17 | {live[0]:,.0f} | {live_bare[0]:,.0f} | {ratio:.2f} |{base_cell(base_ratio)} {live[1]:.1f} ms | {live_bare[1]:.1f} ms |")
    sys.stdout.flush()
    for path, format_name, accept, name, size, _ in rows:
        base_target = (base_url + path, {"Cookie": base_cookie, "Accept": accept}) if BASE_BIN else None
        ours, theirs, ratio, base_ratio = compare(base + path, f"{bare}/{name}", {"Cookie": cookie, "Accept": accept}, base_target)
        note = f" ({ours[2]} errors)" if ours[2] else ""
        print(f"| {path} | {format_name} | {size:,} | {ours[0]:,.0f}{note} | {theirs[0]:,.0f} | {ratio:.2f} |{base_cell(base_ratio)} {ours[1]:.1f} ms | {theirs[1]:.1f} ms |")
        sys.stdout.flush()

    conditional_requests(base, bare, cookie, rows, bare_folder)

    print("\n## First visit (no cookie) to a page with a form\n")
    print("| page | bytes | Atrium req/s | same bytes, bare | ratio | Atrium p99 |")
    print("|---|---|---|---|---|---|")
    for path, name, size in first_rows:
        ours, theirs, ratio, _ = compare(base + path, f"{bare}/{name}", {"Accept": "text/html"})
        print(f"| {path} | {size:,} | {ours[0]:,.0f} | {theirs[0]:,.0f} | {ratio:.2f} | {ours[1]:.1f} ms |")
        sys.stdout.flush()

    if ONLY == "pages":
        for process in (base_host, bare_server, atrium):
            if process:
                stop(process)
        return
    print("\n## Boot and memory\n")
    print(boot_line(boots, bare_boots))
    print(f"\nWhere Atrium's boot goes ({BOOTS} boots with ATRIUM_BOOT_TRACE=1, each step's median):\n\n{steps}\n")
    warmed = rss_mb(atrium.pid)
    wrk(base + "/cookbook", {"Cookie": cookie, "Accept": "text/html"}, duration=60)
    loaded = rss_mb(atrium.pid)
    print(f"- Resident memory: idle after boot {idle:.1f} MB; after the runs above (warm) {warmed:.1f} MB; after 60 s more of /cookbook {loaded:.1f} MB ({(loaded - warmed) / warmed * 100:+.1f}%)")
    sessions = subprocess.run(["sqlite3", str(work / "atrium.sqlite"), "SELECT COUNT(*) FROM sessions"], capture_output=True, text=True).stdout.strip() if shutil.which("sqlite3") else "?"
    print(f"- Session rows in the database after every run above: {sessions}")
    sys.stdout.flush()

    if base_host:
        stop(base_host)
    storage_comparison(work, base, cookie, bare, rows)
    stop(bare_server)
    stop(atrium)
    import events
    import feed
    import languages
    import live
    import offline
    import tracing

    languages.measure(sys.modules[__name__], BIN)
    feed.measure(sys.modules[__name__], BIN)
    events.measure(sys.modules[__name__], BIN)
    live.measure(sys.modules[__name__], BIN)
    tracing.measure(sys.modules[__name__], BIN)
    offline.measure(sys.modules[__name__], BIN)
    import restart

    restart.measure(sys.modules[__name__], BIN)
    import deploy

    deploy.measure(sys.modules[__name__], BIN)
    log.close()
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
