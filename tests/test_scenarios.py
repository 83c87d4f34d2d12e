"""Scenario files (docs/scenarios.md): the rulebook's worked examples under tests/scenarios/
pass; a wrong expectation fails showing path, expected and actual; bad files give located
errors; the runner's step rules; and `artemis scenario run` exit codes."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
from jsonschema import Draft7Validator
from ruamel.yaml import YAML
from typer.testing import CliRunner

from artemis.cli import app
from artemis.scenario import (
    CODES,
    ScenarioError,
    load_scenario,
    load_scenarios,
    run_scenario,
    scenario_files,
)

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = REPO / "tests" / "scenarios"
FILES = sorted(SCENARIOS.glob("*.yaml"))
VENTS = SCENARIOS / "vents_8_energy.yaml"


def write(tmp_path: Path, text: str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def problems_of(path: Path) -> list:
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    return info.value.problems


# -- the worked examples ------------------------------------------------------------------------

def test_the_rulebook_examples_are_there():
    assert {p.stem for p in FILES} >= {"vents_8_energy", "expedition_6_7_3", "gantry_example",
                                       "doorstep_example", "academy_example",
                                       "relief_track_example"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario_passes(path):
    for scenario in load_scenarios(path):
        outcome = run_scenario(scenario)
        assert outcome.passed, outcome.failure and outcome.failure.message
        assert outcome.steps_run == len(outcome.scenario.steps) > 0


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario_names_its_schema_and_fits_it(path):
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[0] == ("# yaml-language-server: "
                                    "$schema=../../schemas/scenario.schema.json")
    schema = json.loads((REPO / "schemas" / "scenario.schema.json").read_text("utf-8"))
    errors = list(Draft7Validator(schema).iter_errors(YAML(typ="safe").load(text)))
    assert not errors, [e.message for e in errors]


def test_a_scenario_runs_again_from_the_same_position():
    scenario = load_scenario(VENTS)
    first, second = run_scenario(scenario), run_scenario(scenario)
    assert first.passed and second.passed
    assert scenario.game.view()["board"]["vents"] == 8  # the runs used clones
    assert first.game.view()["players"][0]["energy"] == 7


# -- a wrong expectation --------------------------------------------------------------------------

def test_a_wrong_expectation_fails_with_path_expected_and_actual(tmp_path):
    text = VENTS.read_text(encoding="utf-8").replace("players.green.energy: 7",
                                                     "players.green.energy: 8")
    path = write(tmp_path, text)
    outcome = run_scenario(load_scenario(path))
    f = outcome.failure
    assert not outcome.passed
    assert (f.code, f.path, f.expected, f.actual) == ("S401", "players.green.energy", 8, 7)
    assert f.message == "players.green.energy: expected 8, actual 7"
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "green.energy" in s)
    assert (f.line, f.column) == (line, 3)


def test_a_mapping_checks_its_keys_and_reports_the_first_one_that_differs(tmp_path):
    text = VENTS.read_text(encoding="utf-8").replace(
        "  board.vents: 0\n", "  board: {vents: 0, vents_dice: [], quarry: 4}\n")
    f = run_scenario(load_scenario(write(tmp_path, text))).failure
    assert (f.path, f.expected, f.actual) == ("board.quarry", 4, 0)


def test_a_path_that_does_not_exist_is_a_failure(tmp_path):
    text = VENTS.read_text(encoding="utf-8").replace("players.purple.relief: 2",
                                                     "players.purple.reliefs: 2")
    f = run_scenario(load_scenario(write(tmp_path, text))).failure
    assert f.code == "S402" and "'players.purple' has no 'reliefs'; it has: seat," in f.message


def test_true_is_not_1(tmp_path):
    text = VENTS.read_text(encoding="utf-8").replace("players.purple.relief: 2",
                                                     "players.purple.badges: false")
    f = run_scenario(load_scenario(write(tmp_path, text))).failure
    assert (f.code, f.expected, f.actual) == ("S401", False, 0)


def test_a_float_is_not_a_whole_number(tmp_path):
    # the JSON types count, as in `replay --verify`: 0.0 is not the 0 badges purple holds
    text = VENTS.read_text(encoding="utf-8").replace("players.purple.relief: 2",
                                                     "players.purple.badges: 0.0")
    f = run_scenario(load_scenario(write(tmp_path, text))).failure
    assert (f.code, f.expected, f.actual) == ("S401", 0.0, 0)
    text = text.replace("players.purple.badges: 0.0", "players.purple.badges: 0")
    assert run_scenario(load_scenario(write(tmp_path, text))).failure is None


# -- bad files: located errors ---------------------------------------------------------------

BAD = """
    scenario: bad
    config: {players: 3}
    given:
      players:
        - name: yellow
          buildings: [{tile: manufactory, staff: {marine: 2}}]
        - {name: green}
        - {name: purple}
      board:
        gantry: [{tile: manufactry}, {tile: manufactory}]
        vents_dice: [[red, 3], [green, 1]]
    steps:
      - resolve: vent
    expect:
      round: 1
    """


def test_a_bad_scenario_gives_located_errors(tmp_path):
    path = write(tmp_path, BAD)
    got = [(p.line, p.column, p.code) for p in problems_of(path)]
    assert got == [(6, 46, "S203"), (10, 21, "S103"), (10, 41, "S202"), (11, 18, "S102"),
                   (13, 14, "E204")]
    by_code = {p.code: p for p in problems_of(path)}
    assert by_code["S103"].message == "no building with id 'manufactry'"
    assert by_code["S103"].hint == "did you mean 'manufactory'?"
    assert by_code["S103"].file == str(path)
    assert by_code["S103"].pointer == "/given/board/gantry/0/tile"
    assert "already at /given/players/0/buildings/0/tile" in by_code["S202"].message
    assert by_code["E204"].hint == "did you mean 'vents'?"
    assert by_code["S102"].message == "unknown player 'red'"


@pytest.mark.parametrize(("text", "code", "line"), [
    ("scenario: x\nexpect: {round: [\n", "E104", 3),
    ("", "E103", 1),
    ("scenario: x\nexpect: !!python/object:os.system {}\n", "E107", 2),
    ("scenario: x\nexpect: {round: 1}\ngiven: {players: [{energy: -1}, {}]}\n", "E205", 3),
    ("scenario: x\nexpect: {round: 1}\ngiven: {colour: red}\n", "E203", 3),
    ("scenario: x\nexpect: {round: 1}\ngiven:\n  players: [{shelters: {pioneer: 999}}, {}]\n",
     "S201", 3),
    ("scenario: x\nexpect: {round: 1}\ngiven: {round: 9}\n", "S204", 3),
    ("scenario: x\nexpect: {round: 1}\ngiven: {players: [{dice: [3]}, {}]}\n", "S206", 3),
    ("scenario: x\nexpect: {round: 1}\nconfig: {variants: {harh: {}}}\n", "S101", 3),
    ("scenario: x\nexpect: {round: 1}\ngiven: {modifiers: [{param: nope, add: 1}]}\n",
     "S104", 3),
    ("scenario: x\nexpect: {round: 1}\nsteps: [upkep]\n", "E204", 3),
])
def test_each_kind_of_problem_is_located(tmp_path, text, code, line):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    first = problems_of(path)[0]
    assert (first.code, first.line) == (code, line), first.format()
    assert first.file == str(path) and first.column >= 1 and first.message


def test_colonist_totals_must_match_the_box_when_the_bag_is_given(tmp_path):
    path = write(tmp_path, """
        scenario: x
        given: {board: {bag: {pioneer: 1}}}
        expect: {round: 1}
        """)
    problem = problems_of(path)[0]
    assert problem.code == "S201" and (problem.line, problem.column) == (2, 22)
    assert re.search(r"\d+ pioneers in the position, the box holds 28", problem.message)


def test_a_missing_file_and_a_folder_are_located_errors(tmp_path):
    assert problems_of(tmp_path / "nope.yaml")[0].code == "E101"
    assert problems_of(tmp_path)[0].code == "E101"


# -- the steps ----------------------------------------------------------------------------------

PLACEMENT = """
    scenario: placement, the round, Upkeep and final scoring
    config: {players: 2, seed: 3}
    given:
      start_player: 0
      phase: placement
      players:
        - {name: yellow, dice: [3], toolkits: 0}
        - {name: green, dice: [5]}
      board:
        vents: 6
    steps:
      - {yellow: "place:3:4:vents:0", error: {code: S301, message: Toolkits}}
      - yellow: place:3:3:vents:0
      - green: place:5:5:vents:0
      - resolve: round
      - upkeep
      - final_scoring
    expect:
      board.vents: 0
      players.yellow.energy: 5
      players.green.energy: 5
      phase: over
      result.players.yellow.steps.saved_resources: 1
      result.winner: 1
      decision: null
    """


def test_placement_resolution_upkeep_and_final_scoring(tmp_path):
    outcome = run_scenario(load_scenario(write(tmp_path, PLACEMENT)))
    assert outcome.passed, outcome.failure
    # 3 + 3 Energy from the Vents, less 1 to heat the Pioneer in the Shelters
    assert outcome.game.view()["players"][0]["energy"] == 5


def test_an_illegal_action_fails_with_the_engines_message_and_rule(tmp_path):
    text = PLACEMENT.replace(', error: {code: S301, message: Toolkits}', '')
    f = run_scenario(load_scenario(write(tmp_path, text))).failure
    assert f.code == "S301" and f.line == 12
    assert f.message == ("step 1 (yellow: place:3:4:vents:0): 'place:3:4:vents:0' is not "
                         "legal: changing a 3 to a 4 needs 1 Toolkits; yellow has 0 "
                         "(Placement Phase: Toolkits)")


def test_an_expected_error_that_does_not_happen_fails(tmp_path):
    text = PLACEMENT.replace('- yellow: place:3:3:vents:0',
                             '- {yellow: "place:3:3:vents:0", error: S301}')
    f = run_scenario(load_scenario(write(tmp_path, text))).failure
    assert f.code == "S403" and f.line == 13


def test_a_resolve_stopped_by_an_unanswered_decision_names_it(tmp_path):
    text = VENTS.read_text(encoding="utf-8").replace("  - purple: relief_reward:2\n", "")
    f = run_scenario(load_scenario(write(tmp_path, text))).failure
    assert f.code == "S302"
    assert f.message == ("step 1 (resolve: vents): unanswered decision: player 2 (purple) "
                         "must answer a relief_reward question; legal: relief_reward:2, "
                         "relief_reward:1; write the answer as the step after it, for example "
                         "`purple: relief_reward:2`")


def test_an_action_by_the_wrong_player_or_with_nothing_pending(tmp_path):
    text = VENTS.read_text(encoding="utf-8")
    wrong = run_scenario(load_scenario(write(tmp_path, text.replace(
        "- purple: relief_reward:2", "- green: relief_reward:2")))).failure
    assert wrong.code == "S304" and "not player 1 (green)'s" in wrong.message
    extra = run_scenario(load_scenario(write(tmp_path, text.replace(
        "- purple: relief_reward:2", "- purple: relief_reward:2\n  - purple: buy:buy"),
        "b.yaml"))).failure
    assert extra.code == "S303" and extra.message.endswith("no decision is pending here")


def test_expect_error_checks_the_run_error_then_the_paths(tmp_path):
    text = VENTS.read_text(encoding="utf-8").replace("  - purple: relief_reward:2\n", "")
    text = text.replace("expect:\n", "expect:\n  error: {code: S302, message: relief_reward}\n"
                        "  decision.legal: [relief_reward:2, relief_reward:1]\n")
    # the run stopped inside the Vents: the dice are still there, Purple's reward not taken
    text = re.sub(r"  (players\.purple\.minerals: 5|board\.vents_dice: \[\])\n", "", text)
    outcome = run_scenario(load_scenario(write(tmp_path, text)))
    assert outcome.passed, outcome.failure
    other = run_scenario(load_scenario(write(tmp_path, text.replace("code: S302", "code: S301"),
                                             "b.yaml"))).failure
    assert other.code == "S404" and (other.expected, other.actual) == ("S301", "S302")


def test_every_code_is_documented():
    from artemis.games.project.codes import SCENARIO_CODES as PROJECT_CODES

    doc = (REPO / "docs" / "scenarios.md").read_text(encoding="utf-8")
    assert not set(CODES) & set(PROJECT_CODES)
    assert {"S201", "S203", "S205"} <= set(PROJECT_CODES)
    for code, title in {**CODES, **PROJECT_CODES}.items():
        assert f"| {code} | {title} |" in doc, code


# -- the command line ------------------------------------------------------------------------

def test_cli_passes_the_examples_with_exit_0():
    result = CliRunner().invoke(app, ["scenario", "run", str(SCENARIOS)])
    assert result.exit_code == 0, result.output
    count = sum(len(load_scenarios(p)) for p in scenario_files([SCENARIOS]))  # odyssey/ too
    assert count > len(FILES)  # stop_points.yaml holds several
    assert result.output.count("PASS ") == count
    assert result.output.splitlines()[-1] == f"scenarios: {count} passed, 0 failed, 0 invalid"


def test_cli_fails_a_wrong_expectation_with_exit_1(tmp_path):
    path = write(tmp_path, VENTS.read_text(encoding="utf-8").replace(
        "board.vents: 0", "board.vents: 1"))
    result = CliRunner().invoke(app, ["scenario", "run", str(path), str(VENTS)])
    assert result.exit_code == 1
    assert "board.vents: expected 1, actual 0" in result.output
    assert "PASS " in result.output and "FAIL " in result.output
    data = json.loads(CliRunner().invoke(app, ["scenario", "run", str(path), "--json"]).output)
    assert data["failed"] == 1 and data["passed"] == 0
    assert data["scenarios"][0]["failure"]["path"] == "board.vents"
    assert (data["scenarios"][0]["failure"]["expected"],
            data["scenarios"][0]["failure"]["actual"]) == (1, 0)


def test_cli_reports_a_bad_file_with_exit_1(tmp_path):
    path = write(tmp_path, BAD)
    result = CliRunner().invoke(app, ["scenario", "run", str(path)])
    assert result.exit_code == 1
    assert f"{path}:10:21: error[S103]: no building with id 'manufactry'" in result.output
    assert "Traceback" not in result.output


def test_cli_usage_errors_exit_2_and_an_empty_folder_exits_1(tmp_path):
    assert CliRunner().invoke(app, ["scenario", "run"]).exit_code == 2
    empty = CliRunner().invoke(app, ["scenario", "run", str(tmp_path)])
    assert empty.exit_code == 1 and "no scenario files found" in empty.output


FROM_A_BUILDING = SCENARIOS / "academy_from_a_building.yaml"


def test_an_academy_colonist_from_a_building_goes_back_there_and_by_default_to_the_shelters(
        tmp_path):
    assert run_scenario(load_scenario(FROM_A_BUILDING)).passed
    text = FROM_A_BUILDING.read_text(encoding="utf-8")
    for origin in ("", ", from: shelters"):
        path = tmp_path / f"shelters{len(origin)}.yaml"
        path.write_text(text.replace(", from: {building: 0}", origin), encoding="utf-8")
        failure = run_scenario(load_scenario(path)).failure
        assert (failure.code, failure.path) == ("S401", "players.yellow.buildings")
        assert failure.actual == [{"tile": "volcanic_extractor", "staff": {
            "pioneer": 1, "engineer": 0, "marine": 0, "steward": 0}}]


@pytest.mark.parametrize(("origin", "code", "message"), [
    ("pioneer, from: {building: 1}", "S204", "building 1: the player owns 1 building"),
    ("marine, from: {building: 0}", "S203",
     "Volcanic Extractor's slots (pioneer, pioneer) cannot hold a marine, so it did not come "
     "from there"),
])
def test_an_academy_colonist_from_a_building_the_player_lacks_is_located(tmp_path, origin,
                                                                       code, message):
    text = FROM_A_BUILDING.read_text(encoding="utf-8").replace(
        "colonist: pioneer, from: {building: 0}", f"colonist: {origin}")
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    [problem] = problems_of(path)
    assert (problem.code, problem.message) == (code, message)
    assert problem.pointer == "/given/board/academy/0/from/building"

def test_the_docs_show_the_example_files_as_they_are():
    doc = (REPO / "docs" / "scenarios.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", doc, re.DOTALL)
    shown = {b for b in blocks if b.startswith("# yaml-language-server")}
    files = {p.read_text(encoding="utf-8") for p in FILES}
    odyssey = {p.read_text(encoding="utf-8") for p in (SCENARIOS / "odyssey").glob("*.yaml")}
    assert files <= shown <= files | odyssey


EVENT = """
    scenario: Spaceport Congestion at spot E raises the Doorstep cost to 3
    config: {players: 3, seed: 7}
    given:
      players: [{name: yellow, energy: 10}, {name: green}, {name: purple}]
      board:
        event: spaceport_congestion
        doorstep: {marine: 1}
        doorstep_dice: [[yellow, 1]]
    steps:
      - resolve: event
      - resolve: doorstep
      - yellow: recruit:marine
    expect:
      event_modifiers: [{param: doorstep_cost_per_colonist, mode: add, value: 1}]
      players.yellow.energy: 7
      players.yellow.shelters: {marine: 1}
    """


def test_the_event_resolves_at_its_spot_and_its_modifier_holds(tmp_path):
    outcome = run_scenario(load_scenario(write(tmp_path, EVENT)))
    assert outcome.passed, outcome.failure


def test_a_given_modifier_is_in_force_from_the_next_region(tmp_path):
    text = (EVENT.replace("        event: spaceport_congestion\n", "")
            .replace("      - resolve: event\n", "")
            .replace("    given:\n", "    given:\n      phase: resolution\n      next: doorstep\n"
                     "      modifiers: [{param: doorstep_cost_per_colonist, add: 1}]\n"))
    outcome = run_scenario(load_scenario(write(tmp_path, text)))
    assert outcome.passed, outcome.failure
    without = text.replace("      modifiers: [{param: doorstep_cost_per_colonist, add: 1}]\n", "")
    f = run_scenario(load_scenario(write(tmp_path, without, "b.yaml"))).failure
    assert f.code == "S401" and (f.path, f.expected, f.actual) == ("event_modifiers", [
        {"param": "doorstep_cost_per_colonist", "mode": "add", "value": 1}], [])


FULL = """
    scenario: a full position
    config: {players: 2, seed: 5}
    given:
      round: 4
      start_player: 1
      phase: resolution
      next: gantry
      players:
        - name: a
          energy: 7
          minerals: 8
          toolkits: 2
          badges: 3
          vp: 9
          relief: 4
          shelters: {pioneer: 2, steward: 1}
          buildings: [{tile: manufactory, staff: {engineer: 1, marine: 1}}]
        - {name: b}
      board:
        expeditions:
          - card: first_descent
            rewards: [{colonists: {engineer: 2}}, {tile: geothermal_tap}]
        gantry: [{tile: shuttle_bay, dice: [[b, 2], [a, 5]]}]
        academy: [{player: b, face: 6, colonist: pioneer}]
        discard: {marine: 2}
        stacks: {ocean: [habitat_dome, volcanic_extractor]}
        expedition_deck: [DECK]
    expect: {round: 4}
    """


def test_the_given_position_is_what_the_view_shows(tmp_path):
    scenario = load_scenario(write(tmp_path, FULL.replace("DECK", "vent_mapping")))
    view = scenario.game.view()
    a, b = view["players"]
    assert (view["round"], view["phase"], view["start_player"]) == (4, "resolution", 1)
    assert {k: a[k] for k in ("energy", "minerals", "toolkits", "badges", "vp", "relief")} == {
        "energy": 7, "minerals": 8, "toolkits": 2, "badges": 3, "vp": 9, "relief": 4}
    assert a["shelters"] == {"pioneer": 2, "engineer": 0, "marine": 0, "steward": 1}
    assert a["buildings"] == [{"tile": "manufactory", "staff": {
        "pioneer": 0, "engineer": 1, "marine": 1, "steward": 0}}]
    assert b["shelters"]["pioneer"] == 1 and b["energy"] == 3  # Player Setup
    card = view["board"]["expeditions"][0]
    assert card["reward_colonists"][0]["engineer"] == 2
    assert card["reward_tiles"] == [None, "geothermal_tap"]
    assert view["board"]["gantry"] == [{"tile": "shuttle_bay", "dice": [[1, 2], [0, 5]]}]
    assert view["board"]["academy"] == [[1, 6, 0]]
    assert view["board"]["discard"]["marine"] == 2
    # the bag holds the rest of the box: 28 Pioneers less 3 in Shelters and 1 at the Academy
    assert view["board"]["bag"]["pioneer"] == 28 - 3 - 1
    assert scenario.game.state.stacks["ocean"] == ["habitat_dome", "volcanic_extractor"]
    assert scenario.game.state.expedition_deck == ["vent_mapping"]


def test_an_item_in_two_places_is_reported_at_the_second(tmp_path):
    problems = problems_of(write(tmp_path, FULL.replace("DECK", "first_descent")))
    assert [(p.code, p.line, p.column) for p in problems] == [("S202", 27, 23)]
    assert problems[0].message == "'first_descent' is already at /given/board/expeditions/0/card"


# -- new-user trial fixes (issue 5) ---------------------------------------------------------------

@pytest.mark.parametrize("dice, line, column", [
    ("[[yellow, 1], [green, 2], [yellow, 7]]", 17, 52),
    ("[{player: yellow, face: 7}]", 17, 41),
])
def test_a_die_face_out_of_range_is_reported_at_the_face(tmp_path, dice, line, column):
    text = VENTS.read_text(encoding="utf-8").replace(
        "[[yellow, 1], [green, 3], [yellow, 3], [green, 4], [purple, 4]]", dice)
    problems = problems_of(write(tmp_path, text))
    assert [(p.code, p.message, p.line, p.column) for p in problems] == [
        ("E205", "7 is out of range: must be at most 6", line, column)]


def test_a_flood_of_unknown_keys_is_capped(tmp_path):
    path = tmp_path / "flat.yaml"
    path.write_text("".join(f"k{i}: {i}\n" for i in range(3000)), encoding="utf-8")
    problems = problems_of(path)
    assert len(problems) == 51
    assert [p.code for p in problems[:50]] == ["E203"] * 50
    assert problems[0].message == "unknown key 'k0'"
    assert problems[-1].code == "E299"
    # 2,950 unknown keys left out, and the missing fields were not read (at least one more)
    assert problems[-1].message == f"... and at least 2951 more problems in {path}"


def test_many_aliases_of_one_scalar_are_refused_before_composing(tmp_path):
    from artemis.content.yamlio import YamlProblem, load

    path = tmp_path / "alias.yaml"
    path.write_text("a: &a 1\nb: [" + ", ".join(["*a"] * 20_001) + "]\n", encoding="utf-8")
    with pytest.raises(YamlProblem) as info:
        load(path)
    p = info.value.problem
    assert (p.code, p.line, p.column, p.pointer) == ("E109", 2, 4, "/b")
    assert p.message == "aliases expand to more than 20000 nodes"
    # a few aliases still read, by the full parser
    path.write_text("a: &a 1\nb: [*a, *a]\nc: &c {x: 1}\nd: *c\n", encoding="utf-8")
    assert load(path).data == {"a": 1, "b": [1, 1], "c": {"x": 1}, "d": {"x": 1}}


@pytest.mark.parametrize("params, message", [
    ({"rounds": "x"}, "rule parameter 'rounds' must be a whole number, got 'x'"),
    ({"rounds": True}, "rule parameter 'rounds' must be a whole number, got True"),
    ({"expedition_send_from": "shelters"},
     "rule parameter 'expedition_send_from' must be a list of places, got 'shelters'"),
])
def test_a_rule_parameter_of_the_wrong_type_is_a_config_error(params, message):
    from artemis.kernel.game import ConfigError, Game

    with pytest.raises(ConfigError) as info:
        Game.new({"players": 2, "params": params})
    assert str(info.value) == message
    assert Game.new({"players": 2, "params": {"rounds": 3}}).param_defaults["rounds"] == 3


def test_a_game_config_may_give_the_number_of_players(tmp_path):
    from artemis.kernel.game import default_plugins
    from artemis.records.config_file import load_config

    host = default_plugins()
    loaded, problems = load_config(write(tmp_path, "players: 3\nseed: 5\n"), host)
    assert problems == []
    assert (loaded.seats, loaded.names, loaded.seed) == (["random"] * 3, ["P0", "P1", "P2"], 5)
    loaded, problems = load_config(write(tmp_path, "players: [{seat: greedy}, {seat: random}]\n"),
                                   host)
    assert (problems, loaded.seats) == ([], ["greedy", "random"])
    loaded, problems = load_config(write(tmp_path, "players: 7\n"), host)
    assert loaded is None
    assert [(p.code, p.message, p.line, p.column) for p in problems] == [
        ("E205", "7 players: The Artemis Project is for 2 to 5 players", 1, 10)]


HEATING = """
    scenario: heating with too little Energy
    config: {players: 2, seed: 3}
    given:
      phase: upkeep
      players:
        - {name: yellow, energy: 1, shelters: {pioneer: 3, marine: 1}}
        - {name: green, energy: 5}
    steps:
      - upkeep
    expect:
      players.yellow.energy: 0
    """


def test_an_upkeep_stopped_by_the_heating_choice_says_how_to_answer_it(tmp_path):
    f = run_scenario(load_scenario(write(tmp_path, HEATING))).failure
    assert (f.code, f.line, f.column) == ("S302", 9, 5)
    assert f.message == (
        "step 1 (upkeep): unanswered decision: player 0 (yellow) must answer an unpaid "
        "question; legal: unpaid:pioneer:pioneer:pioneer, unpaid:pioneer:pioneer:marine; "
        "write the answer as the step after it, for example "
        "`yellow: unpaid:pioneer:pioneer:pioneer`")
    answered = HEATING.replace("  - upkeep\n",
                               "  - upkeep\n      - yellow: unpaid:pioneer:pioneer:marine\n")
    outcome = run_scenario(load_scenario(write(tmp_path, answered)))
    assert outcome.passed, outcome.failure
    assert outcome.game.view()["players"][0]["shelters"]["pioneer"] == 1


def test_a_step_naming_no_player_is_an_unknown_player_and_json_keeps_the_name(tmp_path):
    path = write(tmp_path, HEATING.replace("  - upkeep\n", "  - upkeep\n      - frobnicate: 3\n"))
    problems = problems_of(path)
    assert [(p.code, p.message, p.hint, p.line, p.column) for p in problems] == [
        ("S102", "unknown player 'frobnicate'", "the players are yellow, green (or seats 0 to 1)",
         10, 5)]
    result = CliRunner().invoke(app, ["scenario", "run", "--json", str(path)])
    assert result.exit_code == 1
    record = json.loads(result.stdout)["scenarios"][0]
    assert (record["status"], record["name"]) == ("invalid", "heating with too little Energy")


def test_a_content_file_with_many_problems_lists_fifty_then_counts(tmp_path):
    from artemis.games.project.content import load_game_content

    path = tmp_path / "buildings.yaml"
    path.write_text("kind: buildings\nitems:\n" + "".join(
        f"  - {{id: b{i}, name: B{i}, kind: ocean, slots: [any], "
        "provenance: RECONSTRUCTED, bogus: 1}\n" for i in range(80)), encoding="utf-8")
    problems = load_game_content([str(path)]).problems
    mine = [p for p in problems if p.file == str(path)]
    assert [p.code for p in mine] == ["E203"] * 50 + ["E299"]
    assert (mine[0].line, mine[0].message) == (3, "unknown key 'bogus'")
    assert mine[-1].message == f"... and more problems in {path}"


def test_a_key_missing_inside_an_expected_mapping_reads_like_a_path_not_found(tmp_path):
    # the same words as a wrong path (S402): the missing key and the keys that are there
    text = VENTS.read_text(encoding="utf-8").replace(
        "  players.purple.relief: 2\n",
        "  players.purple: {relief: 2, shelters: {marines: 0}}\n")
    f = run_scenario(load_scenario(write(tmp_path, text))).failure
    assert (f.code, f.path, f.expected, f.actual) == (
        "S402", "players.purple.shelters.marines", 0, None)
    assert f.message == ("players.purple.shelters.marines: not found: 'players.purple."
                         "shelters' has no 'marines'; it has: pioneer, engineer, marine, "
                         "steward")
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "marines" in s)
    assert (f.line, f.column) == (line, 3)
