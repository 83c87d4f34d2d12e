"""The researchers' gateway's speed (issue 30; docs/performance.md, "The researchers'
gateway"): what one observation costs (`artemis.rl.observe.Encoder.array`, the game's
``observation`` part and the numpy write; incremental where the game's writer is, each seat's
memo one decision old; and from scratch, `Encoder.write`) against one engine decision, over
every decision of seeded random games in order, for the Project at 3 players and the
Odyssey at 4 (the issue's target: at most 25 us an observation), with the action space's size
and the legal width met; and decisions a second through OpenSpiel and through the PettingZoo
AEC environment (the issue's target: the AEC environment at 1/3 of the engine's decisions a
second or more), also against the engine's loop on the AEC loop's own games.

    .venv/bin/python benchmarks/rl_bench.py                  # both, 20 games each
    .venv/bin/python benchmarks/rl_bench.py --games 5 odyssey:6
    .venv/bin/python benchmarks/rl_bench.py --openspiel      # and OpenSpiel's decisions/s
    .venv/bin/python benchmarks/rl_bench.py --aec            # and the AEC environment's

Needs the rl extra (pip install -e '.[rl]'). Not a test: it asserts nothing. Each figure is
the best of ``--repeat`` passes over the same positions (the machine is shared: the best pass
is the one least disturbed), so it is a floor, not a mean.
"""

from __future__ import annotations

import random
import sys
import time

DEFAULT = ("project:3", "odyssey:4")


def _positions(game_id: str, players: int, games: int):
    """Every decision of ``games`` seeded random games (seeds 1..games, log off): a clone of
    each position, the legal widths, and the engine's best seconds for one pass of those
    games' decisions."""
    from artemis.kernel.game import Game

    positions, widths = [], []
    for seed in range(1, games + 1):
        game = Game.new({"game": game_id, "players": players, "seed": seed})
        game.logging = False
        rng = random.Random(seed)
        while not game.is_over:
            positions.append(game.clone())
            options = game.legal_actions()
            widths.append(len(options))
            game.apply(options[rng.randrange(len(options))])
    return positions, widths


def _engine_seconds(game_id: str, players: int, games: int, repeat: int) -> float:
    from artemis.kernel.game import Game

    best = float("inf")
    for _ in range(repeat):
        starts = []
        for seed in range(1, games + 1):
            g = Game.new({"game": game_id, "players": players, "seed": seed})
            g.logging = False
            starts.append((g, random.Random(seed)))
        t0 = time.perf_counter()
        for game, rng in starts:
            while not game.is_over:
                options = game.legal_actions()
                game.apply(options[rng.randrange(len(options))])
        best = min(best, time.perf_counter() - t0)
    return best


def _openspiel_seconds(game_id: str, players: int, games: int, repeat: int,
                       observe: bool) -> tuple[float, int]:
    """(best seconds, decisions) of ``games`` OpenSpiel episodes (seeds 1..games, fixed),
    random legal numbers; ``observe``: the deciding seat's observation tensor each decision,
    as an agent reads it."""
    import pyspiel

    from artemis.rl import openspiel as aos

    aos.register()
    loaded = [pyspiel.load_game(aos.short_name(game_id),
                                {"players": players, "seed": seed, "fixed_seed": True})
              for seed in range(1, games + 1)]
    best, decisions = float("inf"), 0
    for _ in range(repeat):
        states = [g.new_initial_state() for g in loaded]
        for st in states:
            st.current_player()  # set up outside the timing, as the engine's games are
        decisions = 0
        t0 = time.perf_counter()
        for seed, state in enumerate(states, 1):
            rng = random.Random(seed)
            while not state.is_terminal():
                if observe:
                    state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        best = min(best, time.perf_counter() - t0)
    return best, decisions


def play_episode(e, rng: random.Random) -> int:
    """Play one AEC episode of ``e`` (reset already) as an agent does: ``last()``, a random
    legal number from the mask read as bool, ``step``; an ended agent's ``step(None)``.
    Returns the decisions taken (benchmarks/rl_instructions.py counts the same loop)."""
    decisions = 0
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = obs["action_mask"].view(bool).nonzero()[0]
        e.step(legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions


def _aec_seconds(game_id: str, players: int, games: int, repeat: int) -> tuple[float, int]:
    """(best seconds, decisions) of ``games`` AEC episodes (``reset(seed)``, seeds
    1..games, outside the timing as the engine's setups are), the default action space, as
    an agent plays: ``last()`` (the observation and mask), a random legal number from the
    mask, ``step``; the ended agents' ``step(None)`` included. The mask is read as bool
    (``mask.view(bool).nonzero()``): numpy's nonzero on int8 takes about 60 us for the
    Project's 27,561 slots, on bool about 2 (docs/performance.md)."""
    from artemis.rl.pettingzoo import env

    envs = [env(game_id, players) for _ in range(games)]
    best, decisions = float("inf"), 0
    for _ in range(repeat):
        for seed, e in enumerate(envs, 1):
            e.reset(seed=seed)
        decisions = 0
        t0 = time.perf_counter()
        for seed, e in enumerate(envs, 1):
            decisions += play_episode(e, random.Random(seed))
        best = min(best, time.perf_counter() - t0)
    return best, decisions


def _choices(game_id: str, players: int, games: int) -> list[list[int]]:
    """Per seed 1..games, the AEC loop's choices (`play_episode`'s agent), each as an index
    into the engine's ``legal_actions()`` at that decision."""
    from artemis.rl.pettingzoo import env

    choices = []
    for seed in range(1, games + 1):
        e, rng, seq = env(game_id, players), random.Random(seed), []
        e.reset(seed=seed)
        for _agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = obs["action_mask"].view(bool).nonzero()[0]
            n = legal[rng.randrange(len(legal))]
            seq.append(e.game.legal_actions().index(e.table.actions.action(e.game, n)))
            e.step(n)
        choices.append(seq)
    return choices


def _engine_same_seconds(game_id: str, players: int, games: int, repeat: int,
                         between=None, choices=None) -> tuple[float, int]:
    """(best seconds, decisions) of the engine's loop on the very games `_aec_seconds`
    plays: its episodes are played once, untimed, to record each choice as an index into
    ``legal_actions()``; the timed passes then play those indices as the engine's random
    bot does (``legal_actions()``, a draw of the same generator, ``apply``). Where the AEC
    action space numbers options in another order than ``legal_actions()`` (the Odyssey's
    declared space), the same seeds make other games than the engine's own loop, some
    dearer a decision: this is the like-for-like engine figure. ``between`` (a function of
    the game), when given, runs before each decision outside the timing; ``choices`` are
    `_choices`' (made here when None)."""
    from artemis.kernel.game import Game

    if choices is None:
        choices = _choices(game_id, players, games)
    best = float("inf")
    for _ in range(repeat):
        starts = []
        for seed in range(1, games + 1):
            g = Game.new({"game": game_id, "players": players, "seed": seed})
            g.logging = False
            starts.append((g, random.Random(seed), choices[seed - 1]))
        t0 = time.perf_counter()
        for game, rng, seq in starts:
            for k in seq:
                if between is not None:  # its time is taken off the pass's
                    paused = time.perf_counter()
                    between(game)
                    t0 += time.perf_counter() - paused
                options = game.legal_actions()
                rng.randrange(len(options))  # the bot's draw, kept for a like cost
                game.apply(options[k])
        best = min(best, time.perf_counter() - t0)
    return best, sum(map(len, choices))


def _parts_us(game_id: str, players: int, games: int, repeat: int) -> dict:
    """Where an AEC decision goes on the clock (``--parts``), each figure the best of
    ``repeat`` passes over the AEC loop's own games (seeds 1..games), in us a decision:

    - ``last``, ``agent``, ``step``: the AEC loop's three parts, each timed on its own
      (``perf_counter_ns`` around it: about 0.1 us of each is the clock's own);
    - ``engine``: the engine's loop on those games (`_engine_same_seconds`), alone;
    - ``engine, observed between``: the same loop with the deciding seat's observation and
      mask made before each decision, untimed: what the engine's decision costs where an
      agent's loop runs it, its code and data in the caches taken by the observation's.
    """
    from artemis.rl.pettingzoo import env

    clock = time.perf_counter_ns
    for seed in range(1, games + 1):  # one pass untimed: the first pays one-time caches
        warm = env(game_id, players)  # (the Odyssey's first pass cost about 3 times more)
        warm.reset(seed=seed)
        play_episode(warm, random.Random(seed))
    best, best_ns = {}, float("inf")  # the least disturbed pass, by its three parts' sum
    for _ in range(repeat):
        took = dict.fromkeys(("last", "agent", "step"), 0)
        decisions = 0
        for seed in range(1, games + 1):
            e, rng = env(game_id, players), random.Random(seed)
            e.reset(seed=seed)
            for _agent in e.agent_iter():
                t0 = clock()
                obs, _, terminated, truncated, _ = e.last()
                t1 = clock()
                if terminated or truncated:
                    e.step(None)
                    continue
                legal = obs["action_mask"].view(bool).nonzero()[0]
                n = legal[rng.randrange(len(legal))]
                t2 = clock()
                e.step(n)
                t3 = clock()
                took["last"] += t1 - t0
                took["agent"] += t2 - t1
                took["step"] += t3 - t2
                decisions += 1
        if sum(took.values()) < best_ns:
            best_ns = sum(took.values())
            best = {k: v / decisions / 1e3 for k, v in took.items()}
    choices = _choices(game_id, players, games)
    same, count = _engine_same_seconds(game_id, players, games, repeat, choices=choices)
    best["engine"] = same / count * 1e6
    # the engine's loop again, the deciding seat's observation and mask made between
    table = env(game_id, players).table
    encoder, actions = table.encoder, table.actions

    def observe(game):
        encoder.fresh(game, game.pending.player)
        actions.mask(game)

    between, _ = _engine_same_seconds(game_id, players, games, repeat, observe, choices)
    best["engine, observed between"] = between / count * 1e6
    return best


def _best(fn, positions, players: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for g in positions:
            for seat in range(players):
                fn(g, seat)
        best = min(best, time.perf_counter() - t0)
    return best


def _best_deciding(fns, positions, repeat: int) -> list[float]:
    """Best seconds of each of ``fns`` over the positions in order, observing only the seat
    to decide (as an agent's loop does), the functions alternated pass by pass."""
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for k, fn in enumerate(fns):
            t0 = time.perf_counter()
            for g in positions:
                fn(g, g.current_player)
            best[k] = min(best[k], time.perf_counter() - t0)
    return best


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("configs", nargs="*", metavar="GAME:PLAYERS",
                    help=f"game and player count (default: {' '.join(DEFAULT)})")
    ap.add_argument("--games", type=int, default=20, help="seeded games each (default 20)")
    ap.add_argument("--repeat", type=int, default=5, help="passes; the best is kept (5)")
    ap.add_argument("--openspiel", action="store_true",
                    help="also decisions a second through OpenSpiel (needs open_spiel)")
    ap.add_argument("--cpu", action="store_true",
                    help="time by this process's CPU time, not the wall clock (on a loaded "
                         "machine a niced run's wall clock counts the others' turns)")
    ap.add_argument("--aec", action="store_true",
                    help="also decisions a second through the PettingZoo AEC environment "
                         "(needs pettingzoo)")
    ap.add_argument("--parts", action="store_true",
                    help="also where an AEC decision goes on the clock: last(), the agent, "
                         "step, and the engine's decision alone and with the observation "
                         "made between its decisions (needs pettingzoo)")
    args = ap.parse_args(argv)
    if args.cpu:
        time.perf_counter = time.process_time  # every figure below reads this clock
    try:
        from artemis.rl._core import table
    except ImportError as e:
        print(f"rl_bench.py: {e}", file=sys.stderr)
        return 2
    import numpy as np

    from artemis.kernel.games import games

    configs = []
    for text in args.configs or DEFAULT:
        game_id, _, n = text.partition(":")
        if game_id not in games() or not n.isdigit() \
                or int(n) not in games()[game_id].player_counts:
            print(f"rl_bench.py: {text!r} is not GAME:PLAYERS of a registered game; games: "
                  f"{', '.join(sorted(games()))}", file=sys.stderr)
            return 2
        configs.append((game_id, int(n)))
    print("| game | players | observation cells | action ids (declared) | slots (widest) "
          "| legal width mean / p99 / max | engine decision (us) | observation (us) "
          "| from scratch (us) | of which the game's writer (us) | observation / decision "
          "| the deciding seat only: observation / from scratch (us) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    rows, speeds, aec, parts = [], [], [], []
    for game_id, n in configs:
        t = table(game_id, n)
        enc = t.require_encoder()
        positions, widths = _positions(game_id, n, args.games)
        decision = _engine_seconds(game_id, n, args.games, args.repeat) / len(positions)
        calls = len(positions) * n
        obs = _best(enc.array, positions, n, args.repeat) / calls

        def scratch(g, seat, enc=enc):
            enc.write(g, seat, np.zeros(enc.size, np.float32))

        scratch_s = _best(scratch, positions, n, args.repeat) / calls
        write = enc._write

        def writer(g, seat, write=write):
            write(g, seat, [], [], [])

        writer_s = _best(writer, positions, n, args.repeat) / calls
        deciding, deciding_scratch = (b / len(positions) for b in _best_deciding(
            (enc.array, scratch), positions, args.repeat))
        widths.sort()
        p99 = widths[min(len(widths) - 1, int(0.99 * len(widths)))]
        mean = sum(widths) / len(widths)
        rows.append(f"| {game_id} | {n} | {enc.size:,} | {t.actions.size:,} "
                    f"| {t.actions.widest:,} | {mean:.1f} / {p99} / {widths[-1]} "
                    f"| {decision * 1e6:.1f} | {obs * 1e6:.1f} | {scratch_s * 1e6:.1f} "
                    f"| {writer_s * 1e6:.1f} "
                    f"| {obs / decision:.2f} "
                    f"| {deciding * 1e6:.1f} / {deciding_scratch * 1e6:.1f} |")
        if args.openspiel:
            plain, count = _openspiel_seconds(game_id, n, args.games, args.repeat, False)
            seen, count2 = _openspiel_seconds(game_id, n, args.games, args.repeat, True)
            speeds.append(f"| {game_id} | {n} | {1 / decision:,.0f} | {count / plain:,.0f} "
                          f"| {count2 / seen:,.0f} |")
        if args.aec:
            took, count = _aec_seconds(game_id, n, args.games, args.repeat)
            same, same_count = _engine_same_seconds(game_id, n, args.games, args.repeat)
            codec = table(game_id, n, "auto").actions
            aec.append(f"| {game_id} | {n} | {codec.kind} ({codec.size:,}) "
                       f"| {1 / decision:,.0f} | {count / took:,.0f} "
                       f"| {took / count * 1e6:.1f} | {count / took * decision:.2f} "
                       f"| {same / same_count * 1e6:.1f} "
                       f"| {count / took * same / same_count:.2f} |")
        if args.parts:
            got = _parts_us(game_id, n, args.games, args.repeat)
            total = got["last"] + got["agent"] + got["step"]
            parts.append(f"| {game_id} | {n} | {got['last']:.1f} | {got['agent']:.1f} "
                         f"| {got['step']:.1f} | {total:.1f} | {got['engine']:.1f} "
                         f"| {got['engine, observed between']:.1f} "
                         f"| {got['engine'] / total:.2f} |")
    print("\n".join(rows))
    if speeds:
        print("\n| game | players | engine decisions/s | OpenSpiel (declared), no observation "
              "| OpenSpiel, with the deciding seat's observation |")
        print("|---|---|---|---|---|")
        print("\n".join(speeds))
    if aec:
        print("\n| game | players | AEC action space | engine decisions/s "
              "| AEC decisions/s | AEC decision (us) | AEC / engine "
              "| engine decision on the AEC's games (us) | AEC / engine, the same games |")
        print("|---|---|---|---|---|---|---|---|---|")
        print("\n".join(aec))
    if parts:
        print("\n| game | players | last() (us) | agent (us) | step (us) | AEC decision, "
              "parts summed (us) | engine decision, the same games (us) | engine decision, "
              "observed between (us) | AEC / engine (decisions a second) |")
        print("|---|---|---|---|---|---|---|---|---|")
        print("\n".join(parts))
    print(f"\n{args.games} seeded random games each (seeds 1-{args.games}), log off; "
          f"every seat observed at every decision; best of {args.repeat} passes.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
