"""Why an answer is not legal, in the rulebook's words (`ProjectRuleset.explain_illegal`).

`why_not(game, wanted)` reads the pending question and its context and says which rule the
answer ``wanted`` (an action id) breaks: a placement (`placement.why_not`), and the questions
that follow it or the Doorstep's: the send (R1, R4, R22), the Marine (R2, R38), the colonist
trained at the Academy (R10), how to split resources, and recruiting (R9), each followed by the
legal answers. It only reads the game. None means nothing more to say than the legal answers
(the kernel lists them).
"""

from __future__ import annotations

from collections.abc import Callable

from artemis.games.project.params import param
from artemis.games.project.state import PIONEER, SHELTERS, STEWARD, TYPES

SEND = "The Placement Phase, 1. Basecamp, Sending Colonists on Expeditions; R1"
STEWARDS = "The Placement Phase, 1. Basecamp, Stewards; R4"
MARINES = "The Placement Phase, 1. Basecamp, Marines; R2, R38"
ACADEMY = "The Placement Phase, 6. Academy; R10"
SPLIT = "Some General Rules: resources are Minerals and Energy in any combination"
DOORSTEP = "The Resolution Phase, 5. Doorstep; R9"


def why_not(game, wanted: str) -> tuple[str, str] | None:
    """(message, rule) saying why ``wanted`` does not answer the pending question, or None
    (an answer of another kind, or nothing known to say). Never raises for any string."""
    pending = game.pending
    parts = wanted.split(":")
    if pending.kind == "place":
        from artemis.games.project.rules.placement import why_not as placement_why_not

        return placement_why_not(game, pending.player, wanted)
    explain = _EXPLAIN.get(pending.kind)
    if explain is None or parts[0] != pending.kind:
        return None
    try:
        why = explain(game, pending.ctx, parts[1:])
    except (ValueError, IndexError):  # a malformed id: the legal answers say enough
        return None
    if why is None:
        return None
    legal = ", ".join(a.id for a in pending.options[:6])
    more = ", ..." if len(pending.options) > 6 else ""
    return f"{why[0]}; legal: {legal}{more}", why[1]


def _held(game, player: int, place):
    p = game.state.players[player]
    return p.shelters if place == "shelters" else p.buildings[int(place)].staff


def _where(place) -> str:
    return "the Shelters" if place == "shelters" else f"building {place}"


def _send(game, ctx, args: list) -> tuple[str, str] | None:
    from artemis.games.project.rules.placement import send_places

    player, card, die = ctx
    p = game.state.players[player]
    cost = param(game, "expedition_send_cost", player)
    if args and args[0] != "none" and p.energy + p.minerals < cost:
        return (f"a send costs {cost} resource{'s' * (cost != 1)} (Energy or Minerals), and "
                f"player {player} has {p.energy} Energy and {p.minerals} Minerals", SEND)
    places = ["shelters" if pl == SHELTERS else str(pl) for pl in send_places(game, player)]
    if args[0] == "pioneer":
        k = int(args[1])
        have = sum(_held(game, player, pl)[PIONEER] for pl in places)
        return (f"player {player} has {have} Pioneer{'s' * (have != 1)} to send (from "
                + ", ".join(map(_where, places)) + f"), not {k}", SEND)
    if args[0] not in TYPES:
        return (f"a send is none, pioneer:COUNT or TYPE:PLACE with TYPE one of "
                f"{', '.join(TYPES[1:])}; '{args[0]}' is none of these", SEND)
    t = TYPES.index(args[0])
    face = game.state.cards[card].dice[die].face
    if t == STEWARD and face > 2:
        return (f"a Steward is sent only with a die of 1 or 2, and this die shows {face}",
                STEWARDS)
    where = args[1]
    if where not in places:
        return (f"colonists are sent from {', '.join(map(_where, places))} "
                f"(expedition_send_from), not from {_where(where)}",
                "The Placement Phase, 1. Basecamp; R1, R22")
    if t == PIONEER:
        return ("Pioneers are sent as pioneer:COUNT (one send may hold several)", SEND)
    return (f"player {player} has no {TYPES[t].capitalize()} in {_where(where)}", SEND)


def _marine(game, ctx, args: list) -> tuple[str, str] | None:
    player, card = ctx
    dice = game.state.cards[card].dice
    own = len(dice) - 1  # the Marine is asked as its die is placed: the top die is the sender's
    i, amount = int(args[0]), int(args[1])
    if 0 <= i < len(dice) and dice[i].player == player:
        return ("a Marine reduces an opponent's die, not its sender's own", MARINES)
    if not 0 <= i < own:
        there = "die 0" if own == 1 else f"dice 0 to {own - 1}"
        return ("a Marine reduces a die already beside the card when it is sent ("
                + (there if own else "there is none") + ")", MARINES)
    d = dice[i]
    if d.face < 2:
        return ("a die showing 1 cannot be reduced (never below 1)", MARINES)
    top = min(2, d.face - 1)
    return (f"a Marine reduces a die by 1 or 2, never below 1: this die shows {d.face}, so by "
            f"1{' or 2' if top == 2 else ''}, not {amount}", MARINES)


def _trainee(game, ctx, args: list) -> tuple[str, str] | None:
    player = ctx[0]
    if args[0] not in TYPES:
        return (f"the colonist is one of {', '.join(TYPES)}, not '{args[0]}'", ACADEMY)
    p = game.state.players[player]
    where = args[1]
    if where != "shelters" and not 0 <= int(where) < len(p.buildings):
        return (f"player {player} has {len(p.buildings)} building"
                f"{'s' * (len(p.buildings) != 1)}: the colonist comes from the Shelters or "
                "one of them", ACADEMY)
    return (f"the die goes with a colonist of player {player}'s, and there is no "
            f"{args[0].capitalize()} in {_where(where)}", ACADEMY)


def _split(game, ctx, args: list) -> tuple[str, str] | None:
    player, n, sign = ctx
    energy = int(args[0])
    if not 0 <= energy <= n:
        return (f"split:K means K Energy and {n} - K Minerals, K from 0 to {n}", SPLIT)
    if sign < 0:
        p = game.state.players[player]
        if energy > p.energy:
            return (f"paying {energy} Energy, and player {player} has {p.energy}", SPLIT)
        return (f"paying {n - energy} Minerals, and player {player} has {p.minerals}", SPLIT)
    return None


def _recruit(game, ctx, args: list) -> tuple[str, str] | None:
    player, left = ctx
    s = game.state
    if args[0] not in TYPES:
        return (f"recruit:TYPE takes one of {', '.join(TYPES)}, or recruit:stop", DOORSTEP)
    if left <= 0:
        return ("this die has recruited as many colonists as its face allows (the Doorstep "
                "table)", DOORSTEP)
    cost = param(game, "doorstep_cost_per_colonist", player)
    if s.players[player].energy < cost:
        return (f"a colonist costs {cost} Energy, and player {player} has "
                f"{s.players[player].energy}", DOORSTEP)
    return (f"no {args[0].capitalize()} is present at the Doorstep", DOORSTEP)


_EXPLAIN: dict[str, Callable] = {
    "send": _send,
    "marine": _marine,
    "trainee": _trainee,
    "split": _split,
    "recruit": _recruit,
}
