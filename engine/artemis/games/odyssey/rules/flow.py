"""The Odyssey's step table: every rule module registers its steps and answers here
(`artemis.kernel.flow` runs them), beside the kernel operations' ``effect`` step and the
answers to ``choose`` and the ``ore`` pool (`artemis.kernel.operations.KernelOps.install`)."""

from __future__ import annotations

from artemis.games.odyssey.ops import KERNEL
from artemis.kernel.flow import StepTable, ask, push, run

TABLE = StepTable()
step = TABLE.step
answer = TABLE.answer
KERNEL.install(TABLE)

__all__ = ["TABLE", "answer", "ask", "push", "run", "step"]
