"""Immutable plain data for the catalog: a hashable, picklable read-only mapping."""

from __future__ import annotations

from typing import Any


class FrozenMap(dict):
    """A dict that cannot change after construction; hashable and picklable."""

    __slots__ = ()

    def _readonly(self, *args, **kwargs):
        raise TypeError("FrozenMap is read-only")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _readonly  # type: ignore

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items(), key=lambda kv: kv[0])))

    def __reduce__(self):
        return (FrozenMap, (dict(self),))

    def __repr__(self) -> str:
        return f"FrozenMap({dict.__repr__(self)})"


def freeze(value: Any) -> Any:
    """Deep-convert dicts to FrozenMap and lists to tuples."""
    if isinstance(value, dict):
        return FrozenMap({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Deep-convert FrozenMap/tuples back to plain dicts and lists (for JSON)."""
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [thaw(v) for v in value]
    return value
