#!/usr/bin/env python3
"""Fails when a Swift file under Modules/A imports the module of Modules/B (modules meet only
through the SDK: capabilities and route names), when a module's sources import anything but the SDK
and the standard libraries, or reach into the host's side of the SDK with @_spi.
Usage: check-module-imports.py [REPOSITORY_ROOT]"""

import re
import sys
from pathlib import Path

# What a module's sources may import: the SDK, Foundation, swift-log (which the SDK's API uses)
# and the standard library's own modules.
ALLOWED = {"AtriumSDK", "Foundation", "FoundationEssentials", "Logging", "Synchronization", "Dispatch", "_Concurrency"}
SPI = re.compile(r"^\s*@_spi\b")
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def violations(root: Path) -> list[str]:
    modules_folder = root / "Modules"
    if not modules_folder.is_dir():
        return []
    modules = sorted(path.name for path in modules_folder.iterdir() if (path / "Sources").is_dir())
    found = []
    for module in modules:
        for source in sorted((modules_folder / module).rglob("*.swift")):
            for number, line in enumerate(source.read_text(errors="replace").splitlines(), start=1):
                match = IMPORT.match(line)
                if not match:
                    continue
                place = f"{source.relative_to(root)}:{number}"
                imported = match.group(1)
                if imported in modules and imported != module:
                    found.append(f"{place}: module '{module}' imports module '{imported}'; use an SDK capability or a route name instead")
                    continue
                is_source = source.is_relative_to(modules_folder / module / "Sources")
                if is_source and SPI.match(line):
                    found.append(f"{place}: module '{module}' imports the host's side of the SDK (@_spi); use only its public API")
                elif is_source and imported not in ALLOWED and imported != module:
                    found.append(f"{place}: module '{module}' imports '{imported}'; a module's sources import only {', '.join(sorted(ALLOWED))}")
    return found


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[1])
    found = violations(root)
    for line in found:
        print(line, file=sys.stderr)
    if found:
        print(f"{len(found)} import(s) a module may not make.", file=sys.stderr)
        return 1
    print("No module imports another module, the host's side of the SDK, or anything but the SDK and the standard libraries.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
