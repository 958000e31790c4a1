#!/usr/bin/env python3
"""Fails when Swift code that exists only on Linux is written where every platform the package
declares (Linux, macOS, iOS) compiles it: the package names macOS and iOS, so such code must sit
inside an `#if canImport(Glibc)` or `#if os(Linux)` block (in its first branch, not an `#else`).

The spellings it looks for, in code (comments are skipped; string literals are read, since a path
is written in one):
  - `import Glibc`           the C library's module on Linux (Darwin's is `Darwin`)
  - `Glibc.`                 a name qualified by that module (`Glibc.close`, `Glibc.exit`)
  - `/proc/`                 the Linux process file system (no such folder on macOS or iOS)

Usage: check-platform-guards.py [REPOSITORY_ROOT]"""

import importlib.util
import re
import sys
from pathlib import Path

SPELLINGS = {
    "import Glibc": re.compile(r"^[ \t]*(?:@\w+(?:\([^)]*\))?\s+)*import\s+Glibc\b", re.MULTILINE),
    "Glibc.": re.compile(r"\bGlibc\."),
    "/proc/": re.compile(r"/proc/"),
}
# Conditions under which Linux-only code may be written.
GUARDS = re.compile(r"canImport\(\s*Glibc\s*\)|os\(\s*Linux\s*\)")
CONDITION = re.compile(r"^[ \t]*#(if|elseif|else|endif)\b(.*)$")
FOLDERS = ("Sources", "Modules", "Tests")


_SPEC = importlib.util.spec_from_file_location("imports", Path(__file__).resolve().parent / "check-module-imports.py")
_IMPORTS = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_IMPORTS)


def without_comments(text: str) -> str:
    """The text with comments blanked out (string literals kept), line breaks kept: the module check's reading."""
    return _IMPORTS.code_only(text, keep_strings=True)


def violations(root: Path) -> list[str]:
    found = []
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*.swift")):
            if ".build" in path.parts:
                continue
            lines = without_comments(path.read_text(errors="replace")).split("\n")
            # For each open #if: whether the branch now read is one a Linux guard makes true.
            guarded = []
            for number, line in enumerate(lines, 1):
                match = CONDITION.match(line)
                if match:
                    kind, condition = match.group(1), match.group(2)
                    if kind == "if":
                        guarded.append(bool(GUARDS.search(condition)) and "!" not in condition)
                    elif kind == "elseif" and guarded:
                        guarded[-1] = bool(GUARDS.search(condition)) and "!" not in condition
                    elif kind == "else" and guarded:
                        guarded[-1] = False
                    elif kind == "endif" and guarded:
                        guarded.pop()
                    continue
                if any(guarded):
                    continue
                for spelling, pattern in SPELLINGS.items():
                    if pattern.search(line):
                        found.append(
                            f"{path.relative_to(root)}:{number}: `{spelling}` outside `#if canImport(Glibc)` or `#if os(Linux)`: "
                            "the package also builds for macOS and iOS")
    return found


def main() -> int:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
    found = violations(root)
    for line in found:
        print(line, file=sys.stderr)
    if found:
        print(f"{len(found)} line(s) of Linux-only code unguarded (looked for: {', '.join(SPELLINGS)}).", file=sys.stderr)
        return 1
    print(f"Linux-only code is guarded everywhere (looked for: {', '.join(SPELLINGS)}).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
