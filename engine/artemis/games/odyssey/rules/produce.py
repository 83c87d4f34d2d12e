"""Produce (rulebook, The Actions: Produce; OR1, OR19, OR20, OR21): the Planner picks one of
the card's two types, binding for everyone; each player receives 1 per Colony or Starship and
2 per Factory on the revealed Production planets of that type; a short bank is paid in the
order the Planner picks."""

from __future__ import annotations

from artemis.games.odyssey.ops import KERNEL
from artemis.games.odyssey.rules.flow import answer, ask, push, step
from artemis.games.odyssey.rules.galaxy import owed
from artemis.games.odyssey.state import RES_INDEX
from artemis.games.odyssey.vocabulary import RESOURCE_NAMES
from artemis.games.odyssey.words import player_name
from artemis.kernel.actions import Action


def chooser(state, planner: int) -> int:
    """Who makes the Planner's choice: a Hypnotic Device's user, else the Planner (OR32)."""
    return planner if state.planner_choice is None else state.planner_choice


@step("produce")
def produce(game, planner: int, card_id: str) -> None:
    """A1: the type produced."""
    s = game.state
    if s.cancelled:
        return
    card = game.catalog.by_id[card_id]
    ask(game, chooser(s, planner), "produce_type",
        [Action("produce_type", (r,), f"produce {RESOURCE_NAMES[r]}") for r in card.resources],
        planner)


@answer("produce_type")
def _produce_type(game, action, planner) -> None:
    s = game.state
    resource = action.args[0]
    s.last_produce = resource
    game.emit("produce", player=planner, resource=resource)
    # once everyone has received: the window of those who did (OR1, OR7)
    push(game, ("produce_received", planner, resource,
                tuple(p.res[RES_INDEX[resource]] for p in s.players)))
    due = owed(s, resource)
    if sum(due) <= s.bank[RES_INDEX[resource]]:
        for seat in s.order_from(planner):
            if due[seat]:
                KERNEL.items.change(game, seat, resource, due[seat])
        return
    push(game, ("produce_short", planner, resource, tuple(due)))


@step("produce_received")
def produce_received(game, planner: int, resource: str, before: tuple) -> None:
    """The ``after_own_produce`` window of every player who received a card, clockwise from
    the Planner (OR1, OR7)."""
    s = game.state
    got = tuple(seat for seat in s.order_from(planner)
                if s.players[seat].res[RES_INDEX[resource]] > before[seat])
    push(game, ("window", "after_own_produce", got, resource))


@step("produce_short")
def produce_short(game, planner: int, resource: str, due: tuple) -> None:
    """A2: the bank cannot pay everyone: the Planner picks the next recipient, who takes what
    it is owed as far as the bank goes (rulebook; OR21)."""
    s = game.state
    waiting = [seat for seat in s.order_from(planner) if due[seat]]
    if not waiting or not s.bank[RES_INDEX[resource]]:
        return
    ask(game, planner, "produce_next",
        [Action("produce_next", (seat,), f"{player_name(game, seat)} receives next")
         for seat in sorted(waiting)], (planner, resource, due))


@answer("produce_next")
def _produce_next(game, action, ctx) -> None:
    planner, resource, due = ctx
    seat = action.args[0]
    KERNEL.items.change(game, seat, resource, due[seat])
    rest = list(due)
    rest[seat] = 0
    push(game, ("produce_short", planner, resource, tuple(rest)))
