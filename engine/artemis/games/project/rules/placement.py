"""The Placement Phase (rulebook): roll, then from the start player clockwise one die per turn,
Toolkits spent before placing, and each region's placement rule. The Outfitter resolves at once.

A placement is one answer (docs/design.md): ``place:ROLLED:FINAL:REGION:TARGET``; it costs
|FINAL - ROLLED| Toolkits. At Basecamp the send (R1, R22), its payment and the Marine (R2, R38)
are follow-up questions; at the Academy, which colonist goes along (R10, R36).
"""

from __future__ import annotations

from operator import attrgetter

from artemis.games.project import regions
from artemis.games.project.ops import pay_resources
from artemis.games.project.params import param
from artemis.games.project.records import PLACED, SENT
from artemis.games.project.rules import colonists as col
from artemis.games.project.rules.flow import answer, ask, push, step
from artemis.games.project.state import MARINE, PIONEER, SHELTERS, STEWARD, TYPES, BasecampDie
from artemis.games.project.vocabulary import REGIONS
from artemis.games.project.words import with_article as article
from artemis.kernel.actions import Action, Options
from artemis.kernel.log import GAIN
from artemis.util.plural import counted

DICE_PER_PLAYER = 5
EXPOSURE = regions.EXPOSURE


@step("placement")
def start_placement(game) -> None:
    """Every player rolls their dice (the ``dice`` stream); the start player places first."""
    s = game.state
    rng = s.rng["dice"]
    for p in s.players:
        p.dice = roll(rng, DICE_PER_PLAYER)
    s.phase = "placement"
    s.placement_board = None  # read again at the first turn: Board Setup changed it
    s.log_round_turn_order = s.turn_order()
    game.reveal()
    if game.logging or game.observers:
        # seats as strings: the record is the same in memory and read back from JSON
        game.emit("dice_rolled", dice={str(p.seat): p.dice[:] for p in s.players})
    push(game, ("placement_turn", s.start))


def roll(rng, n: int) -> list[int]:
    """``n`` six-sided dice, sorted: the draws of ``sorted(rng.randint(1, 6) for _ in
    range(n))`` made without its three Python calls per die (CPython's randint(1, 6) is 1 +
    a 3-bit draw, drawn again while >= 6; tests/test_compact_state.py pins the equality)."""
    getrandbits = rng.getrandbits
    dice = []
    for _ in range(n):
        r = getrandbits(3)
        while r >= 6:
            r = getrandbits(3)
        dice.append(r + 1)
    dice.sort()
    return dice


@step("placement_turn")
def placement_turn(game, seat: int) -> None:
    """The next player clockwise from ``seat`` with dice places one; players without dice are
    skipped; when nobody has dice, the Placement phase ends."""
    s = game.state
    players = s.players
    n = len(players)  # the state's ``n``, read once (about 130 turns a game)
    for k in range(n):
        player = (seat + k) % n
        if players[player].dice:
            ask(game, player, "place", legal_placements(game, player), player)
            return
    if game.logging or game.observers:
        game.emit("placement_done")


def has_academy_colonist(p) -> bool:
    # counts are never negative: any() is "some count > 0", in C
    if any(p.shelters):
        return True
    for b in p.buildings:
        if any(b.staff):
            return True
    return False


def legal_placements(game, player: int) -> Placements:
    """Every legal placement of ``player``, in a stable order: by rolled face, final face,
    region (rulebook order), target, as a `Placements` sequence (its length known at once, an
    item made when read). Labels are built only when read (`placement_label`)."""
    s = game.state
    p = s.players[player]
    kept = s.placement_board
    if kept is not None and kept[0] is s.cards and kept[1] is s.gantry:
        board, lows, bids = kept[2], kept[3], kept[4]  # read at the phase's first turn
    else:
        board, lows = _read_board(game)
        bids = _bid_counts(lows)
        s.placement_board = (s.cards, s.gantry, board, lows, bids)
    academy = None in s.academy and has_academy_colonist(p)
    fixed = len(board[0]) + (3 if academy else 2)  # the targets before the Gantry and after
    toolkits = p.toolkits
    # each rolled face once, lowest first, in one pass: a player's dice are kept in order
    # (rolled sorted, only ever taken away); dice out of order (a state made by hand) are
    # sorted and read again
    dice = p.dice
    ordered = True
    while True:
        spans = []  # (rolled, lowest final, highest final, placements), faces in order
        n = prev = 0
        for rolled in dice:
            if rolled <= prev and ordered:
                if rolled == prev:
                    continue
                break
            prev = rolled
            lo = rolled - toolkits if rolled - toolkits > 1 else 1
            hi = rolled + toolkits if rolled + toolkits < 6 else 6
            size = (hi - lo + 1) * fixed + bids[hi] - bids[lo - 1]
            spans.append((rolled, lo, hi, size))
            n += size
        else:
            return Placements(board, lows, bids, academy, spans, n)
        dice, ordered = sorted(set(dice)), False


def _bid_counts(lows: tuple) -> tuple:
    """Per final face f (0-6): the Gantry bids a die may make at the faces 1 to f, summed
    (the tiles whose lowest bid is f or less, counted for each face), so that the bids of
    the faces lo to hi are ``bids[hi] - bids[lo - 1]``."""
    opening = [0] * 8  # tiles whose lowest bid is this face (7: none can be made)
    for low in lows:
        opening[low if low < 7 else 7] += 1
    out = [0] * 7
    open_now = total = 0
    for face in range(1, 7):
        open_now += opening[face]
        total += open_now
        out[face] = total
    return tuple(out)


def _raised(kept: tuple, target: int, now: int) -> tuple:
    """The kept board (`legal_placements`) once Gantry tile ``target``'s lowest bid has risen
    to ``now``: new tuples (clones share the kept ones), its running sums lowered by the bids
    the faces from the old lowest to ``now`` - 1 can no longer make (`_bid_counts`)."""
    lows = list(kept[3])
    was = lows[target]
    lows[target] = now
    bids = list(kept[4])
    for face in range(was, 7):
        bids[face] -= (face if face < now else now - 1) - was + 1
    return (kept[0], kept[1], kept[2], tuple(lows), tuple(bids))


def _read_board(game) -> tuple:
    """(the board: its targets' tables, `_board`; each Gantry tile's lowest bid, a tuple)
    read from the state."""
    s = game.state
    cached = _cached(game.catalog.by_id)
    # the targets of this round's board (cards and Gantry tiles, known by their ids): made
    # once a round, shared by the ~20 placements of a round and by clones
    key = (tuple(map(_CARD_ID, s.cards)), tuple(map(_TILE, s.gantry)))
    board = cached.boards.get(key)
    if board is None:
        board = _board(game, cached, key)
    lows = []
    for g in s.gantry:
        lowest = 1  # a bid beats every die already on the tile
        for _, face in g.dice:
            if face >= lowest:
                lowest = face + 1
        lows.append(lowest)
    return board, tuple(lows)


class Placements(Options):
    """A placement question's options (`legal_placements`): per rolled face in ``spans``
    (rolled, lowest final, highest final, the count of its placements), per final face from
    the lowest to the highest the Toolkits reach, the targets before the Gantry, the Gantry
    tiles the final face may bid on (``lows``: each tile's lowest bid), then the Doorstep,
    the Academy (when it may be taken) and the Outfitter (``bids``: `_bid_counts`). Its
    length, an item and `find` read the board's tables directly (a random seat reads one
    placement of sixty); iterating lists them all, made once per board, Academy state and
    lowest bids and shared (`_run`). Every item is the same object both ways."""

    __slots__ = ("board", "lows", "bids", "academy", "spans", "n", "given")

    def __init__(self, board: tuple, lows: tuple, bids: tuple, academy: bool, spans: list[tuple],
                 n: int):
        self._listed = None
        self.board, self.lows, self.bids, self.academy = board, lows, bids, academy
        self.spans, self.n = spans, n
        self.given = None  # the last item handed out by index: `find` knows it at once

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i):
        if i.__class__ is int and 0 <= i < self.n and self._listed is None:
            item = self.given = self._item(i)
            return item
        return Options.__getitem__(self, i)

    def _list(self) -> list:
        board, lows, academy = self.board, self.lows, self.academy
        runs = board[2].get((academy, *lows))
        if runs is None:
            runs = board[2][(academy, *lows)] = [None] * 49
        out: list = []
        for rolled, lo, hi, _ in self.spans:
            for at in range(rolled * 7 + lo, rolled * 7 + hi + 1):
                run = runs[at]
                if run is None:
                    run = runs[at] = _run(board, academy, lows, at)
                out += run
        return out

    def _item(self, i: int) -> Action:
        for rolled, lo, hi, size in self.spans:
            if i >= size:
                i -= size
                continue
            lows = self.lows
            summed = self.bids
            head = self.board[0]
            fixed = len(head) + (3 if self.academy else 2)
            final = lo
            while True:  # the final face of item i: each takes fixed + its Gantry bids
                bids = summed[final] - summed[final - 1]
                if i < fixed + bids or final == hi:
                    break
                i -= fixed + bids
                final += 1
            at = rolled * 7 + final
            if i < len(head):
                return head[i].entry(at)
            i -= len(head)
            if i >= bids:
                return (_TAILS_ACADEMY if self.academy else _TAILS)[at][i - bids]
            for table, low in zip(self.board[1], lows, strict=True):
                if low <= final:
                    if not i:
                        return table.entry(at)
                    i -= 1
        raise IndexError("placement index out of range")

    def find(self, action: Action) -> Action | None:
        if action is self.given:  # handed out by this sequence: legal by construction
            return action
        args = action.args
        if action.kind != "place" or args.__class__ is not tuple or len(args) != 4:
            return None
        rolled, final, region, target = args
        if (rolled.__class__ is not int or final.__class__ is not int
                or target.__class__ is not int or not 1 <= final <= 6):
            return None
        for r, lo, hi, _ in self.spans:
            if r == rolled:
                if not lo <= final <= hi:
                    return None
                break
        else:
            return None
        at = rolled * 7 + final
        head = self.board[0]
        found = None
        if region == "basecamp":
            if 0 <= target < len(head) - 2:
                found = head[target].entry(at)
        elif target != 0 and region != "gantry":
            return None
        elif region == "vents" or region == "quarry":
            found = head[-2 if region == "vents" else -1][at]
        elif region == "gantry":
            if 0 <= target < len(self.lows) and final >= self.lows[target]:
                found = self.board[1][target].entry(at)
        elif region == "doorstep":
            found = _DOORSTEP[at]
        elif region == "outfitter":
            found = _OUTFITTER[at]
        elif region == "academy" and self.academy:
            found = _ACADEMY[at]
        return found


def _board(game, cached, key) -> tuple:
    """(targets before the Gantry, Gantry targets, {(Academy open, *lowest bids): placements
    per rolled * 7 + final}, the placements before the Gantry per rolled * 7 +
    final), cached under ``key``."""
    by_id = game.catalog.by_id
    tables = cached.tables

    def target_tables(region: str, ids, where: str) -> list:
        out = []
        for i, item in enumerate(ids):
            table = tables.get((region, i, item))
            if table is None:
                table = tables[(region, i, item)] = _table(
                    region, i, where.format(by_id[item].name))
            out.append(table)
        return out

    head = target_tables("basecamp", key[0], "at Basecamp on {}") + _VENTS_QUARRY
    gantry = target_tables("gantry", key[1], "on the Gantry, bidding for {}")
    if len(cached.boards) >= 256:  # a new board every round of every game: keep the recent
        cached.boards.clear()
    board = cached.boards[key] = (head, gantry, {}, [None] * 49)
    return board


def _run(board, academy: bool, lows: list[int], at: int) -> list:
    """The placements of one rolled and final face (``at`` = rolled * 7 + final), in order."""
    head, gantry, _, columns = board
    # the targets before the Gantry do not depend on the bids: their column is made once a
    # round for each face pair, then copied
    column = columns[at]
    if column is None:
        column = columns[at] = [table.entry(at) for table in head]
    run = column[:]
    final = at % 7
    for table, lowest in zip(gantry, lows, strict=True):
        if final >= lowest:
            run.append(table.entry(at))
    run += (_TAILS_ACADEMY if academy else _TAILS)[at]
    return run


def placement_label(rolled: int, final: int, text: str) -> str:
    """The label of a placement: ``4 in the Vents``, ``3->4 in the Vents (1 Toolkit)``."""
    cost = abs(final - rolled)
    if cost:
        return f"{rolled}->{final} {text} ({counted(cost, 'Toolkit')})"
    return f"{final} {text}"


# Placement actions are immutable values, equal in every game for the same target and text, so
# each is made once, in a table per target: the Action at index rolled * 7 + final (rolled and
# final 1-6). Targets named after a card or tile are cached per catalog (its by_id), and so are
# the boards of recent rounds (their targets in order), which the ~20 placements of a round and
# every clone of the game share.
class _Cache:
    __slots__ = ("by_id", "tables", "boards")

    def __init__(self, by_id):
        self.by_id = by_id
        self.tables: dict[tuple, list] = {}  # (region, index, card or tile id): table
        self.boards: dict[tuple, tuple] = {}  # (card ids, tile ids): see _board


_CACHES: dict[int, _Cache] = {}
_CARD_ID = attrgetter("id")
_TILE = attrgetter("tile")


def _cached(by_id) -> _Cache:
    cache = _CACHES.get(id(by_id))
    if cache is None or cache.by_id is not by_id:
        if len(_CACHES) > 64:  # many catalogs in one process (tests): start again
            _CACHES.clear()
        cache = _CACHES[id(by_id)] = _Cache(by_id)
    return cache


class _Table(list):
    """The placements on one target, by rolled * 7 + final (rolled and final 1-6): each
    Action made when first read (`entry`), then kept: a round's board names cards and tiles
    whose placements are mostly never read."""

    __slots__ = ("region", "target", "text")

    def __init__(self, region: str, target: int, text: str):
        super().__init__([None] * 49)
        self.region, self.target, self.text = region, target, text

    def entry(self, at: int) -> Action:
        """The placement at ``at`` = rolled * 7 + final."""
        action = self[at]
        if action is None:
            rolled, final = divmod(at, 7)
            action = self[at] = Action("place", (rolled, final, self.region, self.target),
                                       (placement_label, rolled, final, self.text))
        return action


def _table(region: str, target: int, text: str, made: bool = False) -> _Table:
    table = _Table(region, target, text)
    if made:  # the fixed targets' tables, made at once: the tails below list their items
        for rolled in range(1, 7):
            for final in range(1, 7):
                table.entry(rolled * 7 + final)
    return table


_VENTS_QUARRY = [_table(r, 0, regions.BY_ID[r].where, True) for r in ("vents", "quarry")]
_DOORSTEP = _table("doorstep", 0, regions.BY_ID["doorstep"].where, True)
_ACADEMY = _table("academy", 0, regions.BY_ID["academy"].where, True)
_OUTFITTER = _table("outfitter", 0, regions.BY_ID["outfitter"].where, True)
# per rolled * 7 + final: the placements after the Gantry, with and without the Academy
_TAILS_ACADEMY = [(d, a, o) for d, a, o in zip(_DOORSTEP, _ACADEMY, _OUTFITTER, strict=True)]
_TAILS = [(d, o) for d, o in zip(_DOORSTEP, _OUTFITTER, strict=True)]


@answer("place")
def place(game, action: Action, player: int) -> None:
    """Apply a placement: spend the Toolkits, move the die, then the region's rule."""
    s = game.state
    p = s.players[player]
    rolled, final, region, target = action.args
    p.dice.remove(rolled)
    p.toolkits -= abs(final - rolled)
    if game.logging or game.observers:  # the record only when someone reads it
        game.record((PLACED, player, rolled, final, region, target))
    follow: list[tuple] = []
    if region == "basecamp":
        s.cards[target].dice.append(BasecampDie(player, final))
        follow.append(("send", player, target, len(s.cards[target].dice) - 1))
    elif region in EXPOSURE:
        dice = getattr(s, regions.BY_ID[region].dice_field)
        # Exposure: right of every die showing the same or lower (rulebook, Vents)
        at = 0
        for i, (_, face) in enumerate(dice):
            if face <= final:
                at = i + 1
        dice.insert(at, (player, final))
    elif region == "gantry":
        s.gantry[target].dice.append((player, final))
        kept = s.placement_board
        if kept is not None and kept[1] is s.gantry and final >= kept[3][target]:
            s.placement_board = _raised(kept, target, final + 1)
    elif region == "academy":
        space = s.academy.index(None)  # the left space first (R36)
        follow.append(("academy_colonist", player, space, final))
    elif region == "outfitter":
        s.outfitter_dice.append((player, final))
        gained = game.catalog.board.outfitter[final] + param(game, "outfitter_bonus", player)
        p.toolkits += gained
        if game.logging or game.observers:
            game.record((GAIN, player, "toolkits", gained))
    turn = ("placement_turn", (player + 1) % len(s.players))
    if follow:
        push(game, *follow, turn)
    else:
        game.tasks.append(turn)  # push of one step


# -- Basecamp sends --------------------------------------------------------------------------

def send_places(game, player: int) -> list:
    """Places a send may take colonists from: SHELTERS, and building indexes (R22)."""
    places = []
    for where in sorted(param(game, "expedition_send_from", player), key=str):
        if where == "shelters":
            places.append(SHELTERS)
        else:
            places.append(where[1])
    return places


def _held(game, player, place):
    p = game.state.players[player]
    return p.shelters if place == SHELTERS else p.buildings[place].staff


@step("send")
def ask_send(game, player: int, card: int, die: int) -> None:
    """R1: none, one colonist of any type, or k Pioneers; paid once at send cost."""
    s = game.state
    p = s.players[player]
    cost = param(game, "expedition_send_cost", player)
    options = [_SEND_NONE]
    if p.energy + p.minerals >= cost:
        face = s.cards[card].dice[die].face
        origins = []  # (place as the action names it, its colonists by type)
        pioneers = 0
        for pl in send_places(game, player):
            if pl == SHELTERS:
                origins.append(("shelters", p.shelters))
                pioneers += p.shelters[PIONEER]
            else:
                staff = p.buildings[pl].staff
                origins.append((pl, staff))
                pioneers += staff[PIONEER]
        for k in range(1, pioneers + 1):
            options.append(_send_action("pioneer", k))
        for t in (1, 2, 3):
            if t == STEWARD and face > 2:
                continue  # a Steward goes only with a die of 1 or 2 (rulebook; R4)
            for where, held in origins:
                if held[t]:
                    options.append(_send_action(TYPES[t], where))
    ask(game, player, "send", options, (player, card, die))


def _send_action(what: str, arg) -> Action:
    """The send of ``k`` Pioneers (``what`` "pioneer", ``arg`` k) or of one colonist of type
    ``what`` from ``arg`` ("shelters" or a building index): made once, then shared."""
    key = (what, arg)
    action = _SENDS.get(key)
    if action is None:
        if what == "pioneer":
            label = f"send {arg} Pioneer{'s' * (arg > 1)}"
        else:
            origin = "the Shelters" if arg == "shelters" else f"building {arg}"
            label = f"send {article(what.capitalize())} from {origin}"
        action = _SENDS[key] = Action("send", key, label)
    return action


_SEND_NONE = Action("send", ("none",), "send no colonist")
_SENDS: dict[tuple, Action] = {}


@answer("send")
def _send(game, action: Action, ctx) -> None:
    player, card, die = ctx
    if action.args[0] == "none":
        return
    d = game.state.cards[card].dice[die]
    cost = param(game, "expedition_send_cost", player)
    follow = []
    if action.args[0] == "pioneer":
        k = action.args[1]
        left = k
        for pl in send_places(game, player):
            n = min(left, _held(game, player, pl)[PIONEER])
            if n:
                col.take(game, player, pl, PIONEER, n)
                left -= n
        d.pioneers += k
        if game.logging or game.observers:
            game.record((SENT, player, card, "pioneer", k))
    else:
        t = TYPES.index(action.args[0])
        where = action.args[1]
        col.take(game, player, SHELTERS if where == "shelters" else where, t)
        d.sent = t
        if game.logging or game.observers:
            game.record((SENT, player, card, TYPES[t], 1))
        if t == MARINE:
            follow.append(("marine", player, card, die))
    if cost:
        pay_resources(game, player, cost)
    push(game, *follow)


@step("marine")
def ask_marine(game, player: int, card: int, die: int) -> None:
    """R2, R38: reduce one opponent's die already beside the card by 1 or 2, never below 1."""
    dice = game.state.cards[card].dice
    options = []
    for i, d in enumerate(dice[:die]):
        if d.player != player and d.face >= 2:
            for amount in range(1, min(2, d.face - 1) + 1):
                options.append(Action("marine", (i, amount),
                                      f"reduce player {d.player}'s {d.face} by {amount}"))
    ask(game, player, "marine", options, (player, card))


@answer("marine")
def _marine(game, action: Action, ctx) -> None:
    player, card = ctx
    i, amount = action.args
    d = game.state.cards[card].dice[i]
    d.face -= amount
    game.emit("marine", player=player, card=card, target=d.player, face=d.face)


# -- Academy colonist ------------------------------------------------------------------------

@step("academy_colonist")
def ask_academy_colonist(game, player: int, space: int, face: int) -> None:
    """R10: the die goes with a colonist from the Shelters or a building; the space then
    holds (player, face, type, where from: SHELTERS or a building index)."""
    p = game.state.players[player]
    options = []
    for t in range(4):
        if p.shelters[t]:
            options.append(Action("trainee", (TYPES[t], "shelters"),
                                  f"train {article(TYPES[t])} from the Shelters"))
        for i, b in enumerate(p.buildings):
            if b.staff[t]:
                options.append(Action("trainee", (TYPES[t], i),
                                      f"train {article(TYPES[t])} from "
                                      f"{game.catalog.by_id[b.tile].name} #{i}"))
    game.state.academy[space] = (player, face, None)
    ask(game, player, "trainee", options, (player, space, face))


@answer("trainee")
def _trainee(game, action: Action, ctx) -> None:
    player, space, face = ctx
    t = TYPES.index(action.args[0])
    where = SHELTERS if action.args[1] == "shelters" else action.args[1]
    col.take(game, player, where, t)
    game.state.academy[space] = (player, face, t, where)  # where from: a wasted action (R10)


def why_not(game, player: int, action_id: str) -> tuple[str, str]:
    """Why ``action_id`` is not a legal placement for ``player``: (message, rulebook rule)."""
    s = game.state
    p = s.players[player]
    parts = action_id.split(":")
    if len(parts) != 5 or parts[0] != "place":
        return ("a placement is written place:ROLLED:FINAL:REGION:TARGET", "Placement Phase")
    _, rolled, final, region, target = parts
    try:
        rolled, final, target = int(rolled), int(final), int(target)
    except ValueError:
        return ("ROLLED, FINAL and TARGET are whole numbers", "Placement Phase")
    if rolled not in p.dice:
        return (f"{game.who(player)} has no die showing {rolled} (dice: {p.dice})",
                "Placement Phase")
    if not 1 <= final <= 6:
        return ("a die may not go below 1 or above 6", "Placement Phase: Toolkits")
    if abs(final - rolled) > p.toolkits:
        return (f"changing a {rolled} to a {final} needs {abs(final - rolled)} Toolkits; "
                f"{game.who(player)} has {p.toolkits}", "Placement Phase: Toolkits")
    if region not in REGIONS:
        return (f"unknown region '{region}'; regions: {', '.join(REGIONS)}", "Placement Phase")
    if region == "basecamp" and not 0 <= target < len(s.cards):
        return (f"Basecamp shows {len(s.cards)} Expedition cards (targets 0-"
                f"{len(s.cards) - 1})", "Basecamp")
    if region == "gantry":
        if not 0 <= target < len(s.gantry):
            return (f"the Gantry shows {len(s.gantry)} tiles", "Gantry")
        top = max((face for _, face in s.gantry[target].dice), default=0)
        return (f"a bid must be higher than each die already on the tile (highest: {top})",
                "Gantry")
    if region == "academy":
        if None not in s.academy:
            return ("both Academy spaces are taken" if len(s.academy) > 1 else
                    "the Academy space is taken (one space with 2 players)", "Academy")
        return ("the die goes with a colonist from the Shelters or a building, and "
                f"{game.who(player)} has none", "Academy")
    return ("the target of this region is 0", "Placement Phase")
