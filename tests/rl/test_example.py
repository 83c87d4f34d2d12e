"""docs/rl.md's example runs (examples/rl/ismcts_vs_greedy.py: OpenSpiel's IS-MCTS with the
determinize resampler against the engine's greedy bot), on a small budget; and
`artemis.rl.openspiel.ArtemisBot` answers with a legal number in either numbering."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import need

need("numpy", "pyspiel")

import pyspiel  # noqa: E402

from artemis.rl import openspiel as aos  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl" / "ismcts_vs_greedy.py"


def test_the_is_mcts_example_plays_against_the_greedy_bot():
    out = subprocess.run([sys.executable, str(EXAMPLE), "--simulations", "3",
                          "--max-decisions", "30"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("odyssey 2p seed 7 decision 30 ") and lines[0].endswith(
        " truncated")
    assert lines[1] == "returns (IS-MCTS, greedy): [0.0, 0.0]"


@pytest.mark.parametrize("game_id,players,codec", [("odyssey", 3, "declared"),
                                                   ("project", 2, "slots")])
def test_an_artemis_bot_answers_with_a_legal_number(game_id, players, codec):
    aos.register()
    game = pyspiel.load_game(aos.short_name(game_id), {"players": players, "seed": 5,
                                                       "action_space": codec})
    bots = [aos.ArtemisBot(game, "greedy", seed=s, player=s) for s in range(players)]
    assert bots[1].player_id() == 1
    state = game.new_initial_state()
    for _ in range(25):
        number = bots[state.current_player()].step(state)
        assert number in state.legal_actions()
        state.apply_action(number)
    with pytest.raises(ValueError, match="unknown bot"):
        aos.ArtemisBot(game, "genius")
