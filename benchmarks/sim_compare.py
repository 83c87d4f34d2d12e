"""Two checkouts side by side in one run: `artemis simulate`'s games, a second and in instructions.

What a simulate game costs: the game played by seeded bots through the one play loop
(`GameTask.play`: the bots, the game with its log on, the summary read from its log and
state), then the report tallied and finished (`build_report`), written as JSON, and the
game lines (`--games-out`), as `artemis simulate --workers 1` runs them in its process.

    .venv/bin/python benchmarks/sim_compare.py OLD_CHECKOUT [NEW_CHECKOUT] [-g 30] [-r 4]
    .venv/bin/python benchmarks/sim_compare.py /tmp/old --callgrind 10 -r 0

Two runs of 4-player Project games, run seed 5 (game i seeded as `artemis simulate --seed 5`
seeds it): ``random`` (every seat the random bot) and ``mixed`` (greedy, random, greedy,
random). Each checkout runs in its own processes with its engine/ and plugins/ first on
PYTHONPATH (this venv's packages for the rest), in alternating blocks, so that a noisy
neighbour hits both: games a second on one core, the median of the blocks. ``--callgrind N``
also counts the instructions of N games of each run under valgrind: a process that plays N
games and makes their report minus one that plays none (both after one warm-up game), the
steady figure on a shared machine, as benchmarks/compare.py counts a game.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RUNS = {"random": ("random",) * 4, "mixed": ("greedy", "random", "greedy", "random")}

# a child process: argv = the bots (comma-separated), games, first game index; prints seconds
CHILD = r"""
import json, sys, time
from artemis.kernel.game import game_catalog
from artemis.kernel.games import get_game
from artemis.sim import GameTask, build_report
from artemis.sim.lines import game_lines

bots, games, first = sys.argv[1].split(","), int(sys.argv[2]), int(sys.argv[3])
task = GameTask(players=len(bots), bots=tuple(bots), seed=5)
task.prepare()
ruleset = get_game(task.game)
report_part = getattr(ruleset, "report", ruleset)  # a checkout before the parts: the ruleset
items = [i[:2] for i in report_part.report_items(game_catalog(ruleset, (), task.host()))]
task.play(10**6)  # warm-up (imports, the catalog, the placement tables): not compared

def simulate(indices):
    results = [task.play(i) for i in indices]
    report = build_report(results, list(task.bots), items, {"game": task.game},
                          len(results), False, ruleset)
    return json.dumps(report, indent=2), game_lines(results, list(task.bots))

start = time.perf_counter()
simulate(range(first, first + games))
print(json.dumps(time.perf_counter() - start))
"""


def env_for(checkout: Path) -> dict:
    """The environment of a child: ``checkout``'s engine and plugins first on PYTHONPATH."""
    env = dict(os.environ)
    paths = [str((checkout / d).resolve()) for d in ("engine", "plugins")]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


def timed_block(checkout: Path, run: str, games: int, first: int) -> float:
    """Seconds ``checkout`` takes to simulate ``games`` games of ``run`` from index ``first``."""
    proc = subprocess.run([sys.executable, "-c", CHILD, ",".join(RUNS[run]), str(games),
                           str(first)], env=env_for(checkout), capture_output=True,
                          text=True, check=True)
    return json.loads(proc.stdout)


def instructions(checkout: Path, run: str, games: int) -> int:
    """Instructions (callgrind's Ir) of a process simulating ``games`` games of ``run`` minus
    one simulating none: the games and their report alone."""
    def count(n: int) -> int:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "cg.out"
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                            sys.executable, "-c", CHILD, ",".join(RUNS[run]), str(n), "0"],
                           env=env_for(checkout), capture_output=True, check=True)
            for line in out.read_text().splitlines():
                if line.startswith(("summary:", "totals:")):
                    return int(line.split()[1])
        raise RuntimeError("callgrind wrote no summary")
    return count(games) - count(0)


def main(argv: list[str] | None = None) -> None:
    """Print games a second (and with --callgrind, instructions a game) of both checkouts."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", type=Path, help="the checkout to compare against")
    ap.add_argument("new", type=Path, nargs="?", default=REPO, help="default: this checkout")
    ap.add_argument("-g", "--games", type=int, default=30, help="games per block (default 30)")
    ap.add_argument("-r", "--rounds", type=int, default=4,
                    help="alternating blocks each (default 4; 0: no timing)")
    ap.add_argument("--callgrind", type=int, default=0, metavar="N",
                    help="also count the instructions of N games of each run (valgrind)")
    ap.add_argument("--runs", default="random,mixed",
                    help=f"which runs, of {', '.join(RUNS)} (default: both)")
    args = ap.parse_args(argv)
    runs = [r for r in args.runs.split(",") if r]
    for r in runs:
        if r not in RUNS:
            ap.error(f"unknown run '{r}'; the runs are {', '.join(RUNS)}")
    sides = {"old": args.old, "new": args.new}
    for run in runs:
        print(f"{run}: 4-player Project games, bots {','.join(RUNS[run])}, run seed 5")
        if args.rounds:
            rates: dict = {name: [] for name in sides}
            for r in range(args.rounds):
                order = list(sides.items()) if r % 2 == 0 else list(reversed(sides.items()))
                for name, checkout in order:
                    seconds = timed_block(checkout, run, args.games, r * args.games)
                    rates[name].append(args.games / seconds)
            med = {name: statistics.median(v) for name, v in rates.items()}
            print(f"  games a second, one core, median of {args.rounds} block(s) of "
                  f"{args.games}: " + "; ".join(
                      f"{name} {med[name]:.1f} ({min(v):.1f}-{max(v):.1f})"
                      for name, v in rates.items()) + f"; new/old {med['new'] / med['old']:.3f}")
        if args.callgrind:
            if not shutil.which("valgrind"):
                sys.exit("--callgrind needs valgrind (apt-get install valgrind)")
            counts = {name: instructions(c, run, args.callgrind) / args.callgrind / 1e6
                      for name, c in sides.items()}
            print(f"  instructions a game, {args.callgrind} games (callgrind): "
                  + ", ".join(f"{name} {n:.2f} M" for name, n in counts.items())
                  + f"; old/new {counts['old'] / counts['new']:.3f}x fewer")


if __name__ == "__main__":
    main()
