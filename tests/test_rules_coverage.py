"""docs/rules-coverage.md maps every rulebook part and every ruling R1-R40 to the code that
implements it and the tests that check it. This test keeps the map honest: every ruling and
every listed rulebook part has a row, every named function exists (imported, then getattr), and
every named test exists (a ``def test_name`` in the named file)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules-coverage.md"

# the rulebook parts that must have a row (the first cell starts with this text)
PARTS = [
    "Setup: General Setup", "Setup: Player Setup", "Setup: Board Setup", "Setup: Harsh Mode",
    "Some General Rules", "Placement Phase",
    "Placement: 1 Basecamp", "Placement: 2 Vents", "Placement: 3 Quarry", "Placement: 4 Gantry",
    "Placement: 5 Doorstep", "Placement: 6 Academy", "Placement: Outfitter",
    "Resolution Phase", "Resolution: The Event", "Resolution: 1 Basecamp",
    "Resolution: 2 Vents", "Resolution: 3 Quarry", "Resolution: 4 Gantry",
    "Resolution: 5 Doorstep", "Resolution: 6 Academy", "Resolution: Outfitter",
    "The Relief Track",
    "Upkeep: One Move/swap", "Upkeep: Activate Fully-staffed Buildings",
    "Upkeep: Pay Energy for Colonists in your Shelters", "Upkeep: Refresh the Game Board",
    "Upkeep: Choose a new Start Player",
    "End of the Game: 1 ", "End of the Game: 2 ", "End of the Game: 3 ", "End of the Game: 4 ",
    "End of the Game: 5 ", "End of the Game: 6 ", "End of the Game: 7 ",
    "End of the Game: tie-break",
]

TICKED = re.compile(r"`([^`]+)`")


def rows() -> list[list[str]]:
    """The table rows of the document, as lists of cells (header and rule rows skipped)."""
    out = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] in ("part", "ruling"):
            continue
        out.append(cells)
    return out


def named_functions(row: list[str]) -> list[str]:
    return TICKED.findall(row[-2])


def named_tests(row: list[str]) -> list[str]:
    return TICKED.findall(row[-1])


# where a short name is looked up, in order: the Project's rule modules, the rest of the game,
# then the kernel's packages
BASES = ("artemis.games.project.rules.", "artemis.games.project.", "artemis.kernel.",
         "artemis.records.", "artemis.players.", "artemis.")


def resolve(name: str) -> bool:
    """Whether ``module.attr[.attr]`` names something under one of BASES."""
    parts = name.split(".")
    for base in BASES:
        for k in range(len(parts) - 1, 0, -1):
            try:
                obj = importlib.import_module(base + ".".join(parts[:k]))
            except ImportError:
                continue
            try:
                for attr in parts[k:]:
                    obj = getattr(obj, attr)
            except AttributeError:
                continue
            return True
    return False


_DEFS: dict[Path, set[str]] = {}


def has_test(ref: str) -> bool:
    path, _, name = ref.partition("::")
    file = ROOT / path
    if not file.is_file():
        return False
    if file not in _DEFS:
        _DEFS[file] = set(re.findall(r"^def (test_\w+)\(", file.read_text(encoding="utf-8"),
                                     re.M))
    return name in _DEFS[file]



def test_every_ruling_has_a_row():
    ids = [r[0] for r in rows() if re.fullmatch(r"R\d+", r[0])]
    missing = [f"R{i}" for i in range(1, 41) if f"R{i}" not in ids]
    assert not missing, f"rulings without a row: {missing}"
    assert len(ids) == len(set(ids)), "a ruling has two rows"


def test_every_rulebook_part_has_a_row():
    firsts = [r[0] for r in rows()]
    missing = [p for p in PARTS if not any(f.startswith(p) for f in firsts)]
    assert not missing, f"rulebook parts without a row: {missing}"


def test_every_row_names_code_and_tests():
    for row in rows():
        assert named_functions(row), f"{row[0]}: no function named"
        assert named_tests(row), f"{row[0]}: no test named"
        assert all("::" in t for t in named_tests(row)), f"{row[0]}: tests are path::name"


@pytest.mark.parametrize("row", rows(), ids=lambda r: r[0])
def test_named_functions_exist(row):
    bad = [f for f in named_functions(row) if not resolve(f)]
    assert not bad, f"{row[0]}: no such function: {bad}"


@pytest.mark.parametrize("row", rows(), ids=lambda r: r[0])
def test_named_tests_exist(row):
    bad = [t for t in named_tests(row) if not has_test(t)]
    assert not bad, f"{row[0]}: no such test: {bad}"


def test_the_checker_catches_bad_names():
    assert resolve("placement.ask_send") and resolve("game.Game.new")
    assert resolve("content.checks.effect_contexts")
    assert not resolve("placement.no_such_function")
    assert not resolve("nowhere.ask_send")
    assert has_test("tests/test_rules_coverage.py::test_every_ruling_has_a_row")
    assert not has_test("tests/test_rules_coverage.py::test_no_such_test")
    assert not has_test("tests/no_such_file.py::test_every_ruling_has_a_row")
