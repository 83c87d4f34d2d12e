"""Two checkouts side by side in one run: 4-player random games per second and instructions.

Games per second with the log off and on, and (with --callgrind) the instructions of a game
under valgrind's callgrind, the steady figure on a shared machine.

    .venv/bin/python benchmarks/compare.py OLD_CHECKOUT [NEW_CHECKOUT] [-g 100] [-r 4]
    .venv/bin/python benchmarks/compare.py /tmp/old --callgrind 3 [--paced]

Each checkout runs in its own processes with its engine/ and plugins/ first on PYTHONPATH
(this venv's packages for the rest), in alternating blocks, so that a noisy neighbour hits
both. The games: seeds 0..g-1 with the log off, 500000.. with it on (each mode its own,
so that neither finds the other's placement tables made), every seat a seeded random bot
choosing uniformly among the legal actions. Works with the layout before the kernel issue
(``artemis.game``) and after it (``artemis.kernel.game``). ``--read`` adds a third mode:
games with the log on whose every record is then read (as simulate's statistics read them).
``--paced`` adds a third side:
the new checkout with the garbage collector paced as the ``artemis`` command and simulate's
workers pace it (`artemis.util.collector`); the first two run with Python's default pace, the
engine alone.
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
MODES = ("nolog", "log")  # and "read" with --read: the log on, then every record read
LABELS = {"nolog": "log off", "log": "log on ", "read": "log on, read"}

# what both workloads run in a child process: the engine of the checkout on PYTHONPATH, and one
# 4-player game of seeded random bots
PRELUDE = r"""
import json, random, sys, time
try:
    from artemis.kernel.game import Game, GameConfig
except ImportError:
    from artemis.game import Game, GameConfig

if sys.argv[-1] == "paced":  # as `artemis` processes run (artemis.util.collector)
    from artemis.util.collector import pace_for_games
    pace_for_games()

def play(seed, logging):
    g = Game.new(GameConfig(players=4, seed=seed))
    g.logging = logging
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g

def read(g):
    for record in g.log:  # every record, as simulate's statistics read them
        pass
"""

# timed: prints {"log": s, "nolog": s} (seconds for g games from seed ``first``)
CHILD = PRELUDE + r"""
games, first, modes = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].split(",")
play(10**6, True)  # warm-up: imports, the catalog
out = {}
for key in modes:
    # each mode its own seeds: games of seeds played just before would find their boards'
    # placement tables made, and the second mode would look faster than it is
    base = first + {"nolog": 0, "log": 500_000, "read": 250_000}[key]
    start = time.perf_counter()
    for seed in range(base, base + games):
        g = play(seed, key != "nolog")
        if key == "read":
            read(g)
    out[key] = time.perf_counter() - start
print(json.dumps(out))
"""

# counted by callgrind: n games (argv 2), log on or off (argv 1), after the same warm-up
ONE_GAME = PRELUDE + r"""
play(999_999, True)   # warm-up, not what is compared: the start-up is the same in both
mode = sys.argv[1]
for seed in range(int(sys.argv[2])):
    g = play(seed, mode != "nolog")
    if mode == "read":
        read(g)
"""


def env_for(checkout: Path) -> dict:
    env = dict(os.environ)
    paths = [str((checkout / d).resolve()) for d in ("engine", "plugins")]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env["ARTEMIS_LOAD_PLUGINS"] = ""  # no installed plugin: the other checkout's may not import
    return env


def timed_block(checkout: Path, games: int, first: int, paced: bool = False,
                modes: tuple = MODES) -> dict:
    proc = subprocess.run([sys.executable, "-c", CHILD, str(games), str(first),
                           ",".join(modes), "paced" if paced else "default"],
                          env=env_for(checkout), capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


def instructions(checkout: Path, mode: str, games: int, paced: bool = False) -> int:
    """Instructions (callgrind's Ir) of the process minus one of 0 games: the games alone."""
    def run(n: int) -> int:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "cg.out"
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                            sys.executable, "-c", ONE_GAME, mode,
                            str(n), "paced" if paced else "default"],
                           env=env_for(checkout), capture_output=True, check=True)
            for line in out.read_text().splitlines():
                if line.startswith("summary:") or line.startswith("totals:"):
                    return int(line.split()[1])
        raise RuntimeError("callgrind wrote no summary")
    return run(games) - run(0)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", type=Path, help="the checkout to compare against")
    ap.add_argument("new", type=Path, nargs="?", default=REPO, help="default: this checkout")
    ap.add_argument("-g", "--games", type=int, default=100,
                    help="games per block (default 100)")
    ap.add_argument("-r", "--rounds", type=int, default=4,
                    help="alternating blocks each (default 4)")
    ap.add_argument("--callgrind", type=int, default=0, metavar="N",
                    help="also count the instructions of N games (valgrind)")
    ap.add_argument("--paced", action="store_true",
                    help="also the new checkout with the collector paced as artemis paces it")
    ap.add_argument("--read", action="store_true",
                    help="also games with the log on that then read every record")
    args = ap.parse_args(argv)
    modes = MODES + (("read",) if args.read else ())
    # name: (checkout, paced)
    sides = {"old": (args.old, False), "new": (args.new, False)}
    if args.paced:
        sides["new paced"] = (args.new, True)
    results: dict = {k: {m: [] for m in modes} for k in sides}
    for r in range(args.rounds):
        for name, (checkout, paced) in (sides.items() if r % 2 == 0
                                        else reversed(sides.items())):
            block = timed_block(checkout, args.games, r * args.games, paced, modes)
            for key in modes:
                results[name][key].append(args.games / block[key])
    print(f"4-player random games per second, one core, {args.rounds} block(s) of "
          f"{args.games} games each (median, min-max):")
    for key in modes:
        row = []
        for name in sides:
            rates = results[name][key]
            row.append(f"{name} {statistics.median(rates):7.1f} "
                       f"({min(rates):.1f}-{max(rates):.1f})")
        old = statistics.median(results["old"][key])
        ratios = "; ".join(f"{n}/old {statistics.median(results[n][key]) / old:.3f}"
                           for n in sides if n != "old")
        print(f"  {LABELS[key]}: " + ";  ".join(row) + f";  {ratios}")
    if args.callgrind:
        if not shutil.which("valgrind"):
            sys.exit("--callgrind needs valgrind (apt-get install valgrind)")
        print(f"instructions of {args.callgrind} games (callgrind, millions per game):")
        for mode in modes:
            counts = {name: instructions(c, mode, args.callgrind, paced) / args.callgrind
                      / 1e6 for name, (c, paced) in sides.items()}
            print(f"  {LABELS[mode]}: "
                  + ", ".join(f"{name} {n:.2f} M" for name, n in counts.items()) + "; "
                  + "; ".join(f"old/{name} {counts['old'] / n:.3f}x faster"
                              for name, n in counts.items() if name != "old"))


if __name__ == "__main__":
    main()
