#!/usr/bin/env bash
# Runs every test of Atrium: the Swift tests (SDK, host, test kit, every module under Modules/) on
# SQLite and again on PostgreSQL, and the end-to-end tests in a real browser and behind nginx.
# Installs and starts what it needs first: Debian's chromium, chromium-driver and nginx (apt-get),
# selenium, pytest, gbfs-validator and axe-core (pip), oidc-provider-mock and schemathesis (venvs of their
# own), and a throwaway PostgreSQL server (Tests/throwaway-postgres.sh), stopped and deleted when
# the run ends.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} for the browser tests…"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if ! python3 -c "import selenium, pytest" >/dev/null 2>&1; then
  echo "Installing selenium and pytest for the browser tests…"
  python3 -m pip install -q "selenium>=4.20" "pytest>=8"
fi
# MobilityData's GBFS rules, in pure Python, for the sandbox feed's test.
if ! python3 -c "import gbfs_validator" >/dev/null 2>&1; then
  echo "Installing gbfs-validator for the feed test…"
  python3 -m pip install -q "gbfs-validator>=0.1"
fi

# OpenTelemetry's protobuf messages, to decode what the host exports in the tracing test's
# OTLP/HTTP receiver (Tests/Tooling/test_tracing.py).
if ! python3 -c "from opentelemetry.proto.collector.trace.v1 import trace_service_pb2" >/dev/null 2>&1; then
  echo "Installing opentelemetry-proto for the tracing test…"
  python3 -m pip install -q "opentelemetry-proto==1.45.2"
fi

# axe-core 4.x for the accessibility walk (Tests/Browser/test_every_page.py): the axe.min.js that
# axe-playwright-python ships, injected into the Selenium page; its Playwright dependency is not needed.
if ! python3 -c "import importlib.util, sys; sys.exit(0 if importlib.util.find_spec('axe_playwright_python') else 1)"; then
  echo "Installing axe-core (axe-playwright-python 0.1.8) for the accessibility test…"
  python3 -m pip install -q --no-deps "axe-playwright-python==0.1.8"
fi

# A real OpenID provider for the single sign-on tests: oidc-provider-mock 0.4 needs Python 3.12 or
# later (pyenv's when the system's is older); 0.3.4 runs on 3.11. It lives in its own venv.
venv=.build/oidc-provider-venv
if [ ! -x "$venv/bin/oidc-provider-mock" ]; then
  echo "Installing oidc-provider-mock for the single sign-on tests…"
  python=""
  # A candidate counts only when it runs and is 3.12 or later (pyenv shims exist for versions
  # that are not selected, and fail when run).
  for candidate in python3.13 python3.12 /root/.pyenv/versions/3.13.0/bin/python3.13 /root/.pyenv/versions/3.12.1/bin/python3.12 python3; do
    if "$candidate" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; then python="$candidate"; break; fi
  done
  rm -rf "$venv"
  if [ -n "$python" ]; then
    "$python" -m venv "$venv"
    "$venv/bin/pip" install -q "oidc-provider-mock>=0.4,<0.5"
  else
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "oidc-provider-mock==0.3.4"
  fi
fi
export OIDC_PROVIDER_MOCK="$PWD/$venv/bin/oidc-provider-mock"

# schemathesis and openapi-spec-validator for the OpenAPI document's test, in a venv of their own
# (their dependencies must not move the browser tests' or the feed validator's).
# Pinned: a new schemathesis release adds checks and changes generation, so a run's findings must
# come from the code, not from the day it was installed.
st_venv=.build/schemathesis-venv
schemathesis_version=4.32.5
if [ ! -x "$st_venv/bin/openapi-spec-validator" ] \
  || [ "$("$st_venv/bin/schemathesis" --version 2>/dev/null)" != "schemathesis, version $schemathesis_version" ]; then
  echo "Installing schemathesis $schemathesis_version and openapi-spec-validator for the OpenAPI test…"
  rm -rf "$st_venv"
  python3 -m venv "$st_venv"
  "$st_venv/bin/pip" install -q "schemathesis==$schemathesis_version" "openapi-spec-validator==0.9.0"
fi
export SCHEMATHESIS="$PWD/$st_venv/bin/schemathesis"

swift build --build-tests

# Swift Testing starts every test at once unless told otherwise: on a busy two-core CI machine a
# request of one test then waits behind hundreds of others, past deadlines that are not what its test
# is about (CI failed that way). Sixteen at a time is also faster here (13 s against 18 s).
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-16}"

eval "$(bash Tests/throwaway-postgres.sh start)"
trap 'bash Tests/throwaway-postgres.sh stop "$ATRIUM_TEST_POSTGRES_DIR"' EXIT

echo "== the module canvases under Documentation/canvas match the modules"
"$(swift build --show-bin-path)/atrium" canvas --check Documentation/canvas

echo "== Swift tests, hosts on SQLite (storage contract tests on both backends)"
# The scene tests note each action route they submit: every one must be (.ci/check-scene-coverage.py).
export ATRIUM_SCENE_COVERAGE="$(mktemp)"
swift test --skip-build
echo "== every scene action route has a scene test"
python3 .ci/check-scene-coverage.py "$ATRIUM_SCENE_COVERAGE"
unset ATRIUM_SCENE_COVERAGE
echo "== Swift tests, hosts on PostgreSQL"
ATRIUM_TEST_STORAGE=postgres swift test --skip-build
python3 -m pytest -q -p no:cacheprovider Tests/Tooling Tests/Browser
