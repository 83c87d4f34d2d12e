"""The Artemis Project's effect vocabulary: docs/authoring.md section 4.

`register(registry)` adds the 12 operations (the 7 kernel operations of
`artemis.kernel.operations`, bound to the Project's items in `ops.KERNEL`, and its own 5), 4
quantities, 3 targets, 18 rule parameters, 2 game events and the shared schema definitions
(items, colonist types, regions) they use.
"""

from __future__ import annotations

from artemis.effects.registry import (
    BOARD,
    GameEvent,
    Operation,
    Quantity,
    Registry,
    RuleParameter,
    Target,
    object_schema,
)

# the regions' ids and names (labels, the account, effects in words): the one table of regions
from artemis.games.project.regions import REGION_NAMES, REGIONS  # noqa: F401 - re-exported

COLONIST_TYPES = ("pioneer", "engineer", "marine", "steward")
SLOT_TYPES = (*COLONIST_TYPES, "any")
ITEMS = ("energy", "minerals", "toolkits", "resources")
HELD_ITEMS = ("energy", "minerals", "toolkits", "badges")
PLACES = ("shelters", "this_building")

_POS_INT = {"type": "integer", "minimum": 1}

# The bounds of the Project's own operations' numbers (docs/authoring.md 13.6 gives each with
# its reason; the kernel operations' are artemis.kernel.operations.MAX_*).
#: Colonists one gain_colonist or lose_colonist moves: above the Doorstep's 12 (DOORSTEP_MAX).
MAX_COLONISTS = 20
#: Gains one relief makes, and the longest Relief Track (a scenario position's relief space
#: goes to 99): one relief can cross the whole longest track.
MAX_RELIEF = 99
#: The most one stock adds to or removes from a region.
MAX_STOCK = 100


def _count(value, default: int = 1) -> int:
    """A count parameter as the size of its operation (`Operation.size`): one operation per
    unit, ``default`` when it is missing or not a positive whole number."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    return default


def _count_size(params, size_of) -> int:
    """gain_colonist and lose_colonist: a step per colonist placed or discarded."""
    return _count(params.get("count")) if isinstance(params, dict) else 1


def _relief_size(n, size_of) -> int:
    """relief N: N single gains (each reward is an effect of the Relief Track, checked there)."""
    return _count(n)


_obj = object_schema  # the parameters' object schema


DEFINITIONS: dict[str, dict] = {
    "colonist_type": {
        "$comment": "artemis:enum:E213:colonist type",  # E213: games/project/codes.py
        "description": "A colonist type (docs/authoring.md 13.1).",
        "type": "string",
        "enum": list(COLONIST_TYPES),
    },
    "slot_type": {
        "$comment": "artemis:enum:E213:colonist type",  # E213: games/project/codes.py
        "description": "A building slot: a colonist type, or any for a blank slot that holds "
        "any type (rulebook, Some General Rules).",
        "type": "string",
        "enum": list(SLOT_TYPES),
    },
    "region": {
        "description": "A board region (docs/authoring.md 13.2).",
        "type": "string",
        "enum": list(REGIONS),
    },
    "provenance": {
        "description": "Where the values come from: rulebook, research §N, RECONSTRUCTED, "
        "or fan-made for fan content; a mix says which part comes from where "
        "(docs/authoring.md 6). `artemis content list --provenance reconstructed` "
        "lists the items an owner of the printed game may correct.",
        "type": "string",
        "minLength": 1,
        # the first example is the hint for a missing provenance: fan content says fan-made
        # (docs/authoring.md 6); the base game's tags follow
        "examples": ["fan-made: my_pack", "RECONSTRUCTED", "rulebook",
                     "name: rulebook (Gantry example); rest RECONSTRUCTED"],
    },
    "id": {
        "description": "A unique id: lower case letters, digits and underscores.",
        "type": "string",
        "pattern": "^[a-z][a-z0-9_]*$",
        "examples": ["volcanic_extractor"],
    },
    "name": {
        "description": "The name printed on the card or tile.",
        "type": "string",
        "minLength": 1,
    },
}


# the kernel operations (artemis.kernel.operations) in the Project's words: their schema
# descriptions and examples; ops.KERNEL binds them to the Project's items
KERNEL_DESCRIPTIONS = {
    "gain": "Take the items from the supply; for resources: N the player splits N between "
            "Energy and Minerals.",
    "lose": "Return the items to the supply, as far as the player can (rulebook: lose what "
            "you have).",
    "pay": "Pay the items in full, or pay nothing and skip the rest of this effect (R39).",
    "vp": "Move the Score marker by N (may be negative, R28).",
    "choose": "The acting player picks exactly one selectable option (R39), a list of "
              "effects.",
    "modify": "Change a rule parameter: in a building passive for its owner, in an untargeted "
              "event clause for all players until the next Board Setup (R18, R37).",
}
KERNEL_EXAMPLES = {
    "gain": ({"minerals": 2},),
    "lose": ({"resources": 2},),
    "pay": ({"minerals": 2},),
    "vp": (2,),
    "choose": ([[{"gain": {"energy": 2}}], [{"gain": {"minerals": 2}}]],),
    "per": ({"count": {"held": {"item": "energy"}}, "every": 2, "max": 3,
             "effect": [{"gain": {"energy": 1}}]},),
    "modify": ({"param": "doorstep_cost_per_colonist", "set": 1},),
}

OPERATIONS = (
    Operation(
        "gain_colonist",
        _obj(
            {
                "from": {
                    "enum": ["bag", "reward"],
                    "description": "bag: draw at random (R12); reward: the colonists laid on "
                    "this Expedition reward at layout (R6).",
                },
                "count": {**_POS_INT, "maximum": MAX_COLONISTS,
                          "description": "How many colonists (default 1)."},
            },
            ("from",),
        ),
        "Gain colonists; each is placed by its owner into a building with room or the Shelters "
        "(R30).",
        examples=({"from": "bag"}, {"from": "reward", "count": 2}),
        size=_count_size,
    ),
    Operation(
        "lose_colonist",
        _obj({"count": {**_POS_INT, "maximum": MAX_COLONISTS,
                        "description": "How many colonists."}}, ("count",)),
        "Discard colonists of the player's choice from their Shelters (R12), as far as they can.",
        examples=({"count": 1},),
        size=_count_size,
    ),
    Operation(
        "gain_building",
        _obj(
            {"from": {"enum": ["reward"], "description": "The tile laid beside this reward."}},
            ("from",),
        ),
        "Take the tile laid beside this Expedition reward at layout, free (R6).",
        examples=({"from": "reward"},),
    ),
    Operation(
        "relief",
        {**_POS_INT, "maximum": MAX_RELIEF},
        "Make N single gains on the Relief Track (R11).",
        examples=(1,),
        size=_relief_size,
    ),
    Operation(
        "stock",
        _obj(
            {
                "region": {
                    "enum": ["vents", "quarry", "doorstep"],
                    "description": "vents takes Energy, quarry Minerals, doorstep colonists "
                    "from the bag (never past 12).",
                },
                "amount": {
                    "type": "integer",
                    "minimum": -MAX_STOCK,
                    "maximum": MAX_STOCK,
                    "description": "How many to add; negative removes, stopping at 0.",
                },
            },
            ("region", "amount"),
        ),
        "Change a region's supply now. A board effect: only in an untargeted event clause.",
        contexts=frozenset({BOARD}),
        examples=({"region": "vents", "amount": 4},),
    ),
)

QUANTITIES = (
    Quantity(
        "held",
        _obj(
            {"item": {"enum": list(HELD_ITEMS), "description": "The item counted."}},
            ("item",),
        ),
        "Items on the player's mat (a 5x token counts 5).",
        examples=({"item": "badges"},),
    ),
    Quantity(
        "colonists",
        _obj({"type": {"$ref": "#/definitions/colonist_type"}}),
        "Colonists in the player's colony, of one type or (type omitted) all.",
        examples=({"type": "marine"},),
    ),
    Quantity(
        "buildings",
        _obj(
            {
                "kind": {"enum": ["ocean", "surface"], "description": "Only tiles of this kind."},
                "staffed": {
                    "const": True,
                    "description": "Only fully staffed tiles.",
                },
            }
        ),
        "Building tiles the player owns.",
    ),
    Quantity(
        "dice_in",
        _obj({"region": {"$ref": "#/definitions/region"}}, ("region",)),
        "The player's dice in that region right now.",
    ),
)

TARGETS = (
    Target("each_player", None, "Every player, in turn order from the start player."),
    Target(
        "players_with_most",
        {"$ref": "#/definitions/quantity"},
        "The players tied for the highest value, if it is at least 1 (R19).",
    ),
    Target(
        "players_with_fewest",
        {"$ref": "#/definitions/quantity"},
        "The players tied for the lowest value, 0 included (R19).",
    ),
)

PARAMETERS = (
    RuleParameter("doorstep_cost_per_colonist", "player", "int", 2,
                  "Energy paid per colonist recruited at the Doorstep."),
    RuleParameter("shelter_upkeep_per_colonist", "player", "int", 1,
                  "Energy paid per colonist heated in the Shelters at Upkeep."),
    RuleParameter("shelter_upkeep_free_slots", "player", "int", 0,
                  "Colonists in the Shelters heated for free (R23)."),
    RuleParameter("expedition_send_cost", "player", "int", 1,
                  "Resources paid for one send at Basecamp (R1)."),
    RuleParameter("expedition_send_from", "player", "places", ("shelters",),
                  "Places a send may take colonists from (R22)."),
    RuleParameter("expedition_return_to", "player", "place", "shelters",
                  "Where sent colonists return after an Expedition (R22)."),
    RuleParameter("expedition_badges", "player", "int", 1,
                  "Badges per badge award on a successful Expedition."),
    RuleParameter("expedition_difficulty_adjust", "global", "int", 0,
                  "Added to every printed Expedition difficulty.", signed=True),
    RuleParameter("gantry_price_adjust", "player", "int", 0,
                  "Minerals added to a Gantry price (price = face + adjust, at least 0).",
                  signed=True),
    RuleParameter("outfitter_bonus", "player", "int", 0,
                  "Extra Toolkits per die placed at the Outfitter."),
    RuleParameter("vents_stock_bonus", "global", "int", 2,
                  "Energy added to the Vents on top of the cards' numbers."),
    RuleParameter("quarry_stock_bonus", "global", "int", 2,
                  "Minerals added to the Quarry on top of the cards' numbers."),
    RuleParameter("doorstep_draw_bonus", "global", "int", 2,
                  "Colonists drawn to the Doorstep per round on top of the player count."),
    RuleParameter("rounds", "global", "int", 6, "Rounds per game; also Event cards drawn (R40)."),
    RuleParameter("ocean_rounds", "global", "int", 3,
                  "First rounds whose Gantry and rewards use the Ocean stack (R40)."),
    RuleParameter("start_energy", "global", "int", 3,
                  "Energy each player starts with (rulebook, Player Setup); variants only."),
    RuleParameter("start_minerals", "global", "int", 3,
                  "Minerals each player starts with (rulebook, Player Setup); variants only."),
    RuleParameter("start_toolkits", "global", "int", 1,
                  "Toolkits each player starts with (rulebook, Player Setup); variants only."),
    RuleParameter("gantry_decliner_out", "global", "int", 0,
                  "1: a player who declines or cannot pay for a Gantry tile is out for it, "
                  "lower dice included (R8 of rules version 1); 0: the offer goes on die by "
                  "die (rulebook). Variants only."),
    RuleParameter("academy_retrieve_to_shelters", "global", "int", 0,
                  "1: the colonist of a wasted Academy action goes to the Shelters (R10 of "
                  "rules version 1); 0: it goes back where it came from (rulebook). Variants "
                  "only."),
)

GAME_EVENTS = (
    GameEvent("on_expedition_success",
              "After a successful Expedition card is fully resolved; for each player with a die "
              "on it."),
    GameEvent("on_building_claimed",
              "After a player gains a building and has moved Shelter colonists into it."),
)


def register(registry: Registry) -> None:
    """Add the base game's vocabulary to ``registry``: the kernel operations bound to the
    Project's items (their ``items`` definition first), then its own. Raises RegistryError on a
    clash."""
    from dataclasses import replace

    from artemis.games.project import ops  # the interpreter: each operation's code

    ops.KERNEL.register(registry.add)
    for name, schema in DEFINITIONS.items():
        registry.add_definition(name, schema)
    for op in OPERATIONS:
        registry.add_operation(replace(op, run=ops.RUNNERS.get(op.name)))
    for q in QUANTITIES:
        registry.add_quantity(replace(q, count=ops.COUNTERS.get(q.name)))
    for t in TARGETS:
        registry.add_target(replace(t, select=ops.SELECTORS.get(t.name)))
    for p in PARAMETERS:
        registry.add_parameter(p)
    for e in GAME_EVENTS:
        registry.add_game_event(e)
