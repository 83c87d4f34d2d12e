"""Determinizing an Odyssey game for one seat (docs/odyssey-rulings.md OR3): everything the
seat cannot know is resampled, consistently with what it has seen, so its view is unchanged."""

from __future__ import annotations

import random

from artemis.kernel.streams import Streams


def determinize(game, seat: int, rng: random.Random, streams: tuple):
    """A clone in which, for ``seat``: the other players' face-down Action cards are dealt
    again among their own face-down slots; the types of the face-down planets it has not
    peeked at are shuffled among them; the other players' Artifact hands and the Artifact deck
    are redealt from the cards whose place it does not know (those another seat is being
    offered to use now stay, so the pending question can be answered); the Singularity cards
    it has not peeked at are shuffled among their places; and every random stream is
    reseeded. The world depends on the seat's view and ``rng`` alone: each set of cards
    dealt again is sorted first, so the real hidden arrangement never shows through.

    With teams (OR14) the seat's team is its player: its partner's face-down cards are dealt
    again among the partner's slots, and each other team's face-down cards among that team's
    slots and its cards in hand again between its two seats (the deal is secret)."""
    clone = game.clone()
    s = clone.state
    t = s.teams
    me = seat if t is None else t.team_of(seat)
    # face-down Action cards of the others: only the mapping to slots is secret
    for other in range(s.n):
        if t is None and other == seat:
            continue
        if t is None or other != me:
            _reslot(s, rng, lambda i, other=other: s.board[i][0] == other)
        else:
            partner = t.partner(seat)
            _reslot(s, rng, lambda i, partner=partner: t.board_seat[i] == partner)
        if t is not None and other != me:
            a, b = t.seats_of(other)
            pool = sorted(t.dealt[a] + t.dealt[b], key=repr)
            rng.shuffle(pool)
            t.dealt[a], t.dealt[b] = pool[:len(t.dealt[a])], pool[len(t.dealt[a]):]
            pending = clone.pending
            if pending is not None and pending.kind == "place" and pending.player in (a, b):
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


def _reslot(s, rng: random.Random, whose) -> None:
    """Deal the face-down cards of the slots ``whose(index)`` picks again among them."""
    idx = [i for i, e in enumerate(s.board)
           if e is not None and not s.revealed[i] and whose(i)]
    cards = sorted((s.board[i][1] for i in idx), key=repr)
    rng.shuffle(cards)
    for i, c in zip(idx, cards, strict=True):
        s.board[i] = (s.board[i][0], c)
