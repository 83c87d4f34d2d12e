"""The effect engine: a registry of small named operations, quantities, targets, rule
parameters and game events, each carrying its JSON Schema fragment (docs/authoring.md,
section 4)."""

from artemis.effects.registry import (
    Definition,
    GameEvent,
    Operation,
    Quantity,
    Registry,
    RuleParameter,
    Target,
)

__all__ = ["Definition", "GameEvent", "Operation", "Quantity", "Registry", "RuleParameter",
           "Target"]
