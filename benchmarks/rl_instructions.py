"""The researchers' gateway's cost in instructions, which a busy machine does not change
(docs/performance.md, "The researchers' gateway"): run under callgrind, which counts only
inside ``functools.reduce``, the one call this script makes around what it measures::

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \\
        --callgrind-out-file=/dev/null .venv/bin/python benchmarks/rl_instructions.py \\
        odyssey:4 aec

prints the decisions played on stderr; callgrind's "Collected" line is the instructions.
Divide one by the other. What is measured (seeds 1..--games, log off, set up outside):

- ``engine``: the engine's random game loop (``legal_actions``, ``apply`` of a random one);
- ``aec``: the PettingZoo AEC loop (``last()``, a random legal number from the mask read as
  bool, ``step``; the ended agents' ``step(None)`` included);
- ``observation``: one observation (`artemis.rl.observe.Encoder.array`) for every seat at
  every decision of those games, in order (positions cloned outside the count; where the
  game's writer is incremental, each seat's memo is one decision old);
- ``scratch``: the same from scratch (`Encoder.write` into a zeroed array);
- ``writer``: the same with the game's ``write_observation`` alone, from scratch.

Needs the rl extra. Not a test: it asserts nothing.
"""

from __future__ import annotations

import functools
import random
import sys

WHAT = ("engine", "aec", "observation", "scratch", "writer")


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("config", metavar="GAME:PLAYERS")
    ap.add_argument("what", choices=WHAT)
    ap.add_argument("--games", type=int, default=3, help="seeded games (default 3)")
    args = ap.parse_args(argv)
    game_id, _, n = args.config.partition(":")
    from artemis.kernel.game import Game

    try:
        players = int(n)
        Game.new({"game": game_id, "players": players, "seed": 1})
    except Exception as e:  # noqa: BLE001 - a bad config, said in words
        print(f"rl_instructions.py: {args.config!r}: {e}", file=sys.stderr)
        return 2
    seeds = range(1, args.games + 1)
    decisions = 0
    if args.what == "engine":
        games = []
        for seed in seeds:
            g = Game.new({"game": game_id, "players": players, "seed": seed})
            g.logging = False
            games.append((g, random.Random(seed)))

        def play(count, item):
            game, rng = item
            while not game.is_over:
                options = game.legal_actions()
                game.apply(options[rng.randrange(len(options))])
                count += 1
            return count

        decisions = functools.reduce(play, games, 0)
    elif args.what == "aec":
        from artemis.rl.pettingzoo import env

        envs = []
        for seed in seeds:
            e = env(game_id, players)
            e.reset(seed=seed)
            envs.append((e, random.Random(seed)))

        from rl_bench import play_episode  # this script's folder is on sys.path

        def play(count, item):
            return count + play_episode(*item)

        decisions = functools.reduce(play, envs, 0)
    else:
        from artemis.rl._core import table

        # "auto": the Project numbers by slots, so its 238k declared ids are not built here
        enc = table(game_id, players, "auto").require_encoder()
        positions = []
        for seed in seeds:
            g = Game.new({"game": game_id, "players": players, "seed": seed})
            g.logging = False
            rng = random.Random(seed)
            while not g.is_over:
                positions.append(g.clone())
                options = g.legal_actions()
                g.apply(options[rng.randrange(len(options))])
        write = enc._write
        import numpy as np

        def observe(count, game):
            for seat in range(players):
                if args.what == "writer":
                    write(game, seat, [], [], [])
                elif args.what == "scratch":
                    enc.write(game, seat, np.zeros(enc.size, np.float32))
                else:
                    enc.array(game, seat)
            return count + players

        decisions = functools.reduce(observe, positions, 0)
    print(f"{args.config} {args.what}: {decisions} "
          f"{'decisions' if args.what in ('engine', 'aec') else 'calls'}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
