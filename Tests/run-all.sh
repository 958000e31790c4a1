#!/usr/bin/env bash
# Runs every test of Atrium: the Swift tests (SDK, host, test kit, every module under Modules/) and
# the end-to-end tests in a real browser. Installs what it needs first: Debian's chromium and
# chromium-driver (apt-get) and selenium and pytest (pip).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
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

swift build --build-tests
swift test --skip-build
python3 -m pytest -q -p no:cacheprovider Tests/Tooling Tests/Browser
