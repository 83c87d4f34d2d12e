"""Building triggers on game events (docs/authoring.md 3.1, 4.6; R20): a fully staffed Ocean
tile with ``trigger: {on: EVENT}`` runs its effect for its owner when EVENT happens to them."""

from __future__ import annotations

from artemis.games.project.ops import run_effect
from artemis.games.project.rules.colonists import fully_staffed
from artemis.games.project.rules.flow import step
from artemis.kernel.log import Record

#: the record of each game event, ``{"type": event, "player": ...}``, made once per event
_EVENTS: dict[str, Record] = {}


@step("game_event")
def fire(game, event: str, player: int, new_building: int | None) -> None:
    """Run every matching trigger of ``player``'s buildings; the building just claimed never
    triggers itself."""
    if game.logging or game.observers:
        kind = _EVENTS.get(event)
        if kind is None:
            kind = _EVENTS[event] = Record(event, "player")
        game.record((kind, player))
    p = game.state.players[player]
    for i in range(len(p.buildings) - 1, -1, -1):
        if i == new_building:
            continue
        tile = game.catalog.by_id[p.buildings[i].tile]
        if tile.trigger and tile.trigger.on == event and fully_staffed(tile.slots,
                                                                       p.buildings[i].staff):
            run_effect(game, player, tile.trigger.effect, ("trigger", i))
