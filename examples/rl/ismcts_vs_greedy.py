"""OpenSpiel's information-set MCTS, its worlds drawn by the game's own `determinize`,
against the engine's greedy bot, on The Artemis Odyssey (docs/rl.md). It trains nothing.

    .venv/bin/python examples/rl/ismcts_vs_greedy.py                      # a whole game
    .venv/bin/python examples/rl/ismcts_vs_greedy.py --simulations 5 --max-decisions 40

Needs the rl extra: pip install -e '.[rl]'.
"""

import argparse
import sys


def at_least(low: int):
    """An argparse type: a whole number of ``low`` or more, else a usage error (no traceback)."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if n < low:
            raise argparse.ArgumentTypeError(f"{n} is less than {low}")
        return n
    return parse


ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
ap.add_argument("--seed", type=at_least(0), default=7, help="the game's seed (0 or more)")
ap.add_argument("--simulations", type=at_least(1), default=20,
                help="IS-MCTS simulations a decision (1 or more)")
ap.add_argument("--max-decisions", type=at_least(0), default=0,
                help="cut the game there, a draw (0: play it out)")
args = ap.parse_args()

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from artemis.rl import openspiel as aos
except ImportError as e:
    sys.exit(f"ismcts_vs_greedy.py needs the rl extra ({e.name or e} is missing): "
             "pip install -e '.[rl]'")

aos.register()
game = pyspiel.load_game("python_artemis_odyssey",
                         {"players": 2, "seed": args.seed, "fixed_seed": True,
                          "max_decisions": args.max_decisions})
search = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
                          uct_c=2.0, max_simulations=args.simulations,
                          random_state=np.random.RandomState(2))
search.set_resampler(aos.resampler(seed=3))  # worlds from Ruleset.determinize, never clones
greedy = aos.ArtemisBot(game, "greedy", seed=4, player=1)

state = game.new_initial_state()
while not state.is_terminal():
    bot = search if state.current_player() == 0 else greedy
    state.apply_action(bot.step(state))
print(f"{state}\nreturns (IS-MCTS, greedy): {state.returns()}")
