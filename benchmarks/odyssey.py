"""The Artemis Odyssey's figures (``python benchmarks/odyssey.py``): speed, the greedy bot's
strength, game length, and whether any colour wins more than its share.

Not a test and nothing is asserted; benchmarks/README.md says what each part measures and
docs/performance.md holds the latest figures. Parts (each can be skipped with 0):

- ``--speed G``: G 4-player games, every seat choosing uniformly at random (a seeded
  ``random.Random``) among the legal actions, log on (as ``artemis simulate`` plays) and off;
  milliseconds per game (median, p90, min over blocks of games) and games per second on one core;
- ``--greedy N``: N 3-player games with one greedy seat (the seat turning from game to game)
  and two random ones: the greedy bot's win rate (a tie counts for every tied leader, as the
  rulebook's Endgame says) with its 95% Wilson interval;
- ``--rounds G``: G random games at each player count the ruleset declares: mean, median, 95th
  percentile and longest game in rounds, and how each game ended (77 VP, the last planet, or
  the round limit of OR28);
- ``--colours G``: G random games at each of ``--colour-players`` counts, each game giving
  the seats colours drawn at random (seeded) from the five, so colour and seat are not tied:
  each colour's win rate with its interval, against the mean win rate of all seats (the
  content's colour profiles aim within about 3 percentage points: docs/odyssey-authoring.md).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter

from artemis.kernel.game import Game, GameConfig
from artemis.kernel.games import get_game
from artemis.players.play import make_bots
from artemis.sim.report import wilson

GAME = "odyssey"
COLOURS = ("red", "blue", "yellow", "green", "purple")


def play_random(config: GameConfig, catalog, logging: bool = True) -> Game:
    """``config`` played to the end by uniform random choices seeded from its seed."""
    rng = random.Random(f"bench:{config.players}:{config.seed}")
    game = Game.new(config, catalog=catalog)
    game.logging = logging
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def speed(catalog, games: int, block: int = 10) -> dict:
    """Milliseconds per 4-player random game (median, p90, min over blocks of ``block``
    games, fresh seeds each) and games per second, log on and off: wall time, and the
    process's CPU time (steadier when other work shares the cores)."""
    out = {}
    for logging in (True, False):
        wall, cpu, seed = [], [], 1_000_000 if logging else 2_000_000
        for start in range(0, games, block):
            n = min(block, games - start)
            t0, c0 = time.perf_counter(), time.process_time()
            for i in range(n):
                play_random(GameConfig(players=4, seed=seed + start + i, game=GAME), catalog,
                            logging)
            wall.append((time.perf_counter() - t0) / n)
            cpu.append((time.process_time() - c0) / n)
        key = "log_on" if logging else "log_off"
        out[key] = {"games": games, "ms_median": 1000 * statistics.median(wall),
                    "ms_p90": 1000 * _p90(wall), "ms_min": 1000 * min(wall),
                    "games_per_second": 1 / statistics.median(wall),
                    "cpu_ms_median": 1000 * statistics.median(cpu),
                    "cpu_games_per_second": 1 / statistics.median(cpu)}
    return out


def greedy(catalog, games: int) -> dict:
    """The greedy bot's win rate in 3-player games against two random seats."""
    wins, seconds, cpu = 0, time.perf_counter(), time.process_time()
    for i in range(games):
        config = GameConfig(players=3, seed=3_000_000 + i, game=GAME)
        kinds = ["random"] * 3
        kinds[i % 3] = "greedy"
        bots = make_bots(config, kinds)
        game = Game.new(config, catalog=catalog)
        while not game.is_over:
            game.apply(bots[game.current_player].choose(game))
        wins += (i % 3) in game.result["winners"]
    return {"games": games, "greedy_wins": wins, "win_rate": round(wins / games, 4),
            "win_rate_ci": wilson(wins, games),
            "seconds": round(time.perf_counter() - seconds, 1),
            "cpu_seconds": round(time.process_time() - cpu, 1)}


def rounds(catalog, games: int, counts) -> list[dict]:
    """Game length in rounds of ``games`` random games at each player count."""
    out = []
    for players in counts:
        lengths, ends = [], Counter()
        for i in range(games):
            game = play_random(GameConfig(players=players, seed=4_000_000 + i, game=GAME),
                               catalog, logging=False)
            lengths.append(game.result["rounds"])
            ends[game.result["end_reason"]] += 1
        lengths.sort()
        out.append({"players": players, "games": games,
                    "mean": round(statistics.mean(lengths), 2),
                    "median": statistics.median(lengths), "p95": _p95(lengths),
                    "max": lengths[-1], "ends": dict(ends)})
    return out


def colours(catalog, games: int, counts) -> list[dict]:
    """Each colour's win rate at each player count in ``counts``, colours dealt at random."""
    out = []
    for players in counts:
        seats, wins = Counter(), Counter()
        rng = random.Random(f"colours:{players}")
        for i in range(games):
            dealt = rng.sample(COLOURS, players)
            config = GameConfig(players=players, seed=5_000_000 + i, game=GAME,
                                options={"colours": dealt})
            game = play_random(config, catalog, logging=False)
            for seat, colour in enumerate(dealt):
                seats[colour] += 1
                wins[colour] += seat in game.result["winners"]
        mean = sum(wins.values()) / sum(seats.values())
        rows = []
        for colour in COLOURS:
            rate = wins[colour] / seats[colour] if seats[colour] else None
            ci = wilson(wins[colour], seats[colour])
            rows.append({"colour": colour, "seats": seats[colour], "wins": wins[colour],
                         "win_rate": None if rate is None else round(rate, 4),
                         "win_rate_ci": ci,
                         "off_mean_pp": None if rate is None else round(100 * (rate - mean), 1),
                         # more than its share: the interval lies wholly above the mean
                         "above_share": ci is not None and ci[0] > mean})
        out.append({"players": players, "games": games, "mean_win_rate": round(mean, 4),
                    "colours": rows})
    return out


def _p90(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.9 * len(xs)))]


def _p95(xs: list[int]) -> int:
    return xs[min(len(xs) - 1, int(0.95 * len(xs)))]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--speed", type=int, default=200, metavar="G",
                    help="4-player random games timed, log on and off (default 200)")
    ap.add_argument("--greedy", type=int, default=300, metavar="N",
                    help="3-player games with one greedy seat (default 300)")
    ap.add_argument("--rounds", type=int, default=500, metavar="G",
                    help="random games per player count for the game length (default 500)")
    ap.add_argument("--colours", type=int, default=0, metavar="G",
                    help="random games per player count for the colour table (default 0: "
                    "skip; 2000 takes about a minute per count)")
    ap.add_argument("--colour-players", default="3,4,5", metavar="P,P",
                    help="the player counts of the colour table (default 3,4,5)")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON ('-': "
                    "stdout only)")
    args = ap.parse_args(argv)
    ruleset = get_game(GAME)
    try:
        colour_counts = [int(x) for x in args.colour_players.split(",")]
    except ValueError:
        ap.error(f"--colour-players: comma-separated player counts, not "
                 f"'{args.colour_players}'")
    bad = [n for n in colour_counts if n not in ruleset.player_counts or n < 2]
    if bad:
        ap.error(f"--colour-players: {bad} not among the counts "
                 f"{list(ruleset.player_counts)} (at least 2)")
    catalog = Game.new(GameConfig(players=ruleset.player_counts[-1], seed=0, game=GAME)).catalog
    report: dict = {}
    if args.speed:
        report["speed"] = speed(catalog, args.speed)
    if args.greedy:
        report["greedy_vs_random"] = greedy(catalog, args.greedy)
    if args.rounds:
        report["rounds"] = rounds(catalog, args.rounds, ruleset.player_counts)
    if args.colours:
        report["colours"] = colours(catalog, args.colours, colour_counts)
    if args.json:
        text = json.dumps(report, indent=2)
        if args.json == "-":
            print(text)
            return
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    _print(report)


def _ci(ci) -> str:
    return f"{100 * ci[0]:.1f}-{100 * ci[1]:.1f}%" if ci else "-"


def _print(report: dict) -> None:
    w = sys.stdout.write
    if "speed" in report:
        for key, label in (("log_on", "log on"), ("log_off", "log off")):
            s = report["speed"][key]
            w(f"4-player random game, {label}: {s['ms_median']:.1f} ms median (p90 "
              f"{s['ms_p90']:.1f}, min {s['ms_min']:.1f}), {s['games_per_second']:.1f} games/s "
              f"on one core; CPU {s['cpu_ms_median']:.1f} ms, "
              f"{s['cpu_games_per_second']:.1f} games/s; {s['games']} games\n")
    if "greedy_vs_random" in report:
        g = report["greedy_vs_random"]
        w(f"greedy vs 2 random, 3 players: greedy won {g['greedy_wins']} of {g['games']} "
          f"({100 * g['win_rate']:.1f}%, 95% CI {_ci(g['win_rate_ci'])}) in {g['seconds']} s "
          f"({g['cpu_seconds']} s CPU)\n")
    if "rounds" in report:
        w("rounds per game (random bots): players, games, mean, median, p95, max, ends\n")
        for r in report["rounds"]:
            ends = ", ".join(f"{k} {v}" for k, v in sorted(r["ends"].items()))
            w(f"  {r['players']}  {r['games']}  {r['mean']:.2f}  {r['median']}  {r['p95']}  "
              f"{r['max']}  ({ends})\n")
    for table in report.get("colours", ()):
        w(f"colours at {table['players']} players, {table['games']} random games, colours "
          f"dealt at random; mean win rate {100 * table['mean_win_rate']:.1f}%:\n")
        for c in table["colours"]:
            if c["win_rate"] is None:
                continue
            flag = "  above its share" if c["above_share"] else ""
            w(f"  {c['colour']:<7} {c['seats']:>5} seats {c['wins']:>5} wins "
              f"{100 * c['win_rate']:5.1f}% (CI {_ci(c['win_rate_ci'])}) "
              f"{c['off_mean_pp']:+.1f} pp{flag}\n")


if __name__ == "__main__":
    main()
