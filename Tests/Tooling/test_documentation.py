"""The DocC catalogs of the SDK, the shared contracts and the test kit: every public symbol has a
comment, and every code block of an article is taken from a real source file it names (so it
compiles as long as that file does: the block's first line is `// <path>`, and its lines appear in
that file, in order)."""

import glob
import json
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = ["Sources/AtriumSDK/AtriumSDK.docc", "Sources/AtriumContracts/AtriumContracts.docc", "Sources/AtriumTestKit/AtriumTestKit.docc"]
MODULES = ["AtriumSDK", "AtriumContracts", "AtriumTestKit"]
# Members whose documentation DocC takes from the protocol they implement.
INHERITED = {"==(_:_:)", "!=(_:_:)", "hash(into:)", "encode(to:)", "init(from:)", "description", "debugDescription", "hashValue",
             "init(stringLiteral:)", "init(extendedGraphemeClusterLiteral:)", "init(unicodeScalarLiteral:)", "init(stringInterpolation:)",
             "rawValue", "init(rawValue:)", "<(_:_:)", "errorDescription", "init(literalCapacity:interpolationCount:)", "appendLiteral(_:)"}


def code_blocks(article: Path):
    return re.findall(r"```swift\n(.*?)```", article.read_text(), re.S)


def test_every_article_code_block_is_taken_from_the_file_it_names():
    checked = 0
    for catalog in CATALOGS:
        for article in sorted((ROOT / catalog).glob("*.md")):
            for block in code_blocks(article):
                lines = [line.strip() for line in block.splitlines() if line.strip()]
                assert lines[0].startswith("// "), f"{article.name}: a code block that names no source:\n{block}"
                source = ROOT / lines[0][3:]
                assert source.is_file(), f"{article.name}: {source} does not exist"
                text = [line.strip() for line in source.read_text().splitlines()]
                position = 0
                for line in lines[1:]:
                    try:
                        position = text.index(line, position) + 1
                    except ValueError:
                        raise AssertionError(f"{article.name}: not in {lines[0][3:]} (in this order): {line}")
                checked += 1
    assert checked >= 12, f"only {checked} code blocks checked"


def test_every_public_symbol_is_documented():
    subprocess.run(["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public"], cwd=ROOT, check=True,
                   capture_output=True, timeout=1800)
    folder = next((ROOT / ".build").glob("*/symbolgraph"))
    missing, seen = [], 0
    for module in MODULES:
        for file in glob.glob(f"{folder}/{module}.symbols.json") + glob.glob(f"{folder}/{module}@*.symbols.json"):
            for symbol in json.load(open(file))["symbols"]:
                if "::SYNTHESIZED::" in symbol["identifier"]["precise"] or symbol.get("spi"):
                    continue
                seen += 1
                if not symbol.get("docComment") and symbol["pathComponents"][-1] not in INHERITED:
                    missing.append(f"{module}: {'.'.join(symbol['pathComponents'])}")
    assert seen > 500, f"only {seen} public symbols found"
    assert missing == [], "undocumented:\n" + "\n".join(sorted(missing))
