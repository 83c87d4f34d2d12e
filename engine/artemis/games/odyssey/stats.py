"""What happened to the Odyssey's content in a finished game, from its log and state: the
figures `artemis simulate` and `artemis validate --simulate` report (docs/simulate.md, "The
Artemis Odyssey's report").

- Action cards: ``appeared`` when their colour was in play (each player starts with all
  eleven cards of their colour: rulebook, Setup); ``taken`` (used) when played into a slot and
  revealed at least once; ``owners`` the seat that played it.
- Alien Artifacts: ``appeared`` when drawn from the deck (a discovery or Reaching 42);
  ``taken`` (used) when a player used it (``Player.artifacts_played``); ``owners`` its users.
- Missions (solo): the game's Mission, ``taken`` when won; its owner is seat 0, who counts
  as winning only when the Mission is won (``won``).

VP by scoring option (`vp_by_option`) are the marker moves of each Score action, per seat.
"""

from __future__ import annotations

from artemis.games.odyssey.rules.teams import seat_count, team_of, viewers
from artemis.games.odyssey.vocabulary import ACTION_NAMES, OPTION_NAMES, RESOURCE_NAMES
from artemis.kernel.parts import WINNER_WORDS

#: The report's tables of the Odyssey's items (`parts.Report.item_sections`).
ITEM_SECTIONS = (
    ("action_card", "Action cards (used: played and revealed; owners: the player who played "
     "it, their win rate and mean VP)", "used", True),
    ("artifact", "Alien Artifacts (seen: drawn from the deck; owners: the players who used it, "
     "their win rate and mean VP)", "used", True),
    ("mission", "Missions (solo; taken: won; the win rate is the Mission's)", "won", True),
)

#: the report part's members (`artemis.kernel.parts.Report`) under their names
item_sections = ITEM_SECTIONS
vp_parts_title = "each scoring option (its Score actions, most +3 and fewest -2)"


def report_win_words(players: int) -> str:
    """Who wins a game of ``players``, for a report's wins table: solo, the Mission's goals
    decide (rulebook, Solo Play); else the engine's winner (`parts.WINNER_WORDS`)."""
    if players == 1:
        return "a solo game is won when its Mission is"
    return WINNER_WORDS


def card_name(card, catalog) -> str:
    """An Action card for people: "red Produce: Energy/Yoyodium", "blue Score: Starships/
    Systems", "green Travel: Aries/Leo/Libra", "purple Trade"."""
    systems = {s.id: s.name for s in catalog.systems}
    shows = ([RESOURCE_NAMES.get(r, r) for r in card.resources]
             + [systems.get(x, x) for x in card.systems]
             + [OPTION_NAMES.get(o, o) for o in card.options])
    text = f"{card.colour} {ACTION_NAMES.get(card.action, card.action)}"
    return text + (f": {'/'.join(shows)}" if shows else "")


def report_items(catalog) -> list[tuple[str, str, str, str]]:
    """(id, kind, name, pack) of every Action card, Alien Artifact and Mission, in content
    order."""
    return ([(c.id, "action_card", card_name(c, catalog), c.pack) for c in catalog.action_cards]
            + [(a.id, "artifact", a.name, a.pack) for a in catalog.artifacts]
            + [(m.id, "mission", m.name, m.pack) for m in catalog.missions])


def item_summary(game) -> dict:
    """{id: {kind, appeared, taken, owners[, won]}} of a finished game (see the module)."""
    items: dict = {}

    def item(item_id: str, kind: str) -> dict:
        return items.setdefault(item_id, {"kind": kind, "appeared": False, "taken": False,
                                          "owners": []})

    state = game.state
    colours = {p.colour for p in state.players}
    for card in game.catalog.action_cards:
        if card.colour in colours:
            item(card.id, "action_card")["appeared"] = True
    # only these records count: the others (answers above all) are passed over unmade
    for e in game.log.of_types({"revealed", "artifacts_seen", "draft_look", "artifact_kept"}):
        t = e["type"]
        if t == "revealed":
            x = item(e["card"], "action_card")
            x["appeared"] = x["taken"] = True
            seat = e.get("seat", e["player"])  # with teams, the seat that played it (OR14)
            if seat not in x["owners"]:
                x["owners"].append(seat)
        elif t in ("artifacts_seen", "draft_look"):
            for card in e["cards"]:
                item(card, "artifact")["appeared"] = True
        elif t == "artifact_kept":
            item(e["card"], "artifact")["appeared"] = True
    for p in state.players:
        for card in p.artifacts:
            item(card, "artifact")["appeared"] = True
        for card in getattr(p, "artifacts_played", ()):
            x = item(card, "artifact")
            x["appeared"] = x["taken"] = True
            for seat in viewers(state, p.seat):  # a team's Artifacts are both partners'
                if seat not in x["owners"]:
                    x["owners"].append(seat)
    for x in items.values():
        x["owners"].sort()
    mission = (game.result or {}).get("mission")
    if mission:
        mission_id, won = _mission(mission)
        x = item(mission_id, "mission")
        x["appeared"], x["taken"], x["owners"] = True, won, [0]
        x["won"] = [0] if won else []
    return items


def _mission(mission) -> tuple[str, bool]:
    """(id, won) of a result's ``mission``: {"id", "won"} (a bare id: not won)."""
    if isinstance(mission, dict):
        return str(mission.get("id")), bool(mission.get("won"))
    return str(mission), False


def vp_by_option(game) -> list[dict[str, int]]:
    """Per seat (each partner its team's), {scoring option: VP} over the game's Score
    actions: each action's tally with the +3 for most and -2 for fewest (OR9), as the marker
    was moved (a marker at 0 stays there, so a -2 there is counted though it took nothing).
    Every option of the catalog is listed, 0 when never scored."""
    options = [o.id for o in game.catalog.scoring_options]
    state = game.state
    out = [{o: p.scored.get(o, 0) for o in options} for p in state.players]
    # per seat: with teams each seat shows its team's marker (OR14)
    return [out[team_of(state, seat)] for seat in range(seat_count(state))]


#: VP by scoring option per seat: the Odyssey scores during play, not at the end
vp_parts = vp_by_option
