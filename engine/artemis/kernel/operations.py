"""The kernel operations: ``gain``, ``lose``, ``pay``, ``vp``, ``choose``, ``per`` and
``modify``, the effect steps every game on the kernel shares, each with its JSON Schema fragment.

A game does not share its items: both games have an ``energy``, but they are different items.
So the game describes them in an `EffectItems` (the item names and the schema of an items map,
how a player's holding is read and changed, its pick-any `Pool` items and how a question about
them is worded, how VP are scored, where a modifier is recorded), and `KernelOps(items, ...)`
binds the operations to it. The game then registers ``KernelOps.register`` in its vocabulary
and ``KernelOps.install`` in its step table, beside its own operations.

An effect runs as the step ``("effect", player, effect, index, source)``: the operation at
``index`` runs (``game.registry.operations[op].run``, a plugin's as the core's), and the rest of
the effect follows unless the operation returns False (a `pay` that cannot be met skips the
rest). ``player`` is the acting player (None for a board effect); ``source`` says where it
comes from, e.g. ("reward", card index, reward index).

Game-agnostic: nothing here imports a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any

from artemis.effects.model import effect_to_data
from artemis.effects.registry import (
    BOARD,
    PLAYER,
    SCORING,
    Definition,
    Operation,
    object_schema,
)
from artemis.kernel.actions import Action
from artemis.kernel.flow import ask, push
from artemis.kernel.log import GAIN, LOSE

KERNEL_OPERATIONS = ("gain", "lose", "pay", "vp", "choose", "per", "modify")

# The bounds of the kernel operations' numbers, in their schemas (a game documents them for its
# authors: the Project's in docs/authoring.md, Limits). Each is far above any real game's, yet
# small enough that no count a game keeps can grow past what its log may hold
# (artemis.records.log.JSON_NUMBER_DIGITS) and no question lists more answers than it can show.
#: The most of one item a ``gain``, ``lose`` or ``pay`` names: a pool of two items asks a
#: question of MAX_ITEMS + 1 answers, of three items 5,151.
MAX_ITEMS = 100
#: The most VP one ``vp`` moves, either way.
MAX_VP = 100
#: The largest ``every`` and ``max`` of a ``per``; a ``per`` without ``max`` runs its effect at
#: most this many times too.
MAX_PER = 100
#: The largest whole number a ``modify`` sets or adds, either way.
MAX_MODIFY = 20


@dataclass(frozen=True)
class Pool:
    """A pick-any item: ``NAME: N`` in an items map stands for N of ``items`` in any mix the
    acting player picks (the Project's ``resources``: Energy and Minerals; the Odyssey's
    ``ore``). A game's pools share no item.

    Gaining or paying one asks the acting player the question ``question`` (one question kind
    per pool, answered by `KernelOps.install`'s handler): each answer's args are the amounts of
    every item of the pool but the last, which takes the rest, largest amounts of the first
    items first; its label names each amount with ``labels`` ("3 Energy and 0 Minerals", "2
    Xanthium, 1 Yoyodium and 0 Zozodium"), "pay " before it when paying. A question with one
    answer is answered at once (`artemis.kernel.flow.ask`)."""

    name: str
    items: tuple[str, ...]
    labels: tuple[str, ...]
    question: str


class EffectItems:
    """What a game tells the kernel operations about its items. Subclass, set the three
    attributes, implement `record_modifier`, and override any method whose default does not
    fit the game's state:

    - ``names``: the plain items an items map may name, in the order a step takes them;
    - ``pools``: the pick-any items (`Pool`), taken after the plain ones;
    - ``schema``: the JSON Schema of an items map (``gain``/``lose``/``pay`` parameters),
      registered as the definition ``items``; `items_schema` writes one.

    The defaults keep each item as an integer attribute of ``game.state.players[seat]`` named
    by the item, VP as its ``vp``, and log a change as the ``gain`` or ``lose`` event."""

    names: tuple[str, ...] = ()
    pools: tuple[Pool, ...] = ()
    schema: dict = {}

    def held(self, game, player: int, item: str) -> int:
        """How many of ``item`` ``player`` holds."""
        return getattr(game.state.players[player], item)

    def change(self, game, player: int, item: str, n: int) -> None:
        """Add ``n`` (negative: remove) of ``item`` to ``player``'s holding and log it: a
        ``gain`` or ``lose`` event {player, item, amount} when ``n`` is not 0."""
        p = game.state.players[player]
        setattr(p, item, getattr(p, item) + n)
        if n and (game.logging or game.observers):  # a hot record: made as it is logged
            game.record((GAIN, player, item, n) if n > 0 else (LOSE, player, item, -n))

    def add_vp(self, game, player: int, n: int) -> None:
        """Move ``player``'s score by ``n`` (may be negative); `vp` logs it."""
        game.state.players[player].vp += n

    def record_modifier(self, game, param: str, mode: str, value) -> None:
        """Record a rule parameter change of an untargeted `modify` (``mode`` "set" or
        "add") where the game's parameter reads find it; `modify` logs it."""
        raise NotImplementedError(f"{type(self).__name__} does not record modifiers")


def items_schema(items: dict[str, str], description: str, examples: Iterable = (),
                 maximum: int = MAX_ITEMS) -> dict:
    """The JSON Schema of an items map: ``items`` {name: description}, each a whole number
    from 1 to ``maximum``; at least one, no other."""
    schema: dict[str, Any] = {
        "description": description,
        "type": "object",
        "minProperties": 1,
        "additionalProperties": False,
        "properties": {name: {"type": "integer", "minimum": 1, "maximum": maximum,
                              "description": text}
                       for name, text in items.items()},
    }
    examples = list(examples)
    if examples:
        schema["examples"] = examples
    return schema


def describe_effect(effect) -> str:
    """A plain label for an effect (the label of a `choose` option when a game gives no words
    of its own): its steps as data."""
    return "; ".join(f"{op} {args}" for step in effect_to_data(effect)
                     for op, args in step.items())


_obj = object_schema  # the parameters' object schema


def _choose_children(params):
    return list(enumerate(params)) if isinstance(params, list) else []


def _per_children(params):
    if isinstance(params, dict) and isinstance(params.get("effect"), list):
        return [("effect", params["effect"])]
    return []


def _choose_size(params, size_of) -> int:
    """One option runs: the largest."""
    return 1 + max((size_of(o) for o in params), default=0) if isinstance(params, list) else 1


def _per_size(params, size_of) -> int:
    """The effect runs at most max times (`MAX_PER` without max)."""
    if not isinstance(params, dict):
        return 1
    times = params.get("max", MAX_PER)
    if not isinstance(times, int) or isinstance(times, bool) or not 0 <= times <= MAX_PER:
        times = MAX_PER
    return 1 + times * size_of(params.get("effect"))


# the size of the operations that repeat or choose their nested effects (Operation.size)
SIZES = {"choose": _choose_size, "per": _per_size}

_POS_INT = {"type": "integer", "minimum": 1}

# name -> (parameters, description, contexts, children); a game may reword a description and
# give examples in its own items (KernelOps(descriptions=..., examples=...))
SPECS: dict[str, tuple] = {
    "gain": ({"$ref": "#/definitions/items"},
             "Take the items from the supply; for a pick-any item the acting player picks the "
             "mix.", frozenset({PLAYER}), None),
    "lose": ({"$ref": "#/definitions/items"},
             "Return the items to the supply, as far as the player can.",
             frozenset({PLAYER}), None),
    "pay": ({"$ref": "#/definitions/items"},
            "Pay the items in full, or pay nothing and skip the rest of this effect.",
            frozenset({PLAYER}), None),
    "vp": ({"type": "integer", "minimum": -MAX_VP, "maximum": MAX_VP},
           "Move the score by N (may be negative).",
           frozenset({PLAYER, SCORING}), None),
    "choose": ({"type": "array", "minItems": 2, "items": {"$ref": "#/definitions/effect"}},
               "The acting player picks exactly one selectable option, a list of effects.",
               frozenset({PLAYER}), _choose_children),
    "per": (_obj({"count": {"$ref": "#/definitions/quantity"},
                  "every": {**_POS_INT, "maximum": MAX_PER,
                            "description": "Run the effect once per this many counted."},
                  "max": {"type": "integer", "minimum": 0, "maximum": MAX_PER,
                          "description": "Run the effect at most this many times (without "
                          f"max: at most {MAX_PER})."},
                  "effect": {"$ref": "#/definitions/effect"}},
                 ("count", "every", "effect")),
            "Read the quantity once, then run the effect floor(count / every) times, at most "
            f"max (without max: at most {MAX_PER}).", frozenset({PLAYER, SCORING}),
            _per_children),
    "modify": (_obj({"param": {"$ref": "#/definitions/param"},
                     "set": {"type": ["integer", "string"],
                             "minimum": -MAX_MODIFY, "maximum": MAX_MODIFY,
                             "description": "Replace the parameter's value (a place name for "
                             "place parameters)."},
                     "add": {"type": ["integer", "string"],
                             "minimum": -MAX_MODIFY, "maximum": MAX_MODIFY,
                             "description": "Add to the parameter (union for a set of "
                             "places)."}},
                    ("param",), oneOf=[{"required": ["set"]}, {"required": ["add"]}]),
               "Change a rule parameter for all players.", frozenset({BOARD}), None),
}


def _mixes(n: int, caps: tuple) -> list[tuple[int, ...]]:
    """Every way to take ``n`` from len(caps) items, item k at most caps[k] (None: no cap):
    tuples of amounts, the first item's largest first."""
    first = caps[0]
    if len(caps) == 1:
        return [(n,)] if first is None or n <= first else []
    top = n if first is None else min(n, first)
    return [(a, *rest) for a in range(top, -1, -1) for rest in _mixes(n - a, caps[1:])]


def _words(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _answers(pool: Pool, n: int, caps: tuple, prefix: str) -> tuple:
    """(args, label) of each answer to ``pool``'s question about ``n`` (see `Pool`)."""
    return tuple((amounts[:-1], prefix + _words([f"{a} {label}" for a, label in
                                                  zip(amounts, pool.labels, strict=True)]))
                 for amounts in _mixes(n, caps))


class KernelOps:
    """The kernel operations of one game, bound to its `EffectItems`.

    ``describe(effect) -> str`` words a `choose` option's label (a module-level function, so
    that an Action pickles; default `describe_effect`); ``descriptions`` and ``examples``
    ({operation: text}, {operation: tuple of examples}) reword the schema of an operation for
    the game. ``operations`` are the registered `Operation`s (``run`` is the bound method of
    the same name); `register` adds them and the ``items`` definition to a registry, `install`
    the ``effect`` step and the answers to ``choose`` and each pool's question to a step
    table. `run_effect`, `can_pay`, `selectable` and `pay_pool` are for the game's rules."""

    def __init__(self, items: EffectItems, describe: Callable | None = None,
                 descriptions: dict | None = None, examples: dict | None = None,
                 plugin: str = "core"):
        self.items = items
        self.describe = describe or describe_effect
        self._names = tuple(items.names)
        self._pools = tuple(items.pools)
        self._pool = {p.name: p for p in self._pools}
        # (pool, n, caps or None, prefix) -> the answers: the same few questions come back in
        # every game (caps: each item's holding, at most n), so they are worded once
        self._asked: dict[tuple, tuple] = {}
        self._held = items.held
        self._change = items.change
        self.ask = ask  # `install` may route the questions (a team game's answering seat)
        descriptions, examples = descriptions or {}, examples or {}
        self.operations = tuple(
            Operation(name, params, descriptions.get(name, text), contexts, children,
                      run=getattr(self, name), plugin=plugin,
                      examples=tuple(examples.get(name, ())), size=SIZES.get(name))
            for name, (params, text, contexts, children) in SPECS.items())

    # -- for the game --------------------------------------------------------------------

    def register(self, register: Callable) -> None:
        """``register(thing)`` (a Registry's ``add`` or the vocabulary hook's callback) the
        ``items`` definition, then each operation."""
        register(Definition("items", self.items.schema))
        for op in self.operations:
            register(op)

    def install(self, table, ask: Callable | None = None) -> None:
        """Add the ``effect`` step and the answers to ``choose`` and to each pool's question
        to ``table`` (the game's `artemis.kernel.flow.StepTable`). ``ask`` (the signature of
        `artemis.kernel.flow.ask`, which is the default) asks the operations' questions: a
        game where another seat may answer for a player (partners in a team game) routes
        them there."""
        if ask is not None:
            self.ask = ask
        table.step("effect")(self.effect_step)
        table.answer("choose")(self.chosen)
        for pool in self._pools:
            table.answer(pool.question)(partial(self.mixed, pool))

    @staticmethod
    def run_effect(game, player, effect, source=None) -> None:
        """Schedule ``effect`` (a tuple of Steps) for the acting ``player``."""
        if effect:
            push(game, ("effect", player, effect, 0, source))

    @staticmethod
    def effect_step(game, player, effect, index, source) -> None:
        """The step ``("effect", ...)``: run the operation at ``index``, then schedule the
        rest unless it returned False."""
        s = effect[index]
        mark = len(game.tasks)
        go_on = game.registry.operations[s.op].run(game, player, s.args, source)
        if go_on is not False and index + 1 < len(effect):
            game.tasks.insert(mark, ("effect", player, effect, index + 1, source))

    def can_pay(self, game, player, items) -> bool:
        """Whether ``player`` can pay ``items`` (an items map) in full: each plain item, then
        each pool from what is left of its items."""
        held = self._held
        for item in self._names:
            if item in items and held(game, player, item) < items[item]:
                return False
        for pool in self._pools:
            if pool.name in items and sum(held(game, player, i) - items.get(i, 0)
                                          for i in pool.items) < items[pool.name]:
                return False
        return True

    def selectable(self, game, player, effect) -> bool:
        """An option is selectable unless it begins with a `pay` the player cannot meet."""
        return not (effect and effect[0].op == "pay"
                    and not self.can_pay(game, player, effect[0].args))

    def pay_pool(self, name: str, game, player, n: int) -> None:
        """Ask ``player`` how to pay ``n`` of pool ``name`` from what they hold (the caller
        knows they can). The pool comes first, so that a game binds it with
        ``functools.partial(ops.pay_pool, name)``."""
        pool = self._pool[name]
        held = self._held
        caps: tuple = ()
        for item in pool.items:  # more than n of an item asks the same as n
            h = held(game, player, item)
            caps += (h if h < n else n,)
        q = pool.question
        self.ask(game, player, q, [Action(q, args, label)
                              for args, label in self._answers(pool, n, caps, "pay ")],
            (player, n, -1))

    def _answers(self, pool: Pool, n: int, caps: tuple | None, prefix: str) -> tuple:
        key = (pool.name, n, caps, prefix)
        found = self._asked.get(key)
        if found is None:
            if len(self._asked) >= 10_000:  # pools past any real game's: start again
                self._asked.clear()
            found = self._asked[key] = _answers(pool, n, caps or (None,) * len(pool.items),
                                                prefix)
        return found

    # -- the operations --------------------------------------------------------------------

    def gain(self, game, player, items, source):
        """``gain: ITEMS``: take the items; for a pool, the player picks the mix."""
        change = self._change
        for item in self._names:
            if item in items:
                change(game, player, item, items[item])
        for pool in self._pools:
            if pool.name in items:
                n = items[pool.name]
                q = pool.question
                self.ask(game, player, q, [Action(q, args, label) for args, label in
                                      self._answers(pool, n, None, "")], (player, n, 1))

    def pay(self, game, player, items, source):
        """``pay: ITEMS``: pay in full, or log ``pay_failed``, pay nothing and return False
        (the rest of the effect is skipped)."""
        if not self.can_pay(game, player, items):
            game.emit("pay_failed", player=player)
            return False
        change = self._change
        for item in self._names:
            if item in items:
                change(game, player, item, -items[item])
        for pool in self._pools:
            if items.get(pool.name):
                self.pay_pool(pool.name, game, player, items[pool.name])
        return True

    def lose(self, game, player, items, source):
        """``lose: ITEMS``: return the items, as far as the player has them; of a pool, all
        its items when they come to N or less, else the player picks which."""
        held, change = self._held, self._change
        for item in self._names:
            if item in items:
                change(game, player, item, -min(items[item], held(game, player, item)))
        for pool in self._pools:
            n = items.get(pool.name, 0)
            if not n:
                continue
            total = 0
            for i in pool.items:
                total += held(game, player, i)
            if total <= n:
                for i in pool.items:
                    change(game, player, i, -held(game, player, i))
            else:
                self.pay_pool(pool.name, game, player, n)

    def vp(self, game, player, n, source):
        """``vp: N``: move the score by N and log ``vp`` {player, amount, source}."""
        self.items.add_vp(game, player, n)
        if game.logging or game.observers:
            game.emit("vp", player=player, amount=n, source=list(source or ()))

    def choose(self, game, player, options, source):
        """``choose: [EFFECT, ...]``: ask the player for one selectable option."""
        describe = self.describe
        acts = [Action("choose", (i,), (describe, opt)) for i, opt in enumerate(options)
                if self.selectable(game, player, opt)]
        self.ask(game, player, "choose", acts, (player, options, source))

    def per(self, game, player, args, source):
        """``per: {count, every, max, effect}``: read the quantity once (the game's registry),
        then run the effect floor(count / every) times, at most max (`MAX_PER` without max):
        at most `MAX_PER` effects are scheduled."""
        (qname, qargs), = args["count"].items()
        times = game.registry.quantities[qname].count(game, player, qargs) // args["every"]
        times = min(times, args.get("max", MAX_PER), MAX_PER)
        for _ in range(times):
            self.run_effect(game, player, args["effect"], source)

    def modify(self, game, player, args, source):
        """``modify: {param, set | add}``: record the change where the game reads it, and log
        ``modify`` {param, mode, value}."""
        mode = "set" if "set" in args else "add"
        self.items.record_modifier(game, args["param"], mode, args[mode])
        game.emit("modify", param=args["param"], mode=mode, value=args[mode])

    # -- answers ---------------------------------------------------------------------------

    def chosen(self, game, action, ctx) -> None:
        """The answer to ``choose``: run the option picked."""
        player, options, source = ctx
        self.run_effect(game, player, options[action.args[0]], source)

    def mixed(self, pool: Pool, game, action, ctx) -> None:
        """The answer to a pool's question: each item of the pool changes by its amount
        (gained, or paid when the question was about paying)."""
        player, n, sign = ctx
        amounts = action.args
        change = self._change
        for item, a in zip(pool.items, (*amounts, n - sum(amounts)), strict=True):
            change(game, player, item, sign * a)
