"""The Project's part of a scenario file (docs/scenarios.md): the schema of ``given`` (the
position) and the definitions it uses, embedded by the kernel's scenario schema
(`artemis.scenario.schema`) for scenarios of this game."""

from __future__ import annotations

from artemis.games.project.vocabulary import COLONIST_TYPES, REGIONS
from artemis.scenario.schema import MAX_AMOUNT
from artemis.scenario.schema import ids_schema as _ids
from artemis.scenario.schema import int_schema as _int

_COLONISTS = {
    "description": "Colonists by type; a type left out counts 0.",
    "type": "object", "additionalProperties": False,
    "properties": {t: _int(f"How many {t.capitalize()}s.", 0, 999) for t in COLONIST_TYPES},
    "examples": [{"pioneer": 3, "engineer": 1}],
}

_DIE = {
    "description": "A placed die: [player, face] or {player: P, face: F}.",
    "anyOf": [
        {"type": "array", "minItems": 2, "maxItems": 2,
         "items": [{"$ref": "#/definitions/player"},
                   {"type": "integer", "minimum": 1, "maximum": 6}]},
        {"type": "object", "additionalProperties": False, "required": ["player", "face"],
         "properties": {"player": {"$ref": "#/definitions/player"},
                        "face": _int("The die's face, 1 to 6.", 1, 6)}},
    ],
    "examples": [["yellow", 3]],
}

_ACADEMY_FROM = {
    "description": "Where the colonist came from, where a wasted action retrieves it (R10): "
    "`shelters` (the default) or `{building: INDEX}`, the index of one of its player's "
    "buildings (0 the first listed).",
    "anyOf": [
        {"const": "shelters"},
        {"type": "object", "additionalProperties": False, "required": ["building"],
         "properties": {"building": _int("The index of the building in the player's "
                                         "buildings list, 0 the first.", 0, 99)}},
    ],
    "examples": ["shelters", {"building": 0}],
}

_MODIFIER = {
    "description": "A rule parameter change in force this round (an Event's modify, "
    "docs/authoring.md 4.5): exactly one of set or add.",
    "type": "object", "additionalProperties": False, "required": ["param"],
    "properties": {
        "param": {"type": "string", "description": "The rule parameter's name."},
        "set": {"description": "Replace the value."},
        "add": {"description": "Add to the value (union for a set of places)."},
    },
    "examples": [{"param": "doorstep_cost_per_colonist", "add": 1}],
}

_PLAYER = {
    "description": "One player, by seat (the first entry is seat 0). Anything left out keeps "
    "its Player Setup value (3 Energy, 3 Minerals, 1 Toolkit, 1 Pioneer in the Shelters, Relief "
    "space 1, no VP, badges, buildings or dice).",
    "type": "object", "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_-]*$",
                 "description": "A name to use for this player in the file (steps, dice, "
                 "expect paths), e.g. a colour."},
        "energy": _int("Energy."),
        "minerals": _int("Minerals."),
        "toolkits": _int("Toolkits."),
        "badges": _int("Expedition badges."),
        # a score may fall below 0 (R28)
        "vp": _int("Victory points earned so far (may be negative, R28).", -MAX_AMOUNT),
        "relief": _int("The Relief Track space (1 = the start).", 1, 99),
        "shelters": {"description": "Colonists in the Shelters.",
                     "allOf": [{"$ref": "#/definitions/colonists"}]},
        "buildings": {
            "description": "Buildings owned, in the order gained.",
            "type": "array",
            "items": {"type": "object", "additionalProperties": False, "required": ["tile"],
                      "description": "A building tile and its staff.",
                      "properties": {
                          "tile": {"type": "string", "description": "The tile's id."},
                          "staff": {"description": "Colonists in the building.",
                                    "allOf": [{"$ref": "#/definitions/colonists"}]}}},
        },
        "dice": {"description": "Faces rolled and not yet placed (Placement phase only).",
                 "type": "array", "maxItems": 5,
                 "items": {"type": "integer", "minimum": 1, "maximum": 6}},
    },
}

_CARD = {
    "description": "An Expedition card at Basecamp, closest to the deck first.",
    "type": "object", "additionalProperties": False, "required": ["card"],
    "properties": {
        "card": {"type": "string", "description": "The Expedition card's id."},
        "dice": {
            "description": "Dice beside the card, bottom (first placed) first.",
            "type": "array",
            "items": {"type": "object", "additionalProperties": False,
                      "required": ["player", "face"],
                      "description": "A die and the colonists sent with it (R1).",
                      "properties": {
                          "player": {"$ref": "#/definitions/player"},
                          "face": _int("The die's face now (after any Marine), 1 to 6.", 1, 6),
                          "pioneers": _int("Pioneers sent with the die.", 0, 999),
                          "sent": {"enum": list(COLONIST_TYPES[1:]),
                                   "description": "The one Engineer, Marine or Steward sent "
                                   "with the die."}}},
        },
        "rewards": {
            "description": "What lies on the card's two rewards (R6), first reward first.",
            "type": "array", "maxItems": 2,
            "items": {"type": "object", "additionalProperties": False,
                      "description": "Colonists and a building tile laid on one reward.",
                      "properties": {
                          "colonists": {"description": "Colonists laid on the reward.",
                                        "allOf": [{"$ref": "#/definitions/colonists"}]},
                          "tile": {"type": "string",
                                   "description": "A building tile laid on the reward."}}},
        },
    },
}

_BOARD = {
    "description": "The board. Anything left out is as before the first Board Setup: no cards, "
    "tiles, dice or Event, empty Vents, Quarry and Doorstep, the Academy supply full, the bag "
    "holding every colonist not placed elsewhere.",
    "type": "object", "additionalProperties": False,
    "properties": {
        "expeditions": {"description": "Expedition cards at Basecamp, closest to the deck "
                        "first.", "type": "array", "items": {"$ref": "#/definitions/card"}},
        "vents": _int("Energy in the Vents."),
        "quarry": _int("Minerals in the Quarry."),
        "vents_dice": {"description": "Dice in the Vents, left to right (Exposure order).",
                       "type": "array", "items": {"$ref": "#/definitions/die"}},
        "quarry_dice": {"description": "Dice in the Quarry, left to right.",
                        "type": "array", "items": {"$ref": "#/definitions/die"}},
        "doorstep": {"description": "Colonists present at the Doorstep (at most 12).",
                     "allOf": [{"$ref": "#/definitions/colonists"}]},
        "doorstep_dice": {"description": "Dice at the Doorstep, left to right.",
                          "type": "array", "items": {"$ref": "#/definitions/die"}},
        "gantry": {
            "description": "Building tiles on the Gantry in reveal order (at most 8).",
            "type": "array",
            "items": {"type": "object", "additionalProperties": False, "required": ["tile"],
                      "description": "A tile and the bids on it.",
                      "properties": {
                          "tile": {"type": "string", "description": "The tile's id."},
                          "dice": {"description": "Bids in the order placed.",
                                   "type": "array", "items": {"$ref": "#/definitions/die"}}}},
        },
        "academy": {
            "description": "The Academy spaces, left first (2, or 1 with 2 players); null for a "
            "free space.",
            "type": "array", "maxItems": 2,
            "items": {"anyOf": [
                {"type": "null"},
                {"type": "object", "additionalProperties": False,
                 "required": ["player", "face", "colonist"],
                 "properties": {"player": {"$ref": "#/definitions/player"},
                                "face": _int("The die's face.", 1, 6),
                                "colonist": {"enum": list(COLONIST_TYPES),
                                             "description": "The colonist placed with it."},
                                "from": _ACADEMY_FROM}},
            ], "description": "One space."},
        },
        "outfitter_dice": {"description": "Dice at the Outfitter (Placement phase only).",
                           "type": "array", "items": {"$ref": "#/definitions/die"}},
        "academy_supply": {"description": "The Academy supply.",
                           "allOf": [{"$ref": "#/definitions/colonists"}]},
        "bag": {"description": "The bag; left out: every colonist not placed elsewhere.",
                "allOf": [{"$ref": "#/definitions/colonists"}]},
        "discard": {"description": "The discard pile.",
                    "allOf": [{"$ref": "#/definitions/colonists"}]},
        "event": {"type": ["string", "null"], "description": "This round's Event card id."},
        "event_deck": _ids("Event cards still to come, top first."),
        "expedition_deck": _ids("The Expedition deck, top first."),
        "expedition_discard": _ids("Discarded Expedition cards."),
        "stacks": {"description": "Building tile stacks by kind (ocean, surface), top first.",
                   "type": "object",
                   "additionalProperties": _ids("One stack, top first.")},
    },
}

GIVEN_SCHEMA: dict = {
    "description": "The position, set on top of a new game's General and Player "
    "Setup.",
    "type": "object", "additionalProperties": False,
    "properties": {
        "round": _int("The round (1 to the game's rounds; default 1).", 1, 99),
        "phase": {"enum": ["placement", "resolution", "upkeep"],
                  "description": "The phase the position is in (default: "
                  "resolution, before Event Spot A)."},
        "next": {"enum": list(REGIONS),
                 "description": "Resolution: the region resolved next (the Event spot "
                 "just before it included); the regions before it are done."},
        "turn": {"description": "Placement: the player who places next (default: "
                 "the start player).", "allOf": [{"$ref": "#/definitions/player"}]},
        "start_player": {"description": "The start player (default: drawn by the "
                         "seed).", "allOf": [{"$ref": "#/definitions/player"}]},
        "players": {"description": "Every player, by seat.", "type": "array",
                    "minItems": 2, "maxItems": 5, "items": _PLAYER},
        "board": _BOARD,
        "modifiers": {"description": "Rule modifiers in force this round (an Event's "
                      "modify).", "type": "array",
                      "items": {"$ref": "#/definitions/modifier"}},
    },
}


DEFINITIONS = {
    "colonists": _COLONISTS,
    "die": _DIE,
    "card": _CARD,
    "modifier": _MODIFIER,
}

# what a ``resolve:`` step may name
RESOLVE_TARGETS = (*REGIONS, "event", "round")
#: how a ``resolve:`` step's target is named in messages ("{resolve: REGION}")
RESOLVE_NOUN = "REGION"
#: the bare steps of a Project scenario that run the round to a moment: ``upkeep`` runs the
#: Upkeep phase to its end (the moment ``end_of_upkeep``; docs/scenarios.md, steps)
PHASE_STEPS = {"upkeep": "end_of_upkeep"}

#: Examples in the Project's words for the kernel's scenario schema (editors show them):
#: an expected error, an expect step's checks, steps.
EXAMPLES = {
    "expected_error": [{"code": "S301", "match": "Steward .* 1 or 2"}],
    "expect": [{"players.purple.relief": 2, "board.vents": 0},
               {"decision.legal": {"includes": ["send:none"]}},
               {"view": "blue", "board.0.card": None}],
    "step": [{"resolve": "vents"}, {"yellow": "relief_reward:2"}, "upkeep",
             {"until": "end_of_placement"}, {"expect": {"players.yellow.energy": 4}}],
}
