"""The CI checks that keep the package honest about what it builds on: Linux-only code is guarded
for the other platforms the package names, every import is declared in Package.swift, and every
scene action route has a scene test."""

import json
import os
import subprocess
import sys
from pathlib import Path

from test_module_imports import tree

ROOT = Path(__file__).resolve().parents[2]


def run(script: str, root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / ".ci" / script), str(root)], capture_output=True, text=True)


def test_linux_only_code_outside_a_guard_fails_and_inside_one_passes(tmp_path):
    root = tree(tmp_path, {
        "Sources/A/Lock.swift": "import Foundation\nimport Glibc\nfunc f() { Glibc.close(3) }\nlet exe = \"/proc/self/exe\"\n",
        "Sources/B/Fine.swift": (
            "#if canImport(Glibc)\n    import Glibc\n    func f() { Glibc.close(3) }\n#elseif canImport(Darwin)\n    import Darwin\n#endif\n"
            "#if os(Linux)\nlet exe = \"/proc/self/exe\"\n#else\nlet exe = \"\"\n#endif\n// Glibc.close and /proc/ in a comment\n"),
        "Tests/C/Else.swift": "#if !canImport(Glibc)\nimport Glibc\n#endif\n#if canImport(Glibc)\n#else\nlet p = \"/proc/1\"\n#endif\n",
    })
    result = run("check-platform-guards.py", root)
    assert result.returncode == 1
    lines = sorted(line.split(":")[0] + ":" + line.split(":")[1] for line in result.stderr.splitlines() if ".swift:" in line)
    assert lines == ["Sources/A/Lock.swift:2", "Sources/A/Lock.swift:3", "Sources/A/Lock.swift:4", "Tests/C/Else.swift:2",
                     "Tests/C/Else.swift:6"], result.stderr
    assert "import Glibc, Glibc., /proc/" in result.stderr, "it lists the spellings it looks for"


def test_the_repository_guards_its_linux_only_code():
    result = run("check-platform-guards.py", ROOT)
    assert result.returncode == 0, result.stderr


def test_an_import_the_manifest_does_not_declare_fails(tmp_path):
    root = tree(tmp_path, {
        "Package.swift": (
            "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [\n"
            "  .target(name: \"Low\"), .target(name: \"Middle\", dependencies: [\"Low\"]),\n"
            "  .target(name: \"Top\", dependencies: [\"Middle\"]),\n])\n"),
        "Sources/Low/Low.swift": "import Foundation\n",
        "Sources/Middle/Middle.swift": "import Low\n",
        # Top builds (Low comes with Middle), but says nothing of Low.
        "Sources/Top/Top.swift": "import Middle\nimport Low\n",
    })
    spec_path = ROOT / ".ci" / "check-host-layers.py"
    import importlib.util
    spec = importlib.util.spec_from_file_location("layers", spec_path)
    layers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(layers)
    imports_spec = importlib.util.spec_from_file_location("imports", ROOT / ".ci" / "check-module-imports.py")
    imports = importlib.util.module_from_spec(imports_spec)
    imports_spec.loader.exec_module(imports)
    problems = layers.undeclared_imports(root, imports)
    assert problems == ["Sources/Top/Top.swift:2: Top imports Low, which its entry in Package.swift does not declare"], problems


def test_an_action_route_no_scene_test_submits_fails_the_scene_coverage_check(tmp_path):
    atrium = Path(os.environ.get("ATRIUM_BINARY", ROOT / ".build" / "debug" / "atrium"))
    check = [sys.executable, str(ROOT / ".ci" / "check-scene-coverage.py")]
    described = subprocess.run([str(atrium), "describe", "--json", "--config", str(ROOT / "Configuration" / "atrium.yaml")],
                               capture_output=True, text=True, cwd=ROOT, check=True)
    actions = sorted(f"{route['method']} {route['pattern']}" for route in json.loads(described.stdout)["routes"]
                     if "scene" in route and route["method"] != "GET")
    assert "POST /pilot/register" in actions
    every = tmp_path / "every.txt"
    every.write_text("\n".join(actions) + "\n")
    assert subprocess.run(check + [str(every), str(atrium)], capture_output=True, text=True).returncode == 0
    missing = tmp_path / "missing.txt"
    missing.write_text("\n".join(line for line in actions if line != "POST /pilot/register") + "\n")
    result = subprocess.run(check + [str(missing), str(atrium)], capture_output=True, text=True)
    assert result.returncode == 1
    assert "POST /pilot/register (pilot, scene pilot.registration): no scene test submits it" in result.stderr, result.stderr


def test_a_link_to_no_file_or_no_heading_fails_the_link_check(tmp_path):
    (tmp_path / "Documentation").mkdir()
    (tmp_path / "Documentation" / "guide.md").write_text("# Guide\n\n## Running it twice\n\n## Running it twice\n")
    readme = tmp_path / "README.md"
    readme.write_text("[ok](Documentation/guide.md#running-it-twice-1) `[code](nowhere.md)`\n```\n[fenced](nowhere.md)\n```\n")
    check = [sys.executable, str(ROOT / ".ci" / "check-links.py"), str(tmp_path)]
    passed = subprocess.run(check, capture_output=True, text=True)
    assert passed.returncode == 0, passed.stderr
    readme.write_text("[gone](Documentation/gone.md) and [no heading](Documentation/guide.md#running) [web](https://example.com/x)\n")
    failed = subprocess.run(check, capture_output=True, text=True)
    assert failed.returncode == 1
    assert "README.md: (Documentation/gone.md) leads to no file" in failed.stderr, failed.stderr
    assert "README.md: (Documentation/guide.md#running) names no heading of Documentation/guide.md" in failed.stderr, failed.stderr
    assert "example.com" not in failed.stderr


def test_the_repositorys_links_lead_somewhere():
    result = subprocess.run([sys.executable, str(ROOT / ".ci" / "check-links.py")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
