"""What a rules author states in a scenario file (docs/scenarios.md; issue 14): a resolve
before the first placement and placements going on after follow-up questions, stop points
(until:), expect steps, matchers, answers made at once stated as steps, illegal answers
explained, error match:, negative VP, several scenarios in one file, every action id in the
docs, `artemis scenario actions`, and which files a folder run reads."""

from __future__ import annotations

import json
import random
import re
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.scenario import (
    ScenarioError,
    load_scenario,
    load_scenarios,
    position_at,
    run_scenario,
    scenario_files,
)

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = REPO / "tests" / "scenarios"
DOC = (REPO / "docs" / "scenarios.md").read_text(encoding="utf-8")


def write(tmp_path: Path, text: str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def run(tmp_path: Path, text: str, name: str = "s.yaml"):
    return run_scenario(load_scenario(write(tmp_path, text, name)))


def problems_of(path: Path) -> list:
    with pytest.raises(ScenarioError) as info:
        load_scenarios(path)
    return info.value.problems


# -- 1. a resolve before the first placement; placement goes on after follow-up questions ------

MARINE = """
    scenario: a Marine sent at placement
    config: {players: 3, seed: 7}
    given:
      start_player: yellow
      phase: placement
      players:
        - {name: yellow, dice: [3], shelters: {marine: 1}}
        - {name: green, dice: [5]}
        - {name: purple, dice: [4]}
      board:
        vents: 6
        quarry: 6
        expeditions: [{card: first_descent, dice: [{player: green, face: 4}]}]
    steps:
      - yellow: place:3:3:basecamp:0
      - yellow: send:marine:shelters
      - yellow: split:1
      - yellow: marine:0:2
      - green: place:5:5:vents:0
      - purple: place:4:4:quarry:0
      - until: end_of_placement
    expect:
      board.expeditions.0.dice: [{player: 1, face: 2}, {player: 0, face: 3, sent: marine}]
      board.vents_dice: [[1, 5]]
      board.quarry_dice: [[2, 4]]
      players.yellow.energy: 2
    """


def test_the_placement_goes_on_after_the_send_its_payment_and_the_marine(tmp_path):
    outcome = run(tmp_path, MARINE)
    assert outcome.passed, outcome.failure


def test_a_resolve_may_be_the_first_step_of_a_placement_phase(tmp_path):
    # Basecamp resolves on the way: First Descent's 2 + 3 does not reach 8, and both players
    # on it gain 1 on the Relief Track
    text = MARINE.replace("    steps:\n", "    steps:\n      - resolve: vents\n").replace(
        "      - until: end_of_placement\n", "      - green: relief_reward:2\n"
        "      - yellow: relief_reward:1\n").replace(
        "      board.expeditions.0.dice: [{player: 1, face: 2}, {player: 0, face: 3, sent: "
        "marine}]\n", "      board.expeditions.0.dice: []\n").replace(
        "      board.vents_dice: [[1, 5]]\n", "      board.vents_dice: []\n").replace(
        "      players.yellow.energy: 2\n", "      players.green.energy: 8\n"
        "      players.green.minerals: 5\n      players.yellow.toolkits: 3\n")
    outcome = run(tmp_path, text)
    assert outcome.passed, outcome.failure
    # the Quarry has not resolved: the run stopped once the Vents had
    assert outcome.game.view()["board"]["quarry_dice"] == [[2, 4]]


def test_a_resolve_first_in_placement_names_the_placement_left_unanswered(tmp_path):
    text = MARINE.replace("    steps:\n", "    steps:\n      - resolve: vents\n").replace(
        "      - purple: place:4:4:quarry:0\n      - until: end_of_placement\n", "")
    f = run(tmp_path, text).failure
    assert (f.code, f.step) == ("S302", 1)
    assert f.message.startswith("step 1 (resolve: vents): unanswered decision: player 2 "
                                "(purple) must answer a place question; legal: place:4:3:")


# -- 2. stop points ---------------------------------------------------------------------------

UPKEEP = """
    scenario: from Upkeep
    config: {players: 3, seed: 7}
    given:
      phase: upkeep
      round: ROUND
      start_player: yellow
      players:
        - {name: yellow, energy: 4, minerals: 4}
        - {name: green, energy: 1, minerals: 2}
        - {name: purple, energy: 5, minerals: 5}
      board:
        event_deck: [whiteout]
    steps:
      - until: MOMENT
    expect:
      round: 1
    """


@pytest.mark.parametrize(("moment", "view"), [
    ("end_of_upkeep", {"round": 1, "phase": "upkeep", "start_player": 0, "event": None}),
    ("after_board_setup", {"round": 2, "phase": "upkeep", "start_player": 0,
                           "event": "whiteout"}),
    ("start_player_choice", {"round": 2, "phase": "upkeep", "start_player": 0,
                             "event": "whiteout"}),
])
def test_until_stops_at_the_named_moment(tmp_path, moment, view):
    scenario = load_scenario(write(tmp_path, UPKEEP.replace("ROUND", "1").replace(
        "MOMENT", moment)))
    game = position_at(scenario).game
    assert {k: game.view()[k] for k in view} == view
    # green holds the fewest resources (3, less 1 for heating): green chooses (R14)
    expected = ("start", 1) if moment == "start_player_choice" else None
    assert (None if game.pending is None else (game.pending.kind, game.pending.player)) \
        == expected


def test_until_end_of_round_waits_for_the_start_choice_then_stops_before_placement(tmp_path):
    text = UPKEEP.replace("ROUND", "1").replace(
        "      - until: MOMENT\n", "      - until: end_of_round\n      - green: start:2\n"
    ).replace("    expect:\n      round: 1\n", "    expect:\n      round: 2\n      start_player: 2"
              "\n      decision: null\n      phase: upkeep\n")
    outcome = run(tmp_path, text)
    assert outcome.passed, outcome.failure
    assert [p["dice"] for p in outcome.game.view()["players"]] == [[], [], []]  # not rolled


def test_until_end_of_the_last_round_and_of_the_game(tmp_path):
    scenario = load_scenario(write(tmp_path, UPKEEP.replace("ROUND", "6").replace(
        "MOMENT", "end_of_round")))
    game = position_at(scenario).game
    assert game.pending is None and not game.is_over and game.tasks == [("final_scoring",)]
    over = position_at(scenario, until="end_of_game").game
    assert over.is_over and over.result["winner"] == 2  # purple: 9 resources left, 2 VP


def test_until_the_start_choice_after_the_last_round_is_s305(tmp_path):
    f = run(tmp_path, UPKEEP.replace("ROUND", "6").replace("MOMENT",
                                                           "start_player_choice")).failure
    assert (f.code, f.message) == ("S305", "step 1 (until: start_player_choice): the game is "
                                   "over and that has not happened")


def test_an_unknown_moment_is_a_located_error_listing_the_moments(tmp_path):
    problems = problems_of(write(tmp_path, UPKEEP.replace("ROUND", "1").replace(
        "MOMENT", "end_of_placment")))
    assert [(p.code, p.line, p.column) for p in problems] == [("E204", 14, 12)]
    assert problems[0].message == (
        "no moment 'end_of_placment' to run until; the moments are: end_of_placement, "
        "end_of_resolution, end_of_upkeep, after_board_setup, start_player_choice, "
        "end_of_round, end_of_game")
    assert problems[0].hint == "did you mean 'end_of_placement'?"


@pytest.mark.parametrize(("moment", "hint"), [
    ("end_of_placment", "did you mean 'end_of_placement'?"),
    ("after_setup", "did you mean 'after_board_setup'?"),
    # the words both names share do not make a match: 'quary' is far from 'game'
    ("end_of_quary", "no moment is close; to run until quarry has resolved, write "
                     "`resolve: quarry` (docs/scenarios.md, steps)"),
    ("end_of_turn", "none of the moments is close to this name; docs/scenarios.md (Stop "
                    "points) says where each one stands"),
])
def test_an_unknown_moment_suggests_a_close_one_or_a_resolve_step(tmp_path, moment, hint):
    problems = problems_of(write(tmp_path, UPKEEP.replace("ROUND", "1").replace(
        "MOMENT", moment)))
    assert [(p.code, p.hint) for p in problems] == [("E204", hint)]
    result = CliRunner().invoke(app, ["scenario", "actions", str(FOLLOW), "--until", moment])
    assert result.exit_code == 2 and f"end_of_game ({hint})" in result.output


def test_every_moment_is_documented_with_its_meaning():
    from artemis.games.project.position import MOMENTS

    for name, meaning in MOMENTS.items():
        assert f"| `{name}` | {meaning} |" in DOC, name


# -- 3. checks after any step ---------------------------------------------------------------

def test_an_expect_step_checks_the_position_there_and_names_the_step(tmp_path):
    text = MARINE.replace("      - green: place:5:5:vents:0\n", "      - expect:\n"
                          "          players.yellow.energy: 2\n"
                          "          board.vents_dice: []\n"
                          "      - green: place:5:5:vents:0\n")
    assert run(tmp_path, text).passed
    wrong = text.replace("board.vents_dice: []", "board.vents_dice: [[1, 5]]")
    f = run(tmp_path, wrong, "b.yaml").failure
    assert (f.code, f.step, f.line, f.column, f.path) == ("S401", 5, 21, 7, "board.vents_dice")
    assert f.message == "step 5 (expect): board.vents_dice: expected [[1, 5]], actual []"
    assert f.as_dict()["step"] == 5


def test_an_expect_step_with_an_error_or_no_checks_is_located(tmp_path):
    text = MARINE.replace("      - green: place:5:5:vents:0\n",
                          "      - expect: {error: S301}\n      - expect: []\n"
                          "      - green: place:5:5:vents:0\n")
    problems = problems_of(write(tmp_path, text))
    assert [(p.code, p.line) for p in problems] == [("E203", 19), ("E201", 20)]


def test_a_scenario_with_only_expect_steps_is_valid_and_one_with_no_check_is_not(tmp_path):
    text = MARINE.replace("    expect:\n", "      - expect:\n").replace(
        "      board.", "          board.").replace("      players.yellow", "          players."
                                                   "yellow")
    assert run(tmp_path, text).passed
    bare = MARINE[: MARINE.index("    expect:")]
    problems = problems_of(write(tmp_path, bare, "b.yaml"))
    assert [(p.code, p.message) for p in problems] == [
        ("E202", "missing field 'expect': a scenario states what must hold")]


def test_scenario_actions_explores_a_file_with_no_check_yet(tmp_path):
    # no expect: `scenario run` refuses it (E202), `scenario actions` shows its position
    bare = write(tmp_path, MARINE[: MARINE.index("    expect:")].replace(
        "      - until: end_of_placement\n", ""))
    ran = CliRunner().invoke(app, ["scenario", "run", str(bare)])
    assert ran.exit_code == 1 and "error[E202]" in ran.output
    result = CliRunner().invoke(app, ["scenario", "actions", str(bare), "--step", "5"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:] == [
        "player 1 (green) answers a place question (Placement Phase):",
        *[line for line in result.output.splitlines()[2:] if line.startswith("  place:")]]
    assert "  place:5:5:vents:0" in result.output
    assert load_scenarios(bare, checked=False)[0].expect == []


# -- 4. matchers ------------------------------------------------------------------------------

@pytest.mark.parametrize(("value", "message"), [
    ("{includes: [send:none], excludes: [send:steward:shelters]}", None),
    ("{includes: [send:none, send:pioneer:2]}",
     'expected to include "send:pioneer:2", actual ["send:none", "send:pioneer:1"]'),
    ("{excludes: [send:pioneer:1]}",
     'expected not to include "send:pioneer:1", actual ["send:none", "send:pioneer:1"]'),
    ("{length: 2}", None),
    ("{length: {at_least: 3}}",
     'expected a length at least 3 (the length is 2), actual ["send:none", "send:pioneer:1"]'),
    ("{length: 3}", 'expected a length of 3 (the length is 2), actual ["send:none", '
     '"send:pioneer:1"]'),
    ("{matches: '^send'}", 'expected a text matching /^send/, actual ["send:none", '
     '"send:pioneer:1"]'),
])
def test_matchers_on_the_legal_answers(tmp_path, value, message):
    text = PURPLE_SEND.replace("VALUE", value)
    f = run(tmp_path, text).failure
    if message is None:
        assert f is None
    else:
        assert (f.code, f.message) == ("S401", "step 3 (expect): decision.legal: " + message)


PURPLE_SEND = """
    scenario: Purple's send
    config: {players: 3, seed: 7}
    given:
      start_player: purple
      phase: placement
      players:
        - {name: yellow}
        - {name: green}
        - {name: purple, dice: [4], shelters: {pioneer: 1, steward: 1}}
      board:
        expeditions: [{card: first_descent}]
    steps:
      - purple: place:4:4:basecamp:0
      - expect: {decision.kind: send}
      - expect:
          decision.legal: VALUE
    """


@pytest.mark.parametrize(("path", "value", "message"), [
    ("players.purple.shelters", "{sum: 2}", None),
    ("players.purple.shelters", "{sum: {at_most: 1}}",
     'expected a sum at most 1 (the sum is 2), actual {"pioneer": 1, "engineer": 0, '
     '"marine": 0, "steward": 1}'),
    ("players.purple.shelters", "{includes: [steward]}", None),
    ("players.purple.energy", "{at_least: 3, at_most: 3}", None),
    ("players.purple.energy", "{at_least: 4}", "expected at least 4, actual 3"),
    ("players.purple.dice", "{length: 1}", None),
    ("board.expeditions", "{includes: [{card: first_descent}]}", None),
    ("board.expeditions", "{excludes: [{card: first_descent}]}",
     'expected not to include {"card": "first_descent"}, actual'),
])
def test_matchers_on_counts_numbers_and_partial_items(tmp_path, path, value, message):
    text = PURPLE_SEND.replace("decision.legal: VALUE", f"{path}: {value}").replace(
        "      - purple: place:4:4:basecamp:0\n      - expect: {decision.kind: send}\n", "")
    f = run(tmp_path, text).failure
    if message is None:
        assert f is None, f
    else:
        assert f.message.startswith(f"step 1 (expect): {path}: {message}")


@pytest.mark.parametrize(("value", "message"), [
    ("{includes: [send:none], kind: send}",
     "'kind' beside the matcher 'includes': a mapping is either matchers or keys of the view"),
    ("{length: many}", 'length takes a number or a matcher, got "many"'),
    ("{matches: '(send'}", "not a regular expression: missing ), unterminated subpattern at "
     "position 0"),
    ("{at_least: [1]}", "at_least takes a number, got [1]"),
])
def test_a_bad_matcher_is_a_located_error(tmp_path, value, message):
    problems = problems_of(write(tmp_path, PURPLE_SEND.replace("VALUE", value)))
    assert [(p.code, p.message, p.line) for p in problems] == [("E201", message, 16)]


def test_no_key_of_the_view_is_a_matcher_name():
    from artemis.kernel.game import Game
    from artemis.scenario.schema import MATCHERS

    def keys(node) -> set:
        if isinstance(node, dict):
            return set(map(str, node)).union(*map(keys, node.values()))
        if isinstance(node, list):
            return set().union(*map(keys, node)) if node else set()
        return set()

    game = Game.new({"players": 4, "seed": 2})
    rng = random.Random(2)
    seen: set = set()
    for _ in range(120):
        seen |= keys(game.full_view())
        game.apply(rng.choice(game.legal_actions()))
    assert {"players", "board", "shelters", "dice"} <= seen
    assert not seen & set(MATCHERS)


# -- 5. answers made at once; illegal answers explained ------------------------------------------

DOORSTEP = """
    scenario: the last colonist
    config: {players: 2, seed: 3}
    given:
      players:
        - {name: yellow, energy: 6}
        - {name: green}
      board:
        doorstep: {engineer: 1}
        doorstep_dice: [[yellow, 4]]
    steps:
      - resolve: doorstep
      - yellow: recruit:engineer
      - yellow: recruit:stop
    expect:
      players.yellow.energy: 4
    """


def test_a_question_with_one_answer_may_be_stated_and_is_checked(tmp_path):
    assert run(tmp_path, DOORSTEP).passed
    assert run(tmp_path, DOORSTEP.replace("      - yellow: recruit:stop\n", ""), "b.yaml").passed
    f = run(tmp_path, DOORSTEP.replace("yellow: recruit:stop", "yellow: recruit:pioneer"),
            "c.yaml").failure
    assert (f.code, f.step) == ("S303", 3)
    assert f.message == ("step 3 (yellow: recruit:pioneer): no decision is pending here "
                         "(answered at once since the last answer: house:1:shelters by player "
                         "0 (yellow), recruit:stop by player 0 (yellow))")
    other = run(tmp_path, DOORSTEP.replace("yellow: recruit:stop", "green: recruit:stop"),
                "d.yaml").failure
    assert other.code == "S303"
    refused = run(tmp_path, DOORSTEP.replace("- yellow: recruit:stop",
                                             "- {yellow: recruit:stop, error: S301}"),
                  "e.yaml").failure
    assert (refused.code, refused.message) == (
        "S403", "step 3 (yellow: recruit:stop): expected error S301, but the engine answered "
        "that question at once with this answer (its only legal one)")


def test_a_stated_answer_made_at_once_is_heard_only_once(tmp_path):
    text = DOORSTEP.replace("      - yellow: recruit:stop\n",
                            "      - yellow: recruit:stop\n      - yellow: recruit:stop\n")
    assert run(tmp_path, text).failure.code == "S303"



GANTRY_DECLINE = """
    scenario: the open Gantry offer at die 3 is declined
    config: {players: 3, seed: 7}
    given:
      start_player: yellow
      players:
        - {name: yellow, minerals: 3}
        - {name: green, minerals: 0}
        - {name: purple, minerals: 5}
      board:
        gantry:
          - tile: manufactory
            dice: [[yellow, 3], [green, 4], [yellow, 5]]
    steps:
      - resolve: gantry
      - yellow: buy:decline
    expect:
      players.yellow.minerals: 3
      players.yellow.buildings: []
      board.gantry: [{tile: manufactory, dice: []}]
      players.yellow.relief: 1
      players.green.relief: 1
    """


def test_a_step_answers_the_open_question_before_it_restates_one_made_at_once(tmp_path):
    # Yellow's die 5 and Green's die 4 are declined at once (neither can pay); the step is
    # Yellow's answer to the open offer at die 3, not a restatement of the decline at die 5
    outcome = run(tmp_path, GANTRY_DECLINE)
    assert outcome.failure is None
    # the answers made at once before the open question are then past: a second decline
    # restates nothing
    both = GANTRY_DECLINE.replace("      - yellow: buy:decline\n",
                                  "      - yellow: buy:decline\n      - yellow: buy:decline\n")
    assert run(tmp_path, both, "b.yaml").failure.code == "S303"


@pytest.mark.parametrize(("given", "steps", "wanted", "message"), [
    ("{name: purple, dice: [4], shelters: {pioneer: 1, steward: 1}}",
     ["place:4:4:basecamp:0"], "send:steward:shelters",
     "a Steward is sent only with a die of 1 or 2, and this die shows 4; legal: send:none, "
     "send:pioneer:1 (The Placement Phase, 1. Basecamp, Stewards; R4)"),
    ("{name: purple, dice: [4], shelters: {pioneer: 1}}", ["place:4:4:basecamp:0"],
     "send:pioneer:2", "purple has 1 Pioneer to send (from the Shelters), not 2; legal: "
     "send:none, send:pioneer:1 (The Placement Phase, 1. Basecamp, Sending Colonists on "
     "Expeditions; R1)"),
    ("{name: purple, dice: [4], shelters: {pioneer: 1}}", ["place:4:4:basecamp:0"],
     "send:engineer:shelters", "purple has no Engineer in the Shelters; legal: send:none, "
     "send:pioneer:1 (The Placement Phase, 1. Basecamp, Sending Colonists on Expeditions; R1)"),
    ("{name: purple, dice: [4], shelters: {marine: 1}}",
     ["place:4:4:basecamp:0", "send:marine:shelters", "split:1"], "marine:1:1",
     "a Marine reduces an opponent's die, not its sender's own; legal: marine:0:1, marine:0:2 "
     "(The Placement Phase, 1. Basecamp, Marines; R2, R38)"),
    ("{name: purple, dice: [4], shelters: {marine: 1}}",
     ["place:4:4:basecamp:0", "send:marine:shelters", "split:1"], "marine:0:3",
     "a Marine reduces a die by 1 or 2, never below 1: this die shows 3, so by 1 or 2, not 3; "
     "legal: marine:0:1, marine:0:2 (The Placement Phase, 1. Basecamp, Marines; R2, R38)"),
    ("{name: purple, dice: [4], shelters: {pioneer: 1, engineer: 1}}",
     ["place:4:4:academy:0"], "trainee:marine:shelters",
     "the die goes with a colonist of purple's, and there is no Marine in the Shelters; "
     "legal: trainee:pioneer:shelters, trainee:engineer:shelters (The Placement Phase, 6. "
     "Academy; R10)"),
    ("{name: purple, dice: [4], shelters: {marine: 1}, energy: 0}",
     ["place:4:4:basecamp:0", "send:marine:shelters"], "split:0",
     None),  # one way to pay: answered at once, and stated
])
def test_an_illegal_follow_up_answer_says_which_rule_and_why(tmp_path, given, steps, wanted,
                                                             message):
    text = f"""
        scenario: why not
        config: {{players: 3, seed: 7}}
        given:
          start_player: purple
          phase: placement
          players:
            - {{name: yellow, dice: [1]}}
            - {{name: green, dice: [1]}}
            - {given}
          board:
            expeditions: [{{card: first_descent, dice: [{{player: green, face: 3}}]}}]
        steps:
        """ + "".join(f"  - purple: {s}\n        " for s in steps) + f"""  - purple: {wanted}
        expect: {{round: 1}}
        """
    f = run(tmp_path, text).failure
    if message is None:
        assert f is None, f
    else:
        assert (f.code, f.message) == ("S301", f"step {len(steps) + 1} (purple: {wanted}): "
                                       f"'{wanted}' is not legal: {message}")


def test_an_illegal_split_and_recruit_say_why():
    from artemis.kernel.actions import IllegalAction
    from artemis.kernel.game import Game

    seen = {}
    for seed in range(20):
        game = Game.new({"players": 4, "seed": seed})
        rng = random.Random(seed)
        while not game.is_over and len(seen) < 2:
            kind = game.pending.kind
            if kind in ("split", "recruit") and kind not in seen:
                wanted = "split:9" if kind == "split" else "recruit:nobody"
                with pytest.raises(IllegalAction) as info:
                    game.apply(wanted)
                seen[kind] = str(info.value)
            game.apply(rng.choice(game.legal_actions()))
    assert re.fullmatch(r"'split:9' is not legal: split:K means K Energy and \d+ - K Minerals, "
                        r"K from 0 to \d+; legal: .* \(Some General Rules: resources are "
                        r"Minerals and Energy in any combination\)", seen["split"])
    assert re.fullmatch(r"'recruit:nobody' is not legal: recruit:TYPE takes one of pioneer, "
                        r"engineer, marine, steward, or recruit:stop; legal: .* \(The "
                        r"Resolution Phase, 5. Doorstep; R9\)", seen["recruit"])


def test_a_human_seat_is_told_why_an_id_is_not_legal():
    from artemis.kernel.game import Game
    from artemis.players.bots import HumanPlayer

    game = Game.new({"players": 2, "seed": 1})
    answers = iter(["place:9:9:vents:0", "1"])
    shown: list[str] = []
    HumanPlayer(read=lambda prompt: next(answers), write=shown.append).choose(game)
    assert any("'place:9:9:vents:0' is not legal: player" in line
               and "has no die showing 9" in line for line in shown), shown


# -- 6. error match:, negative VP, several scenarios in one file ----------------------------------

def test_an_expected_error_may_be_a_regular_expression(tmp_path):
    text = PURPLE_SEND.replace("      - expect:\n          decision.legal: VALUE\n",
                               "      - purple: send:steward:shelters\n"
                               "        error: {match: 'Steward .* die of [12] or [12]'}\n")
    assert run(tmp_path, text).passed
    f = run(tmp_path, text.replace("[12] or [12]", "3 or 4"), "b.yaml").failure
    assert f.code == "S404"
    assert f.message.startswith("step 3 (purple: send:steward:shelters): expected an error "
                                "matching /Steward .* die of 3 or 4/, got S301: ")
    bad = text.replace("[12] or [12]", "(")
    problems = problems_of(write(tmp_path, bad, "c.yaml"))
    assert [(p.code, p.line) for p in problems] == [("E201", 16)]
    assert problems[0].message.startswith("not a regular expression: ")


def test_the_scenarios_expected_error_may_match_too(tmp_path):
    text = DOORSTEP.replace("      - yellow: recruit:engineer\n      - yellow: recruit:stop\n",
                            "").replace("      players.yellow.energy: 4\n",
                                        "      error: {code: S302, match: 'recruit:(stop|"
                                        "engineer)'}\n")
    assert run(tmp_path, text).passed


def test_a_starting_score_may_be_negative(tmp_path):
    text = DOORSTEP.replace("{name: green}", "{name: green, vp: -4}").replace(
        "      players.yellow.energy: 4\n", "      players.green.vp: -4\n")
    assert run(tmp_path, text).passed
    assert problems_of(write(tmp_path, text.replace("-4}", "-10000}"), "b.yaml"))[0].code \
        == "E205"


MANY = """
    description: two positions
    scenarios:
      - scenario: first
        config: {players: 2, seed: 3}
        given: {players: [{name: yellow, energy: 6}, {name: green}]}
        expect: {players.yellow.energy: 6}
      - scenario: second
        config: {players: 2, seed: 3}
        given: {players: [{name: yellow, vp: -1}, {name: green}]}
        expect: {players.yellow.vp: -2}
    """


def test_a_file_may_hold_several_scenarios(tmp_path):
    path = write(tmp_path, MANY)
    first, second = load_scenarios(path)
    assert (first.name, first.index, second.name, second.index) == ("first", 0, "second", 1)
    assert run_scenario(first).passed
    f = run_scenario(second).failure
    assert (f.code, f.line, f.message) == ("S401", 10, "players.yellow.vp: expected -2, "
                                           "actual -1")
    result = CliRunner().invoke(app, ["scenario", "run", str(path), "--json"])
    data = json.loads(result.stdout)
    assert (result.exit_code, data["passed"], data["failed"]) == (1, 1, 1)
    assert [(r["name"], r["index"], r["status"]) for r in data["scenarios"]] == [
        ("first", 0, "pass"), ("second", 1, "fail")]
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert info.value.problems[0].code == "E206"


def test_a_bad_item_of_several_is_located_with_its_pointer(tmp_path):
    path = write(tmp_path, MANY.replace("{name: green, vp: -1}", "{name: green}").replace(
        "[{name: yellow, vp: -1}", "[{name: yellow, colour: red}"))
    problems = problems_of(path)
    assert [(p.code, p.line, p.pointer) for p in problems] == [
        ("E203", 9, "/scenarios/1/given/players/0/colour")]
    problems = problems_of(write(tmp_path, "scenarios: []\n", "b.yaml"))
    assert [(p.code, p.message) for p in problems] == [
        ("E206", "'scenarios' has 0 entries, must have at least 1")]


def test_the_file_level_game_is_the_game_of_its_scenarios(tmp_path):
    from artemis.kernel.games import GameConflict

    path = write(tmp_path, MANY.replace("    description:", "    game: project\n    description:"))
    assert [s.game.ruleset.id for s in load_scenarios(path)] == ["project", "project"]
    with pytest.raises(GameConflict):
        load_scenarios(path, "odyssey")


# -- 7. action ids in the docs; `artemis scenario actions`; folder runs ---------------------------

def _documented_forms() -> dict[str, list[str]]:
    section = DOC[DOC.index("## Action ids"):DOC.index("## What may a step say here?")]
    rows = [r for r in section.splitlines() if r.startswith("| `")]
    out = {}
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split(" | ")]
        out[cells[0].strip("`")] = re.findall(r"`([a-z_]+(?::[^`]*)?)`", cells[2])
    return out


_PLACEHOLDER = {"TYPE": "(pioneer|engineer|marine|steward)", "PLACE": r"(shelters|\d+)",
                "FROM": r"(shelters|\d+)", "TO": r"(shelters|\d+)",
                "REGION": "(basecamp|vents|quarry|gantry|doorstep|academy|outfitter)"}


def _pattern(form: str) -> str:
    parts = []
    for part in form.split(":"):
        if part == "...":
            parts[-1] = f"{parts[-1]}(:{parts[-1]})*"
            continue
        parts.append(_PLACEHOLDER.get(part, r"\d+") if part.isupper() else re.escape(part))
    return ":".join(parts)


def test_every_question_and_every_action_id_is_documented():
    from artemis.kernel.game import Game
    from artemis.kernel.games import get_game

    forms = _documented_forms()
    assert set(forms) == set(get_game("project").questions)
    patterns = {k: [re.compile(_pattern(f)) for f in v] for k, v in forms.items()}
    seen: dict[str, set] = {}
    for seed in range(40):
        game = Game.new({"players": 2 + seed % 4, "seed": seed})
        game.forced = []
        rng = random.Random(seed)
        while not game.is_over:
            for a in game.legal_actions():
                seen.setdefault(game.pending.kind, set()).add(a.id)
            game.apply(rng.choice(game.legal_actions()))
        for _seat, kind, action in game.forced:
            seen.setdefault(kind, set()).add(action.id)
    assert len(seen) >= 17  # every question but the rare ones comes up
    for kind, ids in seen.items():
        for action_id in ids:
            assert any(p.fullmatch(action_id) for p in patterns[kind]), (kind, action_id)


FOLLOW = SCENARIOS / "placement_follow_ups.yaml"


def test_scenario_actions_prints_the_legal_ids_with_labels_at_a_step():
    result = CliRunner().invoke(app, ["scenario", "actions", str(FOLLOW), "--step", "3"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[2:] == [
        "player 0 (yellow) answers a send question (Basecamp: Sending Colonists on "
        "Expeditions (R1)):",
        "  send:none             send no colonist",
        "  send:marine:shelters  send a Marine from the Shelters"]
    assert f"```text\n{FOLLOW.relative_to(REPO)}: " + result.output.split(": ", 1)[1] in DOC


def test_scenario_actions_json_after_every_step_and_until_a_moment(tmp_path):
    after = json.loads(CliRunner().invoke(app, ["scenario", "actions", str(FOLLOW),
                                                "--json"]).stdout)
    assert (after["decision"], after["failure"], after["over"]) == (None, None, False)
    until = json.loads(CliRunner().invoke(app, [
        "scenario", "actions", str(SCENARIOS / "stop_points.yaml"), "--scenario", "2",
        "--step", "1", "--until", "start_player_choice", "--json"]).stdout)
    assert until["decision"]["kind"] == "start" and until["decision"]["player"] == 1
    assert [a["id"] for a in until["decision"]["actions"]] == ["start:0", "start:1", "start:2"]
    waiting = json.loads(CliRunner().invoke(app, [
        "scenario", "actions", str(SCENARIOS / "stop_points.yaml"), "--scenario", "1",
        "--step", "2", "--until", "end_of_placement", "--json"]).stdout)
    assert waiting["waiting"] == "the run to end_of_placement"
    assert (waiting["decision"]["player"], waiting["decision"]["kind"]) == (0, "place")
    # a resolve step waiting for answers is the one that waits
    resolving = json.loads(CliRunner().invoke(app, [
        "scenario", "actions", str(FOLLOW), "--step", "7", "--until", "end_of_placement",
        "--json"]).stdout)
    assert resolving["waiting"] == "step 1 (resolve: basecamp)"
    assert (resolving["decision"]["player"], resolving["decision"]["kind"]) == (1, "place")


@pytest.mark.parametrize(("args", "text"), [
    (["--until", "dusk"], "--until: no moment 'dusk'; the moments are: end_of_placement"),
    (["--step", "99"], "--step 99: the scenario has 14 steps (use 1 to 14, 1 the first, "
                       "expect steps counted; leave --step out for the position after the "
                       "last step)"),
    # no step 15: the position after the last step is the default
    (["--step", "15"], "--step 15: the scenario has 14 steps (use 1 to 14,"),
])
def test_scenario_actions_usage_errors_exit_2(args, text):
    result = CliRunner().invoke(app, ["scenario", "actions", str(FOLLOW), *args])
    assert result.exit_code == 2 and text in " ".join(result.output.split())


def test_scenario_actions_step_counts_every_step_and_ends_at_the_last(tmp_path):
    # step 14 of 14 is the position its last step (green's relief_reward) meets; step 9 is
    # an expect step: the position it checks, where Purple is asked what to send
    last = CliRunner().invoke(app, ["scenario", "actions", str(FOLLOW), "--step", "14"])
    assert last.exit_code == 0 and "player 1 (green) answers a relief_reward question" in \
        last.output
    at_expect = CliRunner().invoke(app, ["scenario", "actions", str(FOLLOW), "--step", "9"])
    assert "player 2 (purple) answers a send question" in at_expect.output
    none = write(tmp_path, DOORSTEP.split("    steps:")[0] + "    expect: {round: 1}\n")
    result = CliRunner().invoke(app, ["scenario", "actions", str(none), "--step", "1"])
    assert result.exit_code == 2 and "the scenario has no steps (leave --step out)" in \
        result.output


def test_scenario_actions_needs_a_scenario_name_in_a_file_of_several():
    path = SCENARIOS / "stop_points.yaml"
    result = CliRunner().invoke(app, ["scenario", "actions", str(path)])
    assert result.exit_code == 2 and "holds 4 scenarios: name one with --scenario" in \
        result.output
    named = CliRunner().invoke(app, ["scenario", "actions", str(path), "--scenario",
                                     "A score below zero stays below zero"])
    assert named.exit_code == 0 and "the game is over" in named.output


def test_scenario_actions_of_a_failing_step_exits_1(tmp_path):
    path = write(tmp_path, DOORSTEP.replace("recruit:engineer", "recruit:marine"))
    result = CliRunner().invoke(app, ["scenario", "actions", str(path)])
    assert result.exit_code == 1 and "error[S301]" in result.output


def test_a_folder_run_reads_yaml_and_yml_at_any_depth_but_no_pack_or_hidden_file(tmp_path):
    text = (SCENARIOS / "vents_8_energy.yaml").read_text(encoding="utf-8")
    for name in ("a.yaml", "deep/er/b.yml", ".hidden/c.yaml", "notes.json", "pack/expansion.yaml",
                 "pack/buildings.yaml", ".e.yaml"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = [p.relative_to(tmp_path).as_posix() for p in scenario_files([tmp_path])]
    assert found == ["a.yaml", "deep/er/b.yml"]
    assert "its *.yaml / *.yml files, sub-folders included" in DOC
    assert "a content pack inside it (a folder holding `expansion.yaml`" in DOC
    result = CliRunner().invoke(app, ["scenario", "run", str(tmp_path)])
    assert result.exit_code == 0 and result.output.count("PASS ") == 2


def test_both_loop_guards_of_the_runner_say_s306_alike(tmp_path, monkeypatch):
    """The goal loop (a resolve step) and the follow-up loop (after an answer) stop after the
    ruleset's max_steps rule steps with one message."""
    scenario = load_scenario(write(tmp_path, GANTRY_DECLINE))
    answered = load_scenario(write(tmp_path, MARINE, "m.yaml"))
    monkeypatch.setattr(type(scenario.game.ruleset), "max_steps", 1)
    goal = run_scenario(scenario).failure
    assert (goal.code, goal.step) == ("S306", 1)
    assert goal.message == ("step 1 (resolve: gantry): no decision after 1 rule steps: the "
                            "rules or a plugin schedule steps for ever")
    follow_up = run_scenario(answered).failure
    assert (follow_up.code, follow_up.step) == ("S306", 3)
    assert follow_up.message == ("step 3 (yellow: split:1): no decision after 1 rule steps: "
                                 "the rules or a plugin schedule steps for ever")


# -- another kind of file given as a scenario -------------------------------------------------

def test_a_config_log_save_or_content_file_run_as_a_scenario_says_what_it_is(tmp_path):
    import shutil

    from artemis.kernel.game import Game, GameConfig
    from artemis.players.play import make_bots, play_on
    from artemis.records.log import write_log
    from artemis.records.save import write_save

    config = GameConfig(players=2, seed=3)
    game = play_on(Game.new(config), make_bots(config, ["random", "random"]))
    write_save(tmp_path / "game.json", game, ["random", "random"], None,
               make_bots(config, ["random", "random"]))
    write_log(game, tmp_path / "game.jsonl", ["random", "random"])
    (tmp_path / "game.yaml").write_text("players: 3\nseed: 7\n", encoding="utf-8")
    shutil.copy(REPO / "content" / "project" / "base" / "buildings.yaml", tmp_path)
    said = {
        "game.yaml": ("a game config", "play it with `artemis play --config"),
        "game.jsonl": ("a game log (written by `artemis play --log`)",
                       "replay it with `artemis replay"),
        "game.json": ("a save (written by `artemis play --save`)",
                      "continue it with `artemis play --load"),
        "buildings.yaml": ("a content file", "check it with `artemis validate"),
    }
    for name, (kind, command) in said.items():
        path = tmp_path / name
        result = CliRunner().invoke(app, ["scenario", "run", str(path), "--json"])
        assert result.exit_code == 1, result.output
        [problem] = json.loads(result.stdout)["scenarios"][0]["problems"]
        assert (problem["code"], problem["message"], problem["hint"]) == (
            "S100", f"{path} is {kind}, not a scenario file", f"{command} {path}`")
        shown = CliRunner().invoke(app, ["scenario", "actions", str(path)])
        assert shown.exit_code == 1 and f"error[S100]: {path} is {kind}" in shown.output
    # a scenario file with a schema problem keeps its own words
    broken = write(tmp_path, DOORSTEP.replace("scenario: the last colonist", "scenari: x"))
    codes = [p["code"] for p in json.loads(CliRunner().invoke(
        app, ["scenario", "run", str(broken), "--json"]).stdout)["scenarios"][0]["problems"]]
    assert codes == ["E203"]  # the near miss of scenario:


# -- players' names where a seat belongs ------------------------------------------------------

NAMES = """
    scenario: players by name in expect
    config: {players: 2, seed: 3}
    given:
      phase: upkeep
      round: 6
      start_player: green
      players:
        - {name: yellow, vp: -3, energy: 0, minerals: 0, toolkits: 0, shelters: {}}
        - {name: green}
    steps:
      - expect:
          start_player: green
          players.green.seat: green
      - until: end_of_game
    expect:
      result.winner: green
      result.ranking: [green, yellow]
      result.players.yellow.seat: yellow
      result: {ranking: {includes: [yellow], length: 2}}
    """

CHOOSER = """
    scenario: the chooser by name
    config: {players: 3, seed: 7}
    given:
      start_player: yellow
      phase: upkeep
      players:
        - {name: yellow, energy: 4, minerals: 4}
        - {name: green, energy: 1, minerals: 2}
        - {name: purple, energy: 5, minerals: 5}
      board:
        event_deck: [whiteout]
    steps:
      - until: start_player_choice
      - expect:
          decision: {player: green, kind: start}
      - green: start:2
      - until: end_of_round
    expect:
      start_player: purple
    """


def test_a_players_name_stands_for_its_seat_where_the_view_holds_a_seat(tmp_path):
    outcome = run(tmp_path, NAMES)
    assert outcome.passed, outcome.failure
    scenario = load_scenario(tmp_path / "s.yaml")
    assert [(e.path, e.value) for e in scenario.steps[0].expect] == [
        ("start_player", 1), ("players.green.seat", 1)]
    assert scenario.expect[3].value == {"ranking": {"includes": [0], "length": 2}}
    assert run(tmp_path, CHOOSER, "c.yaml").passed  # the report: decision: {player: NAME}
    # a failure shows the seats with their names
    f = run(tmp_path, NAMES.replace("result.winner: green", "result.winner: yellow")).failure
    assert (f.code, f.message) == ("S401", "result.winner: expected 0 (yellow), actual 1 "
                                           "(green)")
    f = run(tmp_path, CHOOSER.replace("{player: green", "{player: purple"), "c.yaml").failure
    assert f.message == "step 2 (expect): decision.player: expected 2 (purple), actual 1 (green)"
    # anywhere else a text is a text: a question's kind is not a player
    f = run(tmp_path, CHOOSER.replace("kind: start}", "kind: yellow}"), "c.yaml").failure
    assert f.message == 'step 2 (expect): decision.kind: expected "yellow", actual "start"'


def test_a_name_that_is_no_players_where_a_seat_belongs_is_located(tmp_path):
    problems = problems_of(write(tmp_path, NAMES.replace("result.winner: green",
                                                         "result.winner: gren")))
    assert [(p.code, p.line, p.column, p.message, p.hint) for p in problems] == [
        ("S102", 16, 18, "unknown player 'gren'", "did you mean 'green'?")]


def test_names_on_the_board_and_in_matchers(tmp_path):
    text = """
        scenario: dice by name
        config: {players: 3, seed: 7}
        given:
          start_player: yellow
          players: [{name: yellow}, {name: green}, {name: purple}]
          board:
            vents: 8
            vents_dice: [[yellow, 1], [green, 3]]
            gantry: [{tile: manufactory, dice: [[purple, 3]]}]
            expeditions: [{card: first_descent, dice: [{player: green, face: 4}]}]
        steps:
          - expect:
              board.vents_dice: [[yellow, 1], [green, 3]]
              board.vents_dice.1.0: green
              board.gantry.0.dice: {includes: [[purple, 3]], excludes: [[yellow, 3]]}
              board.expeditions.0.dice.0: {player: green, face: 4}
        """
    assert run(tmp_path, text).passed


def test_every_seat_the_view_shows_is_at_a_seat_path():
    from artemis.games.project.view import SEAT_PATHS
    from artemis.kernel.game import Game
    from artemis.scenario.seats import is_seat, seat_paths

    patterns = seat_paths(type("Support", (), {"SEAT_PATHS": SEAT_PATHS}))
    found: set[str] = set()

    def walk(node, at: tuple) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ("player", "seat", "start_player"):  # a seat by its name
                    assert is_seat((*at, k), patterns), (*at, k)
                walk(v, (*at, k))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, (*at, str(i)))
        if is_seat(at, patterns):
            assert isinstance(node, int) and 0 <= node < 4, (at, node)
            found.update(p for p in SEAT_PATHS if is_seat(at, [tuple(p.split("."))]))

    for seed in range(2):
        game = Game.new({"players": 4, "seed": seed})
        rng = random.Random(seed)
        while not game.is_over:
            if game.pending.kind != "place":  # the board full of dice, a few times a round
                walk(game.view(), ())
            game.apply(rng.choice(game.legal_actions()))
    assert found == set(SEAT_PATHS)  # each pattern met a seat in play


def test_house_names_the_colonist_type_as_the_other_questions_do(tmp_path):
    text = """
        scenario: house by name
        config: {players: 2, seed: 3}
        given:
          players:
            - name: yellow
              energy: 6
              buildings: [{tile: volcanic_extractor, staff: {pioneer: 1}}]
            - {name: green}
          board:
            doorstep: {pioneer: 1}
            doorstep_dice: [[yellow, 4]]
        steps:
          - resolve: doorstep
          - yellow: recruit:pioneer
          - yellow: house:pioneer:0
        expect:
          players.yellow.buildings.0.staff: {pioneer: 2}
          players.yellow.shelters: {pioneer: 1}
        """
    assert run(tmp_path, text).passed
    assert run(tmp_path, text.replace("house:pioneer:0", "house:0:0"), "b.yaml").passed
    f = run(tmp_path, text.replace("house:pioneer:0", "house:marine:0"), "c.yaml").failure
    assert f.code == "S301" and f.message.startswith("step 3 (yellow: house:marine:0): ")


# -- every question explains an illegal answer ------------------------------------------------

#: For each question of the Project, an answer that is never legal there.
MADE_UP = {
    "place": "place:9:9:vents:0", "send": "send:pioneer:99", "split": "split:99",
    "marine": "marine:9:9", "trainee": "trainee:marine:7", "reward": "reward:5",
    "reward_first": "reward_first:5", "hub_return": "hub_return:wizard",
    "relief_reward": "relief_reward:99", "buy": "buy:steal", "recruit": "recruit:wizard",
    "house": "house:9:shelters", "fill": "fill:wizard", "choose": "choose:99",
    "discard": "discard:wizard", "move": "move:pioneer:shelters:99", "activate": "activate:99",
    "unpaid": "unpaid:wizard", "start": "start:99",
}

#: A rule named: a rulebook section by name, or a ruling's number (docs/rulings.md).
RULE = re.compile(r"R\d+|The (Placement|Resolution|Upkeep) Phase|The Relief Track|Some General "
                  r"Rules|Placement Phase")


def _a_position_of_each_question() -> dict:
    """{question kind: a game with that question pending}, from random games (the rarest,
    an Expedition Hub too full for its returning colonists, comes up in a few hundred). A
    colonist discarded (`lose_colonist`) is asked by no card of content version 4 (Fever
    Outbreak took a colonist until version 3): version 3's games find it."""
    from artemis.kernel.game import Game
    from artemis.kernel.games import get_game

    kinds = set(get_game("project").questions)
    found: dict = {}
    for version in (None, 3):
        for seed in range(400):
            game = Game.new({"players": 2 + seed % 4, "seed": seed,
                             "content_version": version})
            rng = random.Random(seed)
            while not game.is_over:
                if game.pending.kind not in found:
                    found[game.pending.kind] = game.clone()
                game.apply(rng.choice(game.legal_actions()))
            if set(found) == kinds:
                break
        if set(found) == kinds:
            break
    assert set(found) == kinds, kinds - set(found)
    return found


@pytest.fixture(scope="module")
def positions() -> dict:
    """{question kind: a game with it pending}; an illegal answer leaves a game as it was."""
    return _a_position_of_each_question()


def test_every_question_explains_an_illegal_answer_and_names_the_rule(positions):
    from artemis.kernel.actions import IllegalAction
    from artemis.kernel.games import get_game

    assert set(MADE_UP) == set(get_game("project").questions)
    for kind, game in positions.items():
        who = f"player {game.pending.player}"
        for wanted in (MADE_UP[kind], "frobnicate:1"):
            assert wanted not in [a.id for a in game.legal_actions()]
            with pytest.raises(IllegalAction) as info:
                game.apply(wanted)
            text, rule = str(info.value), info.value.rule
            # explained (not only the legal answers listed), with the rule it breaks
            assert text.startswith(f"'{wanted}' is not legal: "), (kind, text)
            assert "is not a legal answer to" not in text, (kind, text)
            assert RULE.search(rule), (kind, rule)
            if kind != "place":
                assert "; legal: " in text, (kind, text)
            if wanted.startswith("frobnicate"):
                assert f"{who} is asked a {kind} question, whose answers are written " in text \
                    or kind == "place", (kind, text)


@pytest.mark.parametrize(("kind", "wanted", "words"), [
    ("relief_reward", "relief_reward:9", r"player \d has moved to space \d+ of the Relief Track "
     r"and takes the reward of that space or of one already passed \(1 to \d+\), not of space "
     r"9, which is ahead; legal: .* \(The Relief Track; R11, R39\)"),
    ("buy", "buy:steal", r"the offer of .+ to player \d is answered buy:buy or buy:decline, not "
     r"'steal'; legal: .* \(The Resolution Phase, 4. Gantry; R8\)"),
    ("start", "start:99", r"player \d names the next start player, one of the \d players \(seats "
     r"0 to \d\); there is no seat 99; legal: .* \(The Upkeep Phase, Choose a new Start Player; "
     r"R14, R35\)"),
    ("house", "house:9:shelters", r"the colonist player \d places is an? [A-Z][a-z]+: house:\d:"
     r"PLACE \(T is the type's number: 0 pioneer, 1 engineer, 2 marine, 3 steward\); legal: "
     r".* \(Some General Rules \(a gained colonist may immediately be placed\); R30, R31\)"),
    ("unpaid", "unpaid:wizard", r"'wizard' is no colonist type: unpaid takes one of pioneer, "
     r"engineer, marine, steward; legal: .* \(The Upkeep Phase, Pay Energy for Colonists in "
     r"your Shelters; R23\)"),
])
def test_an_illegal_answer_says_why_in_the_rulebooks_words(positions, kind, wanted, words):
    from artemis.kernel.actions import IllegalAction

    game = positions[kind]
    with pytest.raises(IllegalAction) as info:
        game.apply(wanted)
    assert re.fullmatch(f"'{re.escape(wanted)}' is not legal: {words}", str(info.value)), \
        str(info.value)


def test_an_illegal_relief_reward_names_the_player_and_the_space(tmp_path):
    # the report: relief_reward:9 said only "not a legal answer ... of player 0"
    text = (SCENARIOS / "relief_track_example.yaml").read_text(encoding="utf-8").replace(
        "relief_reward:4\n    error: {code: S301, message: \"legal: relief_reward:3, "
        "relief_reward:2, relief_reward:1\"}", "relief_reward:9")
    f = run(tmp_path, text).failure
    assert f.message == (
        "step 2 (yellow: relief_reward:9): 'relief_reward:9' is not legal: yellow has moved "
        "to space 3 of the Relief Track and takes the reward of that space or of one already "
        "passed (1 to 3), not of space 9, which is ahead; legal: relief_reward:3, "
        "relief_reward:2, relief_reward:1 (The Relief Track; R11, R39)")


# -- a seat by number in a file that names no player -------------------------------------------

NO_NAMES = """
    scenario: seats by number
    config: {players: 3, seed: 7}
    given: {phase: placement}
    steps:
      - {player: SEAT, action: "place:4:4:vents:0"}
    expect: {round: 1}
    """


def test_a_seat_number_is_a_player_when_given_lists_no_players(tmp_path):
    # the report: `{player: 2, ...}` with no given.players was S199 (names[seat] out of range)
    step = load_scenario(write(tmp_path, NO_NAMES.replace("SEAT", "2"))).steps[0]
    assert (step.player, step.action, step.text) == (2, "place:4:4:vents:0",
                                                     "2: place:4:4:vents:0")


def test_a_seat_number_out_of_range_names_the_seat_and_the_count(tmp_path):
    problems = problems_of(write(tmp_path, NO_NAMES.replace("SEAT", "3")))
    assert [(p.code, p.line, p.message, p.hint) for p in problems] == [
        ("S102", 5, "there is no seat 3: the game has 3 players", "seats are 0 to 2")]


# -- count: the entries of a list where a field has a value -----------------------------------

PLANETS = """
    scenario: counting planets and cards
    game: odyssey
    config: {players: 3, seed: 1}
    given:
      players: [{colour: red}, {colour: blue}, {colour: yellow}]
      planets:
        - {id: sun.1, type: energy, owner: red, pieces: {factory: 1}}
        - {id: sun.2, type: water, owner: blue, pieces: {factory: 1}}
        - {id: sun.3, type: water, owner: yellow, pieces: {factory: 1}}
        - {id: leo.1, type: water, up: false}
        - {id: leo.2, type: food}
      board:
        - {slot: 1, player: red, card: red-produce-1}
        - {slot: 2, player: blue, card: blue-produce-1}
        - {slot: 3, player: red, card: red-produce-2}
    expect:
      PATH: VALUE
    """


@pytest.mark.parametrize(("path", "value", "message"), [
    ("planets", "{count: {where: {type: water}, is: 2}}", None),     # leo.1 is face down
    ("planets", "{count: {where: {up: false}, is: 1}}", None),
    ("planets", "{count: {where: {type: water, owner: blue}, is: 1}}", None),
    ("planets", "{count: {where: {type: water}, is: {at_least: 1, at_most: 2}}}", None),
    ("board", "{count: {where: {player: red}, is: 2}}", None),        # a name for a seat
    ("board", "{count: {where: {player: 0}, is: 2}, length: 9}", None),
    ("planets", "{count: {where: {type: water}, is: 3}}",
     'planets: expected 3 entries where {"type": "water"} (the count is 2), actual [{"id": '
     '"sun.1"'),
    ("planets", "{count: {where: {type: water}, is: {at_least: 3}}}",
     'planets: expected a count where {"type": "water"} at least 3 (the count is 2), actual ['),
    ("board", "{count: {where: {player: yellow}, is: 1}}",
     'board: expected 1 entry where {"player": 2} (the count is 0), actual ['),
    ("bank", "{count: {where: {water: 1}, is: 1}}",
     'bank: expected a list (to count its entries where {"water": 1}), actual {"water": '),
])
def test_count_counts_the_entries_where_a_field_has_a_value(tmp_path, path, value, message):
    f = run(tmp_path, PLANETS.replace("PATH: VALUE", f"{path}: {value}")).failure
    if message is None:
        assert f is None, f
    else:
        assert f.code == "S401" and f.message.startswith(message), f.message


@pytest.mark.parametrize(("value", "message"), [
    ("{count: 2}", "count takes {where: ITEM, is: N}, got 2"),
    ("{count: {where: {type: water}}}", "count needs 'is': {where: ITEM, is: N}"),
    ("{count: {is: 2}}", "count needs 'where': {where: ITEM, is: N}"),
    ("{count: {where: {type: water}, is: 2, of: x}}", "count has no 'of': it takes where and is"),
    ("{count: {where: {type: water}, is: many}}",
     'count\'s is takes a number or a matcher, got "many"'),
    ("{count: {where: {type: water}, is: {at_least: x}}}", 'at_least takes a number, got "x"'),
])
def test_a_bad_count_is_a_located_error(tmp_path, value, message):
    problems = problems_of(write(tmp_path, PLANETS.replace("PATH: VALUE",
                                                           f"planets: {value}")))
    assert [(p.code, p.message, p.line) for p in problems] == [("E201", message, 17)]


def test_a_name_in_counts_where_that_is_no_player_is_located(tmp_path):
    problems = problems_of(write(tmp_path, PLANETS.replace(
        "PATH: VALUE", "board: {count: {where: {player: grey}, is: 1}}")))
    assert [(p.code, p.message, p.line) for p in problems] == [
        ("S102", "unknown player 'grey'", 17)]


# -- view: an expectation read from a seat's view ---------------------------------------------

FACE_DOWN = """
    scenario: a face-down card seen by its owner only
    game: odyssey
    config: {players: 3, seed: 1}
    given:
      phase: planning
      first_player: red
      players: [{colour: red}, {colour: blue}, {colour: yellow}]
    steps:
      - red: place:red-produce-1:1
      - expect:
          EXPECT
    """


@pytest.mark.parametrize(("checks", "message"), [
    ("{view: red, board.0: {player: red, card: red-produce-1}}", None),
    ("{view: 0, board.0.card: red-produce-1}", None),
    ("{view: blue, board.0: {player: red, card: null}}", None),
    ("{view: spectator, board.0.card: null}", None),
    ("{board.0.card: null}", None),                       # the default: the public view
    ("{view: blue, board.0.card: red-produce-1}",
     'step 2 (expect): board.0.card (view: blue): expected "red-produce-1", actual null'),
    ("{view: red, board.0.card: null}",
     'step 2 (expect): board.0.card (view: red): expected null, actual "red-produce-1"'),
    ("{view: spectator, board.0.card: red-produce-1}",
     'step 2 (expect): board.0.card: expected "red-produce-1", actual null'),
])
def test_an_expectation_reads_the_view_of_the_seat_it_names(tmp_path, checks, message):
    f = run(tmp_path, FACE_DOWN.replace("EXPECT", checks)).failure
    if message is None:
        assert f is None, f
    else:
        assert (f.code, f.message, f.path) == ("S401", message, "board.0.card")


@pytest.mark.parametrize(("checks", "problem"), [
    ("{view: 3, round: 1}", ("S102", "there is no seat 3: the game has 3 players", 11)),
    ("{view: green, round: 1}", ("S102", "unknown player 'green'", 11)),
    ("{view: [0], round: 1}", ("E201", "view names a seat (its number or its player's name) "
                                       "or spectator, got [0]", 11)),
])
def test_a_view_of_no_seat_is_a_located_error(tmp_path, checks, problem):
    problems = problems_of(write(tmp_path, FACE_DOWN.replace("EXPECT", checks)))
    assert [(p.code, p.message, p.line) for p in problems] == [problem]


def test_an_expect_step_of_a_view_alone_is_located(tmp_path):
    problems = problems_of(write(tmp_path, FACE_DOWN.replace("EXPECT", "{view: spectator}")))
    assert [(p.code, p.message, p.line) for p in problems] == [
        ("E202", "missing field 'expect': a scenario states what must hold", 1),
        ("E201", "an expect step is a mapping of checks: view alone checks nothing", 11)]


def test_the_scenarios_own_expect_may_read_a_seats_view(tmp_path):
    text = FACE_DOWN.replace("      - expect:\n          EXPECT\n", "") + \
        "expect: {view: blue, board.0.card: red-produce-1}\n"
    f = run(tmp_path, textwrap.dedent(text)).failure
    assert f.message == 'board.0.card (view: blue): expected "red-produce-1", actual null'
