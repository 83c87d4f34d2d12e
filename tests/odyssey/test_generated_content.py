"""Any Odyssey content that validates plays a game to the end at every player count the game
is played at, and its log replays: the property of tests/test_generated_content.py (the
Project's), over the Odyssey's tables.

Hypothesis writes a copy of the base pack with its tables varied: the setup rows (planets in
play, stars, cards per player, Singularity, Mission, the team rows' counts), the Planning
board (which slots each count uses, where the Singularity token stands, the Score track), the
planet types' Ores, the Assets (cost, yield, build VP, placement rule), what each Action card
shows, the Alien Artifacts' windows, targets and solo flag, and some of the whole numbers
inside the effects and the Missions' goals. What does not validate goes back to the base
pack's value (`settle`: each problem's node, then its item, then its file, then all) until the
copy validates, so what is played holds only values the schema and the checks accept. Then
seeded random bots play one game at each count the ruleset declares (1 to 5 players, 6 and 8
as teams), within its decision bound, and each game's log is written, read and verified as
`artemis replay --verify` does (every entry replays identically).

CI runs `CI_EXAMPLES` derandomized examples; ``-m slow`` runs `SLOW_EXAMPLES`. ``-s``
prints the examples, how many values each kept varied, the games played by count, and the
longest game (decisions).
"""

from __future__ import annotations

import copy
import io
import shutil
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from artemis.content import yamlio
from artemis.content.loader import load_content
from artemis.games.odyssey.content import game_spec
from artemis.games.odyssey.vocabulary import (
    ACTIONS,
    ASSETS,
    PLAYER_COUNTS,
    RESOURCES,
    SCORING_OPTIONS,
    WINDOWS,
)
from artemis.util.paths import base_pack

CI_EXAMPLES = 12
SLOW_EXAMPLES = 300
BASE = base_pack("odyssey")
BASE_DOCS = {p.name: yamlio.load(p).data for p in sorted(BASE.glob("*.yaml"))
             if p.name != "expansion.yaml"}
STARS = [s["id"] for s in BASE_DOCS["systems.yaml"]["items"] if not s.get("start")]
#: The player slots in use at 1 to 5 players on the base board (E457 holds a base pack to
#: them; which slots they are is free).
SLOTS_IN_USE = {1: 3, 2: 6, 3: 9, 4: 8, 5: 10}


def _number(draw, value: int) -> int:
    """Another whole number near ``value``, or anywhere in a wide range (the schema's bounds
    and the checks decide; `settle` puts back what they refuse)."""
    return draw(st.one_of(st.integers(max(0, value - 2), value + 3), st.integers(-1, 120)))


def _numbers(draw, node, skip: frozenset = frozenset()) -> None:
    """Change some of the whole numbers inside ``node`` (in place), keys in ``skip`` left."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in skip:
                continue
            if isinstance(value, int) and not isinstance(value, bool):
                if draw(st.integers(0, 3)) == 0:
                    node[key] = _number(draw, value)
            else:
                _numbers(draw, value, skip)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            if isinstance(value, int) and not isinstance(value, bool):
                if draw(st.integers(0, 3)) == 0:
                    node[i] = _number(draw, value)
            else:
                _numbers(draw, value, skip)


def _subset(draw, pool: list, size: int) -> list:
    return sorted(draw(st.permutations(pool))[:size], key=pool.index)


def _setup(draw, rows: list[dict]) -> None:
    for row in rows:
        if "as_players" in row:
            if draw(st.integers(0, 3)) == 0:
                row["as_players"] = draw(st.integers(1, 5))
                row["teams"] = draw(st.integers(2, 4))
            continue
        for key in ("production_per_type", "alien_planets"):
            if draw(st.booleans()):
                row[key] = draw(st.one_of(st.integers(0, 7), st.integers(0, 42)))
        if draw(st.integers(0, 3)) == 0:
            row["stars"] = draw(st.sampled_from(["all", "own_travel_cards"]))
        if draw(st.booleans()):
            row["cards_per_player"] = draw(st.integers(1, 10))
        for key in ("singularity", "mission"):
            if draw(st.integers(0, 3)) == 0:
                row[key] = draw(st.booleans())


def _board(draw, rows: list[dict]) -> None:
    slots = [r for r in rows if "slot" in r]
    numbers = [r["slot"] for r in slots]
    if draw(st.booleans()):  # which slots each count uses (as many as on the base board)
        uses = {n: set(_subset(draw, numbers, k)) for n, k in SLOTS_IN_USE.items()}
        for r in slots:
            r["players"] = [n for n in SLOTS_IN_USE if r["slot"] in uses[n]]
    if draw(st.booleans()):  # where the Singularity token stands at 1 and 2 players
        for r in slots:
            r.pop("singularity", None)
        for n in (1, 2):
            at = draw(st.sampled_from(slots))
            at.setdefault("singularity", []).append(n)
    track = next(r for r in rows if r.get("table") == "score_track")
    for key in ("start", "floor"):
        if draw(st.booleans()):
            track[key] = draw(st.one_of(st.integers(0, 10), st.integers(0, 100)))


def _assets(draw, items: list[dict]) -> None:
    placements = draw(st.permutations(list(ASSETS))) if draw(st.integers(0, 3)) == 0 else None
    for k, asset in enumerate(items):
        if draw(st.booleans()):
            kinds = draw(st.lists(st.sampled_from([*RESOURCES, "ore"]), min_size=1,
                                  max_size=4, unique=True))
            asset["cost"] = {r: draw(st.integers(1, 3)) for r in kinds}
        if draw(st.booleans()):
            asset["yield"] = draw(st.integers(0, 4))
        if draw(st.booleans()):
            asset.pop("build_vp", None)
            if draw(st.booleans()):
                asset["build_vp"] = {draw(st.sampled_from(["on_alien", "always"])):
                                     draw(st.integers(0, 5))}
        if placements:
            asset["placement"] = placements[k]


def _cards(draw, items: list[dict]) -> None:
    for card in items:
        if draw(st.integers(0, 2)):
            continue
        if card["action"] == "produce":
            card["resources"] = _subset(draw, list(RESOURCES), 2)
        elif card["action"] == "travel":
            card["systems"] = _subset(draw, STARS, 3)
        elif card["action"] == "score":
            card["options"] = _subset(draw, list(SCORING_OPTIONS), draw(st.integers(1, 3)))


def _artifacts(draw, items: list[dict]) -> None:
    for card in items:
        if draw(st.integers(0, 3)) == 0:
            card["windows"] = _subset(draw, list(WINDOWS), draw(st.integers(1, 4)))
        if draw(st.integers(0, 5)) == 0:
            card["solo"] = not card["solo"]
        if "target" in card and draw(st.integers(0, 3)) == 0:
            card["target"]["actions"] = _subset(draw, list(ACTIONS), draw(st.integers(1, 3)))


@st.composite
def variations(draw) -> dict:
    """{file name: data} of the base pack's content files, varied."""
    docs = copy.deepcopy(BASE_DOCS)
    _setup(draw, docs["setup.yaml"]["items"])
    _board(draw, docs["planning_board.yaml"]["items"])
    for t in docs["planet_types.yaml"]["items"]:
        if t["id"] != "alien" and draw(st.integers(0, 5)) == 0:
            t["ore"] = not t["ore"]
    _assets(draw, docs["assets.yaml"]["items"])
    _cards(draw, docs["action_cards.yaml"]["items"])
    _artifacts(draw, docs["alien_artifacts.yaml"]["items"])
    for name in ("scoring_options.yaml", "alien_artifacts.yaml", "singularity_cards.yaml",
                 "missions.yaml"):
        _numbers(draw, docs[name]["items"])
    return docs


@dataclass
class Case:
    """A generated case: the varied files and the games' seed."""

    docs: dict
    seed: int


@st.composite
def cases(draw) -> Case:
    return Case(draw(variations()), draw(st.integers(0, 2**32)))


def _dump(data) -> str:
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def _write(folder: Path, docs: dict) -> None:
    for name, data in docs.items():
        (folder / name).write_text(_dump(data), encoding="utf-8")


def _revert(docs: dict, name: str, parts: list[str]) -> bool:
    """Put the node at ``parts`` (a JSON pointer's parts) of file ``name`` back to the base
    pack's, or its nearest enclosing node the base pack has; False when it was already."""
    base, here = BASE_DOCS[name], docs[name]
    keys: list = []
    for part in parts:
        key = int(part) if isinstance(here, list) and part.isdigit() else part
        try:
            base_next, here_next = base[key], here[key]
        except (KeyError, IndexError, TypeError):
            break
        keys.append(key)
        base, here = base_next, here_next
    if base == here:
        return False
    node = docs[name]
    for key in keys[:-1]:
        node = node[key]
    if keys:
        node[keys[-1]] = copy.deepcopy(base)
    else:
        docs[name] = copy.deepcopy(base)
    return True


def settle(docs: dict, folder: Path):
    """Write ``docs`` into ``folder`` (a copy of the base pack) and validate it, putting back
    the base pack's value wherever a problem is, until it validates: the problem's node, else
    its item, else its whole file, else (the cause is in another file) every file. Returns
    (the LoadResult, the docs kept)."""
    spec = replace(game_spec(), base=folder, validators={}, parsed={})
    docs = copy.deepcopy(docs)
    for _ in range(40):
        _write(folder, docs)
        result = load_content([], spec)
        if result.ok:
            return result, docs
        left = [p.format() for p in result.problems]
        before = copy.deepcopy(docs)
        for p in result.problems:
            if not p.is_error:
                continue
            name = Path(p.file).name
            assert name in docs, p.format()  # only what was varied is wrong
            parts = p.pointer.split("/")[1:]
            if not _revert(docs, name, parts) and not _revert(docs, name, parts[:2]):
                docs[name] = copy.deepcopy(BASE_DOCS[name])
        if docs == before:  # the cause is in another file (a solo row's stars: the cards')
            docs = copy.deepcopy(BASE_DOCS)
    raise AssertionError(f"the variation did not settle: {left}")


@dataclass
class Played:
    """One game of a generated case: its players and decisions."""

    players: int
    decisions: int


@dataclass
class Example:
    """What one generated case played: its games, and how many values of the base pack it
    kept varied (after `settle`)."""

    games: list[Played]
    varied: int


SEEN: list[Example] = []


def changed(base, docs) -> int:
    """How many values (leaves) differ between ``base`` and ``docs``."""
    if isinstance(base, dict) and isinstance(docs, dict):
        return sum(changed(base.get(k), docs.get(k)) for k in set(base) | set(docs))
    if isinstance(base, list) and isinstance(docs, list) and len(base) == len(docs):
        return sum(changed(a, b) for a, b in zip(base, docs, strict=True))
    return int(base != docs)


def play_everywhere(case: Case) -> Example:
    """Validate the varied copy (`settle`), then play and verify one game at each count."""
    from artemis.kernel.game import Game, GameConfig
    from artemis.kernel.games import get_game
    from artemis.players.play import make_bots, play_on
    from artemis.records.log import read_log, verify, write_log

    ruleset = get_game("odyssey")
    assert ruleset.player_counts == PLAYER_COUNTS
    out = []
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        folder = tmp / "base"
        shutil.copytree(BASE, folder)
        result, kept = settle(case.docs, folder)
        catalog = result.catalog
        for players in ruleset.player_counts:
            config = GameConfig(players=players, seed=case.seed + players, game="odyssey")
            game = Game.new(config, catalog=catalog)
            kinds = ["random"] * players
            game = play_on(game, make_bots(config, kinds),
                           max_decisions=ruleset.max_decisions)
            assert game.is_over, (players, len(game.actions))
            log = tmp / f"game-{players}.jsonl"
            write_log(game, log, kinds)
            difference = verify(read_log(log), new_game=lambda cfg: Game.new(
                dict(cfg), catalog=catalog))
            assert difference is None, (players, difference)
            out.append(Played(players, len(game.actions)))
    return Example(out, changed(BASE_DOCS, kept))


def check_case(case: Case) -> None:
    SEEN.append(play_everywhere(case))


@pytest.fixture(scope="module", autouse=True)
def summary():
    """Print what the property met (shown under ``-s``)."""
    yield
    if SEEN:
        games = [g for example in SEEN for g in example.games]
        longest = max(games, key=lambda g: g.decisions)
        varied = sorted(e.varied for e in SEEN)
        print(f"\nodyssey: {len(SEEN)} generated packs (values varied after settling: "
              f"median {varied[len(varied) // 2]}, {sum(v == 0 for v in varied)} none), "
              f"{len(games)} games ({len(games) // len(PLAYER_COUNTS)} at each of "
              f"{', '.join(map(str, PLAYER_COUNTS))} players), longest {longest.decisions} "
              f"decisions ({longest.players} players)")


def _settings(examples: int) -> settings:
    return settings(max_examples=examples, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@_settings(CI_EXAMPLES)
@given(cases())
def test_odyssey_content_that_validates_plays_at_every_count_and_replays(case):
    check_case(case)


@pytest.mark.slow
@_settings(SLOW_EXAMPLES)
@given(cases())
def test_odyssey_content_that_validates_plays_at_every_count_and_replays_long(case):
    check_case(case)
