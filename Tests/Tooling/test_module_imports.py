"""The CI check that keeps modules from importing each other."""

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / ".ci" / "check-module-imports.py"


def tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def run(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), str(root)], capture_output=True, text=True)


def test_a_module_importing_another_module_fails(tmp_path):
    root = tree(tmp_path, {
        "Modules/Cookbook/Sources/Discover.swift": "import AtriumSDK\nimport Foundation\n",
        "Modules/Pilot/Sources/Presentation/View.swift": "import AtriumSDK\n@testable import Cookbook\n",
        "Modules/Pilot/Tests/PilotTests.swift": "public import struct Cookbook.Recipe\n",
    })
    result = run(root)
    assert result.returncode == 1
    assert "Modules/Pilot/Sources/Presentation/View.swift:2: module 'Pilot' imports module 'Cookbook'" in result.stderr
    assert "Modules/Pilot/Tests/PilotTests.swift:1" in result.stderr


def test_modules_that_import_only_the_sdk_pass(tmp_path):
    root = tree(tmp_path, {
        "Modules/Cookbook/Sources/Discover.swift": "import AtriumSDK\n// import Pilot is only a comment\n",
        "Modules/Pilot/Sources/Pilot.swift": "import Foundation\nimport AtriumSDK\n",
    })
    result = run(root)
    assert result.returncode == 0, result.stderr


def test_a_module_reaching_into_the_host_or_another_library_fails(tmp_path):
    root = tree(tmp_path, {
        "Modules/Pilot/Sources/Pilot.swift": "@_spi(AtriumHost) import AtriumSDK\nimport Hummingbird\n",
        "Modules/Pilot/Tests/PilotTests.swift": "@_spi(AtriumHost) import AtriumSDK\nimport AtriumTestKit\n",
    })
    result = run(root)
    assert result.returncode == 1
    assert "Modules/Pilot/Sources/Pilot.swift:1: module 'Pilot' imports the host's side of the SDK (@_spi)" in result.stderr
    assert "Modules/Pilot/Sources/Pilot.swift:2: module 'Pilot' imports 'Hummingbird'" in result.stderr
    assert "PilotTests.swift" not in result.stderr, "tests may use the test kit and the host"


def test_an_spi_import_is_refused_however_it_is_written(tmp_path):
    """Found by trying to break the check: `@preconcurrency @_spi(AtriumHost) import AtriumSDK`
    passed, and so did `@_spi(AtriumHost)` alone on the line above the import."""
    root = tree(tmp_path, {
        "Modules/Pilot/Sources/A.swift": "@preconcurrency @_spi(AtriumHost) import AtriumSDK\n",
        "Modules/Pilot/Sources/B.swift": "import Foundation\n@_spi(AtriumHost)\nimport AtriumSDK\n",
        "Modules/Pilot/Sources/C.swift": "@_spi(AtriumHost)\n  @preconcurrency\n\n  public import AtriumSDK\n",
        "Modules/Pilot/Sources/D.swift": "@_spiOnly import AtriumSDK\n@_private(sourceFile: \"x.swift\") import AtriumSDK\n",
        "Modules/Pilot/Sources/Fine.swift": "// @_spi(AtriumHost)\nimport AtriumSDK\nlet text = \"@_spi(AtriumHost) import AtriumSDK\"\n/* import Cookbook */\n",
        "Modules/Cookbook/Sources/Cookbook.swift": "import AtriumSDK\n",
    })
    result = run(root)
    assert result.returncode == 1
    for place in ["A.swift:1", "B.swift:3", "C.swift:4", "D.swift:1", "D.swift:2"]:
        assert f"Modules/Pilot/Sources/{place}: module 'Pilot' imports the host's side of the SDK (@_spi)" in result.stderr, (place, result.stderr)
    assert "Fine.swift" not in result.stderr


def test_this_repository_passes():
    assert run(ROOT).returncode == 0
