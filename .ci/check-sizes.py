#!/usr/bin/env python3
"""Fails when a unit of the code has grown past what a reader takes in at once: a host target over
3,000 lines, a Swift file over 400, a function (or initialiser, or accessor block of a computed
property) over 80, counting from the line of its declaration to its closing brace. Generated code
is not read (it lives under .build). Prints each target's lines, biggest first, as Documentation/architecture.md's
architecture table shows them.
Usage: check-sizes.py [REPOSITORY_ROOT] [--report]"""

import importlib.util
import re
import sys
from pathlib import Path

MOST_TARGET_LINES = 3000
MOST_FILE_LINES = 400
MOST_FUNCTION_LINES = 80
FOLDERS = ("Sources", "Modules", "Tests")
# A declaration whose body is a function's: `func`, `init`, `deinit`, `subscript`, and a computed
# property's accessors (`var name: Type {`).
DECLARATION = re.compile(
    r"^[ \t]*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|open|static|class|final|override|"
    r"mutating|nonisolated|convenience|required|dynamic|lazy)\s+)*"
    r"(?P<kind>func\s+[^\s(<]+|init[?!]?|deinit|subscript|var\s+\w+\s*:[^=]*?)\s*(?:[(<{]|$)")


def host_targets(root: Path) -> list[str]:
    spec = importlib.util.spec_from_file_location("layers", root / ".ci" / "check-host-layers.py")
    layers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(layers)
    return list(layers.LAYERS)


def code_only(root: Path):
    spec = importlib.util.spec_from_file_location("imports", root / ".ci" / "check-module-imports.py")
    imports = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(imports)
    return imports.code_only


def long_functions(code: str) -> list[tuple[int, int, str]]:
    """(first line, lines, name) of each function-like body in `code` (comments and strings blanked)."""
    lines = code.split("\n")
    # Where each line starts, to turn offsets into line numbers.
    found = []
    for number, line in enumerate(lines, 1):
        match = DECLARATION.match(line)
        if not match:
            continue
        # The body's opening brace: the first `{` from the declaration on, before a line that
        # ends the declaration without one (a protocol requirement, a stored property).
        depth_paren = 0
        start = None
        for index in range(number - 1, min(number + 12, len(lines))):
            text = lines[index] if index != number - 1 else line[match.start("kind"):]
            for offset, char in enumerate(text):
                if char in "([":
                    depth_paren += 1
                elif char in ")]":
                    depth_paren -= 1
                elif char == "{" and depth_paren == 0:
                    start = (index, offset)
                    break
            if start:
                break
            stripped = text.strip()
            if depth_paren == 0 and index > number - 1 and (stripped == "" or stripped.startswith(("func ", "var ", "let ", "}"))):
                break
        if not start:
            continue
        depth = 0
        for index in range(start[0], len(lines)):
            text = lines[index][start[1]:] if index == start[0] else lines[index]
            for char in text:
                if char == "{":
                    depth += 1
                elif char == "}":
                    depth -= 1
                    if depth == 0:
                        found.append((number, index + 2 - number, match.group("kind").split(":")[0].strip()))
                        break
            if depth == 0:
                break
    return found


def main() -> int:
    arguments = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    root = Path(arguments[0]) if arguments else Path(__file__).resolve().parents[1]
    strip = code_only(root)
    problems = []
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*.swift")):
            if ".build" in path.parts:
                continue
            text = path.read_text()
            count = text.count("\n")
            where = path.relative_to(root)
            if count > MOST_FILE_LINES:
                problems.append(f"{where}: {count} lines, more than {MOST_FILE_LINES}: split it along what its parts do")
            for first, length, name in long_functions(strip(text)):
                if length > MOST_FUNCTION_LINES:
                    problems.append(f"{where}:{first}: {name} is {length} lines, more than {MOST_FUNCTION_LINES}: give its steps names of their own")
    sizes = []
    for target in host_targets(root):
        lines = sum(path.read_text().count("\n") for path in (root / "Sources" / target).rglob("*.swift"))
        sizes.append((lines, target))
        if lines > MOST_TARGET_LINES:
            problems.append(f"Sources/{target}: {lines} lines, more than {MOST_TARGET_LINES}: split it along what its parts do")
    if "--report" in sys.argv:
        for lines, target in sorted(sizes, reverse=True):
            print(f"{target}\t{lines}")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
