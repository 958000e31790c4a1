"""What tracing costs (see run.sh): one build serving the same pages three ways at once — tracing
off, on with a 1 % sampler (`parentbased_traceidratio`, 0.01) and on at 100 % — each exporting to a
local OTLP/HTTP collector that takes every batch, beside the bare server answering the same bytes,
in alternating rounds (wrk -t2 -c64, a signed-in returning visitor, every module, SQLite,
`log.level: warning`). Prints each page's ratio to the bare server for the three, and the spans the
collector took.

Run alone: ONLY=tracing bash Tests/Benchmarks/run.sh (or python3 Tests/Benchmarks/bench.py BIN)."""

import http.server
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path

PAGES = ["/", "/login", "/profile", "/cookbook", "/cookbook/recipes/2", "/pilot", "/moneybox", "/map"]
if os.environ.get("PAGES"):
    PAGES = os.environ["PAGES"].split(",")
MODES = [("off", {}), ("1 %", {"OTEL_TRACES_SAMPLER": "parentbased_traceidratio", "OTEL_TRACES_SAMPLER_ARG": "0.01"}),
         ("100 %", {"OTEL_TRACES_SAMPLER": "parentbased_always_on"})]


class Collector:
    """Takes every OTLP/HTTP batch and counts its bytes (decoding them would cost this machine's
    cores more than the host's exporter does)."""

    def __init__(self):
        self.batches = 0
        self.bytes = 0
        collector = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                size = int(self.headers.get("Content-Length", "0"))
                self.rfile.read(size)
                collector.batches += 1
                collector.bytes += size
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def measure(bench, binary: Path):
    work = Path(tempfile.mkdtemp(prefix="atrium-tracing-"))
    collector = Collector()
    hosts = []
    modules = (
        f"modules: [login, cookbook, pilot, moneybox, mobility]\npilot:\n  licensesFile: {bench.ROOT / 'Configuration' / 'pilot-licenses.json'}\n")
    for index, (name, sampler) in enumerate(MODES):
        environment = {"OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{collector.port}", "OTEL_SERVICE_NAME": f"bench-{index}", **sampler} if sampler else {}
        process, port = bench.serve_host(binary, work, f"host{index}", "", f"storage:\n  path: {work}/host{index}.sqlite\n{modules}", environment)
        base = f"http://127.0.0.1:{port}"
        hosts.append((name, process, base, bench.sign_up(base)))

    bare_folder = work / "pages"
    bare_folder.mkdir()
    (bare_folder / "boot.body").write_text("{}")
    for index, path in enumerate(PAGES):
        status, headers, body = bench.fetch(hosts[0][2] + path, {"Cookie": hosts[0][3], "Accept": "text/html"})
        assert status == 200, f"{path} answered {status}"
        bench.keep_for_bare(bare_folder, f"t{index}", headers, body)
        (bare_folder / f"t{index}.etag").write_text(headers["ETag"])
    bare_port = bench.free_port()
    bare_server = bench.start([str(binary / "atrium-bare-server"), str(bare_port), str(bare_folder)], bench.subprocess.DEVNULL)
    bare = f"http://127.0.0.1:{bare_port}"
    bench.wait_ready(bare + "/health/live", bare_server)

    print("\n## Tracing: off, 1 %, 100 %\n")
    print(
        f"One build, three hosts up at once (tracing off; on with `parentbased_traceidratio` 0.01; on at 100 %), each exporting to a "
        f"local OTLP/HTTP collector, and the bare server; wrk -t2 -c64, a signed-in returning visitor, HTML, `log.level: warning`, "
        f"{bench.ROUNDS} rounds of {bench.ROUND} s alternating all four; the ratio is each host's median rate over the bare server's "
        f"in the same round.\n")
    print("| page | bytes | off | 1 % | 100 % | bare req/s | off p99 | 100 % p99 |")
    print("|---|---|---|---|---|---|---|---|")
    for index, path in enumerate(PAGES):
        targets = [(base + path, {"Cookie": cookie, "Accept": "text/html"}) for _, _, base, cookie in hosts]
        bare_target = (f"{bare}/t{index}", {"Accept": "text/html"})
        for url, headers in targets + [bare_target]:
            bench.wrk(url, headers, duration=2)
        rounds = []
        for _ in range(bench.ROUNDS):
            rounds.append([bench.wrk(url, headers, duration=bench.ROUND) for url, headers in targets + [bare_target]])
        ratios = [statistics.median(run[i][0] / run[-1][0] for run in rounds) for i in range(len(targets))]
        bare_rate = statistics.median(run[-1][0] for run in rounds)
        p99s = [statistics.median(run[i][1] for run in rounds) for i in (0, len(targets) - 1)]
        size = (bare_folder / f"t{index}.body").stat().st_size
        print(f"| {path} | {size:,} | {ratios[0]:.2f} | {ratios[1]:.2f} | {ratios[2]:.2f} | {bare_rate:,.0f} | {p99s[0]:.1f} ms | {p99s[1]:.1f} ms |")
        sys.stdout.flush()
    print(f"\nThe collector took {collector.batches:,} batches ({collector.bytes / 1e6:,.1f} MB of spans).")
    for _, process, _, _ in hosts:
        bench.stop(process)
    bench.stop(bare_server)
    collector.server.shutdown()
