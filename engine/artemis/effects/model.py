"""Effects as immutable data: a tuple of `Step`s, parsed from content with a registry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from artemis.util.frozen import FrozenMap, freeze, thaw

Effect = tuple  # tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Step:
    """One effect step: an operation name and its frozen parameters (nested effects parsed)."""

    op: str
    args: Any

    def to_data(self) -> dict:
        """The step as plain YAML/JSON data: {op: params}."""
        return {self.op: _unparse(self.args)}


def parse_effect(data: list, op_names) -> Effect:
    """Parse a validated effect (list of one-key maps) into a tuple of `Step`s.

    Nested effects (a list whose entries are all one-key maps naming an operation, as in
    ``choose`` and ``per.effect``) are parsed too; everything else is frozen."""
    return tuple(Step(op, _parse_args(args, op_names))
                 for entry in data for op, args in entry.items())


def _is_effect(value: Any, op_names) -> bool:
    return isinstance(value, list) and all(
        isinstance(e, dict) and len(e) == 1 and next(iter(e)) in op_names for e in value
    ) and bool(value)


def _parse_args(value: Any, op_names) -> Any:
    if _is_effect(value, op_names):
        return parse_effect(value, op_names)
    if isinstance(value, list):
        return tuple(_parse_args(v, op_names) for v in value)
    if isinstance(value, dict):
        return FrozenMap({k: _parse_args(v, op_names) for k, v in value.items()})
    return freeze(value)


def _unparse(value: Any) -> Any:
    if isinstance(value, tuple) and value and all(isinstance(s, Step) for s in value):
        return [s.to_data() for s in value]
    if isinstance(value, tuple):
        return [_unparse(v) for v in value]
    if isinstance(value, dict):
        return {k: _unparse(v) for k, v in value.items()}
    return thaw(value)


def effect_to_data(effect: Effect) -> list:
    """An effect as plain data, the inverse of `parse_effect`."""
    return [s.to_data() for s in effect]
