"""The declared action spaces and score bounds of every registered game, per player count
(docs/design.md, "The action space"): how many action ids, the widest decision and its
question, the score bounds (or why none), and how long the declaration takes to make.

    .venv/bin/python benchmarks/action_space.py            # every game
    .venv/bin/python benchmarks/action_space.py project    # one game

Not a test: it asserts nothing; the conformance checks hold each game to its declaration.
"""

from __future__ import annotations

import sys
import time

from artemis.kernel.action_space import NoActionSpace
from artemis.kernel.games import games
from artemis.kernel.ruleset import NoScoreBounds


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", metavar="GAME", help="registered game ids (default: all)")
    chosen = ap.parse_args(argv).games or sorted(games())
    unknown = [g for g in chosen if g not in games()]
    if unknown:
        print(f"action_space.py: unknown game {', '.join(unknown)}; games: "
              f"{', '.join(sorted(games()))}", file=sys.stderr)
        return 2
    print("| game | players | action ids | max options (question) | largest question "
          "| score bounds | made in (s) |")
    print("|---|---|---|---|---|---|---|")
    for game_id in chosen:
        ruleset = games()[game_id]
        for n in ruleset.player_counts:
            config = {"game": game_id, "players": n}
            start = time.perf_counter()
            try:
                space = ruleset.tools.action_space(config)
            except NoActionSpace as exc:
                print(f"| {game_id} | {n} | none: {exc} | | | | |")
                continue
            made = time.perf_counter() - start
            widest = max(space.by_question, key=lambda k: space.widest.get(
                k, len(space.by_question[k])))
            largest = max(space.by_question, key=lambda k: len(space.by_question[k]))
            try:
                low, high = ruleset.tools.score_bounds(config)
                bounds = f"{low} to {high}"
            except NoScoreBounds:
                bounds = "none declared"
            print(f"| {game_id} | {n} | {len(space.ids):,} | {space.max_options:,} ({widest}) "
                  f"| {largest} ({len(space.by_question[largest]):,}) | {bounds} "
                  f"| {made:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
