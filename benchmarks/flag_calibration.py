"""How often the balance report's flag test fires when no item matters.

Synthetic studies through the report's own `mantel_haenszel` and `benjamini_hochberg`
(artemis.sim.significance); docs/balance.md, "Leviathan Sighting with nothing taken", quotes
this script's figures at its defaults (--games 400 --studies 100 --beta 0.5 --seed 1).

Each synthetic game deals every seat 3 to 9 buildings from 52 (one owner a building, as the
base game's tiles), then draws the winner with odds exp(beta x buildings held): holding more
buildings wins, the buildings themselves do nothing. Each item's owners are compared with the
other seats holding as many buildings (the report's strata), as `artemis simulate` does::

    .venv/bin/python benchmarks/flag_calibration.py --players 2 --games 400 --studies 100

prints the share of rows with p < 0.05 (5% for a calibrated test) and the share of studies
with a row flagged after Benjamini-Hochberg at 5% (at most 5%). Not a test: it asserts
nothing. Seeded (--seed), so a run repeats.
"""

from __future__ import annotations

import argparse
import math
import random

from artemis.sim.significance import benjamini_hochberg, mantel_haenszel

ITEMS = 52  # the base game's building tiles
MOST_HELD = 9  # a seat holds 3 to 9: at most 5 seats share the 52 tiles


def study(players: int, games: int, beta: float, rng: random.Random) -> list[float]:
    """The p-values of one synthetic study's items (those with an informative stratum)."""
    strata: list[dict] = [{} for _ in range(ITEMS)]
    for _ in range(games):
        held = [rng.randint(3, MOST_HELD) for _ in range(players)]
        dealt = rng.sample(range(ITEMS), sum(held))
        owned, k = [], 0
        for n in held:
            owned.append(set(dealt[k:k + n]))
            k += n
        odds = [math.exp(beta * n) for n in held]
        r, winner = rng.random() * sum(odds), 0
        while r > odds[winner]:
            r -= odds[winner]
            winner += 1
        for item in range(ITEMS):
            for seat in range(players):
                cell = strata[item].setdefault(held[seat], [0, 0, 0, 0])
                won = seat == winner
                cell[(0 if won else 1) if item in owned[seat] else (2 if won else 3)] += 1
    tests = (mantel_haenszel(s.values()) for s in strata)
    return [t["p"] for t in tests if t is not None]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=400, help="games a study (400)")
    ap.add_argument("--studies", type=int, default=100, help="synthetic studies (100)")
    ap.add_argument("--beta", type=float, default=0.5,
                    help="log-odds of winning a building held (0.5)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if not 2 <= args.players <= ITEMS // MOST_HELD or args.games < 1 or args.studies < 1:
        ap.error(f"--players must be 2 to {ITEMS // MOST_HELD} (they share {ITEMS} tiles), "
                 "--games and --studies 1 or more")
    if not -20 <= args.beta <= 20:  # a NaN fails this too
        ap.error("--beta must be a number from -20 to 20")
    rng = random.Random(args.seed)
    rows = small = flagged = 0
    for _ in range(args.studies):
        ps = study(args.players, args.games, args.beta, rng)
        rows += len(ps)
        small += sum(p < 0.05 for p in ps)
        flagged += any(q <= 0.05 for q in benjamini_hochberg(ps))
    if not rows:
        print(f"{args.players} players, {args.studies} studies of {args.games} games: no row "
              "could be tested (too few games for a stratum with owners and others)")
        return 0
    print(f"{args.players} players, {args.studies} studies of {args.games} games: p < 0.05 "
          f"in {small / rows:.1%} of {rows} rows (5% if calibrated); a row flagged in "
          f"{flagged / args.studies:.0%} of studies (at most 5%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
