"""Academy resolution (rulebook, The Resolution Phase, 6. Academy; R10, R12, R36): the left
space first; train into the board table's type, or waste the action when the supply is out (no
relief) and retrieve the colonist.

R10: a retrieved colonist goes back where it came from, the building it left (if that still
has room for it) or the Shelters. Rules version 1 put it in the Shelters whatever its place;
the ``academy_retrieve_to_shelters`` parameter (the ``old_rulings`` variant) keeps that.
"""

from __future__ import annotations

from artemis.games.project.params import param
from artemis.games.project.rules import colonists as col
from artemis.games.project.rules.flow import push, step
from artemis.games.project.state import SHELTERS, TYPE_INDEX, TYPES


@step("academy")
def resolve_academy(game) -> None:
    push(game, *[("academy_space", i) for i in range(len(game.state.academy))])


@step("academy_space")
def resolve_space(game, space: int) -> None:
    """Resolve Academy space ``space`` (0 the left, 1 the right; The Resolution Phase, 6.
    Academy): the colonist placed there is trained, going to the discard while its player
    gains a colonist of the type the die's board row names from the Academy's supply (R12).
    When the supply of that type is out, the action is wasted, with no relief, and the
    colonist is retrieved (R10): back to the building it came from if that still has room
    for it, else to the Shelters (`retrieve_to`); the ``academy_wasted`` event names that
    place (``back_to``). Under rules version 1 (parameter ``academy_retrieve_to_shelters``,
    the ``old_rulings`` variant) it always goes to the Shelters and the event names no
    place. An empty space does nothing."""
    s = game.state
    placed = s.academy[space]
    if placed is None:
        return
    s.academy[space] = None
    player, face, t, origin = placed
    becomes = TYPE_INDEX[game.catalog.board.academy[face]]
    if s.academy_supply[becomes] == 0:
        if param(game, "academy_retrieve_to_shelters"):
            col.put(game, player, SHELTERS, t)
            game.emit("academy_wasted", player=player, colonist=TYPES[t])
            return
        place = retrieve_to(game, player, t, origin)
        col.put(game, player, place, t)
        game.emit("academy_wasted", player=player, colonist=TYPES[t],
                  back_to="shelters" if place == SHELTERS
                  else s.players[player].buildings[place].tile)
        return
    s.academy_supply[becomes] -= 1
    s.discard[t] += 1
    if game.logging or game.observers:
        game.emit("trained", player=player, colonist=TYPES[t], becomes=TYPES[becomes])
    col.gain_colonists(game, player, [int(becomes == i) for i in range(4)])


def retrieve_to(game, player: int, t: int, origin: int) -> int:
    """Where ``player`` retrieves a colonist of type index ``t`` taken from ``origin``
    (SHELTERS or a building index) after a wasted Academy action (R10): that building if it
    still has room for it (a colonist gained meanwhile may have taken its slot, R30), else
    the Shelters. Returns SHELTERS or the building index."""
    if origin == SHELTERS:
        return SHELTERS
    owned = game.state.players[player].buildings[origin]
    slots = game.catalog.by_id[owned.tile].slots
    return origin if col.has_room(slots, owned.staff, t) else SHELTERS
