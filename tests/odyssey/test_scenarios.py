"""Odyssey scenario files (docs/scenarios.md, "Odyssey positions"): the worked examples X1-X6
of docs/odyssey-rulings.md as scenarios under tests/scenarios/odyssey/, the position's
checks located with a fix, the moments of ``until:``, and expectations over the Odyssey's
view (planets by id, ``hidden``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft7Validator
from ruamel.yaml import YAML
from typer.testing import CliRunner

from artemis.cli import app
from artemis.scenario import (
    ScenarioError,
    load_scenario,
    load_scenarios,
    position_at,
    run_scenario,
)

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "tests" / "scenarios" / "odyssey"
FILES = sorted(FOLDER.glob("*.yaml"))


def test_every_worked_example_has_its_file():
    # X1-X6 (docs/odyssey-rulings.md, Worked examples), a solo Mission won and lost, face-down
    # cards read in each seat's view, and team positions at 6 and 8 players
    assert [p.stem for p in FILES] == ["face_down_cards", "solo_mission", "team_eight_players",
                                       "team_six_players", "x1_produce", "x2_travel",
                                       "x3_trade", "x4_build", "x5_score", "x6_reaching_42"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_worked_example_passes(path):
    for scenario in load_scenarios(path):
        outcome = run_scenario(scenario)
        assert outcome.passed, outcome.failure and outcome.failure.message
        assert outcome.steps_run == len(scenario.steps) > 0


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_worked_example_names_its_schema_and_fits_it(path):
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[0] == ("# yaml-language-server: "
                                    "$schema=../../../schemas/scenario.schema.json")
    schema = json.loads((REPO / "schemas" / "scenario.schema.json").read_text("utf-8"))
    errors = list(Draft7Validator(schema).iter_errors(YAML(typ="safe").load(text)))
    assert not errors, [e.message for e in errors]


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


X6 = FOLDER / "x6_reaching_42.yaml"


def test_a_wrong_number_in_a_worked_example_fails_at_its_step(tmp_path):
    text = X6.read_text(encoding="utf-8").replace("players.red.vp: 50", "players.red.vp: 51")
    outcome = run_scenario(load_scenario(_write(tmp_path, text)))
    assert not outcome.passed
    failure = outcome.failure
    assert (failure.code, failure.path, failure.expected, failure.actual) == (
        "S401", "players.red.vp", 51, 50)
    assert failure.message == "step 11 (expect): players.red.vp: expected 51, actual 50"


BAD = """game: odyssey
scenario: a bad position
config: {players: 3, seed: 1}
given:
  next: 10
  players:
    - {colour: red, score_discard: [red-trade]}
    - {colour: blue, hand: [red-produce-1]}
    - {colour: blue}
  planets:
    - {id: gemeni.1, type: water}
    - {id: aries.1, type: water, up: false, owner: red, pieces: {colony: 1}}
    - {id: aries.2, type: food, owner: red}
  board:
    - {slot: 10, player: red, card: red-build}
    - {slot: 1, player: green, card: red-score-1}
  artifact_deck: [stargate, stargate]
expect:
  round: 1
"""


def test_a_bad_position_is_located_with_a_fix(tmp_path):
    with pytest.raises(ScenarioError) as info:
        load_scenario(_write(tmp_path, BAD))
    problems = info.value.problems
    assert [(p.code, p.line, p.message) for p in problems] == [
        ("S204", 5, "slot 10 is not used at 3 players"),
        ("S204", 7, "'red-trade' is a trade card: only Score cards go to the Score discard "
                    "pile"),
        ("S204", 8, "'red-produce-1' is a red card and this player is blue"),
        ("S105", 9, "colour blue is given twice"),
        ("S204", 10, "the galaxy needs a planet of the Starting system (the Sun): each player "
                     "starts on one"),
        ("S103", 11, "no system with id 'gemeni'"),
        ("S204", 12, "a face-down planet holds no Asset"),
        ("S204", 13, "an owner without pieces: a planet belongs to the player whose Assets "
                     "stand on it"),
        ("S204", 15, "slot 10 is not used at 3 players"),
        ("S102", 16, "unknown player 'green'"),
        ("S202", 17, "'stargate' is already at /given/artifact_deck/0"),
    ]
    hints = {p.line: p.hint for p in problems}
    assert hints[5] == "the slots in use: 1, 2, 3, 4, 5, 6, 7, 8, 9"
    assert hints[10] == "add sun.1"
    assert hints[11] == "did you mean 'gemini'?"
    assert hints[16] == "the players are red, blue (or seats 0 to 2)"


def test_the_cli_runs_the_worked_examples_and_shows_the_actions():
    result = CliRunner().invoke(app, ["scenario", "run", str(FOLDER)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "scenarios: 20 passed, 0 failed, 0 invalid"
    result = CliRunner().invoke(app, ["scenario", "actions", str(X6), "--step", "2"])
    assert result.exit_code == 0, result.output
    assert "player 0 (red) answers a score_option question (Score (OR1, OR20))" in result.output
    assert "score_option:alien_planets  score Alien Planets" in result.output


PLANNING = """game: odyssey
scenario: the Planning phase, then the slots one by one
config: {players: 2, seed: 3}
given:
  phase: planning
  first_player: blue
  players:
    - {colour: red, hand: [red-produce-1, red-produce-2, red-build]}
    - {colour: blue, hand: [blue-produce-1, blue-produce-2, blue-trade]}
  singularity_deck: {top: [golden-age]}
steps:
  - expect:
      decision: {player: blue, kind: place, legal: {length: 18}}
  - blue: place:blue-produce-1:1
  - red: place:red-produce-1:2
  - blue: place:blue-produce-2:3
  - red: place:red-produce-2:6
  - blue: place:blue-trade:7
  - red: place:red-build:8
  - until: end_of_planning
  - expect:
      phase: planning
      board.0: {slot: 1, player: blue, card: null}   # face down
      hidden.board.0: [1, blue-produce-1]
  - until: slot_1_revealed
  - expect:
      phase: action
      board.0.card: blue-produce-1
      decision: null
  - until: slot_1_resolved
  - blue: produce_type:energy
  - until: slot_5_revealed     # the Singularity slot: its card about to be turned
  - red: produce_type:energy
  - blue: produce_type:water
  - expect:
      singularity_deck: 13
  - until: slot_5_resolved     # Golden Age: each player scores Colonies/Factories
  - expect:
      singularity_deck: 12
      players.red.vp: 9         # 7 + 2 for its starting Factory
      players.blue.vp: 9
  - resolve: round
  - red: produce_type:xanthium
  - blue: trade:done
  - red: build:stop
  - blue: build:stop
  - upkeep
  - final_scoring
expect:
  result.winners: [red, blue]
  round: 1
  players.blue.unrevealed: [blue-produce-1, blue-produce-2, blue-trade]   # back in hand
"""


def test_the_planning_phase_and_the_moments_of_a_round(tmp_path):
    """The Planning phase from a given turn, then until: each moment of the round in order,
    resolve: round, upkeep (the End of the Round) and final_scoring."""
    outcome = run_scenario(load_scenario(_write(tmp_path, PLANNING)))
    assert outcome.passed, outcome.failure and outcome.failure.message
    assert outcome.game.result["winners"] == [0, 1]


def test_an_unknown_moment_names_the_nearest(tmp_path):
    text = PLANNING.replace("until: end_of_planning", "until: end_of_planing")
    with pytest.raises(ScenarioError) as info:
        load_scenario(_write(tmp_path, text))
    problem = info.value.problems[0]
    assert problem.code == "E204" and problem.hint == "did you mean 'end_of_planning'?"
    assert "slot_10_resolved, end_of_actions, end_of_round, end_of_game" in problem.message


def test_a_hand_too_small_to_fill_the_board_is_located(tmp_path):
    text = PLANNING.replace("hand: [red-produce-1, red-produce-2, red-build]",
                            "hand: [red-produce-1, red-build]")
    with pytest.raises(ScenarioError) as info:
        load_scenario(_write(tmp_path, text))
    assert [(p.code, p.line, p.column, p.message) for p in info.value.problems] == [
        ("S206", 8, 21, "red plays 3 more cards to fill the board and holds 2")]


def test_every_moment_is_documented_with_its_meaning():
    import re

    from artemis.games.odyssey.position import MOMENTS

    doc = (REPO / "docs" / "scenarios.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Odyssey positions"):doc.index("## Codes")]
    for name, meaning in MOMENTS.items():
        name = re.sub(r"_\d+_", "_N_", name)
        meaning = re.sub(r"slot \d+", "slot N", meaning)
        assert f"| `{name}` | {meaning} |" in section, name


def test_a_planet_path_that_names_no_planet_is_not_found(tmp_path):
    text = X6.read_text(encoding="utf-8").replace("  round: 1\n", "  planets.aries.9.owner: red\n")
    outcome = run_scenario(load_scenario(_write(tmp_path, text)))
    assert outcome.failure.code == "S402"
    assert outcome.failure.message == ("planets.aries.9.owner: not found: 'planets' is a list "
                                       "of 9; no entry 'aries'")


def test_more_resource_cards_than_the_box_says_so_plainly(tmp_path):
    # the box holds 25 of each Resource; without a bank the hands alone are too many, with
    # one the two together
    too_many = """game: odyssey
scenario: too many Food cards
config: {players: 2, seed: 1}
given:
  players:
    - {colour: red, resources: {food: 20}}
    - {colour: blue, resources: {food: 10}}
expect:
  round: 1
"""
    with pytest.raises(ScenarioError) as info:
        load_scenario(_write(tmp_path, too_many))
    assert [(p.code, p.message, p.hint) for p in info.value.problems] == [
        ("S204", "the hands hold 30 Food cards, more than the 25 Food cards in the box",
         "give the players at most 25 Food cards in all")]
    with_bank = too_many.replace("food: 20", "food: 5").replace("expect:",
                                                                "  bank: {food: 11}\nexpect:")
    with pytest.raises(ScenarioError) as info:
        load_scenario(_write(tmp_path, with_bank))
    assert [(p.code, p.message) for p in info.value.problems] == [
        ("S204", "15 Food cards in hands and 11 in the bank make 26, more than the 25 Food "
                 "cards in the box")]


# -- team positions (6 and 8 players: OR14) -----------------------------------------------------

FROM_SETUP = """game: odyssey
scenario: a team game from its Setup
config: {players: 6, seed: 1}
given:
  board:
    - {slot: 1, player: 4, card: blue-travel-1}
steps:
  - until: slot_1_resolved
  - {player: 4, action: travel_system:aries}
  - {player: 4, action: travel_go:go}
"""


def test_a_team_seats_peek_from_setup_is_its_own(tmp_path):
    # the report: the peek of seat 4 was S306 (the peeks were rebuilt one per team, not seat)
    outcome = position_at(load_scenario(_write(tmp_path, FROM_SETUP), checked=False))
    assert outcome.failure.code == "S302"  # the run waits for seat 4's move, after the peek
    assert (outcome.game.current_player, outcome.game.pending.kind) == (4, "travel_move")
    known = outcome.game.full_view()["hidden"]["known"]
    assert len(known) == 6 and known[4] == [f"aries.{i}" for i in range(1, 8)]
    assert outcome.game.view(4)["planets"][6]["type"] is not None
    assert outcome.game.view(1)["planets"][6]["type"] is None  # not the partner's


@pytest.mark.parametrize(("players", "marker"), [(6, 4), (6, 5), (8, 6), (8, 7)])
def test_a_team_position_in_planning_starts_with_the_marker_seat(tmp_path, players, marker):
    # the report: at 6 players the Planning phase began with the team's number as a seat
    text = (f"game: odyssey\nscenario: who plans first\nconfig: {{players: {players}, "
            f"seed: 1}}\ngiven: {{phase: planning, first_player: {marker}}}\n"
            f"expect: {{decision.player: {marker}}}\n")
    scenario = load_scenario(_write(tmp_path, text))
    game = scenario.game
    assert game.current_player == marker and game.pending.kind == "place"
    assert game.state.teams.marker == marker
    assert game.state.first == marker % (players // 2)
    assert run_scenario(scenario).passed


TEAM_BAD = """game: odyssey
scenario: a bad team position
config: {players: 6, seed: 1}
given:
  phase: planning
  players:
    - {colour: red, vp: 9}
    - {}
    - {}
    - {vp: 10, hand: [blue-build]}
    - {hand: []}
    - {}
expect:
  round: 1
"""


def test_a_bad_team_position_is_located(tmp_path):
    with pytest.raises(ScenarioError) as info:
        load_scenario(_write(tmp_path, TEAM_BAD))
    assert [(p.code, p.line, p.message) for p in info.value.problems] == [
        ("S204", 10, "seats 0 and 3 are partners: they share the team's vp, given as 9 and "
                     "10"),
        ("S206", 10, "seat 3 (red team) plays 2 more cards to fill the board and holds 0"),
        ("S204", 10, "'blue-build' is a blue card and this player is red"),
        ("S206", 11, "seat 4 (blue team) plays 2 more cards to fill the board and holds 0"),
    ]
