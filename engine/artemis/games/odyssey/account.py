"""The account of an Odyssey game for people: its story from the public log, round by
round (nothing a seat could not see: private records are left out)."""

from __future__ import annotations

from artemis.games.odyssey.vocabulary import ASSET_NAMES, OPTION_NAMES, RESOURCE_NAMES


def account_lines(game, names: list[str]) -> list[str]:
    """A line per round header, revealed card and its outcome, Reaching 42 and the end (in
    solo the Mission and each goal, `artemis.games.odyssey.rules.mission.mission_lines`);
    ``names`` are the seats' labels, by seat."""
    cat = game.catalog.by_id
    out: list[str] = []
    parts: list[str] = []
    head = ""

    def flush() -> None:
        if head or parts:
            out.append(f"  {head}" + (": " + "; ".join(parts) if parts else ""))
        parts.clear()

    for e in game.log:
        if "to" in e:
            continue
        kind = e["type"]
        who = names[e["player"]] if isinstance(e.get("player"), int) else ""
        if kind == "round":
            flush()
            head = ""
            out.append(f"── Round {e['round']} (First player {names[e['first']]}) " + "─" * 40)
        elif kind == "revealed":
            flush()
            head = f"Slot {e['slot']}: {who}'s {e['card']}"
        elif kind == "singularity":
            flush()
            head = f"Singularity: {cat[e['card']].name}"
        elif kind == "produce":
            parts.append(f"{who} picks {RESOURCE_NAMES[e['resource']]}")
        elif kind == "gain":
            parts.append(f"{who} +{e['amount']} {RESOURCE_NAMES[e['item']]}")
        elif kind == "travel_declared":
            parts.append(f"{who} declares {cat[e['system']].name}")
        elif kind == "travelled":
            parts.append(f"{who} {e['origin']} -> {e['target']}")
        elif kind == "discovered":
            parts.append(f"{e['planet']} is {e['type'].capitalize()}")
        elif kind == "built":
            parts.append(f"{who} builds a {ASSET_NAMES[e['asset']][0]} on {e['planet']}")
        elif kind == "bank_trade":
            parts.append(f"{who} trades {e['rate']} {RESOURCE_NAMES[e['give']]} to the bank "
                         f"for 1 {RESOURCE_NAMES[e['take']]}")
        elif kind == "offer_accepted":
            parts.append(f"{who} accepts an offer")
        elif kind == "offer_refused":
            parts.append(f"{who} refuses an offer")
        elif kind == "score_chosen":
            parts.append(f"{who} picks {OPTION_NAMES[e['option']]}")
        elif kind == "score_tally":
            parts.append("tally " + ", ".join(f"{names[i]} {v}" for i, v in
                                              enumerate(e["tally"])))
        elif kind == "reaching_42":
            flush()
            head = "Reaching 42: " + ", ".join(names[i] for i in e["order"]) + " draft"
        elif kind == "artifact_gained":
            parts.append(f"{who} gains an Alien Artifact")
        elif kind == "end_triggered":
            parts.append(f"the game will end this round ({e['reason'].replace('_', ' ')})")
        elif kind == "round_end":
            flush()
            head = ""
            out.append("  Scores: " + ", ".join(f"{names[i]} {v}" for i, v in
                                                 enumerate(e["vp"])))
        elif kind == "mission":
            flush()
            head = ""
            from artemis.games.odyssey.rules.mission import mission_lines

            out.extend(f"  {line}" for line in mission_lines(e))
        elif kind == "game_end":
            flush()
            head = ""
            out.append(f"  Game over after round {e['rounds']} ({e['reason'].replace('_', ' ')})"
                       ": " + ", ".join(f"{names[i]} {v} VP" for i, v in enumerate(e["vp"])))
    flush()
    return out
