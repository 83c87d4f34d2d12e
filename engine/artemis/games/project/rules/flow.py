"""The Project's step table: every rule module registers its steps and answers here
(`artemis.kernel.flow` runs them). ``push``, ``ask`` and ``run`` are the kernel's."""

from __future__ import annotations

from artemis.kernel.flow import StepTable, ask, push, run

TABLE = StepTable()
step = TABLE.step
answer = TABLE.answer
STEPS = TABLE.steps
ANSWERS = TABLE.answers

__all__ = ["ANSWERS", "STEPS", "TABLE", "answer", "ask", "push", "run", "step"]
