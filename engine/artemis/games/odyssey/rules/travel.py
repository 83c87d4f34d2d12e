"""Travel and Discovering a Planet (rulebook, The Actions: Travel, Discovering a Planet; OR2,
OR10, OR13, OR29; Two-Player Rules, Alien Planets: OR5).

The Planner declares one of the card's three systems (T1), may travel first (T3 go or
decline; committed, the player peeks at the system's face-down planets and moves: T4), then
calls the other players one at a time (T2, `artemis.games.odyssey.rules.calls`). Landing on
a face-down planet discovers it: a Production planet gives a Resource card of its type, an
Alien planet one Alien Artifact per Alien planet holding the player's Assets (keep one:
T6)."""

from __future__ import annotations

from artemis.games.odyssey.ops import KERNEL
from artemis.games.odyssey.rules.calls import calling, calls
from artemis.games.odyssey.rules.flow import answer, ask, push, step
from artemis.games.odyssey.rules.galaxy import ALIEN, alien_present, can_travel, moves
from artemis.games.odyssey.rules.produce import chooser
from artemis.games.odyssey.rules.teams import seat_for, viewers
from artemis.games.odyssey.rules.track import artifact_name, forget_drawn, keep, latch
from artemis.games.odyssey.state import NOBODY, STARSHIP
from artemis.games.odyssey.vocabulary import PLANET_NAMES
from artemis.kernel.actions import Action


def _system_name(game, system: str) -> str:
    return game.catalog.by_id[system].name


@step("travel")
def travel(game, planner: int, card_id: str) -> None:
    """T1: the system declared, binding for everyone (OR1, OR20)."""
    s = game.state
    if s.cancelled:
        return
    card = game.catalog.by_id[card_id]
    ask(game, chooser(s, planner), "travel_system",
        [Action("travel_system", (x,), f"declare {_system_name(game, x)}")
         for x in card.systems], ("card", planner))


@answer("travel_system")
def _travel_system(game, action, ctx) -> None:
    system = action.args[0]
    if ctx[0] == "card":
        planner = ctx[1]
        game.emit("travel_declared", player=planner, system=system)
        push(game, ("travel_turn", planner, system, False),
             calls("travel_call", planner, system, (planner,)))
        return
    _, seat, same_system, exclude = ctx  # a travel of an effect (the `travel` operation)
    if system == "decline":
        game.emit("travel_declined", player=seat)
        return
    commit(game, seat, system, same_system, exclude)


@step("travel_turn")
def travel_turn(game, seat: int, system: str, same_system: bool) -> None:
    """The traveller's turn: the ``own_travel_start`` window, opened even when ``system``
    gives it no legal move (OR32), then T3."""
    push(game, ("window", "own_travel_start", (seat,), system),
         ("travel_offer", seat, system, same_system))


@step("travel_offer")
def travel_offer(game, seat: int, system: str, same_system: bool) -> None:
    """T3: travel or decline, asked only when OR29's test holds; after a Stargate the
    traveller picks its star instead, committed (OR32)."""
    from artemis.games.odyssey.rules.artifacts import redirect

    if redirect(game, seat, system):
        return
    if not can_travel(game.state, seat, system, same_system):
        game.emit("travel_pass", player=seat, system=system)
        return
    ask(game, seat, "travel_go",
        [Action("travel_go", ("go",), f"travel to {_system_name(game, system)}"),
         Action("travel_go", ("decline",), "do not travel")], (seat, system, same_system))


@answer("travel_go")
def _travel_go(game, action, ctx) -> None:
    seat, system, same_system = ctx
    if action.args[0] == "decline":
        game.emit("travel_declined", player=seat)
        return
    commit(game, seat, system, same_system)


def commit(game, seat: int, system: str, same_system: bool = False,
           exclude: str | None = None) -> None:
    """The traveller is committed (OR2): it peeks at the system's face-down planets (a
    private record), then T4: which Starship moves where (not the one Starship on
    ``exclude``: `artemis.games.odyssey.rules.galaxy.moves`)."""
    s = game.state
    hidden = [p for p in s.in_system(system) if not p.up]
    if hidden:
        peeker = seat_for(s, seat)  # with teams, a peek is the peeking seat's alone (OR14)
        s.known[peeker].update(p.id for p in hidden)
        game.reveal()
        game.emit("peek", player=seat, system=system)
        game.emit("peek_seen", to=[peeker], player=seat, planets={p.id: p.type for p in hidden})
    options = [Action("travel_move", (f"{a.id}>{b.id}",),
                      f"move the Starship on {a.id} to {b.id}"
                      + ("" if b.up else f" (face down: {PLANET_NAMES[b.type]})"))
               for a, b in moves(s, seat, system, same_system, exclude)]
    ask(game, seat, "travel_move", options, seat)


@answer("travel_move")
def _travel_move(game, action, seat) -> None:
    s = game.state
    origin_id, target_id = action.args[0].split(">")
    origin, target = s.planet(origin_id), s.planet(target_id)
    origin.pieces[STARSHIP] -= 1
    if origin.empty:
        origin.owner = NOBODY  # free again (OR29)
    target.owner = seat
    target.pieces[STARSHIP] += 1
    s.last_travel = target.system
    s.last_landed = target.id
    game.emit("travelled", player=seat, origin=origin_id, target=target_id)
    # last of what follows the landing: the discovery and the peek come first (OR32)
    push(game, ("window", "after_own_travel", (seat,), target.id))
    if not target.up:
        discover(game, seat, target)
    if target.type == ALIEN and s.singularity_slot is not None:
        push(game, ("singularity_peek", seat))


def discover(game, seat: int, planet) -> None:
    """Discovering a Planet (rulebook; OR10): reveal it; a Production planet gives 1 card of
    its type (if the bank has one), an Alien planet draws N Alien Artifacts, N counted after
    landing (OR29); keep one, the rest to the bottom of the deck in the order drawn."""
    s = game.state
    planet.up = True
    for known in s.known:
        known.discard(planet.id)
    game.reveal()
    game.emit("discovered", player=seat, planet=planet.id, planet_type=planet.type)
    if planet.type != ALIEN:
        KERNEL.items.change(game, seat, planet.type, 1)
    else:
        draw_and_keep(game, seat, alien_present(s, seat), 1)
    latch(game)


def draw_and_keep(game, seat: int, draw: int, keeps: int) -> None:
    """Draw ``draw`` Alien Artifacts (as far as the deck goes) and keep ``keeps`` of them
    (T6 per card kept while there is a choice); the rest go to the bottom in the order
    drawn."""
    s = game.state
    drawn = tuple(s.artifact_deck[:draw])
    del s.artifact_deck[:len(drawn)]
    if not drawn:
        return
    game.reveal()
    forget_drawn(game, drawn)
    game.emit("artifacts_drawn", player=seat, cards=len(drawn))
    game.emit("artifacts_seen", to=viewers(s, seat), player=seat, cards=list(drawn))
    push(game, ("keep_artifacts", seat, drawn, min(keeps, len(drawn))))


@step("keep_artifacts")
def keep_artifacts(game, seat: int, drawn: tuple, keeps: int) -> None:
    if keeps <= 0 or keeps >= len(drawn):
        for card in drawn[:keeps] if keeps > 0 else ():
            keep(game, seat, card)
        _bottom(game, seat, drawn[keeps:] if keeps > 0 else drawn)
        return
    ask(game, seat, "keep_artifact", keep_options(game, drawn), (seat, drawn, keeps))


def keep_options(game, drawn: tuple) -> list[Action]:
    """The answers to a ``keep_artifact`` question over ``drawn`` (Artifact ids): one
    ``keep_artifact:<id>`` a card, in the order drawn."""
    return [Action("keep_artifact", (c,), f"keep {artifact_name(game, c)}") for c in drawn]


@answer("keep_artifact")
def _keep_artifact(game, action, ctx) -> None:
    seat, drawn, keeps = ctx
    card = action.args[0]
    keep(game, seat, card)
    rest = tuple(c for c in drawn if c != card)
    push(game, ("keep_artifacts", seat, rest, keeps - 1))


def _bottom(game, seat: int, cards) -> None:
    s = game.state
    s.artifact_deck.extend(cards)
    for c in cards:
        s.art_known[seat][c] = -1
    if cards:
        game.emit("artifacts_bottom", player=seat, cards=len(cards))


def travellers(game, planner: int, called: tuple, system: str) -> list[int]:
    """T2's answers: every uncalled player (even one who cannot travel now), as long as one
    of them can travel; none once nobody uncalled can (OR29)."""
    s = game.state
    left = [seat for seat in range(s.n) if seat not in called]
    return left if any(can_travel(s, seat, system) for seat in left) else []


def _travel_turn(game, seat: int, planner: int, system: str) -> tuple:
    return (("travel_turn", seat, system, False),)


calling("travel_call", "travel", travellers, _travel_turn)


@step("singularity_peek")
def singularity_peek(game, seat: int) -> None:
    """T5 (Two-Player Rules, Alien Planets; OR5): after landing on an Alien planet, peek at
    the current round's Singularity card (before its slot) or the next one."""
    s = game.state
    deck = s.singularity_deck
    options = []
    if not s.singularity_resolved and deck:
        options.append(Action("singularity_peek", ("current",), "peek at this round's card"))
    if len(deck) > (0 if s.singularity_resolved else 1):
        options.append(Action("singularity_peek", ("next",), "peek at the next round's card"))
    ask(game, seat, "singularity_peek", options, seat)


@answer("singularity_peek")
def _singularity_peek(game, action, seat) -> None:
    s = game.state
    index = 0 if action.args[0] == "current" or s.singularity_resolved else 1
    card = s.singularity_deck[index]
    s.sing_known[seat].add(card)
    game.reveal()
    game.emit("singularity_peeked", player=seat, which=action.args[0])
    game.emit("singularity_seen", to=[seat], player=seat, card=card)
