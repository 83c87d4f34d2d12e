"""Setup: General, Player and Board Setup (rulebook, Setup; R6, R16, R17, R21, R40)."""

from __future__ import annotations

from artemis.games.project.params import param
from artemis.games.project.rules import colonists as col
from artemis.games.project.rules.flow import push, step
from artemis.games.project.state import (
    DOORSTEP_MAX,
    GANTRY_MAX,
    TYPE_INDEX,
    Card,
    GantryTile,
    Player,
    State,
)
from artemis.kernel.streams import shuffle


def new_state(game, n: int, rng: dict) -> State:
    """General and Player Setup for ``n`` players (rulebook): bag, Academy supply, shuffled
    stacks (duplicates removed at 2 players), six Events, the Expedition deck, 3 Energy, 3
    Minerals, 1 Toolkit and 1 Pioneer each, a random start player."""
    cat = game.catalog
    s = State([Player(i) for i in range(n)], rng)
    game.state = s
    for c in cat.board.components:
        t = TYPE_INDEX[c.colonist]
        s.academy_supply[t] = c.academy_supply
        s.bag[t] = c.count - c.academy_supply - (n if t == 0 else 0)
    for p in s.players:
        p.shelters[0] = 1
        p.energy = param(game, "start_energy")
        p.minerals = param(game, "start_minerals")
        p.toolkits = param(game, "start_toolkits")
    for kind in ("ocean", "surface"):
        tiles = [b.id for b in cat.buildings
                 if b.kind == kind and not (n == 2 and b.duplicate_of)]
        shuffle(rng[kind], tiles)
        s.stacks[kind] = tiles
    events = [e.id for e in cat.events]
    shuffle(rng["events"], events)
    s.event_deck = events[: param(game, "rounds")]
    deck = [x.id for x in cat.expeditions]
    shuffle(rng["expeditions"], deck)
    s.expedition_deck = deck
    s.start = rng["start"].randrange(n)
    s.academy = [None] * (1 if n == 2 else 2)
    return s


def round_stack(game, round_no: int) -> str:
    """The stack the round draws from: Ocean for rounds 1..ocean_rounds, else Surface."""
    return "ocean" if round_no <= param(game, "ocean_rounds") else "surface"


@step("board_setup")
def board_setup(game) -> None:
    """Board Setup for the round being entered (rulebook steps 1-6 and the Event)."""
    game.reveal()  # Expedition cards, tiles and the Event are turned face up
    s = game.state
    s.round += 1
    s.event_modifiers = []  # an event's modify ends when the next Board Setup begins (R18)
    stack = s.stacks[round_stack(game, s.round)]
    # 1 Basecamp: unclaimed reward items go back (R6), then the cards are discarded
    bag = s.bag
    for card in s.cards:
        for r in range(2):
            laid = card.reward_colonists[r]
            if any(laid):
                for t in range(4):
                    bag[t] += laid[t]
            tile = card.reward_tiles[r]
            if tile is not None:
                kind = game.catalog.by_id[tile].kind
                s.stacks[kind].append(tile)
        s.expedition_discard.append(card.id)
    s.cards = []
    energy = minerals = 0  # the new cards' top-left numbers
    for _ in range(s.n - 1):
        if not s.expedition_deck:
            s.expedition_deck = s.expedition_discard
            s.expedition_discard = []
            shuffle(s.rng["expeditions"], s.expedition_deck)
            game.emit("expedition_deck_reshuffled", cards=len(s.expedition_deck))
        if not s.expedition_deck:
            break
        card = Card(s.expedition_deck.pop(0))
        x = game.catalog.by_id[card.id]
        for r, reward in enumerate(x.rewards):
            for st in reward:
                if st.op == "gain_colonist" and st.args["from"] == "reward":
                    drawn = col.draw_from_bag(game, st.args.get("count", 1))
                    laid = card.reward_colonists[r]
                    for t in range(4):
                        laid[t] += drawn[t]
                elif st.op == "gain_building" and stack:
                    card.reward_tiles[r] = stack.pop(0)
        s.cards.append(card)
        energy += x.energy
        minerals += x.minerals
    # 2-3 Vents and Quarry: discard, then the cards' numbers plus the bonus
    s.vents = energy + param(game, "vents_stock_bonus")
    s.quarry = minerals + param(game, "quarry_stock_bonus")
    # 4 Gantry: reveal one tile per player, at most 8 shown (R7, R21)
    for _ in range(s.n):
        if len(s.gantry) >= GANTRY_MAX or not stack:
            break
        s.gantry.append(GantryTile(stack.pop(0)))
    # 5 Doorstep: players + bonus colonists, at most 12 present
    want = s.n + param(game, "doorstep_draw_bonus")
    room = max(0, DOORSTEP_MAX - sum(s.doorstep))
    drawn = col.draw_from_bag(game, min(want, room))
    for t in range(4):
        s.doorstep[t] += drawn[t]
    if game.logging or game.observers:  # the record's lists are made only to be shown
        game.emit("board_setup", round=s.round, cards=[c.id for c in s.cards],
                  reward_tiles=[t for c in s.cards for t in c.reward_tiles if t],
                  vents=s.vents, quarry=s.quarry, gantry=[g.tile for g in s.gantry],
                  doorstep=s.doorstep[:])
    # the Event: reveal, and resolve at once if immediate (R18)
    s.event = s.event_deck.pop(0) if s.event_deck else None
    if s.event is not None:
        s.events_seen.append(s.event)
        if game.logging or game.observers:
            game.emit("event_revealed", event=s.event, when=game.catalog.by_id[s.event].when)
        if game.catalog.by_id[s.event].when == "immediate":
            push(game, ("event", s.event))
