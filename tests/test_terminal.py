"""The terminal seat (`artemis play --bots human,...`, docs/terminal.md) driven through a
pseudo-terminal with pexpect, running the real command: the board before the first decision,
an opponent's move before the next one, a placement made step by step, undo allowed and
refused, quit saving and the printed --load command continuing, help/board/log and unknown
input answered; an Odyssey seat too. `--json` with a human seat keeps stdout one JSON
document (a plain subprocess with piped stdin)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ARTEMIS = Path(sys.executable).parent / "artemis"
PROJECT = ["play", "--players", "2", "--seed", "3", "--bots", "human,random"]
ENV = {**os.environ, "TERM": "dumb", "NO_COLOR": "1", "COLUMNS": "200", "LINES": "50",
       "PYTHONUNBUFFERED": "1"}


def spawn(args: list[str], cwd: Path):
    """`artemis ARGS` in a pseudo-terminal of 200 columns, from the folder ``cwd``."""
    child = pexpect.spawn(str(ARTEMIS), args, env=ENV, cwd=str(cwd), encoding="utf-8",
                          dimensions=(50, 200), timeout=60)
    child.delaybeforesend = 0.05
    return child


def _text(before: str) -> str:
    """pexpect's text with the terminal's line ends as \\n (the last one before a prompt
    too)."""
    text = before.replace("\r\n", "\n")
    return text[:-1] + "\n" if text.endswith("\r") else text


def answer(child, text: str, then) -> str:
    """Type ``text`` at the prompt and wait for ``then``; the output before it."""
    child.sendline(text)
    child.expect_exact(then)
    return _text(child.before)


def prompt(child) -> str:
    """Wait for the next prompt; the output before it."""
    child.expect_exact("\n> ")
    return _text(child.before)


def _first_moves():
    """The same game in process: P1 (random, the start player) places first; the human's
    die 1 in the Vents; then P1's next placement. Returns (P1's first label, P1's second)."""
    from artemis.kernel.game import Game, GameConfig
    from artemis.players.play import make_bots

    config = GameConfig(players=2, seed=3)
    game = Game.new(config)
    bots = make_bots(config, ["human", "random"])
    first = bots[1].choose(game)
    game.apply(first)
    game.apply("place:1:1:vents:0")
    assert game.current_player == 1
    return first.label, bots[1].choose(game).label


def test_the_board_comes_first_then_a_step_by_step_placement_and_the_opponents_move(tmp_path):
    before_p1, after_p1 = _first_moves()
    child = spawn(PROJECT, tmp_path)
    shown = prompt(child)
    # the content played, the board from the seat's own view, then the story so far, then
    # the question by name
    assert shown.index("content version 12 (base 12.0.0)") < shown.index(
        "The Artemis Project: the board as P0 sees it") < shown.index(
        "The game so far:") < shown.index("P0, place a die")
    assert "Round 1, placement; start player P1; Event Frontier Spirit (resolves at once)" in (
        shown)
    assert "Basecamp    Sunken Wreck (difficulty 9): gain 3 Minerals and 1 Toolkit" in shown
    assert f"  Placement: P1 places {before_p1}" in shown
    assert "    1. die 1  (16 choices)\n" in shown and "    5. die 6  (16 choices)" in shown
    # die 1, then the Vents (one target there: taken at once), then the Toolkit change
    step = answer(child, "1", "\n> ")
    assert "  die 1:\n    1. Basecamp  (2 choices)\n    2. Vents  (2 choices)\n" in step
    step = answer(child, "2", "\n> ")
    assert ("  in the Vents (4 Energy there):\n    1. as rolled: 1 (up to 1 of 4 Energy)\n"
            "    2. 1->2 for 1 Toolkit (up to 2 of 4 Energy)\n") in step
    news = answer(child, "1", "\n> ")
    # before the next decision: what the opponent did since, in the account's words
    assert (f"Since your last decision:\n  Placement: ... P0 places 1 in the Vents; "
            f"P1 places {after_p1}") in news
    assert "P0, place a die" in news
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_undo_takes_back_a_decision_and_is_refused_after_the_opponent_decides(tmp_path):
    child = spawn(PROJECT, tmp_path)
    prompt(child)
    # at once by action id: a die at Basecamp, whose colonist question is P0's again
    shown = answer(child, "place:1:1:basecamp:0", "\n> ")
    assert "P0, send a colonist along with the die?" in shown
    shown = answer(child, "undo", "\n> ")
    assert "  undone: 1 at Basecamp on Sunken Wreck (difficulty " in shown  # as offered
    assert "P0, place a die" in shown and "    1. die 1  (16 choices)" in shown
    # a new decision, then the opponent's: undo is refused with the kernel's reason
    answer(child, "place:1:1:vents:0", "P0, place a die")
    child.expect_exact("\n> ")
    refused = answer(child, "undo", "\n> ")
    assert "  cannot undo: another player has decided since your last decision" in refused
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_quit_saves_to_a_new_file_and_the_printed_command_continues(tmp_path):
    (tmp_path / "project-seed3.json").write_text("someone's file\n")
    child = spawn(PROJECT, tmp_path)
    prompt(child)
    answer(child, "place:1:1:vents:0", "P0, place a die")
    child.expect_exact("\n> ")
    said = answer(child, "quit", pexpect.EOF)
    # never over an existing file: the next free name, in the current folder
    assert "saved to project-seed3-2.json (round 1, 3 actions)\n" in said
    assert "    continue with: artemis play --load project-seed3-2.json\n" in said
    assert (tmp_path / "project-seed3.json").read_text() == "someone's file\n"
    saved = json.loads((tmp_path / "project-seed3-2.json").read_text())
    assert saved["actions"][1] == "place:1:1:vents:0" and len(saved["actions"]) == 3
    child.close()
    assert child.exitstatus == 0
    command = said.split("continue with: ")[1].split()
    assert command[:3] == ["artemis", "play", "--load"]
    again = spawn(command[1:], tmp_path)
    shown = prompt(again)
    assert "continuing project-seed3-2.json: round 1, 3 actions replayed and checked" in shown
    assert "The Artemis Project: the board as P0 sees it" in shown
    assert "P0 places 1 in the Vents" in shown and "P0, place a die" in shown
    # with --load the save goes back to the loaded file
    said = answer(again, "quit", pexpect.EOF)
    assert "saved to project-seed3-2.json (round 1, 3 actions)" in said


def test_help_board_and_log_answer_and_unknown_input_gets_a_hint(tmp_path):
    child = spawn(PROJECT, tmp_path)
    prompt(child)
    shown = answer(child, "help", "\n> ")
    assert "  undo   take back your last decision" in shown
    assert "  quit   save the game and stop (artemis play --load FILE continues it)" in shown
    shown = answer(child, "board", "\n> ")
    assert "the board as P0 sees it" in shown and "Outfitter   Toolkits for a die: 1: 1" in shown
    shown = answer(child, "log", "\n> ")
    assert shown.startswith("log\nThe game so far:\n── Round 1 ")
    assert ("  Event Frontier Spirit: add 1 to the Expedition badges per award of a successful "
            "Expedition this round") in shown
    shown = answer(child, "xyzzy", "\n> ")
    assert "  'xyzzy' is not an answer: type a number from 1 to 5, an action id, or help" in (
        shown)
    shown = answer(child, "9", "\n> ")
    assert "  type a number from 1 to 5, an action id, or help" in shown
    shown = answer(child, "place:4:4:vents:0", "\n> ")  # an id that is not legal: the rule
    assert "'place:4:4:vents:0' is not legal" in shown
    # back from a step goes up one
    answer(child, "1", "\n> ")
    shown = answer(child, "back", "\n> ")
    assert "    1. die 1  (16 choices)" in shown
    said = answer(child, "quit", pexpect.EOF)
    assert "Traceback" not in said


def test_an_odyssey_seat_sees_its_hand_and_plans_a_card_step_by_step(tmp_path):
    child = spawn(["play", "--game", "odyssey", "--players", "3", "--seed", "1", "--bots",
                   "human,random,random"], tmp_path)
    shown = prompt(child)
    assert "The Artemis Odyssey: the board as P0 sees it" in shown
    assert "your Action hand: red-build, red-produce-1" in shown
    assert "P0, Planning: play an Action card face down into a free slot" in shown
    step = answer(child, "1", "\n> ")
    assert "  red-produce-1 (Produce: Energy or Yoyodium):\n    1. slot 2\n" in step
    news = answer(child, "1", "P0, Planning")
    # its own card in its news; the other seats' cards face down
    assert "P0 plays a card face down into slot 2 (red-produce-1)" in news
    assert "2: red-produce-1 (P0 (red))" in news
    child.expect_exact("\n> ")
    said = answer(child, "quit", pexpect.EOF)
    assert "saved to odyssey-seed1.json (round 1, " in said


def test_json_with_a_human_seat_keeps_stdout_one_json_document(tmp_path):
    done = subprocess.run([str(ARTEMIS), *PROJECT, "--json"], input="1\n" * 3000,
                          capture_output=True, text=True, cwd=tmp_path, env=ENV, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout)
    assert result["config"]["bots"] == ["human", "random"]
    assert sorted(result["ranking"]) == [0, 1]
    assert "P0, place a die" in done.stderr and "the board as P0 sees it" in done.stderr
    quit_ = subprocess.run([str(ARTEMIS), *PROJECT, "--json"], input="quit\n",
                           capture_output=True, text=True, cwd=tmp_path, env=ENV, timeout=60)
    assert quit_.returncode == 0, quit_.stderr
    assert json.loads(quit_.stdout) == {
        "quit": True, "saved": "project-seed3.json", "round": 1, "actions": 1,
        "continue": "artemis play --load project-seed3.json"}


def test_a_game_without_words_of_its_own_plays_from_its_view(tmp_path):
    """The toy game of the conformance suite has no board text, question words or groups:
    the terminal seat draws its view generically, asks in the kernel's default words, and
    `quit_path` finds the next free name (in process: the game is not an entry point)."""
    import io

    from conformance.toy_game import RULESET
    from rich.console import Console

    from artemis.cli.saves import quit_path
    from artemis.cli.terminal import TerminalSeat
    from artemis.kernel.game import Game, GameConfig
    from artemis.kernel.games import register_game, unregister_game

    register_game(RULESET)
    try:
        game = Game.new(GameConfig(players=2, seed=4, game=RULESET.id))
        out = io.StringIO()
        answers = iter(["board", "7", "1"])
        seat = TerminalSeat(0, ["Ada", "Bo"], Console(file=out, width=100),
                            read=lambda prompt: next(answers))
        view = game.view(0)
        chosen = seat.choose(game)
        text = out.getvalue()
        assert chosen == game.legal_actions()[0]
        assert text.count("the board as Ada sees it") == 2  # first, then for `board`
        # the view as a tree (artemis.cli.terminal.generic_board), a line a key
        hand = ", ".join(map(str, view["hand"]))
        assert (f"└── hand: {hand}\n" in text and view["deck_size"] == 12 - 2 * 2
                and f"├── deck_size: {view['deck_size']}\n" in text)
        assert "Ada: play\n" in text
        assert "  type a number from 1 to " in text
        (tmp_path / f"{RULESET.id}-seed4.json").write_text("")
        assert quit_path(game, tmp_path) == tmp_path / f"{RULESET.id}-seed4-2.json"
    finally:
        unregister_game(RULESET.id)


def test_back_returns_to_the_step_the_player_chose_at_past_a_one_choice_step():
    """Die 1, then the Vents, whose one target is taken at once: ``back`` at the Toolkit
    change returns to die 1's regions (where the Vents were chosen), not to the Vents' list
    of one target."""
    import io

    from rich.console import Console

    from artemis.cli.terminal import TerminalSeat
    from artemis.kernel.game import Game, GameConfig
    from artemis.players.play import make_bots

    config = GameConfig(players=2, seed=3)
    game = Game.new(config)
    bots = make_bots(config, ["human", "random"])
    game.apply(bots[1].choose(game))  # P1 starts
    out = io.StringIO()
    answers = iter(["1", "2", "back", "back", "1", "2", "1"])

    def read(prompt: str) -> str:
        said = next(answers)
        out.write(f"> {said}\n")  # the transcript, as the terminal shows it
        return said

    seat = TerminalSeat(0, ["P0", "P1"], Console(file=out, width=200), read=read)
    assert seat.choose(game).id == "place:1:1:vents:0"
    shown = out.getvalue()
    assert "> 2\n  in the Vents (4 Energy there):\n    1. as rolled: 1" in shown
    after = shown.split("> back\n")
    assert after[1].startswith("  die 1:\n    1. Basecamp  (2 choices)\n    2. Vents")
    assert after[2].startswith("    1. die 1  (16 choices)\n")


def test_the_boards_event_line_says_a_rule_change_once():
    import io

    from rich.console import Console

    from artemis.games.project.board_text import board_text
    from artemis.kernel.game import Game, GameConfig

    game = Game.new(GameConfig(players=2, seed=3))  # Frontier Spirit, revealed in round 1
    out = io.StringIO()
    Console(file=out, width=200).print(board_text(game, game.view(0), ["Ada", "Bo"]))
    text = out.getvalue()
    assert "Event Frontier Spirit (resolves at once): add 1 to the Expedition badges" in text
    assert text.count("add 1 to the Expedition badges per award") == 1
