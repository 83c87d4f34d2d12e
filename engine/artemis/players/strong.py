"""The ``strong`` bot: the recommended bot for balance verdicts (docs/simulate.md, "Bots"),
game-agnostic on the decision API.

A flat Monte Carlo search over the few actions a one-step reading rates best, with informed
playouts in paired sampled worlds, in the manner of the determinized searches published for
comparable games (Cowling, Powley and Whitehouse's determinization and ISMCTS, 2012; Szita,
Chaslot and Spronck's informed playouts in Settlers of Catan, 2010; Karnin, Koren and Somekh's
Sequential Halving, 2013, for spending a fixed budget on a few arms):

1. **Candidates**: on one world sampled from what the bot's seat can see (`Game.determinize`:
   never another seat's cards nor a deck's order), every legal action is applied and the
   position read by `parts.Players.value_all` (each seat's estimated final VP margin); the
   ``width`` best for the seat are the candidates (the greedy bot's reading, widened).
2. **Paired playouts**: a pass samples one new world and, for every candidate still in the
   race, applies it there and plays on to the horizon (the end of the round the decision is
   in, ``horizon=round``, or N decisions, ``horizon=N``; in any case at most ``depth``
   decisions with a choice), every seat by the playout policy: the
   best of ``sample`` actions drawn from the cheapest `parts.Players.search_key` group, read one
   step ahead by `value_all` (so opponents reply, block and take the Gantry's top offer as a
   one-step reader would). Each candidate of a pass meets the same world and the same random
   draws (common random numbers), so the comparison between candidates is not drowned by the
   luck of the world.
3. **Halving**: after passes 2, 4, 8, ... the worse half of the candidates (by their mean
   playout value) leaves the race, so the budget goes to the close calls.
4. **Choice**: the candidate still in the race with the best mean value at the horizon plus
   ``prior`` times its one-step value (ties: the one-step order).

The budget is ``iterations`` playouts per decision, in whole passes and at least one (a
question with one legal answer costs none; the candidates' one-step reading is not
counted), so a seeded game is the same game on every machine; ``time=SECONDS`` instead stops
after the pass that reaches that much CPU time (`time.process_time`) for the decision:
stronger on a fast machine, and no longer reproducible. ``stats`` counts the decisions,
playouts and actions applied.
"""

from __future__ import annotations

import math
import random
import time

from artemis.kernel.actions import Action
from artemis.players.spec import BotOption, parse_options

#: The options of ``strong:KEY=VALUE,...`` (`artemis.players.spec`); the defaults are the
#: recommended budget for balance work (docs/simulate.md, "Which bot for which conclusion").
OPTIONS: dict[str, BotOption] = {o.name: o for o in (
    BotOption("iterations", 48, "playouts per decision (each a candidate played to the "
              "horizon in one sampled world); the deterministic budget", "int", 1, 1_000_000),
    BotOption("time", 0.0, "CPU seconds per decision instead of iterations (0: use "
              "iterations); not reproducible", "float", 0.0, 3600.0),
    BotOption("width", 6, "candidates: the actions a one-step reading rates best",
              "int", 1, 1000),
    BotOption("sample", 6, "the playout policy reads this many actions one step ahead "
              "and plays the best (1: random)", "int", 1, 1000),
    BotOption("horizon", "round", "where a playout stops and value_all reads the position: "
              "round (the end of the round the decision is in) or N decisions", "word", 1,
              100_000, ("round",), True),
    BotOption("depth", 20, "a playout also stops after this many decisions with a choice "
              "(0: no limit), so that long rounds (4 players, the Odyssey) stay affordable",
              "int", 0, 100_000),
    BotOption("prior", 0.5, "the weight of a candidate's one-step value beside its mean "
              "value at the horizon", "float", 0.0, 100.0),
)}


class StrongBot:
    """The strong bot (module docstring). ``seed`` seeds its own RNG (its worlds and its
    playouts); ``options`` are `OPTIONS`' values (defaults for the missing). Raises
    BotSpecError (a ValueError) for a bad option through `from_spec`."""

    kind = "strong"

    def __init__(self, seed: int = 0, **options):
        values = {name: o.default for name, o in OPTIONS.items()}
        values.update(options)
        self.options = values
        self.iterations = int(values["iterations"])
        self.seconds = float(values["time"])
        self.width = int(values["width"])
        self.sample = int(values["sample"])
        self.horizon = values["horizon"]
        self.depth = int(values["depth"])
        self.prior = float(values["prior"])
        self.rng = random.Random(seed)
        self.stats = {"decisions": 0, "iterations": 0, "applied": 0}
        self.last: dict = {}  # the last decision: playouts, passes, candidates

    @classmethod
    def from_spec(cls, spec: str, seed: int) -> StrongBot:
        """The bot a spec ``strong`` or ``strong:iterations=N,...`` names."""
        return cls(seed, **parse_options(spec, OPTIONS))

    # -- one decision ---------------------------------------------------------------------

    def choose(self, game) -> Action:
        """The legal action of ``game``'s current player that the search rates best."""
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        started = time.process_time()
        seat = game.current_player
        ruleset = game.ruleset
        self.stats["decisions"] += 1
        one_step = self._one_step(game, seat, actions)
        order = sorted(range(len(actions)), key=lambda i: -one_step[i])
        alive = order[:self.width]
        if len(alive) == 1:
            return actions[alive[0]]
        ids = [a.id for a in actions]
        totals = dict.fromkeys(alive, 0.0)
        start = ruleset.words.round_of(game)
        used = passes = 0
        while True:
            world_seed = self.rng.getrandbits(64)
            for i in alive:
                totals[i] += self._playout(game, seat, ids[i], world_seed, start)
            used += len(alive)
            passes += 1
            if passes & (passes - 1) == 0 and passes > 1 and len(alive) > 2:
                # Sequential Halving: the better half by mean (ties: the one-step order)
                alive = sorted(alive, key=lambda i: -totals[i])[:max(2, len(alive) // 2)]
                alive.sort(key=order.index)
            if self.seconds > 0:
                if time.process_time() - started >= self.seconds:
                    break
            elif used + len(alive) > self.iterations:
                break
        self.stats["iterations"] += used
        self.last = {"iterations": used, "passes": passes, "candidates": len(alive)}
        best = max(alive, key=lambda i: (totals[i] / passes + self.prior * one_step[i],
                                         -order.index(i)))
        return actions[best]

    def _one_step(self, game, seat: int, actions: list) -> list[float]:
        """Each action's value for ``seat`` one step ahead on one sampled world."""
        world = game.determinize(seat, self.rng)
        value_all = game.ruleset.players.value_all
        out = []
        for a in actions:
            trial = world.clone()  # shares the pending question, so the same Action objects
            trial.logging = False
            trial.apply(a)
            out.append(value_all(trial)[seat])
        self.stats["applied"] += len(actions)
        return out

    def _playout(self, game, seat: int, action_id: str, world_seed: int, start: int) -> float:
        """``seat``'s value at the horizon after ``action_id`` in the world ``world_seed``
        makes, every seat played by the playout policy with the draws of that seed."""
        rng = random.Random(world_seed)
        world = game.determinize(seat, rng)
        world.logging = False
        action = next(a for a in world.legal_actions() if a.id == action_id)
        world.apply(action)
        ruleset = game.ruleset
        value_all, search_key = ruleset.players.value_all, ruleset.players.search_key
        horizon, cap = self.horizon, self.depth or math.inf
        depth = choices = applied = 0
        while not world.is_over and choices < cap:
            if horizon == "round":
                if ruleset.words.round_of(world) != start:
                    break
            elif depth >= horizon:
                break
            legal = world.legal_actions()
            choices += len(legal) > 1
            if len(legal) > 1:
                keys = [search_key(world, a) for a in legal]
                low = min(keys)
                if low != max(keys):
                    legal = [a for a, k in zip(legal, keys, strict=True) if k == low]
            if len(legal) == 1:
                chosen = legal[0]
            elif self.sample == 1:
                chosen = legal[rng.randrange(len(legal))]
            else:
                picks = legal if len(legal) <= self.sample else rng.sample(legal, self.sample)
                mover = world.current_player
                chosen, best = picks[0], -math.inf
                for a in picks:
                    trial = world.clone()
                    trial.apply(a)
                    applied += 1
                    v = value_all(trial)[mover]
                    if v > best:
                        chosen, best = a, v
            world.apply(chosen)
            applied += 1
            depth += 1
        self.stats["applied"] += applied + 1
        return value_all(world)[seat]
