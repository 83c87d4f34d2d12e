"""The layout of a game's observation: named slices of one flat vector of numbers, what a
learner sees of a seat's view (the optional ``observation`` part, `artemis.kernel.parts`;
read by `artemis.rl`).

A game's ``observation_layout(config)`` returns a `Layout`; its ``write_observation(game,
seat, ones, at, values)`` appends the indices it sets to 1 to ``ones`` and the other values
to ``at`` (indices) and ``values``, every other cell being 0. Pure Python: the kernel and the
games never import numpy; `artemis.rl` turns the lists into an array.

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
