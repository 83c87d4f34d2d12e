"""Any content that validates plays a game to the end, in bounded steps and memory, and its log
replays.

Hypothesis writes content packs from the vocabulary: each effect is drawn from the registered
operations' own schema fragments (`Registry.schema_definitions`: the step, quantity, target and
items definitions, every number within its schema bounds, docs/authoring.md 13.6), with the
operations allowed where the effect stands (docs/authoring.md 4.4), into random buildings
(some duplicates), Expedition cards, Events (some replacing base ones, so that they are drawn),
Relief Track spaces, and sometimes a base pack of its own with other board numbers. Items that
do not validate are dropped until the pack validates (`keep_valid`); then seeded random bots
play the game through the one play loop, while its steps (`game.steps` counting) and memory
(tracemalloc's peak) are measured, and its log is written, read and verified.

CI runs `CI_EXAMPLES` derandomized examples (a few seconds); benchmarks/fuzz_long.py runs the
same property (``--only generated_packs``) with many more. ``-s`` prints the examples played
and the longest game. The Odyssey's content has the same property in
tests/odyssey/test_generated_content.py.
"""

from __future__ import annotations

import copy
import shutil
import tempfile
import tracemalloc
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from artemis.content import yamlio
from artemis.content.loader import load_content
from artemis.effects.registry import BOARD, PLAYER, SCORING
from artemis.games.project.content import core_registry, game_spec
from artemis.games.project.vocabulary import PLACES

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "content" / "project" / "base"

CI_EXAMPLES = 10
#: The bounds the property holds every game to: engine steps (handlers run from Game.new to
#: the end), decisions, and tracemalloc's peak while the game is set up and played.
MAX_STEPS = 100_000  # a 5-player game of the base pack runs about 1,000
MAX_DECISIONS = 20_000  # about 350
MAX_PEAK_BYTES = 64 * 1024 * 1024  # about 1 MiB
#: How deep effects nest (a choose or per inside another) and how long each list is drawn.
MAX_NESTING = 3

REGISTRY = core_registry()
DEFS = REGISTRY.schema_definitions()
SPOTS = ["immediate", "A", "B", "C", "D", "E", "F", "G"]
BASE_ITEMS = {p.stem: yamlio.load(p).data["items"] for p in BASE.glob("*.yaml")
              if p.name != "expansion.yaml"}
BASE_IDS = {kind: [i["id"] for i in items if "id" in i and "duplicate_of" not in i]
            for kind, items in BASE_ITEMS.items()}


# ---- values from a schema fragment ----------------------------------------------------------

@dataclass(frozen=True)
class Where:
    """Where an effect stands: its context (docs/authoring.md 4.4), whether it is an
    Expedition reward (``from: reward`` allowed, E314), and how deep it is nested."""

    context: str
    reward: bool = False
    depth: int = 0

    def deeper(self) -> Where:
        return replace(self, depth=self.depth + 1)


def _operations(where: Where) -> list[str]:
    """The operations an effect may use here: those of the context, none that nests past
    MAX_NESTING, gain_building only in a reward."""
    out = []
    for name, op in sorted(REGISTRY.operations.items()):
        if where.context not in op.contexts:
            continue
        if where.context in (PLAYER, SCORING) and op.contexts == frozenset({BOARD}):
            continue
        if op.children is not None and where.depth >= MAX_NESTING:
            continue
        if name == "gain_building" and not where.reward:
            continue
        out.append(name)
    return out


def value(draw, schema: dict, where: Where, key: str = ""):
    """A value of ``schema`` (a fragment of DEFS), effects drawn for ``where``."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        if name == "effect":
            return effect(draw, where.deeper())
        return value(draw, DEFS[name], where, key)
    if "allOf" in schema:
        return value(draw, schema["allOf"][0], where, key)
    for branches in ("oneOf", "anyOf"):
        if branches in schema and not schema.get("type"):
            return value(draw, draw(st.sampled_from(schema[branches])), where, key)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        choices = list(schema["enum"])
        if key == "from" and not where.reward:
            choices = [c for c in choices if c != "reward"] or choices
        return draw(st.sampled_from(choices))
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = draw(st.sampled_from(kind))
    if kind == "integer":
        low, high = schema.get("minimum", -3), schema.get("maximum", 3)
        # the bounds themselves, the smallest values (a per every 1), and anything between
        return draw(st.one_of(st.sampled_from([low, high]), st.integers(low, min(high, low + 2)),
                              st.integers(low, high)))
    if kind == "string":
        return draw(st.sampled_from(PLACES))
    if kind == "boolean":
        return draw(st.booleans())
    if kind == "array":
        low = schema.get("minItems", 0)
        high = max(low, min(schema.get("maxItems", low + 2), low + 2))
        return [value(draw, schema.get("items", {}), where, key)
                for _ in range(draw(st.integers(low, high)))]
    if kind == "object":
        return _object(draw, schema, where)
    return draw(st.integers(0, 3))


def _object(draw, schema: dict, where: Where) -> dict:
    props = schema.get("properties", {})
    names = sorted(props)
    if names and set(names) == set(REGISTRY.operations):
        names = _operations(where)  # an effect step: one operation allowed here
    if schema.get("maxProperties") == 1:  # a one-key map: a step, a quantity, a target
        chosen = [draw(st.sampled_from(names))]
    else:
        required = list(schema.get("required", []))
        branches = [b["required"] for b in schema.get("oneOf", []) if "required" in b]
        if branches:  # modify: exactly one of set, add
            pick = draw(st.sampled_from(branches))
            required += pick
            names = [n for n in names if not any(n in b and b != pick for b in branches)]
        chosen = required + [n for n in names if n not in required and draw(st.booleans())]
        if not chosen and names:
            chosen = [draw(st.sampled_from(names))]
    return {n: value(draw, props[n], where, n) for n in chosen}


def effect(draw, where: Where) -> list:
    """An effect: one to three steps of the operations allowed ``where``."""
    size = draw(st.integers(1, 3 if where.depth <= 1 else 1))
    return [_object(draw, DEFS["step"], where) for _ in range(size)]


# ---- items ----------------------------------------------------------------------------------

def _slots(draw) -> list:
    return draw(st.lists(st.sampled_from(DEFS["slot_type"]["enum"]), min_size=1, max_size=3))


@st.composite
def building(draw, n: int) -> dict:
    kind = draw(st.sampled_from(["ocean", "surface"]))
    item = {"id": f"gen_building_{n}", "name": f"Building {n}", "kind": kind,
            "slots": _slots(draw), "provenance": "fan-made"}
    if kind == "surface":
        item["scoring"] = effect(draw, Where(SCORING))
        return item
    ability = draw(st.sampled_from(["upkeep", "passive", "trigger"]))
    if ability == "upkeep":
        item["upkeep"] = effect(draw, Where(PLAYER))
    elif ability == "trigger":
        item["trigger"] = {"on": draw(st.sampled_from(DEFS["game_event"]["enum"])),
                           "effect": effect(draw, Where(PLAYER))}
    else:
        modify = DEFS["step"]["properties"]["modify"]
        item["passive"] = {"modify": [value(draw, modify, Where(BOARD))
                                      for _ in range(draw(st.integers(1, 2)))]}
        if draw(st.booleans()):
            item["passive"]["requires"] = draw(st.sampled_from(["fully_staffed", "owned"]))
    return item


@st.composite
def expedition(draw, n: int) -> dict:
    numbers = {k: draw(st.one_of(st.integers(0, 8), st.integers(0, 100)))
               for k in ("difficulty", "energy", "minerals")}
    return {"id": f"gen_expedition_{n}", "name": f"Expedition {n}", **numbers,
            "rewards": [effect(draw, Where(PLAYER, reward=True)) for _ in range(2)],
            "provenance": "fan-made"}


@st.composite
def event(draw, n: int) -> dict:
    clauses = []
    for _ in range(draw(st.integers(1, 2))):
        if draw(st.booleans()):
            target = value(draw, DEFS["target"], Where(PLAYER))
            clauses.append({"target": target, "effect": effect(draw, Where(PLAYER))})
        else:
            clauses.append({"effect": effect(draw, Where(BOARD))})
    return {"id": f"gen_event_{n}", "name": f"Event {n}",
            "when": draw(st.sampled_from(SPOTS)), "clauses": clauses, "provenance": "fan-made"}


def _replacing(draw, items: list[dict], kind: str) -> list[dict]:
    """Most items take the id of a base item with ``replaces: true``, so that they come up in
    play as often as the base items they replace."""
    ids = draw(st.permutations(BASE_IDS[kind]))
    for item, base_id in zip(items, ids, strict=False):
        if draw(st.integers(0, 3)):
            item["id"], item["replaces"] = base_id, True
    return items


@st.composite
def board_numbers(draw) -> list[dict] | None:
    """None (the base board), or the base board's rows with other numbers, each within its
    schema bounds, as an owner of the printed game may correct them in the base pack (the
    components are the printed game's: E404, E405)."""
    if not draw(st.booleans()):
        return None
    rows = copy.deepcopy(BASE_ITEMS["board"])
    bounds = {"toolkits": (0, 100), "max_colonists": (0, 12), "vp": (-100, 100)}
    for row in rows:
        for key, (low, high) in bounds.items():
            if key in row and draw(st.booleans()):
                row[key] = draw(st.one_of(st.integers(low, high), st.just(high)))
    return rows


@dataclass
class Pack:
    """A generated case: the pack's files {kind: items}, its own board (or None), the game's
    players and seed."""

    files: dict
    board: list | None
    players: int
    seed: int


@st.composite
def packs(draw) -> Pack:
    buildings = _replacing(draw, [draw(building(n)) for n in range(draw(st.integers(0, 8)))],
                           "buildings")
    originals = [b["id"] for b in buildings if not b.get("replaces")]
    buildings += [{"id": f"{i}_copy", "duplicate_of": i, "provenance": "fan-made"}
                  for i in originals if draw(st.booleans())]
    expeditions = _replacing(draw, [draw(expedition(n))
                                    for n in range(draw(st.integers(0, 6)))], "expeditions")
    events = _replacing(draw, [draw(event(n)) for n in range(draw(st.integers(0, 6)))],
                        "events")
    relief = [{"space": 11 + n, "reward": effect(draw, Where(PLAYER)), "provenance": "fan-made"}
              for n in range(draw(st.integers(0, 2)))]
    files = {k: v for k, v in {"buildings": buildings, "expeditions": expeditions,
                               "events": events, "relief_track": relief}.items() if v}
    return Pack(files, draw(board_numbers()), draw(st.integers(2, 5)),
                draw(st.integers(0, 2**32)))


# ---- validating, playing, replaying -------------------------------------------------------

def _dump(data) -> str:
    import io

    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def _write_pack(folder: Path, files: dict) -> None:
    folder.mkdir(exist_ok=True)
    names = [f"{kind}.yaml" for kind in files]
    (folder / "expansion.yaml").write_text(
        "id: generated\nname: Generated\nversion: 0.1.0\n"
        f"files: [{', '.join(names)}]\nprovenance: fan-made\n", encoding="utf-8")
    for kind, items in files.items():
        (folder / f"{kind}.yaml").write_text(_dump({"kind": kind, "items": items}),
                                             encoding="utf-8")


def _base_copy(folder: Path, board: list) -> Path:
    """A copy of the base pack with another board."""
    shutil.copytree(BASE, folder)
    (folder / "board.yaml").write_text(_dump({"kind": "board", "items": board}),
                                       encoding="utf-8")
    return folder


def keep_valid(case: Pack, tmp: Path):
    """Write the pack, validate it, and drop every item a problem names, until it validates.
    Returns (the LoadResult with its catalog, the items kept by kind)."""
    spec = game_spec()
    if case.board is not None:
        spec = replace(spec, base=_base_copy(tmp / "base", case.board), validators={},
                       parsed={})
    files = copy.deepcopy(case.files)
    pack = tmp / "pack"
    for _ in range(8):
        if not files:  # nothing of the pack validated: the base game alone
            result = load_content([], spec)
            assert result.ok, [p.format() for p in result.problems]
            return result, files
        _write_pack(pack, files)
        result = load_content([pack], spec)
        if result.ok:
            return result, files
        bad: dict[str, set] = {}
        for p in result.problems:
            parts = p.pointer.split("/")
            name = Path(p.file).stem
            assert Path(p.file).parent.resolve() == pack.resolve() and name in files, p.format()
            assert len(parts) > 2 and parts[1] == "items", p.format()
            bad.setdefault(name, set()).add(int(parts[2]))
        files = {k: [i for n, i in enumerate(v) if n not in bad.get(k, ())]
                 for k, v in files.items()}
        files = {k: v for k, v in files.items() if v}
    raise AssertionError("the pack did not settle")


def warm_up() -> None:
    """Play the start of one game, so that every rules module has registered its steps before
    a test counts them (the step table is filled as its modules are imported)."""
    from artemis.kernel.game import Game, GameConfig

    Game.new(GameConfig(players=2, seed=0))


warm_up()


class TooManySteps(AssertionError):
    """A generated game ran past MAX_STEPS: raised from inside the rules, so that a game that
    would not end fails the property instead of hanging it."""


class CountingSteps(dict):
    """A step table's handlers, counting the steps run (`artemis.kernel.flow.run` looks each
    up once) and stopping the game past MAX_STEPS."""

    ran = 0

    def __getitem__(self, name):
        self.ran += 1
        if self.ran > MAX_STEPS:
            raise TooManySteps(f"more than {MAX_STEPS:,} steps")
        return super().__getitem__(name)


@dataclass
class Played:
    """What one generated game took: steps, decisions, tracemalloc's peak, its players, and the
    items of the pack that validated."""

    steps: int
    decisions: int
    peak: int
    players: int
    items: int


def play_generated(case: Pack) -> Played:
    """Validate the pack (keeping what validates), play it with random bots within the
    bounds, write its log, read and verify it. Raises AssertionError past a bound."""
    from artemis.kernel.game import Game, GameConfig
    from artemis.kernel.games import get_game
    from artemis.players.play import make_bots, play_on
    from artemis.records.log import read_log, verify, write_log

    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        result, files = keep_valid(case, tmp)
        catalog = result.catalog
        config = GameConfig(players=case.players, seed=case.seed)
        table = get_game("project").table
        original = table.steps
        counting = CountingSteps(original)
        tracemalloc.start()
        table.steps = counting  # Game.new reads the table's handlers: every step is counted
        try:
            game = Game.new(config, catalog=catalog)
            game = play_on(game, make_bots(config, ["random"] * case.players),
                           max_decisions=MAX_DECISIONS)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            table.steps = original
            tracemalloc.stop()
        assert game.is_over
        assert counting.ran <= MAX_STEPS, counting.ran
        assert peak <= MAX_PEAK_BYTES, peak
        log = tmp / "game.jsonl"
        kinds = ["random"] * case.players
        write_log(game, log, kinds)
        assert verify(read_log(log), new_game=lambda cfg: Game.new(dict(cfg),
                                                                   catalog=catalog)) is None
        return Played(counting.ran, len(game.actions), peak, case.players,
                      sum(len(v) for v in files.values()))


def at_the_limits() -> Pack:
    """Every Event of the base game replaced by one resolved at once whose numbers are at their
    largest (docs/authoring.md 13.6), on a board whose numbers are too: drawn every round."""
    every = [
        [{"target": "each_player", "effect": [{"relief": 99}]}],
        [{"target": "each_player", "effect": [{"gain_colonist": {"from": "bag", "count": 20}},
                                              {"lose_colonist": {"count": 20}}]}],
        [{"target": "each_player", "effect": [
            {"gain": {"energy": 100, "minerals": 100, "toolkits": 100, "resources": 100}},
            {"per": {"count": {"held": {"item": "energy"}}, "every": 1, "max": 100,
                     "effect": [{"vp": 100}]}}]}],
        [{"effect": [{"stock": {"region": "vents", "amount": 100}},
                     {"stock": {"region": "doorstep", "amount": 100}},
                     {"modify": {"param": "rounds", "add": 20}},
                     {"modify": {"param": "doorstep_cost_per_colonist", "set": -20}}]}],
        [{"target": "each_player", "effect": [{"pay": {"resources": 100}},
                                              {"lose": {"resources": 100}}, {"vp": -100}]},
         {"effect": [{"modify": {"param": "expedition_badges", "add": 20}},
                     {"modify": {"param": "shelter_upkeep_per_colonist", "add": 20}}]}],
    ]
    events = [{"id": base_id, "replaces": True, "name": f"Limit {n}", "when": "immediate",
               "clauses": every[n % len(every)], "provenance": "fan-made"}
              for n, base_id in enumerate(BASE_IDS["events"])]
    board = copy.deepcopy(BASE_ITEMS["board"])
    for row in board:
        for key, high in (("toolkits", 100), ("max_colonists", 12), ("vp", 100)):
            if key in row:
                row[key] = high
    return Pack({"events": events}, board, 5, 1)


SEEN: list[Played] = []


@pytest.fixture(scope="module", autouse=True)
def summary():
    """Print what the property met (shown under ``-s``): the examples, and the longest game."""
    yield
    if SEEN:
        longest = max(SEEN, key=lambda p: p.decisions)
        counts = sorted({p.players for p in SEEN})
        print(f"\nproject: {len(SEEN)} generated packs played (at {', '.join(map(str, counts))} "
              f"players), longest {longest.decisions} decisions ({longest.players} players, "
              f"{longest.steps:,} steps)")


def check_generated(case: Pack) -> None:
    """The property for one case (benchmarks/fuzz_long.py calls it too)."""
    SEEN.append(play_generated(case))


@settings(max_examples=CI_EXAMPLES, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(packs())
@example(at_the_limits())
def test_content_that_validates_plays_to_the_end_and_replays(case):
    check_generated(case)
