"""Pages in Spanish beside the same pages in English (see run.sh).

One host of this build offering both (`localization.languages: [en, es]`, every module, SQLite), a
signed-in returning visitor whose choice is English, then Spanish (the language cookie the language
page sets); each page's bytes in each language served by the bare server too. For each page and
format: each language's ratio against the bare server answering that language's bytes, in rounds
alternating English, its bare bytes, Spanish, its bare bytes. The page table above is a host
offering English alone (the default); here English is one of two languages, so each request's
language is worked out and the page cache keeps a page per language.

Run alone: ONLY=languages bash Tests/Benchmarks/run.sh (or python3 Tests/Benchmarks/bench.py BIN)."""

import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

LANGUAGES = ("en", "es")


def measure(bench, binary: Path):
    work = Path(tempfile.mkdtemp(prefix="atrium-languages-"))
    bare_folder = work / "pages"
    bare_folder.mkdir()
    rest = (f"storage:\n  path: {work}/atrium.sqlite\nmodules: [login, cookbook, pilot, moneybox, mobility]\n"
            f"pilot:\n  licensesFile: {bench.ROOT / 'Configuration' / 'pilot-licenses.json'}\nlocalization:\n  languages: [{', '.join(LANGUAGES)}]\n")
    host, port = bench.serve_host(binary, work, "languages", "", rest)
    bare = None
    try:
        base = f"http://127.0.0.1:{port}"
        session = bench.sign_up(base)
        rows = []
        for path in bench.PAGES:
            for format_name, accept in bench.FORMATS.items():
                row = {"path": path, "format": format_name, "accept": accept}
                for language in LANGUAGES:
                    cookie = f"{session}; atrium_language={language}"
                    status, headers, body = bench.fetch(base + path, {"Cookie": cookie, "Accept": accept})
                    assert status == 200, f"{path} ({format_name}, {language}) answered {status}"
                    name = f"p{len(rows)}{language}"
                    bench.keep_for_bare(bare_folder, name, headers, body)
                    row[language] = (cookie, name, len(body))
                rows.append(row)
        bare_port = bench.free_port()
        bare = bench.start([str(binary / "atrium-bare-server"), str(bare_port), str(bare_folder)], subprocess.DEVNULL)
        bare_url = f"http://127.0.0.1:{bare_port}"
        bench.wait_ready(bare_url + "/health/live", bare)

        print("\n## Pages in Spanish beside English\n")
        print(f"A host offering English and Spanish, the same signed-in visitor choosing each; each language's bytes from the bare "
              f"server too; {bench.ROUNDS} rounds of {bench.ROUND} s alternating English, its bare bytes, Spanish, its bare bytes "
              f"(medians; a ratio is the median of the rounds' ratios).\n")
        print("| page | format | bytes en | bytes es | en ratio | es ratio | es req/s | en p99 | es p99 |")
        print("|---|---|---|---|---|---|---|---|---|")
        for row in rows:
            targets = []
            for language in LANGUAGES:
                cookie, name, _ = row[language]
                headers = {"Cookie": cookie, "Accept": row["accept"]}
                targets += [(base + row["path"], headers), (f"{bare_url}/{name}", headers)]
            for url, headers in targets:
                bench.wrk(url, headers, duration=2)  # warm-up
            rounds = [[bench.wrk(url, headers, duration=bench.ROUND) for url, headers in targets] for _ in range(bench.ROUNDS)]
            ratio = {language: statistics.median(run[2 * index][0] / run[2 * index + 1][0] for run in rounds)
                     for index, language in enumerate(LANGUAGES)}
            p99 = {language: statistics.median(run[2 * index][1] for run in rounds) for index, language in enumerate(LANGUAGES)}
            spanish_rate = statistics.median(run[2 * LANGUAGES.index("es")][0] for run in rounds)
            print(f"| {row['path']} | {row['format']} | {row['en'][2]:,} | {row['es'][2]:,} | {ratio['en']:.2f} | {ratio['es']:.2f} "
                  f"| {spanish_rate:,.0f} | {p99['en']:.1f} ms | {p99['es']:.1f} ms |")
            sys.stdout.flush()
    finally:
        # A page that answers other than 200 stops the section, not the hosts' cleanup.
        if bare is not None:
            bench.stop(bare)
        bench.stop(host)
    shutil.rmtree(work, ignore_errors=True)
