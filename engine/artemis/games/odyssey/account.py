"""The account of an Odyssey game for people: its story from the public log, round by
round (nothing a seat could not see: private records are left out)."""

from __future__ import annotations

from artemis.games.odyssey.vocabulary import ASSET_NAMES, OPTION_NAMES, RESOURCE_NAMES
from artemis.games.odyssey.words import describe


def account_lines(game, names: list[str]) -> list[str]:
    """A line per round header, revealed card and its outcome (the Alien Artifacts used
    among it, by whom: "Ada uses Stargate (...)"), Reaching 42 and the end; ``names`` are the
    seats' labels, by seat. With teams a player is a team, named by its colour ("red team",
    the partners listed first), and a revealed card names the seat that played it."""
    from artemis.games.odyssey.rules.teams import player_names, team_line

    seats = names
    names = player_names(game.state, names)
    cat = game.catalog.by_id
    out: list[str] = [] if game.state.teams is None else [team_line(game.state, seats)]
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
        if kind == "action":  # an answer: its player is a seat (the consequences follow)
            continue
        who = names[e["player"]] if isinstance(e.get("player"), int) else ""
        if kind == "round":
            flush()
            head = ""
            first = seats[e["marker"]] if "marker" in e else names[e["first"]]
            out.append(f"── Round {e['round']} (First player {first}) " + "─" * 40)
        elif kind == "revealed":
            flush()
            by = f" (played by {seats[e['seat']]})" if "seat" in e else ""
            head = f"Slot {e['slot']}: {who}'s {e['card']}{by}"
        elif kind == "end_of_round":
            flush()
            head = "End of the Round"
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
        elif kind == "artifact_used":
            card = cat[e["card"]]
            parts.append(f"{who} uses {card.name} ({describe(card.effect)})")
        elif kind == "action_cancelled":
            parts.append("the card is cancelled: nobody resolves it")
        elif kind == "planner_choice_taken":
            parts.append(f"{who} makes the Planner's choice")
        elif kind == "assets_removed":
            what = "a Starship" if e.get("select") == "one_starship" else "every Asset"
            parts.append(f"{what} of {names[e['owner']]} on {e['planet']} returns to supply")
        elif kind == "score_card_back":
            parts.append(f"{who} takes {e['card']} back into hand")
        elif kind == "end_triggered":
            parts.append(f"the game will end this round ({e['reason'].replace('_', ' ')})")
        elif kind == "round_end":
            flush()
            head = ""
            out.append("  Scores: " + ", ".join(f"{names[i]} {v}" for i, v in
                                                 enumerate(e["vp"])))
        elif kind == "game_end":
            flush()
            head = ""
            out.append(f"  Game over after round {e['rounds']} ({e['reason'].replace('_', ' ')})"
                       ": " + ", ".join(f"{names[i]} {v} VP" for i, v in enumerate(e["vp"])))
    flush()
    return out
