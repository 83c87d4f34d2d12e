"""The rules as a queue of steps (docs/design.md, "The step queue").

A step is a tuple ``(name, *args)`` of plain immutable values. `run` pops steps and calls their
handlers until a handler asks a question (`ask`) or the queue is empty. Handlers register with
`@step(name)`; answers to questions with `@answer(kind)`. Because steps and questions are data,
a game can be cloned, saved and replayed at any decision point.
"""

from __future__ import annotations

from collections.abc import Callable

from artemis.kernel.actions import Action, Decision

STEPS: dict[str, Callable] = {}
ANSWERS: dict[str, Callable] = {}


def step(name: str):
    """Register a step handler ``f(game, *args)``."""
    def deco(f):
        STEPS[name] = f
        return f
    return deco


def answer(kind: str):
    """Register the handler ``f(game, action, ctx)`` of a question kind."""
    def deco(f):
        ANSWERS[kind] = f
        return f
    return deco


def push(game, *steps: tuple) -> None:
    """Schedule steps to run next, in the order given."""
    game.tasks.extend(reversed(steps))


def ask(game, player: int, kind: str, options: list[Action], ctx=None) -> None:
    """Ask ``player`` a question. A question with one legal answer is not asked: it is
    answered at once (docs/design.md). With no options, nothing is asked."""
    if not options:
        return
    if len(options) == 1:
        ANSWERS[kind](game, options[0], ctx)
        return
    game.pending = Decision(player, kind, options, ctx)


def run(game) -> None:
    """Run steps until a question is pending or no step is left."""
    tasks = game.tasks
    pop, steps = tasks.pop, STEPS  # the loop runs ~700 steps a game: locals, one lookup each
    while game.pending is None and tasks:
        task = pop()
        steps[task[0]](game, *task[1:])
