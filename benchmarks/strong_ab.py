"""A/B games of one bot spec against another (benchmarks/README.md): game i puts spec A at
seat i mod players and spec B at every other seat, so the seats alternate; it prints A's
wins with the 95% Wilson interval, both sides' mean VP, A's dice by region (the Project) and
A's CPU seconds per decision (`time.process_time` around its choice, one core; questions with
one answer not counted). Not a test: nothing is asserted. Development runs use the seeds from
10000 (``--first``); benchmark verdicts are taken on seeds they never tuned on.

    nice -n 10 .venv/bin/python benchmarks/strong_ab.py --games 40 --players 2 \\
        --a strong --b greedy [--game odyssey] [--first 10000] [--all-a]

``--all-a`` plays every seat with A and prints the mean VP a seat (no wins).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from strength import wilson  # benchmarks/strength.py, beside this script

from artemis.kernel.game import Game, GameConfig
from artemis.players.play import make_bots


def play(index: int, players: int, a: str, b: str, game_id: str, all_a: bool) -> dict:
    """One game: A's seat, whether it won, the VP, A's decisions' CPU seconds."""
    seat = index % players
    kinds = [a if all_a else b] * players
    kinds[seat] = a
    config = GameConfig(game=game_id, players=players, seed=index)
    game = Game.new(config)
    game.logging = False
    bots = make_bots(config, kinds)
    seconds, dice = [], Counter()
    while not game.is_over:
        who = game.current_player
        many = len(game.legal_actions()) > 1
        start = time.process_time()
        action = bots[who].choose(game)
        if who == seat and many:
            seconds.append(time.process_time() - start)
        if who == seat and action.kind == "place" and game_id == "project":
            dice[action.args[2]] += 1
        game.apply(action)
    result = game.result
    vps = [row["vp"] for row in result["players"]]
    won = seat in result.get("winners", [result.get("winner")])
    return {"index": index, "seat": seat, "won": won, "vp": vps[seat], "vps": vps,
            "others_vp": [v for s, v in enumerate(vps) if s != seat], "seconds": seconds,
            "dice": dict(dice)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--a", default="strong")
    ap.add_argument("--b", default="greedy")
    ap.add_argument("--first", type=int, default=10000)
    ap.add_argument("--game", default="project")
    ap.add_argument("--all-a", action="store_true", help="every seat A: mean VP a seat")
    ap.add_argument("--quiet", action="store_true", help="no line per game")
    args = ap.parse_args()
    rows = []
    for i in range(args.first, args.first + args.games):
        row = play(i, args.players, args.a, args.b, args.game, args.all_a)
        rows.append(row)
        if not args.quiet:
            print(f"game {i}: seat {row['seat']} {'won' if row['won'] else 'lost'} "
                  f"{row['vp']} VP to {row['others_vp']}", flush=True)
    n = len(rows)
    wins = sum(r["won"] for r in rows)
    low, high = wilson(wins, n)
    seconds = [s for r in rows for s in r["seconds"]]
    print(f"{n} {args.game} games of {args.players} players, A {args.a} against B {args.b}, "
          f"seeds {args.first}..{args.first + n - 1}")
    if args.all_a:
        print(f"mean VP a seat {statistics.mean(v for r in rows for v in r['vps']):.1f}")
    else:
        print(f"A wins {wins}/{n} = {wins / n:.0%}, 95% Wilson {low:.0%} to {high:.0%}; "
              f"A mean VP {statistics.mean(r['vp'] for r in rows):.1f}, B "
              f"{statistics.mean(v for r in rows for v in r['others_vp']):.1f}")
    if seconds:
        print(f"A CPU s/decision: median {statistics.median(seconds):.3f}, p90 "
              f"{sorted(seconds)[int(0.9 * (len(seconds) - 1))]:.3f}, mean "
              f"{statistics.mean(seconds):.3f} ({len(seconds)} decisions)")
    dice = Counter()
    for r in rows:
        dice.update(r["dice"])
    total = sum(dice.values())
    if total:
        print("A dice by region: " + ", ".join(f"{k} {100 * v / total:.0f}%"
                                             for k, v in dice.most_common()))


if __name__ == "__main__":
    main()
