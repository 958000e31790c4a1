#!/usr/bin/env python3
"""Every link between the README and the documents under Documentation/ leads somewhere: each
relative link (outside code) names a file that exists and, with a `#fragment`, a heading of that
Markdown file (GitHub's anchors: lower case, punctuation dropped, spaces as hyphens, a repeated
heading numbered). Web addresses are not fetched. Usage: check-links.py [ROOT]; exits 1 naming each
broken link."""

import re
import sys
from pathlib import Path

ROOT = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def prose(text):
    """The text outside fenced code blocks and code spans."""
    kept, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            kept.append(re.sub(r"`[^`]*`", "", line))
    return kept


def anchors(path):
    found, seen = set(), {}
    fenced = False
    for line in path.read_text().splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        match = re.match(r"^#{1,6} (.+?)\s*#*\s*$", line)
        if fenced or not match:
            continue
        anchor = re.sub(r"[^\w\- ]", "", match.group(1).strip().lower()).replace(" ", "-")
        count = seen.get(anchor, 0)
        seen[anchor] = count + 1
        found.add(anchor if count == 0 else f"{anchor}-{count}")
    return found


def broken_links(root):
    problems = []
    documents = [root / "README.md"] + sorted((root / "Documentation").rglob("*.md"))
    for document in documents:
        for line in prose(document.read_text()):
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target):
                    continue
                path_part, _, fragment = target.partition("#")
                path = (document.parent / path_part).resolve() if path_part else document
                where = f"{document.relative_to(root)}: ({target})"
                if not path.exists():
                    problems.append(f"{where} leads to no file")
                elif fragment and path.suffix == ".md" and fragment not in anchors(path):
                    problems.append(f"{where} names no heading of {path.relative_to(root)}")
    return problems, len(documents)


if __name__ == "__main__":
    problems, count = broken_links(ROOT)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"Every link of {count} documents leads somewhere.")
