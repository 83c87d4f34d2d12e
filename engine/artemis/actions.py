"""Actions and decisions as data (design.md, layer 4).

An `Action` is a small tuple-like value: a kind and its arguments. Its stable ``id`` and human
``label`` are built when asked. A `Decision` is one question to one player: its kind, the legal
actions in a stable order, and the context the rule needs to continue.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Action:
    """A player's answer. ``kind`` names the question; ``args`` are plain JSON values."""

    kind: str
    args: tuple = ()
    text: str = field(default="", compare=False)

    @property
    def id(self) -> str:
        """Stable id, e.g. ``place:3:4:basecamp:0`` (kind, then the arguments joined by ':')."""
        return ":".join([self.kind, *(str(a) for a in self.args)])

    @property
    def label(self) -> str:
        """A human label (falls back to the id)."""
        return self.text or self.id

    def to_data(self) -> dict:
        """JSON form: {id, kind, args, label}."""
        return {"id": self.id, "kind": self.kind, "args": list(self.args), "label": self.label}


@dataclass
class Decision:
    """A question to ``player``: ``kind``, the legal ``options`` (stable order) and ``ctx``."""

    player: int
    kind: str
    options: list[Action]
    ctx: Any = None


class IllegalAction(ValueError):
    """Raised by `Game.apply` for an action that is not legal now; the state is unchanged.

    ``rule`` names the rule the action breaks."""

    def __init__(self, message: str, rule: str = ""):
        self.rule = rule
        super().__init__(f"{message}" + (f" ({rule})" if rule else ""))
