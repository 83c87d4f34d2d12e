"""The stable JSON views of a Project game: names from the rulebook, counts by colonist type
name; independent of the compact internal state.

Every seat sees the same: the Project hides only the order of the Expedition deck, the tile
stacks and the Event deck, which Events are in it, and the random streams (the next die, the
next colonist from the bag). `view` leaves all of those out; `full_view` adds them."""

from __future__ import annotations

from artemis.games.project.state import TYPES

#: Where `view` holds a seat (0 first, R35), as dotted path patterns (``*``: any one index or
#: key): a scenario's ``expect`` may write a player's name there (artemis.scenario.seats). A
#: die on the board is [player, face] (the Academy's [player, face, colonist]), or at Basecamp
#: {player, face, ...}. Keep in step with `view` (a test checks every seat it shows).
SEAT_PATHS = (
    "start_player",
    "players.*.seat",
    "board.expeditions.*.dice.*.player",
    "board.vents_dice.*.0",
    "board.quarry_dice.*.0",
    "board.doorstep_dice.*.0",
    "board.gantry.*.dice.*.0",
    "board.academy.*.0",
)


def _col(counts) -> dict:
    return {t: counts[i] for i, t in enumerate(TYPES)}


def view(game, seat: int | None = None) -> dict:
    """What any seat (or a spectator, ``seat`` None) may know, as plain JSON data."""
    s = game.state
    return {
        "round": s.round,
        "phase": s.phase,
        "start_player": s.start,
        "event": s.event,
        "event_modifiers": [{"param": m.param, "mode": m.mode, "value": m.value}
                            for m in s.event_modifiers],
        "players": [{
            "seat": p.seat, "energy": p.energy, "minerals": p.minerals, "toolkits": p.toolkits,
            "badges": p.badges, "vp": p.vp, "relief": p.relief, "dice": p.dice[:],
            "shelters": _col(p.shelters), "arriving": _col(p.arriving),
            "buildings": [{"tile": b.tile, "staff": _col(b.staff)} for b in p.buildings],
        } for p in s.players],
        "board": {
            "bag": _col(s.bag), "discard": _col(s.discard), "doorstep": _col(s.doorstep),
            "academy_supply": _col(s.academy_supply), "vents": s.vents, "quarry": s.quarry,
            "expeditions": [{"card": c.id, "dice": [
                {"player": d.player, "face": d.face, "pioneers": d.pioneers,
                 "sent": TYPES[d.sent] if d.sent is not None else None} for d in c.dice],
                "reward_colonists": [_col(r) for r in c.reward_colonists],
                "reward_tiles": list(c.reward_tiles)}
                for c in s.cards],
            "vents_dice": [list(d) for d in s.vents_dice],
            "quarry_dice": [list(d) for d in s.quarry_dice],
            "doorstep_dice": [list(d) for d in s.doorstep_dice],
            "gantry": [{"tile": g.tile, "dice": [list(d) for d in g.dice]} for g in s.gantry],
            # (player, face, type): the documented shape, which saves digest (docs/saves.md);
            # where the colonist came from shows in that place's count
            "academy": [list(a[:3]) if a else None for a in s.academy],
        },
    }


def full_view(game) -> dict:
    """`view` plus everything hidden: the deck and stack orders, the Events set aside, a digest
    of each random stream's state (rulebook, Setup: the stacks and decks are face down)."""
    import hashlib

    s = game.state
    out = view(game)
    out["hidden"] = {
        "expedition_deck": list(s.expedition_deck),
        "event_deck": list(s.event_deck),
        "stacks": {k: list(v) for k, v in sorted(s.stacks.items())},
        "streams": {name: hashlib.sha256(repr(r.getstate()).encode()).hexdigest()[:16]
                    for name, r in sorted(s.rng.items())},
    }
    return out
