"""The repository explains itself: no tracked file points a reader to a document that only the
project's authors have (the content spec, the design notes or the rule texts kept beside the
repository), and every ruling the engine cites ("R8") is stated in docs/rulings.md.

Rulings live in docs/rulings.md, the architecture in docs/design.md, content formats and the
base game's tables in docs/authoring.md; the rulebook is cited by its section names."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
THIS = Path(__file__).resolve().relative_to(ROOT).as_posix()
CHECKED = ["engine", "plugins", "content", "docs", "schemas", "tests", "benchmarks", "README.md"]

# documents outside the repository, by the names and paths they were cited by
OUTSIDE = re.compile(r"content-data\.md|odyssey-content|shared/rules|\.\./shared")
# any path ending in design.md; only docs/design.md (or design.md beside it, in docs/) exists
DESIGN = re.compile(r"([\w./-]*)(?<![\w-])design\.md")
RULING = re.compile(r"\bR(\d+)\b")
RULING_HEADING = re.compile(r"^#{2,6} R(\d+)\b", re.MULTILINE)


def tracked_files() -> list[str]:
    """The tracked files under the checked paths (skips outside a git checkout, e.g. an sdist)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    out = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--", *CHECKED],
                         capture_output=True, check=True).stdout
    return [name for name in out.decode("utf-8").split("\0") if name]


def read(name: str) -> str:
    return (ROOT / name).read_bytes().decode("utf-8", errors="replace")


def outside_references(name: str, text: str) -> list[str]:
    """``file:line: citation`` for every citation of a document outside the repository."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for m in OUTSIDE.finditer(line):
            found.append(f"{name}:{number}: {m.group(0)}")
        for m in DESIGN.finditer(line):
            prefix = m.group(1)
            if prefix.endswith("docs/") or (prefix == "" and name.startswith("docs/")):
                continue
            found.append(f"{name}:{number}: {m.group(0)}")
    return found


def test_no_tracked_file_cites_a_document_outside_the_repository():
    found = []
    for name in tracked_files():
        if name == THIS or not (ROOT / name).is_file():
            continue
        found.extend(outside_references(name, read(name)))
    assert not found, ("cite docs/rulings.md, docs/design.md, docs/authoring.md or the rulebook "
                       "by section name instead:\n" + "\n".join(found))


def test_the_check_finds_what_it_should():
    assert outside_references("engine/x.py", "see content-data.md 2.6 and ../shared/design.md")
    assert outside_references("tests/x.py", "(design.md, layer 4)")
    assert outside_references("docs/x.md", "see ../design.md")
    assert not outside_references("engine/x.py", "see docs/design.md and docs/rulings.md")
    assert not outside_references("docs/x.md", "see [design.md](design.md)")


def rulings() -> list[int]:
    return [int(n) for n in RULING_HEADING.findall(read("docs/rulings.md"))]


def test_rulings_md_states_r1_to_r40_once_each():
    numbers = rulings()
    assert sorted(numbers) == list(range(1, 41)), numbers


def test_every_ruling_the_engine_cites_is_in_rulings_md():
    stated = set(rulings())
    missing = []
    for name in tracked_files():
        if not name.startswith("engine/") or not (ROOT / name).is_file():
            continue
        for number, line in enumerate(read(name).splitlines(), 1):
            missing.extend(f"{name}:{number}: R{n}" for n in RULING.findall(line)
                           if int(n) not in stated)
    assert not missing, "rulings cited but not stated in docs/rulings.md:\n" + "\n".join(missing)
