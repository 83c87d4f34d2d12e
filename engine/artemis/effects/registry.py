"""The vocabulary registry: what effects may name, and the schema assembled from it.

Game-agnostic kernel. A game (the Artemis Project core, or a plugin) registers operations,
quantities, targets, rule parameters, game events and shared schema definitions; the content
schema is assembled from whatever is registered, so a plugin's operation validates exactly like
a core one.

Contexts say where an operation may stand (docs/authoring.md 4.4, R37):
``player`` (an effect with an acting player: upkeep, rewards, triggers, targeted clauses,
Relief rewards), ``board`` (an untargeted event clause), ``scoring`` (a Surface tile's scoring).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

PLAYER, BOARD, SCORING = "player", "board", "scoring"
CONTEXTS = frozenset({PLAYER, BOARD, SCORING})


@dataclass(frozen=True)
class Operation:
    """An effect operation, written in content as ``{name: params}``.

    ``params`` is the JSON Schema fragment of the parameters; ``contexts`` the subset of
    {"player", "board", "scoring"} where it may appear; ``children(params)`` yields
    (key, effect) for each nested effect (a list of steps) inside the parameters, so checks can
    walk into them; ``run`` is the interpreter's implementation (None until a rules engine
    provides it); ``plugin`` names who registered it.

    ``size(params, size_of) -> int`` is the most operations the step may run, for the check
    that bounds an effect (`artemis.content.checks.effect_size`; ``size_of(effect)`` gives a
    nested effect's): an operation that repeats its nested effect or acts once per unit of a
    count says so here. None: 1, plus the sizes of its nested effects. It must accept any
    ``params`` (a step that failed its schema too) without raising.
    """

    name: str
    params: dict
    description: str
    contexts: frozenset = frozenset({PLAYER})
    children: Callable[[Any], Iterable[list]] | None = None
    run: Callable | None = None
    plugin: str = "core"
    examples: tuple = ()
    size: Callable[[Any, Callable[[Any], int]], int] | None = None


@dataclass(frozen=True)
class Quantity:
    """A number read for one player at the moment of evaluation (docs/authoring.md 4.2).

    Written ``{name: params}``; ``params`` is its JSON Schema fragment (an object);
    ``examples`` are parameters in the game's words, the first of each shown as an example of
    a quantity in the assembled schema."""

    name: str
    params: dict
    description: str
    count: Callable | None = None
    plugin: str = "core"
    examples: tuple = ()


@dataclass(frozen=True)
class Target:
    """Who an event clause applies to (docs/authoring.md 4.3).

    ``params`` None means the target is written as a bare string; otherwise ``{name: params}``."""

    name: str
    params: dict | None
    description: str
    select: Callable | None = None
    plugin: str = "core"


@dataclass(frozen=True)
class RuleParameter:
    """A named rule parameter that `modify` may change (docs/authoring.md 4.5).

    ``scope`` is "player" or "global"; ``type`` is "int", "place" or "places"; ``default`` the
    rulebook value; ``signed`` True for the ``*_adjust`` parameters, which are not clamped at 0.
    """

    name: str
    scope: str
    type: str
    default: Any
    description: str
    signed: bool = False
    plugin: str = "core"


@dataclass(frozen=True)
class GameEvent:
    """A named game event that a building `trigger` may listen to (docs/authoring.md 4.6)."""

    name: str
    description: str
    plugin: str = "core"


@dataclass(frozen=True)
class Definition:
    """A shared schema definition, referenced as ``#/definitions/NAME``."""

    name: str
    schema: dict
    plugin: str = "core"


def object_schema(props: dict, required: tuple = (), **extra) -> dict:
    """The JSON Schema of an operation's parameters as an object: ``props`` (name -> schema),
    the ``required`` names, no other key; ``extra`` adds keywords (examples, minProperties)."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": list(required),
        "properties": props,
        **extra,
    }


#: How a schema points at a shared definition (draft-07: ``#/definitions/NAME``).
DEFINITION_REF = "#/definitions/"


def ref_schema(name: str, description: str | None = None) -> dict:
    """A reference to the shared definition ``name``; with a ``description``, wrapped in an
    ``allOf`` that carries it (draft-07 ignores the siblings of ``$ref``)."""
    out: dict = {"$ref": DEFINITION_REF + name}
    if description:
        return {"description": description, "allOf": [out]}
    return out


def bounded_int(description: str, minimum: int, maximum: int, **extra) -> dict:
    """The JSON Schema of a whole number from ``minimum`` to ``maximum`` (both included: every
    number of content is bounded, docs/authoring.md 13.6); ``extra`` adds keywords."""
    return {"type": "integer", "description": description, "minimum": minimum,
            "maximum": maximum, **extra}


class RegistryError(ValueError):
    """Raised when a name is registered twice or a registration is malformed. ``plugin``
    names the plugin whose registration was refused, when known."""

    def __init__(self, message: str, plugin: str | None = None):
        super().__init__(message)
        self.plugin = plugin


# the field holding the code of each kind of vocabulary that runs in a game
CODE_FIELDS = {Operation: ("operation", "run"), Quantity: ("quantity", "count"),
               Target: ("target", "select")}


def missing_code(thing) -> str | None:
    """Why ``thing`` cannot run in a game: an Operation without ``run``, a Quantity without
    ``count`` or a Target without ``select`` ("operation 'glow' has no code (run=None)");
    None when it has its code or is not a kind that runs."""
    kind = CODE_FIELDS.get(type(thing))
    if kind is None or getattr(thing, kind[1]) is not None:
        return None
    return f"{kind[0]} '{thing.name}' has no code ({kind[1]}=None)"


@dataclass
class Registry:
    """Every name effects may use, with the schema fragments that validate them.

    Raises `RegistryError` on a second registration of the same name in the same table.
    """

    operations: dict[str, Operation] = field(default_factory=dict)
    quantities: dict[str, Quantity] = field(default_factory=dict)
    targets: dict[str, Target] = field(default_factory=dict)
    parameters: dict[str, RuleParameter] = field(default_factory=dict)
    game_events: dict[str, GameEvent] = field(default_factory=dict)
    definitions: dict[str, dict] = field(default_factory=dict)

    def _add(self, table: dict, name: str, thing: Any) -> None:
        if name in table:
            raise RegistryError(f"'{name}' is already registered")
        table[name] = thing

    def add_operation(self, op: Operation) -> None:
        """Register an effect operation. Its contexts must be a subset of CONTEXTS."""
        if not op.contexts <= CONTEXTS:
            raise RegistryError(f"operation '{op.name}': unknown contexts {set(op.contexts)}")
        self._add(self.operations, op.name, op)

    def add_quantity(self, q: Quantity) -> None:
        """Register a quantity."""
        self._add(self.quantities, q.name, q)

    def add_target(self, t: Target) -> None:
        """Register an event target."""
        self._add(self.targets, t.name, t)

    def add_parameter(self, p: RuleParameter) -> None:
        """Register a rule parameter; scope must be player or global."""
        if p.scope not in ("player", "global") or p.type not in ("int", "place", "places"):
            raise RegistryError(f"parameter '{p.name}': bad scope or type")
        self._add(self.parameters, p.name, p)

    def add_game_event(self, e: GameEvent) -> None:
        """Register a game event name that triggers may listen to."""
        self._add(self.game_events, e.name, e)

    def add(self, thing) -> None:
        """Register any vocabulary object by its type (the ``register`` callback of the
        artemis_register_vocabulary hook). Raises RegistryError for an unknown type."""
        adders = {Operation: self.add_operation, Quantity: self.add_quantity,
                  Target: self.add_target, RuleParameter: self.add_parameter,
                  GameEvent: self.add_game_event}
        if isinstance(thing, Definition):
            self.add_definition(thing.name, thing.schema)
        elif type(thing) in adders:
            adders[type(thing)](thing)
        else:
            raise RegistryError(f"cannot register {thing!r}: not a vocabulary object")

    def things(self) -> list:
        """Everything registered, as the objects `add` takes: the definitions (as
        `Definition`) first, then operations, quantities, targets, parameters and game events,
        each in registration order. A game's core plugin stages its vocabulary in a registry
        of its own and hands these to the hook's ``register``."""
        return [*(Definition(name, schema) for name, schema in self.definitions.items()),
                *self.operations.values(), *self.quantities.values(), *self.targets.values(),
                *self.parameters.values(), *self.game_events.values()]

    def add_definition(self, name: str, schema: dict) -> None:
        """Register a shared schema definition, referenced as ``#/definitions/NAME``."""
        self._add(self.definitions, name, schema)

    # -- schema assembly -------------------------------------------------------------

    def schema_definitions(self) -> dict[str, dict]:
        """All definitions: the registered ones plus effect, step, quantity, target, param
        and game_event, assembled from the tables. Returns fresh copies."""
        defs = copy.deepcopy(self.definitions)
        defs["effect"] = {
            "description": "An effect: a list of steps run in order, each a one-key map "
            "{operation: parameters} (docs/authoring.md 4).",
            "type": "array",
            "minItems": 1,
            "items": {"$ref": "#/definitions/step"},
        }
        examples = self._effect_examples()
        if examples:
            defs["effect"]["examples"] = examples
        defs["step"] = {
            "$comment": "artemis:effect-step",
            "description": "One effect step: exactly one operation name with its parameters.",
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "additionalProperties": False,
            "properties": {
                name: _described(op.params, op.description, op.examples)
                for name, op in sorted(self.operations.items())
            },
        }
        defs["quantity"] = {
            "$comment": "artemis:quantity",
            "description": "A number counted for one player when read: a one-key map "
            "{quantity: parameters} (docs/authoring.md 4.2).",
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "additionalProperties": False,
            "properties": {
                name: _described(q.params, q.description)
                for name, q in sorted(self.quantities.items())
            },
        }
        examples = [{q.name: q.examples[0]} for q in self.quantities.values() if q.examples]
        if examples:  # in the game's words: the first example of each, in registration order
            defs["quantity"]["examples"] = examples
        bare = sorted(n for n, t in self.targets.items() if t.params is None)
        keyed = {n: t for n, t in sorted(self.targets.items()) if t.params is not None}
        defs["target"] = {
            "$comment": "artemis:target",
            "description": "Who an event clause applies to (docs/authoring.md 4.3).",
            "oneOf": [
                {
                    "$comment": "artemis:target",
                    "description": "A target written as a bare name.",
                    "type": "string",
                    "enum": bare,
                },
                {
                    "$comment": "artemis:target",
                    "description": "A target with parameters: a one-key map {target: quantity}.",
                    "type": "object",
                    "minProperties": 1,
                    "maxProperties": 1,
                    "additionalProperties": False,
                    "properties": {
                        n: _described(t.params, t.description) for n, t in keyed.items()
                    },
                },
            ],
        }
        defs["param"] = {
            "$comment": "artemis:param",
            "description": "A rule parameter name (docs/authoring.md 4.5).",
            "type": "string",
            "enum": sorted(self.parameters),
        }
        # an example a hint may show: a number a player's effects may add to
        whole = [n for n, p in self.parameters.items() if p.type == "int" and p.scope == "player"]
        if whole:
            defs["param"]["examples"] = whole[:1]
        defs["game_event"] = {
            "$comment": "artemis:game-event",
            "description": "A game event a trigger listens to (docs/authoring.md 4.6).",
            "type": "string",
            "enum": sorted(self.game_events),
        }
        return defs


    def _effect_examples(self) -> list:
        """Two effects in the game's words, from its operations' own examples: a gain alone,
        then a pay and the VP it buys ([] for a game whose gain, pay or vp has none)."""
        ops = self.operations
        if not all(name in ops and ops[name].examples for name in ("gain", "pay", "vp")):
            return []
        first = {name: ops[name].examples[0] for name in ("gain", "pay", "vp")}
        return [[{"gain": first["gain"]}], [{"pay": first["pay"]}, {"vp": first["vp"]}]]


def _described(schema: dict, description: str, examples: tuple = ()) -> dict:
    out = copy.deepcopy(schema)
    out.setdefault("description", description)
    if examples and "examples" not in out:
        out["examples"] = list(examples)
    return out
