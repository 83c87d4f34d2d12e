"""JSON Schemas (draft-07) of the Artemis Project's content files, assembled from a registry.

One schema per content kind (docs/authoring.md 3), one for the pack manifest, and one for a
bare effect. Each file schema embeds every shared definition so that the YAML language server
can complete and explain it without resolving other files.
"""

from __future__ import annotations

from artemis.effects.registry import DEFINITION_REF, Registry
from artemis.effects.registry import bounded_int as _int
from artemis.effects.registry import ref_schema as _ref
from artemis.games.project.state import DOORSTEP_MAX
from artemis.games.project.vocabulary import MAX_RELIEF
from artemis.kernel.operations import MAX_ITEMS, MAX_VP

DRAFT = "http://json-schema.org/draft-07/schema#"
KINDS = ("buildings", "expeditions", "events", "relief_track", "board")

_REF = DEFINITION_REF

# The bounds of the numbers of the content files (docs/authoring.md 13.6 gives each with its
# reason); the effects' are in artemis.games.project.vocabulary and artemis.kernel.operations.
#: The largest printed Expedition difficulty (the base game's reach 14).
MAX_DIFFICULTY = 100
#: The largest count of a final scoring chart row (buildings owned, badges held).
MAX_CHART_COUNT = 100
#: The most colonists of one type in the box (the base game's most: 28 Pioneers).
MAX_BOX_COLONISTS = 50


def _row(table: str, description: str, props: dict, required: tuple) -> dict:
    """One board-table row schema, applied when ``table`` equals this table's name."""
    return {
        "if": {"properties": {"table": {"const": table}}, "required": ["table"]},
        "then": {
            "description": description,
            "type": "object",
            "additionalProperties": False,
            "required": ["table", *required, "provenance"],
            "properties": {
                "table": {"const": table, "description": "The board table this row belongs to."},
                **props,
                "provenance": _ref("provenance"),
            },
        },
    }


BUILDING_PROPS = {
    "id": _ref("id"),
    "replaces": {"const": True, "description": "true: this item takes the place of the "
                 "loaded item with the same id (an expansion correcting or changing it)."},

    "name": _ref("name"),
    "kind": {
        "description": "ocean (drawn for rounds 1-3, activates at Upkeep) or surface (drawn "
        "for rounds 4-6, scores at game end).",
        "enum": ["ocean", "surface"],
    },
    "slots": {
        "description": "The colonist slots, 1 to 3; any is a blank slot.",
        "type": "array",
        "minItems": 1,
        "maxItems": 3,
        "items": _ref("slot_type"),
        "examples": [["pioneer", "any"]],
    },
    "upkeep": _ref("effect", "Ocean: the effect of activating the fully staffed tile at Upkeep."),
    "passive": {
        "description": "Ocean: rule parameters changed for the owner while the tile is active.",
        "type": "object",
        "additionalProperties": False,
        "required": ["modify"],
        "properties": {
            "requires": {
                "description": "fully_staffed (default) or owned (Expedition Hub only, R22).",
                "enum": ["fully_staffed", "owned"],
            },
            "modify": {
                "description": "The parameter changes, each {param, set | add}.",
                "type": "array",
                "minItems": 1,
                "items": {
                    "description": "A parameter change: the parameters of the modify operation.",
                    "allOf": [{"$ref": _REF + "step/properties/modify"}],
                },
            },
        },
    },
    "trigger": {
        "description": "Ocean: an effect run when a game event happens to the owner, while the "
        "tile is fully staffed.",
        "type": "object",
        "additionalProperties": False,
        "required": ["on", "effect"],
        "properties": {
            "on": _ref("game_event"),
            "effect": _ref("effect", "What happens when the event fires."),
        },
    },
    "scoring": _ref("effect", "Surface: the VP scored at game end when fully staffed (vp, per)."),
    "provenance": _ref("provenance"),
}

BUILDING = {
    "description": "A building tile (docs/authoring.md 3.1), or a duplicate copy of one.",
    "type": "object",
    "if": {"required": ["duplicate_of"]},
    "then": {
        "additionalProperties": False,
        "required": ["id", "duplicate_of", "provenance"],
        "properties": {
            "id": _ref("id"),
            "duplicate_of": {
                "description": "The id of the tile this one copies; removed at 2 players.",
                "type": "string",
            },
            "provenance": _ref("provenance"),
        },
    },
    "else": {
        "additionalProperties": False,
        "required": ["id", "name", "kind", "slots", "provenance"],
        "properties": BUILDING_PROPS,
    },
}

EXPEDITION = {
    "description": "An Expedition card (docs/authoring.md 3.3).",
    "type": "object",
    "additionalProperties": False,
    "required": ["id", "name", "difficulty", "energy", "minerals", "rewards", "provenance"],
    "properties": {
        "id": _ref("id"),
        "replaces": {"const": True, "description": "true: this item takes the place of the "
                     "loaded item with the same id (an expansion correcting or changing it)."},
        "name": _ref("name"),
        "difficulty": _int("The printed difficulty.", 0, MAX_DIFFICULTY, examples=[8]),
        "energy": _int("Top-left Energy number: added to the Vents at Board Setup.", 0,
                       MAX_ITEMS),
        "minerals": _int("Top-left Minerals number: added to the Quarry at Board Setup.", 0,
                         MAX_ITEMS),
        "rewards": {
            "description": "Exactly two rewards; the first chooser picks either.",
            "type": "array",
            "minItems": 2,
            "maxItems": 2,
            "items": _ref("effect"),
        },
        "provenance": _ref("provenance"),
    },
}

EVENT = {
    "description": "An Event card (docs/authoring.md 3.4).",
    "type": "object",
    "additionalProperties": False,
    "required": ["id", "name", "when", "clauses", "provenance"],
    "properties": {
        "id": _ref("id"),
        "replaces": {"const": True, "description": "true: this item takes the place of the "
                     "loaded item with the same id (an expansion correcting or changing it)."},
        "name": _ref("name"),
        "when": {
            "description": "The event spot where it resolves: immediate or a letter of the "
            "board's event_spots table (A-G).",
            "type": "string",
            "examples": ["immediate", "A", "G"],
        },
        "clauses": {
            "description": "Clauses resolved in order; one without a target is a board effect.",
            "type": "array",
            "minItems": 1,
            "items": {
                "description": "A clause: {target?, effect}.",
                "type": "object",
                "additionalProperties": False,
                "required": ["effect"],
                "properties": {
                    "target": _ref("target"),
                    "effect": _ref("effect", "What each targeted player (or the board) does."),
                },
            },
        },
        "provenance": _ref("provenance"),
    },
}

RELIEF_SPACE = {
    "description": "One Relief Track space, in order from 1 (docs/authoring.md 3.5).",
    "type": "object",
    "additionalProperties": False,
    "required": ["space", "reward", "provenance"],
    "properties": {
        "space": _int("The space number, 1 for the start.", 1, MAX_RELIEF),
        "reward": _ref("effect", "The reward taken on reaching or passing this space."),
        "provenance": _ref("provenance"),
    },
}

TABLES = ("academy", "outfitter", "doorstep", "event_spots", "chart_buildings", "chart_badges",
          "components")

BOARD_ROW = {
    "description": "One row of a board table (docs/authoring.md 13.3).",
    "type": "object",
    "required": ["table"],
    "properties": {
        "table": {"description": "Which board table.", "enum": list(TABLES)},
    },
    "allOf": [
        _row("academy", "Academy: the die face trains a colonist into this type.",
             {"face": _int("Die face.", 1, 6), "becomes": _ref("colonist_type")},
             ("face", "becomes")),
        _row("outfitter", "Outfitter: dice showing these faces gain these Toolkits.",
             {"faces": {"description": "Die faces of the band.", "type": "array",
                        "minItems": 1, "items": {"type": "integer", "minimum": 1, "maximum": 6}},
              "toolkits": _int("Toolkits gained.", 0, MAX_ITEMS)},
             ("faces", "toolkits")),
        _row("doorstep", "Doorstep: the most colonists a die of this face may recruit.",
             {"face": _int("Die face.", 1, 6),
              # a die may recruit at most all the Doorstep holds
              "max_colonists": _int("Most colonists recruited.", 0, DOORSTEP_MAX)},
             ("face", "max_colonists")),
        _row("event_spots", "An event spot: where the Phase marker resolves an Event.",
             {"spot": {"description": "Spot id: immediate or a letter.", "type": "string"},
              "before": _ref("region", "The region this spot resolves just before."),
              "after": _ref("region", "The region this spot resolves just after.")},
             ("spot",)),
        _row("chart_buildings", "Final scoring chart A: buildings owned -> VP.",
             {"count": _int("Buildings owned.", 0, MAX_CHART_COUNT),
              "vp": _int("VP scored.", -MAX_VP, MAX_VP),
              "open_ended": {"type": "boolean",
                             "description": "This row also covers every higher count."}},
             ("count", "vp")),
        _row("chart_badges", "Final scoring chart B: Expedition badges -> VP (may be negative).",
             {"count": _int("Badges held.", 0, MAX_CHART_COUNT),
              "vp": _int("VP scored.", -MAX_VP, MAX_VP),
              "open_ended": {"type": "boolean",
                             "description": "This row also covers every higher count."}},
             ("count", "vp")),
        _row("components", "Colonists in the box by type, and how many start in the Academy.",
             {"colonist": _ref("colonist_type"),
              "count": _int("In the box.", 0, MAX_BOX_COLONISTS),
              "academy_supply": _int("In the Academy supply at setup.", 0,
                                     MAX_BOX_COLONISTS)},
             ("colonist", "count", "academy_supply")),
    ],
}

ITEM_SCHEMAS = {
    "buildings": ("building", BUILDING, "Building tiles"),
    "expeditions": ("expedition", EXPEDITION, "Expedition cards"),
    "events": ("event", EVENT, "Event cards"),
    "relief_track": ("relief_space", RELIEF_SPACE, "The Relief Track"),
    "board": ("board_row", BOARD_ROW, "The board tables"),
}

def file_schema(registry: Registry, kind: str) -> dict:
    """The schema of a content file of ``kind``: {kind, items}. Raises KeyError on unknown kind."""
    def_name, item, title = ITEM_SCHEMAS[kind]
    defs = registry.schema_definitions()
    defs[def_name] = item
    return {
        "$schema": DRAFT,
        "title": f"artemis content: {title}",
        "description": f"A content file of kind {kind}: a mapping with kind and items "
        "(docs/authoring.md 3).",
        "type": "object",
        "additionalProperties": False,
        "required": ["kind", "items"],
        "properties": {
            "kind": {"const": kind, "description": "The content kind of this file."},
            "items": {
                "description": f"{title}, one entry each.",
                "type": "array",
                "items": _ref(def_name),
            },
        },
        "definitions": defs,
    }


def effect_schema(registry: Registry) -> dict:
    """The schema of one effect, assembled from the registry's operations."""
    return {
        "$schema": DRAFT,
        "title": "artemis effect",
        "description": "An effect: a list of one-key maps {operation: parameters}.",
        **{"$ref": _REF + "effect"},
        "definitions": registry.schema_definitions(),
    }
