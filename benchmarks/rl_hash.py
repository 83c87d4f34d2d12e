"""A hash of every observation and mask the researchers' gateway gives over seeded games, to
show a change to the encoders, the writers or the codecs leaves every number as it was
(docs/performance.md, "A seventh round")::

    PYTHONPATH=engine:plugins .venv/bin/python benchmarks/rl_hash.py

What is hashed (sha256 of each array's bytes, in order), seeds 1..--seeds:

- the PettingZoo AEC loop of the Project at 2-5 players, the Odyssey at 1-6 and 8 (the
  default action space) and the Odyssey at 4 in slots: at every decision, every agent's
  ``observe`` (observation and mask), then `Encoder.array` and `Encoder.fresh` of every seat
  and of the spectator (None), then ``last()``'s; the agent picks a random legal number
  (``random.Random(seed)``); every seventh decision the environment's game is replaced by a
  clone of it (a clone has its own lists, which a writer's caches must not confuse);
- the Odyssey solo with the ``memory_aid`` option (the engine's loop, no environment):
  `Encoder.array`, `Encoder.fresh` and `Encoder.write` of the seat and the spectator.

Prints one line per config (decisions, arrays, its hash) and the total's hash. Needs the rl
extra. Not a test: the hash to compare is the one printed at the commit before a change.
"""

from __future__ import annotations

import hashlib
import random
import sys

CONFIGS = ([("project", n, "auto") for n in (2, 3, 4, 5)]
           + [("odyssey", n, "auto") for n in (1, 2, 3, 4, 5, 6, 8)]
           + [("odyssey", 4, "slots")])


def _aec(game_id: str, players: int, space: str, seed: int, h) -> tuple[int, int]:
    from artemis.rl.pettingzoo import env

    e = env(game_id, players, action_space=space)
    enc = e.table.encoder
    e.reset(seed=seed)
    rng = random.Random(seed)
    decisions = arrays = 0
    for _agent in e.agent_iter():
        if decisions % 7 == 6:
            e.game = e.game.clone()
        game = e.game
        for agent in e.possible_agents:
            o = e.observe(agent)
            h.update(o["observation"].tobytes())
            h.update(o["action_mask"].tobytes())
            arrays += 2
        for seat in (*range(players), None):
            h.update(enc.array(game, seat).tobytes())
            h.update(enc.fresh(game, seat).tobytes())
            arrays += 2
        obs, reward, terminated, truncated, _ = e.last()
        h.update(obs["observation"].tobytes())
        h.update(obs["action_mask"].tobytes())
        h.update(repr((reward, terminated, truncated)).encode())
        arrays += 2
        if terminated or truncated:
            e.step(None)
            continue
        legal = obs["action_mask"].view(bool).nonzero()[0]
        e.step(legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions, arrays


def _memory_aid(seed: int, h) -> tuple[int, int]:
    import numpy as np

    from artemis.kernel.game import Game
    from artemis.kernel.games import get_game
    from artemis.rl.observe import Encoder

    config = {"game": "odyssey", "players": 1, "options": {"memory_aid": True}}
    enc = Encoder(get_game("odyssey"), config)
    game = Game.new({**config, "seed": seed})
    game.logging = False
    rng = random.Random(seed)
    decisions = arrays = 0
    while not game.is_over:
        if decisions % 7 == 6:
            game = game.clone()
        for seat in (0, None):
            out = np.zeros(enc.size, np.float32)
            enc.write(game, seat, out)
            for a in (enc.array(game, seat), enc.fresh(game, seat), out):
                h.update(a.tobytes())
                arrays += 1
        options = game.legal_actions()
        game.apply(options[rng.randrange(len(options))])
        decisions += 1
    return decisions, arrays


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=3, help="seeds 1..SEEDS (default 3)")
    args = ap.parse_args(argv)
    total = hashlib.sha256()
    all_decisions = all_arrays = 0
    jobs = [(f"{g}:{n} {s}", lambda seed, h, g=g, n=n, s=s: _aec(g, n, s, seed, h))
            for g, n, s in CONFIGS]
    jobs.append(("odyssey:1 memory_aid", _memory_aid))
    for name, run in jobs:
        h = hashlib.sha256()
        decisions = arrays = 0
        for seed in range(1, args.seeds + 1):
            d, a = run(seed, h)
            decisions += d
            arrays += a
        digest = h.hexdigest()
        total.update(digest.encode())
        all_decisions += decisions
        all_arrays += arrays
        print(f"{name}: {decisions} decisions, {arrays} arrays, {digest[:16]}", flush=True)
    print(f"total: {all_decisions} decisions, {all_arrays} arrays, {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
