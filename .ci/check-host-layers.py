#!/usr/bin/env python3
"""Fails when a host target imports another host target it must not, naming both: the host's
layers depend one way (README, "Architecture"). Also fails on a host target over 4,000 lines, and
on a `public` declaration in a host target (host targets share through `package` access; `public`
is for what module teams use, in the SDK and the test kit).
Usage: check-host-layers.py [REPOSITORY_ROOT]"""

import importlib.util
import re
import sys
from pathlib import Path

# Each host target and the host targets it may import (and nothing above it).
LAYERS = {
    "AtriumObservability": set(),
    "AtriumStorage": {"AtriumObservability"},
    "AtriumEvents": {"AtriumObservability", "AtriumStorage"},
    "AtriumConfiguration": set(),
    "AtriumRendering": set(),
    "AtriumRuntime": {"AtriumObservability", "AtriumStorage", "AtriumEvents", "AtriumConfiguration", "AtriumRendering"},
    "AtriumSchemas": {"AtriumObservability", "AtriumStorage", "AtriumEvents", "AtriumConfiguration", "AtriumRendering", "AtriumRuntime"},
    "AtriumHTTP": {
        "AtriumObservability", "AtriumStorage", "AtriumEvents", "AtriumConfiguration", "AtriumRendering", "AtriumRuntime", "AtriumSchemas",
    },
    "AtriumLive": {
        "AtriumObservability", "AtriumStorage", "AtriumEvents", "AtriumConfiguration", "AtriumRendering", "AtriumRuntime", "AtriumSchemas",
        "AtriumHTTP",
    },
    "AtriumHost": {
        "AtriumObservability", "AtriumStorage", "AtriumEvents", "AtriumConfiguration", "AtriumRendering", "AtriumRuntime", "AtriumSchemas",
        "AtriumHTTP", "AtriumLive",
    },
}
MOST_LINES = 4000


def main() -> int:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("imports", root / ".ci" / "check-module-imports.py")
    imports = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(imports)
    problems = []
    for target, allowed in LAYERS.items():
        folder = root / "Sources" / target
        if not folder.is_dir():
            problems.append(f"Sources/{target}: the host target is missing (update .ci/check-host-layers.py with the README)")
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
