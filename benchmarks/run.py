"""The benchmark suite: one command, one table (``python benchmarks/run.py``).

Not a test (``pytest -q`` collects tests/ only) and no number is asserted; see
benchmarks/README.md for what each row times and docs/performance.md for the latest figures.

Rows (wall time, ``time.perf_counter``; median, p90 and min over the repetitions):

- a 4-player random-bot game with the log on (as ``artemis play`` runs) and off, and games per
  second on one core (log off);
- ``Game.clone()`` at a mid-game decision and ``legal_actions()`` at a placement decision;
- loading and validating the base game in process: cold (a fresh ``game_spec()``, so no parse
  cache, and no on-disk cache), warm (the spec's per-file parse cache);
- a whole ``artemis validate`` process, and ``artemis --help`` start-up;
- validating a generated expansion of 5,000 items (benchmarks/gen_expansion.py), in process
  (cold) and as an ``artemis validate`` process (without, then with the on-disk cache);
- the CPU time (user + system) of the ``validate`` and ``--help`` processes, steadier than their
  wall time on a busy machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from gen_expansion import write_pack  # noqa: E402


def artemis_script() -> Path:
    """The `artemis` script of the interpreter running this file, else the repo's venv's."""
    exe = "artemis.exe" if os.name == "nt" else "artemis"
    for folder in (Path(sysconfig.get_path("scripts")), Path(sys.executable).parent,
                   REPO / ".venv" / ("Scripts" if os.name == "nt" else "bin")):
        if (folder / exe).is_file():
            return folder / exe
    sys.exit("benchmarks: no `artemis` script found; install the project first "
             "(pip install -e '.[test]') and run this with that environment's python")


def timed(fn: Callable[[], object], n: int) -> list[float]:
    """Wall times in seconds of ``n`` calls of ``fn``."""
    out = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def per_call(fn: Callable[[], object], n: int, inner: int) -> list[float]:
    """Seconds per call of ``fn``, measured ``n`` times over ``inner`` calls each (for calls
    too short to time one by one)."""
    out = []
    for _ in range(n):
        start = time.perf_counter()
        for _ in range(inner):
            fn()
        out.append((time.perf_counter() - start) / inner)
    return out


def process(cmd: list[str], env: dict | None = None,
            cpu: list[float] | None = None) -> Callable[[], None]:
    """A callable running ``cmd`` from the repository root; exits if the command fails.
    With ``cpu``, each run appends the seconds of CPU (user + system) the process used: on a
    busy machine, a steadier figure than its wall time."""
    full_env = {**os.environ, **(env or {})}

    def run() -> None:
        before = _children_cpu()
        proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, env=full_env)
        if cpu is not None and before is not None:
            cpu.append(_children_cpu() - before)
        if proc.returncode != 0:
            sys.exit(f"benchmarks: {' '.join(cmd)} exited {proc.returncode}:\n"
                     f"{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    return run


def _children_cpu() -> float | None:
    """CPU seconds used by the finished child processes so far (None off Unix)."""
    try:
        import resource
    except ImportError:
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def machine() -> dict:
    """The machine and software the figures were taken on."""
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        usable = os.cpu_count()
    from artemis import __version__

    return {"os": f"{platform.system()} {platform.machine()}", "nproc": usable,
            "cpu_count": os.cpu_count(), "python": platform.python_version(),
            "implementation": platform.python_implementation(), "artemis": __version__}


# -- game rows -------------------------------------------------------------------------------

def one_game(seed: int, logging: bool) -> None:
    """A 4-player game, every seat choosing uniformly at random (seeded) among the legal
    actions; as benchmarks/bench_play.py did, so the figures stay comparable."""
    from artemis.kernel.game import Game, GameConfig

    g = Game.new(GameConfig(players=4, seed=seed))
    g.logging = logging
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))


def mid_game(seed: int = 0, placement: bool = False):
    """A game at the decision halfway through seed ``seed``'s random game (the first placement
    decision from there on when ``placement``)."""
    from artemis.kernel.game import Game, GameConfig

    def fresh():
        g = Game.new(GameConfig(players=4, seed=seed))
        g.logging = False
        return g, random.Random(seed)

    g, rng = fresh()
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    half = len(g.actions) // 2
    g, rng = fresh()
    while len(g.actions) < half or (placement and g.pending.kind != "place"):
        g.apply(rng.choice(g.legal_actions()))
    return g


def game_rows(reps: int, games: int) -> list[tuple[str, str, list[float]]]:
    one_game(0, False)  # warm-up: imports, the catalog
    rows = []
    # each row plays seeds of its own, never played before in this process: the placement
    # cache (per board) must not favour the row that runs second
    seeds = iter(range(10**6, 2 * 10**6))
    on = timed(lambda: one_game(next(seeds), True), games)
    rows.append(("game_log_on", "4-player random-bot game, log on (ms)", [t * 1e3 for t in on]))
    seeds = iter(range(2 * 10**6, 3 * 10**6))
    off = timed(lambda: one_game(next(seeds), False), games)
    rows.append(("game_log_off", "4-player random-bot game, log off (ms)", [t * 1e3 for t in off]))
    # one figure: the games timed, over the time they took together
    rows.append(("games_per_s", "games per second per core (log off)", [len(off) / sum(off)]))
    rows.append(("games_per_s_log_on", "games per second per core (log on, as simulate plays)",
                 [len(on) / sum(on)]))
    g = mid_game(0)
    rows.append(("clone_us", "Game.clone() at a mid-game decision (us)",
                 [t * 1e6 for t in per_call(g.clone, reps, 2000)]))
    g = mid_game(0, placement=True)
    rows.append(("legal_actions_us", "legal_actions() at a placement decision (us)",
                 [t * 1e6 for t in per_call(g.legal_actions, reps, 20000)]))
    try:
        from artemis.games.project.rules.placement import legal_placements
    except ImportError:  # the engine moved it: the row is left out
        return rows
    seat = g.current_player
    rows.append(("legal_placements_us",
                 f"  generating them ({len(g.legal_actions())} placements) (us)",
                 [t * 1e6 for t in per_call(lambda: legal_placements(g, seat), reps, 2000)]))
    if not isinstance(legal_placements(g, seat), list):  # a sequence that lists when read
        rows.append(("list_placements_us", "  listing every one (a bot reads them all) (us)",
                     [t * 1e6 for t in per_call(lambda: list(legal_placements(g, seat)),
                                                reps, 2000)]))
    return rows


def greedy_rate(n: int) -> tuple[int, float]:
    """(greedy wins, seconds) over ``n`` two-player greedy-vs-random games, seats alternating
    (not a speed figure: the strength check bench_play.py used to print)."""
    from artemis.kernel.game import GameConfig
    from artemis.players.play import play_game

    wins = 0
    start = time.perf_counter()
    for seed in range(n):
        seat = seed % 2
        kinds = ["greedy", "random"] if seat == 0 else ["random", "greedy"]
        wins += play_game(GameConfig(players=2, seed=seed), kinds).result["winner"] == seat
    return wins, time.perf_counter() - start


# -- content rows ----------------------------------------------------------------------------

def artemis_command(source: Path | None) -> list[str]:
    """The command that runs `artemis`: the installed script, or with ``source`` (a checkout
    of this repository) its engine, through this interpreter."""
    if source is None:
        return [str(artemis_script())]
    return [sys.executable, "-c", "import sys; from artemis.cli import main; sys.exit(main())"]


def content_rows(reps: int, procs: int, big: Path | None, source: Path | None = None,
                 items: int = 5000) -> list[tuple[str, str, list[float]]]:
    # no on-disk parse cache in process: cold means parsing every file
    os.environ["ARTEMIS_NO_CACHE"] = "1"
    from artemis.content.loader import load_content
    from artemis.games.project.content import game_spec, load_game_content

    def check(result, what):
        if not result.ok:
            sys.exit(f"benchmarks: {what} is invalid: {result.problems[:3]}")

    check(load_game_content(), "the base game")  # warm-up: imports, validator classes
    first = [_first_load() for _ in range(procs)]
    rows = [
        ("base_first_ms", "base game load+validate, first in a new process (ms)", first),
        ("base_cold_ms", "base game load+validate, cold: fresh spec (ms)",
         [t * 1e3 for t in timed(lambda: check(load_content([], game_spec()), "base"), reps)]),
        ("base_warm_ms", "base game load+validate, warm: parse cache (ms)",
         [t * 1e3 for t in timed(lambda: check(load_game_content(), "base"), reps)]),
    ]
    if big is not None:
        rows.append(("gen5000_ms", f"{items:,}-item expansion load+validate, cold (ms)",
                     [t * 1e3 for t in timed(
                         lambda: check(load_content([big], game_spec()), "the generated pack"),
                         max(1, reps // 5))]))
    artemis = artemis_command(source)
    nocache = {"ARTEMIS_NO_CACHE": "1"}
    os.environ.pop("ARTEMIS_NO_CACHE")
    cpu: dict[str, list[float]] = {"validate": [], "nocache": [], "help": []}
    rows += [
        ("validate_proc_ms", "`artemis validate` process (ms)",
         [t * 1e3 for t in timed(process([*artemis, "validate"], None, cpu["validate"]),
                                 procs)]),
        ("validate_proc_nocache_ms", "`artemis validate` process, no disk cache (ms)",
         [t * 1e3 for t in timed(process([*artemis, "validate"], nocache, cpu["nocache"]),
                                 procs)]),
    ]
    if big is not None:
        rows.append(("gen5000_proc_ms", f"`artemis validate` {items:,}-item expansion process (ms)",
                     [t * 1e3 for t in timed(process([*artemis, "validate", str(big)], nocache),
                                             max(1, procs // 5))]))
        process([*artemis, "validate", str(big)])()  # fill the disk cache
        rows.append(("gen5000_proc_cached_ms", "  the same, disk cache warm (ms)",
                     [t * 1e3 for t in timed(process([*artemis, "validate", str(big)]),
                                             max(1, procs // 5))]))
    rows += [
        ("help_proc_ms", "`artemis --help` process (ms)",
         [t * 1e3 for t in timed(process([*artemis, "--help"], None, cpu["help"]), procs)]),
        ("python_proc_ms", "`python -c pass` process, the floor (ms)",
         [t * 1e3 for t in timed(process([sys.executable, "-c", "pass"]), procs)]),
    ]
    if cpu["help"]:  # CPU time of the same runs: steadier than wall time on a busy machine
        rows += [
            ("validate_proc_cpu_ms", "`artemis validate` process, CPU (ms)",
             [t * 1e3 for t in cpu["validate"]]),
            ("validate_proc_nocache_cpu_ms", "`artemis validate` no disk cache, CPU (ms)",
             [t * 1e3 for t in cpu["nocache"]]),
            ("help_proc_cpu_ms", "`artemis --help` process, CPU (ms)",
             [t * 1e3 for t in cpu["help"]]),
        ]
    return rows


_FIRST_LOAD = """
import time
t = time.perf_counter()
from artemis.content.loader import load_content
from artemis.games.project.content import game_spec
assert load_content([], game_spec()).ok
print((time.perf_counter() - t) * 1e3)
"""


def _first_load() -> float:
    """ms to import the loader and load+validate the base game in a new interpreter, without
    the on-disk cache (the interpreter's own start-up excluded)."""
    proc = subprocess.run([sys.executable, "-c", _FIRST_LOAD], cwd=REPO, capture_output=True,
                          text=True, env={**os.environ, "ARTEMIS_NO_CACHE": "1"})
    if proc.returncode != 0:
        sys.exit(f"benchmarks: the first-load run failed:\n{proc.stderr[-2000:]}")
    return float(proc.stdout.strip().splitlines()[-1])


def p90(xs: list[float]) -> float:
    if len(xs) < 2:
        return xs[0]
    return statistics.quantiles(xs, n=10, method="inclusive")[8]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--reps", type=int, default=20,
                    help="repetitions of each in-process row (default 20)")
    ap.add_argument("-g", "--games", type=int, default=50,
                    help="games timed per game row (default 50)")
    ap.add_argument("-p", "--procs", type=int, default=10,
                    help="runs of each process row (default 10)")
    ap.add_argument("--items", type=int, default=5000,
                    help="items of the generated expansion (default 5000; 0 skips its rows)")
    ap.add_argument("--only", choices=["game", "content"], help="run one group of rows")
    ap.add_argument("--greedy", type=int, default=0, metavar="N",
                    help="also play N two-player greedy-vs-random games (seats alternate) and "
                    "print the greedy bot's win rate (default 0: skip)")
    ap.add_argument("--source", type=Path, metavar="DIR",
                    help="time the engine of another checkout of this repository (for a "
                    "before/after comparison: its engine/ and plugins/ come first on the path)")
    ap.add_argument("--json", metavar="FILE", type=Path,
                    help="also write the figures as JSON ('-' for stdout, then no table)")
    args = ap.parse_args(argv)
    if min(args.reps, args.games, args.procs) < 1 or args.items < 0:
        ap.error("counts must be at least 1 (--items at least 0)")

    if args.source is not None:
        # this process and every process it starts import artemis from the other checkout
        paths = [str((args.source / d).resolve()) for d in ("engine", "plugins")]
        sys.path[:0] = paths
        os.environ["PYTHONPATH"] = os.pathsep.join(
            [*paths, *filter(None, [os.environ.get("PYTHONPATH")])])
    rows = []
    if args.only in (None, "game"):
        rows += game_rows(args.reps, args.games)
    if args.only in (None, "content"):
        with tempfile.TemporaryDirectory(prefix="artemis-bench-") as tmp:
            big = write_pack(Path(tmp) / "generated_pack", args.items) if args.items else None
            rows += content_rows(args.reps, args.procs, big, args.source, args.items)

    greedy = greedy_rate(args.greedy) if args.greedy else None
    info = machine()
    import artemis

    info["engine"] = str(Path(artemis.__file__).parent)
    report = {"machine": info, "rows": {
        key: {"label": label, "n": len(xs), "median": statistics.median(xs), "p90": p90(xs),
              "min": min(xs)} for key, label, xs in rows}}
    if greedy is not None:
        report["greedy_vs_random"] = {"games": args.greedy, "greedy_wins": greedy[0],
                                      "seconds": greedy[1]}
    if args.json is not None:
        text = json.dumps(report, indent=2)
        if str(args.json) == "-":
            print(text)
            return
        args.json.write_text(text + "\n", encoding="utf-8")
    print(f"machine: {info['os']}, nproc {info['nproc']} (cpu_count {info['cpu_count']}), "
          f"Python {info['python']} ({info['implementation']}), artemis {info['artemis']}")
    width = max(len(label) for _, label, _ in rows)
    print(f"{'what':<{width}}  {'n':>4}  {'median':>9}  {'p90':>9}  {'min':>9}")
    print(f"{'-' * width}  {'-' * 4}  {'-' * 9}  {'-' * 9}  {'-' * 9}")
    for _, label, xs in rows:
        print(f"{label:<{width}}  {len(xs):>4}  {_fmt(statistics.median(xs))}  "
              f"{_fmt(p90(xs))}  {_fmt(min(xs))}")
    if greedy is not None:
        wins, secs = greedy
        print(f"greedy vs random, 2 players: greedy won {wins} of {args.greedy} "
              f"({100 * wins / args.greedy:.1f}%) in {secs:.0f} s")


def _fmt(x: float) -> str:
    return f"{x:>9.2f}" if x < 10 else f"{x:>9.1f}"


if __name__ == "__main__":
    main()
