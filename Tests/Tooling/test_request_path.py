"""Documentation/request-path.md walks the code file by file: every file it names exists, and every
symbol it names (`Type`, `Type.member`, `Type.Nested.member`) is declared, so the page cannot fall
behind the code without this failing."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "Documentation" / "request-path.md"
# Names from the standard library and Swift itself, which the page names as such.
STANDARD = {"Decodable", "Encodable", "Hashable", "Codable", "Sendable"}
# HTTP's own names (headers).
HTTP = {"Accept"}
DECLARED = r"(?:struct|class|enum|protocol|typealias|actor|extension|func|var|let|case|init)\s+"


def swift_sources():
    for folder in ["Sources", "Modules", "Tests"]:
        yield from (ROOT / folder).rglob("*.swift")


def test_every_file_and_symbol_the_request_path_names_exists():
    text = PAGE.read_text()
    names = re.findall(r"`([^`\n]+)`", text)
    files = sorted({name for name in names if re.fullmatch(r"[\w.+/-]+\.(swift|py)", name) and "/" in name})
    symbols = sorted({name for name in names if re.fullmatch(r"[A-Z]\w*(\.[A-Za-z_]\w*)*", name)} - STANDARD - HTTP)
    # A target's name stands for its folder.
    missing = [f"target {name}" for name in symbols if name.startswith("Atrium") and "." not in name and not (ROOT / "Sources" / name).is_dir()]
    symbols = [name for name in symbols if not (name.startswith("Atrium") and "." not in name)]
    assert len(files) >= 40 and len(symbols) >= 40, (len(files), len(symbols))
    missing += [f"file {name}" for name in files if not (ROOT / name).is_file()]
    sources = {path: path.read_text() for path in swift_sources()}
    for symbol in symbols:
        parts = symbol.split(".")
        holders = [code for code in sources.values() if re.search(rf"\b{DECLARED}{parts[0]}\b", code)]
        if not holders:
            missing.append(f"symbol {symbol}: no declaration of {parts[0]}")
            continue
        # Each member is declared in a file that declares or extends the type, or mentions it.
        mentioning = [code for code in sources.values() if re.search(rf"\b{parts[0]}\b", code)]
        for member in parts[1:]:
            if not any(re.search(rf"\b{DECLARED}{member}\b|\b(?:func|init)\s*{member}\b", code) for code in mentioning):
                missing.append(f"symbol {symbol}: no declaration of {member}")
                break
    assert missing == [], "Documentation/request-path.md names what is gone:\n" + "\n".join(missing)
