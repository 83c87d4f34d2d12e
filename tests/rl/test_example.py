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


def test_is_mcts_finds_one_set_of_legal_actions_per_information_state():
    """OpenSpiel's IS-MCTS keys its nodes by the deciding seat's information state and
    expects the legal actions the node first saw: worlds that agree on the state must agree
    on them. The example's game (seed 7, 20 simulations) met two worlds of one view whose
    effects asked seat 0 different questions at decision 74 (a KeyError inside
    OpenSpiel) until the information state said the question the seat is asked."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    aos.register()
    game = pyspiel.load_game("python_artemis_odyssey", {"players": 2, "seed": 7,
                                                        "fixed_seed": True})
    seen: dict = {}

    class Checked(ismcts.ISMCTSBot):
        def lookup_or_create_node(self, state):
            legal = tuple(state.legal_actions())
            key = state.information_state_string()
            assert seen.setdefault(key, legal) == legal, f"at {state}"
            return super().lookup_or_create_node(state)

    search = Checked(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
                     uct_c=2.0, max_simulations=20, random_state=np.random.RandomState(2))
    search.set_resampler(aos.resampler(seed=3))
    greedy = aos.ArtemisBot(game, "greedy", seed=4, player=1)
    state = game.new_initial_state()
    for _ in range(78):  # the example's game as far as decision 78 (a cut would change it)
        bot = search if state.current_player() == 0 else greedy
        state.apply_action(bot.step(state))
    assert str(state).startswith("odyssey 2p seed 7 decision 78 ")
    assert len(seen) > 500  # the search looked at many information states
