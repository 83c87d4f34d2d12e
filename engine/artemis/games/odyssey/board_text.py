"""The Artemis Odyssey's board for the terminal seat, from the seat's view (`Game.view`): a
line for the round, phase, First player and the bank; the Planning board (each slot's card,
face down unless revealed or the seat's own); the galaxy by system (each planet face up with
its type, owner and pieces, or face down, with its type where this seat peeked at it); every
player's row (colour, VP, Resource cards, Assets left, Action hand size, Alien Artifacts) and
the seat's own hand and Artifacts.
"""

from __future__ import annotations

from artemis.games.odyssey.vocabulary import (
    ASSET_NAMES,
    ASSETS,
    PLANET_NAMES,
    RESOURCE_NAMES,
    RESOURCES,
)


def _cards(counts: dict) -> str:
    return ", ".join(f"{n} {RESOURCE_NAMES.get(r, r)}" for r, n in counts.items() if n) or "none"


def board_text(game, view: dict, names: list[str]):
    """A rich Group of ``view`` for the terminal, players called by ``names`` (by seat; with
    teams a player row is a team, named by its colour and its seats)."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    players = view["players"]
    teams = view.get("teams")

    def who(player: int | None) -> str:
        if player is None:
            return ""
        if teams is not None:
            return f"{players[player]['colour']} team"
        return f"{names[player]} ({players[player]['colour']})"

    head = (f"Round {view['round']}, {view['phase']}; First player "
            f"{names[view['first_player']] if teams is None else view['first_player']}; "
            f"bank: {_cards(view['bank'])}")
    parts = [Text(head, style="bold")]
    if view.get("mission"):
        parts.append(Text(f"Mission: {view['mission']}"))
    slots = []
    for row in view["board"]:
        if row["player"] is None:
            card = "free" + (" (Singularity)" if row["singularity"] else "")
        else:
            card = f"{row['card'] or 'face down'} ({who(row['player'])})"
        slots.append(f"{row['slot']}: {card}")
    parts.append(Text("Planning board: " + "; ".join(slots)))
    galaxy = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    galaxy.add_column("system", style="bold")
    galaxy.add_column("planets")
    systems: dict[str, list[str]] = {}
    down: dict[str, int] = {}  # face-down planets no peek told this seat about, by system
    for p in view["planets"]:
        if p["up"]:
            pieces = ", ".join(f"{n} {ASSET_NAMES[a][0 if n == 1 else 1]}"
                               for a, n in p.get("pieces", {}).items())
            owner = who(p.get("owner")) if p.get("owner") is not None else ""
            text = f"{p['id']} {PLANET_NAMES.get(p['type'], p['type'])}"
            if owner or pieces:
                text += f" ({'; '.join(x for x in (owner, pieces) if x)})"
        elif p["type"]:
            text = f"{p['id']} face down (you peeked: {PLANET_NAMES.get(p['type'], p['type'])})"
        else:
            text = ""  # counted below
        systems.setdefault(p["system"], [])
        if text:
            systems[p["system"]].append(text)
        else:
            down[p["system"]] = down.get(p["system"], 0) + 1
    cat = game.catalog.by_id
    for system, planets in systems.items():
        item = cat.get(system)
        hidden = [f"{down[system]} face down"] if down.get(system) else []
        galaxy.add_row(item.name if item is not None else system, "; ".join(planets + hidden))
    # two letters a Resource, with the legend below: eleven columns fit 80 characters whole
    mats = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    mats.add_column("player", no_wrap=True)
    mats.add_column("VP", justify="right", no_wrap=True)
    for r in RESOURCES:
        mats.add_column(RESOURCE_NAMES[r][:2], justify="right", no_wrap=True)
    mats.add_column("C/F/S/T", justify="right", no_wrap=True)
    mats.add_column("hand", justify="right", no_wrap=True)
    mats.add_column("Art", justify="right", no_wrap=True)
    for p in players:
        assets = "/".join(str(p["supply"][a]) for a in ASSETS)
        mats.add_row(who(p["seat"]), str(p["vp"]), *(str(p["resources"][r]) for r in RESOURCES),
                     assets, str(p["hand_size"]),
                     f"{p['artifacts_held']}/{p['artifacts_used']}")
    legend = ", ".join(f"{RESOURCE_NAMES[r][:2]} {RESOURCE_NAMES[r]}" for r in RESOURCES)
    parts += [galaxy, mats, Text(f"{legend}; C/F/S/T: Colonies, Factories, Starships, "
                                 "Terraformers left; Art: Alien Artifacts held/used",
                                 style="dim")]
    mine = [p for p in players if "artifacts" in p]
    if mine:
        p = mine[0]
        held = ", ".join(cat[c].name if c in cat else c for c in p["artifacts"]) or "none"
        # with teams the seat's own dealt cards: the team's hand would show its partner's
        hand = teams["hand"] if teams is not None else p["hand"]
        parts.append(Text(f"your Action hand: {', '.join(hand) or 'none'}"))
        if teams is not None:
            partner = ", ".join(teams["partner_unrevealed"]) or "none"
            parts.append(Text(f"your partner's cards not yet revealed (in hand or face "
                              f"down): {partner}"))
        parts.append(Text(f"your Alien Artifacts: {held}"))
    return Group(*parts)
