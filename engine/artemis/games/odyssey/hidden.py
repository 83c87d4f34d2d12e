"""Determinizing an Odyssey game for one seat (docs/odyssey-rulings.md OR3): everything the
seat cannot know is resampled, consistently with what it has seen, so its view is unchanged."""

from __future__ import annotations

import random

from artemis.games.odyssey.rules.artifacts import usable, window_options
from artemis.games.odyssey.rules.rounds import face_up_planning
from artemis.games.odyssey.rules.travel import keep_options
from artemis.kernel.actions import Decision
from artemis.kernel.flow import reask
from artemis.kernel.streams import Streams


def determinize(game, seat: int, rng: random.Random, streams: tuple):
    """A clone in which, for ``seat``: each other player's unrevealed Action cards (its hand
    and its face-down cards: which of them lies face down is secret, OR3) are dealt again
    among its hand and its face-down slots; the types of the face-down planets it has not
    peeked at are shuffled among them; the other players' Artifact hands and the Artifact deck
    are redealt from the cards whose place it does not know (a W1 question another seat is
    being asked now is asked again from the hand it is dealt, and the Artifacts another player
    drew and is choosing among are dealt with them); the Singularity cards
    it has not peeked at are shuffled among their places; and every random stream is
    reseeded. The world depends on the seat's view and ``rng`` alone: each set of cards
    dealt again is sorted first, so the real hidden arrangement never shows through. A
    pending Planning question of a player whose hand was dealt again is asked again.

    With teams (OR14) the seat's team is its player: its partner's unrevealed cards are
    dealt again among the partner's hand and slots, and each other team's among both its
    seats' hands and slots (the deal is secret)."""
    clone = game.clone()
    s = clone.state
    t = s.teams
    me = seat if t is None else t.team_of(seat)
    redealt = set()  # the seats whose hands were dealt again
    if not face_up_planning(clone):  # solo's cards are face up (OR18): nothing to redeal
        for other in range(s.n):
            if t is None:
                if other != seat:
                    _redeal(s, rng, [s.players[other].hand],
                            [lambda i, other=other: s.board[i][0] == other])
                    redealt.add(other)
                continue
            seats = [t.partner(seat)] if other == me else list(t.seats_of(other))
            hand = s.players[other].hand  # the dealt cards and any gained since (OR14)
            for x in seats:
                for c in t.dealt[x]:
                    hand.remove(c)
            _redeal(s, rng, [t.dealt[x] for x in seats],
                    [lambda i, x=x: t.board_seat[i] == x for x in seats])
            for x in seats:
                hand.extend(t.dealt[x])
            redealt.update(seats)
    pending = clone.pending
    if pending is not None and pending.kind == "place" and pending.player in redealt:
        from artemis.games.odyssey.rules.rounds import plan

        clone.pending = None  # the seat on turn asked again, from its new hand
        plan(clone, pending.player, True)  # its Artifact window has passed
    known = s.known[seat]
    seat = me  # what follows is known by the player (with teams: by both partners)
    # face-down planets the seat has not peeked at
    unknown = [p for p in s.planets if not p.up and p.id not in known]
    kinds = sorted((p.type for p in unknown), key=repr)
    rng.shuffle(kinds)
    for p, k in zip(unknown, kinds, strict=True):
        p.type = k
    # Artifacts: the seat's own hand and the cards it knows the place of stay put; the rest
    # are dealt again, even a card another seat is being offered to use now (a pending W1):
    # keeping those would keep that seat's real hand, which the seat cannot see
    knows = s.art_known[seat]
    free = []
    places = []  # (list, index) of each place whose card the seat does not know
    for other in range(s.n):
        if other == seat:
            continue
        hand = s.players[other].artifacts
        for i, c in enumerate(hand):
            if knows.get(c) != other:
                free.append(c)
                places.append((hand, i))
    for i, c in enumerate(s.artifact_deck):
        if knows.get(c) != -1:
            free.append(c)
            places.append((s.artifact_deck, i))
    # the cards another player drew and is choosing among (OR10): in its pending question or
    # in a step still to run; the seat was told how many, not which
    drawn = _drawn_by_others(clone, t, seat)
    for _, _, cards in drawn:
        free.extend(cards)
        places.extend((cards, i) for i in range(len(cards)))
    free.sort(key=repr)
    rng.shuffle(free)
    for (where, i), c in zip(places, free, strict=True):
        where[i] = c
    for where, j, cards in drawn:
        if where == "pending":
            p = clone.pending
            who, _, keeps = p.ctx
            clone.pending = Decision(p.player, p.kind, keep_options(clone, tuple(cards)),
                                     (who, tuple(cards), keeps))
        else:
            task = clone.tasks[j]
            clone.tasks[j] = (task[0], task[1], tuple(cards), task[3])
    pending = clone.pending
    if pending is not None and pending.kind == "artifact":
        # the player asked; with teams the asked seat's team (OR30)
        holder = pending.player if t is None else t.team_of(pending.player)
        if holder != seat:
            _ask_window_again(clone, s.players[holder].artifacts, places, rng)
    for other in range(s.n):
        if other != seat:
            s.art_known[other] = {}
    # Singularity cards the seat has not peeked at
    deck = s.singularity_deck
    idx = [i for i, c in enumerate(deck) if c not in s.sing_known[seat]]
    cards = sorted((deck[i] for i in idx), key=repr)
    rng.shuffle(cards)
    for i, c in zip(idx, cards, strict=True):
        deck[i] = c
    for other in range(s.n):
        if other != seat:
            s.sing_known[other] = s.sing_known[other] & s.sing_known[seat]
    # each generator made when first read: the seeds are drawn now, in order
    s.rng = Streams.seeded((name, rng.getrandbits(64)) for name in streams)
    return clone


def _drawn_by_others(clone, t, me: int) -> list[tuple]:
    """The Artifacts drawn by a player other than ``me`` (a player; with teams a team) and not
    yet kept or put under the deck: ("pending", None, cards) for the ``keep_artifact``
    question being asked, ("task", index in ``clone.tasks``, cards) for a ``keep_artifacts``
    step still to run. ``cards`` are fresh lists, to be dealt into."""
    def other(player: int) -> bool:
        return (player if t is None else t.team_of(player)) != me

    out = []
    pending = clone.pending
    if pending is not None and pending.kind == "keep_artifact" and other(pending.player):
        out.append(("pending", None, list(pending.ctx[1])))
    for j, task in enumerate(clone.tasks):
        if task[0] == "keep_artifacts" and other(task[1]):
            out.append(("task", j, list(task[2])))
    return out


def _ask_window_again(clone, hand: list, places: list, rng: random.Random) -> None:
    """Ask the pending W1 question (another seat's) again from the Artifacts ``hand`` holds
    after the deal. That the question is asked is public: the seat holds a card it may use
    now. When the deal left it none, one of its dealt cards changes place with a dealt card
    elsewhere, the first in an order the rng alone sets that makes the question askable."""
    name, seats, trigger = clone.pending.ctx
    cards = usable(clone, seats[0], name, trigger)
    if not cards:
        mine = [i for where, i in places if where is hand]
        elsewhere = [(where, i) for where, i in places if where is not hand]
        rng.shuffle(elsewhere)
        for where, i in elsewhere:
            for h in mine:
                hand[h], where[i] = where[i], hand[h]
                cards = usable(clone, seats[0], name, trigger)
                if cards:
                    break
                hand[h], where[i] = where[i], hand[h]
            if cards:
                break
        else:  # no dealt card would do: the world keeps the hand as dealt
            return
    reask(clone, window_options(clone, cards))


def _redeal(s, rng: random.Random, hands: list[list], slots: list) -> None:
    """Deal the cards of ``hands`` (lists, changed in place, each keeping its size) and of
    the face-down slots that one of ``slots`` (predicates on a slot's index) picks again
    among those same places."""
    idx = [i for i, e in enumerate(s.board)
           if e is not None and not s.revealed[i] and any(whose(i) for whose in slots)]
    cards = sorted([c for hand in hands for c in hand] + [s.board[i][1] for i in idx],
                   key=repr)
    rng.shuffle(cards)
    for hand in hands:
        hand[:], cards = cards[:len(hand)], cards[len(hand):]
    for i, c in zip(idx, cards, strict=True):
        s.board[i] = (s.board[i][0], c)
