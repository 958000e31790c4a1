#!/usr/bin/env bash
# The page benchmark: builds release, starts Atrium (every module) and a bare Hummingbird server
# answering the same bytes on free loopback ports, and prints, for every scene page in HTML and
# JSON, each side's requests per second (wrk -t2 -c64, a returning visitor's cookie), the ratio and
# Atrium's p99; then each page asked again with its ETag (304s beside the bare server's 304s for
# the same tag); then first visits, boot to the first 200, and memory; then the Cookbook and profile
# pages from a host on SQLite and one on PostgreSQL side by side (a throwaway server, started here);
# then every page in Spanish beside English on a host offering both; then the change feed's cross-host delay and write throughput, and module events' delay from a
# ride's end to Login's charge on both backends; then what tracing costs (off, 1 %, 100 %).
# It prints figures (and writes them to a report file, below); it is not a test and CI does not run it. Options: DURATION=seconds per page and
# side, in three alternating rounds (default 9); BOOTS=boots per side (default 21); ONLY=storage for
# just the storage comparison, ONLY=boot for just boot (with where its time goes), ONLY=feed for the
# change feed's figures, ONLY=events for the module events' delay, ONLY=conditional for the 304s, ONLY=tracing for tracing's cost,
# ONLY=languages for the pages in Spanish beside English, ONLY=offline for keyed posts and the kit,
# ONLY=restart for a rolling restart and a take-over, ONLY=deploy for a rolling deploy of one module
# from version 1 to 2 (the release atrium-fixture-host, which holds both).
# LOG_LEVEL=info writes a request line per request (to a file; default warning: none).
# BASE=<commit> builds that commit (release, in .build-base/<commit>, kept for the next run) and
# prints its page ratios beside this build's, from the same rounds: a change that costs pages shows
# in the same table; with BASE_BIN=<folder> too, the `atrium` already built in that folder is used
# and nothing is built for BASE (BASE then only names it).
set -euo pipefail
cd "$(dirname "$0")/../.."

# wrk drives every figure; nginx balances the rolling restart's and the deploy's hosts (ONLY=restart,
# ONLY=deploy, and a whole run).
missing=()
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]}…"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The release build as "Release builds" in Documentation/operations.md makes it, in a folder of its own (so a
# plain `swift build -c release` in .build is not rebuilt with other flags each time), and the bare
# server built the same way. The flag has the compiler reach a concrete generic type's metadata
# with its conformances passed in, not through its mangled name, which made the runtime look each
# conformance up by scanning every record of this large binary: about a quarter of a boot's CPU.
release=(-c release --scratch-path .build-release -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
echo "Building release in .build-release (about 15 minutes from clean)…" >&2
swift build "${release[@]}" --product atrium >&2
swift build "${release[@]}" --product atrium-bare-server >&2
swift build "${release[@]}" --product atrium-kit-bench >&2
swift build "${release[@]}" --product atrium-fixture-host >&2
bin=$(swift build "${release[@]}" --show-bin-path)

if [ -n "${BASE:-}" ] && [ -z "${BASE_BIN:-}" ]; then
  base_tree=".build-base/$BASE"
  if [ ! -d "$base_tree" ]; then
    git worktree add --detach "$base_tree" "$BASE" >&2
  fi
  echo "Building $BASE (release) in $base_tree…" >&2
  (cd "$base_tree" && swift build "${release[@]}" --product atrium >&2)
  export BASE_BIN="$(cd "$base_tree" && swift build "${release[@]}" --show-bin-path)"
fi

eval "$(bash Tests/throwaway-postgres.sh start)"
trap 'bash Tests/throwaway-postgres.sh stop "$ATRIUM_TEST_POSTGRES_DIR"' EXIT
# The report goes to a file of its own as well as to the terminal: Documentation/benchmark-report.md
# for a whole run, Documentation/benchmark-report-ONLY.md for a part (REPORT=path for another).
report="${REPORT:-Documentation/benchmark-report${ONLY:+-$ONLY}.md}"
{
  echo "# Benchmark report"
  echo
  echo "Written by \`${ONLY:+ONLY=$ONLY }bash Tests/Benchmarks/run.sh\` on $(date -u +%Y-%m-%d) at $(git rev-parse --short HEAD), on $(nproc) cores."
  echo
  python3 Tests/Benchmarks/bench.py "$bin"
} | tee "$report"
echo "The report is in $report." >&2
