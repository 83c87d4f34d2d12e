"""The ``mcts`` bot: information-set Monte Carlo tree search (single-observer ISMCTS, Cowling,
Powley and Whitehouse 2012), game-agnostic on the decision API (docs/simulate.md, "Bots").

Each iteration plays on a fresh world sampled from what the bot's seat can see
(`Game.determinize`), so the search never reads another seat's cards or a deck's order. One
tree is shared by all worlds; a node is a sequence of action ids from the root, its children
the actions taken there, and it keeps, for the seat that moved into it, visits, total reward
and availability (how often it could have been chosen: the worlds differ in what is legal).
An iteration:

1. **Select**: from the root, while every action a node may consider is in the tree, take
   the one with the best UCB1 score of its mover (mean + c * sqrt(ln(availability) /
   visits)). A node visited n times considers only its first ceil(widening * sqrt(n + 1))
   legal actions (progressive widening), best first: at the root by the one-step worth the
   game's heuristic gives each action (what the greedy bot reads; ``prior=none``: as below
   the root), elsewhere in the order of
   the game's `parts.Players.search_key` (the Project: placements that change no die first), ties
   in an order drawn per node.
2. **Expand** the first action not yet in the tree.
3. **Roll out**: random actions among the cheapest of the game's `search_key` groups, until
   the horizon: the end of the round the search began in (``horizon=round``), the end of the
   game (``game``), or N decisions past the tree (``horizon=N``); the tree itself stops at
   the horizon too.
4. **Score** the position for every seat: a finished game by its result (a win is worth most,
   the margin in VP breaks ties), an unfinished one by the game's heuristic
   (`parts.Players.evaluate`, a VP margin over the best other seat) through a logistic of
   ``value / scale``; and **back up** each node's reward for the seat that moved into it.

The budget is ``iterations`` per decision (a question with one legal answer costs none), never
wall time, so a seeded game is the same game on every machine. ``stats`` counts the
decisions, iterations and actions applied (the engine steps) the bot spent.
"""

from __future__ import annotations

import math
import random
import zlib
from operator import is_

from artemis.kernel.actions import Action
from artemis.players.spec import BotOption, parse_options

#: The options of ``mcts:KEY=VALUE,...`` (`artemis.players.spec`).
OPTIONS: dict[str, BotOption] = {o.name: o for o in (
    BotOption("iterations", 200, "search iterations per decision, each one sampled world, "
              "one path down the tree and one rollout", "int", 1, 1_000_000),
    BotOption("horizon", "round", "where a rollout stops and the heuristic scores the "
              "position: round (the end of the round the search began in), game (the end), "
              "or N decisions past the tree", "word", 0, 100_000, ("round", "game"), True),
    BotOption("c", 0.7, "the UCB1 exploration constant (rewards are 0 to 1)", "float", 0.0,
              10.0),
    BotOption("widening", 2.0, "progressive widening: a node visited n times considers its "
              "first ceil(widening * sqrt(n + 1)) actions, best first", "float", 0.1, 1000.0),
    BotOption("prior", "heuristic", "the root's order for widening: heuristic (each action's "
              "one-step worth on one sampled world, what the greedy bot reads: one more "
              "world and one action applied per legal action) or none (the game's "
              "search_key, as below the root)", "word", words=("heuristic", "none")),
    BotOption("scale", 4.0, "the heuristic's margin (in its units, VP for both games) worth "
              "a reward of 0.73: the logistic of value / scale", "float", 0.01, 1000.0),
)}

WIN, MARGIN = 0.75, 0.25  # a finished game's reward: a win, plus the logistic of the margin


class Node:
    """One node of the search tree: ``children`` by action id; for the seat that moved into
    it, ``visits``, ``total`` reward and ``avail`` (iterations in which it could be chosen);
    ``rank`` the order of its actions ({id: key}, lower first), ``salt`` its tie order."""

    __slots__ = ("children", "visits", "total", "avail", "rank", "salt", "order")

    def __init__(self, salt: int):
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.rank: dict[str, float] | None = None
        self.salt = salt
        self.order: tuple[list, list] | None = None  # (options met, their order): `_order`


class MCTSBot:
    """Information-set MCTS (module docstring). ``seed`` seeds its own RNG (its worlds, its
    tie orders and its rollouts); ``options`` are `OPTIONS`' values (defaults for the
    missing). Raises BotSpecError (a ValueError) for a bad option through `from_spec`."""

    kind = "mcts"

    def __init__(self, seed: int = 0, **options):
        values = {name: o.default for name, o in OPTIONS.items()}
        values.update(options)
        self.options = values
        self.iterations = int(values["iterations"])
        self.horizon = values["horizon"]
        self.c = float(values["c"])
        self.widening = float(values["widening"])
        self.scale = float(values["scale"])
        self.prior = values["prior"]
        self.rng = random.Random(seed)
        self.stats = {"decisions": 0, "iterations": 0, "applied": 0}
        self.last: dict = {}  # the last search: iterations, nodes made, the root's visits

    @classmethod
    def from_spec(cls, spec: str, seed: int) -> MCTSBot:
        """The bot a spec ``mcts`` or ``mcts:iterations=N,...`` names."""
        return cls(seed, **parse_options(spec, OPTIONS))

    # -- one decision ---------------------------------------------------------------------

    def choose(self, game) -> Action:
        """The legal action of ``game``'s current player with the most visits after
        ``iterations`` iterations (ties: the better mean, then the heuristic's order)."""
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = game.current_player
        self.stats["decisions"] += 1
        ruleset = game.ruleset
        start = ruleset.words.round_of(game)
        root = Node(self.rng.getrandbits(32))
        if self.prior == "heuristic":
            root.rank = self._root_rank(game, seat, actions)
        self._made = 0
        for _ in range(self.iterations):
            self._iterate(game, seat, root, start)
        self.stats["iterations"] += self.iterations
        self.last = {"iterations": self.iterations, "nodes": self._made,
                     "root_visits": root.visits}
        rank = root.rank or {}

        def score(a):
            child = root.children.get(a.id)
            if child is None or not child.visits:
                return (0, 0.0, -rank.get(a.id, 0.0))
            return (child.visits, child.total / child.visits, -rank.get(a.id, 0.0))

        return max(actions, key=score)

    def _root_rank(self, game, seat: int, actions: list) -> dict[str, float]:
        """The root's order: each action's one-step worth for ``seat`` on one sampled world
        (the greedy bot's reading), best first (the key is minus the worth)."""
        world = game.determinize(seat, self.rng)
        evaluate = game.ruleset.players.evaluate
        rank = {}
        for a in actions:
            trial = world.clone()
            trial.logging = False
            trial.apply(a)
            self.stats["applied"] += 1
            rank[a.id] = -evaluate(trial, seat)
        return rank

    def _order(self, game, node: Node, legal: list) -> list:
        """``legal`` in ``node``'s order: its rank where it has one, else the game's
        `search_key`; ties by a hash salted per node (the same in every process). The list
        returned is not to be changed: a node keeps its last one."""
        # the worlds of one node mostly offer the very same option objects (the Project's
        # placements are shared): the order is then the one made last time there
        met = node.order
        if met is not None and len(met[0]) == len(legal) and all(map(is_, met[0], legal)):
            return met[1]
        salt = node.salt
        if node.rank is not None:
            rank = node.rank

            def key(a):
                return (rank.get(a.id, 0.0), zlib.crc32(a.id.encode(), salt))
        else:
            search_key = game.ruleset.players.search_key

            def key(a):
                return (search_key(game, a), zlib.crc32(a.id.encode(), salt))
        order = sorted(legal, key=key)
        node.order = (legal, order)
        return order

    def _iterate(self, game, seat: int, root: Node, start: int) -> None:
        world = game.determinize(seat, self.rng)
        world.logging = False
        ruleset = game.ruleset
        node = root
        path: list[tuple[Node, int]] = []  # (node, the seat that moved into it)
        applied = 0
        while not world.is_over and not self._past(ruleset, world, start, None):
            mover = world.current_player
            legal = world.legal_actions()
            allowed = max(1, math.ceil(self.widening * math.sqrt(node.visits + 1)))
            if len(legal) > 1:
                legal = self._order(world, node, legal)
            candidates = legal[:allowed]
            children = node.children
            fresh = next((a for a in candidates if a.id not in children), None)
            for a in candidates:
                child = children.get(a.id)
                if child is not None:
                    child.avail += 1
            if fresh is not None:
                child = Node(self.rng.getrandbits(32))
                child.avail = 1
                children[fresh.id] = child
                self._made += 1
                world.apply(fresh)
                applied += 1
                path.append((child, mover))
                node = child
                break
            log_n = 0.0
            best, best_score = None, -1.0
            for a in candidates:
                child = children[a.id]
                log_n = math.log(child.avail)
                s = child.total / child.visits + self.c * math.sqrt(log_n / child.visits)
                if s > best_score:
                    best, best_score = a, s
            world.apply(best)
            applied += 1
            node = children[best.id]
            path.append((node, mover))
        applied += self._rollout(ruleset, world, start)
        rewards = self._rewards(ruleset, world)
        root.visits += 1
        for child, mover in path:
            child.visits += 1
            child.total += rewards[mover]
        self.stats["applied"] += applied

    def _past(self, ruleset, world, start: int, depth: int | None) -> bool:
        """Whether ``world`` is at the horizon: past the round ``start`` (round), at the end
        (game), or ``depth`` decisions into a rollout of at most N (horizon=N)."""
        h = self.horizon
        if h == "round":
            return ruleset.words.round_of(world) != start
        if h == "game":
            return False
        return depth is not None and depth >= h

    def _rollout(self, ruleset, world, start: int) -> int:
        """Random actions among the cheapest `search_key` group to the horizon; the number
        applied."""
        rng = self.rng
        search_key = ruleset.players.search_key
        depth = 0
        while not world.is_over and not self._past(ruleset, world, start, depth):
            legal = world.legal_actions()
            if len(legal) > 1:
                keys = [search_key(world, a) for a in legal]
                low = min(keys)
                if low != max(keys):
                    legal = [a for a, k in zip(legal, keys, strict=True) if k == low]
            world.apply(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
            depth += 1
        return depth

    def _rewards(self, ruleset, world) -> list[float]:
        """Each seat's reward, 0 to 1, for the position ``world`` reached."""
        n = world.config.players
        if world.is_over:
            return terminal_rewards(world.result, n, self.scale)
        return [_logistic(value / self.scale) for value in ruleset.players.evaluate_all(world)]


def terminal_rewards(result: dict, n: int, scale: float) -> list[float]:
    """Each seat's reward for a finished game's ``result`` (`Ruleset.result`): `WIN` for a
    winner (half of it for a tie at the top) plus `MARGIN` times the logistic of its VP margin
    over the best seat not on its team; solo: 1 for a game won (``won``), else the logistic
    of its VP."""
    rows = {r["seat"]: r for r in result.get("players", [])}
    if n == 1:
        won = result.get("won")
        vp = rows.get(0, {}).get("vp", 0)
        return [1.0 if won else _logistic(vp / scale) * (0.5 if won is False else 1.0)]
    out = []
    for s in range(n):
        row = rows.get(s, {"vp": 0})
        team = row.get("team", s)
        others = [r["vp"] for seat, r in rows.items() if seat != s and r.get("team", seat) != team]
        margin = row["vp"] - (max(others) if others else 0)
        win = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        out.append(WIN * win + MARGIN * _logistic(margin / scale))
    return out


def _logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-min(x, 50.0)))
    z = math.exp(max(x, -50.0))
    return z / (1.0 + z)
