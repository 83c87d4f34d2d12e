"""Balance warnings for the Project's content: an Ocean tile's value per round, a Surface
tile's VP and an Expedition card's rewards and stock, each against the range the base game was
balanced to (docs/authoring.md 13.5, "Balance ranges").

Everything the checks know is the one table `BALANCE`: the worth of each item on the **u**
scale, the worth of each operation, and the ranges. An effect the table cannot value (a
`modify` passive, a `stock`, a plugin's operation) is not estimated, so its item gets no
warning: `validate --simulate` is the tool for those. Each warning names the item's estimate
and the range; the codes (W101-W104) are warnings, never errors (docs/errors.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from artemis.content.loader import Item
from artemis.content.problems import Problem


def _frozen(mapping: dict) -> MappingProxyType:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class BalanceTable:
    """The balance model (docs/authoring.md 13.5); all worths in u (1 Energy = 1 u).

    ``items``: the worth of one of each item `gain`/`lose`/`pay` move; ``colonist``,
    ``building``, ``relief`` and ``vp``: one colonist gained, a free building, one Relief gain,
    one VP; ``per_share``: the share of a `per`'s ``max`` a typical game reaches (a `per`
    without ``max`` counts at ``per_cap``); ``ocean_*``: an Ocean tile is worth per round
    ``ocean_base`` plus its slots' weights, within ``ocean_tolerance``; ``surface_*``: a
    Surface tile scores ``surface_base`` VP plus its slots' weights, within
    ``surface_tolerance``; an Expedition card's two rewards together are worth
    ``u_per_difficulty`` times its difficulty, within ``reward_tolerance``, and its `energy`
    and `minerals` lie in ``stock_each``, their sum in ``stock_sum``."""

    items: MappingProxyType
    colonist: float
    building: float
    relief: float
    vp: float
    per_share: float
    per_cap: int
    ocean_base: float
    ocean_slots: MappingProxyType
    ocean_tolerance: float
    surface_base: float
    surface_slots: MappingProxyType
    surface_tolerance: float
    u_per_difficulty: float
    reward_tolerance: float
    stock_each: tuple[int, int]
    stock_sum: tuple[int, int]
    epsilon: float = field(default=1e-9)


#: The Project's balance model: the values of docs/authoring.md 13.5, which the base game's
#: 52 tiles and 22 Expedition cards were balanced to (the base pack gives no warning:
#: tests/test_validate_authors.py::test_the_base_pack_gives_no_warning).
BALANCE = BalanceTable(
    items=_frozen({"energy": 1.0, "minerals": 1.0, "toolkits": 0.75, "resources": 1.1}),
    colonist=2.0, building=5.0, relief=2.0, vp=2.0,
    per_share=0.75, per_cap=100,
    ocean_base=1.0,
    ocean_slots=_frozen({"any": 0.5, "pioneer": 0.6, "engineer": 0.75, "marine": 0.85,
                         "steward": 1.0}),
    ocean_tolerance=0.35,
    # content version 3 took the 1 VP base away: a staffed Surface tile is worth its
    # colonists (docs/balance.md, "What version 3 changed")
    surface_base=0.0,
    surface_slots=_frozen({"any": 1.5, "pioneer": 1.75, "engineer": 2.0, "marine": 2.5,
                           "steward": 2.75}),
    surface_tolerance=0.5,
    u_per_difficulty=0.8, reward_tolerance=1.5,
    stock_each=(2, 5), stock_sum=(6, 8),
)


def _number(value) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) \
        else None


def effect_value(effect, table: BalanceTable = BALANCE) -> float | None:
    """The worth in u of ``effect`` (a list of one-key steps) for the player it runs for, by
    ``table``; None when a step cannot be valued (see the module docstring)."""
    if not isinstance(effect, list):
        return None
    total = 0.0
    for step in effect:
        worth = step_value(step, table)
        if worth is None:
            return None
        total += worth
    return total


def step_value(step, table: BalanceTable = BALANCE) -> float | None:
    """The worth in u of one effect step; None when it cannot be valued."""
    if not isinstance(step, dict) or len(step) != 1:
        return None
    (name, params), = step.items()
    if name in ("gain", "lose", "pay"):
        if not isinstance(params, dict):
            return None
        worth = 0.0
        for item, n in params.items():
            if item not in table.items or _number(n) is None:
                return None
            worth += table.items[item] * n
        return worth if name == "gain" else -worth
    if name == "vp":
        n = _number(params)
        return None if n is None else n * table.vp
    if name in ("gain_colonist", "lose_colonist"):
        n = params.get("count", 1) if isinstance(params, dict) else None
        n = _number(n)
        if n is None:
            return None
        return n * table.colonist * (1 if name == "gain_colonist" else -1)
    if name == "gain_building":
        return table.building
    if name == "relief":
        n = _number(params)
        return None if n is None else n * table.relief
    if name == "choose":
        options = [effect_value(o, table) for o in params] if isinstance(params, list) else []
        return None if not options or None in options else max(options)
    if name == "per":
        if not isinstance(params, dict):
            return None
        runs = _number(params.get("max", table.per_cap))
        once = effect_value(params.get("effect"), table)
        return None if runs is None or once is None else table.per_share * runs * once
    return None  # modify, stock, a plugin's operation: not valued


def _slots_target(slots, base: float, weights) -> float | None:
    if not isinstance(slots, list) or not all(s in weights for s in slots):
        return None
    return base + sum(weights[s] for s in slots)


def _fmt(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _outside(value: float, low: float, high: float, table: BalanceTable) -> bool:
    return value < low - table.epsilon or value > high + table.epsilon


def _slots_warning(item: Item, table: BalanceTable, code: str, said: str, value: float | None,
                   unit: str, base: float, weights, tolerance: float, at: str,
                   note: str = "") -> list[Problem]:
    """[``code``] when ``value`` (in ``unit``) is outside what the tile's slots call for:
    ``base`` plus a weight per slot (``weights``) ± ``tolerance``, else []. ``said`` opens the
    message ("this Ocean tile is worth about 2 u per round"), ``note`` ends the hint; the
    warning stands on key ``at``. Nothing when the value or the slots cannot be valued."""
    slots = item.data.get("slots")
    target = _slots_target(slots, base, weights)
    if value is None or target is None:
        return []
    low, high = target - tolerance, target + tolerance
    if not _outside(value, low, high, table):
        return []
    opening = f"{_fmt(base)} {unit} plus a weight" if base else "a weight"
    return [item.problem(
        code, f"{said}; its slots {_slots(slots)} call for {_fmt(low)} to {_fmt(high)} {unit}",
        f"{opening} per slot ({_weights(weights)}), within "
        f"{_fmt(tolerance)} {unit}{note} (docs/authoring.md 13.5)", at, key=True)]


def ocean_tile(item: Item, table: BalanceTable = BALANCE) -> list[Problem]:
    """W101: an Ocean tile's worth per round (its `upkeep`, or its `trigger` effect, taken to
    run once a round) outside ``ocean_base`` + slot weights ± ``ocean_tolerance``."""
    d = item.data
    if "upkeep" in d:
        worth, at = effect_value(d["upkeep"], table), "upkeep"
    elif isinstance(d.get("trigger"), dict):
        worth, at = effect_value(d["trigger"].get("effect"), table), "trigger"
    else:
        return []  # a passive: not valued
    said = f"this Ocean tile is worth about {_fmt(worth or 0)} u per round"
    return _slots_warning(item, table, "W101", said, worth, "u", table.ocean_base,
                          table.ocean_slots, table.ocean_tolerance, at)


def surface_tile(item: Item, table: BalanceTable = BALANCE) -> list[Problem]:
    """W102: a Surface tile's VP when fully staffed (a `per` at ``per_share`` of its ``max``)
    outside ``surface_base`` + slot weights ± ``surface_tolerance``."""
    worth = effect_value(item.data.get("scoring"), table)
    vp = None if worth is None else worth / table.vp
    return _slots_warning(
        item, table, "W102", f"this Surface tile scores about {_fmt(vp or 0)} VP", vp, "VP",
        table.surface_base, table.surface_slots, table.surface_tolerance, "scoring",
        f"; a per counts {_fmt(table.per_share * 100)} % of its max")


def expedition(item: Item, table: BalanceTable = BALANCE) -> list[Problem]:
    """W103: an Expedition card's two rewards together outside ``u_per_difficulty`` ×
    difficulty ± ``reward_tolerance``; W104: its `energy` or `minerals` outside
    ``stock_each``, or their sum outside ``stock_sum``."""
    d = item.data
    out: list[Problem] = []
    difficulty = _number(d.get("difficulty"))
    rewards = d.get("rewards")
    worths = [effect_value(r, table) for r in rewards] if isinstance(rewards, list) else []
    if difficulty is not None and worths and None not in worths:
        worth = sum(worths)
        target = table.u_per_difficulty * difficulty
        low, high = max(0.0, target - table.reward_tolerance), target + table.reward_tolerance
        if _outside(worth, low, high, table):
            out.append(item.problem(
                "W103", f"the rewards are worth about {_fmt(worth)} u together; difficulty "
                f"{_fmt(difficulty)} calls for {_fmt(low)} to {_fmt(high)} u",
                f"rewards together are worth about {_fmt(table.u_per_difficulty)} u per point "
                f"of difficulty, within {_fmt(table.reward_tolerance)} u (1 VP = "
                f"{_fmt(table.vp)} u, a colonist {_fmt(table.colonist)} u; docs/authoring.md "
                "13.5)", "rewards", key=True))
    lo, hi = table.stock_each
    stock = {k: _number(d.get(k)) for k in ("energy", "minerals")}
    each = [item.problem(
        "W104", f"{key} {_fmt(n)} is outside {lo} to {hi}",
        f"the round's cards' {key} stocks the {'Vents' if key == 'energy' else 'Quarry'}; the "
        f"base cards give {lo} to {hi} each, {table.stock_sum[0]} to {table.stock_sum[1]} "
        "together (docs/authoring.md 13.5)", key)
        for key, n in stock.items() if n is not None and _outside(n, lo, hi, table)]
    out.extend(each)
    if not each and None not in stock.values():  # the sum, once each number is in range
        both = stock["energy"] + stock["minerals"]
        lo, hi = table.stock_sum
        if _outside(both, lo, hi, table):
            out.append(item.problem(
                "W104", f"energy + minerals is {_fmt(both)}, outside {lo} to {hi}",
                "together they stock the Vents and the Quarry each round; the base cards "
                f"give {lo} to {hi} (docs/authoring.md 13.5)", "energy"))
    return out


def _slots(slots: list) -> str:
    return "[" + ", ".join(map(str, slots)) + "]"


def _weights(weights) -> str:
    return ", ".join(f"{k} {_fmt(v)}" for k, v in weights.items())


def balance_warnings(items: list[Item], table: BalanceTable = BALANCE) -> list[Problem]:
    """Every balance warning (W101-W104) for the valid ``items``, in load order. A
    duplicate tile (``duplicate_of``) has its original's values and is not checked again."""
    out: list[Problem] = []
    for item in items:
        d = item.data
        if item.kind == "buildings" and "duplicate_of" not in d:
            if d.get("kind") == "ocean":
                out.extend(ocean_tile(item, table))
            elif d.get("kind") == "surface":
                out.extend(surface_tile(item, table))
        elif item.kind == "expeditions":
            out.extend(expedition(item, table))
    return out
