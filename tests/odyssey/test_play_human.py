"""A human seat of The Artemis Odyssey at the terminal (`artemis play --game odyssey --bots
human,...`): the board, the news and the questions in the game's words, answered from
scripted input to the end (tests/test_terminal.py drives it through a pseudo-terminal)."""

from __future__ import annotations

from typer.testing import CliRunner

from artemis.cli import app

ARGS = ["play", "--game", "odyssey", "--players", "3", "--seed", "1",
        "--bots", "human,random,random"]


def test_a_human_seat_plays_to_the_end_from_the_terminal():
    # a wrong number and an illegal id are asked again; then the first answer every time
    answers = "99\nplace:red-build:1\n" + "1\n" * 3000
    result = CliRunner().invoke(app, ARGS, input=answers, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    # the content played, then the board from the seat's own view (docs/terminal.md): its
    # own hand, no other's
    assert out.startswith("content version 1 (base 1.0.0)\n─")
    assert "The Artemis Odyssey: the board as P0 sees it" in out.splitlines()[1]
    first = out[:out.index("> ")]
    assert ("your Action hand: red-build, red-produce-1, red-produce-2, red-produce-3, "
            "red-score-1") in first
    assert "Planning board: 1: face down (P1 (blue)); 2: free; 3: face down (P2 (yellow))" in (
        first)
    # what happened before its first decision, from the account, then the question by name
    assert ("The game so far:\nColours: P0 red, P1 blue, P2 yellow\n" in first
            and "  Planning: P1 plays a card face down into slot 1; P2 plays a card face "
                "down into slot 3\n" in first)
    assert ("P0, Planning: play an Action card face down into a free slot\n"
            "  (red: 7 VP; 1 Water, 1 Food, 1 Energy, 1 Xanthium, 1 Yoyodium, 1 Zozodium; 0 "
            "Alien Artifacts)\n") in first
    # the 77 placements grouped: a card (what it shows), then its slot
    assert "    1. red-produce-1 (Produce: Energy or Yoyodium)  (7 choices)\n" in first
    assert "   11. red-build (Build)  (7 choices)\n" in first
    assert "  type a number from 1 to 11, an action id, or help" in out
    assert ("'place:red-build:1' is not a legal answer to the place question of P0; "
            "legal: place:red-produce-1:2, ") in out  # slot 1 holds the First player's card
    assert "  red-produce-1 (Produce: Energy or Yoyodium):\n    1. slot 2\n    2. slot 4\n" in out
    # its own card is named in the news, the others' are face down
    assert ("Since your last decision:\n  Planning: ... P0 plays a card face down into slot 2 "
            "(red-produce-1); P1 plays a card face down into slot 9; P2 plays a card face "
            "down into slot 4\n") in out
    assert "move the Starship on sun.1 to " in out
    assert "Game over after round 20 (77 vp): P0 (human) 50 VP" in out
    assert "Final scores (Endgame)" in out and "Winner: P1 (random)" in out


def test_a_human_seat_without_input_stops_with_a_clear_error():
    result = CliRunner().invoke(app, ARGS, input="")
    assert result.exit_code == 1
    assert "no input for a human seat; a human seat reads its answers from the terminal" in (
        result.stderr)
