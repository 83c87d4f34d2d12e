"""The JSON Schema (draft-07) of a scenario file, exported as schemas/scenario.schema.json.

The kernel's envelope (scenario, game, config, steps, expect) with each registered game's
``given`` (its position schema, `Ruleset.scenario`) under an if/then on ``game`` (a scenario
that names no game is a Project scenario). The schema checks the shape of the file; what
depends on the loaded content and the game (ids, player names, rule parameters, action ids) is
checked when the position is built and when the steps run. docs/scenarios.md explains each
key.
"""

from __future__ import annotations

import copy
from functools import lru_cache

#: words no player may be named: the steps' keys and ``spectator`` (a game's phase steps,
#: its scenario support's ``PHASE_STEPS``, are reserved by the game's own check)
RESERVED_NAMES = ("player", "action", "error", "resolve", "final_scoring", "until", "expect",
                  "spectator")
#: ``view:`` in an expect mapping naming the public view (the default) rather than a seat's
SPECTATOR = "spectator"
# the matchers an expected value may use (artemis.scenario.matchers; docs/scenarios.md)
MATCHERS = ("includes", "excludes", "length", "sum", "count", "matches", "at_least",
            "at_most")
MAX_AMOUNT = 9999  # resources, VP, badges, stocks: far above any real game, bounded for safety


def int_schema(description: str, minimum: int = 0, maximum: int = MAX_AMOUNT) -> dict:
    """A whole number from ``minimum`` to ``maximum``, described: for games' position schemas
    too."""
    return {"type": "integer", "minimum": minimum, "maximum": maximum,
            "description": description}


def ids_schema(description: str) -> dict:
    """A list of content ids, described."""
    return {"type": "array", "description": description,
            "items": {"type": "string", "description": "A content id."}}


_PLAYER_REF = {
    "description": "A player: the seat number (0 first, clockwise is increasing seat) or the "
    "name given in given.players.",
    "type": ["integer", "string"], "minimum": 0, "examples": ["yellow"],
}

_EXPECTED_ERROR = {
    "description": "An error code (S301, ...) or {code, message, match}: the message must "
    "contain the text of message and match the regular expression of match (Python re, "
    "searched anywhere in it); code may be left out when message or match is given.",
    "anyOf": [
        {"type": "string", "pattern": "^[ES][0-9]{3}$"},
        {"type": "object", "additionalProperties": False, "minProperties": 1,
         "properties": {
             "code": {"type": "string", "pattern": "^[ES][0-9]{3}$",
                      "description": "The error code."},
             "message": {"type": "string",
                         "description": "Text the error message must contain."},
             "match": {"type": "string", "description": "A regular expression the error "
                       "message must match (searched anywhere in it)."}}},
    ],
    "examples": ["S301"],  # and the games' (`_build`)
}

_EXPECT = {
    "description": "Dotted paths into game.view() (or result.*, decision.*) and their "
    "values, a value may be a matcher ({includes: [...]}, {length: N}, ...: "
    "docs/scenarios.md); view: SEAT reads them from that seat's view (spectator, the "
    "default: the public view); error: CODE when the steps must stop with that error.",
    "type": "object", "minProperties": 1,
    "properties": {"error": {"$ref": "#/definitions/expected_error"},
                   "view": {"description": "Whose view the paths read: a player (its seat "
                            "number or name) or spectator, the public view (the default).",
                            "examples": ["spectator", 2, "blue"]}},
    "additionalProperties": {"description": "The value at this path, or a matcher."},
}

_ENVELOPE: dict = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "artemis scenario",
    "description": "A rules test as data: a game position (given), what happens (steps) and "
    "what must hold afterwards (expect). `artemis scenario run FILE`; docs/scenarios.md.",
    "type": "object", "additionalProperties": False,
    "required": ["scenario"],
    "definitions": {
        "player": _PLAYER_REF,
        "expected_error": _EXPECTED_ERROR,
        "expect": _EXPECT,
    },
    "properties": {
        "scenario": {"type": "string", "description": "The scenario's name, shown when run."},
        "description": {"type": "string", "description": "What the scenario shows."},
        "rulebook": {"type": "string", "description": "The rulebook section (or ruling) the "
                     "scenario checks."},
        "game": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$",
                 "description": "The registered game (`artemis games`); absent: project."},
        "config": {
            "description": "The game: as `Game.new(config)`; content, plugins and variants "
            "come from the engine.",
            "type": "object", "additionalProperties": False,
            "properties": {
                "players": int_schema("Number of players, one of the game's player counts "
                                "(default: given.players' count, else 4).", 1, 16),
                "seed": {"type": "integer", "description": "The game seed (what is drawn at "
                         "random after the given position)."},
                "variants": {"type": "object", "description": "Variants with their options.",
                             "additionalProperties": {"type": "object",
                                                      "description": "The options."}},
                "params": {"type": "object", "description": "Rule parameter defaults "
                           "replaced (docs/authoring.md 4.5)."},
                "options": {"type": "object", "description": "The game's own config "
                            "options."},
                "expansions": {"type": "array", "description": "Content pack folders, "
                               "relative to this file.",
                               "items": {"type": "string", "description": "A folder."}},
            },
        },
        "given": {
            "description": "The position, set on top of a new game's setup (the game's "
            "position schema: docs/scenarios.md).",
            "type": "object",
        },
        "steps": {
            "description": "What happens, in order: an action {PLAYER: ACTION_ID} or {player, "
            "action} (optionally with error: CODE when it must be refused); resolve: TARGET "
            "(the game's resolve targets); until: MOMENT; the game's phase steps, a bare word "
            "each; final_scoring; expect: {PATH: VALUE} to check the position at that "
            "point (docs/scenarios.md, steps).",
            "type": "array",
            "items": {"type": ["string", "object"], "minProperties": 1,
                      "description": "One step."},
        },
        "expect": {"$ref": "#/definitions/expect"},
    },
}

_MANY: dict = {
    "description": "Several scenarios in one file, each run on its own position.",
    "type": "object", "additionalProperties": False, "required": ["scenarios"],
    "properties": {
        "description": {"type": "string", "description": "What the scenarios show."},
        "rulebook": {"type": "string", "description": "The rulebook section (or ruling) "
                     "they check."},
        "game": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$",
                 "description": "The game of the scenarios that name none."},
        "scenarios": {"type": "array", "minItems": 1, "description": "The scenarios, each "
                      "a mapping as a one-scenario file is.",
                      "items": {"type": "object", "description": "One scenario."}},
    },
}


def _prefixed(schema, game: str):
    """``schema`` with its local definition references renamed ``#/definitions/GAME.NAME``,
    so that two games' definitions never collide in one file."""
    if isinstance(schema, dict):
        out = {k: _prefixed(v, game) for k, v in schema.items()}
        ref = out.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/definitions/") and ref != \
                "#/definitions/player":
            out["$ref"] = f"#/definitions/{game}.{ref[len('#/definitions/'):]}"
        return out
    if isinstance(schema, list):
        return [_prefixed(v, game) for v in schema]
    return schema


@lru_cache(maxsize=1)
def _build() -> dict:
    from artemis.kernel.games import DEFAULT_GAME, games

    schema = copy.deepcopy(_ENVELOPE)
    branches = []
    for game_id, ruleset in games().items():
        support = ruleset.scenario
        if support is None:
            continue
        for name, definition in support.DEFINITIONS.items():
            schema["definitions"][f"{game_id}.{name}"] = _prefixed(definition, game_id)
        named = {"properties": {"game": {"const": game_id}}, "required": ["game"]}
        condition = ({"anyOf": [named, {"not": {"required": ["game"]}}]}
                     if game_id == DEFAULT_GAME else named)
        branches.append({"if": condition, "then": {"properties": {
            "given": _prefixed(support.GIVEN_SCHEMA, game_id)}}})
        # examples in the game's words, for editors: {"expected_error", "expect", "step"}
        for key, more in getattr(support, "EXAMPLES", {}).items():
            where = (schema["properties"]["steps"]["items"] if key == "step"
                     else schema["definitions"][key])
            where["examples"] = [*where.get("examples", ()), *copy.deepcopy(more)]
    if branches:
        schema["allOf"] = branches
    return schema


def scenario_schema() -> dict:
    """The schema of one scenario (a file's mapping, or an item of its ``scenarios:``) with
    every registered game's position schema (a fresh copy)."""
    return copy.deepcopy(_build())


def many_schema() -> dict:
    """The schema of a file holding several scenarios (``scenarios:``): its items are checked
    one by one with `scenario_schema`, after the file's ``game`` is given to those naming
    none."""
    return copy.deepcopy(_MANY)


def file_schema() -> dict:
    """The exported schemas/scenario.schema.json: one scenario, or ``scenarios:`` with a list
    of them (draft-07 if/then/else, so that an editor checks either form)."""
    one = scenario_schema()
    definitions = one.pop("definitions")
    head = {k: one.pop(k) for k in ("$schema", "title", "description")}
    many = many_schema()
    many["properties"]["scenarios"]["items"] = {"$ref": "#/definitions/scenario"}
    definitions["scenario"] = one
    return {**head, "definitions": definitions, "if": {"required": ["scenarios"]},
            "then": many, "else": {"$ref": "#/definitions/scenario"}}
