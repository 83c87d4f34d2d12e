"""The Upkeep Phase (rulebook; R14, R23, R33, R34, R35): move/swap, activate fully staffed Ocean
buildings, heat the Shelters, refresh the board, choose the next start player."""

from __future__ import annotations

from itertools import combinations_with_replacement

from artemis.games.project.ops import run_effect, selectable
from artemis.games.project.params import param
from artemis.games.project.records import HEATED, MOVED
from artemis.games.project.rules import colonists as col
from artemis.games.project.rules.flow import answer, ask, push, step
from artemis.games.project.state import SHELTERS, TYPES
from artemis.games.project.words import with_article as article
from artemis.kernel.actions import Action


@step("upkeep")
def upkeep(game) -> None:
    s = game.state
    s.phase = "upkeep"
    if game.logging or game.observers:
        game.emit("upkeep", round=s.round)
    order = s.turn_order()
    for p in s.players:
        for b in p.buildings:
            b.activated = False
    steps = []
    for name in ("move_swap", "activate", "heat"):  # each in turn order, every player
        for p in order:
            steps.append((name, p))
    push(game, *steps)


def move_swap_options(game, player) -> list[Action]:
    """One move (a colonist to a building with room or the Shelters) or one swap of two
    colonists whose new places both have room; or skip (rulebook). Places in order: the
    Shelters, then the buildings by index; colonist types by index."""
    p = game.state.players[player]
    if not p.buildings:  # the Shelters alone: nowhere to move a colonist to
        return [_SKIP]
    by_id = game.catalog.by_id
    # by position: 0 is the Shelters, k the building k - 1 (plain loops: no comprehension
    # frames, this runs for every player every round)
    ids: list = ["shelters"]  # as the action's arguments say it
    names: list = ["the Shelters"]  # or (tile name, index): the words made with the label
    counts = [p.shelters]
    slots: list = [None]  # None: the Shelters hold all
    present = [_held_types(p.shelters)]  # the types each place holds
    for i, b in enumerate(p.buildings):
        tile = by_id[b.tile]
        ids.append(i)
        names.append((tile.name, i))
        counts.append(b.staff)
        slots.append(tile.slots)
        present.append(_held_types(b.staff))
    has_room = col.has_room
    out = [_SKIP]
    n = len(counts)
    room: list = [None] * n  # per place, per type: whether one more fits (made when asked)
    for a in range(n):
        for t in present[a]:
            for b in range(n):
                # a move takes from ``a`` only: whether it fits depends on ``b``'s room
                if b == a:
                    continue
                where = slots[b]
                if where is not None:
                    fit = room[b]
                    if fit is None:
                        fit = room[b] = [None] * 4
                    if fit[t] is None:
                        fit[t] = has_room(where, counts[b], t)
                    if not fit[t]:
                        continue
                out.append(Action("move", (TYPES[t], ids[a], ids[b]),
                                  (_move_label, t, names[a], names[b])))
    _swaps(out, n, ids, names, counts, slots, present)
    return out


def _swaps(out: list, n: int, ids, names, counts, slots, present) -> None:
    """Add the swaps of `move_swap_options` to ``out``: pairs of places in order, then
    their types."""
    fits = col.fits
    for a in range(n):
        if not present[a]:
            continue
        for b in range(a + 1, n):
            if not present[b]:
                continue
            for t in present[a]:
                for u in present[b]:
                    if t == u or not _fits_swapped(fits, slots[a], counts[a], t, u) \
                            or not _fits_swapped(fits, slots[b], counts[b], u, t):
                        continue
                    out.append(Action("swap", (TYPES[t], ids[a], TYPES[u], ids[b]),
                                      (_swap_label, t, names[a], u, names[b])))


def _fits_swapped(fits, slots, counts: list[int], gone: int, come: int) -> bool:
    """Whether a place (``slots``; None: the Shelters, which hold all) still fits its staff
    ``counts`` once a colonist of type ``gone`` leaves and one of type ``come`` arrives."""
    if slots is None:
        return True
    after = counts[:]
    after[gone] -= 1
    after[come] += 1
    return fits(slots, after)


_SKIP = Action("move", ("skip",), "no move or swap")  # shared: an Action is an immutable value


def _held_types(counts: list[int]) -> tuple[int, ...]:
    """The type indexes with a colonist in ``counts``, ascending (one tuple per pattern)."""
    return _HELD[(counts[0] > 0) + 2 * (counts[1] > 0) + 4 * (counts[2] > 0) + 8 * (counts[3] > 0)]


_HELD = tuple(tuple(t for t in range(4) if mask >> t & 1) for mask in range(16))


def _place_words(place) -> str:
    """"the Shelters", or a building's (tile name, index) as "Name #index"."""
    return place if place.__class__ is str else f"{place[0]} #{place[1]}"


def _move_label(t: int, origin, dest) -> str:
    return f"move {article(TYPES[t])} from {_place_words(origin)} to {_place_words(dest)}"


def _swap_label(t: int, place_a, u: int, place_b) -> str:
    return (f"swap {article(TYPES[t])} in {_place_words(place_a)} with {article(TYPES[u])} "
            f"in {_place_words(place_b)}")


def _unpl(value):
    return SHELTERS if value == "shelters" else value


@step("move_swap")
def ask_move_swap(game, player) -> None:
    ask(game, player, "move", move_swap_options(game, player), player)


@answer("move")
def _move(game, action: Action, player) -> None:
    if action.kind == "move":
        if action.args[0] == "skip":
            return
        t, a, b = TYPES.index(action.args[0]), _unpl(action.args[1]), _unpl(action.args[2])
        col.take(game, player, a, t)
        col.put(game, player, b, t)
    else:
        t, a, u, b = (TYPES.index(action.args[0]), _unpl(action.args[1]),
                      TYPES.index(action.args[2]), _unpl(action.args[3]))
        col.take(game, player, a, t)
        col.take(game, player, b, u)
        col.put(game, player, a, u)
        col.put(game, player, b, t)
    if game.logging or game.observers:
        game.record((MOVED, player, action.id))


@step("activate")
def ask_activate(game, player) -> None:
    """R33: activate any Ocean tile fully staffed now and not yet activated, or stop."""
    p = game.state.players[player]
    options = [_DONE_ACTIVATING]
    for i, b in enumerate(p.buildings):
        tile = game.catalog.by_id[b.tile]
        if (tile.upkeep and not b.activated and col.fully_staffed(tile.slots, b.staff)
                and selectable(game, player, tile.upkeep)):
            options.append(Action("activate", (i,), (_activate_label, tile.name, i)))
    ask(game, player, "activate", options, player)


_DONE_ACTIVATING = Action("activate", ("done",), "done activating")  # shared: immutable


def _activate_label(name: str, building: int) -> str:
    return f"activate {name} #{building}"


@answer("activate")
def _activate(game, action: Action, player) -> None:
    if action.args[0] == "done":
        return
    i = action.args[0]
    b = game.state.players[player].buildings[i]
    b.activated = True
    if game.logging or game.observers:
        game.emit("activated", player=player, tile=b.tile)
    push(game, ("activate", player))
    run_effect(game, player, game.catalog.by_id[b.tile].upkeep, ("building", i))


@step("heat")
def heat(game, player) -> None:
    """Pay Energy for Shelter colonists (R23); the unpaid ones are discarded, the owner
    picking which."""
    p = game.state.players[player]
    held = sum(p.shelters)
    if not held:  # nothing to heat: the parameters are not read (a read changes nothing)
        return
    payable_n = max(0, held - param(game, "shelter_upkeep_free_slots", player))
    if payable_n == 0:
        return
    per = param(game, "shelter_upkeep_per_colonist", player)
    if per == 0:
        return
    can = min(payable_n, p.energy // per)
    unpaid = payable_n - can
    p.energy -= can * per
    if game.logging or game.observers:
        game.record((HEATED, player, can, can * per))
    if unpaid:
        types = [t for t in range(4) for _ in range(p.shelters[t])]
        options = []
        for combo in sorted(set(combinations_with_replacement(sorted(set(types)), unpaid))):
            if all(combo.count(t) <= p.shelters[t] for t in set(combo)):
                options.append(Action("unpaid", tuple(TYPES[t] for t in combo),
                                      "discard " + ", ".join(TYPES[t] for t in combo)))
        ask(game, player, "unpaid", options, player)


@answer("unpaid")
def _unpaid(game, action: Action, player) -> None:
    s = game.state
    for name in action.args:
        t = TYPES.index(name)
        col.take(game, player, SHELTERS, t)
        s.discard[t] += 1
    if game.logging or game.observers:
        game.emit("frozen", player=player, colonists=list(action.args))


@step("choose_start")
def choose_start(game) -> None:
    """R14, R35: the player with the fewest resources names the next start player; among tied
    players, the one furthest clockwise from the previous start player chooses."""
    s = game.state
    low = min(p.energy + p.minerals for p in s.players)
    tied = [p.seat for p in s.players if p.energy + p.minerals == low]
    chooser = max(tied, key=lambda seat: (seat - s.start) % s.n)
    ask(game, chooser, "start", [_start_action(seat) for seat in range(s.n)], chooser)


def _start_action(seat: int) -> Action:
    """The answer naming ``seat`` the next start player: made once per seat, then shared."""
    action = _STARTS.get(seat)
    if action is None:
        action = _STARTS[seat] = Action("start", (seat,), f"player {seat} starts")
    return action


_STARTS: dict[int, Action] = {}


@answer("start")
def _start(game, action: Action, chooser) -> None:
    game.state.start = action.args[0]
    if game.logging or game.observers:
        game.emit("start_player", player=action.args[0], chosen_by=chooser)
