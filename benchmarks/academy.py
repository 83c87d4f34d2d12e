"""Why do the bots never train at the Academy, and would training pay (benchmarks/README.md)?
Not a test: nothing is asserted.

    nice -n 10 .venv/bin/python benchmarks/academy.py why --games 10 --players 4
    nice -n 10 .venv/bin/python benchmarks/academy.py train --games 40 --players 4

``why``: greedy games (seeds ``--first`` + i, dev seeds 30000 up); at every placement where
an Academy placement is legal, the best Academy placement's rating (after the best trainee,
two decisions ahead) against the rating of the action the greedy bot takes, by the
heuristic (`evaluate`, which the greedy, mcts and strong bots read): how often the Academy is
open, how often it rates best, and the mean gap.

``train``: the same seeds twice, all greedy, then with seat i mod players a ``trainer``: the
greedy bot, except that when an Academy placement is legal and the trainee it would send
adds colonist-set VP once trained (End of the Game, steps 4 and 5; the supply has the type),
it trains, the colonist whose training adds most (``--types``: also when the trainee
becomes a type the colony holds none of, a step toward a set). Prints that seat's mean VP,
colonist-set VP and win rate both ways (paired by seed), and the trainings made.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from strength import wilson  # noqa: E402

from artemis.games.project.rules import colonists as col  # noqa: E402
from artemis.games.project.rules.scoring import colonist_points  # noqa: E402
from artemis.games.project.state import TYPE_INDEX, TYPES  # noqa: E402
from artemis.kernel.game import Game, GameConfig  # noqa: E402
from artemis.players.bots import GreedyBot, seat_bot  # noqa: E402


def _kind(game) -> str | None:
    return game.pending.kind if game.pending else None


def _after(game, action):
    trial = game.clone()
    trial.logging = False
    trial.apply(action)
    return trial


def best_academy(game, seat, rate):
    """The best rating of an Academy placement followed by its best trainee, or None."""
    best = None
    for a in game.legal_actions():
        if a.kind != "place" or a.args[2] != "academy":
            continue
        trial = _after(game, a)
        if trial.current_player == seat and _kind(trial) == "trainee":
            v = max(rate(_after(trial, t), seat) for t in trial.legal_actions())
        else:
            v = rate(trial, seat)
        best = v if best is None else max(best, v)
    return best


def why(args) -> None:
    def rate(g, s):
        return g.ruleset.players.evaluate(g, s)

    open_, best_count, gaps = 0, 0, []
    for i in range(args.games):
        seed = args.first + i
        game = Game.new(GameConfig(players=args.players, seed=seed))
        game.logging = False
        bots = [seat_bot("greedy", seed, s) for s in range(args.players)]
        while not game.is_over:
            seat = game.current_player
            if _kind(game) == "place" and any(
                    a.args[2] == "academy" for a in game.legal_actions()):
                open_ += 1
                chosen = max(rate(_after(game, a), seat) for a in game.legal_actions())
                academy = best_academy(game, seat, rate)
                gaps.append(chosen - academy)
                best_count += academy >= chosen - 1e-9
            game.apply(bots[seat].choose(game))
    print(f"{args.games} greedy games of {args.players} players, seeds {args.first}.."
          f"{args.first + args.games - 1}: {open_} placements with the Academy open")
    print(f"  heuristic: the Academy rates best at {best_count}; the best action rates "
          f"{statistics.mean(gaps):.2f} VP above the best Academy placement (median "
          f"{statistics.median(gaps):.2f}, min {min(gaps):.2f})")


def set_gain(game, seat: int, face: int, t: int) -> float:
    """Colonist-set VP (steps 4 and 5) that training a colonist of type index ``t`` with a
    die showing ``face`` adds, 0 when the supply is out of the type it becomes; with
    ``Trainer.types`` set, plus 0.1 for each colonist type the colony then holds that it
    held none of (a step toward a set)."""
    becomes = TYPE_INDEX[game.catalog.board.academy[face]]
    if game.state.academy_supply[becomes] == 0:
        return 0
    counts = col.colony(game, seat)
    before = sum(colonist_points(counts)), sum(1 for k in counts if k)
    counts[t] -= 1
    counts[becomes] += 1
    after = sum(colonist_points(counts)), sum(1 for k in counts if k)
    return after[0] - before[0] + (0.1 * (after[1] - before[1]) if Trainer.types else 0)


class Trainer(GreedyBot):
    """Greedy, but trains at the Academy whenever a trainee adds colonist-set VP."""

    kind = "trainer"
    trained = 0
    types = False  # --types: also train toward a set (a type the colony lacks)

    def choose(self, game):
        seat = game.current_player
        kind = _kind(game)
        actions = game.legal_actions()
        if kind == "place":
            p = game.state.players[seat]
            types = {t for t in range(4)
                     if p.shelters[t] or any(b.staff[t] for b in p.buildings)}
            best = None
            for a in actions:
                if a.args[2] == "academy":
                    gain = max((set_gain(game, seat, a.args[1], t) for t in types), default=0)
                    key = (gain, -abs(a.args[1] - a.args[0]))  # the fewest Toolkits
                    if gain > 0 and (best is None or key > best[0]):
                        best = (key, a)
            if best is not None:
                Trainer.trained += 1
                return best[1]
        if kind == "trainee":
            face = next(sp[1] for sp in game.state.academy
                        if sp is not None and len(sp) == 3 and sp[0] == seat)
            return max(actions, key=lambda a: (set_gain(game, seat, face,
                                                        TYPES.index(a.args[0])),
                                               a.args[1] == "shelters"))
        return super().choose(game)


def train(args) -> None:
    base, trained, base_sets, trained_sets, wins_b, wins_t = [], [], [], [], 0, 0
    for i in range(args.games):
        seed, seat = args.first + i, i % args.players
        for mode in ("greedy", "trainer"):
            game = Game.new(GameConfig(players=args.players, seed=seed))
            game.logging = False
            bots = [seat_bot("greedy", seed, s) for s in range(args.players)]
            if mode == "trainer":
                bots[seat] = Trainer(seed * 31 + seat)
            while not game.is_over:
                game.apply(bots[game.current_player].choose(game))
            row = game.result["players"][seat]
            won = game.result["winner"] == seat
            if mode == "greedy":
                base.append(row["vp"])
                base_sets.append(row["steps"]["colonist_sets"]
                                 + row["steps"]["leftover_colonists"])
                wins_b += won
            else:
                trained.append(row["vp"])
                trained_sets.append(row["steps"]["colonist_sets"]
                                    + row["steps"]["leftover_colonists"])
                wins_t += won
    diff = [t - b for t, b in zip(trained, base, strict=True)]
    se = statistics.stdev(diff) / len(diff) ** 0.5 if len(diff) > 1 else 0.0
    print(f"{args.games} games of {args.players} players, seeds {args.first}.."
          f"{args.first + args.games - 1}; the seat i mod {args.players}:")
    for name, vp, sets, wins in (("greedy", base, base_sets, wins_b),
                                 ("trainer", trained, trained_sets, wins_t)):
        lo, hi = wilson(wins, args.games)
        print(f"  {name}: mean VP {statistics.mean(vp):.2f}, colonist sets + leftovers "
              f"{statistics.mean(sets):.2f} VP, wins {wins}/{args.games} "
              f"(Wilson 95% {100 * lo:.0f}-{100 * hi:.0f}%)")
    print(f"  trainer minus greedy, paired by seed: {statistics.mean(diff):+.2f} VP "
          f"(+- {se:.2f} s.e.); {Trainer.trained} Academy placements "
          f"({Trainer.trained / args.games:.1f} a game)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mode", choices=("why", "train"))
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--first", type=int, default=30000)
    ap.add_argument("--types", action="store_true",
                    help="train: also when a trainee brings a type the colony lacks")
    args = ap.parse_args()
    Trainer.types = args.types
    why(args) if args.mode == "why" else train(args)


if __name__ == "__main__":
    main()
