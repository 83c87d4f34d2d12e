"""Content versions (docs/saves.md, "Content versions"): saves and logs name the version of the
base content they were played with. Issue 28's rebalance made content version 2 (Expedition
difficulties and rewards, the Mineral Vault: docs/balance.md) and froze version 1 as
``content/project/base-v1``: a save and a log recorded under version 1 before the change
(tests/data/content-v1, made at 0c92978) load and replay on the frozen copy, identically, and a
new game plays the new values. Content version 3 (every Surface tile about 1 VP lower) froze
version 2 as ``base-v2`` the same way (tests/data/content-v2, made at 912475a), and content
version 4 (the rows version 3's studies flagged) froze version 3 as ``base-v3``
(tests/data/content-v3, made at c1402f4), and content version 5 (the Supply Depot and two
Events flagged at 4 players) froze version 4 as ``base-v4`` (tests/data/content-v4, made at
04e9bd7), and content version 6 (four buildings and an Event flagged at 4 players) froze
version 5 as ``base-v5`` (tests/data/content-v5, made at 7a1d0df), and content version 7 (six
buildings flagged at 4 players) froze version 6 as ``base-v6`` (tests/data/content-v6, made at
62b8aaf), and content version 8 (the two Events that hit the players with the fewest Marines /
Stewards hit every player) froze version 7 as ``base-v7`` (tests/data/content-v7, made at
7283524), and content version 9 (the Colony Hall counts Surface buildings, and Survey Contract
pays every badge holder 1 VP) froze version 8 as ``base-v8`` (tests/data/content-v8, made at
734bbd5), and content version 10 (the Supply Depot gives 1 Mineral and 1 Toolkit at Upkeep, and
the Expedition Hub's owner 2 badges an award) froze version 9 as ``base-v9``
(tests/data/content-v9, made at 6af1bfe), and content version 11 (the six buildings whose
claims leaned one way on the studies of versions 8 to 10) froze version 10 as ``base-v10``
(tests/data/content-v10, made at 13ff63b), and content version 12 (Relief Convoy gives 1 Relief
gain, not 3) froze version 11 as ``base-v11`` (tests/data/content-v11, made at fd5d66b). A
further rebalance is played here on a copy of the content folder: version 12 frozen as
``base-v12`` and a version 13 with a flatter building-count chart."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import NamedTuple

import pytest

import artemis.kernel.game as game_module
from artemis.games.project.content import CONTENT
from artemis.games.project.ruleset import ProjectRuleset
from artemis.kernel import plugins
from artemis.kernel.game import ConfigError, Game, GameConfig
from artemis.players.play import play_game
from artemis.records.log import LogError, parse_log, verify
from artemis.records.save import parse_save, restore
from artemis.util import paths


def _recorded(version: int) -> tuple[Path, Path]:
    """The log and the save recorded under content ``version`` (tests/data/content-vN)."""
    folder = Path(__file__).parent / "data" / f"content-v{version}"
    return (folder / "2p-greedy-random-seed3.jsonl",
            folder / "2p-greedy-random-seed3-decision40.json")


V1_LOG, V1_SAVE = _recorded(1)
V2_LOG, V2_SAVE = _recorded(2)
V3_LOG, V3_SAVE = _recorded(3)
V4_LOG, V4_SAVE = _recorded(4)
V5_LOG, V5_SAVE = _recorded(5)
V6_LOG, V6_SAVE = _recorded(6)
V7_LOG, V7_SAVE = _recorded(7)
V8_LOG, V8_SAVE = _recorded(8)
V9_LOG, V9_SAVE = _recorded(9)
V10_LOG, V10_SAVE = _recorded(10)
V11_LOG, V11_SAVE = _recorded(11)
V1_CHART = {3: 4, 4: 6, 5: 8, 6: 11, 7: 14, 8: 17}
OLD_CHART = {3: 4, 4: 6, 5: 8, 6: 10, 7: 12, 8: 14}  # versions 2 to 12 (docs/balance.md)
NEW_CHART = {3: 3, 4: 5, 5: 6, 6: 8, 7: 9, 8: 11}
#: version 1's printed difficulties of the cards version 2 changed (docs/balance.md)
V1_DIFFICULTY = {"black_smoker_survey": 10, "ice_cave_network": 10, "plume_flythrough": 10,
                 "abandoned_outpost": 11, "deep_current_ride": 11, "crater_rim_climb": 12,
                 "thermocline_dive": 12, "storm_chase": 13, "pocket_floor": 14}


def _chart_row(count: int, vp: int) -> str:
    return f"  - {{table: chart_buildings, count: {count}, vp: {vp}, "


def _chart(game) -> dict:
    rows = game.catalog.board.rows
    return {r["count"]: r["vp"] for r in rows
            if r["table"] == "chart_buildings" and r["count"] >= 3}


def _difficulties(game) -> dict:
    return {x.id: x.difficulty for x in game.catalog.expeditions if x.id in V1_DIFFICULTY}


#: version 2's staffed VP of the fixed-VP Surface tiles version 3 lowered by one
#: (docs/balance.md, "What version 3 changed")
V2_SURFACE_VP = {"greenhouse": 3, "memorial_garden": 4, "customs_house": 5, "skyport": 6,
                 "defense_grid": 4, "jupiter_observatory": 4, "governors_residence": 7,
                 "ice_cathedral": 8, "radio_telescope": 8, "cryo_archive": 8}
#: versions 3 to 6: each one lower (version 7 lowered two of them again: `V7_SURFACE_VP`)
V6_SURFACE_VP = {tile: vp - 1 for tile, vp in V2_SURFACE_VP.items()}
V7_SURFACE_VP = {**V6_SURFACE_VP, "governors_residence": 5, "radio_telescope": 6}
V11_SURFACE_VP = {**V7_SURFACE_VP, "ice_cathedral": 6}  # docs/balance.md, version 11


def _surface_vp(game) -> dict:
    """The staffed VP of the tiles of `V2_SURFACE_VP`, as plain data."""
    out = {}
    for tile in V2_SURFACE_VP:
        [step] = game.catalog.by_id[tile].scoring
        assert step.op == "vp"
        out[tile] = step.args
    return out


#: what content version 4 changed (docs/balance.md, "What version 4 changed"), as plain data:
#: version 3's values and version 4's
V3_ROWS = {
    "manufactory": [("pay", {"minerals": 2}), ("vp", 2)],
    "engineering_guild": [("per", 2, 3)],
    "explorers_club": [("per", 1, 6)],
    "settlers_lodge": [("per", 1, 5)],
    "mag_rail_terminal": [("per", 3, 3)],
    "supply_depot": 1,
    "construction_yard": [("vp", 1)],
    "fever_outbreak": [("lose_colonist", {"count": 1})],
    "relief_convoy": [("relief", 1)],
    "leviathan_sighting": [("lose", {"resources": 2})],
}
V4_ROWS = {
    "manufactory": [("pay", {"minerals": 3}), ("vp", 2), ("gain", {"energy": 1})],
    "engineering_guild": [("per", 1, 3)],
    "explorers_club": [("vp", 2), ("per", 1, 3)],
    "settlers_lodge": [("vp", 1), ("per", 1, 3)],
    "mag_rail_terminal": [("per", 4, 3)],
    "supply_depot": 2,
    "construction_yard": [("gain", {"resources": 2})],
    "fever_outbreak": [("lose", {"resources": 2})],
    "relief_convoy": [("relief", 2)],
    "leviathan_sighting": [("lose", {"resources": 2})],
}
#: what content version 5 changed (docs/balance.md, "What version 5 changed"): version 4's
#: rows but these
V5_ROWS = {**V4_ROWS, "supply_depot": 3, "fever_outbreak": [("lose", {"resources": 1})],
           "leviathan_sighting": [("lose", {"resources": 1})]}
#: what content version 6 changed (docs/balance.md, "What version 6 changed"): version 5's
#: rows but these
V6_ROWS = {**V5_ROWS, "manufactory": [("pay", {"minerals": 1}), ("vp", 1), ("gain", {"energy": 1})],
           "relief_convoy": [("relief", 3)]}
#: the Ocean tiles version 6 changed, their slots and upkeep: version 5's and version 6's
V5_TILES = {
    "machine_shop": (("engineer",), [("gain", {"toolkits": 2})]),
    "surface_elevator": (("pioneer", "any"), [("gain_colonist", {"from": "bag"})]),
    "council_chamber": (("steward",), [("vp", 1)]),
}
V6_TILES = {
    "machine_shop": (("any",), [("gain", {"toolkits": 2})]),
    "surface_elevator": (("pioneer", "engineer"), [("gain_colonist", {"from": "bag"})]),
    "council_chamber": (("steward", "any"), [("vp", 1), ("gain", {"toolkits": 1})]),
}
#: what content version 7 changed (docs/balance.md, "What version 7 changed"): version 6's
#: rows but these (the Governor's Residence and the Radio Telescope: `V7_SURFACE_VP`)
V7_ROWS = {**V6_ROWS, "engineering_guild": [("vp", 1), ("per", 1, 2)],
           "mag_rail_terminal": [("per", 5, 3)]}
#: the Marine Barracks' scoring and the Expedition Hub's slots: versions 3 to 6 and version 7
V6_SHAPES = {"marine_barracks": [("vp", 1), ("per", 1, 3)], "expedition_hub": ("any", "any")}
V7_SHAPES = {"marine_barracks": [("per", 1, 3)], "expedition_hub": ("any",)}
#: what content version 8 changed (docs/balance.md, "What version 8 changed"): the targets of
#: the two Events that hit the players with the fewest of a colonist type, versions 1 to 7 and
#: version 8 (their loss, 1 resource since version 5, is version 7's: `V7_ROWS`)
V7_TARGETS = {"leviathan_sighting": ("players_with_fewest", ("colonists", {"type": "marine"})),
              "fever_outbreak": ("players_with_fewest", ("colonists", {"type": "steward"}))}
V8_TARGETS = dict.fromkeys(V7_TARGETS, "each_player")
#: what content version 9 changed (docs/balance.md, "What version 9 changed"): what the Colony
#: Hall's scoring counts (1 VP each, at most 5 since version 3) and Survey Contract's target and
#: effect, versions 3 to 8 and version 9 (`_hall_and_survey`)
V8_HALL_SURVEY = {
    "colony_hall": [("per", {"buildings": {}}, 1, 5, [("vp", 1)])],
    "survey_contract": (("players_with_most", ("held", {"item": "badges"})), [("vp", 2)]),
}
V9_HALL_SURVEY = {
    "colony_hall": [("per", {"buildings": {"kind": "surface"}}, 1, 5, [("vp", 1)])],
    "survey_contract": ("each_player", [("per", {"held": {"item": "badges"}}, 1, 1,
                                         [("vp", 1)])]),
}
#: what content version 10 changed (docs/balance.md, "What version 10 changed"): the Supply
#: Depot's ability (a passive Outfitter bonus of 3 Toolkits since version 5: `V7_ROWS`; version
#: 10: an Upkeep) and the Expedition Hub's passive (its owner's badges per award added)
V10_ROWS = {**V7_ROWS, "supply_depot": [("gain", {"minerals": 1, "toolkits": 1})]}
V9_HUB = [("expedition_send_from", "add", "this_building"),
          ("expedition_return_to", "set", "this_building")]
V10_HUB = [*V9_HUB, ("expedition_badges", "add", 1)]
#: what content version 11 changed (docs/balance.md, "What version 11 changed"): the Machine
#: Shop's and the Council Chamber's upkeep (`V11_TILES`), the Ice Cathedral's VP
#: (`V11_SURFACE_VP`), and these: the Battery Bank's upkeep, the Survey Station's scoring and
#: the Cryo Archive's slots (`_v11`), versions 3 to 10 and version 11
V11_TILES = {
    **V6_TILES,
    "machine_shop": (("any",), [("choose", [[("gain", {"energy": 1, "toolkits": 1})],
                                            [("gain", {"minerals": 1, "toolkits": 1})]])]),
    "council_chamber": (("steward", "any"), [("choose", [[("vp", 1)],
                                                         [("gain", {"resources": 2})]])]),
}
ENERGY = {"held": {"item": "energy"}}
BADGES = {"held": {"item": "badges"}}
V10_OTHERS = {"battery_bank": [("per", ENERGY, 2, 3, [("gain", {"energy": 1})])],
              "survey_station": [("per", BADGES, 2, 2, [("vp", 1)])],
              "cryo_archive": ("marine", "steward", "any")}
V11_OTHERS = {"battery_bank": [("gain", {"energy": 1}),
                               ("per", ENERGY, 2, 2, [("gain", {"energy": 1})])],
              "survey_station": [("per", BADGES, 1, 2, [("vp", 1)])],
              "cryo_archive": ("marine", "steward", "engineer")}
#: what content version 12 changed (docs/balance.md, "What version 12 changed"): Relief
#: Convoy's Relief gains, 3 since version 6 (`V6_ROWS`), 1 again
V12_ROWS = {**V10_ROWS, "relief_convoy": [("relief", 1)]}


def _steps(steps) -> list:
    return [(s.op, s.args["every"], s.args["max"]) if s.op == "per"
            else (s.op, [_steps(option) for option in s.args]) if s.op == "choose"
            else (s.op, s.args) for s in steps]  # a FrozenMap equals the dict of its items


def _rows(game) -> dict:
    """The items of `V4_ROWS` and `V5_ROWS` as plain data: a building's upkeep, scoring or
    trigger, the Supply Depot's Outfitter bonus (its upkeep from version 10), an Event's one
    clause's effect."""
    by_id = game.catalog.by_id
    depot = by_id["supply_depot"]
    return {
        "manufactory": _steps(by_id["manufactory"].upkeep),
        "engineering_guild": _steps(by_id["engineering_guild"].scoring),
        "explorers_club": _steps(by_id["explorers_club"].scoring),
        "settlers_lodge": _steps(by_id["settlers_lodge"].scoring),
        "mag_rail_terminal": _steps(by_id["mag_rail_terminal"].scoring),
        "supply_depot": (_steps(depot.upkeep) if depot.upkeep is not None
                         else [m.value for m in depot.passive.modify][0]),
        "construction_yard": _steps(by_id["construction_yard"].trigger.effect),
        "fever_outbreak": _steps(by_id["fever_outbreak"].clauses[0].effect),
        "relief_convoy": _steps(by_id["relief_convoy"].clauses[0].effect),
        "leviathan_sighting": _steps(by_id["leviathan_sighting"].clauses[0].effect),
    }


def _tiles(game) -> dict:
    """The Ocean tiles of `V6_TILES` as plain data: their slots and upkeep."""
    by_id = game.catalog.by_id
    return {tile: (tuple(by_id[tile].slots), _steps(by_id[tile].upkeep)) for tile in V6_TILES}


def _shapes(game) -> dict:
    """The Marine Barracks' scoring and the Expedition Hub's slots, as plain data."""
    by_id = game.catalog.by_id
    return {"marine_barracks": _steps(by_id["marine_barracks"].scoring),
            "expedition_hub": tuple(by_id["expedition_hub"].slots)}


def _hub(game) -> list:
    """The Expedition Hub's passive, as plain data: (parameter, mode, value) per change."""
    return [(m.param, m.mode, m.value) for m in game.catalog.by_id["expedition_hub"].passive.modify]


def _targets(game) -> dict:
    """The one clause's target of each Event of `V7_TARGETS`, as plain data."""
    by_id = game.catalog.by_id
    out = {}
    for event in V7_TARGETS:
        [clause] = by_id[event].clauses
        out[event] = clause.target  # a FrozenMap equals the dict of its items
    return out


def _deep_steps(steps) -> list:
    """Steps as plain data, a ``per`` step's count and nested effect included."""
    return [(s.op, s.args["count"], s.args["every"], s.args["max"], _deep_steps(s.args["effect"]))
            if s.op == "per" else (s.op, s.args) for s in steps]  # FrozenMaps equal their dicts


def _hall_and_survey(game) -> dict:
    """The Colony Hall's scoring and Survey Contract's one clause (its target and effect), as
    plain data: the two items of `V9_HALL_SURVEY`."""
    by_id = game.catalog.by_id
    [clause] = by_id["survey_contract"].clauses
    return {"colony_hall": _deep_steps(by_id["colony_hall"].scoring),
            "survey_contract": (clause.target, _deep_steps(clause.effect))}


def _v11(game) -> dict:
    """The three items of `V11_OTHERS` as plain data: the Battery Bank's upkeep, the Survey
    Station's scoring and the Cryo Archive's slots."""
    by_id = game.catalog.by_id
    return {"battery_bank": _deep_steps(by_id["battery_bank"].upkeep),
            "survey_station": _deep_steps(by_id["survey_station"].scoring),
            "cryo_archive": tuple(by_id["cryo_archive"].slots)}


def _vault(game) -> dict:
    """The Mineral Vault's scoring rule, as plain data."""
    step = game.catalog.by_id["mineral_vault"].scoring[0]
    assert step.op == "per"
    return {"every": step.args["every"], "max": step.args["max"]}


@pytest.fixture
def rebalance(tmp_path, monkeypatch):
    """A function that switches this process to a further rebalance: the content folder
    copied, today's base frozen as ``project/base-v12``, the base's building-count chart
    flattened and its version 13.0.0, the Project's content version 13, a fresh default plugin
    host and empty catalog caches."""
    def switch():
        root = tmp_path / "content"
        shutil.copytree(paths.content_root(), root)
        project = root / "project"
        shutil.copytree(project / "base", project / "base-v12")
        board = project / "base" / "board.yaml"
        text = board.read_text(encoding="utf-8")
        for count, vp in OLD_CHART.items():
            assert _chart_row(count, vp) in text
            text = text.replace(_chart_row(count, vp), _chart_row(count, NEW_CHART[count]))
        board.write_text(text, encoding="utf-8")
        manifest = project / "base" / "expansion.yaml"
        manifest.write_text(manifest.read_text(encoding="utf-8").replace(
            "version: 12.0.0", "version: 13.0.0"), encoding="utf-8")
        monkeypatch.setattr(paths, "content_root", lambda: root)
        monkeypatch.setattr(ProjectRuleset, "content_version", 13)
        monkeypatch.setattr(game_module, "_CATALOGS", {})
        monkeypatch.setattr(game_module, "_TARGETS", {})
        monkeypatch.setattr(CONTENT, "_default", None)
        monkeypatch.setitem(plugins.HOSTS, "default", plugins.load_plugins())
        return root

    return switch


class Values(NamedTuple):
    """A content version's values of the items issue 28's rebalances changed (``tiles`` None:
    not checked)."""
    rows: dict
    tiles: dict | None
    shapes: dict
    surface_vp: dict
    targets: dict
    hall_and_survey: dict
    hub: list
    others: dict


#: per content version 3 to 12: its values, each version's written as what it changed from
#: the version before (docs/balance.md, "What version N changed")
FROZEN = {3: Values(V3_ROWS, None, V6_SHAPES, V6_SURFACE_VP, V7_TARGETS, V8_HALL_SURVEY, V9_HUB,
                    V10_OTHERS)}
for _version, _changed in [
    (4, {"rows": V4_ROWS, "tiles": V5_TILES}),
    (5, {"rows": V5_ROWS}),
    (6, {"rows": V6_ROWS, "tiles": V6_TILES}),
    (7, {"rows": V7_ROWS, "shapes": V7_SHAPES, "surface_vp": V7_SURFACE_VP}),
    (8, {"targets": V8_TARGETS}),
    (9, {"hall_and_survey": V9_HALL_SURVEY}),
    (10, {"rows": V10_ROWS, "hub": V10_HUB}),
    (11, {"tiles": V11_TILES, "surface_vp": V11_SURFACE_VP, "others": V11_OTHERS}),
    (12, {"rows": V12_ROWS}),
]:
    FROZEN[_version] = FROZEN[_version - 1]._replace(**_changed)


def _plays_its_own_values(game, version: int) -> None:
    """``game`` plays content version ``version``'s values, as `FROZEN` has them."""
    want = FROZEN[version]
    assert _rows(game) == want.rows and _shapes(game) == want.shapes
    assert _surface_vp(game) == want.surface_vp and _targets(game) == want.targets
    assert _hall_and_survey(game) == want.hall_and_survey and _hub(game) == want.hub
    assert _v11(game) == want.others
    if want.tiles is not None:
        assert _tiles(game) == want.tiles


@pytest.mark.parametrize("version", sorted(FROZEN, reverse=True))
def test_content_versions_3_to_12_play_their_own_values(version):
    game = Game.new({"players": 2, "seed": 3, "content_version": version})
    assert [p.version for p in game.catalog.packs] == [f"{version}.0.0"]
    _plays_its_own_values(game, version)


def test_a_new_game_plays_content_version_12_and_older_versions_play_their_frozen_copies():
    new = Game.new({"players": 2, "seed": 3})
    assert new.config.content_version == ProjectRuleset.content_version == 12
    assert [p.version for p in new.catalog.packs] == ["12.0.0"]
    _plays_its_own_values(new, 12)
    v2 = Game.new({"players": 2, "seed": 3, "content_version": 2})
    assert [p.version for p in v2.catalog.packs] == ["2.0.0"]
    assert _surface_vp(v2) == V2_SURFACE_VP
    assert _vault(v2) == {"every": 3, "max": 5} and _chart(v2) == OLD_CHART
    assert max(x.difficulty for x in new.catalog.expeditions) == 10
    assert _difficulties(new) == {**dict.fromkeys(["black_smoker_survey", "ice_cave_network",
                                                   "plume_flythrough"], 9),
                                  **dict.fromkeys(["abandoned_outpost", "deep_current_ride",
                                                   "crater_rim_climb", "thermocline_dive",
                                                   "storm_chase", "pocket_floor"], 10)}
    assert _vault(new) == {"every": 3, "max": 5}
    assert _chart(new) == OLD_CHART  # two a building from the sixth on (docs/balance.md)
    old = Game.new({"players": 2, "seed": 3, "content_version": 1})
    assert [p.version for p in old.catalog.packs] == ["1.0.0"]
    assert _difficulties(old) == V1_DIFFICULTY
    assert _vault(old) == {"every": 2, "max": 6}
    assert _chart(old) == V1_CHART and _targets(old) == V7_TARGETS
    # version 1's Colony Hall counted every building up to 7 times (version 3: 5)
    assert _hall_and_survey(old) == {
        **V8_HALL_SURVEY, "colony_hall": [("per", {"buildings": {}}, 1, 7, [("vp", 1)])]}


def test_a_log_and_a_save_of_content_version_1_replay_identically():
    header = json.loads(V1_LOG.read_text().splitlines()[0])
    assert header["content_version"] == 1 and header["content"]["packs"] == ["base 1.0.0"]
    parsed = parse_log(V1_LOG.read_text(), str(V1_LOG))
    assert parsed.config["content_version"] == 1
    assert verify(parsed) is None  # every entry, final scores included, as recorded
    # the same log without a content_version (written before versions existed) is version 1
    lines = V1_LOG.read_text().splitlines()
    bare = dict(header)
    del bare["content_version"]
    unversioned = parse_log("\n".join([json.dumps(bare), *lines[1:]]) + "\n", "unversioned")
    assert unversioned.config["content_version"] == 1 and verify(unversioned) is None
    # read as version 5 it is refused: its content is not the one it records
    forced = parse_log("\n".join([json.dumps({**header, "content_version": 5}), *lines[1:]])
                       + "\n", "forced")
    with pytest.raises(LogError, match=r"the content differs from the log's: .*the log was "
                                       r"made with packs \[base 1.0.0\].*now loaded: packs "
                                       r"\[base 5.0.0\]"):
        verify(forced)
    # the save at decision 40 loads on version 1 and plays on as the recorded game did
    loaded = restore(parse_save(V1_SAVE.read_text()))
    game = loaded.game
    assert game.config.content_version == 1 and _vault(game) == {"every": 2, "max": 6}
    assert len(game.actions) == 40
    recorded = [e for e in (json.loads(x) for x in lines[1:]) if e.get("type") == "action"]
    assert [a.id for a in game.actions] == [e["id"] for e in recorded[:40]]
    bots = loaded.bots
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    final = next(json.loads(x) for x in reversed(lines) if '"final_scoring"' in x)
    assert game.result["winner"] == final["winner"] == 0
    assert {str(r["seat"]): r["vp"] for r in game.result["players"]} == final["totals"]
    # a new game of the same seed and bots plays the new values, and differs
    kinds = ["greedy", "random"]
    assert play_game(GameConfig(players=2, seed=3, content_version=1), kinds).result == \
        game.result
    assert play_game(GameConfig(players=2, seed=3), kinds).result != game.result


def test_a_log_and_a_save_of_content_version_2_replay_identically():
    lines = V2_LOG.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["content_version"] == 2 and header["content"]["packs"] == ["base 2.0.0"]
    parsed = parse_log(V2_LOG.read_text(), str(V2_LOG))
    assert parsed.config["content_version"] == 2 and verify(parsed) is None
    loaded = restore(parse_save(V2_SAVE.read_text()))
    game = loaded.game
    assert game.config.content_version == 2 and _surface_vp(game) == V2_SURFACE_VP
    assert len(game.actions) == 40
    bots = loaded.bots
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    final = next(json.loads(x) for x in reversed(lines) if '"final_scoring"' in x)
    assert game.result["winner"] == final["winner"] == 0
    assert {str(r["seat"]): r["vp"] for r in game.result["players"]} == final["totals"] == \
        {"0": 35, "1": 2}
    # the same seed and bots with version 3's values score otherwise
    assert play_game(GameConfig(players=2, seed=3, content_version=3),
                     ["greedy", "random"]).result != game.result


def test_a_log_and_a_save_of_content_version_3_replay_identically():
    lines = V3_LOG.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["content_version"] == 3 and header["content"]["packs"] == ["base 3.0.0"]
    parsed = parse_log(V3_LOG.read_text(), str(V3_LOG))
    assert parsed.config["content_version"] == 3 and verify(parsed) is None
    loaded = restore(parse_save(V3_SAVE.read_text()))
    game = loaded.game
    assert game.config.content_version == 3 and _rows(game) == V3_ROWS
    assert len(game.actions) == 40
    bots = loaded.bots
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    final = next(json.loads(x) for x in reversed(lines) if '"final_scoring"' in x)
    assert game.result["winner"] == final["winner"] == 0
    assert {str(r["seat"]): r["vp"] for r in game.result["players"]} == final["totals"] == \
        {"0": 33, "1": 2}
    # the same seed and bots with version 4's values score otherwise
    assert play_game(GameConfig(players=2, seed=3, content_version=4),
                     ["greedy", "random"]).result != game.result


@pytest.mark.parametrize(("version", "log", "save", "totals"), [
    (4, V4_LOG, V4_SAVE, {"0": 30, "1": 5}),
    (5, V5_LOG, V5_SAVE, {"0": 30, "1": 5}),
    (6, V6_LOG, V6_SAVE, {"0": 23, "1": -2}),
    (7, V7_LOG, V7_SAVE, {"0": 24, "1": -1}),
    (8, V8_LOG, V8_SAVE, {"0": 24, "1": -1}),
    (9, V9_LOG, V9_SAVE, {"0": 24, "1": -1}),
    (10, V10_LOG, V10_SAVE, {"0": 24, "1": -1}),
    (11, V11_LOG, V11_SAVE, {"0": 24, "1": -1}),
])
def test_a_log_and_a_save_of_content_version_4_to_11_replay_identically(version, log, save,
                                                                         totals):
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["content_version"] == version
    assert header["content"]["packs"] == [f"base {version}.0.0"]
    parsed = parse_log(log.read_text(), str(log))
    assert parsed.config["content_version"] == version and verify(parsed) is None
    loaded = restore(parse_save(save.read_text()))
    game = loaded.game
    assert game.config.content_version == version
    # its rows, the Ocean tiles version 6 changed, the tiles version 7 changed besides its rows,
    # the two Events' targets version 8 changed, the Colony Hall and Survey Contract version 9
    # changed, the two Ocean tiles version 10 changed, the six buildings version 11 changed and
    # the Event version 12 changed
    _plays_its_own_values(game, version)
    assert len(game.actions) == 40
    bots = loaded.bots
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    final = next(json.loads(x) for x in reversed(lines) if '"final_scoring"' in x)
    assert game.result["winner"] == final["winner"] == 0
    assert {str(r["seat"]): r["vp"] for r in game.result["players"]} == final["totals"] == \
        totals
    assert play_game(GameConfig(players=2, seed=3, content_version=version),
                     ["greedy", "random"]).result == game.result


def test_a_further_rebalance_keeps_version_12_files_replaying(rebalance, tmp_path):
    from artemis.records.log import write_log

    config = GameConfig(players=2, seed=3)
    kinds = ["greedy", "random"]
    game = play_game(config, kinds)
    log = tmp_path / "v12.jsonl"
    write_log(game, str(log), kinds)  # a str path as well as a Path
    assert json.loads(log.read_text().splitlines()[0])["content_version"] == 12
    rebalance()
    new = Game.new({"players": 2, "seed": 3})
    assert new.config.content_version == 13 and _chart(new) == NEW_CHART
    parsed = parse_log(log.read_text(), str(log))
    assert parsed.config["content_version"] == 12 and verify(parsed) is None
    for older in (V1_LOG, V2_LOG, V3_LOG, V4_LOG, V5_LOG, V6_LOG, V7_LOG, V8_LOG,
                  V9_LOG, V10_LOG, V11_LOG):  # and versions 1's to 11's
        assert verify(parse_log(older.read_text(), str(older))) is None


def test_a_content_version_this_engine_does_not_ship_is_refused_in_words(rebalance):
    with pytest.raises(ConfigError, match=r"content_version 13 is not a content version of "
                                          r"The Artemis Project: this engine plays 1 to 12 "
                                          r"\(a later one needs a newer artemis"):
        Game.new({"players": 2, "seed": 1, "content_version": 13})
    with pytest.raises(ConfigError, match=r"content_version must be a whole number, got '1'"):
        Game.new({"players": 2, "seed": 1, "content_version": "1"})
    root = rebalance()
    shutil.rmtree(root / "project" / "base-v1")  # a broken installation
    with pytest.raises(ConfigError, match=r"content version 1 of The Artemis Project is not "
                                          r"shipped: its frozen base pack, project/base-v1, "
                                          r"is missing from this installation"):
        Game.new({"players": 2, "seed": 1, "content_version": 1})


def test_simulate_plays_an_older_content_version_and_will_not_merge_two(tmp_path):
    from typer.testing import CliRunner

    from artemis.cli import app

    def run(*extra, out=None):
        args = ["simulate", "--players", "2", "--games", "2", "--bots", "random", "--seed",
                "5", "--workers", "1", "--game-timeout", "0", *extra]
        return CliRunner().invoke(app, [*args, *(["--out", str(out)] if out else [])])

    old, new = tmp_path / "v1.json", tmp_path / "v12.json"
    played = run("--content-version", "1", out=old)
    assert played.exit_code == 0
    # the plain report says which content the games played
    assert "run seed 5, content version 1 (base 1.0.0): 2 finished" in played.output
    assert run("--start", "2", out=new).exit_code == 0
    v1, v12 = json.loads(old.read_text()), json.loads(new.read_text())
    assert v1["config"]["content_version"] == 1 and v12["config"]["content_version"] == 12
    assert [(p["id"], p["version"]) for p in v1["config"]["packs"]] == [("base", "1.0.0")]
    assert [(p["id"], p["version"]) for p in v12["config"]["packs"]] == [("base", "12.0.0")]
    # each base's own files (docs/simulate.md, "Index ranges and merging")
    assert v1["config"]["packs"][0]["digest"] != v12["config"]["packs"][0]["digest"]
    merged = CliRunner().invoke(app, ["simulate", "merge", str(old), str(new)])
    assert merged.exit_code == 1, merged.output
    assert f"its config's 'content_version' is 12, report 1 ({old})'s 1" in merged.output
    bad = run("--content-version", "13")
    assert bad.exit_code == 2
    assert "content_version 13 is not a content version of The Artemis Project" in bad.output


def test_a_config_file_chooses_the_content_version_and_a_flag_overrides_it(tmp_path):
    from typer.testing import CliRunner

    from artemis.cli import app

    def play(path, *extra):
        return CliRunner().invoke(app, ["play", "--config", str(path), "--json", *extra])

    old = tmp_path / "v1.yaml"
    old.write_text("players: 2\nseed: 3\ncontent_version: 1\n", encoding="utf-8")
    result = play(old)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["config"]["content_version"] == 1
    # the same game as the flag plays: version 1's scores, not version 4's
    flagged = CliRunner().invoke(app, ["play", "--players", "2", "--seed", "3", "--json",
                                       "--content-version", "1"])
    assert json.loads(flagged.stdout)["players"] == json.loads(result.stdout)["players"]
    over = play(old, "--content-version", "2")
    assert json.loads(over.stdout)["config"]["content_version"] == 2
    newer = tmp_path / "v13.yaml"
    newer.write_text("players: 2\ncontent_version: 13\n", encoding="utf-8")
    bad = play(newer)
    assert bad.exit_code == 1
    [problem] = json.loads(bad.stdout)  # --json: the problems as JSON
    assert {k: problem[k] for k in ("file", "line", "code", "hint")} == {
        "file": str(newer), "line": 2, "code": "E205",
        "hint": "give 1 to 12, or leave it out for the current one"}
    assert problem["message"].startswith("content_version 13 is not a content version of The "
                                         "Artemis Project: this engine plays 1 to 12")


def test_a_file_whose_content_version_was_edited_is_told_so(tmp_path):
    from artemis.records.save import SaveError, load_save

    log_text = V1_LOG.read_text().replace('"content_version": 1,', '"content_version": 2,', 1)
    with pytest.raises(LogError) as caught:
        verify(parse_log(log_text, "edited.jsonl"))
    message = str(caught.value)
    assert message.startswith("edited.jsonl:1: the content differs from the log's")
    assert message.endswith("; it names content_version 2, but its packs hold base 1.0.0, the "
                            "base of content version 1: was content_version edited? Set it "
                            "back to 1")
    save = tmp_path / "edited.json"
    save.write_text(V1_SAVE.read_text().replace('"content_version": 1}',
                                                '"content_version": 3}', 1))
    with pytest.raises(SaveError, match=r"content differs from the save's: .*; it names "
                                        r"content_version 3, but its packs hold base 1.0.0, "
                                        r"the base of content version 1: was content_version "
                                        r"edited\? Set it back to 1; the save's digest does "
                                        r"not match either: it was edited$"):
        load_save(save)
    # a version 2 log without its content_version plays version 1: said so
    bare = V2_LOG.read_text().replace('"content_version": 2, ', "", 1)
    with pytest.raises(LogError, match=r"; it names no content_version, so version 1 is "
                                       r"played, but its packs hold base 2.0.0, the base of "
                                       r"content version 2: was content_version taken out\? "
                                       r"Add content_version 2$"):
        verify(parse_log(bare, "bare.jsonl"))
    # another cause (a pack the log names that is not loaded) keeps the general advice
    other = V1_LOG.read_text().replace('"packs": ["base 1.0.0"]',
                                       '"packs": ["base 1.0.0", "reef 0.1.0"]', 1)
    with pytest.raises(LogError, match=r"\(install or remove what differs"):
        verify(parse_log(other.replace('"sha256": "', '"sha256": "0', 1), "other.jsonl"))
    # the same packs and plugins, names and versions, but other files: a pack edited since
    from artemis.records.log import write_log

    log = tmp_path / "fresh.jsonl"
    write_log(play_game(GameConfig(players=2, seed=3), ["random", "random"]), log,
              ["random", "random"])
    changed = log.read_text().replace('"sha256": "', '"sha256": "0', 1)
    with pytest.raises(LogError, match=r"now loaded: packs \[base 12.0.0\] and plugins "
                                       r"\[.*\] \(the same packs and plugins at the same "
                                       r"versions, but a pack's files differ: it was edited "
                                       r"after the game was played, without a new version"):
        verify(parse_log(changed, "changed.jsonl"))


@pytest.mark.parametrize("version", [0, -2, 13])
def test_a_save_naming_a_content_version_out_of_range_names_that_field(tmp_path, version):
    from typer.testing import CliRunner

    from artemis.cli import app

    saved = tmp_path / "s.json"
    played = CliRunner().invoke(app, ["play", "--players", "2", "--seed", "3", "--quiet",
                                      "--save", str(saved)])
    assert played.exit_code == 0, played.output
    data = json.loads(saved.read_text())
    data["config"]["content_version"] = version
    saved.write_text(json.dumps(data))
    loaded = CliRunner().invoke(app, ["play", "--load", str(saved), "--quiet"])
    assert loaded.exit_code != 0
    assert (f"field /config/content_version: content_version {version} is not a content "
            "version of The Artemis Project: this engine plays 1 to 12") in loaded.output
    assert "Traceback" not in loaded.output


def test_content_show_and_list_read_an_older_content_version():
    from typer.testing import CliRunner

    from artemis.cli import app

    runner = CliRunner()
    old = runner.invoke(app, ["content", "show", "manufactory", "--content-version", "3",
                              "--json"])
    assert old.exit_code == 0, old.output
    assert json.loads(old.stdout)["upkeep"] == [{"pay": {"minerals": 2}}, {"vp": 2}]
    new = runner.invoke(app, ["content", "show", "manufactory", "--json"])
    assert json.loads(new.stdout)["upkeep"] == [{"pay": {"minerals": 1}}, {"vp": 1},
                                                {"gain": {"energy": 1}}]
    rows = runner.invoke(app, ["content", "list", "events", "--content-version", "3",
                               "--json"])
    assert rows.exit_code == 0, rows.output
    fever = next(r for r in json.loads(rows.stdout) if r["id"] == "fever_outbreak")
    assert "colonist" in json.dumps(fever)  # version 3: the fewest Stewards lose a colonist
    # the text says which version it read: an older version's rows look like today's
    said = runner.invoke(app, ["content", "list", "events", "--content-version", "3"])
    assert said.exit_code == 0 and said.stdout.startswith("content version 3 (base 3.0.0)\n")
    shown = runner.invoke(app, ["content", "show", "manufactory", "--content-version", "2"])
    assert shown.stdout.startswith("content version 2 (base 2.0.0)\n")
    assert "pay 2 Minerals" in shown.stdout
    bad = runner.invoke(app, ["content", "list", "--content-version", "13"])
    assert bad.exit_code == 2
    assert ("--content-version 13: content_version 13 is not a content version of The Artemis "
            "Project: this engine plays 1 to 12") in bad.output
    assert "Traceback" not in bad.output


@pytest.mark.parametrize(("field", "value", "said"), [
    ("content_version", "5", 'expected a whole number, got "5" (The Artemis Project plays '
                             'content_version 1 to 12)'),
    ("content_version", 2.5, "expected a whole number, got 2.5 (The Artemis Project plays "
                             "content_version 1 to 12)"),
    ("rules_version", None, "expected a whole number, got null (The Artemis Project plays "
                            "rules_version 1 to 2)"),
])
def test_a_save_whose_version_is_not_a_number_is_told_the_versions_played(tmp_path, field,
                                                                          value, said):
    from artemis.records.save import SaveError, load_save

    saved = tmp_path / "s.json"
    data = json.loads(V5_SAVE.read_text())
    data["config"][field] = value
    saved.write_text(json.dumps(data))
    with pytest.raises(SaveError) as caught:
        load_save(saved)
    assert str(caught.value) == f"{saved}: field /config/{field}: {said}"


def test_play_names_an_older_content_version_above_its_account():
    from typer.testing import CliRunner

    from artemis.cli import app

    runner = CliRunner()
    old = runner.invoke(app, ["play", "--players", "2", "--seed", "3", "--quiet",
                              "--content-version", "5"])
    assert old.exit_code == 0, old.output
    assert old.stdout.startswith("content version 5 (base 5.0.0)\nP0 (random): ")
    last = runner.invoke(app, ["play", "--players", "2", "--seed", "3", "--quiet",
                               "--content-version", "11"])  # the version 12 froze
    assert last.exit_code == 0, last.output
    assert last.stdout.startswith("content version 11 (base 11.0.0)\nP0 (random): ")
    account = runner.invoke(app, ["play", "--players", "2", "--seed", "3",
                                  "--content-version", "1"])
    assert account.stdout.startswith("content version 1 (base 1.0.0)\n── Round 1 ")
    new = runner.invoke(app, ["play", "--players", "2", "--seed", "3", "--quiet"])
    assert new.stdout.startswith("content version 12 (base 12.0.0)\nP0 (random): ")  # today's
    # a replay says it too: the version its log played, above the same account
    replayed = runner.invoke(app, ["replay", str(V9_LOG)])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.stdout.startswith("content version 9 (base 9.0.0)\n── Round 1 ")
