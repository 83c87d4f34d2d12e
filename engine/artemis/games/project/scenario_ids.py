"""Action ids a scenario step may write in another form than the engine's (docs/scenarios.md,
Action ids): the colonist of ``house`` by its type's name, as ``trainee``, ``recruit`` and
``discard`` name it. The engine's ids, which logs record, stay as they are."""

from __future__ import annotations

from artemis.games.project.state import TYPES


def canonical_action(action_id: str) -> str:
    """The engine's id for ``action_id``: ``house:TYPE:PLACE`` with TYPE a colonist type's name
    (pioneer, engineer, marine, steward) is ``house:T:PLACE`` with the type's number (0 to 3);
    any other id is returned unchanged (its legality is the engine's to judge)."""
    parts = action_id.split(":")
    if len(parts) == 3 and parts[0] == "house" and parts[1] in TYPES:
        parts[1] = str(TYPES.index(parts[1]))
        return ":".join(parts)
    return action_id
