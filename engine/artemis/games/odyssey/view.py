"""The stable JSON views of an Odyssey game, per seat (docs/odyssey-rulings.md OR3).

Public: the board's slots (who played each card; the card once revealed, and in solo at once:
OR18), face-up planets and their pieces, the solo Mission, the bank, scores, Resource hands
(every change to one is seen), each player's ``unrevealed`` Action cards (the cards of its
hand together with those it has placed face down and not yet revealed: the deck less the Score
discard pile and the cards revealed this round) and ``hand_size``, Score discard piles, how
many Alien Artifacts each player holds and which it has used (a used card is revealed, OR7),
the sizes of the decks, and a Trade in progress (``trade``: the Planner, its bank trades so
far, the players blocked from an offer, and the offer being built or answered: the whole table
hears every card added to it, OR6).
Hidden: a face-down card's identity, and so which of a player's unrevealed cards are still in
hand (its owner sees them: its ``hand``); a face-down planet's type (a seat that peeked at it
sees it; in solo only with the option ``memory_aid``, OR4); which Artifacts a player holds
(the holder sees them); the order of the Artifact and Singularity decks (a seat sees the
Singularity cards it peeked at).

With teams (6 or 8 seats, OR14) the players are the teams and the view adds ``teams``: the
teams and their seats, the marker seat, each team's speaker (OR30), how many cards each seat
holds, the seat's own dealt cards still in hand and its partner's unrevealed cards (dealt to
it this round and not yet revealed: which of them it still holds is the partner's secret, as
for any player), and what partners share: the team's Artifacts. A peek is the peeking seat's
alone. A team's ``hand`` is never shown: with it and its own cards a seat would know which
cards its partner still holds."""

from __future__ import annotations

from artemis.games.odyssey.vocabulary import ASSETS, RESOURCES


def _res(counts) -> dict:
    return {r: counts[i] for i, r in enumerate(RESOURCES)}


def face_down(state, whose) -> list[str]:
    """The cards placed face down this round and not yet revealed in the slots whose index
    ``whose(index)`` picks, in slot order."""
    return [e[1] for i, e in enumerate(state.board)
            if e is not None and not state.revealed[i] and whose(i)]


def view(game, seat: int | None = None) -> dict:
    """What ``seat`` (None: a spectator) may know, as plain JSON data (OR3)."""
    from artemis.games.odyssey.rules.rounds import face_up_planning

    s = game.state
    t = s.teams
    # OR4: in solo a human relies on memory for earlier peeks unless memory_aid is set; a
    # bot's memory is the state's (`known`), which determinize keeps
    remembers = s.n > 1 or t is not None or game.config.options.get("memory_aid")
    known = s.known[seat] if seat is not None and remembers else ()
    me = seat if seat is None or t is None else t.team_of(seat)
    face_up = face_up_planning(game)
    board = []
    for i, slot in enumerate(s.slots):
        entry = s.board[i]
        row = {"slot": slot, "singularity": slot == s.singularity_slot,
               "player": None if entry is None else entry[0], "card": None}
        by = None if entry is None else entry[0] if t is None else t.board_seat[i]
        if t is not None:
            row["seat"] = by
        if entry is not None and (s.revealed[i] or by == seat or face_up):
            row["card"] = entry[1]
        board.append(row)
    planets = []
    for p in s.planets:
        row = {"id": p.id, "system": p.system, "up": p.up,
               "type": p.type if p.up or p.id in known else None}
        if p.up:
            row["owner"] = None if p.owner < 0 else p.owner
            row["pieces"] = {a: p.pieces[k] for k, a in enumerate(ASSETS) if p.pieces[k]}
        planets.append(row)
    players = []
    for p in s.players:
        row = {"seat": p.seat, "colour": p.colour, "vp": p.vp, "resources": _res(p.res),
               "supply": {a: p.supply[k] for k, a in enumerate(ASSETS)},
               "hand_size": len(p.hand),
               "unrevealed": sorted(p.hand + face_down(s, lambda i, who=p.seat:
                                                       s.board[i][0] == who)),
               "score_discard": sorted(p.score_discard),
               "artifacts_held": len(p.artifacts), "artifacts_used": p.artifacts_used,
               "artifacts_played": list(p.artifacts_played)}
        if p.seat == me:
            if t is None:  # a team's hand would show which cards the partner still holds
                row["hand"] = sorted(p.hand)
            row["artifacts"] = sorted(p.artifacts)
        players.append(row)
    out = {
        "round": s.round, "phase": s.phase, "first_player": s.first,
        "bank": _res(s.bank), "board": board, "planets": planets, "players": players,
        "artifact_deck": len(s.artifact_deck), "singularity_deck": len(s.singularity_deck),
        "reached_42": s.reached_42, "end": s.end,
    }
    if s.mission is not None:  # solo: the Mission card is face up (Solo Rules, Setup 6)
        out["mission"] = s.mission
    if me is not None and s.sing_known[me]:
        out["singularity_known"] = sorted(
            (s.singularity_deck.index(c), c) for c in s.sing_known[me]
            if c in s.singularity_deck)
    if s.trade is not None:
        out["trade"] = _trade(game)
    if t is not None:
        out["teams"] = _teams(s, seat)
    return out


def _trade(game) -> dict:
    """The ``trade`` part of the view (rulebook, The Actions: Trade; OR6): the Planner (with
    teams, its team), ``bank_trades`` made, the players ``blocked`` from an offer until a
    trade is made, and ``offer``, the offer being built (an ``offer_edit`` question) or
    answered (``offer_reply``): its ``target`` player (team) and the Resources it ``give``s
    and ``get``s; None between offers. Every answer that builds one is told to all."""
    t = game.state.trade
    pending = game.pending
    offer = None
    if pending is not None and pending.kind in ("offer_edit", "offer_reply"):
        offer = {"target": t.target, "give": _res(t.give), "get": _res(t.get)}
    return {"planner": t.planner, "bank_trades": t.k, "blocked": sorted(t.blocked),
            "offer": offer}


def _teams(s, seat: int | None) -> dict:
    """The ``teams`` part of a team game's view (OR14, OR30)."""
    t = s.teams
    out = {"teams": [{"team": team, "colour": p.colour, "seats": list(t.seats_of(team)),
                      "speaker": t.speaker(team)} for team, p in enumerate(s.players)],
           "marker_seat": t.marker, "planner_seat": t.planner,
           "cards_in_hand": [len(d) for d in t.dealt]}
    if seat is not None:
        partner = t.partner(seat)
        out["hand"] = sorted(t.dealt[seat])
        out["partner_unrevealed"] = sorted(
            t.dealt[partner] + face_down(s, lambda i: t.board_seat[i] == partner))
        out["shared"] = ("partners share the team's Resource hand, Artifacts and Score "
                         "marker; each knows its own dealt cards and so which cards its "
                         "partner was dealt, not which of them the partner has placed face "
                         "down; a peek is the peeking seat's alone (OR14)")
    return out


def full_view(game) -> dict:
    """`view` plus everything hidden: every face-down card and planet, every Artifact hand,
    the deck orders and a digest of each random stream's state."""
    import hashlib

    s = game.state
    out = view(game)
    out["hidden"] = {
        "board": [None if e is None else list(e) for e in s.board],
        "planets": {p.id: p.type for p in s.planets if not p.up},
        "artifacts": [list(p.artifacts) for p in s.players],
        "artifact_deck": list(s.artifact_deck),
        "singularity_deck": list(s.singularity_deck),
        "known": [sorted(k) for k in s.known],
        **({} if s.teams is None else {"dealt": [sorted(d) for d in s.teams.dealt],
                                       "resolvers": {str(k): v for k, v in
                                                     sorted(s.teams.resolvers.items())}}),
        "streams": {name: hashlib.sha256(repr(r.getstate()).encode()).hexdigest()[:16]
                    for name, r in sorted(s.rng.items())},
    }
    return out
