"""Where a page's time went across several builds: every build up at once beside the bare server,
in rounds that take each side in turn. Usage:

    python3 Tests/Benchmarks/bisect.py DIR [DIR ...]

Each folder holds an `atrium` release binary, oldest build first (name the folders after their
commits: the table names each build by its folder); the last folder also holds
`atrium-bare-server`, which answers, for each page, the last build's bytes and fields. Every host
serves every module from a fresh SQLite database at `log.level: warning` (no request lines);
each page is asked by a returning (signed-up) visitor with wrk -t2 -c64, after 1 s of warm-up per
side, in ROUNDS rounds of ROUND seconds; each round starts at the next side, so no build always
runs first (on a machine warming or cooling, first is a place of its own). Prints, per page: each
build's rate ÷ the bare server's (the median of the rounds' ratios), its rate ÷ the build before
it, and its host's CPU time per request
(user and system, read from `/proc` around each of its rounds: the cost a build adds, steadier
than rates on a machine whose speed drifts). PAGES=/,/login picks pages; FORMATS=html,json the
formats (default html)."""

import os
import statistics
import sys
import tempfile
from pathlib import Path

if len(sys.argv) < 2:
    raise SystemExit("usage: python3 Tests/Benchmarks/bisect.py DIR [DIR ...] (folders of release builds, oldest first; see the top of this file)")
for variable in ("ROUNDS", "ROUND"):  # checked before bench.py divides by them when imported
    if not os.environ.get(variable, "1").isdigit() or int(os.environ.get(variable, "1")) < 1:
        raise SystemExit(f"{variable} must be a whole number of 1 or more (got {os.environ[variable]!r})")
sys.argv, arguments = sys.argv[:1] + sys.argv[-1:], sys.argv[1:]  # bench.py reads its BIN from argv[1]
import bench  # noqa: E402  (first: ab.py changes sys.argv again when imported)
import ab  # noqa: E402

# ROUNDS and ROUND are ab.py's (the same environment variables, the same defaults).
PAGES = (
    os.environ["PAGES"].split(",")
    if os.environ.get("PAGES")
    else ["/health/live", "/", "/login", "/profile", "/cookbook", "/cookbook/recipes/2", "/pilot", "/moneybox", "/map"]
)
FORMAT_NAMES = os.environ.get("FORMATS", "html").split(",")
if unknown := [name for name in FORMAT_NAMES if name not in bench.FORMATS]:
    raise SystemExit(f"FORMATS names {', '.join(unknown)}: the formats are {', '.join(bench.FORMATS)}")
FORMATS = [bench.FORMATS[name] for name in FORMAT_NAMES]


def main():
    if not bench.shutil.which("wrk"):
        raise SystemExit("wrk is missing: apt-get install wrk (Tests/Benchmarks/run.sh installs it)")
    folders = [Path(argument) for argument in arguments]
    work = Path(tempfile.mkdtemp(prefix="atrium-bisect-"))
    log = open(work / "hosts.log", "wb")
    hosts = []
    for index, folder in enumerate(folders):
        (work / str(index)).mkdir()
        hosts.append(ab.host(folder, work / str(index), log))
    last_base, last_cookie = hosts[-1][1], hosts[-1][2]
    bare_folder = work / "bare"
    bare_folder.mkdir()
    rows = []
    for index, (path, accept) in enumerate((path, accept) for path in PAGES for accept in FORMATS):
        status, headers, body = bench.fetch(last_base + path, {"Cookie": last_cookie, "Accept": accept})
        assert status == 200, f"{path} ({accept}) answered {status}"
        if path != "/health/live":
            bench.keep_for_bare(bare_folder, f"p{index}", headers, body)
        rows.append((path, accept, f"p{index}", len(body)))
    _, live_fields, _ = bench.fetch(last_base + "/health/live")
    (bare_folder / "health-live.fields").write_text(bench.fields_text(live_fields))
    bare_port = bench.free_port()
    bare_process = bench.start([str(folders[-1] / "atrium-bare-server"), str(bare_port), str(bare_folder)], log)
    bare = f"http://127.0.0.1:{bare_port}"
    bench.wait_ready(bare + "/health/live", bare_process)
    names = [folder.name for folder in folders]
    print(
        f"wrk -t2 -c64, release builds, {os.cpu_count()} cores, `log.level: {bench.LOG_LEVEL}`, every build up at once beside the bare "
        f"server (answering {names[-1]}'s bytes and fields); per page 1 s of warm-up per side, then {ab.ROUNDS} rounds of {ab.ROUND} s, each "
        f"round starting at the next side. Ratios are medians of the rounds' ratios; CPU is the host's own per request.\n"
    )
    print("| page | format | bytes | " + " | ".join(f"{name} ÷ bare" for name in names) + " | "
          + " | ".join(f"{names[i]} ÷ {names[i - 1]}" for i in range(1, len(names))) + " | "
          + " | ".join(f"{name} CPU/req" for name in names) + " | bare req/s |")
    print("|---|---|---|" + "---|" * (3 * len(names)))
    try:
        for path, accept, name, size in rows:
            sides = [(process, base + path, {"Cookie": cookie, "Accept": accept}) for process, base, cookie in hosts]
            bare_url = bare + ("/health/live" if path == "/health/live" else f"/{name}")
            sides.append((bare_process, bare_url, {"Cookie": last_cookie, "Accept": accept}))
            for process, url, headers in sides:
                if process is not bare_process:
                    status, _, _ = bench.fetch(url, headers)
                    assert status == 200, f"{url} ({accept}) answered {status}"
                bench.wrk(url, headers, duration=1)
            rounds = []
            for index in range(ab.ROUNDS):
                shift = index % len(sides)
                order = list(range(len(sides)))[shift:] + list(range(len(sides)))[:shift]
                results = {}
                for side in order:
                    rate, _, cpu = ab.timed_wrk(*sides[side])
                    results[side] = (rate, cpu)
                rounds.append([results[side] for side in range(len(sides))])
            bare_index = len(sides) - 1
            to_bare = [statistics.median(one[i][0] / one[bare_index][0] for one in rounds) for i in range(len(hosts))]
            steps = [statistics.median(one[i][0] / one[i - 1][0] for one in rounds) for i in range(1, len(hosts))]
            cpu = [statistics.median(one[i][1] for one in rounds) for i in range(len(hosts))]
            bare_rate = statistics.median(one[bare_index][0] for one in rounds)
            format_name = next(key for key, value in bench.FORMATS.items() if value == accept)
            print(
                f"| {path} | {format_name} | {size:,} | " + " | ".join(f"{value:.2f}" for value in to_bare) + " | "
                + " | ".join(f"{value:.2f}" for value in steps) + " | " + " | ".join(f"{value:.0f} µs" for value in cpu)
                + f" | {bare_rate:,.0f} |",
                flush=True,
            )
    finally:
        for process, _, _ in hosts:
            bench.stop(process)
        bench.stop(bare_process)
        log.close()


if __name__ == "__main__":
    main()
