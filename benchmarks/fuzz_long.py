"""The long hostile-input fuzz run: tests/test_hostile_input.py's properties, many examples,
and tests/test_generated_content.py's: generated content that validates plays to the end.

Not a test (CI runs a few examples per property in those files). Run::

    .venv/bin/python benchmarks/fuzz_long.py --examples 4000            # per property
    .venv/bin/python benchmarks/fuzz_long.py --examples 500 --only config_wrong --seed 7
    .venv/bin/python benchmarks/fuzz_long.py --examples 1000 --only generated_packs
    .venv/bin/python benchmarks/fuzz_long.py --examples 300 --only odyssey_packs

Each property (YAML reader, content validator on malformed YAML and on mutated base content,
config loader on malformed YAML and on mutated config examples, and the save, log and scenario
loaders once they exist), and generated packs played to the end (``generated_packs``: a pack
drawn from the vocabulary, kept where it validates, played by random bots within bounded steps
and memory, its log written and verified; ``odyssey_packs``: the Odyssey's base pack with its
tables varied, kept where it validates, one game at each player count, each log verified,
tests/odyssey/test_generated_content.py) runs with ``--examples`` generated inputs, seeded by
``--seed``, under the same 10 s deadline against hangs, with the content loader's disk cache in
a temporary folder unless ``ARTEMIS_CACHE_DIR`` is set. Prints, per property, the examples run,
the wall time (time.perf_counter), the slowest example and the failures (each with
Hypothesis's minimal falsifying input), and for ``generated_packs`` the longest game (steps,
decisions, tracemalloc's peak; for ``odyssey_packs`` its decisions); the exit status is 1
when any property failed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

from hypothesis import given, seed, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import odyssey.test_generated_content as ogen  # noqa: E402
import test_generated_content as gen  # noqa: E402
import test_hostile_input as h  # noqa: E402


def _properties() -> dict:
    """name -> (strategy, check(case)); the other loaders only where they exist."""
    props = {
        "yaml_reader": (st.one_of(h.HOSTILE_FILE, h.SURROGATE_TEXT), h.check_yaml_reader),
        "content_malformed": (st.tuples(h.HOSTILE_FILE, st.sampled_from(
            ["content", "manifest", "loose"])), lambda c: h.check_content(*c)),
        "content_wrong": (st.tuples(h.wrong_content(), st.sampled_from(["content", "loose"])),
                          lambda c: h.check_wrong_content(*c)),
        "config_malformed": (h.HOSTILE_FILE, lambda c: h.check_config(c, start=False)),
        "config_wrong": (h.wrong_config(), h.check_config),
        "generated_packs": (gen.packs(), gen.check_generated),
        "odyssey_packs": (ogen.cases(), ogen.check_case),
    }
    for name, (_, strategy, check) in h.OTHER_LOADERS.items():
        if h.other_loader_exists(name):
            props[name] = (strategy, check)
    return props


def run_property(name: str, strategy, check, examples: int, seed_value: int) -> dict:
    """Run one property; returns {name, examples, seconds, slowest, failures}."""
    count = 0
    slowest = 0.0
    slowest_case = None

    def timed(case):
        nonlocal count, slowest, slowest_case
        count += 1
        start = time.perf_counter()
        try:
            check(case)
        finally:
            took = time.perf_counter() - start
            if took > slowest:
                slowest, slowest_case = took, case

    base = h.fuzz_settings(examples)
    test = seed(seed_value)(settings(base, derandomize=False, report_multiple_bugs=True)(
        given(strategy)(timed)))
    failures: list[str] = []
    start = time.perf_counter()
    try:
        test()
    except BaseException as exc:  # noqa: BLE001 - a failure report, whatever it is
        if isinstance(exc, KeyboardInterrupt):
            raise
        found = exc.exceptions if isinstance(exc, BaseExceptionGroup) else [exc]
        outer = "\n".join(getattr(exc, "__notes__", []))
        for e in found:
            notes = "\n".join(getattr(e, "__notes__", [])) or outer
            where = "".join(traceback.format_tb(e.__traceback__)[-3:])
            last = traceback.format_exception_only(type(e), e)[-1].strip()
            failures.append(f"{last}\n{where}{notes}"[:4000])
    return {"name": name, "examples": count, "seconds": time.perf_counter() - start,
            "slowest": slowest, "slowest_case": repr(slowest_case)[:300],
            "failures": failures}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=2000, help="examples per property")
    parser.add_argument("--seed", type=int, default=0, help="Hypothesis seed")
    parser.add_argument("--only", action="append", help="run only this property (repeatable)")
    parser.add_argument("--verbose", action="store_true", help="show each slowest example")
    args = parser.parse_args(argv)
    # the content loader's disk cache would get an entry per fuzzed file: a folder of its own
    cache = None
    if "ARTEMIS_CACHE_DIR" not in os.environ:
        cache = tempfile.mkdtemp(prefix="artemis-fuzz-cache-")
        os.environ["ARTEMIS_CACHE_DIR"] = cache
    try:
        return _run(args)
    finally:
        if cache:
            shutil.rmtree(cache, ignore_errors=True)


def _run(args) -> int:
    props = _properties()
    h.warm_up()
    missing = [".".join(h.OTHER_LOADERS[n][0][:2]) for n in h.OTHER_LOADERS
               if n not in props]
    if missing:
        print(f"not covered (loader not found): {', '.join(missing)}")
    total_examples = 0
    total_time = 0.0
    failed = 0
    print(f"{'property':<20}{'examples':>10}{'seconds':>10}{'slowest s':>11}  failures",
          flush=True)
    for name, (strategy, check) in props.items():
        if args.only and name not in args.only:
            continue
        r = run_property(name, strategy, check, args.examples, args.seed)
        total_examples += r["examples"]
        total_time += r["seconds"]
        failed += len(r["failures"])
        print(f"{name:<20}{r['examples']:>10}{r['seconds']:>10.1f}{r['slowest']:>11.2f}  "
              f"{len(r['failures'])}", flush=True)
        if args.verbose:
            print(f"    slowest example: {r['slowest_case']}")
        if name == "generated_packs" and gen.SEEN:
            longest = max(gen.SEEN, key=lambda p: p.steps)
            print(f"    longest game: {longest.steps:,} steps, {longest.decisions:,} decisions, "
                  f"{longest.players} players; largest peak "
                  f"{max(p.peak for p in gen.SEEN) / 2**20:.1f} MiB; "
                  f"{sum(p.items for p in gen.SEEN) / len(gen.SEEN):.1f} items kept per pack",
                  flush=True)
        if name == "odyssey_packs" and ogen.SEEN:
            games = [g for e in ogen.SEEN for g in e.games]
            longest = max(games, key=lambda g: g.decisions)
            print(f"    longest game: {longest.decisions:,} decisions, {longest.players} "
                  f"players; {len(games)} games", flush=True)
        for f in r["failures"]:
            print("    " + f.replace("\n", "\n    "), flush=True)
    print(f"{'total':<20}{total_examples:>10}{total_time:>10.1f}{'':>11}  {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
