"""What doing each action once costs (see run.sh), on one release build: the Cookbook pantry saved
by a signed-in visitor with wrk -t2 -c64, without an `Idempotency-Key` and with a new one on every
post (a wrk script numbers them), in alternating rounds on one host (SQLite, every module); then the
time the native client kit takes to send 100 actions that waited while the host could not be
reached (`atrium-kit-bench`: each with its key, in order, against the same host), a few times.

Run alone: ONLY=offline bash Tests/Benchmarks/run.sh (or ONLY=offline python3 Tests/Benchmarks/bench.py BIN).
`ab.py KEYED_POSTS=1` compares the keyed posts of two builds."""

import re
import statistics
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path

ROUNDS = 4
ROUND = 5
# Each request a key of its own: the thread's number, the run's start and a count.
KEYED_POST_SCRIPT = """
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("number", threads)
end
function init(args)
  math.randomseed(os.time() + number)
  prefix = number .. "-" .. os.time() .. "-" .. math.random(1, 1000000000) .. "-"
  count = 0
end
function request()
  count = count + 1
  wrk.headers["Idempotency-Key"] = prefix .. count
  return wrk.format("POST")
end
"""


def pantry_post(bench, base, cookie):
    """The pantry's form, as the visitor with `cookie` posts it: its address and body (with the token)."""
    _, _, page = bench.fetch(base + "/cookbook/pantry", {"Cookie": cookie, "Accept": "text/html"})
    html = page.decode()
    token = re.search(r'name="_csrf" value="([^"]+)"', html).group(1)
    have = [("have[]", value) for value in re.findall(r'name="have\[\]"[^>]*? value="([^"]+)"', html)[:3]]
    assert have, "the pantry has no ingredients to choose"
    return base + "/cookbook/pantry", urllib.parse.urlencode(have + [("_csrf", token)])


def posts(bench, url, cookie, body, duration, keyed):
    """One round of pantry posts, each with a key of its own when `keyed`: (rate, p99 in ms)."""
    script = Path(tempfile.mkstemp(suffix=".lua")[1])
    script.write_text(f"wrk.method = \"POST\"\nwrk.body = {body!r}\n" + (KEYED_POST_SCRIPT if keyed else ""))
    try:
        rate, p99, errors, _ = bench.wrk(url, {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}, duration, script)
    finally:
        script.unlink()
    assert not errors, f"{url}: {errors} answers were not 2xx or 3xx"
    return rate, p99


def measure(bench, binary: Path):
    work = Path(tempfile.mkdtemp(prefix="atrium-offline-"))
    rest = (f"storage:\n  path: {work}/atrium.sqlite\nmodules: [login, cookbook, pilot, moneybox, mobility]\n"
            f"pilot:\n  licensesFile: {bench.ROOT / 'Configuration' / 'pilot-licenses.json'}\n")
    process, port = bench.serve_host(binary, work, "offline", "", rest)
    base = f"http://127.0.0.1:{port}"
    try:
        cookie = bench.sign_up(base)
        url, body = pantry_post(bench, base, cookie)
        posts(bench, url, cookie, body, 2, False)
        posts(bench, url, cookie, body, 2, True)
        plain, keyed = [], []
        for index in range(ROUNDS):
            for is_keyed in ((False, True) if index % 2 == 0 else (True, False)):
                (keyed if is_keyed else plain).append(posts(bench, url, cookie, body, ROUND, is_keyed))
        print("\n## Each action once: what a key costs, and the kit's waiting actions\n")
        print(f"The pantry saved (POST, 303) by a signed-in visitor, {ROUNDS} alternating rounds of {ROUND} s, medians:\n")
        print("| Posts | Requests/s | p99 |\n|---|---:|---:|")
        for name, rows in (("without a key", plain), ("each with a new Idempotency-Key", keyed)):
            print(f"| {name} | {statistics.median(r[0] for r in rows):,.0f} | {statistics.median(r[1] for r in rows):.1f} ms |")
        ratio = statistics.median(k[0] / p[0] for p, k in zip(plain, keyed))
        print(f"\n- A post with a key runs at {ratio:.2f} of one without (the key claimed, the outcome kept, the owner's bound kept).")
        sys.stdout.flush()
        kit = subprocess.run([str(binary / "atrium-kit-bench"), base, "100", "5"], capture_output=True, text=True, timeout=600)
        if kit.returncode != 0:
            raise SystemExit(f"atrium-kit-bench failed ({kit.returncode}):\n{kit.stdout}{kit.stderr}")
        print(kit.stdout.rstrip())
        sys.stdout.flush()
    finally:
        bench.stop(process)
