"""What a rolling restart costs the people using the pages (see run.sh): two release hosts on the
throwaway PostgreSQL behind nginx (`proxy_next_upstream error timeout non_idempotent`,
`http.drainSeconds: 1`), under the steady load of Tests/Tooling/test_rolling_restart.py (three
signed-in readers, a payer posting with keys, a live watcher), restarted one at a time. Prints the
failed requests (goal 0), the slowest request while a host was switching against the steady p99,
and how long each host took to exit after SIGTERM.

Run alone: ONLY=restart bash Tests/Benchmarks/run.sh (or ONLY=restart python3 Tests/Benchmarks/bench.py BIN)."""

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path


def measure(bench, binary_folder):
    if not bench.POSTGRES_URL:
        print("No PostgreSQL server (ATRIUM_TEST_POSTGRES_URL): no rolling restart measured.")
        return
    os.environ["ATRIUM_BINARY"] = str(Path(binary_folder) / "atrium")
    sys.path.insert(0, str(bench.ROOT / "Tests" / "Tooling"))
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
    first_switch = cluster.switches[0][0]
    steady = sorted(seconds for began, seconds in load.timings if began < first_switch - 0.5)
    switching = [seconds for began, seconds in load.timings if any(start <= began <= end for start, end in cluster.switches)]
    p99 = steady[int(len(steady) * 0.99)] if steady else 0
    print()
    print("### Rolling restart: two hosts on PostgreSQL behind nginx, restarted one at a time under load")
    print()
    print(
        f"Release build, `http.drainSeconds: 1`; three signed-in readers, a payer posting with `Idempotency-Key`s and a live "
        f"watcher, through nginx. {load.pages} pages and {load.payments} payments in all.")
    print()
    print("| figure | value |")
    print("|---|---:|")
    print(f"| failed requests | {len(load.failures)} |")
    print(f"| steady p99 (before the first restart) | {p99 * 1000:.1f} ms |")
    print(f"| steady median | {statistics.median(steady) * 1000 if steady else 0:.1f} ms |")
    print(f"| slowest request while a host switched ({len(switching)} requests) | {max(switching, default=0) * 1000:.1f} ms |")
    print(f"| each host's exit after SIGTERM (drain 1 s + stop) | {drains[0]:.2f} s, {drains[1]:.2f} s |")
    print(f"| each switch, SIGTERM to ready again | {', '.join(f'{end - start:.2f} s' for start, end in cluster.switches)} |")
    if load.failures:
        print(f"\nFailed: {load.failures[:10]}")
