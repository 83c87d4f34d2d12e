"""A value of the wrong type anywhere in a game's content is a located problem, never an
internal error (issue 25: `kind: {}` on a building ended `artemis validate` in "internal error:
TypeError").

The walk: every node of every file of both games' base packs (content/project/base and
content/odyssey/base, manifests included) is replaced, one at a time, by a value of each other
type: a mapping, a list, a string, nothing, a number, true. The copy of the pack is then
validated as `artemis validate COPY` validates it (the plugin host's registry, checks and
names; the copy in place of the installed base pack), and, when it is valid, summarised as
`validate` prints it. The property: loading returns (a `LoadResult`; never an exception), and
every problem has a known code (docs/errors.md), a message, and a line and column >= 1 unless
it is about a whole file.

CI runs one mutation per field of each file (`field_of`: the path with list indexes made
``*``, board rows told apart by their table), its occurrence and wrong type drawn from a
seeded generator (208 mutations of the Project, 252 of the Odyssey); ``pytest -m slow``
walks every node with every wrong type (7,730 and 6,760 mutations, about three minutes
each). ``-s`` prints how many were tried and accepted.
"""

from __future__ import annotations

import copy
import os
import random
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from artemis.content import yamlio
from artemis.content.loader import load_content
from artemis.content.problems import CODES
from artemis.games.odyssey.codes import CODES as ODYSSEY_CODES
from artemis.games.project.codes import CODES as PROJECT_CODES
from artemis.kernel.games import get_game

GAMES = ("project", "odyssey")
#: The values of each type a field is given (a field already of that type is skipped).
WRONG = {"mapping": {}, "list": [], "string": "x", "null": None, "number": 7, "bool": True}
# problems about a whole file or path carry line and column 0 (docs/errors.md)
WHOLE_FILE_CODES = {"E101", "E108", "E501", "E502"}
KNOWN_CODES = set(CODES) | set(PROJECT_CODES) | set(ODYSSEY_CODES)
SEED = 25  # the number: the CI sample is the same every run


def type_of(value) -> str:
    """The name in `WRONG` of ``value``'s type."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "list" if isinstance(value, list) else "mapping"


def nodes(data, at: tuple = ()) -> Iterator[tuple]:
    """Every path into ``data`` (the root ``()`` first), depth first in document order."""
    yield at
    if isinstance(data, dict):
        for key, value in data.items():
            yield from nodes(value, (*at, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from nodes(value, (*at, i))


def node(data, at: tuple):
    for part in at:
        data = data[part]
    return data


def field_of(data, at: tuple) -> tuple:
    """The field a path is an occurrence of: each list index ``*``, a board row's index
    ``*TABLE`` (the tables of a board file have fields of the same names)."""
    out: list = []
    for part in at:
        data = data[part]
        if isinstance(part, int):
            table = data.get("table") if isinstance(data, dict) else None
            part = f"*{table}" if isinstance(table, str) else "*"
        out.append(part)
    return tuple(out)


@dataclass(frozen=True)
class Mutation:
    """``file``'s node at ``at`` replaced by the value of type ``kind`` (`WRONG`)."""

    file: str
    at: tuple
    kind: str

    def __str__(self) -> str:
        return f"{self.file} /{'/'.join(map(str, self.at))} := {self.kind}"


def documents(game: str) -> dict[str, object]:
    """{file name: its plain data} of ``game``'s base pack, by name."""
    base = get_game(game).content.base_pack()
    return {p.name: yamlio.load(p).data for p in sorted(base.glob("*.yaml"))}


def every_mutation(game: str) -> list[Mutation]:
    """Every node of every file of ``game``'s base pack, with every type it does not have."""
    return [Mutation(name, at, kind)
            for name, data in documents(game).items() for at in nodes(data)
            for kind in WRONG if kind != type_of(node(data, at))]


def sampled_mutations(game: str, seed: int = SEED) -> list[Mutation]:
    """One mutation per field of each file (`field_of`): an occurrence and a wrong type drawn
    from ``seed``."""
    rng = random.Random(f"{game}:{seed}")
    out = []
    for name, data in documents(game).items():
        fields: dict[tuple, list[tuple]] = {}
        for at in nodes(data):
            fields.setdefault(field_of(data, at), []).append(at)
        for occurrences in fields.values():
            at = rng.choice(occurrences)
            kinds = [k for k in WRONG if k != type_of(node(data, at))]
            out.append(Mutation(name, at, rng.choice(kinds)))
    return out


class Harness:
    """A copy of ``game``'s base pack and the spec `artemis validate` loads it with."""

    def __init__(self, game: str, folder: Path):
        from artemis.kernel.game import _host_registry, default_plugins

        self.ruleset = get_game(game)
        self.folder = folder / game / "base"
        shutil.copytree(self.ruleset.content.base_pack(), self.folder)
        self.data = documents(game)
        host = default_plugins()
        content = __import__(f"artemis.games.{game}.content", fromlist=["game_spec"])
        self.spec = content.game_spec(_host_registry(host, game), host.checks(game),
                                      host.names())
        self.stamp = 10**18  # each write's own modification time: never a stale parse

    def write(self, name: str, data) -> None:
        path = self.folder / name
        path.write_text(yaml.dump(data, Dumper=yaml.CSafeDumper, sort_keys=False,
                                  allow_unicode=True), encoding="utf-8")
        self.stamp += 1
        os.utime(path, ns=(self.stamp, self.stamp))

    def check(self, mutation: Mutation) -> bool:
        """Validate the copy with ``mutation`` made: assert the property, return whether it
        validated. The file is written back as it was (as data) afterwards."""
        original = self.data[mutation.file]
        changed = copy.deepcopy(original)
        value = copy.deepcopy(WRONG[mutation.kind])
        if mutation.at:
            node(changed, mutation.at[:-1])[mutation.at[-1]] = value
        else:
            changed = value
        self.write(mutation.file, changed)
        try:
            result = load_content([self.folder], self.spec)
            if result.ok:
                self.ruleset.content.content_summary(result.catalog)  # validate's "valid: ..." line
        except Exception as exc:  # the property: never an internal error
            raise AssertionError(f"{mutation}: {type(exc).__name__}: {exc}") from exc
        finally:
            self.write(mutation.file, original)
        for p in result.problems:
            assert p.code in KNOWN_CODES, (str(mutation), p.format())
            assert p.file and p.message, (str(mutation), p.format())
            if p.code not in WHOLE_FILE_CODES:
                assert p.line >= 1 and p.column >= 1, (str(mutation), p.format())
        return result.ok


def run_walk(game: str, mutations: list[Mutation], folder: Path) -> dict:
    harness = Harness(game, folder)
    accepted = sum(harness.check(m) for m in mutations)
    summary = {"game": game, "mutations": len(mutations), "accepted": accepted,
               "files": len(harness.data)}
    print(f"\n{game}: {summary['mutations']} wrong-type mutations of {summary['files']} "
          f"files, {accepted} accepted, no internal error")
    return summary


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_type_in_each_field_is_a_located_problem(game, tmp_path):
    mutations = sampled_mutations(game)
    assert len(mutations) > 150  # every field of every file, once
    run_walk(game, mutations, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_type_in_every_field_is_a_located_problem(game, tmp_path):
    mutations = every_mutation(game)
    assert len(mutations) > 5000
    run_walk(game, mutations, tmp_path)


def test_a_building_kind_of_another_type_is_located_at_the_kind(tmp_path):
    """The issue's case: `kind: {}` (or a list) on a building was an internal TypeError."""
    harness = Harness("project", tmp_path)
    at = ("items", 0, "kind")
    assert node(harness.data["buildings.yaml"], at) == "ocean"
    for kind in ("mapping", "list"):
        changed = copy.deepcopy(harness.data["buildings.yaml"])
        node(changed, at[:-1])["kind"] = WRONG[kind]
        harness.write("buildings.yaml", changed)
        result = load_content([harness.folder], harness.spec)
        first = result.problems[0]
        assert (Path(first.file).name, first.pointer, first.code) == (
            "buildings.yaml", "/items/0/kind", "E204"), first.format()
        assert first.line >= 1 and first.column > 1
        assert first.hint == "expected one of: ocean, surface"
