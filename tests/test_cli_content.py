"""`artemis content list` and `artemis content show`, through typer's CliRunner, and the words
they print (artemis.games.project.words)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.effects.model import Step
from artemis.games.project.content import load_catalog
from artemis.games.project.words import describe, describe_ability, describe_target
from artemis.util.paths import content_root

WIDE = {"COLUMNS": "250"}  # rich wraps table cells to the terminal width


def run(*args: str):
    return CliRunner().invoke(app, list(args), env=WIDE)


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


# -- content list -------------------------------------------------------------------------------


def test_list_piped_at_80_columns_cuts_no_cell_short():
    # not a terminal (CliRunner, like `| cat`): names and provenance print whole
    result = CliRunner().invoke(app, ["content", "list"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "…" not in result.stdout
    row = next(line for line in result.stdout.splitlines()
               if line.startswith("│ volcanic_extractor "))
    assert "│ Volcanic Extractor " in row and "rest RECONSTRUCTED" in row


def test_list_all():
    result = run("content", "list")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for title in ("buildings (52)", "expeditions (22)", "events (14)", "relief_track (10)",
                  "board (47)"):
        assert title in out
    assert "145 items" in out
    # buildings: kind, slots and the ability in words
    assert "At Upkeep, if fully staffed: gain 2 Minerals" in out
    assert "pioneer, pioneer" in out
    # expeditions: both rewards in words
    assert "gain the 2 colonists laid on this reward" in out
    # events: when and clauses in words
    assert "each player: lose 1 resource in any mix" in out  # Leviathan Sighting (version 8)
    assert "C (before Quarry)" in out


def test_list_buildings_reconstructed():
    result = run("content", "list", "buildings", "--provenance", "reconstructed")
    assert result.exit_code == 0, result.output
    assert "buildings (52)" in result.stdout
    assert "52 items" in result.stdout
    assert "expeditions" not in result.stdout


def test_list_provenance_filter_narrows():
    result = run("content", "list", "expeditions", "--provenance", "Rulebook")
    assert result.exit_code == 0, result.output
    assert "first_descent" in result.stdout
    assert "ice_shelf_survey" not in result.stdout
    assert "1 item" in result.stdout


def test_list_json_parses():
    result = run("content", "list", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert len(rows) == 145
    for row in rows:
        assert {"kind", "id", "name", "provenance", "summary"} <= set(row)
    by_id = {r["id"]: r for r in rows if r["kind"] in ("buildings", "expeditions", "events")}
    bb = by_id["battery_bank"]
    assert bb["tile_kind"] == "ocean"
    assert bb["slots"] == ["engineer", "any"]
    assert bb["ability"] == "upkeep"
    assert bb["effect"] == ("At Upkeep, if fully staffed: gain 1 Energy, then gain 1 Energy "
                            "per 2 Energy held (at most 2 times)")  # content version 11
    assert by_id["volcanic_extractor_2"]["duplicate_of"] == "volcanic_extractor"
    fd = by_id["first_descent"]
    assert (fd["difficulty"], fd["energy"], fd["minerals"]) == (8, 4, 3)
    assert fd["rewards"] == ["gain the 2 colonists laid on this reward", "1 VP"]
    assert by_id["cave_in"]["when"] == "C"
    assert by_id["cave_in"]["clauses"] == ["each player: lose 1 Energy per die in the Quarry"]


def test_list_json_filtered():
    result = run("content", "list", "events", "--provenance", "reconstructed", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert len(rows) == 14
    assert {r["kind"] for r in rows} == {"events"}


def test_list_unknown_kind_is_a_usage_error():
    result = run("content", "list", "nonsense")
    assert result.exit_code == 2
    assert "unknown kind 'nonsense'" in result.stderr
    assert "buildings, expeditions, events, relief_track, board" in result.stderr
    assert result.stdout == ""


def test_list_kind_typo_suggests():
    result = run("content", "list", "bulidings")
    assert result.exit_code == 2
    assert "did you mean 'buildings'?" in result.stderr


# -- content show -------------------------------------------------------------------------------


def test_show_battery_bank():
    result = run("content", "show", "battery_bank")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Battery Bank (battery_bank)" in out
    assert "2 slots: engineer, any" in out
    assert ("At Upkeep, if fully staffed: gain 1 Energy, then gain 1 Energy per 2 Energy held "
            "(at most 2 times)") in out  # content version 11
    assert "[{gain: {energy: 1}}, {per: {count: {held: {item: energy}}, every: 2, max: 2" in out
    assert "name: research §1; kind + rest RECONSTRUCTED" in out


def test_show_duplicate_names_its_original():
    result = run("content", "show", "deep_trawler_2")
    assert result.exit_code == 0, result.output
    assert "duplicate of" in result.stdout
    assert "deep_trawler (Deep Trawler" in result.stdout
    assert "choose one: gain 2 Energy / gain 2 Minerals" in result.stdout


def test_show_expedition_and_event():
    result = run("content", "show", "pocket_floor")
    assert result.exit_code == 0, result.output
    assert "gain the building laid on this reward, then 1 VP" in result.stdout
    assert "gain 2 resources in any mix" in result.stdout  # reward B (content version 2)
    result = run("content", "show", "survey_contract")
    assert result.exit_code == 0, result.output
    assert "G (after Academy)" in result.stdout
    # content version 9: every badge holder 1 VP, not the players with the most badges 2
    assert "each player: 1 VP per Expedition badge held (at most 1 time)" in result.stdout
    assert "most Expedition badges" not in result.stdout
    old = run("content", "show", "survey_contract", "--content-version", "8")
    assert old.exit_code == 0, old.output
    assert old.stdout.startswith("content version 8 (base 8.0.0)\n")
    assert "the players with the most Expedition badges: 2 VP" in old.stdout


def test_show_json():
    result = run("content", "show", "geothermal_tap_2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["type"] == "building"
    assert data["slots"] == ["pioneer", "pioneer"]
    assert data["upkeep"] == [{"gain": {"energy": 2}}]
    assert data["words"] == "At Upkeep, if fully staffed: gain 2 Energy"
    assert data["original"]["id"] == "geothermal_tap"
    hub = json.loads(run("content", "show", "expedition_hub", "--json").stdout)
    assert hub["passive"] == {"requires": "owned", "modify": [
        {"param": "expedition_send_from", "add": "this_building"},
        {"param": "expedition_return_to", "set": "this_building"},
        {"param": "expedition_badges", "add": 1}]}  # content version 10
    event = json.loads(run("content", "show", "leviathan_sighting", "--json").stdout)
    assert event["clauses"][0]["effect"] == [{"lose": {"resources": 1}}]
    assert event["clauses"][0]["target"] == "each_player"  # content version 8
    assert event["words"] == ["each player: lose 1 resource in any mix"]


def test_show_unknown_id():
    result = run("content", "show", "nosuch")
    assert result.exit_code == 1
    assert "no building, expedition or event with id 'nosuch'" in result.stderr
    assert "artemis content list" in result.stderr  # nothing is close: where to look instead
    assert result.stdout == ""


def test_show_typo_suggests_the_nearest_id():
    result = run("content", "show", "battery_bnak")
    assert result.exit_code == 1
    assert "did you mean 'battery_bank'?" in result.stderr
    result = run("content", "show", "Battery Bank")
    assert result.exit_code == 1
    assert "did you mean 'battery_bank'?" in result.stderr


# -- the words ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("effect", "words"), [
    ([{"gain": {"minerals": 2}}], "gain 2 Minerals"),
    ([{"gain": {"energy": 1, "minerals": 1}}], "gain 1 Energy and 1 Mineral"),
    ([{"pay": {"minerals": 2}}, {"vp": 2}], "pay 2 Minerals, then 2 VP"),
    ([{"vp": -1}], "lose 1 VP"),
    ([{"choose": [[{"gain": {"energy": 2}}], [{"gain": {"minerals": 2}}]]}],
     "choose one: gain 2 Energy / gain 2 Minerals"),
    ([{"per": {"count": {"held": {"item": "badges"}}, "every": 2, "max": 4,
               "effect": [{"vp": 1}]}}],
     "1 VP per 2 Expedition badges held (at most 4 times)"),
    ([{"gain_colonist": {"from": "bag"}}], "gain 1 colonist from the bag"),
    ([{"gain_colonist": {"from": "reward", "count": 2}}],
     "gain the 2 colonists laid on this reward"),
    ([{"gain_building": {"from": "reward"}}], "gain the building laid on this reward"),
    ([{"relief": 1}], "1 step on the Relief Track"),
    ([{"stock": {"region": "vents", "amount": 4}}], "add 4 Energy to the Vents"),
    ([{"stock": {"region": "vents", "amount": -4}}], "remove 4 Energy from the Vents"),
    ([{"stock": {"region": "doorstep", "amount": 3}}],
     "draw 3 colonists from the bag to the Doorstep"),
    ([{"modify": {"param": "doorstep_cost_per_colonist", "set": 1}}],
     "set the Energy paid per colonist recruited at the Doorstep to 1"),
    ([{"modify": {"param": "gantry_price_adjust", "add": -2}}], "subtract 2 from the Gantry price"),
    ([{"modify": {"param": "my_param", "add": 2}}], "add 2 to my_param"),
    ([{"lose_colonist": {"count": 1}}], "discard 1 colonist from the Shelters"),
    ([{"harsh_draw": {"region": "vents", "amount": 2}}], "harsh_draw(region: vents, amount: 2)"),
    ([{"double_vp": 3}], "double_vp(3)"),
])
def test_describe(effect, words):
    assert describe(effect) == words


def test_describe_takes_steps():
    assert describe((Step("gain", {"toolkits": 1}), Step("vp", 1))) == "gain 1 Toolkit, then 1 VP"
    assert describe(()) == "nothing"


def test_describe_abilities(catalog):
    assert describe_ability(catalog["manufactory"]) == (
        "At Upkeep, if fully staffed: pay 1 Mineral, then 1 VP, then gain 1 Energy")
    assert describe_ability(catalog["shuttle_bay"]) == (
        "While fully staffed: set the Energy paid per colonist recruited at the Doorstep to 1")
    assert describe_ability(catalog["field_station"]) == (
        "After each successful Expedition you had a die on, if fully staffed: gain 1 Energy "
        "and 1 Mineral")
    assert describe_ability(catalog["survey_station"]) == (
        "At game end, if fully staffed: 1 VP per Expedition badge held (at most 2 times)")
    # content version 9: the Colony Hall counts Surface buildings; version 8's, every building
    assert describe_ability(catalog["colony_hall"]) == (
        "At game end, if fully staffed: 1 VP per Surface building owned (at most 5 times)")
    v8 = load_catalog(base=content_root() / "project" / "base-v8")
    assert describe_ability(v8["colony_hall"]) == (
        "At game end, if fully staffed: 1 VP per building owned (at most 5 times)")


def test_describe_targets(catalog):
    assert describe_target(None) == "the board"
    assert describe_target("each_player") == "each player"
    assert describe_target(catalog["survey_contract"].clauses[0].target) == "each player"
    # content version 9's Survey Contract pays every badge holder; version 8's, the most
    v8 = load_catalog(base=content_root() / "project" / "base-v8").by_id
    assert describe_target(v8["survey_contract"].clauses[0].target) == (
        "the players with the most Expedition badges")
    assert describe_target(catalog["relief_convoy"].clauses[0].target) == (
        "the players with the fewest buildings")
    assert describe_target({"players_with_fewest": {"colonists": {"type": "steward"}}}) == (
        "the players with the fewest Stewards")
