"""The Artemis Odyssey's terms and effect vocabulary (docs/odyssey-authoring.md, section 4).

The rulebook's words, as the ids content and code use: the six Resources (three of them
Ores), the seven planet types, the four Assets, the five colours, the five actions of the
Action cards, the eight scoring options, the nine Artifact windows (docs/odyssey-rulings.md
OR7), and the player counts.

`register(registry)` adds the Odyssey's vocabulary: the 7 kernel operations
(`artemis.kernel.operations`) bound to the Odyssey's items (`ops.KERNEL`), `modify` with the
Odyssey's scopes; its 12 own operations (section 4.1); 12 quantities, 3 targets, 5 rule
parameters (2 that cards modify, 3 that variants set), the 9 windows as game events, and the
shared schema definitions.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from artemis.effects.registry import (
    PLAYER,
    SCORING,
    GameEvent,
    Operation,
    Quantity,
    Registry,
    RuleParameter,
    Target,
    object_schema,
)

# -- the rulebook's terms -----------------------------------------------------------------------

#: The Resources, in the canonical order of planet types (rulebook, Components).
RESOURCES = ("water", "food", "energy", "xanthium", "yoyodium", "zozodium")
#: The Ores: a sub-category of Resource (rulebook, Components).
ORES = ("xanthium", "yoyodium", "zozodium")
#: The planet types: a Production planet of each Resource, and Alien planets.
PLANET_TYPES = (*RESOURCES, "alien")
#: Where a quantity may count Assets (`assets {on}`): a planet type, or any Production planet.
ASSET_PLACES = (*PLANET_TYPES, "production")
#: The Assets (rulebook, Components), in the canonical order.
ASSETS = ("colony", "factory", "starship", "terraformer")
#: The player colours: red, blue and yellow are the rulebook's; green and purple
#: reconstructed (docs/odyssey-rulings.md OR25).
COLOURS = ("red", "blue", "yellow", "green", "purple")
#: The actions of the Action cards (rulebook, The Actions).
ACTIONS = ("produce", "travel", "trade", "build", "score")
#: How many Action cards of each action one colour holds (11 in all).
CARDS_PER_ACTION = {"score": 4, "produce": 3, "travel": 2, "trade": 1, "build": 1}
#: The eight scoring options (rulebook, Scoring Options), in the rulebook's order.
SCORING_OPTIONS = ("colonies_factories", "starships", "alien_planets", "terraformers",
                   "concentration", "systems", "identical_resources", "different_resources")
#: The windows in which an Alien Artifact may be used (docs/odyssey-rulings.md OR7).
WINDOWS = ("planning_turn", "card_revealed", "after_action", "end_of_round",
           "own_travel_start", "after_own_travel", "after_own_build", "after_own_produce",
           "score_tally")
#: The "general" windows: an Artifact usable at any time names these four.
GENERAL_WINDOWS = WINDOWS[:4]
#: The player counts: 1 (solo) to 5, and team play for 6 and 8 (rulebook).
PLAYER_COUNTS = (1, 2, 3, 4, 5, 6, 8)

# each id as the rulebook writes it, for people (labels, effects in words)
RESOURCE_NAMES = {r: r.capitalize() for r in RESOURCES}
PLANET_NAMES = {**RESOURCE_NAMES, "alien": "Alien"}
ASSET_NAMES = {"colony": ("Colony", "Colonies"), "factory": ("Factory", "Factories"),
               "starship": ("Starship", "Starships"),
               "terraformer": ("Terraformer", "Terraformers")}
OPTION_NAMES = {"colonies_factories": "Colonies/Factories", "starships": "Starships",
                "alien_planets": "Alien Planets", "terraformers": "Terraformers",
                "concentration": "Concentration", "systems": "Systems",
                "identical_resources": "Identical Resources",
                "different_resources": "Different Resources"}
ACTION_NAMES = {a: a.capitalize() for a in ACTIONS}
#: The rulebook's nouns for the game's parts, for people: what the code calls ``system`` is
#: a star with the planets around it, and so on.
TERMS = {
    "system": "system (a star with the planets around it)",
    "start": "the Starting system (the Sun)",
    "planet": "planet",
    "planner": "the Planner (who played the Action card being resolved)",
    "planning_board": "the Planning board",
    "slot": "a card slot of the Planning board",
    "action_card": "Action card",
    "artifact": "Alien Artifact",
    "singularity": "Singularity card",
    "mission": "Mission card",
    "asset": "Asset (Starship, Colony, Factory or Terraformer)",
    "bank": "the bank (the Resource decks)",
    "score_track": "the Score track",
    "first_player": "the First Player marker",
    "score_discard": "the Score discard pile",
}

# -- bounds of the numbers content may hold (docs/odyssey-authoring.md 5 gives each reason) ----

#: Resource cards of one type in the box (rulebook: 25 each): no gain, loss or cost needs
#: more.
MAX_CARDS = 25
#: Pieces of one Asset per colour (rulebook: 4).
MAX_PIECES = 4
#: Alien Artifact cards in the box (rulebook: 17).
MAX_ARTIFACTS = 17
#: Star systems a peek may name: the eight stars besides the Sun.
MAX_STARS = 8
#: Bank trades one effect may make: 150 cards allow at most 17 bank trades (rates 1, 2, 3, ...).
MAX_BANK_TRADES = 17
#: VP of one card's discard (Different Resources: 2 per card), and of a scoring item.
MAX_VP_PER_CARD = 10
#: The most VP a discard for VP may be capped at.
MAX_DISCARD_VP = 100
#: A Mission goal's threshold (VP goals are the largest: 42 to 75 in the base game).
MAX_GOAL = 500

_POS_INT = {"type": "integer", "minimum": 1}
_obj = object_schema
_NONE = {"type": "object", "additionalProperties": False, "maxProperties": 0,
         "properties": {}}


def _int(description: str, minimum: int, maximum: int) -> dict:
    return {"type": "integer", "minimum": minimum, "maximum": maximum,
            "description": description}


DEFINITIONS: dict[str, dict] = {
    "resource": {
        "description": "A Resource: water, food, energy, or one of the Ores xanthium, "
        "yoyodium, zozodium (rulebook, Components).",
        "type": "string",
        "enum": list(RESOURCES),
    },
    "planet_type": {
        "description": "A planet type: a Production planet of a Resource, or alien.",
        "type": "string",
        "enum": list(PLANET_TYPES),
    },
    "asset": {
        "description": "An Asset: colony, factory, starship or terraformer.",
        "type": "string",
        "enum": list(ASSETS),
    },
    "colour": {
        "description": "A player colour (docs/odyssey-rulings.md OR25).",
        "type": "string",
        "enum": list(COLOURS),
    },
    "scoring_option": {
        "description": "One of the eight scoring options (rulebook, Scoring Options).",
        "type": "string",
        "enum": list(SCORING_OPTIONS),
    },
    "system_id": {
        "description": "A star system's id (the systems file).",
        "type": "string",
        "pattern": "^[a-z][a-z0-9_-]*$",
    },
    "provenance": {
        "description": "Where the values come from: rulebook, research, research (Ad Astra), "
        "RECONSTRUCTED, or fan-made for fan content; a mix says which part comes from where "
        "(docs/odyssey-authoring.md 2).",
        "type": "string",
        "minLength": 1,
        "examples": ["rulebook", "RECONSTRUCTED", "count: research; effect: rulebook"],
    },
    "id": {
        "description": "A unique id: lower case letters, digits, hyphens and underscores.",
        "type": "string",
        "pattern": "^[a-z][a-z0-9_-]*$",
        "examples": ["red-produce-1", "black-hole-grenade"],
    },
    "name": {
        "description": "The name printed on the card or token.",
        "type": "string",
        "minLength": 1,
    },
}

# the kernel operations in the Odyssey's words: their schema descriptions and examples
KERNEL_DESCRIPTIONS = {
    "gain": "Take the Resource cards from the bank, as far as it holds them (OR21); for ore: "
            "N the acting player picks the Ores.",
    "lose": "Return the Resource cards to the bank, as far as the player holds them.",
    "pay": "Pay the Resource cards in full, or pay nothing and skip the rest of this effect; "
           "ore: N is paid in Ores of the payer's choice.",
    "vp": "Score N VP: inside a Score action it adds to this card's tally, elsewhere it "
          "moves the Score marker at once, never below 0 (OR9).",
    "choose": "The acting player picks exactly one selectable option, a list of effects.",
    "modify": "Change a rule parameter for the acting player, for this travel or this Score "
              "action only (the Odyssey's scopes).",
}
KERNEL_EXAMPLES = {
    "gain": ({"water": 3},),
    "lose": ({"food": 1},),
    "pay": ({"water": 1, "food": 1},),
    "vp": (3,),
    "choose": ([[{"gain": {"water": 3}}], [{"gain": {"food": 3}}]],),
    "per": ({"count": {"assets": {"type": "starship"}}, "every": 1,
             "effect": [{"vp": 2}]},),
    "modify": ({"param": "score_card_vp", "add": 3, "scope": "this_score"},),
}

#: The scope of each Odyssey rule parameter: a `modify` names the one its parameter has.
SCOPES = {"travel_destination": "this_travel", "score_card_vp": "this_score"}

MODIFY_SCOPE = {
    "description": "How long the change lasts: this_travel (the acting player's travel that "
    "is about to start) or this_score (the acting player's result in this Score action).",
    "enum": sorted(set(SCOPES.values())),
}

_BUILD_TYPES = {
    "description": "Which Assets may be built: any, same_as_trigger (the type just built), "
    "or a list of Asset types.",
    "oneOf": [
        {"description": "any or same_as_trigger.", "enum": ["any", "same_as_trigger"]},
        {"description": "A list of Asset types.", "type": "array", "minItems": 1,
         "maxItems": len(ASSETS), "uniqueItems": True, "items": {"$ref": "#/definitions/asset"}},
    ],
}
_BUILD_COST = {
    "description": "What each build costs: normal (the Asset's cost), free, minus_one (the "
    "cost less one Resource card of the builder's choice), or a Resource map paid instead.",
    "oneOf": [
        {"description": "normal, free or minus_one.", "enum": ["normal", "free", "minus_one"]},
        {"$ref": "#/definitions/items"},
    ],
}


def _build_size(params, size_of) -> int:
    """A build of ``count`` Assets: a step per Asset built."""
    count = params.get("count") if isinstance(params, dict) else None
    return count if isinstance(count, int) and not isinstance(count, bool) and count >= 1 else 1


def _bank_trade_size(params, size_of) -> int:
    """One exchange per rate."""
    rates = params.get("rates") if isinstance(params, dict) else None
    return max(1, len(rates)) if isinstance(rates, list) else 1


OPERATIONS = (
    Operation(
        "produce",
        _obj({"type": {"description": "The Resource produced, or same_as_trigger (the type "
                       "of the Produce action that opened the window).",
                       "enum": [*RESOURCES, "same_as_trigger"]}}, ("type",)),
        "The acting player receives what their Assets on revealed Production planets of the "
        "type yield (rulebook, Produce): 1 per Colony or Starship, 2 per Factory.",
        examples=({"type": "water"},),
    ),
    Operation(
        "travel",
        _obj({"to": {"description": "Where to: any_star (any star system but the Sun), "
                     "own_travel_cards (a system on the player's own Travel cards), "
                     "own_starship_system (another planet of the moving Starship's system), "
                     "same_system_as_trigger (the system just travelled to).",
                     "enum": ["any_star", "own_travel_cards", "own_starship_system",
                              "same_system_as_trigger"]},
              "starship": {"description": "Which Starship moves: any, or another (not the "
                           "one that just moved).", "enum": ["any", "another"]}},
             ("to", "starship")),
        "The acting player may Travel once, with the peek and discovery of a Travel action "
        "(rulebook, Travel; OR2, OR29).",
        examples=({"to": "any_star", "starship": "any"},),
    ),
    Operation(
        "build",
        _obj({"types": _BUILD_TYPES,
              "count": _int("How many Assets may be built.", 1, MAX_PIECES),
              "cost": _BUILD_COST},
             ("types", "count", "cost")),
        "The acting player may build Assets with the usual placement rules and build VP "
        "(rulebook, Build); outside a Build card's limits.",
        examples=({"types": ["terraformer"], "count": 1, "cost": {"water": 1, "food": 1}},),
        size=_build_size,
    ),
    Operation(
        "bank_trade",
        _obj({"rates": {"description": "One exchange per entry, in order: rate k gives k "
                        "identical Resource cards for 1 of another type; the player may stop "
                        "after any exchange.", "type": "array", "minItems": 1,
                        "maxItems": MAX_BANK_TRADES,
                        "items": _int("Cards given for one card.", 1, MAX_CARDS)}},
             ("rates",)),
        "Exchanges with the bank (rulebook, Trade).",
        examples=({"rates": [1, 1]},),
        size=_bank_trade_size,
    ),
    Operation(
        "score_option",
        _obj({"option": {"$ref": "#/definitions/scoring_option"}}, ("option",)),
        "Score a scoring option's VP for the acting player at once: no tally, no most or "
        "fewest (OR33).",
        examples=({"option": "systems"},),
    ),
    Operation(
        "discard_for_vp",
        _obj({"mode": {"description": "identical: cards of one type; different: cards all of "
                       "different types.", "enum": ["identical", "different"]},
              "min": _int("The fewest cards a discard holds.", 1, MAX_CARDS),
              "vp_per_card": _int("VP per card discarded.", 1, MAX_VP_PER_CARD),
              "max_vp": _int("The most VP one discard scores (the cards are not capped).", 1,
                             MAX_DISCARD_VP)},
             ("mode", "min", "vp_per_card")),
        "The acting player may discard Resource cards to the bank for VP, or pass (rulebook, "
        "Scoring Options; OR9).",
        contexts=frozenset({PLAYER, SCORING}),
        examples=({"mode": "identical", "min": 2, "vp_per_card": 1, "max_vp": 9},),
    ),
    Operation(
        "draw_artifacts",
        _obj({"draw": _int("Alien Artifacts drawn.", 1, MAX_ARTIFACTS),
              "keep": _int("Alien Artifacts kept; the rest go to the bottom of the deck in the "
                           "order drawn.", 1, MAX_ARTIFACTS)},
             ("draw", "keep")),
        "Draw Alien Artifacts, as far as the deck holds them, and keep some (rulebook, "
        "Discovering a Planet; OR10).",
        examples=({"draw": 3, "keep": 2},),
    ),
    Operation(
        "peek",
        _obj({"what": {"description": "What is looked at: system, the undiscovered planets "
                       "of a star system.", "const": "system"},
              "count": _int("How many systems.", 1, MAX_STARS)},
             ("what", "count")),
        "Look at the undiscovered planets of systems; commits to nothing (OR3).",
        examples=({"what": "system", "count": 3},),
    ),
    Operation(
        "remove_assets",
        _obj({"owner": {"description": "Whose Assets: another player's.", "const": "other"},
              "select": {"description": "one_starship: one Starship; all_on_planet: all of "
                         "the owner's Assets on one planet.",
                         "enum": ["one_starship", "all_on_planet"]},
              "planet_without": {"description": "The planet may hold none of these of the "
                                 "owner's Assets.", "type": "array", "minItems": 1,
                                 "maxItems": len(ASSETS), "uniqueItems": True,
                                 "items": {"$ref": "#/definitions/asset"}},
              "outside_start": {"description": "Only outside the Starting system.",
                                "type": "boolean"}},
             ("owner", "select", "outside_start")),
        "Return another player's Assets to their supply; the planet stays face up (OR13).",
        examples=({"owner": "other", "select": "one_starship", "outside_start": True},),
    ),
    Operation(
        "take_planner_choice",
        dict(_NONE),
        "Make the revealed card's Planner choice (resource type, system or scoring option) "
        "instead of its Planner (OR32).",
        examples=({},),
    ),
    Operation(
        "cancel_action",
        dict(_NONE),
        "The revealed Action card is cancelled: nobody resolves it (OR17).",
        examples=({},),
    ),
    Operation(
        "retrieve_score_card",
        _obj({"count": _int("How many Score cards.", 1, 4)}, ("count",)),
        "Take Score cards of the player's choice from their Score discard pile back into "
        "their hand.",
        examples=({"count": 1},),
    ),
)


def _assets_params() -> dict:
    return _obj({
        "type": {"description": "Only Assets of this type, or of these types.",
                 "oneOf": [{"$ref": "#/definitions/asset"},
                           {"description": "A list of Asset types.", "type": "array",
                            "minItems": 1, "maxItems": len(ASSETS), "uniqueItems": True,
                            "items": {"$ref": "#/definitions/asset"}}]},
        "on": {"description": "Only on planets of this type (production: any Production "
               "planet).", "enum": list(ASSET_PLACES)},
    })


QUANTITIES = (
    Quantity("held", _obj({"item": {"$ref": "#/definitions/resource"}}),
             "Resource cards in the player's hand, of one type or (item omitted) all.",
             examples=({"item": "water"},)),
    Quantity("assets", _assets_params(), "The player's Assets in play."),
    Quantity("systems_present", dict(_NONE),
             "Systems, the Starting system included, holding any of the player's Assets."),
    Quantity("alien_planets_present", dict(_NONE),
             "Alien planets holding any of the player's Assets."),
    Quantity("concentration", dict(_NONE),
             "The player's Assets in the system where they have the most, the Starting "
             "system included (OR12)."),
    Quantity("planets_discovered",
             _obj({"outside_start": {"description": "Only outside the Starting system.",
                                     "type": "boolean"}}),
             "Face-up planets."),
    Quantity("score", dict(_NONE), "The player's VP on the Score track."),
    Quantity("artifacts_used", dict(_NONE), "Alien Artifacts the player has used this game."),
    Quantity("factory_resource_types", dict(_NONE),
             "Different Resource types of the planets under the player's Factories."),
    Quantity("distinct_types_held", dict(_NONE), "Resource types in the player's hand."),
    Quantity("terraformers_with_colony_or_factory", dict(_NONE),
             "The player's Terraformers sharing a planet with their Colony or Factory."),
    Quantity("starship_star_systems", dict(_NONE),
             "Star systems other than the Sun holding at least one of the player's Starships."),
)

TARGETS = (
    Target("each_player", None, "Every player, from the First player clockwise (OR33)."),
    Target("players_with_most", {"$ref": "#/definitions/quantity"},
           "The players tied for the highest value, 0 included (OR9)."),
    Target("players_with_fewest", {"$ref": "#/definitions/quantity"},
           "The players tied for the lowest value, 0 included (OR9)."),
)

PARAMETERS = (
    RuleParameter("travel_destination", "player", "place", "declared",
                  "Where the acting player's travel goes: declared (the system the card or "
                  "effect names) or any_star (any star system but the Sun)."),
    RuleParameter("score_card_vp", "player", "int", 0,
                  "VP added to the acting player's result in this Score action, counted when "
                  "most and fewest are decided (OR9)."),
    # the variants' settings (artemis.games.odyssey.variants): set by --variant, never by a
    # card (E353), so they have no entry in SCOPES
    RuleParameter("trade_offer_limit", "global", "int", -1,
                  "The most offers the Planner makes in one Trade action; -1: no cap, as the "
                  "rulebook (the trade_offer_limit variant, OR6).", signed=True),
    RuleParameter("one_terraformer_per_planet", "global", "int", 0,
                  "1: at most one Terraformer per planet (the one_terraformer_per_planet "
                  "variant of OR11); 0: any number, as the rulebook."),
    RuleParameter("galaxy_reachable_only", "global", "int", 0,
                  "1: only the stars the players' Travel cards show are dealt (the "
                  "reachable_only variant of OR15); 0: every star, as the rulebook."),
)

#: The parameters a variant sets, which no card may change (E353).
VARIANT_PARAMETERS = ("trade_offer_limit", "one_terraformer_per_planet",
                      "galaxy_reachable_only")

WINDOW_TEXT = {
    "planning_turn": "At the start of the player's own turn in the Planning phase.",
    "card_revealed": "After an Action card or the Singularity card is revealed, before "
                     "anyone resolves it.",
    "after_action": "After a slot has fully resolved, before the next is revealed.",
    "end_of_round": "At the start of the End of the Round, before its step 1.",
    "own_travel_start": "When the player is about to Travel (OR32).",
    "after_own_travel": "Right after the player has Travelled.",
    "after_own_build": "Right after the player has built one Asset.",
    "after_own_produce": "After a Produce in which the player received at least 1 card "
                         "(OR33).",
    "score_tally": "In a Score action, after everyone's VP are counted, before most and "
                   "fewest are decided.",
}
GAME_EVENTS = tuple(GameEvent(w, WINDOW_TEXT[w]) for w in WINDOWS)


def modify_operation(kernel_modify: Operation) -> Operation:
    """The kernel's `modify` as the Odyssey uses it: for the acting player (an Artifact's
    effect), with a ``scope`` saying how long the change lasts (`SCOPES`), run by
    `artemis.games.odyssey.ops.modify`."""
    from artemis.games.odyssey.ops import modify

    params = dict(kernel_modify.params)
    params["properties"] = {**params["properties"], "scope": MODIFY_SCOPE}
    params["required"] = [*params["required"], "scope"]
    return replace(kernel_modify, params=params, contexts=frozenset({PLAYER}), run=modify)


def _code(table: str, name: str, *args):
    """Run the code of the operation, quantity or target ``name`` (``table`` RUN, COUNT or
    SELECT of `artemis.games.odyssey.rules.effects`), imported only when a game plays: loading
    and validating content needs none of the rules."""
    from artemis.games.odyssey.rules import effects

    return getattr(effects, table)[name](*args)


def register(registry: Registry) -> None:
    """Add the Odyssey's vocabulary to ``registry``: the kernel operations bound to its items
    (their ``items`` definition first; `modify` with its scopes), then its own. Raises
    RegistryError on a clash.

    The Odyssey's own operations, quantities and targets are registered with their schemas
    and words, and their code (``run``, ``count``, ``select``) as `_code`, which imports the
    rules (`artemis.games.odyssey.rules.effects`) only when a game runs one."""
    from artemis.games.odyssey import ops

    def add(thing) -> None:
        if isinstance(thing, Operation) and thing.name == "modify":
            thing = modify_operation(thing)
        elif isinstance(thing, Operation) and thing.run is None:
            thing = replace(thing, run=partial(_code, "RUN", thing.name))
        elif isinstance(thing, Quantity) and thing.count is None:
            thing = replace(thing, count=partial(_code, "COUNT", thing.name))
        elif isinstance(thing, Target) and thing.select is None:
            thing = replace(thing, select=partial(_code, "SELECT", thing.name))
        registry.add(thing)

    ops.KERNEL.register(add)
    for name, schema in DEFINITIONS.items():
        registry.add_definition(name, schema)
    for table in (OPERATIONS, QUANTITIES, TARGETS, PARAMETERS, GAME_EVENTS):
        for thing in table:
            add(thing)
