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

from collections.abc import Iterable, Iterator, Sequence


class Record:
    """A kind of log record with fixed keys: ``Record("placed", "player", "face")`` makes the
    records ``{"type": "placed", "player": ..., "face": ...}`` from the tuples
    ``(kind, player, face)`` a rule hands `Game.record`. The values are kept as given, so
    they must not be changed afterwards (give a copy of a list that will change).

    ``make(entry)`` is the dict of an entry (``(kind, value, ...)``, one value per key); it
    raises ValueError for an entry with another number of values."""

    __slots__ = ("type", "keys", "make")

    def __init__(self, type: str, *keys: str):
        self.type = type
        self.keys = keys
        # make is written out as a dict literal, as namedtuple writes its class: a loop over
        # the keys costs about four times as much a record
        names = ", ".join(["_", *(f"v{i}" for i in range(len(keys)))]) + ("," if not keys else "")
        items = ", ".join([f"'type': {type!r}", *(f"{k!r}: v{i}" for i, k in enumerate(keys))])
        namespace: dict = {}
        exec(f"def make(entry):\n    {names} = entry\n    return {{{items}}}\n",  # noqa: S102
             namespace)  # the type and keys go in as reprs
        self.make = namespace["make"]

    def __repr__(self) -> str:
        return f"Record({', '.join(map(repr, (self.type, *self.keys)))})"


class ActionRecord(Record):
    """The record of an answer, ``(ACTION, player, action, to, reveals)``: its dict is
    ``{"type": "action", "player", "id", "label"}``, then ``"to"`` (the seats that may see it,
    when not everyone) and ``"reveals": True`` (its consequences showed something hidden or
    random) when they apply. The Action's id and label are read only when the record is."""

    __slots__ = ()

    def __init__(self, type: str, *keys: str):  # its make is its own: no literal written
        self.type = type
        self.keys = keys
        self.make = self._make

    def _make(self, entry: tuple) -> dict:
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
        entry = entries[i] = _made(entry)
    return entry


def _made(entry: tuple) -> dict:
    """The dict of the compact ``entry``. Raises ValueError naming the entry when it is not
    ``(Record, value, ...)`` with one value per key (a rule's mistake, found when read)."""
    try:
        return entry[0].make(entry)
    except (AttributeError, IndexError, TypeError, ValueError) as exc:
        kind = entry[0] if entry else None
        keys = f" (keys {', '.join(kind.keys)})" if isinstance(kind, Record) else ""
        raise ValueError(f"the log entry {entry!r} is not a compact record: a Record and "
                         f"one value per key{keys}: {exc}") from None


class Log(Sequence):
    """The records of a game in order, each a dict (``{"type": kind, ...}``): a sequence that
    reads as a list of dicts (index, slice, iterate, ``len``, ``==`` a list) and is added to
    with `append`, `extend` and ``+=``, changed with item assignment, ``del`` and `clear`
    (not a list: no ``pop``, ``insert`` or ``sort``). A compact entry (a tuple, see
    `Record`) becomes its dict when first read, and that dict is kept, so reading one record
    twice gives the same object; a malformed one raises ValueError then.

    ``json.dumps`` does not take the log itself: write ``list(game.log)``. A copy (`copy`,
    ``copy.copy``, a clone's) shares the dicts already read, as a list's copy shares them,
    and makes its own of the others when read; pickling and ``copy.deepcopy`` make every
    record a dict. A slice is a list of dicts. Raises TypeError when made from anything but
    a list, a tuple or a Log."""

    __slots__ = ("_entries",)

    def __init__(self, records: Iterable = ()):
        if isinstance(records, Log):
            records = records._entries
        elif not isinstance(records, list | tuple):
            raise TypeError(f"a log is a list of records (dicts), got "
                            f"{type(records).__name__}")
        self._entries: list = list(records)

    def __len__(self) -> int:
        return len(self._entries)

    def __getitem__(self, i):
        entries = self._entries
        if i.__class__ is slice:
            return [_read(entries, j) for j in range(*i.indices(len(entries)))]
        return _read(entries, i)  # a list's IndexError or TypeError for a bad index

    def __iter__(self):
        entries = self._entries
        for i, entry in enumerate(entries):  # records added meanwhile are read, as a list's
            if entry.__class__ is tuple:
                entry = entries[i] = _made(entry)
            yield entry

    def of_types(self, types) -> Iterator[dict]:
        """The records whose type is in ``types`` (a set of type names), in order, each read
        as iterating reads it (made and kept on its first read); the others are passed over
        without making their dicts, so a reader of a few kinds (a simulation's statistics)
        pays for those alone. ``types`` is looked at for each record in turn, so a reader
        may change the set as it goes (read some kinds only after a given record). A
        malformed compact entry raises ValueError when read."""
        entries = self._entries
        for i, entry in enumerate(entries):
            if entry.__class__ is tuple:
                try:
                    wanted = entry[0].type in types
                except (AttributeError, IndexError):  # not a compact record: _made says why
                    wanted = True
                if not wanted:
                    continue
                entry = entries[i] = _made(entry)
            elif entry.get("type") not in types:
                continue
            yield entry

    def answers(self) -> list[tuple]:
        """[(player, action id)] of the answers' records (type "action"), in order, without
        making the dicts of compact ones: their labels, the costly part, are not made."""
        out = []
        for entry in self._entries:
            if entry.__class__ is tuple:
                if entry and entry[0].__class__ is ActionRecord:
                    out.append((entry[1], entry[2].id))
            elif entry.get("type") == "action":
                out.append((entry["player"], entry["id"]))
        return out

    def append(self, record) -> None:
        """Add ``record`` at the end: a dict, or a compact tuple ``(Record, value, ...)``."""
        self._entries.append(record)

    def extend(self, records: Iterable) -> None:
        """Add each of ``records`` at the end (dicts or compact tuples)."""
        self._entries.extend(records._entries if isinstance(records, Log) else records)

    def __iadd__(self, records: Iterable) -> Log:
        self.extend(records)
        return self

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
