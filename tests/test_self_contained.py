"""The repository explains itself: every document a tracked file cites (a name ending in .md or
.txt) is a file of the repository, so none points a reader to notes only the project's authors
have, every ruling the engine cites ("R8") is stated in docs/rulings.md, and every test the
code and docs cite (tests/test_x.py::test_y) exists.

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

# a cited document: a name ending in .md or .txt, with the path it was cited by
CITATION = re.compile(r"(?<![\w/.-])((?:\.\./|[\w.-]+/)*[\w-]+\.(?:md|txt))(?![\w/-])")
# names in the text that are no documents to read: packaging metadata, a user's own file in
# an example
NOT_DOCUMENTS = {"entry_points.txt", "notes.txt"}
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


def cited_exists(name: str, cited: str) -> bool:
    """Whether ``cited`` (as written in tracked file ``name``) is a file of this repository:
    relative to the citing file, to the repository, or in docs/; a bare file name may also be
    any tracked file of that name (a test's data file, say)."""
    if Path(cited).name in NOT_DOCUMENTS:
        return True
    for base in (ROOT / name).parent, ROOT, ROOT / "docs":
        found = (base / cited).resolve()
        if found.is_file() and ROOT in found.parents:
            return True
    return "/" not in cited and cited in _tracked_names()


def _tracked_names() -> set[str]:
    if not _NAMES:
        _NAMES.update(Path(n).name for n in tracked_files())
    return _NAMES


_NAMES: set[str] = set()


def outside_references(name: str, text: str) -> list[str]:
    """``file:line: citation`` for every document cited that the repository does not hold."""
    return [f"{name}:{number}: {m.group(1)}"
            for number, line in enumerate(text.splitlines(), 1)
            for m in CITATION.finditer(line) if not cited_exists(name, m.group(1))]


def test_no_tracked_file_cites_a_document_outside_the_repository():
    found = []
    for name in tracked_files():
        if name == THIS or not (ROOT / name).is_file():
            continue
        found.extend(outside_references(name, read(name)))
    assert not found, ("cite docs/rulings.md, docs/design.md, docs/authoring.md or the rulebook "
                       "by section name instead:\n" + "\n".join(found))


def test_the_check_finds_what_it_should():
    assert outside_references("engine/x.py", "see spec-kept-elsewhere.md 2.6") == [
        "engine/x.py:1: spec-kept-elsewhere.md"]
    assert outside_references("tests/x.py", "(../../notes/rules.txt, layer 4)") == [
        "tests/x.py:1: ../../notes/rules.txt"]
    assert outside_references("docs/x.md", "see ../design.md") == ["docs/x.md:1: ../design.md"]
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


# a test module cited as the proof of something: tests/....py, with ::test_name optionally
TEST_CITATION = re.compile(r"(?<![\w/.-])(tests/[\w/-]+\.py)(?:::(\w+))?")
NOT_TESTS = {"tests/path.py"}  # the form of a citation, in docs/rules-coverage.md


def cited_tests_missing(name: str, text: str) -> list[str]:
    """``file:line: citation`` for every test module (or ``module::test``) cited in ``text``
    that the repository does not hold."""
    missing = []
    for number, line in enumerate(text.splitlines(), 1):
        for m in TEST_CITATION.finditer(line):
            module, test = m.group(1), m.group(2)
            if module in NOT_TESTS:
                continue
            if not (ROOT / module).is_file() or (test and not re.search(
                    rf"^\s*(?:def|class) {test}\b", read(module), re.MULTILINE)):
                missing.append(f"{name}:{number}: {m.group(0)}")
    return missing


def test_every_test_the_code_and_docs_cite_exists():
    found = []
    for name in tracked_files():
        if name == THIS or name.startswith("tests/") or not (ROOT / name).is_file():
            continue
        found.extend(cited_tests_missing(name, read(name)))
    assert not found, "cited tests that do not exist:\n" + "\n".join(found)
    assert cited_tests_missing("x.py", "(tests/test_nowhere.py checks it)") == [
        "x.py:1: tests/test_nowhere.py"]
    assert cited_tests_missing("x.py", "tests/test_self_contained.py::test_nothing_here") == [
        "x.py:1: tests/test_self_contained.py::test_nothing_here"]
    assert not cited_tests_missing(
        "x.py", "tests/test_self_contained.py::test_every_test_the_code_and_docs_cite_exists")
