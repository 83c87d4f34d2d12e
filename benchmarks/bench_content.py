"""How long loading and validating the base game takes, in process and as a command.

Not a test: run ``.venv/bin/python benchmarks/bench_content.py`` (see benchmarks/README.md).
Prints the machine and a table of median, p90 and min wall times (time.perf_counter) for:

- in-process load+validate of the base game, after one warm-up call, with the spec cached by
  ``load_game_content()``'s lru_cache, and with a fresh ``game_spec()`` built each time (schema
  assembly from the registry included) — plus ``game_spec()`` alone;
- a whole ``artemis validate`` process, ``artemis --help`` start-up, and a bare
  ``python -c pass`` as the floor that every process pays.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import sysconfig
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _artemis_script() -> Path:
    """The `artemis` script of the interpreter running this file, else the repo's venv's."""
    exe = "artemis.exe" if os.name == "nt" else "artemis"
    for folder in (Path(sysconfig.get_path("scripts")), Path(sys.executable).parent,
                   REPO / ".venv" / ("Scripts" if os.name == "nt" else "bin")):
        if (folder / exe).is_file():
            return folder / exe
    sys.exit("bench_content: no `artemis` script found; install the project first "
             "(pip install -e '.[test]') and run this with that environment's python")


def _time(fn: Callable[[], object], n: int) -> list[float]:
    out = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def _process(cmd: list[str]) -> Callable[[], None]:
    def run() -> None:
        proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"bench_content: {' '.join(cmd)} exited {proc.returncode}:\n"
                     f"{proc.stdout}{proc.stderr}")
    return run


def _p90(xs: list[float]) -> float:
    if len(xs) < 2:
        return xs[0]
    return statistics.quantiles(xs, n=10, method="inclusive")[8]


def _machine() -> str:
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        usable = os.cpu_count()
    from artemis import __version__

    return (f"machine: {platform.system()} {platform.machine()}, nproc {usable} "
            f"(cpu_count {os.cpu_count()}), Python {platform.python_version()} "
            f"({platform.python_implementation()}), artemis {__version__}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--loads", type=int, default=30,
                        help="in-process iterations per row (default 30)")
    parser.add_argument("-p", "--procs", type=int, default=10,
                        help="processes per command row (default 10)")
    args = parser.parse_args(argv)
    if args.loads < 1 or args.procs < 1:
        parser.error("counts must be at least 1")

    from artemis.content.loader import load_content
    from artemis.rules.content import game_spec, load_game_content

    def cached() -> None:
        result = load_game_content()
        if not result.ok:
            sys.exit(f"bench_content: the base game is invalid: {result.problems[:3]}")

    def fresh() -> None:
        if not load_content([], game_spec()).ok:
            sys.exit("bench_content: the base game is invalid")

    artemis = str(_artemis_script())
    print(_machine())
    print(f"artemis script: {artemis}")
    print()

    cached()  # warm-up: imports, the lru_cache'd spec, jsonschema validator classes
    rows = [
        ("load+validate, cached spec (in-process)", _time(cached, args.loads)),
        ("load+validate, fresh game_spec() (in-process)", _time(fresh, args.loads)),
        ("game_spec() alone (in-process)", _time(game_spec, args.loads)),
        ("`artemis validate` process", _time(_process([artemis, "validate"]), args.procs)),
        ("`artemis --help` process", _time(_process([artemis, "--help"]), args.procs)),
        ("`python -c pass` process (floor)",
         _time(_process([sys.executable, "-c", "pass"]), args.procs)),
    ]

    width = max(len(name) for name, _ in rows)
    print(f"{'what':<{width}}  {'n':>3}  {'median ms':>9}  {'p90 ms':>8}  {'min ms':>8}")
    print(f"{'-' * width}  {'-' * 3}  {'-' * 9}  {'-' * 8}  {'-' * 8}")
    for name, xs in rows:
        print(f"{name:<{width}}  {len(xs):>3}  {statistics.median(xs) * 1e3:>9.1f}  "
              f"{_p90(xs) * 1e3:>8.1f}  {min(xs) * 1e3:>8.1f}")


if __name__ == "__main__":
    main()
