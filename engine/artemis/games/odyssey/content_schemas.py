"""JSON Schemas (draft-07) of The Artemis Odyssey's content files, assembled from a registry.

One schema per content kind (docs/odyssey-authoring.md 3) and one for a bare effect. Each file
schema embeds every shared definition, so that the YAML language server can complete and
explain it without resolving other files. Every whole number has both bounds
(docs/odyssey-authoring.md 5).
"""

from __future__ import annotations

from artemis.effects.registry import DEFINITION_REF, Registry
from artemis.effects.registry import bounded_int as _int
from artemis.effects.registry import ref_schema as _ref
from artemis.games.odyssey.vocabulary import (
    ACTIONS,
    ASSETS,
    MAX_GOAL,
    MAX_PIECES,
    MAX_VP_PER_CARD,
    PLAYER_COUNTS,
)

DRAFT = "http://json-schema.org/draft-07/schema#"
KINDS = ("systems", "planet_types", "setup", "assets", "scoring_options", "planning_board",
         "action_cards", "alien_artifacts", "singularity_cards", "missions")

_REF = DEFINITION_REF

#: Planet tokens of one type, and planets of one kind in a setup (the box has 42 in all).
MAX_TOKENS = 42
#: Resource cards of one type in the bank (the box has 25).
MAX_BANK = 100
#: Slots on the Planning board (the reconstructed board has 10).
MAX_SLOTS = 20
#: The Score track's start and floor (the rulebook's start is 7).
MAX_TRACK = 100
#: Action cards one player places in a round (the rulebook's most is 3).
MAX_CARDS_PER_PLAYER = 10


def _list(description: str, items: dict, lo: int, hi: int) -> dict:
    return {"description": description, "type": "array", "minItems": lo, "maxItems": hi,
            "uniqueItems": True, "items": items}


def _item(description: str, props: dict, required: tuple, **extra) -> dict:
    return {"description": description, "type": "object", "additionalProperties": False,
            "required": [*required, "provenance"],
            "properties": {**props, "provenance": _ref("provenance")}, **extra}


REPLACES = {"const": True, "description": "true: this item takes the place of the loaded item "
            "with the same id (an expansion correcting or changing it)."}
_COUNT = {"type": "integer", "minimum": 1, "maximum": max(PLAYER_COUNTS),
          "description": "A player count."}

SYSTEM = _item(
    "A star system: a star token (docs/odyssey-authoring.md 3.1).",
    {"id": _ref("system_id"), "replaces": REPLACES, "name": _ref("name"),
     "symbol": {"description": "The symbol printed on the star token.", "type": "string",
                "minLength": 1, "maxLength": 4},
     "start": {"description": "true for the Starting system, the Sun (exactly one).",
               "const": True}},
    ("id", "name", "symbol"))

PLANET_TYPE = _item(
    "A planet type: its tokens in the box and its Resource cards in the bank (3.1).",
    {"id": _ref("planet_type"),
     "tokens": _int("Planet tokens of this type in the box.", 0, MAX_TOKENS),
     "resource_cards": _int("Resource cards of this type in the bank (0: none, for Alien).",
                            0, MAX_BANK),
     "ore": {"description": "true for the Ores (Xanthium, Yoyodium, Zozodium).",
             "type": "boolean"}},
    ("id", "tokens", "resource_cards", "ore"))

SETUP = {
    "description": "The setup by player count (3.2): the planets in play, the stars used, the "
    "Action cards each player places, and whether Singularity cards and a Mission are used; "
    "a team row plays as another count.",
    "type": "object",
    "if": {"required": ["as_players"]},
    "then": _item("Team play: set up as for as_players, with teams of two partners.",
                  {"players": _COUNT,
                   "as_players": _int("The player count whose setup is used.", 1, 5),
                   "teams": _int("How many teams of two.", 2, 4)},
                  ("players", "as_players", "teams")),
    "else": _item("A player count's setup.",
                  {"players": _COUNT,
                   "production_per_type": _int("Production planets of each type in play.", 0,
                                               MAX_TOKENS),
                   "alien_planets": _int("Alien planets in play.", 0, MAX_TOKENS),
                   "stars": {"description": "all: the eight stars; own_travel_cards: the "
                             "stars on the solo player's Travel cards.",
                             "enum": ["all", "own_travel_cards"]},
                   "cards_per_player": _int("Action cards each player places per round.", 1,
                                            MAX_CARDS_PER_PLAYER),
                   "singularity": {"description": "true: the Singularity deck and token are "
                                   "used.", "type": "boolean"},
                   "mission": {"description": "true: a Mission card is used (solo).",
                               "type": "boolean"}},
                  ("players", "production_per_type", "alien_planets", "stars",
                   "cards_per_player")),
}

ASSET = _item(
    "An Asset: its pieces per colour, Build Cost, yield and build VP (3.3); where it may be "
    "built is the rule named by placement.",
    {"id": _ref("asset"),
     "pieces": _int("Pieces of this Asset per colour.", 1, MAX_PIECES),
     "cost": _ref("items", "The Build Cost."),
     "yield": _int("Resource cards it produces on a Production planet.", 0, MAX_VP_PER_CARD),
     "build_vp": {"description": "VP scored when built: on_alien (on an Alien planet), "
                  "always (anywhere).", "type": "object", "additionalProperties": False,
                  "minProperties": 1,
                  "properties": {"on_alien": _int("VP when built on an Alien planet.", 0,
                                                  MAX_VP_PER_CARD),
                                 "always": _int("VP whenever built.", 0, MAX_VP_PER_CARD)}},
     "placement": {"description": "The placement rule of the rulebook's Build section "
                   "(code, one per Asset).", "enum": list(ASSETS)}},
    ("id", "pieces", "cost", "yield", "placement"))

SCORING_OPTION = _item(
    "A scoring option (3.4): the VP each player scores when it is chosen.",
    {"id": _ref("scoring_option"), "effect": _ref("effect", "What each player scores.")},
    ("id", "effect"))

PLANNING_BOARD = {
    "description": "A row of the Planning board (3.5): a card slot, or the Score track.",
    "type": "object",
    "if": {"required": ["table"]},
    "then": _item("The Score track.",
                  {"table": {"description": "The board table: score_track.",
                             "const": "score_track"},
                   "start": _int("Where every Score marker starts.", 0, MAX_TRACK),
                   "floor": _int("The lowest score (a loss stops there).", 0, MAX_TRACK)},
                  ("table", "start", "floor")),
    "else": _item("A card slot, left to right.",
                  {"slot": _int("The slot number, 1 for the leftmost.", 1, MAX_SLOTS),
                   "players": _list("The player counts that use this slot for Action cards.",
                                    _int("A player count.", 1, 5), 0, 5),
                   "singularity": _list("The player counts at which the Singularity token "
                                        "stands here.", _int("A player count.", 1, 2), 1, 2)},
                  ("slot", "players")),
}


def _when(action: str, field: str) -> dict:
    return {"if": {"properties": {"action": {"const": action}}, "required": ["action"]},
            "then": {"required": [field]}}


ACTION_CARD = _item(
    "An Action card (3.6): its colour, action, and what it shows.",
    {"id": _ref("id"), "replaces": REPLACES, "colour": _ref("colour"),
     "action": {"description": "The card's action.", "enum": list(ACTIONS)},
     "resources": _list("Produce: the two Resource types the Planner chooses from.",
                        _ref("resource"), 2, 2),
     "systems": _list("Travel: the three star systems the Planner chooses from.",
                      _ref("system_id"), 3, 3),
     "options": _list("Score: the scoring options the Planner chooses from.",
                      _ref("scoring_option"), 1, 3)},
    ("id", "colour", "action"),
    allOf=[_when("produce", "resources"), _when("travel", "systems"),
           _when("score", "options")])

ALIEN_ARTIFACT = _item(
    "An Alien Artifact card (3.7): when it may be used, and its effect.",
    {"id": _ref("id"), "replaces": REPLACES, "name": _ref("name"),
     "solo": {"description": "false: removed from the game in solo (rulebook, Solo Rules).",
              "type": "boolean"},
     "windows": _list("The windows in which it may be used (OR7).", _ref("window"), 1, 9),
     "target": {"description": "The Action card it is used on: another player's, of these "
                "actions.", "type": "object", "additionalProperties": False,
                "required": ["card_owner"],
                "properties": {"card_owner": {"description": "Whose card: another player's.",
                                              "const": "other"},
                               "actions": _list("Only cards of these actions.",
                                                {"description": "An action.",
                                                 "enum": list(ACTIONS)}, 1, 5)}},
     "effect": _ref("effect", "What using it does.")},
    ("id", "name", "solo", "windows", "effect"))

SINGULARITY_CARD = _item(
    "A Singularity card (3.8): each player may take its effect.",
    {"id": _ref("id"), "replaces": REPLACES, "name": _ref("name"),
     "effect": _ref("effect", "What each player does, from the First player.")},
    ("id", "name", "effect"))

MISSION = _item(
    "A Mission card (3.9): the goals the solo player must all fulfil.",
    {"id": _ref("id"), "replaces": REPLACES, "name": _ref("name"),
     "goals": {"description": "Every goal is checked after round 13's End of the Round "
               "(OR31).", "type": "array", "minItems": 1, "maxItems": 10,
               "items": {"description": "A goal: the quantity must be at least at_least.",
                         "type": "object", "additionalProperties": False,
                         "required": ["quantity", "at_least"],
                         "properties": {"quantity": _ref("quantity"),
                                        "at_least": _int("The threshold.", 0, MAX_GOAL)}}}},
    ("id", "name", "goals"))

ITEM_SCHEMAS = {
    "systems": ("system", SYSTEM, "Star systems"),
    "planet_types": ("planet_type_row", PLANET_TYPE, "Planet types"),
    "setup": ("setup_row", SETUP, "Setup by player count"),
    "assets": ("asset_row", ASSET, "Assets"),
    "scoring_options": ("scoring_option_row", SCORING_OPTION, "Scoring options"),
    "planning_board": ("planning_board_row", PLANNING_BOARD, "The Planning board"),
    "action_cards": ("action_card", ACTION_CARD, "Action cards"),
    "alien_artifacts": ("alien_artifact", ALIEN_ARTIFACT, "Alien Artifact cards"),
    "singularity_cards": ("singularity_card", SINGULARITY_CARD, "Singularity cards"),
    "missions": ("mission", MISSION, "Mission cards"),
}

def file_schema(registry: Registry, kind: str) -> dict:
    """The schema of an Odyssey content file of ``kind``: {kind, items}. Raises KeyError on an
    unknown kind."""
    def_name, item, title = ITEM_SCHEMAS[kind]
    defs = registry.schema_definitions()
    defs[def_name] = item
    if kind == "alien_artifacts":
        # the registry's game events are the Artifact windows; a misspelt one is an
        # "unknown window" (E211), the rulebook's word, not the Project's "game event"
        defs["window"] = {**defs["game_event"], "$comment": "artemis:game-event:window",
                          "description": "An Alien Artifact window (OR7; "
                          "docs/odyssey-authoring.md)."}
    return {
        "$schema": DRAFT,
        "title": f"artemis content (The Artemis Odyssey): {title}",
        "description": f"A content file of kind {kind}: a mapping with kind and items "
        "(docs/odyssey-authoring.md 3).",
        "type": "object",
        "additionalProperties": False,
        "required": ["kind", "items"],
        "properties": {
            "kind": {"const": kind, "description": "The content kind of this file."},
            "items": {"description": f"{title}, one entry each.", "type": "array",
                      "items": _ref(def_name)},
        },
        "definitions": defs,
    }


def effect_schema(registry: Registry) -> dict:
    """The schema of one Odyssey effect, assembled from the registry's operations."""
    return {
        "$schema": DRAFT,
        "title": "artemis effect (The Artemis Odyssey)",
        "description": "An effect: a list of one-key maps {operation: parameters}.",
        **{"$ref": _REF + "effect"},
        "definitions": registry.schema_definitions(),
    }
