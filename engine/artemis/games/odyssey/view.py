"""The stable JSON views of an Odyssey game, per seat (docs/odyssey-rulings.md OR3).

Public: the board's slots (who played each card; the card once revealed), face-up planets and
their pieces, the solo Mission, the bank, scores, Resource hands (every change to one is
seen), Action hands, Score discard piles, how many Alien Artifacts each player holds, the
sizes of the decks.
Hidden: a face-down card's identity (its owner sees it), a face-down planet's type (a seat that
peeked at it sees it), which Artifacts a player holds (the holder sees them), the order of the
Artifact and Singularity decks (a seat sees the Singularity cards it peeked at)."""

from __future__ import annotations

from artemis.games.odyssey.vocabulary import ASSETS, RESOURCES


def _res(counts) -> dict:
    return {r: counts[i] for i, r in enumerate(RESOURCES)}


def view(game, seat: int | None = None) -> dict:
    """What ``seat`` (None: a spectator) may know, as plain JSON data."""
    s = game.state
    known = s.known[seat] if seat is not None else ()
    board = []
    for i, slot in enumerate(s.slots):
        entry = s.board[i]
        row = {"slot": slot, "singularity": slot == s.singularity_slot,
               "player": None if entry is None else entry[0], "card": None}
        if entry is not None and (s.revealed[i] or entry[0] == seat):
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
               "hand": sorted(p.hand), "score_discard": sorted(p.score_discard),
               "artifacts_held": len(p.artifacts), "artifacts_used": p.artifacts_used}
        if p.seat == seat:
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
    if seat is not None and s.sing_known[seat]:
        out["singularity_known"] = sorted(
            (s.singularity_deck.index(c), c) for c in s.sing_known[seat]
            if c in s.singularity_deck)
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
        "streams": {name: hashlib.sha256(repr(r.getstate()).encode()).hexdigest()[:16]
                    for name, r in sorted(s.rng.items())},
    }
    return out
