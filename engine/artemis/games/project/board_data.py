"""The Artemis Project's board as data: the seat's view (`Game.view`) with the catalog's
names and words, for the front ends that draw it (the browser's template ``web/board.html``
beside this module, its boards part's ``web_board``; the terminal seat's
`artemis.games.project.board_text`).

The seven regions in the order they resolve ("The Resolution Phase"), each with its dice in
placement order: Basecamp's Expedition cards (difficulty, the two rewards and who has claimed
them), the Vents and Quarry stocks, the Gantry tiles with their slots and bids, the Doorstep's
colonists, the Academy's spaces and the Outfitter; the Event and the spot where it resolves;
every player's mat (resources, colonists by place, buildings and who staffs them, badges,
Relief Track space, VP, dice).

Only the view is read, but for the dice at the Outfitter: the view leaves them out, and they
are as public as the dice at the Vents ("The Placement Phase": a die stays where it is placed
until its region resolves).
"""

from __future__ import annotations

from artemis.games.project.vocabulary import REGIONS
from artemis.games.project.words import (
    colonist_name,
    describe,
    describe_ability,
    describe_clause,
    describe_modify,
    region_name,
)


def _colonists(counts: dict) -> str:
    """"2 pioneers, 1 engineer" (none: "none")."""
    parts = [f"{n} {colonist_name(kind, n)}" for kind, n in counts.items() if n]
    return ", ".join(parts) or "none"


def board(game, view: dict) -> dict:
    """The template's data for ``view`` (a seat's `Game.view` of a Project ``game``):
    ``regions`` (id, name, dice [(seat, face)...], and what the region holds; a Gantry
    tile's ability), ``event`` (name, spot, when it resolves, what it does, its rule changes
    in words), ``players`` (each mat; each building's ability), ``round``, ``phase``."""
    catalog = game.catalog
    b = view["board"]
    spots = {s.spot: s for s in catalog.board.event_spots}
    event = None
    if view.get("event"):
        card = catalog.by_id.get(view["event"])
        spot = spots.get(card.when) if card is not None else None
        when = ("at once" if spot is None or not (spot.before or spot.after)
                else f"before {region_name(spot.before)}" if spot.before
                else f"after {region_name(spot.after)}")
        event = {"name": card.name if card else view["event"],
                 "spot": card.when if card else "?", "when": when,
                 # what it does, as `artemis content show` says it, before it resolves
                 "text": "; ".join(describe_clause(c) for c in card.clauses) if card else "",
                 "modifiers": [{**m, "text": describe_modify(m["param"], m["mode"],
                                                             m["value"])}
                               for m in view.get("event_modifiers", [])]}
    expeditions = []
    for c in b["expeditions"]:
        card = catalog.by_id.get(c["card"])
        rewards = []
        for i, effect in enumerate(card.rewards if card else ()):
            tile = c["reward_tiles"][i] if i < len(c["reward_tiles"]) else None
            extra = _colonists(c["reward_colonists"][i]) if i < len(c["reward_colonists"]) \
                else "none"
            rewards.append({"text": describe(effect),
                            "tile": _name(catalog, tile) if tile else None,
                            "colonists": extra if extra != "none" else None})
        expeditions.append({
            "id": c["card"], "name": card.name if card else c["card"],
            "difficulty": card.difficulty if card else None, "rewards": rewards,
            "dice": [{"seat": d["player"], "face": d["face"], "pioneers": d["pioneers"],
                      "sent": d["sent"]} for d in c["dice"]]})
    gantry = [{"id": g["tile"], "name": _name(catalog, g["tile"]),
               "slots": list(getattr(catalog.by_id.get(g["tile"]), "slots", ())),
               "ability": _ability(catalog, g["tile"]),
               "dice": [{"seat": d[0], "face": d[1]} for d in g["dice"]]}
              for g in b["gantry"]]
    academy = [None if a is None else {"seat": a[0], "face": a[1],
                                       "colonist": colonist_name(a[2])}
               for a in b["academy"]]
    regions = {
        "basecamp": {"expeditions": expeditions},
        "vents": {"stock": f"{b['vents']} Energy",
                  "dice": [{"seat": d[0], "face": d[1]} for d in b["vents_dice"]]},
        "quarry": {"stock": f"{b['quarry']} Minerals",
                   "dice": [{"seat": d[0], "face": d[1]} for d in b["quarry_dice"]]},
        "gantry": {"tiles": gantry},
        "doorstep": {"stock": _colonists(b["doorstep"]),
                     "dice": [{"seat": d[0], "face": d[1]} for d in b["doorstep_dice"]]},
        "academy": {"spaces": academy,
                    "stock": _colonists(b["academy_supply"])},
        # the view leaves the Outfitter's dice out (its shape is the saves' digest,
        # docs/saves.md); placed dice are in every player's sight, so they are read here
        "outfitter": {"stock": "Toolkits for a die: " + ", ".join(
            f"{face}: {n}" for face, n in enumerate(catalog.board.outfitter) if face),
                      "dice": [{"seat": d[0], "face": d[1]}
                               for d in game.state.outfitter_dice]},
    }
    players = []
    for p in view["players"]:
        players.append({
            "seat": p["seat"], "energy": p["energy"], "minerals": p["minerals"],
            "toolkits": p["toolkits"], "badges": p["badges"], "vp": p["vp"],
            "relief": p["relief"], "dice": p["dice"],
            "shelters": _colonists(p["shelters"]), "arriving": _colonists(p["arriving"]),
            "buildings": [{"id": bd["tile"], "name": _name(catalog, bd["tile"]),
                           "slots": list(getattr(catalog.by_id.get(bd["tile"]), "slots", ())),
                           "ability": _ability(catalog, bd["tile"]),
                           "staff": _colonists(bd["staff"])} for bd in p["buildings"]],
        })
    return {"round": view["round"], "phase": view["phase"], "start": view["start_player"],
            "event": event, "players": players,
            "regions": [{"id": r, "name": region_name(r), **regions.get(r, {})}
                        for r in REGIONS],
            "bag": _colonists(b["bag"])}


def _ability(catalog, tile_id: str) -> str:
    """A building tile's ability in words, as `artemis content show` says it."""
    tile = catalog.by_id.get(tile_id)
    return describe_ability(tile) if tile is not None else ""


def _name(catalog, item_id: str | None) -> str:
    item = catalog.by_id.get(item_id) if item_id else None
    return item.name if item is not None else str(item_id)
