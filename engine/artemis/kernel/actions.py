"""Actions and decisions as data (docs/design.md, "The decision API").

An `Action` is a small tuple-like value: a kind and its arguments. Its stable ``id`` and human
``label`` are built when asked, so that listing the legal actions stays cheap (a bot that picks
one of sixty placements reads one label, or none). A `Decision` is one question to one player:
its kind, the legal actions in a stable order, and the context the rule needs to continue.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class Action:
    """A player's answer. ``kind`` names the question; ``args`` are plain JSON values.

    ``text`` is the human label: a string, or a recipe ``(function, *arguments)`` that builds
    it when `label` is first read and keeps the string (the function must be a module-level
    one, so an Action pickles; it must depend on its arguments only).
    Two actions are equal when their kind and args are; the label takes no part. Treat an
    Action as immutable (it is hashable on kind and args)."""

    __slots__ = ("kind", "args", "text", "_id")

    def __init__(self, kind: str, args: tuple = (), text: str | tuple = ""):
        self.kind = kind
        self.args = args
        self.text = text
        self._id = None  # built on first read: placements are listed again in every game

    @property
    def id(self) -> str:
        """Stable id, e.g. ``place:3:4:basecamp:0`` (kind, then the arguments joined by ':')."""
        made = self._id
        if made is None:
            if not self.args:
                made = self._id = self.kind
            else:
                made = self._id = f"{self.kind}:{':'.join(map(str, self.args))}"
        return made

    @property
    def label(self) -> str:
        """A human label (falls back to the id)."""
        text = self.text
        if text.__class__ is tuple:
            # built once: the recipe is replaced by what it builds, the same label
            text = self.text = text[0](*text[1:])
        return text or self.id

    def to_data(self) -> dict:
        """JSON form: {id, kind, args, label}."""
        return {"id": self.id, "kind": self.kind, "args": list(self.args), "label": self.label}

    def __eq__(self, other):
        if other.__class__ is Action:
            return self.kind == other.kind and self.args == other.args
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    def __repr__(self) -> str:
        return f"Action(kind={self.kind!r}, args={self.args!r}, text={self.label!r})"

    def __reduce__(self):
        return (Action, (self.kind, self.args, self.text))


@dataclass(slots=True)
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
