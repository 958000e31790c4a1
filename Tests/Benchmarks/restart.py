"""What a rolling restart costs the people using the pages (see run.sh): two release hosts on the
throwaway PostgreSQL behind nginx (`proxy_next_upstream error timeout non_idempotent`,
`http.drainSeconds: 1`), under the steady load of Tests/Tooling/test_rolling_restart.py (three
signed-in readers, a payer posting with keys, a live watcher), restarted one at a time. Prints the
failed requests (goal 0), the slowest request while a host was switching against the steady p99,
and how long each host took to exit after SIGTERM. Then the take-over on one machine: one release
host on SQLite under the same load, taken over twice by `atrium serve --take-over`: the same figures,
and how long the old host took to exit once the new one was started.

Run alone: ONLY=restart bash Tests/Benchmarks/run.sh (or ONLY=restart python3 Tests/Benchmarks/bench.py BIN)."""

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path


def measure(bench, binary_folder):
    os.environ["ATRIUM_BINARY"] = str(Path(binary_folder) / "atrium")
    sys.path.insert(0, str(bench.ROOT / "Tests" / "Tooling"))
    if not bench.POSTGRES_URL:
        print("No PostgreSQL server (ATRIUM_TEST_POSTGRES_URL): no rolling restart measured.")
    else:
        rolling_restart()
    take_over()


def figures(load, switches):
    """The steady p99 and median (before the first switch) and the requests that began during one."""
    first_switch = switches[0][0]
    steady = sorted(seconds for began, seconds in load.timings if began < first_switch - 0.5)
    switching = [seconds for began, seconds in load.timings if any(start <= began <= end for start, end in switches)]
    return (steady[int(len(steady) * 0.99)] if steady else 0), (statistics.median(steady) if steady else 0), switching


def take_over():
    import test_rolling_restart as rolling  # noqa: E402 (reads ATRIUM_BINARY)
    import test_take_over  # noqa: E402

    work = Path(tempfile.mkdtemp(prefix="atrium-take-over-"))
    machine = test_take_over.Machine(work)
    try:
        visitor = rolling.signed_in_visitor(machine)
        load = rolling.Load(machine, visitor)
        with load:
            time.sleep(4)
            exits = [machine.take_over()]
            time.sleep(4)
            exits.append(machine.take_over())
            time.sleep(4)
        load.stop_watching()
    finally:
        machine.close()
    report(
        "Take-over on one machine: a new process takes over the socket of a host on SQLite, under load",
        "Release build; three signed-in readers, a payer posting with `Idempotency-Key`s and a live watcher, straight to "
        "the host's port; `atrium serve --take-over` twice.",
        load, machine.switches, "the first take-over", "while a process took over",
        [("the old host's exit, from the new one's start (its boot, then the drain)", f"{exits[0]:.2f} s, {exits[1]:.2f} s")])


def rolling_restart():
    import test_rolling_restart as rolling  # noqa: E402 (reads ATRIUM_BINARY)

    work = Path(tempfile.mkdtemp(prefix="atrium-restart-"))
    cluster = rolling.Cluster(work)
    try:
        visitor = rolling.signed_in_visitor(cluster)
        load = rolling.Load(cluster, visitor)
        with load:
            drains = cluster.restart_one_at_a_time(settle=4)
        load.stop_watching()
    finally:
        cluster.close()
    report(
        "Rolling restart: two hosts on PostgreSQL behind nginx, restarted one at a time under load",
        "Release build, `http.drainSeconds: 1`; three signed-in readers, a payer posting with `Idempotency-Key`s and a live "
        "watcher, through nginx.",
        load, cluster.switches, "the first restart", "while a host switched",
        [("each host's exit after SIGTERM (drain 1 s + stop)", f"{drains[0]:.2f} s, {drains[1]:.2f} s"),
         ("each switch, SIGTERM to ready again", ", ".join(f"{end - start:.2f} s" for start, end in cluster.switches))])


def report(title, setting, load, switches, first, during, rest):
    """One switch's table: failures, steady p99 and median, the slowest request during a switch, then `rest`."""
    p99, median, switching = figures(load, switches)
    print()
    print(f"### {title}")
    print()
    print(f"{setting} {load.pages} pages and {load.payments} payments in all.")
    print()
    print("| figure | value |")
    print("|---|---:|")
    print(f"| failed requests | {len(load.failures)} |")
    print(f"| steady p99 (before {first}) | {p99 * 1000:.1f} ms |")
    print(f"| steady median | {median * 1000:.1f} ms |")
    print(f"| slowest request {during} ({len(switching)} requests) | {max(switching, default=0) * 1000:.1f} ms |")
    for figure, value in rest:
        print(f"| {figure} | {value} |")
    if load.failures:
        print(f"\nFailed: {load.failures[:10]}")
