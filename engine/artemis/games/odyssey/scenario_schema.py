"""The Odyssey's part of a scenario file (docs/scenarios.md, "Odyssey positions"): the schema
of ``given`` (the position) and the definitions it uses, embedded by the kernel's scenario
schema (`artemis.scenario.schema`) under ``game: odyssey``.

A solo position (``config.players: 1``) plays against the Mission of the config's option
``mission`` (drawn by the seed when left out). A team position (6 and 8 players) lists every
seat, its ``hand`` the cards dealt to it and what partners share given on either partner
(`artemis.games.odyssey.position`). An Alien Artifact being used, or a Trade in progress, is
not a position.
"""

from __future__ import annotations

from artemis.games.odyssey.vocabulary import ASSETS, COLOURS, PLANET_TYPES, RESOURCES
from artemis.scenario.schema import MAX_AMOUNT
from artemis.scenario.schema import ids_schema as _ids
from artemis.scenario.schema import int_schema as _int

#: The moments and slots an ``until:`` step may name: slot N of a board of up to this many.
MAX_SLOT = 10

_RESOURCES = {
    "description": "Resource cards by type; a type left out counts 0.",
    "type": "object", "additionalProperties": False,
    "properties": {r: _int(f"{r.capitalize()} cards.", 0, 100) for r in RESOURCES},
    "examples": [{"water": 2, "food": 1}],
}

_PIECES = {
    "description": "Asset pieces by type (at most 4 of a type per colour).",
    "type": "object", "additionalProperties": False,
    "properties": {a: _int(f"{a.capitalize()} pieces.", 0, 4) for a in ASSETS},
    "examples": [{"factory": 1, "starship": 1}],
}

_PLAYER = {
    "description": "One player, by seat (the first entry is seat 0). Anything left out keeps "
    "its Setup value: 7 VP, 1 Resource card of each type, every Action card of its colour in "
    "hand (less the cards placed on the board or in the Score discard pile), no Alien "
    "Artifact.",
    "type": "object", "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_-]*$",
                 "description": "A name to use for this player in the file (steps, expect "
                 "paths); default: its colour."},
        "colour": {"enum": list(COLOURS), "description": "The player's colour (default: "
                   "config.options.colours, else red, blue, yellow, green, purple by seat)."},
        "vp": _int("The Score marker (0 or more).", 0, MAX_AMOUNT),
        "resources": {"description": "Resource cards in hand; given, a type left out is 0.",
                      "allOf": [{"$ref": "#/definitions/resources"}]},
        "hand": _ids("Action cards in hand (the player's colour); given, exactly these. "
                     "With teams: the cards dealt to this seat."),
        "score_discard": _ids("Score cards in the player's Score discard pile."),
        "artifacts": _ids("Alien Artifacts held (hidden from the others)."),
        "artifacts_used": _int("Alien Artifacts used so far.", 0, 17),
    },
}

_PLANET = {
    "description": "A planet of the galaxy: `<system>.<position>` (positions from 1), its "
    "type, face up or down, and the one player's Asset pieces on it.",
    "type": "object", "additionalProperties": False, "required": ["id", "type"],
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z0-9_-]+\\.[1-9][0-9]?$",
               "description": "The planet: its system's id and its position, e.g. leo.2."},
        "type": {"enum": list(PLANET_TYPES), "description": "The planet type (known to the "
                 "engine even face down)."},
        "up": {"type": "boolean", "description": "Face up (default true); a face-down "
               "planet holds no Asset."},
        "owner": {"description": "The player whose pieces stand on it.",
                  "allOf": [{"$ref": "#/definitions/player"}]},
        "pieces": {"description": "The owner's Assets on it.",
                   "allOf": [{"$ref": "#/definitions/pieces"}]},
    },
    "examples": [{"id": "aries.1", "type": "water", "owner": "blue",
                  "pieces": {"starship": 1, "factory": 1}}],
}

_SLOT_CARD = {
    "description": "An Action card on the Planning board: the slot, the player who planned "
    "it, the card.",
    "type": "object", "additionalProperties": False, "required": ["slot", "player", "card"],
    "properties": {
        "slot": _int("The slot, 1 the leftmost.", 1, 20),
        "player": {"$ref": "#/definitions/player"},
        "card": {"type": "string", "description": "The Action card's id (of the player's "
                 "colour)."},
    },
    "examples": [{"slot": 3, "player": "red", "card": "red-score-2"}],
}

_DECK = {
    "description": "A deck, top first: a list is the whole deck (the cards given nowhere are "
    "out of the game); {top: [...]} puts these cards on top of the rest of the deck in the "
    "seed's order.",
    "anyOf": [
        _ids("The whole deck, top first."),
        {"type": "object", "additionalProperties": False, "required": ["top"],
         "properties": {"top": _ids("The top cards, top first.")}},
    ],
    "examples": [["stargate", "replicator"], {"top": ["replicator"]}],
}

GIVEN_SCHEMA: dict = {
    "description": "The Odyssey's position, set on top of a new game's Setup.",
    "type": "object", "additionalProperties": False,
    "properties": {
        "round": _int("The round (default 1).", 1, 500),
        "phase": {"enum": ["planning", "action", "end_of_round"],
                  "description": "The phase the position is in (default: action, the "
                  "first slot revealed next)."},
        "next": {"description": "Action phase: the slot revealed next; the slots left of "
                 "it have resolved (their cards face up).",
                 "allOf": [_int("A slot number.", 1, 20)]},
        "turn": {"description": "Planning phase: the player who plays a card next "
                 "(default: the First player).", "allOf": [{"$ref": "#/definitions/player"}]},
        "first_player": {"description": "The First player, who holds the marker (with "
                         "teams: the seat holding it; default: drawn by the seed).",
                         "allOf": [{"$ref": "#/definitions/player"}]},
        "reached_42": {"type": "boolean", "description": "A marker has reached 42 and the "
                       "draft is done (default false)."},
        "players": {"description": "Every player, by seat (solo: the one player; 6 or 8 "
                    "seats: teams of partners s and s + N/2).",
                    "type": "array", "minItems": 1, "maxItems": 8, "items": _PLAYER},
        "planets": {"description": "The whole galaxy: exactly these planets (default: the "
                    "seed's galaxy). The Starting system needs one.", "type": "array",
                    "items": {"$ref": "#/definitions/planet"}},
        "bank": {"description": "Resource cards in the bank; default: the box's cards less "
                 "those in hands.", "allOf": [{"$ref": "#/definitions/resources"}]},
        "board": {"description": "The Action cards on the Planning board; a slot left out "
                  "is empty (skipped in the Action phase).", "type": "array",
                  "items": {"$ref": "#/definitions/slot_card"}},
        "artifact_deck": {"description": "The Alien Artifact deck.",
                          "allOf": [{"$ref": "#/definitions/deck"}]},
        "singularity_deck": {"description": "The Singularity deck (2 players).",
                             "allOf": [{"$ref": "#/definitions/deck"}]},
    },
}

DEFINITIONS = {
    "resources": _RESOURCES,
    "pieces": _PIECES,
    "planet": _PLANET,
    "slot_card": _SLOT_CARD,
    "deck": _DECK,
}

# what a ``resolve:`` step may name: the Action phase as a whole
RESOLVE_TARGETS = ("round",)
#: how a ``resolve:`` step's target is named in messages
RESOLVE_NOUN = "round"
#: the bare steps that run the round to a moment: ``upkeep`` runs the End of the Round to
#: its end (the moment ``end_of_round``), named as the Project names its own round's end so
#: one habit serves both games' scenarios (docs/scenarios.md, the Odyssey)
PHASE_STEPS = {"upkeep": "end_of_round"}
