"""Two checkouts side by side in one run: 4-player random games per second, log on and off,
and (with --callgrind) the instructions of one game under valgrind's callgrind, the steady
figure on a shared machine.

    .venv/bin/python benchmarks/compare.py OLD_CHECKOUT [NEW_CHECKOUT] [-g 200] [-r 5]
    .venv/bin/python benchmarks/compare.py /tmp/old --callgrind

Each checkout runs in its own processes with its engine/ and plugins/ first on PYTHONPATH
(this venv's packages for the rest), in alternating blocks, so that a noisy neighbour hits
both. The games: seeds 0..g-1, every seat a seeded random bot choosing uniformly among the
legal actions. Works with the layout before the kernel issue (``artemis.game``) and after it
(``artemis.kernel.game``).
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

# what both workloads run in a child process: the engine of the checkout on PYTHONPATH, and one
# 4-player game of seeded random bots
PRELUDE = r"""
import json, random, sys, time
try:
    from artemis.kernel.game import Game, GameConfig
except ImportError:
    from artemis.game import Game, GameConfig

def play(seed, logging):
    g = Game.new(GameConfig(players=4, seed=seed))
    g.logging = logging
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
"""

# timed: prints {"log": s, "nolog": s} (seconds for g games from seed ``first``)
CHILD = PRELUDE + r"""
games, first = int(sys.argv[1]), int(sys.argv[2])
play(10**6, True)  # warm-up: imports, the catalog
out = {}
for logging, key in ((False, "nolog"), (True, "log")):
    start = time.perf_counter()
    for seed in range(first, first + games):
        play(seed, logging)
    out[key] = time.perf_counter() - start
print(json.dumps(out))
"""

# counted by callgrind: n games (argv 2), log on or off (argv 1), after the same warm-up
ONE_GAME = PRELUDE + r"""
play(999_999, True)   # warm-up, not what is compared: the start-up is the same in both
logging = sys.argv[1] == "log"
for seed in range(int(sys.argv[2])):
    play(seed, logging)
"""


def env_for(checkout: Path) -> dict:
    env = dict(os.environ)
    paths = [str((checkout / d).resolve()) for d in ("engine", "plugins")]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env["ARTEMIS_LOAD_PLUGINS"] = ""  # no installed plugin: the other checkout's may not import
    return env


def timed_block(checkout: Path, games: int, first: int) -> dict:
    proc = subprocess.run([sys.executable, "-c", CHILD, str(games), str(first)],
                          env=env_for(checkout), capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


def instructions(checkout: Path, logging: bool, games: int) -> int:
    """Instructions (callgrind's Ir) of the process minus one of 0 games: the games alone."""
    def run(n: int) -> int:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "cg.out"
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                            sys.executable, "-c", ONE_GAME, "log" if logging else "nolog",
                            str(n)], env=env_for(checkout), capture_output=True, check=True)
            for line in out.read_text().splitlines():
                if line.startswith("summary:") or line.startswith("totals:"):
                    return int(line.split()[1])
        raise RuntimeError("callgrind wrote no summary")
    return run(games) - run(0)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", type=Path, help="the checkout to compare against")
    ap.add_argument("new", type=Path, nargs="?", default=REPO, help="default: this checkout")
    ap.add_argument("-g", "--games", type=int, default=100, help="games per block")
    ap.add_argument("-r", "--rounds", type=int, default=4, help="alternating blocks each")
    ap.add_argument("--callgrind", type=int, default=0, metavar="N",
                    help="also count the instructions of N games (valgrind)")
    args = ap.parse_args(argv)
    sides = {"old": args.old, "new": args.new}
    results: dict = {k: {"log": [], "nolog": []} for k in sides}
    for r in range(args.rounds):
        for name, checkout in (sides.items() if r % 2 == 0 else reversed(sides.items())):
            block = timed_block(checkout, args.games, r * args.games)
            for key in ("log", "nolog"):
                results[name][key].append(args.games / block[key])
    print(f"4-player random games per second, one core, {args.rounds} blocks of "
          f"{args.games} games each (median, min-max):")
    for key in ("nolog", "log"):
        row = []
        for name in sides:
            rates = results[name][key]
            row.append(f"{name} {statistics.median(rates):7.1f} "
                       f"({min(rates):.1f}-{max(rates):.1f})")
        old, new = (statistics.median(results[n][key]) for n in sides)
        print(f"  log {'off' if key == 'nolog' else 'on '}: " + ";  ".join(row)
              + f";  new/old {new / old:.3f}")
    if args.callgrind:
        if not shutil.which("valgrind"):
            sys.exit("--callgrind needs valgrind (apt-get install valgrind)")
        print(f"instructions of {args.callgrind} games (callgrind, millions per game):")
        for logging in (False, True):
            counts = {name: instructions(c, logging, args.callgrind) / args.callgrind / 1e6
                      for name, c in sides.items()}
            print(f"  log {'on ' if logging else 'off'}: old {counts['old']:.2f} M, new "
                  f"{counts['new']:.2f} M; new/old {counts['new'] / counts['old']:.3f}")


if __name__ == "__main__":
    main()
