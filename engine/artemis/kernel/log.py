"""A game's log: its records in order, each read as a dict (docs/design.md, "The log").

A rule logs a consequence with ``game.emit(kind, **data)`` or ``game.record(event)``. A record
that is logged many times a game may be kept compactly: a `Record` names its type and its
keys once, and the rule hands `Game.record` a tuple ``(KIND, value, ...)``, the values in the
keys' order. The `Log` keeps the tuple and makes the dict ``{"type": ..., key: value, ...}``
the first time the record is read, then keeps that dict: a game played with the log on and
not read (a simulation keeping its games) does not pay for dicts no one reads, and a reader
sees the same dicts, with the same keys in the same order, as if they had been made at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


class Record:
    """A kind of log record with fixed keys: ``Record("placed", "player", "face")`` makes the
    records ``{"type": "placed", "player": ..., "face": ...}`` from the tuples
    ``(kind, player, face)`` a rule hands `Game.record`. The values are kept as given, so
    they must not be changed afterwards (give a copy of a list that will change)."""

    __slots__ = ("type", "keys")

    def __init__(self, type: str, *keys: str):
        self.type = type
        self.keys = keys

    def make(self, entry: tuple) -> dict:
        """The dict of ``entry`` (``(self, value, ...)``, one value per key)."""
        record = {"type": self.type}
        record.update(zip(self.keys, entry[1:], strict=True))
        return record

    def __repr__(self) -> str:
        return f"Record({self.type!r}, {', '.join(map(repr, self.keys))})"


class ActionRecord(Record):
    """The record of an answer, ``(ACTION, player, action, to, reveals)``: its dict is
    ``{"type": "action", "player", "id", "label"}``, then ``"to"`` (the seats that may see it,
    when not everyone) and ``"reveals": True`` (its consequences showed something hidden or
    random) when they apply. The Action's id and label are read only when the record is."""

    def make(self, entry: tuple) -> dict:
        _, player, action, to, reveals = entry
        record = {"type": self.type, "player": player, "id": action.id, "label": action.label}
        if to is not None:
            record["to"] = to
        if reveals:
            record["reveals"] = True
        return record


#: the record of an answer, logged by `Game.apply`
ACTION = ActionRecord("action", "player", "action", "to", "reveals")
#: a player's holding of an item went up or down (the kernel's `change`: a gain or a loss)
GAIN = Record("gain", "player", "item", "amount")
LOSE = Record("lose", "player", "item", "amount")


def _read(entries: list, i: int) -> dict:
    """The dict of ``entries[i]`` (any index a list takes), made and kept on the first
    read."""
    entry = entries[i]
    if entry.__class__ is tuple:
        entry = entries[i] = entry[0].make(entry)
    return entry


class Log(Sequence):
    """The records of a game in order, each a dict (``{"type": kind, ...}``): a sequence that
    reads as a list of dicts (index, slice, iterate, ``len``, ``==`` a list) and is added to
    with `append`. A compact entry (a tuple, see `Record`) becomes its dict when first read,
    and that dict is kept, so reading one record twice gives the same object.

    ``json.dumps`` does not take the log itself: write ``list(game.log)``. Copies (`copy`,
    ``copy.copy``, pickling) keep the entries; a slice is a list of dicts."""

    __slots__ = ("_entries",)

    def __init__(self, records: Iterable = ()):
        entries = records._entries if isinstance(records, Log) else records
        self._entries: list = list(entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __getitem__(self, i):
        entries = self._entries
        if i.__class__ is slice:
            return [_read(entries, j) for j in range(*i.indices(len(entries)))]
        return _read(entries, i)  # a list's IndexError or TypeError for a bad index

    def __iter__(self):
        entries = self._entries
        i = 0
        while i < len(entries):  # as a list's iterator: records added meanwhile are read
            yield _read(entries, i)
            i += 1

    def __reversed__(self):
        entries = self._entries
        for i in range(len(entries) - 1, -1, -1):
            yield _read(entries, i)

    def __contains__(self, record) -> bool:
        return any(r == record for r in self)

    def append(self, record) -> None:
        """Add ``record`` at the end: a dict, or a compact tuple ``(Record, value, ...)``."""
        self._entries.append(record)

    def extend(self, records: Iterable) -> None:
        """Add each of ``records`` at the end (dicts or compact tuples)."""
        self._entries.extend(records._entries if isinstance(records, Log) else records)

    def __setitem__(self, i, record) -> None:
        self._entries[i] = record

    def __delitem__(self, i) -> None:
        del self._entries[i]

    def clear(self) -> None:
        """Remove every record."""
        self._entries.clear()

    def copy(self) -> Log:
        """An independent log with the same records (the dicts already read are shared, as a
        list's copy shares them; compact entries are immutable)."""
        return Log(self._entries)

    __copy__ = copy

    def __eq__(self, other):
        if isinstance(other, Log | list | tuple):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists, which are not hashable

    def __repr__(self) -> str:
        return f"Log({list(self)!r})"

    def __reduce__(self):
        return (Log, (list(self),))
