#!/usr/bin/env python3
"""Fails when a Swift file under Modules/A imports the module of Modules/B (modules meet only
through the SDK: capabilities and route names), when a module's sources import anything but the SDK
and the standard libraries, or reach into the host's side of the SDK with @_spi.
Usage: check-module-imports.py [REPOSITORY_ROOT]"""

import re
import sys
from pathlib import Path

# What a module's sources may import: the SDK, the contracts modules share, Foundation, swift-log
# (which the SDK's API uses) and the standard library's own modules.
ALLOWED = {"AtriumSDK", "AtriumContracts", "Foundation", "FoundationEssentials", "Logging", "Synchronization", "Dispatch", "_Concurrency"}
# An import declaration with whatever attributes come before it, on its line or the lines above
# (`@_spi(AtriumHost)` alone on a line, then `import AtriumSDK`, is one declaration).
IMPORT = re.compile(
    r"^[ \t]*((?:@[A-Za-z_]\w*(?:[ \t]*\([^)]*\))?\s+)*)"
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE,
)
# Attributes that reach past a module's public API: the host's side of the SDK, or private names.
REACHING = re.compile(r"@(?:_spi|_spiOnly|_private)\b")


def code_only(text: str, keep_strings: bool = False) -> str:
    """The text with comments and string literals blanked out (line breaks kept, so line numbers
    stay true): `// import Pilot` and `"import Pilot"` are not imports. With `keep_strings`, only
    comments are blanked (a path is written in a string)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("".join(c if c == "\n" else " " for c in text[i:j]))
            i = j
        elif text.startswith('"""', i):
            end = text.find('"""', i + 3)
            end = n if end < 0 else end + 3
            out.append(text[i:end] if keep_strings else "".join(c if c == "\n" else " " for c in text[i:end]))
            i = end
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:min(j + 1, n)] if keep_strings else " " * (min(j + 1, n) - i))
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def violations(root: Path) -> list[str]:
    modules_folder = root / "Modules"
    if not modules_folder.is_dir():
        return []
    modules = sorted(path.name for path in modules_folder.iterdir() if (path / "Sources").is_dir())
    found = []
    for module in modules:
        for source in sorted((modules_folder / module).rglob("*.swift")):
            text = code_only(source.read_text(errors="replace"))
            is_source = source.is_relative_to(modules_folder / module / "Sources")
            for match in IMPORT.finditer(text):
                number = text.count("\n", 0, match.start(2)) + 1
                place = f"{source.relative_to(root)}:{number}"
                imported = match.group(2)
                if imported in modules and imported != module:
                    found.append(f"{place}: module '{module}' imports module '{imported}'; use an SDK capability or a route name instead")
                    continue
                if is_source and REACHING.search(match.group(1)):
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
