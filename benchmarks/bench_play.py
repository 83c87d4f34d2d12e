"""Benchmark whole games: `python benchmarks/bench_play.py [--games N] [--greedy N]`.

Prints the median wall time of one 4-player random-bot game, games per second on one core,
and the greedy-vs-random win rate over two-player games (seats alternate). Not a test.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

from artemis.game import Game, GameConfig
from artemis.play import play_game


def random_games(n: int, players: int = 4) -> list[float]:
    import random

    Game.new(GameConfig(players=players, seed=0))  # load the catalog once
    times = []
    for seed in range(n):
        t = time.perf_counter()
        g = Game.new(GameConfig(players=players, seed=seed))
        g.logging = False
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        times.append(time.perf_counter() - t)
    return times


def greedy_rate(n: int) -> tuple[int, float]:
    wins = 0
    t = time.perf_counter()
    for seed in range(n):
        seat = seed % 2
        kinds = ["greedy", "random"] if seat == 0 else ["random", "greedy"]
        wins += play_game(GameConfig(players=2, seed=seed), kinds).result["winner"] == seat
    return wins, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=100, help="random 4-player games to time")
    ap.add_argument("--greedy", type=int, default=0,
                    help="two-player greedy-vs-random games (0: skip)")
    args = ap.parse_args()
    print(f"machine: {platform.system()} {platform.machine()}, nproc {os.cpu_count()}, "
          f"Python {platform.python_version()}")
    times = random_games(args.games)
    med = statistics.median(times)
    print(f"4-player random-bot game: median {med * 1000:.1f} ms, p90 "
          f"{statistics.quantiles(times, n=10)[-1] * 1000:.1f} ms over {args.games} games; "
          f"{len(times) / sum(times):.1f} games/s on one core")
    if args.greedy:
        wins, secs = greedy_rate(args.greedy)
        print(f"greedy vs random, 2 players: greedy won {wins} of {args.greedy} "
              f"({100 * wins / args.greedy:.1f}%) in {secs:.0f} s")


if __name__ == "__main__":
    main()
