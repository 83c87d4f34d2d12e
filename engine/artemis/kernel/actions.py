"""Actions and decisions as data (docs/design.md, "The decision API").

An `Action` is a small tuple-like value: a kind and its arguments. Its stable ``id`` and human
``label`` are built when asked, so that listing the legal actions stays cheap (a bot that picks
one of sixty placements reads one label, or none). A `Decision` is one question to one player:
its kind, the legal actions in a stable order, and the context the rule needs to continue.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
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


class Options(Sequence):
    """A question's legal actions as a read-only sequence that lists them only when it must:
    its length, one item (``options[i]``) and `find` may be answered without building the
    others (docs/design.md, "The decision API"). A game returns one from a question whose
    options are many and mostly not read (the Project's placements: a random seat reads one
    of sixty); a list does as well for the others.

    A subclass implements `_list` (every option, in the stable order; called at most once,
    the list kept), and may override `__len__`, `_item` and `find` to answer without it. The
    items are the very objects `_list` returns, whichever way they are read. Equal to a list
    or another sequence of the same actions in the same order; pickles as a plain list."""

    __slots__ = ("_listed",)

    def __init__(self) -> None:
        self._listed: list | None = None

    def _list(self) -> list:
        raise NotImplementedError

    def listed(self) -> list:
        """Every option, in order (built once; not to be changed)."""
        listed = self._listed
        if listed is None:
            listed = self._listed = self._list()
        return listed

    def __len__(self) -> int:
        return len(self.listed())

    def _item(self, i: int) -> Action:
        """The option at ``i``, 0 <= i < len(self)."""
        return self.listed()[i]

    def __getitem__(self, i):
        if i.__class__ is not int:
            if isinstance(i, slice):
                return self.listed()[i]
            i = operator.index(i)  # TypeError for what is not an index, as a list
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("options index out of range")
        listed = self._listed
        return listed[i] if listed is not None else self._item(i)

    def __iter__(self):
        return iter(self.listed())

    def __contains__(self, action) -> bool:
        return action.__class__ is Action and self.find(action) is not None

    def find(self, action: Action) -> Action | None:
        """The listed option equal to ``action`` (same kind and args: ``action`` itself when
        it is one of them), or None when it is not legal here."""
        return find_listed(self.listed(), action)

    def __eq__(self, other):
        if isinstance(other, Options | list | tuple):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists, which are not hashable

    def __repr__(self) -> str:
        return repr(self.listed())

    def __reduce__(self):
        return (list, (self.listed(),))


def find_listed(options: list, action: Action) -> Action | None:
    """The option of ``options`` equal to ``action``: ``action`` itself when it is one of
    them (found by identity, as a bot hands back a listed object: no ids built, and a plain
    loop, since such lists are short), else the first with the same kind and args; None."""
    for listed in options:
        if listed is action:
            return action
    if action in options:
        return options[options.index(action)]
    return None


@dataclass(slots=True)
class Decision:
    """A question to ``player``: ``kind``, the legal ``options`` (stable order: a list, or an
    `Options` sequence that lists them only when read) and ``ctx``."""

    player: int
    kind: str
    options: list[Action] | Options
    ctx: Any = None


class IllegalAction(ValueError):
    """Raised by `Game.apply` for an action that is not legal now; the state is unchanged.

    ``rule`` names the rule the action breaks."""

    def __init__(self, message: str, rule: str = ""):
        self.rule = rule
        super().__init__(f"{message}" + (f" ({rule})" if rule else ""))
