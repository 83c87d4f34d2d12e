"""Hardening: nothing that validates may hang or crash.

- a board row whose ``table`` key is misspelt is a located problem, not an internal error;
- the cross-file checks never index a row blindly: schema-invalid rows of every kind, fed to
  them directly, give located problems or nothing, never an exception.
"""

from __future__ import annotations

import functools
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from artemis.content.problems import CODES as KERNEL_CODES
from artemis.content.problems import Problem
from artemis.games.project.codes import CODES as PROJECT_CODES
from artemis.games.project.content import load_game_content

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "content" / "project" / "base"
CODES = {**KERNEL_CODES, **PROJECT_CODES}  # what a Project pack may get


def write_pack(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir()
    (folder / "expansion.yaml").write_text(
        "id: fan_pack\nname: Fan Pack\nversion: 0.1.0\n"
        f"files: [{', '.join(files)}]\nprovenance: fan-made\n", encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def found(result) -> list[tuple]:
    return [(p.code, p.file.rsplit("/", 1)[-1], p.line, p.column, p.message)
            for p in result.problems]


MISSPELT_ROW = "kind: board\nitems:\n  - {tablex: chart_badges, count: 6, vp: 3, provenance: x}\n"


def test_a_pack_board_row_with_a_misspelt_table_key_is_e203_at_the_key(tmp_path):
    pack = write_pack(tmp_path / "pack", {"board.yaml": MISSPELT_ROW})
    result = load_game_content([pack])
    assert found(result) == [("E203", "board.yaml", 3, 6, "unknown key 'tablex'")]
    assert result.problems[0].hint == "did you mean 'table'?"
    assert result.catalog is None


def test_a_copy_of_the_base_pack_with_a_misspelt_table_key_is_located(tmp_path):
    copy = tmp_path / "base_copy"
    shutil.copytree(BASE, copy)
    manifest = copy / "expansion.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        "\nid: base\n", "\nid: base_copy\n"), encoding="utf-8")
    board = copy / "board.yaml"
    text = board.read_text(encoding="utf-8")
    assert "{table: chart_badges, count: 6," in text
    board.write_text(text.replace("{table: chart_badges, count: 6,",
                                  "{tablex: chart_badges, count: 6,"), encoding="utf-8")
    line = next(n for n, row in enumerate(board.read_text(encoding="utf-8").splitlines(), 1)
                if "tablex" in row)
    result = load_game_content([copy])
    unknown = [p for p in result.problems if p.code == "E203"]
    assert [(p.file.rsplit("/", 1)[-1], p.line, p.column, p.message) for p in unknown] == [
        ("board.yaml", line, 6, "unknown key 'tablex'")]
    assert result.catalog is None


# ---- the cross-file checks on schema-invalid rows -----------------------------------------

def _plain(path: Path):
    from artemis.content import yamlio

    return yamlio.load(path).data


BASE_ROWS = {p.stem: _plain(p)["items"] for p in sorted(BASE.glob("*.yaml"))
             if p.name != "expansion.yaml"}
WRONG_VALUES = [None, True, 0, -1, 7, 10**12, 1.5, "", "x", "ocean", [], [1], {}, {"x": 1},
                [{"vp": 1}], {"held": {"item": "energy"}}]


def _places(data, path=()):
    """Every (path, value) inside a row, the row itself included."""
    yield path, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _places(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _places(v, (*path, i))


def _at(data, path):
    for p in path:
        data = data[p]
    return data


@st.composite
def invalid_rows(draw) -> tuple[str, dict]:
    """(kind, row): a real row of the base pack (a fresh id when it has one) with one to three
    keys dropped, renamed (misspelt) or given a value of another type, anywhere inside it."""
    import copy

    kind = draw(st.sampled_from(sorted(BASE_ROWS)))
    row = copy.deepcopy(draw(st.sampled_from(BASE_ROWS[kind])))
    if isinstance(row.get("id"), str):
        row["id"] = "fuzz_" + row["id"]
    for _ in range(draw(st.integers(1, 3))):
        places = [(p, v) for p, v in _places(row) if p]
        if not places:
            break
        path, value = draw(st.sampled_from(places))
        parent = _at(row, path[:-1])
        op = draw(st.sampled_from(["drop", "rename", "retype"]))
        if op == "drop":
            del parent[path[-1]]
        elif op == "rename" and isinstance(path[-1], str):
            key = path[-1]
            new = draw(st.sampled_from([key + "x", key[:-1] or "x", key.upper(), "table"]))
            parent[new] = parent.pop(key)
        else:
            parent[path[-1]] = copy.deepcopy(draw(st.sampled_from(WRONG_VALUES)))
    return kind, row


def _dump(kind: str, rows: list) -> str:
    import io

    from ruamel.yaml import YAML

    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    out = io.StringIO()
    yaml.dump({"kind": kind, "items": rows}, out)
    return out.getvalue()


def assert_located(problems, files: set[str]) -> None:
    for p in problems:
        assert isinstance(p, Problem), p
        assert p.code in CODES, p
        assert p.file in files, (p.file, files)
        assert p.message
        assert p.line >= 1 and p.column >= 1, p
        p.format().encode("utf-8")


@functools.lru_cache(maxsize=1)
def _base_load():
    return load_game_content()


@settings(max_examples=60, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(invalid_rows(), min_size=1, max_size=3))
@example([("board", {"tablex": "chart_badges", "count": 6, "vp": 3, "provenance": "x"})])
@example([("board", {"table": "academy", "faces": 5, "provenance": "x"})])
def test_cross_file_checks_report_or_skip_schema_invalid_rows(rows):
    """Through validate (the rows in a pack) only located problems come back; fed to the
    cross-file checks directly (as if the schema had let them through), the same rows give
    located problems or none, never an exception."""
    from artemis.content import yamlio
    from artemis.content.loader import Item, shown
    from artemis.games.project.content import core_registry
    from artemis.games.project.content_checks import check_all

    by_kind: dict[str, list] = {}
    for kind, row in rows:
        by_kind.setdefault(kind, []).append(row)
    with tempfile.TemporaryDirectory() as tmp:
        files = {f"{kind}.yaml": _dump(kind, found) for kind, found in by_kind.items()}
        pack = write_pack(Path(tmp) / "pack", files)
        result = load_game_content([pack])
        names = {shown(pack / name) for name in [*files, "expansion.yaml"]}
        assert_located(result.problems, names)
        assert (result.catalog is None) == bool(result.problems)  # a mutation may be valid
        base = _base_load()
        items = list(base.items)
        for name, text in files.items():
            doc = yamlio.parse(text, shown(pack / name))
            items += [Item(doc.data["kind"], entry, doc, i, "fan_pack")
                      for i, entry in enumerate(doc.data["items"])]
        assert_located(check_all(items, base.packs, core_registry()), names | {
            p.file for p in base.problems} | {i.doc.file for i in base.items})


# ---- every number content may hold has a maximum --------------------------------------------

def _event_pack(tmp_path: Path, clause: str) -> Path:
    return write_pack(tmp_path / "pack", {"events.yaml": (
        "kind: events\nitems:\n  - id: fuzz_event\n    name: Fuzz\n    when: immediate\n"
        f"    clauses:\n      - {clause}\n    provenance: fan-made\n")})


def test_a_huge_lose_colonist_count_is_e205_at_the_count(tmp_path):
    pack = _event_pack(tmp_path, "{target: each_player, effect: "
                       "[{lose_colonist: {count: 1000000000000}}]}")
    assert found(load_game_content([pack])) == [
        ("E205", "events.yaml", 7, 64, "1000000000000 is out of range: must be at most 20")]


def test_a_huge_relief_is_e205(tmp_path):
    pack = _event_pack(tmp_path, "{target: each_player, effect: [{relief: 1000000000000}]}")
    assert found(load_game_content([pack])) == [
        ("E205", "events.yaml", 7, 49, "1000000000000 is out of range: must be at most 99")]


def test_a_vp_of_42_digits_is_e205(tmp_path):
    pack = _event_pack(tmp_path, "{target: each_player, effect: [{vp: " + str(10**41) + "}]}")
    assert found(load_game_content([pack])) == [
        ("E205", "events.yaml", 7, 45, f"{10**41} is out of range: must be at most 100")]
    (tmp_path / "neg").mkdir()
    pack = _event_pack(tmp_path / "neg", "{target: each_player, effect: [{vp: -101}]}")
    assert found(load_game_content([pack])) == [
        ("E205", "events.yaml", 7, 45, "-101 is out of range: must be at least -100")]


def _integer_nodes(schema, path=""):
    """(path, node) of every schema node that admits an integer."""
    if isinstance(schema, dict):
        kind = schema.get("type")
        if kind == "integer" or (isinstance(kind, list) and "integer" in kind):
            yield path, schema
        for key, value in schema.items():
            yield from _integer_nodes(value, f"{path}/{key}")
    elif isinstance(schema, list):
        for i, value in enumerate(schema):
            yield from _integer_nodes(value, f"{path}/{i}")


def content_schemas() -> dict:
    from artemis.content.manifest import manifest_schema
    from artemis.games.project.content import core_registry
    from artemis.kernel.games import get_game

    out = dict(get_game("project").content.schemas(core_registry()))
    out["expansion.schema.json"] = manifest_schema()
    return out


def test_every_integer_of_every_content_schema_is_bounded_both_ways():
    unbounded = [(name, path) for name, schema in content_schemas().items()
                 for path, node in _integer_nodes(schema)
                 if "minimum" not in node or "maximum" not in node]
    assert unbounded == []


def _named_bounds(schema, path=()):
    """(name, minimum, maximum) of every integer node: its property's name (an array's items
    take the array's name)."""
    for where, node in _integer_nodes(schema):
        parts = [p for p in where.split("/") if p]
        names = [parts[i + 1] for i, p in enumerate(parts[:-1]) if p == "properties"]
        yield names[-1], node.get("minimum"), node.get("maximum")


def limits_table() -> list[tuple[str, str]]:
    """(field, range) of each row of docs/authoring.md 13.6."""
    text = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    section = text.split("### 13.6 ", 1)[1].split("\n#", 1)[0]
    rows = [line.split(" | ") for line in section.splitlines() if line.startswith("| ")]
    return [(r[0].removeprefix("| "), r[1]) for r in rows[1:]]  # after the header


def test_authoring_lists_every_bound_of_every_content_schema():
    table = limits_table()
    missing = sorted({(name, lo, hi) for schema in content_schemas().values()
                      for name, lo, hi in _named_bounds(schema)
                      if not any(f"`{name}`" in field and rng == f"{lo} to {hi}"
                                 for field, rng in table)})
    assert missing == []
    from artemis.content.checks import MAX_EFFECT_SIZE

    assert table[-1] == (table[-1][0], f"at most {MAX_EFFECT_SIZE} (E315)")
    assert len(table) == 18  # issue 28 added the scoring model's players


# ---- the effect runner: no step per unit where a count applies at once ----------------------

class CountingSteps(dict):
    """A game's step handlers (``game.steps``) counting the steps run."""

    ran = 0

    def __getitem__(self, name):
        self.ran += 1
        return super().__getitem__(name)


def effect_game(**player):
    """A 2-player Project game between decisions, its step count at 0, seat 0 changed by
    ``player`` (attributes of its Player)."""
    from artemis.kernel.game import Game, GameConfig

    game = Game.new(GameConfig(players=2, seed=1))
    game.pending, game.tasks = None, []
    for key, value in player.items():
        setattr(game.state.players[0], key, value)
    game.steps = CountingSteps(game.steps)
    game.log.clear()
    return game


def run_effect(game, data, player=0):
    from artemis.effects.model import parse_effect
    from artemis.games.project.ops import run_effect as schedule
    from artemis.kernel.flow import run

    schedule(game, player, parse_effect(data, game.registry.operations), ("test",))
    run(game)


def test_lose_colonist_runs_a_step_per_colonist_there_is_not_per_count():
    game = effect_game(shelters=[1, 0, 0, 0])
    run_effect(game, [{"lose_colonist": {"count": 20}}])
    assert game.state.players[0].shelters == [0, 0, 0, 0]
    assert game.log == [{"type": "colonist_discarded", "player": 0, "colonist": "pioneer"}]
    assert game.steps.ran == 2  # the effect, one discard: not 20 steps
    assert game.tasks == [] and game.pending is None


def test_lose_colonist_asks_for_each_colonist_then_stops_when_the_shelters_are_empty():
    game = effect_game(shelters=[1, 0, 2, 0])
    run_effect(game, [{"lose_colonist": {"count": 20}}, {"vp": 1}])
    assert [a.id for a in game.legal_actions()] == ["discard:pioneer", "discard:marine"]
    game.apply("discard:marine")
    assert [a.id for a in game.legal_actions()] == ["discard:pioneer", "discard:marine"]
    game.apply("discard:pioneer")
    assert game.state.players[0].shelters == [0, 0, 0, 0]
    assert [(e["type"], e.get("colonist", e.get("amount"))) for e in game.log
            if e["type"] != "action"] == [("colonist_discarded", "marine"),
                                          ("colonist_discarded", "pioneer"),
                                          ("colonist_discarded", "marine"), ("vp", 1)]
    assert game.steps.ran == 5  # effect, three discards, vp


def test_relief_past_the_end_of_the_track_is_ignored_without_a_step_per_gain():
    game = effect_game()
    game.state.players[0].relief = len(game.catalog.relief_track)
    run_effect(game, [{"relief": 99}])
    assert game.log == [{"type": "relief_ignored", "player": 0}] * 99
    assert game.steps.ran == 2


def test_relief_takes_each_reward_before_the_next_gain():
    game = effect_game(relief=9)
    run_effect(game, [{"relief": 3}, {"vp": 1}])
    assert game.log == [{"type": "relief", "player": 0, "space": 10}]
    assert game.pending.kind == "relief_reward"
    game.apply(game.legal_actions()[-1])  # the reward of space 1
    kinds = [e["type"] for e in game.log if e["type"] != "action"]
    first = game.catalog.relief_track[0].reward
    assert kinds[0] == "relief" and kinds[-3:] == ["relief_ignored", "relief_ignored", "vp"]
    assert len(kinds) == 4 + len(first)
    assert game.tasks == [] and game.pending is None


def test_per_without_max_runs_its_effect_at_most_max_per_times():
    from artemis.kernel.operations import MAX_PER

    game = effect_game(energy=10**6)
    run_effect(game, [{"per": {"count": {"held": {"item": "energy"}}, "every": 1,
                               "effect": [{"vp": 1}]}}])
    assert game.state.players[0].vp == MAX_PER == 100
    assert game.steps.ran == 1 + MAX_PER


# ---- E315: how many operations one effect may run ----------------------------------------

PER_100 = "{per: {count: {held: {item: energy}}, every: 1, max: 100, effect: [{vp: 1}]}}"


def test_an_events_clauses_are_counted_together(tmp_path):
    one = _event_pack(tmp_path, f"{{target: each_player, effect: [{PER_100}]}}")
    assert found(load_game_content([one])) == []  # 101 operations
    text = (one / "events.yaml").read_text(encoding="utf-8")
    (one / "events.yaml").write_text(text.replace(
        "    provenance: fan-made", f"      - {{target: each_player, effect: [{PER_100}]}}\n"
        "    provenance: fan-made"), encoding="utf-8")
    assert found(load_game_content([one])) == [
        ("E315", "events.yaml", 7, 41, "this effect may run 202 operations (a per's effect "
         "counted as often as it may run); at most 200")]


def test_a_choose_counts_its_largest_option_and_a_count_its_units(tmp_path):
    from artemis.content.checks import effect_size
    from artemis.games.project.content import core_registry

    registry = core_registry()
    assert effect_size([{"choose": [[{"vp": 1}], [{"vp": 1}, {"relief": 99}]]}, {"vp": 2}],
                       registry) == 1 + (1 + 99) + 1
    assert effect_size([{"lose_colonist": {"count": 20}},
                        {"gain_colonist": {"from": "bag"}}], registry) == 21
    assert effect_size([{"per": {"count": {"held": {"item": "energy"}}, "every": 2,
                                 "effect": [{"gain": {"energy": 1}}, {"vp": 1}]}}],
                       registry) == 1 + 100 * 2
    # what failed its schema counts as if it were one operation each, never raising
    assert effect_size([{"per": "x"}, {"relief": -4}, 7, {"nope": 1}], registry) == 4


# ---- the log writer refuses what the log reader refuses -----------------------------------

def test_the_log_writer_refuses_a_number_the_reader_would_refuse(tmp_path):
    import pytest

    from artemis.kernel.game import Game, GameConfig
    from artemis.records.log import read_log, write_log

    game = Game.new(GameConfig(players=2, seed=1, params={"start_energy": 10**41}))
    path = tmp_path / "game.jsonl"
    with pytest.raises(ValueError, match=r"it would not read back: .*:1: bad JSON: the number "
                       r"100000000000\.\.\. has 42 digits, too long \(at most 40\)"):
        write_log(game, path, ["random", "random"])
    assert not path.exists()
    fine = Game.new(GameConfig(players=2, seed=1, params={"start_energy": 10**39}))
    write_log(fine, path, ["random", "random"])
    assert read_log(path).header["params"] == {"start_energy": 10**39}


# ---- found by the generated-content property ------------------------------------------------

SEND_FROM = ("kind: buildings\nitems:\n"
             "  - id: dock_gate\n    name: Dock Gate\n    kind: ocean\n    slots: [pioneer]\n"
             "    passive: {requires: owned, modify: [{param: expedition_send_from, "
             "set: shelters}]}\n    provenance: fan-made\n"
             "  - id: hub_gate\n    name: Hub Gate\n    kind: ocean\n    slots: [pioneer]\n"
             "    passive: {requires: owned, modify: [{param: expedition_send_from, "
             "add: this_building}]}\n    provenance: fan-made\n")


def test_a_set_of_a_set_of_places_is_that_one_place_and_adds_still_join_it(tmp_path):
    """``set: shelters`` on expedition_send_from (a set of places) made the parameter the
    string 'shelters': a later add concatenated strings (TypeError) and a send looked for
    places among its letters (IndexError), both inside a game of validated content."""
    from artemis.games.project.params import param
    from artemis.games.project.state import Owned
    from artemis.kernel.game import Game, GameConfig

    result = load_game_content([write_pack(tmp_path / "pack", {"buildings.yaml": SEND_FROM})])
    assert result.problems == []
    game = Game.new(GameConfig(players=2, seed=1), catalog=result.catalog)
    player = game.state.players[0]
    player.buildings.append(Owned("dock_gate"))
    assert param(game, "expedition_send_from", 0) == {"shelters"}
    player.buildings.append(Owned("hub_gate"))
    assert param(game, "expedition_send_from", 0) == {"shelters", ("building", 1)}
