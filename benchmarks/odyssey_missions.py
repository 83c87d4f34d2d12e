"""The solo Missions of The Artemis Odyssey by simulation: N seeded solo games per Mission
played by one bot (greedy by default), each Mission's success rate with its 95% Wilson
interval, how often each goal was met, the final VP, and for a Mission with a VP goal the
threshold that would make the rate 30% to 50% (`suggest`).

    .venv/bin/python benchmarks/odyssey_missions.py                # 100 games per Mission
    .venv/bin/python benchmarks/odyssey_missions.py -n 40 --bot random
    .venv/bin/python benchmarks/odyssey_missions.py --mission trailblazer --json out.json

The VP thresholds of content/odyssey/base/missions.yaml are set with it so that the greedy bot
wins 30% to 50% of its games with each Mission where a VP goal can bring it there
(docs/odyssey-rulings.md, "What the engine plays"). A game's seed is its number from
``--first``; the bot is seeded as `artemis play` seeds a seat, so a game is replayed by
``artemis play --game odyssey --players 1 --bots greedy --seed S --game-option mission=ID``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time


def play(mission: str, seed: int, bot: str) -> dict:
    """One solo game's result (`Ruleset.result`)."""
    from artemis.kernel.game import GameConfig
    from artemis.players.play import play_game

    config = GameConfig(players=1, seed=seed, game="odyssey", options={"mission": mission})
    return play_game(config, [bot]).result


def summary(mission: str, results: list[dict]) -> dict:
    """A Mission's figures: games, wins, win rate with its Wilson interval, each goal's rate
    of being met, and the final VP (mean, median, p10, p90)."""
    from artemis.sim.report import wilson

    n, wins = len(results), sum(r["won"] for r in results)
    vp = sorted(r["players"][0]["vp"] for r in results)
    goals = results[0]["mission"]["goals"] if results else []
    return {
        "mission": mission, "games": n, "wins": wins, "win_rate": wins / n if n else 0.0,
        "vp_threshold": suggest(results),
        "win_rate_ci": list(wilson(wins, n)),
        "goals": [{"quantity": g["quantity"], "params": g["params"],
                   "at_least": g["at_least"],
                   "met_rate": sum(r["mission"]["goals"][i]["met"] for r in results) / n,
                   "mean": statistics.fmean(r["mission"]["goals"][i]["value"]
                                            for r in results)}
                  for i, g in enumerate(goals)],
        "vp": {"mean": statistics.fmean(vp), "median": statistics.median(vp),
               "p10": vp[len(vp) // 10], "p90": vp[(9 * len(vp)) // 10]},
    }


def suggest(results: list[dict], band=(0.30, 0.50)) -> dict | None:
    """For a Mission with a VP goal: the win rate with that goal left out (``cap``: what the
    other goals allow), and the VP threshold whose win rate, had the games been played alike,
    falls in ``band`` nearest the middle of the band and the cap (``at_least`` and ``rate``;
    None when none does: the other goals alone keep the rate below the band).
    None for a Mission without a VP goal. The bot plays the same whatever the threshold (its
    heuristic reads the goals but VP), so one run tells every threshold's rate."""
    goals = results[0]["mission"]["goals"] if results else []
    vp_at = [i for i, g in enumerate(goals) if g["quantity"] == "score"]
    if not vp_at:
        return None
    others = [all(g["met"] for i, g in enumerate(r["mission"]["goals"]) if i not in vp_at)
              for r in results]
    vp = [r["players"][0]["vp"] for r in results]
    n = len(results)
    cap = sum(others) / n
    target = (band[0] + min(band[1], cap)) / 2  # the middle of what the band and cap allow
    best = None
    for threshold in range(0, max(vp) + 2):
        rate = sum(o and v >= threshold for o, v in zip(others, vp, strict=True)) / n
        if band[0] <= rate <= band[1]:
            gap = abs(rate - target)
            if best is None or gap <= best[0]:  # ties: the highest threshold
                best = (gap, threshold, rate)
    return {"cap": cap, "at_least": best[1] if best else None,
            "rate": best[2] if best else None}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--games", type=int, default=100, help="games per Mission")
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--bot", default="greedy", help="the seat's bot (greedy, random)")
    parser.add_argument("--mission", action="append", help="only this Mission (repeatable)")
    parser.add_argument("--json", help="also write the figures as JSON to this file")
    args = parser.parse_args(argv)
    from artemis.kernel.game import Game

    catalog = Game.new({"game": "odyssey", "players": 1, "seed": 0}).catalog
    missions = args.mission or [m.id for m in catalog.missions]
    rows = []
    for mission in missions:
        start = time.perf_counter()
        results = [play(mission, seed, args.bot)
                   for seed in range(args.first, args.first + args.games)]
        row = summary(mission, results)
        row["seconds"] = round(time.perf_counter() - start, 1)
        rows.append(row)
        low, high = row["win_rate_ci"]
        print(f"{mission:20s} {row['wins']:4d}/{row['games']:<4d} won {row['win_rate']:6.1%} "
              f"[{low:.1%}, {high:.1%}]  VP mean {row['vp']['mean']:.1f} "
              f"(p10 {row['vp']['p10']}, median {row['vp']['median']}, p90 "
              f"{row['vp']['p90']})  {row['seconds']}s")
        vp_goal = row["vp_threshold"]
        if vp_goal is not None:
            found = (f"at_least {vp_goal['at_least']} gives {vp_goal['rate']:.0%}"
                     if vp_goal["at_least"] is not None else "none gives 30-50%")
            print(f"    VP threshold: the other goals allow {vp_goal['cap']:.0%}; {found}")
        for g in row["goals"]:
            params = "".join(f" {k}={v}" for k, v in g["params"].items())
            print(f"    {g['quantity']}{params} >= {g['at_least']}: met {g['met_rate']:.0%}, "
                  f"mean {g['mean']:.1f}")
        sys.stdout.flush()
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"bot": args.bot, "first": args.first, "missions": rows}, fh, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
