"""The Odyssey's effects in plain English words, for people (`artemis content show`, a
`choose` option's label).

`describe(effect)` renders an effect (a tuple of `Step`, or the same effect as plain YAML
data) step by step, joined with ", then ". Each operation of the Odyssey's vocabulary
(docs/odyssey-authoring.md 4) has its phrase; an operation this module does not know (a
plugin's) reads ``op(args)``, so every effect can be shown.
"""

from __future__ import annotations

import re
from typing import Any

from artemis.content.flowtext import flow_text
from artemis.effects.model import Step
from artemis.games.odyssey.vocabulary import (
    ACTION_NAMES,
    ASSET_NAMES,
    OPTION_NAMES,
    PLANET_NAMES,
)
from artemis.util.frozen import thaw


def _join(parts: list[str], word: str = "and") -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]


def player_name(game, seat: int) -> str:
    """How a question's answers name a player: by colour, as the rulebook does ("Blue"); the
    account maps each colour to the player's name."""
    return game.state.players[seat].colour.capitalize()


def asset_name(asset: str, count: int = 1) -> str:
    """The rulebook name of an Asset for ``count``: "Colony", "Factories"."""
    names = ASSET_NAMES.get(asset)
    return (names[0] if count == 1 else names[1]) if names else asset


def describe_items(items: Any) -> str:
    """A Resource map in words: ``{water: 2, ore: 1}`` -> "2 Water and 1 Ore of any kind"."""
    parts = []
    for item, n in dict(items).items():
        if item == "ore":
            parts.append(f"{n} Ore of any kind")
        else:
            parts.append(f"{n} {PLANET_NAMES.get(item, item)}")
    return _join(parts)


def _steps(effect: Any) -> list[tuple[str, Any]]:
    if isinstance(effect, tuple | list) and all(isinstance(s, Step) for s in effect):
        return [(s.op, thaw(s.args)) for s in effect]
    out = []
    for entry in effect or ():
        if isinstance(entry, dict) and len(entry) == 1:
            out.append(next(iter(entry.items())))
    return out


def describe_quantity(quantity: Any) -> str:
    """A quantity as the thing counted: ``assets {type: starship}`` -> "Starship in play";
    an unknown one reads ``name(params)``."""
    if isinstance(quantity, Step):
        quantity = {quantity.op: quantity.args}
    quantity = thaw(quantity)
    if not isinstance(quantity, dict) or len(quantity) != 1:
        return flow_text(quantity)
    (name, params), = quantity.items()
    params = params or {}
    if name == "assets":
        kinds = params.get("type")
        kinds = [kinds] if isinstance(kinds, str) else list(kinds or [])
        noun = _join([asset_name(k) for k in kinds], "or") if kinds else "Asset"
        where = params.get("on")
        place = {"production": " on a Production planet", None: ""}.get(
            where, f" on a{'n' if where == 'alien' else ''} {PLANET_NAMES.get(where, where)} "
            "planet")
        return f"{noun} in play{place}"
    if name == "held":
        item = params.get("item")
        return f"{PLANET_NAMES[item]} card held" if item else "Resource card held"
    words = {
        "systems_present": "system where you have an Asset",
        "alien_planets_present": "Alien planet where you have an Asset",
        "concentration": "Asset in your fullest system",
        "planets_discovered": "discovered planet" + (
            " outside the Starting system" if params.get("outside_start") else ""),
        "score": "VP",
        "artifacts_used": "Alien Artifact used",
        "factory_resource_types": "Resource type under your Factories",
        "distinct_types_held": "Resource type in your hand",
        "terraformers_with_colony_or_factory": "Terraformer beside your Colony or Factory",
        "starship_star_systems": "star system holding your Starship",
    }
    if name in words:
        return words[name]
    return f"{name}({flow_text(params)})"


_TRAVEL_TO = {
    "any_star": "any star system",
    "own_travel_cards": "a system on your own Travel cards",
    "own_starship_system": "another planet of its own system",
    "same_system_as_trigger": "the system just travelled to",
}


def _build(args: dict) -> str:
    types = args["types"]
    n = args["count"]
    if types == "any":
        what = "Asset" if n == 1 else "Assets"
    elif types == "same_as_trigger":
        what = "Asset of the type just built" if n == 1 else "Assets of the type just built"
    else:
        what = _join([asset_name(t, n) for t in types], "or")
    cost = args["cost"]
    paid = {"normal": "at its cost", "free": "free", "minus_one":
            "at its cost less one Resource card"}.get(cost) if isinstance(cost, str) else (
        "for " + describe_items(cost))
    return f"build {n} {what} {paid}"


def _step(op: str, args: Any) -> str:
    if op in ("gain", "lose", "pay"):
        verb = {"gain": "take", "lose": "return", "pay": "pay"}[op]
        return f"{verb} {describe_items(args)}"
    if op == "vp":
        return f"score {args} VP"
    if op == "choose":
        return "choose one: " + " / ".join(describe(option) for option in args)
    if op == "per":
        inner = describe(args["effect"])
        every = args["every"]
        counted = describe_quantity(args["count"])
        text = f"{inner} per {counted}" if every == 1 else f"{inner} per {every} x {counted}"
        if "max" in args:
            times = "once" if args["max"] == 1 else f"{args['max']} times"
            text += f" (at most {times})"
        return text
    if op == "modify":
        mode = "set" if "set" in args else "add"
        if args["param"] == "travel_destination" and args.get("set") == "any_star":
            return "travel to any star system instead of the one declared"
        if args["param"] == "score_card_vp" and mode == "add":
            return f"add {args['add']} VP to your result for this Score card"
        scope = {"this_travel": "for this travel",
                 "this_score": "for this Score action"}.get(args.get("scope"), "")
        if mode == "set":
            return f"set {args['param']} to {args['set']} {scope}".strip()
        return f"add {args['add']} to {args['param']} {scope}".strip()
    if op == "produce":
        kind = args["type"]
        return "produce " + ("the same type again" if kind == "same_as_trigger"
                             else PLANET_NAMES[kind])
    if op == "travel":
        which = "another Starship" if args["starship"] == "another" else "one Starship"
        return f"travel with {which} to {_TRAVEL_TO.get(args['to'], args['to'])}"
    if op == "build":
        return _build(args)
    if op == "bank_trade":
        rates = args["rates"]
        if all(r == 1 for r in rates):
            return f"up to {len(rates)} bank trade{'s' if len(rates) > 1 else ''}, one card for one"
        return "bank trades at " + ", ".join(f"{r} for 1" for r in rates)
    if op == "score_option":
        return f"score {OPTION_NAMES.get(args['option'], args['option'])}"
    if op == "discard_for_vp":
        kind = "matching" if args["mode"] == "identical" else "different"
        text = (f"discard {args['min']} or more {kind} Resource cards for "
                f"{args['vp_per_card']} VP each")
        if "max_vp" in args:
            text += f" (at most {args['max_vp']} VP)"
        return text
    if op == "draw_artifacts":
        return (f"draw {args['draw']} Alien Artifact{'s' if args['draw'] > 1 else ''}, keep "
                f"{args['keep']}")
    if op == "peek":
        return f"peek at the undiscovered planets of up to {args['count']} systems"
    if op == "remove_assets":
        what = ("one Starship of another player" if args["select"] == "one_starship"
                else "all of another player's Assets on one planet")
        if args.get("planet_without"):
            what += " without a " + _join([asset_name(a) for a in args["planet_without"]],
                                          "or")
        if args.get("outside_start"):
            what += " outside the Starting system"
        return f"return {what} to its owner's supply"
    if op == "take_planner_choice":
        return "make this card's Planner choice instead of its Planner"
    if op == "cancel_action":
        return "cancel this Action card"
    if op == "retrieve_score_card":
        n = args["count"]
        return f"take {n} Score card{'s' if n > 1 else ''} back from your Score discard pile"
    return f"{op}({flow_text(args)})"


def describe(effect: Any) -> str:
    """An effect in words, its steps joined with ", then "."""
    return ", then ".join(_step(op, args) for op, args in _steps(effect))


def card_shows(card) -> str:
    """What an Action card shows, in words: "Produce: Energy or Yoyodium", "Travel: Gemini,
    Cancer or Scorpio", "Score: Colonies/Factories or Starships", "Trade"."""
    action = ACTION_NAMES.get(card.action, card.action)
    if card.resources:
        return f"{action}: " + " or ".join(PLANET_NAMES.get(r, r) for r in card.resources)
    if card.systems:
        names = [s.capitalize() for s in card.systems]
        return f"{action}: " + ", ".join(names[:-1]) + f" or {names[-1]}"
    if card.options:
        return f"{action}: " + " or ".join(OPTION_NAMES.get(o, o) for o in card.options)
    return action


_PLANET_ID = re.compile(r"\b([a-z][a-z0-9_]*)\.(\d+)\b")
_CARD_ID = re.compile(r"\b[a-z]+-[a-z_]+(?:-\d+)?\b")  # red-produce-3, red-trade


def planet_words(catalog, planet: str) -> str:
    """A planet as the board shows it, by its system's name and its number there:
    "leo.4" -> "planet 4 of Leo", "sun.1" -> "planet 1 of the Sun"; another text as it is."""
    m = _PLANET_ID.fullmatch(planet)
    systems = {x.id: x.name for x in catalog.systems}
    if m is None or m.group(1) not in systems:
        return planet
    return f"planet {m.group(2)} of {systems[m.group(1)]}"


def game_words(catalog, text: str, cards: bool = True) -> str:
    """``text`` (an action's label) with the engine's ids in the game's words: each planet
    id as `planet_words` names it and, with ``cards``, each Action card id as "the red card"
    (its colour: the words after it say what it does, as the browser's board shows the
    card). For the browser: the terminal keeps the ids, as its board lists them."""
    if cards:
        colours = {c.id: c.colour for c in catalog.action_cards}
        text = _CARD_ID.sub(lambda m: f"the {colours[m.group(0)]} card"
                            if m.group(0) in colours else m.group(0), text)
    return _PLANET_ID.sub(lambda m: planet_words(catalog, m.group(0)), text)
