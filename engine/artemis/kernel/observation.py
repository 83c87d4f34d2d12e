"""The layout of a game's observation: named slices of one flat vector of numbers, what a
learner sees of a seat's view (the optional ``observation`` part, `artemis.kernel.parts`;
read by `artemis.rl`).

A game's ``observation_layout(config)`` returns a `Layout`; its ``write_observation(game,
seat, ones, at, values)`` appends the indices it sets to 1 to ``ones`` and the other values
to ``at`` (indices) and ``values``, every other cell being 0. Pure Python: the kernel and the
games never import numpy; `artemis.rl` turns the lists into an array.

A writer may also take a `Memo` (``write_observation(game, seat, ones, at, values, memo)``)
to write incrementally: it asks ``memo.changed(name, key)`` before each section and writes the
section only when that is true (see `Memo`). Without a memo it writes every section. A game
whose part also gives ``observation_rotation(game, seat)`` -> ``(runs, players, me)`` splits
its sections in two: with ``memo.shared`` the writer writes the ones every seat sees alike, as
player 0 sees them (one memo for every seat), else the seat's own; a seat's observation is the
shared cells with each run ``(start, 5, width)`` (5 blocks of ``width`` cells, one per player
relative to the observing one) turned by ``me`` modulo ``players``, plus its own cells.

A writer may also take ``base`` (``write_observation(game, seat, ones, at, values, base=
base)``, a list): it then appends to ``base`` `Cells`, runs of indices set to 1 that it keeps
because the game rarely changes them (the seats present, the planets in play), in place of
appending them to ``ones``; and it appends to ``at`` runs of indices (`Cells`, never a bare
int), ``values`` holding the runs' values end to end. The observation is the same either way:
`artemis.rl.observe.Encoder` keeps a ready array per combination of the base's `Cells` (a
template) and starts from a copy of it, and one index array per combination of runs, so the
kept cells cost nothing a call; without ``base`` the writer appends every cell and index.

Or it may take ``dense`` (``write_observation(game, seat, ones, at, values, dense=cells)``, a
bytearray of the layout's size, zeros; never with a memo): it then writes each cell into it
as a byte, a run of neighbouring cells in one slice assignment, and appends to ``at``/
``values`` only a cell whose value is not a whole number from 0 to 255 (the Project: a VP
below 0 or past 255). `artemis.rl.observe.Encoder` reads the bytes as float32 in one cast,
with no index lists to pack; a ValueError from the writer (a cell past a byte it did not
foresee) has the encoder write the observation again from the index lists.

A layout is the same for every player count of a config (a game pads per-seat slices to its
largest count), so a learner's input has one shape whatever the table. Each slice's ``low``
and ``high`` bound every cell of it; a writer caps a value at its slice's ``high`` (an
observation is capped, not exact, where a game has no bound of its own).
"""

from __future__ import annotations

from dataclasses import dataclass

_PLANS: dict = {}  # (make, id(catalog)): (catalog, plan)


def catalog_plan(make, catalog, *args):
    """``make(catalog, *args)``, made once per catalog object and ``make`` (a catalog is
    immutable; keyed by its id and checked by identity, so a new catalog at a reused id is
    planned again): a writer's precomputed cells for its content."""
    key = (make, id(catalog))
    hit = _PLANS.get(key)
    if hit is None or hit[0] is not catalog:
        hit = _PLANS[key] = (catalog, make(catalog, *args))
    return hit[1]


@dataclass(frozen=True)
class Slice:
    """One named run of ``size`` cells from ``start``, each within [``low``, ``high``];
    ``doc`` says what a cell holds, in the rulebook's words."""

    name: str
    size: int
    low: float = 0.0
    high: float = 1.0
    doc: str = ""
    start: int = 0

    @property
    def stop(self) -> int:
        """One past the slice's last cell."""
        return self.start + self.size


class Layout:
    """Named slices laid end to end: ``Layout([Slice("seats", 5, doc=...), ...])``.

    ``size`` is the vector's length, ``slices`` the slices with their ``start`` set,
    ``offset(name)`` a slice's first index. Raises ValueError for a repeated or empty name,
    a size below 1 or a ``low`` not below ``high``."""

    def __init__(self, slices):
        placed, start, names = [], 0, set()
        for s in slices:
            if not s.name or s.name in names:
                raise ValueError(f"observation slice name {s.name!r} is empty or repeated")
            if int(s.size) != s.size or s.size < 1:
                raise ValueError(f"observation slice {s.name!r} has size {s.size}, not a "
                                 "whole number of 1 or more")
            if not s.low < s.high:
                raise ValueError(f"observation slice {s.name!r}: low {s.low} is not below "
                                 f"high {s.high}")
            names.add(s.name)
            placed.append(Slice(s.name, int(s.size), float(s.low), float(s.high), s.doc,
                                start))
            start += int(s.size)
        self.slices: tuple[Slice, ...] = tuple(placed)
        self.size: int = start
        self._by_name = {s.name: s for s in placed}

    def __getitem__(self, name: str) -> Slice:
        """The slice ``name``; KeyError naming the slices for an unknown one."""
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no observation slice {name!r}; slices: "
                           f"{', '.join(self._by_name)}") from None

    def offset(self, name: str) -> int:
        """The first index of the slice ``name``."""
        return self[name].start

    def bounds(self) -> tuple[list[float], list[float]]:
        """(low, high): one bound per cell, from its slice."""
        low, high = [], []
        for s in self.slices:
            low += [s.low] * s.size
            high += [s.high] * s.size
        return low, high

    def describe(self) -> list[str]:
        """One line per slice: ``name [start:stop] size, low..high: doc``."""
        return [f"{s.name} [{s.start}:{s.stop}] {s.size}, {s.low:g}..{s.high:g}: {s.doc}"
                for s in self.slices]

    def __eq__(self, other) -> bool:
        return isinstance(other, Layout) and self.slices == other.slices

    def __hash__(self) -> int:
        return hash(self.slices)

    def __repr__(self) -> str:
        return f"<Layout of {len(self.slices)} slices, {self.size} cells>"


class Cells(tuple):
    """Indices a writer keeps (a tuple of ints, made once, never changed): in a writer's
    ``base`` list, cells set to 1 of a section a game rarely changes; in its ``at`` list (when
    given ``base``), a run of the cells its next values go to (see the module docstring).
    Hashed and compared by identity, so a reader keys its own form of them
    (`artemis.rl.observe.Encoder`'s templates and index arrays) by the object at the cost of
    a pointer: a writer gives the same object for the same cells while it keeps them, and a
    new one when they change (a new object with equal cells only costs a reader a template
    more)."""

    __slots__ = ()

    __hash__ = object.__hash__

    def __eq__(self, other) -> bool:
        return self is other

    def __ne__(self, other) -> bool:
        return self is not other


_UNSEEN = object()


class Memo:
    """What one seat's incremental observation wrote last time, section by section: a writer
    given a memo asks ``changed(name, key)`` before each section (a run of cells no other
    section writes) and writes the section only when it answers True; ``key`` is a snapshot
    of everything the section's cells depend on (numbers, tuples; never a list the state will
    change in place), or None for a section written every time. `artemis.rl.observe.Encoder`
    keeps one memo per seat and a buffer it updates: it zeroes ``stale`` (the cells the
    sections written again held before) and writes the new cells.

    Every cell must be written inside a section: a cell appended after an unchanged section
    and before the next ``changed`` call raises RuntimeError (it could never be cleared)."""

    __slots__ = ("shared", "keys", "cells", "stale", "_ones", "_at", "_open", "_mark")

    def __init__(self, shared: bool = False):
        #: the sections every seat sees alike, as player 0 (see the module docstring)
        self.shared = shared
        self.keys: dict = {}  # section name -> the key it was last written with
        self.cells: dict = {}  # section name -> the indices it wrote last time
        self.stale: list[int] = []
        self._ones: list = []
        self._at: list = []
        self._open = None  # (name, len(ones), len(at)) of the section being written
        self._mark = 0  # len(ones) + len(at) after an unchanged section (both only grow)

    def begin(self, ones: list, at: list) -> None:
        """Start a call: the writer's ``ones`` and ``at`` lists, empty."""
        self._ones, self._at = ones, at
        self._open, self._mark = None, 0
        self.stale = []

    def changed(self, name, key) -> bool:
        """True when section ``name`` must be written now (its key differs from the last
        call's, or is None, or it was never written); its old cells join ``stale``. False:
        the section's cells stand as written, and the writer skips it."""
        ones, at = self._ones, self._at
        i, j = len(ones), len(at)
        opened = self._open
        if opened is not None:
            self.cells[opened[0]] = ones[opened[1]:] + at[opened[2]:]
        elif self._mark != i + j:
            self._outside()
        keys = self.keys
        if key is not None and keys.get(name, _UNSEEN) == key:
            self._mark = i + j
            self._open = None
            return False
        keys[name] = key
        old = self.cells.get(name)
        if old:
            self.stale += old
        self._open = (name, i, j)
        return True

    def end(self) -> None:
        """Close the call (the last section's cells are recorded)."""
        if self._open is not None:
            self._close()
        elif self._mark != len(self._ones) + len(self._at):
            self._outside()

    def _close(self) -> None:
        name, i, j = self._open
        self.cells[name] = self._ones[i:] + self._at[j:]
        self._open = None

    @staticmethod
    def _outside():
        raise RuntimeError("observation cells written outside a section (after an unchanged "
                           "one): the writer must ask Memo.changed first")
