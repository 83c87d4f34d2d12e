"""The Artemis Project's seven board regions in one table (rulebook, The Game Board and The
Resolution Phase): each region's id, its name as the rulebook writes it, the Event spot
resolved just before it, the rule step that resolves it and, for the Vents and the Quarry,
the item its stock holds and the state fields of that stock and of the dice on it.

Everything that goes by region (the order of resolution, a placement's words, a stock's
item) reads this table rather than comparing region names.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Region:
    """One board region. ``step``: the rule step its resolution pushes (`rules/rounds.py`), or
    None when nothing is left to run then (the Outfitter paid out at placement); ``stock``:
    the item its stock holds (Vents: energy, Quarry: minerals), None for the others;
    ``stock_field``: the state's field of that stock; ``dice_field``: the state's field of
    the dice placed there, where the region keeps them apart (the Exposure regions, and the
    Outfitter, whose dice go back at its resolution) (`state.State`)."""

    id: str
    name: str
    where: str  # "in the Vents": a die placed there, in words
    spot: str  # the Event spot resolved just before it (A to G)
    step: tuple | None
    stock: str | None = None
    stock_field: str | None = None
    dice_field: str | None = None


TABLE: tuple[Region, ...] = (
    Region("basecamp", "Basecamp", "at Basecamp", "A", ("basecamp",)),
    Region("vents", "Vents", "in the Vents", "B", ("exposure", "vents"), "energy", "vents",
           "vents_dice"),
    Region("quarry", "Quarry", "in the Quarry", "C", ("exposure", "quarry"), "minerals",
           "quarry", "quarry_dice"),
    Region("gantry", "Gantry", "on the Gantry", "D", ("gantry",)),
    Region("doorstep", "Doorstep", "at the Doorstep", "E", ("exposure", "doorstep"),
           dice_field="doorstep_dice"),
    Region("academy", "Academy", "at the Academy", "F", ("academy",)),
    Region("outfitter", "Outfitter", "at the Outfitter", "G", None,
           dice_field="outfitter_dice"),
)
#: The regions by id, in the order they resolve.
BY_ID: dict[str, Region] = {r.id: r for r in TABLE}
#: The region ids, in the order they resolve.
REGIONS: tuple[str, ...] = tuple(BY_ID)
#: Each region's name as the rulebook writes it, for people (labels, the account, effects).
REGION_NAMES: dict[str, str] = {r.id: r.name for r in TABLE}
#: The regions whose stock holds an item: {region: item} (the Vents' Energy, the Quarry's
#: Minerals).
STOCK_ITEMS: dict[str, str] = {r.id: r.stock for r in TABLE if r.stock is not None}
#: The regions of the Exposure mechanism (rulebook, The Placement Phase: Vents, Quarry,
#: Doorstep): a die goes right of every die showing the same or lower.
EXPOSURE: tuple[str, ...] = tuple(r.id for r in TABLE if r.step and r.step[0] == "exposure")
#: The Resolution Phase in order: each region after the Event spot before it.
RESOLUTION: tuple[tuple[str, str], ...] = tuple(
    part for r in TABLE for part in (("spot", r.spot), ("region", r.id)))
