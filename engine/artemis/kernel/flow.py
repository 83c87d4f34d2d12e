"""The rules as a queue of steps (docs/design.md, the step queue).

A step is a tuple ``(name, *args)`` of plain immutable values. `run` pops steps and calls their
handlers until a handler asks a question (`ask`) or the queue is empty. Because steps and
questions are data, a game can be cloned, saved and replayed at any decision point.

`run` runs at most the ruleset's ``max_steps`` steps between two decisions: a game past that
bound loops (a rule or a plugin's hook scheduling steps for ever without asking anything), and
`StepLimit` says so with the game's seed, the same on every machine.

Handlers live in a `StepTable` that belongs to one ruleset (a game registers its handlers with
``@table.step(name)`` and ``@table.answer(kind)``), never in a process-wide table: two games
can run side by side in one process.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat

from artemis.kernel.actions import Action, Decision, Options


class StepLimit(RuntimeError):
    """More than the ruleset's ``max_steps`` rule steps ran without a decision: the rules or
    a plugin loop. ``seed``, ``round``, ``limit``, ``step`` (the step that would run next) and
    ``action`` (the action being applied, filled in by `Game.apply`; None in setup) say where;
    the bound counts steps, not time, so the same game stops at the same step anywhere."""

    def __init__(self, limit: int, seed: int, round_: int, step: tuple | None):
        super().__init__()
        self.limit, self.seed, self.round, self.step = limit, seed, round_, step
        self.action: str | None = None

    def __str__(self) -> str:
        at = f", action '{self.action}'" if self.action is not None else ""
        step = repr(self.step)
        step = step if len(step) <= 80 else step[:77] + "..."
        return (f"no decision after {self.limit} rule steps (round {self.round}, seed "
                f"{self.seed}{at}): the rules or a plugin's hook schedule steps for ever; the "
                f"next step was {step}")


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
    if len(steps) == 1:  # most pushes schedule one step
        game.tasks.append(steps[0])
    elif steps:
        game.tasks.extend(reversed(steps))


def ask(game, player: int, kind: str, options: list[Action] | Options, ctx=None) -> None:
    """Ask ``player`` a question. A question with one legal answer is not asked: it is
    answered at once (docs/design.md), and noted as ``(player, kind, action)`` in
    ``game.forced`` when that is a list (a scenario checks such answers). With no options,
    nothing is asked."""
    n = len(options) if options is not None else 0  # once: an Options length is a call
    if not n:
        return
    if n == 1:
        forced = game.forced
        if forced is not None:
            forced.append((player, kind, options[0]))
        game.answers[kind](game, options[0], ctx)
        return
    game.pending = Decision(player, kind, options, ctx)


def run(game) -> None:
    """Run steps until a question is pending or no step is left. Raises StepLimit after the
    ruleset's ``max_steps`` steps without either."""
    tasks = game.tasks
    pop, steps = tasks.pop, game.steps  # ~700 steps a game: locals, one lookup each
    limit = game.ruleset.max_steps
    for _ in repeat(None, limit):
        if game.pending is not None or not tasks:
            return
        task = pop()
        # calls with a fixed number of arguments are CPython's fast path; ``*task[1:]``
        # builds a tuple and takes the slow one (most steps have one or two arguments)
        n = len(task)
        if n == 2:
            steps[task[0]](game, task[1])
        elif n == 1:
            steps[task[0]](game)
        elif n == 3:
            steps[task[0]](game, task[1], task[2])
        else:
            steps[task[0]](game, *task[1:])
    if game.pending is None and tasks:
        raise StepLimit(limit, game.config.seed, game.ruleset.words.round_of(game), tasks[-1])


def reask(game, options: list[Action] | Options) -> None:
    """Ask ``game``'s pending question again, with ``options`` in place of its own: the same
    player, kind and context. For `Ruleset.determinize`: a clone shares the real game's
    question, whose options may name what the resampling took away (the asked player's
    hand, dealt again); the world asks it anew from what it now holds. Unlike `ask`, one
    option is kept as a question (it was asked already: answering it here would take a
    decision from its player).

    Raises ValueError when no question is pending or ``options`` is empty (the resampled
    world must leave its player something to answer: a rule a determinize broke)."""
    pending = game.pending
    if pending is None:
        raise ValueError("no question is pending: there is nothing to ask again")
    if not len(options):
        raise ValueError(f"the {pending.kind} question of player {pending.player} asked "
                         "again with no options: the resampled world leaves it nothing to "
                         "answer")
    game.pending = Decision(pending.player, pending.kind, options, pending.ctx)
