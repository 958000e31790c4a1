#!/usr/bin/env python3
"""Fails when a host target imports another host target it must not, naming both: the host's
layers depend one way (Documentation/architecture.md). Also fails on a host target over 4,000 lines, and
on a `public` declaration in a host target (host targets share through `package` access; `public`
is for what module teams use, in the SDK and the test kit).

It reads Package.swift too (`swift package dump-package`) and fails on an import any target of the
package makes without declaring it (another target, or a product of a dependency): such a target
builds only through build order or through another target's dependencies, and breaks when they change.
Usage: check-host-layers.py [REPOSITORY_ROOT]"""

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

# Modules of the platform and the toolchain: imported without being declared.
TOOLCHAIN = {
    "Swift", "_Concurrency", "_StringProcessing", "Foundation", "FoundationEssentials", "FoundationInternationalization",
    "FoundationNetworking", "Dispatch", "Glibc", "Musl", "Darwin", "Synchronization", "RegexBuilder", "Observation", "XCTest",
    "Testing", "PackagePlugin",
}
# The products of dependencies that hold more than the module named like them.
PRODUCT_MODULES = {"Metrics": {"Metrics", "CoreMetrics"}}

# Each host target and the host targets it may import (and nothing above it), bottom up.
ORDER = [
    "AtriumSupport", "AtriumRecords", "AtriumObservability", "AtriumStorage", "AtriumPostgres", "AtriumEvents", "AtriumActions", "AtriumConfiguration", "AtriumLocalization",
    "AtriumRendering", "AtriumServices", "AtriumListener", "AtriumRuntime", "AtriumSchemas", "AtriumPages", "AtriumLive", "AtriumHTTP",
    "AtriumHost",
]
# The few that do not depend on everything below them: pure libraries, and the server under all.
INDEPENDENT = {
    "AtriumSupport": set(),
    "AtriumRecords": set(),
    "AtriumConfiguration": set(),
    "AtriumLocalization": {"AtriumSupport"},
    "AtriumRendering": {"AtriumSupport", "AtriumLocalization"},
    "AtriumListener": {"AtriumSupport", "AtriumObservability", "AtriumConfiguration"},
}
LAYERS = {target: INDEPENDENT.get(target, set(ORDER[:index])) for index, target in enumerate(ORDER)}
MOST_LINES = 3000


def undeclared_imports(root: Path, imports) -> list[str]:
    """An import of a module a target does not declare in Package.swift, for every Swift target."""
    manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, capture_output=True, text=True, check=True).stdout)
    problems = []
    for target in manifest["targets"]:
        if target["type"] == "plugin":
            continue
        declared = set()
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            declared |= PRODUCT_MODULES.get(value[0], {value[0]}) if kind == "product" else {value[0]}
        folder = root / (target.get("path") or (("Tests/" if target["type"] == "test" else "Sources/") + target["name"]))
        for path in sorted(folder.rglob("*.swift")):
            code = imports.code_only(path.read_text())
            for match in imports.IMPORT.finditer(code):
                imported = match.group(2)
                if imported in declared or imported in TOOLCHAIN or imported == target["name"]:
                    continue
                line = code.count("\n", 0, match.start(2)) + 1
                problems.append(
                    f"{path.relative_to(root)}:{line}: {target['name']} imports {imported}, which its entry in Package.swift does not declare")
    return problems


def main() -> int:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("imports", root / ".ci" / "check-module-imports.py")
    imports = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(imports)
    problems = undeclared_imports(root, imports)
    for target, allowed in LAYERS.items():
        folder = root / "Sources" / target
        if not folder.is_dir():
            problems.append(f"Sources/{target}: the host target is missing (update .ci/check-host-layers.py with Documentation/architecture.md)")
            continue
        lines = 0
        for path in sorted(folder.rglob("*.swift")):
            text = path.read_text()
            lines += text.count("\n")
            code = imports.code_only(text)
            for match in imports.IMPORT.finditer(code):
                imported = match.group(2)
                if imported in LAYERS and imported != target and imported not in allowed:
                    line = code.count("\n", 0, match.start()) + 1
                    problems.append(
                        f"{path.relative_to(root)}:{line}: {target} imports {imported}, which it must not "
                        f"({target} may import {', '.join(sorted(allowed)) or 'no other host target'})")
            for number, line in enumerate(code.split("\n"), 1):
                if re.match(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*public\s", line):
                    problems.append(f"{path.relative_to(root)}:{number}: a public declaration in {target}: share it with `package`")
        if lines > MOST_LINES:
            problems.append(f"Sources/{target}: {lines} lines, more than {MOST_LINES}: split it along what its parts do")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
