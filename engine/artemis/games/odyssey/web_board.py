"""The Artemis Odyssey's board for the browser: a seat's view (`Game.view`, OR3) with the
catalog's names and the rulebook's words, shaped for the template ``web/board.html`` beside
this module (its boards part: ``web_board`` is `board`, ``web_choices``, ``web_words``).

Drawn: the galaxy (each system with its planets: type, discovered or face down, the types
this seat has peeked at, the Assets on each by colour, the Starting system); the Planning
board (its slots in resolution order, each card face down or face up, its Planner's colour,
the slot resolving now, the Singularity token, the slots not used at this count); each
player's hand (the seat's own cards face up, the others' as counts), Resources, Assets left in
the supply, Score marker, Score discard pile and Alien Artifacts (the seat's own face up, the
others' as counts, used ones face up); the bank and the decks; the Singularity deck in 2-player
and solo games; the solo Mission and its goals; the teams at 6 and 8 players.

Only the view is read for what may be hidden. Three public facts the view leaves out are read
from the game: which slots are revealed (the seat's own cards are face up in its view either
way), whether this round's Singularity card has resolved, and the Singularity card revealed
this round (a public record of the log). In a solo game the types of planets peeked at earlier
are not drawn unless the option ``memory_aid`` is set (OR4, Solo Rules: rely on memory).

The chooser groups the long questions (`placement_groups`): Planning (the card, then the
slot), Travel (the Starship, the system, then the planet), Build (the Asset, the
planet, then the payment), trades with the bank (what is given, then what is taken) and the
Different Resources discard (by the number of cards).
"""

from __future__ import annotations

from artemis.games.odyssey.vocabulary import (
    ASSETS,
    PLANET_NAMES,
    RESOURCES,
    WINDOW_TEXT,
)
from artemis.games.odyssey.words import asset_name, card_shows, describe, describe_quantity


def _ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _card(catalog, card_id: str) -> dict:
    """An Action card face up: {"id", "action" (its action's name), "shows" (what the card
    shows: "Produce: Energy or Food")}."""
    card = catalog.by_id.get(card_id)
    if card is None:  # a card of a pack no longer loaded: its id still says which
        return {"id": card_id, "action": "", "shows": card_id}
    return {"id": card_id, "action": card.action, "shows": card_shows(card)}


def _artifact(catalog, art_id: str) -> dict:
    """An Alien Artifact face up: {"id", "name", "text" (its effect in words), "when" (its
    timing windows in words)}."""
    art = catalog.by_id.get(art_id)
    if art is None:
        return {"id": art_id, "name": art_id, "text": "", "when": ""}
    return {"id": art_id, "name": art.name, "text": describe(art.effect),
            "when": " Or: ".join(WINDOW_TEXT.get(w, w) for w in art.windows)}


def _pieces(counts: dict) -> list[dict]:
    """A planet's Assets in the rulebook's order: [{"asset", "count", "name"}]."""
    return [{"asset": a, "count": counts[a], "name": asset_name(a, counts[a])}
            for a in ASSETS if counts.get(a)]


def _galaxy(game, view: dict, players: list[dict]) -> list[dict]:
    """The systems in the catalog's order, each with its planets as the seat sees them."""
    catalog = game.catalog
    solo = len(game.state.players) == 1 and game.state.teams is None
    hide_peeks = solo and not game.config.options.get("memory_aid")
    colours = [p["colour"] for p in players]
    reach: dict[str, list[str]] = {}  # system -> colours whose Travel cards show it
    for colour in colours:
        for card in catalog.cards_of(colour):
            for system in card.systems:
                if colour not in reach.setdefault(system, []):
                    reach[system].append(colour)
    by_system: dict[str, list] = {}
    for p in view["planets"]:
        peeked = not p["up"] and p["type"] is not None
        shown = p["type"] if p["up"] or (peeked and not hide_peeks) else None
        owner = p.get("owner")
        by_system.setdefault(p["system"], []).append({
            "id": p["id"], "up": p["up"], "type": shown,
            "type_name": PLANET_NAMES.get(shown, shown) if shown else None,
            "peeked": peeked and not hide_peeks,
            "owner": owner, "colour": colours[owner] if owner is not None else None,
            "pieces": _pieces(p.get("pieces", {}))})
    systems = []
    for s in catalog.systems:
        planets = by_system.get(s.id, [])
        if not planets:
            continue  # a system not in play (solo: only the six stars of the Travel cards)
        systems.append({"id": s.id, "name": s.name, "symbol": s.symbol, "start": s.start,
                        "planets": planets, "face_down": sum(not p["up"] for p in planets),
                        "reach": reach.get(s.id, [])})
    return systems


def _slots(game, view: dict, players: list[dict]) -> list[dict]:
    """Every slot of the Planning board left to right (the order they resolve), those not
    used at this count marked: {"slot", "order", "used", "singularity", "player", "colour",
    "seat", "card" (face up) or None, "face_down", "revealed", "current"}."""
    s = game.state
    in_use = {row["slot"]: (i, row) for i, row in enumerate(view["board"])}
    current = None
    if view["phase"] == "action":
        done = [i for i, up in enumerate(s.revealed) if up]
        if s.singularity_slot is not None and s.singularity_resolved:
            done.append(s.slots.index(s.singularity_slot))
        current = max(done) if done else None
    rows, order = [], 0
    for slot in game.catalog.board.slots:
        if slot.slot not in in_use:
            rows.append({"slot": slot.slot, "order": None, "used": False,
                         "singularity": False, "player": None, "colour": None, "seat": None,
                         "card": None, "face_down": False, "revealed": False,
                         "current": False})
            continue
        i, row = in_use[slot.slot]
        order += 1
        player = row["player"]
        revealed = bool(s.revealed[i]) if i < len(s.revealed) else False
        rows.append({
            "slot": slot.slot, "order": _ordinal(order), "used": True,
            "singularity": row["singularity"], "player": player,
            "colour": players[player]["colour"] if player is not None else None,
            "seat": row.get("seat", player),
            "card": _card(game.catalog, row["card"]) if row["card"] else None,
            "face_down": player is not None and row["card"] is None,
            "revealed": revealed or (row["singularity"] and s.singularity_resolved
                                     and view["phase"] == "action"),
            "current": i == current})
    return rows


def _players(game, view: dict) -> list[dict]:
    """Each player (with teams: each team) as the seat sees it."""
    catalog = game.catalog
    teams = view.get("teams")
    order = {c.id: i for i, c in enumerate(catalog.action_cards)}
    out = []
    for p in view["players"]:
        index = p["seat"]
        seats = teams["teams"][index]["seats"] if teams else [index]
        mine = "artifacts" in p  # only the seat's own player (team) has its Artifacts
        out.append({
            "index": index, "seats": seats, "colour": p["colour"],
            "colour_name": p["colour"].capitalize(), "vp": p["vp"], "mine": mine,
            "first": index == view["first_player"],
            "resources": [{"id": r, "name": PLANET_NAMES[r], "count": p["resources"][r]}
                          for r in RESOURCES],
            "resource_total": sum(p["resources"].values()),
            "supply": [{"asset": a, "count": p["supply"][a],
                        "name": asset_name(a, 2)} for a in ASSETS],
            # only the seat's own hand: another's is its unrevealed cards (OR3)
            "hand": [_card(catalog, c) for c in sorted(p.get("hand", ()), key=lambda c:
                                                       order.get(c, len(order)))],
            "hand_count": p["hand_size"],
            "score_discard": [_card(catalog, c) for c in p["score_discard"]],
            "artifacts": [_artifact(catalog, a) for a in p["artifacts"]] if mine else None,
            "artifacts_held": p["artifacts_held"],
            "artifacts_played": [_artifact(catalog, a) for a in p["artifacts_played"]],
        })
    return out


def _teams(game, view: dict, players: list[dict]) -> dict | None:
    """The teams of a 6- or 8-player game (OR14, OR30): each team's seats and speaker, the
    First Player marker's seat, each seat's cards in hand, and what this seat knows of its
    own and its partner's dealt cards."""
    t = view.get("teams")
    if t is None:
        return None
    return {"teams": [{"team": row["team"], "colour": row["colour"],
                       "colour_name": row["colour"].capitalize(), "seats": row["seats"],
                       "speaker": row["speaker"]} for row in t["teams"]],
            "marker_seat": t["marker_seat"], "planner_seat": t["planner_seat"],
            "cards_in_hand": t["cards_in_hand"],
            "hand": [_card(game.catalog, c) for c in t.get("hand", [])],
            "partner_unrevealed": [_card(game.catalog, c)
                                   for c in t.get("partner_unrevealed", [])],
            "seat_of": {s: row["team"] for row in t["teams"] for s in row["seats"]}}


def _singularity(game, view: dict) -> dict | None:
    """The Singularity deck and token of a 2-player or solo game: the token's slot, the
    cards left, this round's card once revealed (public), the cards this seat peeked at with
    where they lie ("this round's card", "next round's card"), and the round in which the
    last card resolves (``last_round``: the solo game's last)."""
    s = game.state
    if s.singularity_slot is None:
        return None
    catalog = game.catalog
    resolved = s.singularity_resolved and view["phase"] == "action"
    known = []
    for index, card_id in view.get("singularity_known", []):
        card = catalog.by_id.get(card_id)
        rounds_away = index + (1 if resolved else 0)
        when = ("this round's card" if rounds_away == 0 else "next round's card"
                if rounds_away == 1 else f"the card in {rounds_away} rounds")
        known.append({"id": card_id, "name": card.name if card else card_id,
                      "text": describe(card.effect) if card else "", "when": when})
    this_round = None
    if resolved:
        for record in reversed(game.log):
            if record.get("type") == "round":
                break
            if record.get("type") == "singularity" and "to" not in record:
                card = catalog.by_id.get(record.get("card"))
                if card is not None:
                    this_round = {"id": card.id, "name": card.name,
                                  "text": describe(card.effect)}
                break
    # solo: the game ends after the round in which the deck runs out (Solo Rules, Winning)
    last_round = view["round"] + view["singularity_deck"] - (0 if s.singularity_resolved
                                                             else 1)
    return {"slot": s.singularity_slot, "deck": view["singularity_deck"],
            "resolved": resolved, "this_round": this_round, "known": known,
            "last_round": last_round}


def _mission(game, view: dict) -> dict | None:
    """The solo Mission (face up: Solo Rules, Setup 6) with each goal, its threshold and the
    value now (public: solo has one player)."""
    mission_id = view.get("mission")
    if mission_id is None:
        return None
    mission = game.catalog.by_id.get(mission_id)
    if mission is None:
        return {"id": mission_id, "name": mission_id, "goals": []}
    from artemis.games.odyssey.rules.mission import goal_value

    goals = []
    for goal in mission.goals:
        name, params = goal.quantity
        value = goal_value(game, 0, goal)
        goals.append({"what": describe_quantity({name: dict(params)}),
                      "at_least": goal.at_least, "value": value,
                      "met": value >= goal.at_least})
    return {"id": mission.id, "name": mission.name, "goals": goals}


def board(game, view: dict) -> dict:
    """The template's data for ``view`` (a seat's `Game.view` of an Odyssey ``game``):
    ``systems`` (the galaxy), ``slots`` (the Planning board), ``players``, ``teams`` (None
    below 6 players), ``singularity`` (None but at 1 and 2 players), ``mission`` (solo, else
    None), ``bank`` [{"id", "name", "count"}], ``artifact_deck``, ``round``, ``phase``,
    ``first_player``, ``reached_42``, ``end``."""
    players = _players(game, view)
    return {
        "round": view["round"], "phase": view["phase"], "first_player": view["first_player"],
        "systems": _galaxy(game, view, players), "slots": _slots(game, view, players),
        "players": players, "teams": _teams(game, view, players),
        "singularity": _singularity(game, view), "mission": _mission(game, view),
        "bank": [{"id": r, "name": PLANET_NAMES[r], "count": view["bank"][r]}
                 for r in RESOURCES],
        "artifact_deck": view["artifact_deck"], "reached_42": view["reached_42"],
        "end": view["end"], "score_start": game.catalog.board.score_start,
        "solo": view.get("mission") is not None,
    }


# -- the grouped chooser ---------------------------------------------------------------------


def _tree(actions: list, key, words=None) -> list[dict] | None:
    """Group ``actions`` by ``key(action)`` -> (top id, top summary, region id, region name,
    target label) or None (left to the plain chooser), in the engine's order, in the shape of
    the Project's chooser: [{"die", "summary", "regions": [{"id", "name", "targets":
    [{"target", "label", "options": [{"id", "label"}]}]}]}]. None when nothing is grouped.
    A leaf's label is ``words(action)`` (default: the recorded label)."""
    words = words or (lambda a: a.label)
    tops: dict = {}
    for a in actions:
        k = key(a)
        if k is None:
            continue
        top_id, summary, region_id, region_name, label = k
        top = tops.setdefault(top_id, {"die": top_id, "summary": summary, "regions": {}})
        region = top["regions"].setdefault(region_id, {"id": region_id, "name": region_name,
                                                       "targets": {}})
        target = region["targets"].setdefault(label, {"target": label, "label": label,
                                                      "options": []})
        target["options"].append({"id": a.id, "label": words(a)})
    if not tops:
        return None
    return [{**top, "regions": [{**r, "targets": list(r["targets"].values())}
                                for r in top["regions"].values()]}
            for top in tops.values()]


def _place_key(a):
    card, slot = a.args
    label = a.label  # "play ID (Produce: Energy or Food) face down into slot 3"
    head, paren, rest = label.partition(" (")
    shows = rest.partition(")")[0] if paren else ""
    return (card, f"{shows} ({card})" if shows else str(card), str(slot), f"into slot {slot}",
            "")


def _travel_key(a):
    source, _, dest = a.args[0].partition(">")
    if not dest:
        return None
    return (source, f"the Starship on {source}", dest.split(".")[0],
            f"to {dest.split('.')[0].capitalize()}", "")


def _build_key(a):
    if len(a.args) != 3:
        return None
    asset, planet, _ = a.args
    return (asset, f"build a {asset_name(asset)}", planet, f"on {planet}", "")


def _bank_key(a):
    if len(a.args) != 3 or a.args[0] != "bank":
        return None
    _, give, _ = a.args
    return ("bank", "trade with the bank", give, f"give {PLANET_NAMES.get(give, give)}", "")


def _different_key(a):
    arg = a.args[0] if a.args else ""
    if arg == "pass" or not isinstance(arg, str):
        return None
    n = len(arg.split("+"))
    return ("different", "discard different Resources", str(n), f"{n} cards", "")


_KEYS = {"place": _place_key, "travel_move": _travel_key, "build": _build_key,
         "trade": _bank_key, "late_trade": _bank_key, "bank_exchange": _bank_key,
         "discard_different": _different_key}


def web_words(game, text: str) -> str:
    """An answer's words for the browser: the Odyssey's (`parts.Words.describe_action`) with each
    planet and Action card id as the board shows it ("planet 4 of Leo", "the red card
    (Produce: Energy or Food)"); the terminal keeps the ids its board lists."""
    from artemis.games.odyssey.words import game_words

    return game_words(game.catalog, text)


def placement_groups(actions: list, describe_action=None, catalog=None) -> list[dict] | None:
    """The Odyssey's questions grouped for the chooser (each leaf a legal action: id and the
    engine's full label), or None for the plain list: Planning (the card, then the slot),
    Travel (the Starship, the system, the planet), Build (the Asset, the planet, the payment),
    bank trades (what is given, what is taken) and the Different Resources discard (by the
    number of cards). Actions of the question that fit no group ("build nothing
    more", "done trading", an offer to a player) are left to the plain chooser beside it
    (the web's ``render.ungrouped``). ``actions`` are `Action`s of one question;
    ``describe_action(action)`` gives a leaf's words (default: its recorded label); with the
    game's ``catalog``, the groups' words name planets and cards in the game's words
    (`artemis.games.odyssey.words.game_words`), not by their ids."""
    if not actions:
        return None
    kinds = {a.kind for a in actions}
    if len(kinds) != 1:
        return None
    key = _KEYS.get(kinds.pop())
    if key is None:
        return None
    groups = _tree(actions, key, describe_action)
    if groups is not None and catalog is not None:
        from artemis.games.odyssey.words import game_words

        for top in groups:
            top["summary"] = game_words(catalog, top["summary"])
            for region in top["regions"]:
                region["name"] = game_words(catalog, region["name"])
                for target in region["targets"]:
                    target["label"] = game_words(catalog, target["label"])
    return groups


def web_choices(game, actions: list, describe_action=None) -> list[dict] | None:
    """The browser's grouped chooser (the boards part's ``web_choices``, in the kernel's
    `web_steps` shape): `placement_groups` of ``actions`` with the words of ``game``'s
    catalog, three steps (Planning: the card, the slot, then the one placement)."""
    from artemis.kernel.choices import web_steps

    groups = placement_groups(actions, describe_action, catalog=game.catalog)
    if groups is None:
        return None
    return web_steps(
        (((g["die"], g["summary"]), (r["id"], r["name"]), (t["target"], t["label"])),
         {"id": o["id"], "label": o["label"]})
        for g in groups for r in g["regions"] for t in r["targets"] for o in t["options"])
