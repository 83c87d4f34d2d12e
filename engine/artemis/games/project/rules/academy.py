"""Academy resolution (rulebook, Resolution 6; R10, R12, R36): the left space first; train into
the board table's type, or waste the action when the supply is out (no relief)."""

from __future__ import annotations

from artemis.games.project.rules import colonists as col
from artemis.games.project.rules.flow import push, step
from artemis.games.project.state import SHELTERS, TYPE_INDEX, TYPES


@step("academy")
def resolve_academy(game) -> None:
    push(game, *[("academy_space", i) for i in range(len(game.state.academy))])


@step("academy_space")
def resolve_space(game, space: int) -> None:
    s = game.state
    placed = s.academy[space]
    if placed is None:
        return
    s.academy[space] = None
    player, face, t = placed
    becomes = TYPE_INDEX[game.catalog.board.academy[face]]
    if s.academy_supply[becomes] == 0:
        col.put(game, player, SHELTERS, t)
        game.emit("academy_wasted", player=player, colonist=TYPES[t])
        return
    s.academy_supply[becomes] -= 1
    s.discard[t] += 1
    game.emit("trained", player=player, colonist=TYPES[t], becomes=TYPES[becomes])
    col.gain_colonists(game, player, [int(becomes == i) for i in range(4)])
