"""Determinizing an Odyssey game for one seat (docs/odyssey-rulings.md OR3): everything the
seat cannot know is resampled, consistently with what it has seen, so its view is unchanged."""

from __future__ import annotations

import random

from artemis.games.odyssey.rules.rounds import face_up_planning
from artemis.kernel.streams import Streams


def determinize(game, seat: int, rng: random.Random, streams: tuple):
    """A clone in which, for ``seat``: each other player's unrevealed Action cards (its hand
    and its face-down cards: which of them lies face down is secret, OR3) are dealt again
    among its hand and its face-down slots; the types of the face-down planets it has not
    peeked at are shuffled among them; the other players' Artifact hands and the Artifact deck
    are redealt from the cards whose place it does not know (those another seat is being
    offered to use now stay, so the pending question can be answered); the Singularity cards
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
    # Artifacts: the seat's own hand and the cards it knows the place of stay put; so do the
    # cards another seat is being offered to use now (a pending W1 names them: the question
    # stays answerable in the clone; the seat deciding never is another seat)
    knows = s.art_known[seat]
    pending = clone.pending
    offered, holder = set(), None
    if pending is not None and pending.kind == "artifact":
        # the player asked; with teams the asked seat's team (OR30)
        holder = pending.player if t is None else t.team_of(pending.player)
        if holder != seat:
            offered = {a.args[0] for a in pending.options}
    free = []
    places = []  # (list, index) of each place whose card the seat does not know
    for other in range(s.n):
        if other == seat:
            continue
        hand = s.players[other].artifacts
        for i, c in enumerate(hand):
            if knows.get(c) != other and not (c in offered and other == holder):
                free.append(c)
                places.append((hand, i))
    for i, c in enumerate(s.artifact_deck):
        if knows.get(c) != -1:
            free.append(c)
            places.append((s.artifact_deck, i))
    free.sort(key=repr)
    rng.shuffle(free)
    for (where, i), c in zip(places, free, strict=True):
        where[i] = c
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
