"""A human seat of The Artemis Odyssey at the terminal (`artemis play --game odyssey --bots
human,...`): the questions in the game's words, answered from scripted input to the end."""

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
    assert out.startswith("Round 1, player 0 to decide (red: 7 VP; 1 Water, 1 Food, 1 Energy, "
                          "1 Xanthium, 1 Yoyodium, 1 Zozodium; 0 Alien Artifacts):\n")
    # the cards say what they show, the players are their colours, Resources their names
    assert "    1. play red-produce-1 (Produce: Energy or Yoyodium) face down into slot 2\n" in out
    assert "play red-score-1 (Score: Colonies/Factories or Starships) face down into slot" in out
    assert "  type a number from 1 to 77" in out
    assert ("'place:red-build:1' is not a legal answer to the place question of player 0; "
            "legal: place:red-produce-1:2, ") in out  # slot 1 holds the First player's card
    assert "move the Starship on sun.1 to " in out
    assert "seat " not in out  # every player is named by its colour
    assert "Game over after round 20 (77 vp): P0 (human) 50 VP" in out
    assert "Final scores (Endgame)" in out and "Winner: P1 (random)" in out


def test_a_human_seat_without_input_stops_with_a_clear_error():
    result = CliRunner().invoke(app, ARGS, input="")
    assert result.exit_code == 1
    assert "no input for a human seat; a human seat reads its answers from the terminal" in (
        result.stderr)
