"""The greedy bot's play of the Project: mean VP per seat, each scoring step, and the dice by
region (benchmarks/README.md). Not a test: nothing is asserted.

    .venv/bin/python benchmarks/greedy_vp.py --games 20 --players 4 [--bots greedy] [--first 0]

Each game is seeded ``first + i`` with every seat the given bot spec (`--bots`, one spec or
one per seat, as `artemis play --bots`); prints the mean VP per seat with its standard error,
the mean of each final scoring step, colonists recruited and the share of dice placed in each
region, and the CPU seconds spent.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from artemis.kernel.game import Game, GameConfig
from artemis.players.play import make_bots, play_on


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--first", type=int, default=0)
    args = ap.parse_args()
    from artemis.cli.common import bot_kinds

    kinds = bot_kinds(args.bots, args.players)
    vps, steps, dice = [], Counter(), Counter()
    cpu = time.process_time()
    for i in range(args.games):
        config = GameConfig(players=args.players, seed=args.first + i)
        game = Game.new(config)
        game.logging = False
        play_on(game, make_bots(config, kinds))
        for row in game.result["players"]:
            vps.append(row["vp"])
            steps.update(row["steps"])
        dice.update(a.args[2] for a in game.actions if a.kind == "place")
    cpu = time.process_time() - cpu
    seats = args.games * args.players
    sd = statistics.stdev(vps) if len(vps) > 1 else 0.0
    print(f"{args.games} games of {args.players} players, bots {','.join(kinds)}, seeds "
          f"{args.first}..{args.first + args.games - 1}")
    print(f"mean VP per seat {statistics.mean(vps):.1f} (+- {sd / len(vps) ** 0.5:.1f} s.e.), "
          f"median {statistics.median(vps)}, max {max(vps)}")
    print("mean final scoring steps: " + ", ".join(f"{k} {v / seats:.1f}"
                                                   for k, v in steps.items()))
    total = sum(dice.values())
    print("dice by region: " + ", ".join(f"{r} {100 * n / total:.0f}%"
                                         for r, n in dice.most_common()))
    print(f"CPU {cpu:.1f} s ({cpu / args.games:.2f} s a game)")


if __name__ == "__main__":
    main()
