"""A rolling deploy of one module from version 1 to version 2 under load (see run.sh): the fixture
ledger (one module compiled in two versions under one id, in the release `atrium-fixture-host`) on
two hosts on PostgreSQL behind nginx, restarted one at a time as version 2 while three writers add
entries, change their amounts and remove some, and a reader loads the page (Tests/Tooling/
rolling_deploy.py). Prints the failed requests, the fields a host stored that are gone and the
events handled twice or never (goal 0 each), with the load's latency and how long each switch took.

Run alone: ONLY=deploy bash Tests/Benchmarks/run.sh (or ONLY=deploy python3 Tests/Benchmarks/bench.py BIN)."""

import os
import statistics
import sys
import tempfile
from pathlib import Path


def measure(bench, binary_folder):
    if not bench.POSTGRES_URL:
        print("No PostgreSQL server (ATRIUM_TEST_POSTGRES_URL): no rolling deploy measured.")
        return
    os.environ["ATRIUM_BINARY"] = str(Path(binary_folder) / "atrium")
    sys.path.insert(0, str(bench.ROOT / "Tests" / "Tooling"))
    import rolling_deploy  # noqa: E402 (reads ATRIUM_BINARY)

    binary = Path(binary_folder) / "atrium-fixture-host"
    cluster, load, lost, twice, never, events, contract = rolling_deploy.run(
        Path(tempfile.mkdtemp(prefix="atrium-deploy-")), settle=4, binary=binary)
    steady = sorted(seconds for began, seconds in load.timings if began < cluster.switches[0][0] - 0.5)
    switching = [seconds for began, seconds in load.timings if any(start <= began <= end for start, end in cluster.switches)]
    version2 = sum("currency" in known["stored"] for known in load.entries.values())
    print()
    print("### Rolling deploy: one module from version 1 to version 2, two hosts on PostgreSQL behind nginx, under load")
    print()
    print(f"Release `atrium-fixture-host` serving the fixture ledger; three writers and a page reader through nginx; "
          f"{load.requests} requests, {len(load.entries)} entries kept ({version2} added by version 2), "
          f"{len(load.removed)} removed, {events} events checked.")
    print()
    print("| figure | value |")
    print("|---|---:|")
    print(f"| failed requests (goal 0) | {len(load.failures)} |")
    print(f"| fields lost (goal 0) | {len(lost)} |")
    print(f"| events handled twice (goal 0) | {twice} |")
    print(f"| events never handled (goal 0) | {never} |")
    print(f"| steady p99 / median | {steady[int(len(steady) * 0.99)] * 1000:.1f} ms / {statistics.median(steady) * 1000:.1f} ms |")
    print(f"| slowest request while a host switched ({len(switching)} requests) | {max(switching, default=0) * 1000:.1f} ms |")
    print(f"| each switch, SIGTERM to ready as version 2 | {', '.join(f'{end - start:.2f} s' for start, end in cluster.switches)} |")
    print(f"| contract migration applied, seen after the deploy's last settle | {contract:.1f} s |")
    if load.failures or lost:
        print(f"\nFailed: {load.failures[:10]} {lost[:5]}")
