"""The Odyssey's step table: every rule module registers its steps and answers here
(`artemis.kernel.flow` runs them), beside the kernel operations' ``effect`` step and the
answers to ``choose`` and the ``ore`` pool (`artemis.kernel.operations.KernelOps.install`)."""

from __future__ import annotations

from artemis.games.odyssey.ops import KERNEL
from artemis.games.odyssey.rules.teams import seat_for
from artemis.kernel.flow import StepTable, push, run
from artemis.kernel.flow import ask as _ask

TABLE = StepTable()
step = TABLE.step
answer = TABLE.answer


def ask(game, player: int, kind: str, options, ctx=None) -> None:
    """`artemis.kernel.flow.ask` for the Odyssey: ``player``'s question goes to the seat that
    answers for it (with teams, OR30: `artemis.games.odyssey.rules.teams.seat_for`; the
    Planning phase's ``place`` is asked of a seat already)."""
    s = game.state
    if s.teams is not None and kind != "place":
        player = seat_for(s, player, kind)
    _ask(game, player, kind, options, ctx)


KERNEL.install(TABLE, ask)  # a kernel operation's question goes to the answering seat too

__all__ = ["TABLE", "answer", "ask", "push", "run", "step"]
