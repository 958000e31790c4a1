#!/usr/bin/env python3
"""Fails when the native client kit (Sources/AtriumClient) could not build for iOS as for Linux:
an import of anything but Foundation, FoundationNetworking imported outside
`#if canImport(FoundationNetworking)`, or a dependency of the target in Package.swift (the kit
knows the host only through its documents: no host code, no package an app would not have).
Usage: check-client-imports.py [REPOSITORY_ROOT]"""

import re
import sys
from pathlib import Path

root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
IMPORT = re.compile(
    r"^[ \t]*((?:@[A-Za-z_]\w*(?:[ \t]*\([^)]*\))?\s+)*)"
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE,
)
CONDITION = re.compile(r"^[ \t]*#(if|elseif|else|endif)\b(.*)$")

problems = []
sources = sorted((root / "Sources" / "AtriumClient").rglob("*.swift"))
if not sources:
    problems.append("Sources/AtriumClient has no Swift files")
for path in sources:
    text = path.read_text(encoding="utf-8")
    relative = path.relative_to(root)
    # The #if conditions around each line.
    stack = []
    conditions = []
    for line in text.split("\n"):
        match = CONDITION.match(line)
        if match:
            kind, rest = match.group(1), match.group(2).strip()
            if kind == "if":
                stack.append(rest)
            elif kind in ("elseif", "else") and stack:
                stack[-1] = "not " + stack[-1] + (" and " + rest if rest else "")
            elif kind == "endif" and stack:
                stack.pop()
        conditions.append(list(stack))
    for match in IMPORT.finditer(text):
        name = match.group(2)
        line = text.count("\n", 0, match.start(2)) + 1
        if line > 0 and text.split("\n")[line - 1].lstrip().startswith("//"):
            continue
        around = conditions[line - 1]
        if name == "Foundation" and not match.group(1).strip():
            continue
        if name == "FoundationNetworking" and around and around[-1] == "canImport(FoundationNetworking)":
            continue
        if name == "FoundationNetworking":
            problems.append(f"{relative}:{line}: FoundationNetworking only under #if canImport(FoundationNetworking) (it does not exist on iOS)")
        else:
            problems.append(f"{relative}:{line}: imports {match.group(1)}{name}: the client kit imports Foundation only, so it builds for iOS")

package = (root / "Package.swift").read_text(encoding="utf-8")
declaration = re.search(r"\.target\(\s*name:\s*\"AtriumClient\"\s*(,[^)]*)?\)", package)
if not declaration:
    problems.append("Package.swift: no `.target(name: \"AtriumClient\")`")
elif declaration.group(1) and "dependencies" in declaration.group(1):
    problems.append("Package.swift: the AtriumClient target has dependencies: it must build with Foundation alone")

for problem in problems:
    print(problem, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"the client kit imports Foundation only ({len(sources)} files)")
