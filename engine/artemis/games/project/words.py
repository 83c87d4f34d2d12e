"""Effects in plain English words, for `artemis content list` and `artemis content show`.

`describe(effect)` renders an effect (a tuple of `Step`, or the same effect as plain YAML data)
step by step, joined with ", then ". Each operation of the base vocabulary (docs/authoring.md
4.1) has its own phrase; an operation this module does not know (one a plugin registered) falls
back to ``op(args)``, so every effect can be shown. Quantities (4.2), event targets (4.3),
building abilities (3.1) and rule parameter modifiers (4.5) have their own functions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from artemis.content.flowtext import flow_text
from artemis.effects.model import Step
from artemis.games.project.regions import STOCK_ITEMS
from artemis.games.project.vocabulary import REGION_NAMES
from artemis.util.frozen import thaw
from artemis.util.plural import counted, plural

# name for one, name for several
_ITEM_NAMES: dict[str, tuple[str, str]] = {
    "energy": ("Energy", "Energy"),
    "minerals": ("Mineral", "Minerals"),
    "toolkits": ("Toolkit", "Toolkits"),
    "resources": ("resource", "resources"),
    "badges": ("Expedition badge", "Expedition badges"),
}
_COLONIST_NAMES: dict[str, tuple[str, str]] = {
    "pioneer": ("Pioneer", "Pioneers"),
    "engineer": ("Engineer", "Engineers"),
    "marine": ("Marine", "Marines"),
    "steward": ("Steward", "Stewards"),
}
_REGION_NAMES = REGION_NAMES
_STOCK_ITEMS = STOCK_ITEMS


def _plural(count: int, names: tuple[str, str]) -> str:
    return plural(count, *names)


def item_name(item: str, count: int = 2) -> str:
    """The printed name of an item (docs/authoring.md 13.2) for ``count`` of it: "Mineral",
    "Minerals", "Energy", "Toolkits"; an unknown item comes back as given."""
    names = _ITEM_NAMES.get(item)
    return _plural(count, names) if names else item


def colonist_name(kind: str, count: int = 1) -> str:
    """The rulebook name of a colonist type for ``count``: "Marine", "Stewards"."""
    names = _COLONIST_NAMES.get(kind)
    return _plural(count, names) if names else kind


def region_name(region: str) -> str:
    """The board name of a region id: "quarry" -> "Quarry"."""
    return _REGION_NAMES.get(region, region)


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def describe_items(items: Any) -> str:
    """An ITEMS map in words: ``{energy: 2, minerals: 1}`` -> "2 Energy and 1 Mineral";
    ``resources: N`` reads "N resources in any mix" (Energy and Minerals, the player splits)."""
    parts = []
    for item, n in dict(items).items():
        text = f"{n} {item_name(item, n)}"
        if item == "resources":
            text += " in any mix"
        parts.append(text)
    return _join(parts)


def _fallback(name: str, args: Any) -> str:
    """``name(args)`` with the arguments in the inline notation of docs/authoring.md 4."""
    if args is None:
        return f"{name}()"
    if isinstance(args, dict):
        inner = ", ".join(f"{k}: {_inline(v)}" for k, v in args.items())
        return f"{name}({inner})"
    return f"{name}({_inline(args)})"


def _inline(value: Any) -> str:
    if isinstance(value, tuple | list) and value and all(isinstance(s, Step) for s in value):
        return "; ".join(f"{s.op} {_inline(s.args)}" for s in value)
    return flow_text(thaw(value))


# -- quantities --------------------------------------------------------------------------------


def _quantity_parts(quantity: Any, count: int) -> tuple[str, str] | None:
    """(noun for ``count`` units, qualifier) of a quantity, or None for an unknown one."""
    if not isinstance(quantity, dict) or len(quantity) != 1:
        return None
    (name, params), = quantity.items()
    params = dict(params or {})
    if name == "held" and "item" in params:
        return item_name(params["item"], count), "held"
    if name == "colonists":
        kind = params.get("type")
        noun = colonist_name(kind, count) if kind else plural(count, "colonist")
        return noun, "in the colony"
    if name == "buildings":
        words = []
        if params.get("staffed"):
            words.append("fully staffed")
        if params.get("kind"):
            words.append(str(params["kind"]).capitalize())
        words.append(plural(count, "building"))
        return " ".join(words), "owned"
    if name == "dice_in" and "region" in params:
        return plural(count, "die", "dice"), f"in the {region_name(params['region'])}"
    return None


def describe_quantity(quantity: Any, every: int = 1) -> str:
    """A quantity as the thing counted, for "per": ``held {item: badges}`` with every 2 ->
    "2 Expedition badges held"; every 1 -> "Expedition badge held"; ``dice_in {region:
    quarry}`` -> "die in the Quarry". An unknown quantity reads ``name(params)``."""
    parts = _quantity_parts(quantity, every)
    if parts is None:
        if isinstance(quantity, dict) and len(quantity) == 1:
            (name, params), = quantity.items()
            text = _fallback(name, params)
        else:
            text = _inline(quantity)
        return text if every == 1 else f"{every} of {text}"
    noun, qualifier = parts
    return f"{noun} {qualifier}" if every == 1 else f"{every} {noun} {qualifier}"


def _quantity_plural(quantity: Any) -> str:
    """A quantity as a plural noun, for targets: "Expedition badges", "Marines", "buildings",
    "dice in the Quarry"."""
    parts = _quantity_parts(quantity, 2)
    if parts is None:
        return describe_quantity(quantity)
    noun, qualifier = parts
    return noun if qualifier in ("held", "in the colony", "owned") else f"{noun} {qualifier}"


# -- operations --------------------------------------------------------------------------------


def _vp(n: int) -> str:
    return f"lose {-n} VP" if n < 0 else f"{n} VP"


def _choose(options: Any) -> str:
    return "choose one: " + " / ".join(describe(option) for option in options)


def _per(p: Any) -> str:
    every = p.get("every", 1)
    inner = describe(p["effect"])
    if len(_steps(p["effect"])) > 1:
        inner = f"({inner})"
    text = f"{inner} per {describe_quantity(p['count'], every)}"
    if p.get("max") is not None:
        text += f" (at most {counted(p['max'], 'time')})"
    return text


def _gain_colonist(p: Any) -> str:
    n = p.get("count", 1)
    source = p["from"]
    if source == "bag":
        return f"gain {counted(n, 'colonist')} from the bag"
    if source == "reward":
        return "gain the colonist laid on this reward" if n == 1 else \
            f"gain the {n} colonists laid on this reward"
    return f"gain {counted(n, 'colonist')} from {source}"


def _lose_colonist(p: Any) -> str:
    n = p["count"]
    return f"discard {counted(n, 'colonist')} from the Shelters"


def _gain_building(p: Any) -> str:
    if p["from"] == "reward":
        return "gain the building laid on this reward"
    return f"gain a building from {p['from']}"


def _relief(n: int) -> str:
    return f"{counted(n, 'step')} on the Relief Track"


def _stock(p: Any) -> str:
    region, amount = p["region"], p["amount"]
    place = f"the {region_name(region)}"
    n = abs(amount)
    if region == "doorstep":
        if amount >= 0:
            return f"draw {counted(n, 'colonist')} from the bag to {place}"
        return f"return {counted(n, 'colonist')} from {place} to the bag"
    item = _STOCK_ITEMS.get(region)
    thing = f"{n} {item_name(item, n)}" if item else str(n)
    return f"add {thing} to {place}" if amount >= 0 else f"remove {thing} from {place}"


#: The rule parameters of the base game (`artemis.games.project.vocabulary.PARAMETERS`) in
#: the rulebook's words, for people: what the number counts.
PARAM_WORDS = {
    "doorstep_cost_per_colonist": "the Energy paid per colonist recruited at the Doorstep",
    "shelter_upkeep_per_colonist": "the Energy paid per colonist heated in the Shelters",
    "shelter_upkeep_free_slots": "the colonists heated for free in the Shelters",
    "expedition_send_cost": "the resources paid for a send at Basecamp",
    "expedition_badges": "the Expedition badges per award of a successful Expedition",
    "expedition_difficulty_adjust": "every Expedition's difficulty",
    "gantry_price_adjust": "the Gantry price",
    "outfitter_bonus": "the Toolkits per die placed at the Outfitter",
    "vents_stock_bonus": "the Energy added to the Vents each round",
    "quarry_stock_bonus": "the Minerals added to the Quarry each round",
    "doorstep_draw_bonus": "the colonists drawn to the Doorstep each round",
}
#: The parameters whose value is a place, in words by mode.
_PLACE_WORDS = {
    ("expedition_send_from", "add"): "a send at Basecamp may also take colonists from {v}",
    ("expedition_send_from", "set"): "a send at Basecamp takes colonists from {v}",
    ("expedition_return_to", "set"): "sent colonists return to {v} after an Expedition",
}


def describe_modify(param: str, mode: str, value: Any) -> str:
    """A rule parameter change in words: "set the Energy paid per colonist recruited at the
    Doorstep to 1", "subtract 2 from the Gantry price", "add 1 to the Gantry price", "sent
    colonists return to this building after an Expedition"; a parameter without words (a
    plugin's) by its name: "set my_param to 1"."""
    place = _PLACE_WORDS.get((param, mode))
    if place is not None:
        where = str(value).replace("_", " ")
        return place.format(v="the Shelters" if value == "shelters" else where)
    noun = PARAM_WORDS.get(param, param)
    if mode == "set":
        return f"set {noun} to {_inline(value)}"
    if isinstance(value, int) and value < 0:
        return f"subtract {-value} from {noun}"
    return f"add {_inline(value)} to {noun}"


def _modify(p: Any) -> str:
    mode = "set" if "set" in p else "add"
    return describe_modify(p["param"], mode, p[mode])


_PHRASES: dict[str, Callable[[Any], str]] = {
    "gain": lambda items: "gain " + describe_items(items),
    "lose": lambda items: "lose " + describe_items(items),
    "pay": lambda items: "pay " + describe_items(items),
    "vp": _vp,
    "choose": _choose,
    "per": _per,
    "gain_colonist": _gain_colonist,
    "lose_colonist": _lose_colonist,
    "gain_building": _gain_building,
    "relief": _relief,
    "stock": _stock,
    "modify": _modify,
}


def _is_effect_data(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(
        isinstance(e, dict) and len(e) == 1 and isinstance(next(iter(e)), str) for e in value)


def _args_from_data(value: Any) -> Any:
    if _is_effect_data(value):
        return _steps(value)
    if isinstance(value, list):
        return tuple(_args_from_data(v) for v in value)
    if isinstance(value, dict):
        return {k: _args_from_data(v) for k, v in value.items()}
    return value


def _steps(effect: Any) -> tuple:
    """The steps of an effect given as Steps or as plain data (a list of one-key maps)."""
    if isinstance(effect, Step):
        return (effect,)
    if isinstance(effect, dict):
        effect = [effect]
    steps = []
    for entry in effect or ():
        if isinstance(entry, Step):
            steps.append(entry)
        else:
            steps.extend(Step(op, _args_from_data(args)) for op, args in entry.items())
    return tuple(steps)


def describe_step(step: Step) -> str:
    """One step in words; an operation without a phrase (a plugin's) reads ``op(args)``."""
    phrase = _PHRASES.get(step.op)
    if phrase is not None:
        try:
            return phrase(step.args)
        except (AttributeError, KeyError, TypeError, ValueError):
            pass  # arguments of an unexpected shape: show them as they are
    return _fallback(step.op, step.args)


def describe(effect: Any) -> str:
    """An effect in plain English: its steps in order, joined with ", then ".

    Accepts a tuple of `Step` (as in the catalog) or the plain data of content files (a list of
    one-key maps). Examples: ``[{gain: {minerals: 2}}]`` -> "gain 2 Minerals"; ``pay {minerals:
    2}; vp 2`` -> "pay 2 Minerals, then 2 VP"; an empty effect -> "nothing".
    """
    steps = _steps(effect)
    if not steps:
        return "nothing"
    return ", then ".join(describe_step(s) for s in steps)


# -- targets and abilities ---------------------------------------------------------------------


def describe_target(target: Any) -> str:
    """Who an event clause applies to: None -> "the board" (a board effect), "each_player" ->
    "each player", ``(players_with_most, (held, {item: badges}))`` -> "the players with the
    most Expedition badges". Accepts the catalog's form or the YAML's ``{name: quantity}``."""
    if target is None:
        return "the board"
    if isinstance(target, str):
        return "each player" if target == "each_player" else target.replace("_", " ")
    if isinstance(target, dict) and len(target) == 1:
        target = next(iter(target.items()))
    if isinstance(target, tuple | list) and len(target) == 2:
        name, quantity = target
        if isinstance(quantity, tuple | list) and len(quantity) == 2:
            quantity = {quantity[0]: quantity[1]}
        if name == "players_with_most":
            return f"the players with the most {_quantity_plural(quantity)}"
        if name == "players_with_fewest":
            return f"the players with the fewest {_quantity_plural(quantity)}"
        return _fallback(str(name), quantity)
    return _inline(target)


def describe_clause(clause: Any) -> str:
    """An event clause: "each player: lose 1 Energy per die in the Quarry"; a board effect is
    its effect alone."""
    if clause.target is None:
        return describe(clause.effect)
    return f"{describe_target(clause.target)}: {describe(clause.effect)}"


#: The game events a building's trigger names (`artemis.games.project.vocabulary.
#: GAME_EVENTS`), in words; a plugin's event reads "When NAME".
TRIGGER_WORDS = {
    "on_expedition_success": "After each successful Expedition you had a die on",
    "on_building_claimed": "Whenever you gain a building",
}

_REQUIRES = {"fully_staffed": "While fully staffed", "owned": "While owned"}


def describe_passive(passive: Any) -> str:
    """A passive ability: "While fully staffed: set the Energy paid per colonist recruited
    at the Doorstep to 1"."""
    when = _REQUIRES.get(passive.requires, f"While {passive.requires}")
    changes = [describe_modify(m.param, m.mode, m.value) for m in passive.modify]
    return f"{when}: {_join(changes)}"


def describe_ability(building: Any) -> str:
    """A building tile's ability in words (docs/authoring.md 3.1), for example
    "At Upkeep, if fully staffed: gain 2 Minerals", "After each successful Expedition you
    had a die on, if fully staffed: gain 1 Energy and 1 Mineral", "At game end, if fully
    staffed: 3 VP"."""
    if building.upkeep is not None:
        return f"At Upkeep, if fully staffed: {describe(building.upkeep)}"
    if building.passive is not None:
        return describe_passive(building.passive)
    if building.trigger is not None:
        on = TRIGGER_WORDS.get(building.trigger.on, f"When {building.trigger.on}")
        return f"{on}, if fully staffed: {describe(building.trigger.effect)}"
    if building.scoring is not None:
        return f"At game end, if fully staffed: {describe(building.scoring)}"
    return "no ability"


__all__ = [
    "colonist_name",
    "describe",
    "describe_ability",
    "describe_clause",
    "describe_items",
    "describe_modify",
    "describe_passive",
    "describe_quantity",
    "describe_step",
    "describe_target",
    "item_name",
    "region_name",
]


def with_article(word: str) -> str:
    """``word`` with "a" or "an": "an engineer", "a marine"."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word
