"""A game's declared action space (docs/design.md, "The action space"): every action id a
game with a given config and content can ever offer, and the most options one decision can
list, for tools that number actions once per game (OpenSpiel's ``num_distinct_actions``,
PettingZoo's ``Discrete`` action spaces and their masks).

A game declares them through `parts.Tools.action_space` (the optional part "action space" of its
ruleset) from its rules' own bounds and its content catalog, never from sampled games; a game
that cannot declare one raises `NoActionSpace` saying why. The conformance checks hold a game
to its declaration at every decision (`artemis.testing.checks.check_action_space`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import product


class NoActionSpace(Exception):
    """A game that declares no action space; the message says why (its answers are not
    drawn from a bounded set, or it has not declared one yet)."""


def ids(kind: str, *domains: Iterable) -> list[str]:
    """The action ids of ``kind`` over every combination of argument values, one domain per
    argument, in order (`Action.id`'s form: ``kind:arg:arg``); ``ids("bid")`` is ["bid"]."""
    if not domains:
        return [kind]
    return [":".join((kind, *map(str, args))) for args in product(*domains)]


@dataclass(frozen=True)
class ActionSpace:
    """A declared action space: ``by_question`` {question kind: the ids a question of that
    kind may list, in a stable order} and ``widest`` {question kind: the most options one
    such question lists} (a kind left out: all its ids at once). `ids` numbers every id
    once, in the order of the questions, then of their ids; `max_options` is the widest
    decision."""

    by_question: Mapping[str, tuple[str, ...]]
    widest: Mapping[str, int]

    @property
    def ids(self) -> tuple[str, ...]:
        """Every id, each once (an id two questions may list is numbered where first met)."""
        return tuple(dict.fromkeys(i for kind in self.by_question
                                   for i in self.by_question[kind]))

    @property
    def max_options(self) -> int:
        """The most options one decision may list."""
        return max((self.widest.get(kind, len(listed))
                    for kind, listed in self.by_question.items()), default=0)


def effect_steps(value, depth: int = 0):
    """Every effect step (an object with ``op`` and ``args``, `artemis.effects.model.Step`)
    held anywhere in ``value``: a catalog item's fields, mappings, sequences, and the effects
    nested in a step's arguments (a choose's options, a per's effect). For bounds read from
    content: the most options of a choose, the largest amount of a pool."""
    if depth > 30 or value is None or isinstance(value, str | int | float | bool):
        return
    if hasattr(value, "op") and hasattr(value, "args"):
        yield value
        yield from effect_steps(value.args, depth + 1)
        return
    if isinstance(value, dict) or hasattr(value, "items") and callable(value.items):
        for v in value.values():
            yield from effect_steps(v, depth + 1)
        return
    if isinstance(value, list | tuple):
        for v in value:
            yield from effect_steps(v, depth + 1)
        return
    fields = getattr(value, "__dataclass_fields__", None)
    if fields:
        for name in fields:
            yield from effect_steps(getattr(value, name), depth + 1)


def space_game(config):
    """A game of ``config`` just set up (`Game.new`), for a ruleset's `action_space` to read
    what the config plays with: its checked config, the content catalog and the rule
    parameters (``game.param_defaults`` over the registry's defaults). Nothing its setup drew
    is read: the space holds for every seed. Raises ConfigError for a bad config."""
    from artemis.kernel.game import Game

    return Game.new(config)
