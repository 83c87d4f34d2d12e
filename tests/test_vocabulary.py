"""The games' words live in the games: outside ``artemis/games/`` the engine's layers speak of
decisions, seats, views, records and items only (issue 29).

The terms are each game's own, drawn from its vocabulary and content kinds where it has them
as a table (the Project's regions, colonist types and held items; the Odyssey's resources and
Assets), plus the rulebooks' nouns the code holds as no table (`EXTRA_TERMS`). A term matches
as a word, ``_`` and ``.`` counting as separators (``dice_by_region`` holds "dice" and
"region"), in any case, singular or plural.

What is read: the code's names (variables, attributes, functions, arguments, keywords,
imports) and its string literals, docstrings and comments left out. A docstring or comment
that names a game's word as an example ("the Project's placements: die, region, ...") says
what a game may give a generic hook; it makes no layer depend on a game. A name or a string
does: it is what a layer matches, prints or hands on.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from artemis.games.odyssey import vocabulary as odyssey
from artemis.games.odyssey.content_schemas import KINDS as ODYSSEY_KINDS
from artemis.games.project import vocabulary as project
from artemis.games.project.content_schemas import KINDS as PROJECT_KINDS

PACKAGE = Path(__file__).resolve().parent.parent / "engine" / "artemis"

#: Terms too common in plain English or in programming to be a game's alone.
NOT_TERMS = {
    "factory": "a programming word too (a bot factory)",
    "events": "the kernel's log and plugin events",
    "board": "every board game has one (board_text, the browser's boards)",
    "setup": "every game is set up",
    "systems": "a plain word",
    "resources": "a plain word, and the kernel's choice of amounts (kernel/operations.py)",
    "red": "the seats' colours are the kernel's", "blue": "", "yellow": "", "green": "",
    "purple": "",
}

#: The rulebooks' nouns the games hold as no table of their own.
EXTRA_TERMS = (
    # The Artemis Project
    "die", "dice", "region", "upkeep", "colonist", "toolkit", "shelters", "relief",
    # The Artemis Odyssey
    "planet", "planner", "galaxy", "artifact", "singularity", "mission",
)


def _singular(kind: str) -> str:
    """A content kind's item: ``buildings`` -> building, ``alien_artifacts`` ->
    alien_artifact (a word of its own, ``artifact``, is in `EXTRA_TERMS`)."""
    return kind[:-1] if kind.endswith("s") else kind


def game_terms() -> set[str]:
    """Every game's terms, singular (plurals are matched by `TERM`)."""
    terms = {*project.REGIONS, *project.COLONIST_TYPES, *project.HELD_ITEMS,
             *odyssey.RESOURCES, *odyssey.ASSETS, *EXTRA_TERMS}
    terms |= {_singular(k) for k in (*PROJECT_KINDS, *ODYSSEY_KINDS)}
    return {t for t in terms if t not in NOT_TERMS and f"{t}s" not in NOT_TERMS}


def _forms(term: str) -> set[str]:
    if term == "die":
        return {"die", "dice"}
    if term.endswith("y"):
        return {term, term[:-1] + "ies"}
    return {term, term + "s"}


TERMS = sorted(game_terms())
TERM = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(sorted(
    {f for t in TERMS for f in _forms(t)}, key=len, reverse=True)) + r")(?![A-Za-z0-9])",
    re.IGNORECASE)

#: Where a game's words may still stand outside games/, each with its reason: path (a
#: folder ends in "/") -> (the terms allowed there, why). As few as possible; a stale entry
#: fails `test_every_exception_is_still_needed`.
KNOWN = {
}


def code_texts(path: Path):
    """(line, text) of every name and string literal of ``path``, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                docstrings.add(id(first.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                yield node.lineno, node.value
        elif isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.lineno, node.name
        elif isinstance(node, ast.arg):
            yield node.lineno, node.arg
        elif isinstance(node, ast.keyword) and node.arg:
            yield node.lineno, node.arg
        elif isinstance(node, ast.alias):
            yield node.lineno, node.asname or node.name


def _known(rel: str) -> tuple[set[str], str] | None:
    for where, entry in KNOWN.items():
        if rel == where or (where.endswith("/") and rel.startswith(where)):
            return entry
    return None


def _term_of(word: str) -> str:
    word = word.lower()
    return next(t for t in TERMS if word in _forms(t))


#: The browser's own files: its templates, stylesheet and script, read whole (a class name, an
#: attribute or a template's key is what the page matches, as a name is in the code)
PAGE_FILES = (".html", ".js", ".css")


def page_texts(path: Path):
    """(line, text) of every line of a template, stylesheet or script."""
    yield from enumerate(path.read_text(encoding="utf-8").splitlines(), 1)


def findings() -> list[tuple[str, int, str, str]]:
    """Every game term outside games/: (path from artemis/, line, term, the text)."""
    found = []
    for path in sorted(PACKAGE.rglob("*")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("games/") or "__pycache__" in rel:
            continue
        if path.suffix == ".py":
            texts = code_texts(path)
        elif path.suffix in PAGE_FILES:
            texts = page_texts(path)
        else:
            continue
        for line, text in texts:
            for m in TERM.finditer(text):
                found.append((rel, line, _term_of(m[0]), text))
    return found


def test_the_terms_are_the_games_own():
    # drawn from the games' tables: a renamed or removed table fails here, not silently
    assert {"basecamp", "vents", "gantry", "outfitter", "marine", "minerals", "badges",
            "building", "expedition", "xanthium", "starship", "terraformer", "colony",
            "die", "region", "upkeep", "mission"} <= set(TERMS)
    assert not set(TERMS) & set(NOT_TERMS)
    assert TERM.search("dice_by_region") and TERM.search("board.vents_dice.0")
    assert TERM.search("Colonies") and not TERM.search("prevents") and not TERM.search("diet")


def test_no_game_words_outside_the_games():
    wrong = [f"{rel}:{line}: '{term}' in {text[:60]!r}" for rel, line, term, text in findings()
             if term not in (_known(rel) or (set(), ""))[0]]
    assert not wrong, ("a game's words outside games/ (move them into the game, reached "
                       "through its Ruleset):\n" + "\n".join(wrong))


def test_every_exception_is_still_needed():
    used = {(where, term) for rel, _, term, _ in findings()
            for where in KNOWN if rel == where or (where.endswith("/") and rel.startswith(where))}
    for where, (terms, reason) in KNOWN.items():
        assert reason, where
        if where.endswith("/"):
            assert any(w == where for w, _ in used), f"{where} holds no game word any more"
        else:
            stale = sorted(t for t in terms if (where, t) not in used)
            assert not stale, f"{where}: no longer uses {stale}"


@pytest.mark.parametrize("text", ["def upkeep():\n    pass", "x = 'resolve: REGION'",
                                  "REGIONS = ()", "f(dice=1)", "from m import vents"])
def test_names_and_strings_are_read_docstrings_and_comments_not(tmp_path, text):
    path = tmp_path / "m.py"
    path.write_text(f'"""A docstring naming the Vents."""\n# a comment: dice\n{text}\n')
    texts = [t for _, t in code_texts(path)]
    assert any(TERM.search(t) for t in texts), texts
    assert not any("Vents" in t or "comment" in t for t in texts)


def test_the_pages_templates_stylesheet_and_script_are_read(tmp_path):
    pages = {p.relative_to(PACKAGE).as_posix() for p in (PACKAGE / "web").rglob("*")
             if p.suffix in PAGE_FILES}
    assert {"web/templates/seat.html", "web/static/app.js", "web/static/style.css"} <= pages
    planted = tmp_path / "seat.html"
    planted.write_text('<details class="die" data-die="3">\n.chooser details.region { }\n')
    hits = [(line, m[0]) for line, text in page_texts(planted) for m in TERM.finditer(text)]
    assert hits == [(1, "die"), (1, "die"), (2, "region")]
