#!/usr/bin/env python3
"""Every action route of every module is exercised by a scene test: reads the routes `atrium
describe --json` lists for the shipped configuration, and the action routes the scene tests
submitted (the test kit appends `METHOD pattern` to the file `ATRIUM_SCENE_COVERAGE` names; run-all.sh
sets it for the Swift tests), and fails naming each scene action route no scene test submitted.

Usage: python3 .ci/check-scene-coverage.py COVERAGE_FILE [ATRIUM_BINARY]"""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Action routes allowed to have no scene test yet, each with why: none. A route listed here that a
# test submits, or that is no route any more, fails the check too, so the list only shrinks.
NOT_YET: set[str] = set()


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    covered = set(Path(sys.argv[1]).read_text().splitlines()) if Path(sys.argv[1]).exists() else set()
    binary = sys.argv[2] if len(sys.argv) > 2 else str(ROOT / ".build" / "debug" / "atrium")
    described = subprocess.run(
        [binary, "describe", "--json", "--config", str(ROOT / "Configuration" / "atrium.yaml")],
        capture_output=True, text=True, cwd=ROOT, check=True)
    routes = json.loads(described.stdout)["routes"]
    actions = {f"{route['method']} {route['pattern']}": route for route in routes if "scene" in route and route["method"] != "GET"}
    problems = []
    for line, route in sorted(actions.items()):
        if line not in covered and line not in NOT_YET:
            problems.append(f"{line} ({route['module']}, scene {route['scene']}): no scene test submits it; "
                            f"add one with SceneTest.submit({route.get('sceneType', 'TheScene')}.<route>, form:) in Modules/*/Tests/Scenes")
    for line in sorted(NOT_YET & covered):
        problems.append(f"{line} has a scene test now: remove it from NOT_YET in .ci/check-scene-coverage.py")
    for line in sorted(NOT_YET - set(actions)):
        problems.append(f"{line} is no route any more: remove it from NOT_YET in .ci/check-scene-coverage.py")
    waiting = len(NOT_YET & set(actions))
    print(f"{len(actions)} scene action routes: {len(set(actions) & covered)} submitted by a scene test, {waiting} not yet (listed)")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
