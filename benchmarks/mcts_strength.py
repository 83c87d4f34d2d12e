"""The mcts bot's strength (benchmarks/README.md): games (the Project's, or ``--game``'s) of
one mcts seat against
other bots, seats alternating, its win rate with the 95% Wilson interval, its mean VP, the
CPU seconds and the iterations per decision. Not a test: nothing is asserted.

    .venv/bin/python benchmarks/mcts_strength.py --games 20 --players 2 \\
        --mcts mcts:iterations=300 --against greedy [--first 0] [--json part.json]
    .venv/bin/python benchmarks/mcts_strength.py --merge part1.json part2.json

Game i (``first`` to ``first + games - 1``) is seeded i and puts the mcts seat at seat
i mod players, the other seats ``--against``; so index ranges run apart (``--first``,
``--json``) and merge (``--merge``) into the figures of the whole range. A decision's CPU
time is `time.process_time` around the bot's choice (one core; other processes on the
machine do not count).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections import Counter

from artemis.kernel.game import Game, GameConfig
from artemis.players.play import make_bots


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (0 to 1 each)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(index: int, players: int, mcts: str, against: str, game_id: str = "project") -> dict:
    """One game: the mcts seat's result and its decisions' CPU seconds."""
    seat = index % players
    kinds = [against] * players
    kinds[seat] = mcts
    config = GameConfig(game=game_id, players=players, seed=index)
    game = Game.new(config)
    game.logging = False
    bots = make_bots(config, kinds)
    seconds, dice = [], Counter()
    while not game.is_over:
        who = game.current_player
        start = time.process_time()
        action = bots[who].choose(game)
        if who == seat and len(game.legal_actions()) > 1:
            seconds.append(time.process_time() - start)
        if who == seat and action.kind == "place" and game_id == "project":
            dice[action.args[2]] += 1
        game.apply(action)
    result = game.result
    vps = [row["vp"] for row in result["players"]]
    won = seat in result.get("winners", [result["winner"]])
    return {"index": index, "seat": seat, "won": won, "vp": vps[seat],
            "others_vp": [v for s, v in enumerate(vps) if s != seat], "seconds": seconds,
            "iterations": bots[seat].stats["iterations"],
            "decisions": bots[seat].stats["decisions"],
            "dice": dict(dice)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--mcts", default="mcts:iterations=300")
    ap.add_argument("--against", default="greedy")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--game", default="project", help="a registered game (the Odyssey too)")
    ap.add_argument("--json", help="write the games' rows to this file (to --merge later)")
    ap.add_argument("--merge", nargs="+", help="sum the rows of these --json files")
    args = ap.parse_args()
    if args.merge:
        rows, meta = [], None
        for path in args.merge:
            data = json.loads(open(path).read())
            meta = meta or data["meta"]
            rows += data["rows"]
        unique = {r["index"]: r for r in rows}  # a range run twice counts once
        report([unique[i] for i in sorted(unique)], meta)
        return
    meta = {"game": args.game, "players": args.players, "mcts": args.mcts,
            "against": args.against}
    rows = []
    for i in range(args.first, args.first + args.games):
        row = play(i, args.players, args.mcts, args.against, args.game)
        rows.append(row)
        print(f"game {i}: seat {row['seat']} {'won' if row['won'] else 'lost'} "
              f"{row['vp']} VP to {row['others_vp']}, "
              f"{statistics.median(row['seconds']) if row['seconds'] else 0:.2f} s/decision",
              flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "rows": rows}, f)
    report(rows, meta)


def report(rows: list[dict], meta: dict) -> None:
    """Print the figures of ``rows``."""
    n = len(rows)
    wins = sum(r["won"] for r in rows)
    low, high = wilson(wins, n)
    seconds = [s for r in rows for s in r["seconds"]]
    decisions = sum(r["decisions"] for r in rows)
    dice = Counter()
    for r in rows:
        dice.update(r["dice"])
    total = sum(dice.values()) or 1
    print(f"{n} {meta.get('game', 'project')} games of {meta['players']} players, "
          f"{meta['mcts']} against {meta['against']} (indexes {rows[0]['index']}.."
          f"{rows[-1]['index']})" if rows else "no games")
    if not rows:
        return
    print(f"mcts win rate {wins / n:.0%} ({wins}/{n}), 95% Wilson interval "
          f"{low:.0%} to {high:.0%}")
    print(f"mcts mean VP {statistics.mean(r['vp'] for r in rows):.1f}; others' mean VP "
          f"{statistics.mean(v for r in rows for v in r['others_vp']):.1f}")
    for seat in sorted({r["seat"] for r in rows}):
        at = [r for r in rows if r["seat"] == seat]
        won = sum(r["won"] for r in at)
        print(f"  mcts at seat {seat}: won {won}/{len(at)}, mean VP "
              f"{statistics.mean(r['vp'] for r in at):.1f}, others' "
              f"{statistics.mean(v for r in at for v in r['others_vp']):.1f}")
    if seconds:
        print(f"CPU seconds per mcts decision: median {statistics.median(seconds):.3f}, "
              f"p90 {sorted(seconds)[int(0.9 * (len(seconds) - 1))]:.3f}; iterations per "
              f"decision {sum(r['iterations'] for r in rows) / max(1, decisions):.0f}, "
              f"{sum(r['iterations'] for r in rows) / max(1e-9, sum(seconds)):.0f} per CPU "
              f"second")
    if dice:
        print("mcts dice by region: " + ", ".join(f"{k} {100 * v / total:.0f}%"
                                                  for k, v in dice.most_common()))


if __name__ == "__main__":
    main()
