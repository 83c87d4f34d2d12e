"""Colonists: room in buildings, fully staffed, the bag, the discard pile, and placing a gained
colonist (rulebook, Some General Rules; R12, R30, R31)."""

from __future__ import annotations

from artemis.games.project.records import COLONIST_GAINED
from artemis.games.project.rules.flow import answer, ask, push, step
from artemis.games.project.state import SHELTERS, TYPE_INDEX, TYPES
from artemis.games.project.words import with_article as article
from artemis.kernel.actions import Action
from artemis.kernel.streams import below


def fits(slots: tuple[str, ...], staff: list[int]) -> bool:
    """Whether ``staff`` (counts by type) can be matched to ``slots`` (R31): the colonists
    beyond their type's own slots must find blank ones."""
    typed, blank = _CAPACITY.get(slots) or _capacity(slots)
    p, e, m, st = staff
    tp, te, tm, ts = typed
    over = ((p - tp if p > tp else 0) + (e - te if e > te else 0)
            + (m - tm if m > tm else 0) + (st - ts if st > ts else 0))
    return over <= blank and p + e + m + st <= len(slots)


def _capacity(slots: tuple[str, ...]) -> tuple[tuple[int, int, int, int], int]:
    """(slots of each type, blank slots) of a tile's ``slots``, counted once per tuple."""
    typed = [0, 0, 0, 0]
    for s in slots:
        if s != "any":
            typed[TYPE_INDEX[s]] += 1
    found = _CAPACITY[slots] = (tuple(typed), len(slots) - sum(typed))
    return found


# a catalog has a few dozen distinct slot tuples
_CAPACITY: dict[tuple[str, ...], tuple[tuple[int, int, int, int], int]] = {}


def fully_staffed(slots: tuple[str, ...], staff: list[int]) -> bool:
    """Every slot holds a colonist of its type (rulebook: fully staffed; R31)."""
    return sum(staff) == len(slots) and fits(slots, staff)


def has_room(slots: tuple[str, ...], staff: list[int], t: int) -> bool:
    """Whether a colonist of type index ``t`` fits into a building with ``staff`` (R31)."""
    staff = staff[:]
    staff[t] += 1
    return fits(slots, staff)


def rooms(game, player: int, t: int) -> list[int]:
    """Indexes of ``player``'s buildings with room for type ``t``."""
    p = game.state.players[player]
    return [i for i, b in enumerate(p.buildings)
            if has_room(game.catalog.by_id[b.tile].slots, b.staff, t)]


def draw_from_bag(game, count: int) -> list[int]:
    """Draw up to ``count`` colonists at random from the bag; an empty bag is refilled from the
    discard pile first; if both are empty nothing more is drawn (rulebook; R12)."""
    s = game.state
    rng = s.rng["bag"]
    drawn = [0, 0, 0, 0]
    if count > 0:
        game.reveal()  # the bag's next colonists come out
    for _ in range(count):
        if sum(s.bag) == 0:
            if sum(s.discard) == 0:
                break
            s.bag = [a + b for a, b in zip(s.bag, s.discard, strict=True)]
            s.discard = [0, 0, 0, 0]
            game.emit("bag_refilled", bag=s.bag[:])
        t = pick(rng, s.bag)
        s.bag[t] -= 1
        drawn[t] += 1
    return drawn


def pick(rng, counts: list[int]) -> int:
    """The type index of one colonist taken at random from ``counts`` (not empty)."""
    k = below(rng, sum(counts))
    for t in range(4):
        if k < counts[t]:
            return t
        k -= counts[t]
    raise ValueError("no colonist to pick")


def gain_colonists(game, player: int, counts) -> None:
    """``player`` gains colonists (counts by type): they wait in the player's ``arriving``
    place and are placed one at a time (R30)."""
    p = game.state.players[player]
    for t in range(4):
        p.arriving[t] += counts[t]
    steps = []
    for t in range(4):
        for _ in range(counts[t]):
            steps.append(("place_colonist", player, t))
    push(game, *steps)


@step("place_colonist")
def _place_colonist(game, player: int, t: int) -> None:
    options = [_HOUSE_SHELTERS[t]]
    p = game.state.players[player]
    for i in rooms(game, player, t):
        options.append(Action("house", (t, i),
                              (_house_label, t, game.catalog.by_id[p.buildings[i].tile].name, i)))
    if game.logging or game.observers:
        game.record((COLONIST_GAINED, player, TYPES[t]))
    ask(game, player, "house", options, (player, t))


# shared: an Action is an immutable value, and every gained colonist is offered the Shelters
_HOUSE_SHELTERS = tuple(Action("house", (t, "shelters"), f"put the {TYPES[t]} in the Shelters")
                        for t in range(4))


def _house_label(t: int, name: str, building: int) -> str:
    return f"put the {TYPES[t]} in {name} #{building}"


@answer("house")
def _house(game, action: Action, ctx) -> None:
    player, t = ctx
    where = action.args[1]
    game.state.players[player].arriving[t] -= 1
    put(game, player, SHELTERS if where == "shelters" else where, t)


def put(game, player: int, place: int, t: int, n: int = 1) -> None:
    """Add ``n`` colonists of type ``t`` to a place (SHELTERS or a building index)."""
    p = game.state.players[player]
    if place == SHELTERS:
        p.shelters[t] += n
    else:
        p.buildings[place].staff[t] += n


def take(game, player: int, place: int, t: int, n: int = 1) -> None:
    """Remove ``n`` colonists of type ``t`` from a place."""
    p = game.state.players[player]
    where = p.shelters if place == SHELTERS else p.buildings[place].staff
    if where[t] < n:
        raise ValueError("no such colonist there")
    where[t] -= n


def colony(game, player: int) -> list[int]:
    """Counts by type of every colonist ``player`` owns: Shelters, buildings, sent with dice at
    Basecamp, and on an Academy space (docs/authoring.md 13.1)."""
    s = game.state
    p = s.players[player]
    out = p.shelters[:]
    for b in p.buildings:
        for t in range(4):
            out[t] += b.staff[t]
    for card in s.cards:
        for d in card.dice:
            if d.player == player:
                out[0] += d.pioneers
                if d.sent is not None:
                    out[d.sent] += 1
    for space in s.academy:
        if space is not None and space[0] == player and space[2] is not None:
            out[space[2]] += 1
    for t in range(4):
        out[t] += p.arriving[t]
    return out


@step("fill_building")
def _fill(game, player: int, building: int) -> None:
    p = game.state.players[player]
    slots = game.catalog.by_id[p.buildings[building].tile].slots
    options = [_FILL[0]]
    for t in range(4):
        if p.shelters[t] and has_room(slots, p.buildings[building].staff, t):
            options.append(_FILL[t + 1])
    ask(game, player, "fill", options, (player, building))


# shared (Actions are immutable values): done, then one move in per colonist type
_FILL = (Action("fill", ("done",), "done moving colonists in"),
         *(Action("fill", (TYPES[t],), f"move {article(TYPES[t])} from the Shelters in")
           for t in range(4)))


@answer("fill")
def _fill_answer(game, action: Action, ctx) -> None:
    player, building = ctx
    if action.args[0] == "done":
        return
    t = TYPE_INDEX[action.args[0]]
    take(game, player, SHELTERS, t)
    put(game, player, building, t)
    push(game, ("fill_building", player, building))
