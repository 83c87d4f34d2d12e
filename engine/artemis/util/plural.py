"""The one plural helper of the text artemis prints: "1 colonist", "2 colonists", "1 die",
"3 dice", "1 Energy", "2 Energy". Every count shown with a noun goes through it."""

from __future__ import annotations


def plural(count: int, one: str, many: str | None = None) -> str:
    """The noun for ``count`` of a thing: ``one`` for exactly 1 (and -1), else ``many``
    (default ``one`` + "s"): plural(1, "colonist") -> "colonist", plural(0, "colonist") ->
    "colonists", plural(2, "die", "dice") -> "dice", plural(2, "Energy", "Energy") ->
    "Energy"."""
    if abs(count) == 1:
        return one
    return many if many is not None else one + "s"


def counted(count: int, one: str, many: str | None = None) -> str:
    """``count`` and its noun: counted(1, "Toolkit") -> "1 Toolkit", counted(3, "worker
    process", "worker processes") -> "3 worker processes"."""
    return f"{count} {plural(count, one, many)}"
