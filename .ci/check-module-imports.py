#!/usr/bin/env python3
"""Fails when a Swift file under Modules/A imports the module of Modules/B: modules meet only
through the SDK (capabilities and route names). Usage: check-module-imports.py [REPOSITORY_ROOT]"""

import re
import sys
from pathlib import Path

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
                if match and match.group(1) in modules and match.group(1) != module:
                    found.append(
                        f"{source.relative_to(root)}:{number}: module '{module}' imports module '{match.group(1)}'; "
                        "use an SDK capability or a route name instead"
                    )
    return found


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[1])
    found = violations(root)
    for line in found:
        print(line, file=sys.stderr)
    if found:
        print(f"{len(found)} cross-module import(s) found.", file=sys.stderr)
        return 1
    print("No module imports another module.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
