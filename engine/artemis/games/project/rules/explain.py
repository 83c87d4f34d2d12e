"""Why an answer is not legal, in the rulebook's words (`parts.Words.explain_illegal`).

`why_not(game, wanted)` reads the pending question and its context and says which rule the
answer ``wanted`` (an action id) breaks, and why, for every question of the Project (the
questions of docs/scenarios.md, Action ids): a placement (`placement.why_not`), the send (R1,
R4, R22), the Marine (R2, R38), the Academy's colonist (R10), a resource split, recruiting (R9),
the Gantry's offer (R8), Basecamp's rewards (R5, R32), returning to an Expedition Hub (R22,
R30), the Relief Track (R11, R39), placing a gained colonist (R30, R31), moving colonists into a
new building, an effect's choice (R39), a discard (R12), the move/swap, activating and heating
of Upkeep (R31, R33, R23) and the start player (R14, R35), each followed by the legal answers.
An id of another question, or one not written as this question's are, is told how they are
written (`FORMS`). Players are named as `Game.who` names them. It only reads the game.
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
GANTRY = "The Resolution Phase, 4. Gantry; R8"
REWARD = "The Resolution Phase, 1. Basecamp; R5"
REWARD_FIRST = "The Resolution Phase, 1. Basecamp; R32"
HUB = "The Resolution Phase, 1. Basecamp (colonists returning); R22, R30, R31"
RELIEF = "The Relief Track; R11, R39"
HOUSE = "Some General Rules (a gained colonist may immediately be placed); R30, R31"
FILL = "Some General Rules (a gained building takes colonists from the Shelters); R27, R31"
CHOOSE = "Some General Rules (paying and spending); R39"
DISCARD = "Some General Rules (the draw bag); R12"
MOVE = "The Upkeep Phase, One Move/swap; R31"
ACTIVATE = "The Upkeep Phase, Activate Fully-staffed Buildings; R33, R39"
HEAT = "The Upkeep Phase, Pay Energy for Colonists in your Shelters; R23"
START = "The Upkeep Phase, Choose a new Start Player; R14, R35"

#: How each question's answers are written (docs/scenarios.md, Action ids), for an id that is
#: not written so.
FORMS = {
    "place": "place:ROLLED:FINAL:REGION:TARGET",
    "send": "send:none, send:pioneer:COUNT or send:TYPE:PLACE",
    "split": "split:ENERGY",
    "marine": "marine:DIE:AMOUNT",
    "trainee": "trainee:TYPE:PLACE",
    "reward": "reward:REWARD (0 or 1)",
    "reward_first": "reward_first:REWARD (0 or 1)",
    "hub_return": "hub_return:TYPE",
    "relief_reward": "relief_reward:SPACE",
    "buy": "buy:buy or buy:decline",
    "recruit": "recruit:TYPE or recruit:stop",
    "house": "house:T:PLACE (T the type's number, 0 to 3)",
    "fill": "fill:TYPE or fill:done",
    "choose": "choose:OPTION",
    "discard": "discard:TYPE",
    "move": "move:skip, move:TYPE:FROM:TO or swap:TYPE:FROM:TYPE:TO",
    "activate": "activate:BUILDING or activate:done",
    "unpaid": "unpaid:TYPE:... (one TYPE for each colonist not paid for)",
    "start": "start:SEAT",
}

#: The rule each question is asked under, for an id that is not written as its answers are.
RULES = {
    "place": "The Placement Phase", "send": SEND, "split": SPLIT, "marine": MARINES,
    "trainee": ACADEMY, "reward": REWARD, "reward_first": REWARD_FIRST, "hub_return": HUB,
    "relief_reward": RELIEF, "buy": GANTRY, "recruit": DOORSTEP, "house": HOUSE, "fill": FILL,
    "choose": CHOOSE, "discard": DISCARD, "move": MOVE, "activate": ACTIVATE, "unpaid": HEAT,
    "start": START,
}


def why_not(game, wanted: str) -> tuple[str, str] | None:
    """(message, rule) saying why ``wanted`` does not answer the pending question, or None for
    a question this module does not know (a plugin's). Never raises for any string."""
    pending = game.pending
    kind = pending.kind
    if kind == "place":
        from artemis.games.project.rules.placement import why_not as placement_why_not

        return placement_why_not(game, pending.player, wanted)
    if kind not in FORMS:
        return None
    parts = wanted.split(":")
    why = None
    if parts[0] != kind and not (kind == "move" and parts[0] == "swap"):
        why = (f"{game.who(pending.player)} is asked a {kind} question, whose answers are "
               f"written {FORMS[kind]}", RULES[kind])
    else:
        try:
            why = _EXPLAIN[kind](game, pending.ctx, parts)
        except (ValueError, IndexError, KeyError):  # a malformed id: how they are written
            why = None
        if why is None:
            why = (f"a {kind} answer is written {FORMS[kind]}", RULES[kind])
    legal = ", ".join(a.id for a in pending.options[:6])
    more = ", ..." if len(pending.options) > 6 else ""
    return f"{why[0]}; legal: {legal}{more}", why[1]


def _held(game, player: int, place):
    p = game.state.players[player]
    return p.shelters if place == "shelters" else p.buildings[int(place)].staff


def _where(place) -> str:
    return "the Shelters" if place == "shelters" else f"building {place}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _building(game, player: int, i: int) -> str:
    """"Manufactory #1": a building of ``player`` by name and number."""
    b = game.state.players[player].buildings[i]
    return f"{game.catalog.by_id[b.tile].name} #{i}"


def _no_building(game, player: int, place) -> tuple[str, str] | None:
    """Why ``place`` (shelters or a building's number) names no place of ``player``, or None."""
    if place == "shelters":
        return None
    n = len(game.state.players[player].buildings)
    if not 0 <= int(place) < n:
        return (f"{game.who(player)} has {_plural(n, 'building')}"
                + (f" (0 to {n - 1})" if n else "") + f": no building {place}", MOVE)
    return None


def _type(name: str, question: str) -> tuple[str, str] | None:
    if name in TYPES:
        return None
    return (f"'{name}' is no colonist type: {question} takes one of {', '.join(TYPES)}", "")


# -- Placement --------------------------------------------------------------------------------

def _send(game, ctx, parts: list) -> tuple[str, str] | None:
    from artemis.games.project.rules.placement import send_places

    args = parts[1:]
    player, card, die = ctx
    who = game.who(player)
    p = game.state.players[player]
    cost = param(game, "expedition_send_cost", player)
    if args and args[0] != "none" and p.energy + p.minerals < cost:
        return (f"a send costs {cost} resource{'s' * (cost != 1)} (Energy or Minerals), and "
                f"{who} has {p.energy} Energy and {p.minerals} Minerals", SEND)
    places = ["shelters" if pl == SHELTERS else str(pl) for pl in send_places(game, player)]
    if args[0] == "pioneer":
        k = int(args[1])
        have = sum(_held(game, player, pl)[PIONEER] for pl in places)
        return (f"{who} has {have} Pioneer{'s' * (have != 1)} to send (from "
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
    return (f"{who} has no {TYPES[t].capitalize()} in {_where(where)}", SEND)


def _marine(game, ctx, parts: list) -> tuple[str, str] | None:
    player, card = ctx
    dice = game.state.cards[card].dice
    own = len(dice) - 1  # the Marine is asked as its die is placed: the top die is the sender's
    i, amount = int(parts[1]), int(parts[2])
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


def _trainee(game, ctx, parts: list) -> tuple[str, str] | None:
    player = ctx[0]
    args = parts[1:]
    who = game.who(player)
    if args[0] not in TYPES:
        return (f"the colonist is one of {', '.join(TYPES)}, not '{args[0]}'", ACADEMY)
    p = game.state.players[player]
    where = args[1]
    if where != "shelters" and not 0 <= int(where) < len(p.buildings):
        return (f"{who} has {_plural(len(p.buildings), 'building')}: the colonist comes from "
                "the Shelters or one of them", ACADEMY)
    return (f"the die goes with a colonist of {who}'s, and there is no "
            f"{args[0].capitalize()} in {_where(where)}", ACADEMY)


def _split(game, ctx, parts: list) -> tuple[str, str] | None:
    player, n, sign = ctx
    who = game.who(player)
    energy = int(parts[1])
    if not 0 <= energy <= n:
        return (f"split:K means K Energy and {n} - K Minerals, K from 0 to {n}", SPLIT)
    if sign < 0:
        p = game.state.players[player]
        if energy > p.energy:
            return (f"paying {energy} Energy, and {who} has {p.energy}", SPLIT)
        return (f"paying {n - energy} Minerals, and {who} has {p.minerals}", SPLIT)
    return None


# -- Resolution -------------------------------------------------------------------------------

def _reward(game, ctx, parts: list) -> tuple[str, str] | None:
    first, _second, index = ctx
    r = int(parts[1])
    card = game.catalog.by_id[game.state.cards[index].id].name
    return (f"{game.who(first)}, first on {card}, chooses reward:0 (its first reward) or "
            f"reward:1 (its second), and the runner-up takes the other; there is no reward {r}",
            REWARD)


def _reward_first(game, ctx, parts: list) -> tuple[str, str] | None:
    player, index = ctx
    r = int(parts[1])
    card = game.catalog.by_id[game.state.cards[index].id].name
    return (f"{game.who(player)}, alone on {card}, takes both rewards and says which resolves "
            f"first: reward_first:0 or reward_first:1; there is no reward {r}", REWARD_FIRST)


def _hub_return(game, ctx, parts: list) -> tuple[str, str] | None:
    player, building = ctx
    name = parts[1]
    bad = _type(name, "hub_return")
    if bad is not None:
        return bad[0], HUB
    t = TYPES.index(name)
    who = game.who(player)
    if not game.state.players[player].arriving[t]:
        return (f"no returning {name.capitalize()} of {who}'s is waiting to go in", HUB)
    return (f"{_building(game, player, building)} has no room left for a {name.capitalize()}: "
            "a building's colonists must pair off with its slots (R31)", HUB)


def _relief_reward(game, player, parts: list) -> tuple[str, str] | None:
    from artemis.games.project.ops import selectable
    from artemis.games.project.words import describe

    space = int(parts[1])
    track = game.catalog.relief_track
    at = game.state.players[player].relief
    who = game.who(player)
    if not 1 <= space <= len(track):
        return (f"the Relief Track has spaces 1 to {len(track)}: there is no space {space}",
                RELIEF)
    if space > at:
        return (f"{who} has moved to space {at} of the Relief Track and takes the reward of "
                f"that space or of one already passed (1 to {at}), not of space {space}, "
                "which is ahead", RELIEF)
    reward = track[space - 1].reward
    if not selectable(game, player, reward):
        return (f"the reward of space {space} ({describe(reward)}) starts with a payment {who} "
                "cannot make", RELIEF)
    return None


def _buy(game, ctx, parts: list) -> tuple[str, str] | None:
    tile_id, player, face, cost, _declined = ctx
    name = game.catalog.by_id[tile_id].name
    who = game.who(player)
    if parts[1] == "buy":
        minerals = game.state.players[player].minerals
        return (f"{name} costs {cost} Minerals (the die of {face} {who} is offered it with), "
                f"and {who} has {minerals}: a player who cannot pay only declines, and the "
                "offer goes to the next-highest die", GANTRY)
    return (f"the offer of {name} to {who} is answered buy:buy or buy:decline, not "
            f"'{':'.join(parts[1:])}'", GANTRY)


def _recruit(game, ctx, parts: list) -> tuple[str, str] | None:
    player, left = ctx
    s = game.state
    who = game.who(player)
    wanted = parts[1]
    if wanted not in TYPES:
        return (f"recruit:TYPE takes one of {', '.join(TYPES)}, or recruit:stop", DOORSTEP)
    if left <= 0:
        return ("this die has recruited as many colonists as its face allows (the Doorstep "
                "table)", DOORSTEP)
    cost = param(game, "doorstep_cost_per_colonist", player)
    if s.players[player].energy < cost:
        return (f"a colonist costs {cost} Energy, and {who} has {s.players[player].energy}",
                DOORSTEP)
    return (f"no {wanted.capitalize()} is present at the Doorstep", DOORSTEP)


# -- colonists and buildings gained, effects --------------------------------------------------

def _house(game, ctx, parts: list) -> tuple[str, str] | None:
    player, t = ctx
    who = game.who(player)
    given, place = parts[1], parts[2]
    if given != str(t):
        return (f"the colonist {who} places is a {TYPES[t].capitalize()}: house:{t}:PLACE "
                f"(T is the type's number: {', '.join(f'{i} {x}' for i, x in enumerate(TYPES))})",
                HOUSE)
    missing = _no_building(game, player, place)
    if missing is not None:
        return missing[0], HOUSE
    return (f"{_building(game, player, int(place))} has no room for a "
            f"{TYPES[t].capitalize()}: a building's colonists must pair off with its slots; "
            "the Shelters always take it", HOUSE)


def _fill(game, ctx, parts: list) -> tuple[str, str] | None:
    player, building = ctx
    name = parts[1]
    bad = _type(name, "fill")
    if bad is not None:
        return bad[0] + ", or fill:done", FILL
    who = game.who(player)
    if not game.state.players[player].shelters[TYPES.index(name)]:
        return (f"{who} has no {name.capitalize()} in the Shelters, and only Shelter colonists "
                "move into a new building", FILL)
    return (f"{_building(game, player, building)} has no room for a {name.capitalize()}: a "
            "building's colonists must pair off with its slots", FILL)


def _choose(game, ctx, parts: list) -> tuple[str, str] | None:
    from artemis.games.project.words import describe

    player, options, _source = ctx
    i = int(parts[1])
    if not 0 <= i < len(options):
        return (f"the effect offers options 0 to {len(options) - 1}: there is no option {i}",
                CHOOSE)
    return (f"option {i} ({describe(options[i])}) starts with a payment {game.who(player)} "
            "cannot make, so it cannot be chosen", CHOOSE)


def _discard(game, player, parts: list) -> tuple[str, str] | None:
    name = parts[1]
    bad = _type(name, "discard")
    if bad is not None:
        return bad[0], DISCARD
    return (f"{game.who(player)} has no {name.capitalize()} in the Shelters, where a lost "
            "colonist is discarded from", DISCARD)


# -- Upkeep -----------------------------------------------------------------------------------

def _move(game, player, parts: list) -> tuple[str, str] | None:
    who = game.who(player)
    if parts[0] == "move":
        if parts[1] == "skip":
            return None
        moves = [(parts[1], parts[2])]
        to = parts[3]
    else:  # swap:TYPE:A:TYPE:B
        moves = [(parts[1], parts[2]), (parts[3], parts[4])]
        to = None
    for name, place in moves:
        bad = _type(name, parts[0])
        if bad is not None:
            return bad[0], MOVE
        missing = _no_building(game, player, place)
        if missing is not None:
            return missing
        if not _held(game, player, place)[TYPES.index(name)]:
            return (f"{who} has no {name.capitalize()} in {_place(game, player, place)}", MOVE)
    if to is not None:
        missing = _no_building(game, player, to)
        if missing is not None:
            return missing
        if to == moves[0][1]:
            return ("a move takes a colonist from one place to another", MOVE)
        return (f"{_place(game, player, to)} has no room for a {moves[0][0].capitalize()}: a "
                "building's colonists must pair off with its slots", MOVE)
    if moves[0][1] == moves[1][1] or moves[0][0] == moves[1][0]:
        return ("a swap exchanges colonists of two types between two places", MOVE)
    return (f"after that swap {_place(game, player, moves[0][1])} or "
            f"{_place(game, player, moves[1][1])} would hold colonists its slots do not take",
            MOVE)


def _place(game, player: int, place) -> str:
    return "the Shelters" if place == "shelters" else _building(game, player, int(place))


def _activate(game, player, parts: list) -> tuple[str, str] | None:
    from artemis.games.project.rules.colonists import fully_staffed

    missing = _no_building(game, player, parts[1])
    if missing is not None:
        return missing[0], ACTIVATE
    i = int(parts[1])
    b = game.state.players[player].buildings[i]
    tile = game.catalog.by_id[b.tile]
    name = _building(game, player, i)
    if not tile.upkeep:
        return (f"{name} has no Upkeep effect to activate", ACTIVATE)
    if b.activated:
        return (f"{name} has been activated this round already", ACTIVATE)
    if not fully_staffed(tile.slots, b.staff):
        return (f"{name} is not fully staffed: every slot needs its colonist", ACTIVATE)
    return (f"{name}'s effect starts with a payment {game.who(player)} cannot make", ACTIVATE)


def _unpaid(game, player, parts: list) -> tuple[str, str] | None:
    who = game.who(player)
    names = parts[1:]
    n = len(game.pending.options[0].args)
    for name in names:
        bad = _type(name, "unpaid")
        if bad is not None:
            return bad[0], HEAT
    if len(names) != n:
        return (f"{who} cannot pay Energy for {_plural(n, 'colonist')} of the Shelters and "
                f"discards {'that one' if n == 1 else f'those {n}'}: unpaid names "
                f"{_plural(n, 'colonist')}, not {len(names)}", HEAT)
    shelters = game.state.players[player].shelters
    for name in dict.fromkeys(names):
        have = shelters[TYPES.index(name)]
        if names.count(name) > have:
            return (f"{who} has {_plural(have, name.capitalize())} in the Shelters", HEAT)
    in_order = sorted(names, key=TYPES.index)
    return (f"the colonists are named in the order {', '.join(TYPES)}: "
            f"unpaid:{':'.join(in_order)}", HEAT)


def _start(game, chooser, parts: list) -> tuple[str, str] | None:
    seat = int(parts[1])
    n = game.state.n
    return (f"{game.who(chooser)} names the next start player, one of the {n} players (seats "
            f"0 to {n - 1}); there is no seat {seat}", START)


_EXPLAIN: dict[str, Callable] = {
    "send": _send,
    "marine": _marine,
    "trainee": _trainee,
    "split": _split,
    "reward": _reward,
    "reward_first": _reward_first,
    "hub_return": _hub_return,
    "relief_reward": _relief_reward,
    "buy": _buy,
    "recruit": _recruit,
    "house": _house,
    "fill": _fill,
    "choose": _choose,
    "discard": _discard,
    "move": _move,
    "activate": _activate,
    "unpaid": _unpaid,
    "start": _start,
}
