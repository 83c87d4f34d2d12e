"""The Event: resolved at its spot, clause by clause (rulebook, The Event; R18, R19, R37)."""

from __future__ import annotations

from artemis.games.project.ops import run_effect, targets
from artemis.games.project.rules.flow import push, step


@step("event")
def resolve_event(game, event_id: str) -> None:
    """Schedule each clause of the Event in order; targets are computed when a clause starts."""
    if game.logging or game.observers:
        game.emit("event", event=event_id)
    push(game, *[("clause", event_id, i) for i in range(len(game.catalog.by_id[event_id].clauses))])


@step("clause")
def resolve_clause(game, event_id: str, index: int) -> None:
    clause = game.catalog.by_id[event_id].clauses[index]
    if clause.target is None:
        run_effect(game, None, clause.effect, ("event", event_id))
        return
    for player in reversed(targets(game, clause.target)):
        run_effect(game, player, clause.effect, ("event", event_id))
