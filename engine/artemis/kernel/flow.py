"""The rules as a queue of steps (docs/design.md, the step queue).

A step is a tuple ``(name, *args)`` of plain immutable values. `run` pops steps and calls their
handlers until a handler asks a question (`ask`) or the queue is empty. Because steps and
questions are data, a game can be cloned, saved and replayed at any decision point.

Handlers live in a `StepTable` that belongs to one ruleset (a game registers its handlers with
``@table.step(name)`` and ``@table.answer(kind)``), never in a process-wide table: two games
can run side by side in one process.
"""

from __future__ import annotations

from collections.abc import Callable

from artemis.kernel.actions import Action, Decision


class StepTable:
    """The step handlers ``f(game, *args)`` and answer handlers ``f(game, action, ctx)`` of
    one ruleset, by name. Registering a name twice raises ValueError (two modules of one game
    would otherwise silently replace each other's rule)."""

    def __init__(self) -> None:
        self.steps: dict[str, Callable] = {}
        self.answers: dict[str, Callable] = {}

    def step(self, name: str):
        """Decorator: register the handler of step ``name``."""
        def deco(f):
            if name in self.steps:
                raise ValueError(f"step '{name}' is registered twice")
            self.steps[name] = f
            return f
        return deco

    def answer(self, kind: str):
        """Decorator: register the handler of the answers to questions of ``kind``."""
        def deco(f):
            if kind in self.answers:
                raise ValueError(f"answer '{kind}' is registered twice")
            self.answers[kind] = f
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
        game.answers[kind](game, options[0], ctx)
        return
    game.pending = Decision(player, kind, options, ctx)


def run(game) -> None:
    """Run steps until a question is pending or no step is left."""
    tasks = game.tasks
    pop, steps = tasks.pop, game.steps  # ~700 steps a game: locals, one lookup each
    while game.pending is None and tasks:
        task = pop()
        steps[task[0]](game, *task[1:])
