"""The account of an Odyssey game for people: its story from the public log, round by round
(nothing a seat could not see: private records are left out).

A line per revealed slot (the Action card, then what everyone did with it, in order), per
Singularity card, per round's scores and for the end; players are called by the ``names`` the
account is given, and the first line says which colour each plays. A slot where nobody acted
says so ("nobody builds"), never a bare heading. With teams a player is a team, named by its
colour ("red team"), the first line lists the partners, and a revealed card names the seat
that played it; Alien Artifacts used are told where they are used ("Ada uses Stargate (...)").
"""

from __future__ import annotations

from artemis.games.odyssey.vocabulary import (
    ASSET_NAMES,
    OPTION_NAMES,
    PLANET_NAMES,
    RESOURCE_NAMES,
)
from artemis.games.odyssey.words import describe
from artemis.util.plural import counted

ACTION_NAMES = {"produce": "Produce", "travel": "Travel", "trade": "Trade", "build": "Build",
                "score": "Score"}
# what a slot where nobody acted says, by Action
NOTHING = {"produce": "nobody produces", "travel": "nobody travels", "trade": "no trade",
           "build": "nobody builds", "score": "nobody scores",
           "singularity": "nobody gains anything"}
# the Actions whose Planner calls the players one after the other (rules/calls.py): a player
# who declines is told
CALLED = {"travel", "build", "score"}
# the events that tell what someone did (a slot with none of them says NOTHING)
DEEDS = {"gain", "travelled", "bank_trade", "offer_accepted", "built", "discard_for_vp",
         "score_tally", "assets_removed", "score_card_back", "vp", "artifact_gained",
         "singularity_peeked", "artifact_used"}


def _cards(counts: dict) -> str:
    return " and ".join(f"{n} {RESOURCE_NAMES[r]}" for r, n in counts.items()) or "nothing"


class _Account:
    """The lines being written: the current slot's heading and its parts."""

    def __init__(self, game, names: list[str], decisions: bool = False):
        from artemis.games.odyssey.rules.teams import player_names, team_line

        state = game.state
        self.cat = game.catalog.by_id
        self.seats = names
        self.names = player_names(state, names)
        self.teams = state.teams is not None
        self.solo = state.n == 1
        self.out: list[str] = [team_line(state, names)] if self.teams else []
        self.head = ""
        self.action: str | None = None
        self.parts: list[str] = []
        self.acted = False
        self.offer = ""
        self.builders: set[int] = set()  # who built in this slot (a stop after it: no news)
        teams = state.teams
        self.team_of = (lambda seat: seat) if teams is None else teams.team_of
        self.decisions = decisions
        from artemis.games.odyssey.rules.rounds import face_up_planning

        self.face_up = face_up_planning(game)  # solo's cards go face up (OR18)

    def own_card(self, e: dict) -> None:
        """A card the seat itself planned (a private record, in a seat's own records): named
        on its planning line; without ``decisions`` (other seats' cards planned are not told)
        the seat's own placements make that line."""
        if not self.decisions:
            if self.action != "planning":
                self.start("Planning", "planning")
            self.parts.append(f"{self._planned(e)} ({e['card']})")
        elif self.parts and self.parts[-1] == self._planned(e):
            self.parts[-1] += f" ({e['card']})"

    def _planned(self, e: dict) -> str:
        how = "face up" if self.face_up else "face down"
        return f"{self.names[e['player']]} plays a card {how} into slot {e['slot']}"

    def flush(self, under_way: bool = False) -> None:
        """Write the current heading's line. ``under_way``: the records end here while
        the game still asks within it, so a slot where nobody has acted yet says it is
        resolving, not that nobody acted."""
        if self.head and (self.parts or self.action != "end_of_round"):
            if not self.acted and self.action in NOTHING:
                self.parts.append("resolving now" if under_way else NOTHING[self.action])
            self.out.append(f"  {self.head}" + (": " + "; ".join(self.parts)
                                                if self.parts else ""))
        elif self.parts:
            self.out.append("  " + "; ".join(self.parts))
        self.head, self.action, self.parts, self.acted = "", None, [], False
        self.builders = set()

    def start(self, head: str, action: str | None = None) -> None:
        self.flush()
        self.head, self.action = head, action

    def answered(self, e: dict) -> None:
        """An answer that changes nothing, so no record but its own tells it: in a Build or
        Score slot, a player, called or the Planner, who builds nothing or discards nothing
        for VP (a call declined; a Travel declined has its own record, ``travel_declined``).
        Told from the answer's public record, so recorded games need nothing new."""
        if self.action not in CALLED:
            return
        player = self.team_of(e["player"])  # an answer's player is a seat
        who = self.names[player]
        answer = e.get("id", "")
        if answer == "build:stop" and player not in self.builders:
            declined = f"{who} builds nothing"
        elif answer in ("discard_identical:pass", "discard_different:pass"):
            declined = f"{who} discards nothing"
        else:
            return
        self.parts.append(declined)
        self.acted = True  # said: the slot is not one where "nobody" was asked

    def event(self, e: dict) -> None:
        kind = e["type"]
        if kind == "action":  # an answer: its player is a seat (the consequences follow)
            self.answered(e)
            return
        names = self.names
        who = names[e["player"]] if isinstance(e.get("player"), int) else ""
        add = self.parts.append
        after = ""
        if kind == "artifact_used" and self.action == "singularity":
            # an Artifact used around the Singularity card is not the card's doing: one used
            # as the card is revealed comes before it; after it, say what the card did first
            # (nothing, when it found nothing to act on)
            if e.get("window") == "card_revealed":
                after = "before the card, "
            elif e.get("window") == "after_action":
                if not self.acted:
                    add("the card has no effect")
                after = "then "
        if kind in DEEDS:
            self.acted = True
        if kind == "setup" and not self.teams:  # with teams the first line says it
            self.out.append("Colours: " + ", ".join(f"{names[i]} {c}" for i, c in
                                                    enumerate(e["colours"])))
        elif kind == "round":
            self.flush()
            if self.solo:  # solo has no First player marker (OR17)
                marker = "solo: no First player marker"
            else:
                first = self.seats[e["marker"]] if "marker" in e else names[e["first"]]
                marker = f"First player {first}"
            self.out.append(f"── Round {e['round']} ({marker}) " + "─" * 40)
        elif kind == "placed" and self.decisions:  # a card planned face down (OR22)
            if self.action != "planning":
                self.start("Planning", "planning")  # a new list of parts: not ``add``'s
            self.parts.append(self._planned(e))
        elif kind == "revealed":
            action = e["action"]
            by = f", played by {self.seats[e['seat']]}" if "seat" in e else ""
            self.start(f"Slot {e['slot']}: {who}'s {ACTION_NAMES.get(action, action)} "
                       f"({e['card']}{by})", action)
        elif kind == "end_of_round":
            self.start("End of the Round", "end_of_round")  # told only when used
        elif kind == "singularity":
            self.start(f"Singularity: {self.cat[e['card']].name}", "singularity")
        elif kind == "singularity_empty":
            self.start("Singularity: the deck is empty, nothing happens")
        elif kind == "action_cancelled":
            add(f"{who} cancels the card")
            self.action = None
        elif kind == "planner_choice_taken":
            add(f"{who} makes the Planner's choice")
        elif kind == "produce":
            add(f"{who} picks {RESOURCE_NAMES[e['resource']]}")
        elif kind == "gain" and self.action != "trade":  # a trade's line says what moved
            add(f"{who} +{e['amount']} {RESOURCE_NAMES[e['item']]}")
        elif kind == "travel_declared":
            add(f"{who} declares {self.cat[e['system']].name}")
        elif kind == "travel_declined" and self.action in CALLED:
            add(f"{who} does not travel")
            self.acted = True
        elif kind == "travelled":
            add(f"{who} moves a Starship {e['origin']} -> {e['target']}")
        elif kind == "discovered":
            add(f"{e['planet']} is {PLANET_NAMES[e['planet_type']]}")
        elif kind == "singularity_peeked":
            add(f"{who} peeks at the {e['which']} Singularity card")
        elif kind == "built":
            self.builders.add(e["player"])
            add(f"{who} builds a {ASSET_NAMES[e['asset']][0]} on {e['planet']}")
        elif kind == "vp" and (str(e.get("why", "")).startswith("built")
                               or self.action == "singularity"):
            # in a Score action the tally says it; VP scored one by one are summed
            last = f"{who} +"
            if self.parts and self.parts[-1].startswith(last) and \
                    self.parts[-1].endswith(" VP"):
                total = int(self.parts[-1][len(last):-3]) + e["amount"]
                self.parts[-1] = f"{last}{total} VP"
            else:
                add(f"{who} +{e['amount']} VP")
        elif kind == "bank_trade":
            if self.parts and self.parts[-1] == f"{who} +1 {RESOURCE_NAMES[e['take']]}":
                self.parts.pop()  # the card taken: the trade says it
            add(f"{who} trades {e['rate']} {RESOURCE_NAMES[e['give']]} to the bank for 1 "
                f"{RESOURCE_NAMES[e['take']]}")
        elif kind == "offer":
            self.offer = (f"{who} offers {names[e['target']]} {_cards(e['give'])} for "
                          f"{_cards(e['get'])}")
        elif kind in ("offer_accepted", "offer_refused"):
            add(f"{self.offer}: {'accepted' if kind == 'offer_accepted' else 'refused'}")
        elif kind == "score_chosen":
            add(f"{who} picks {OPTION_NAMES[e['option']]}")
        elif kind == "discard_for_vp":
            add(f"{who} discards {e['cards']} cards for {e['vp']} VP")
        elif kind == "score_tally":
            tally = e["tally"]
            if len(set(tally)) == 1:  # everyone is both most and fewest (OR9)
                bonus = "everyone ties: +3 and -2 each"
            else:
                bonus = (f"most {', '.join(names[i] for i in e['most'])} +3, fewest "
                         f"{', '.join(names[i] for i in e['fewest'])} -2")
            add("tally " + ", ".join(f"{names[i]} {v}" for i, v in enumerate(tally))
                + f" ({bonus})")
        elif kind == "reaching_42":
            add("Reaching 42: " + ", ".join(names[i] for i in e["order"]) + " draft "
                + counted(e["cards"], "Alien Artifact"))
        elif kind == "artifact_gained":
            add(f"{who} gains an Alien Artifact")
        elif kind == "artifact_used":
            card = self.cat[e["card"]]
            add(f"{after}{who} uses {card.name} ({describe(card.effect)})")
        elif kind == "assets_removed":
            add(f"{who} sends {names[e['owner']]}'s Assets on {e['planet']} back")
        elif kind == "score_card_back":
            add(f"{who} takes {e['card']} back")
        elif kind == "end_triggered":
            add(f"the game will end this round ({e['reason'].replace('_', ' ')})")
        elif kind == "round_end":
            self.flush()
            self.out.append("  Scores: " + ", ".join(f"{names[i]} {v}" for i, v in
                                                     enumerate(e["vp"])))
        elif kind == "mission":
            from artemis.games.odyssey.rules.mission import mission_lines

            self.flush()
            self.out.extend(f"  {line}" for line in mission_lines(e))
        elif kind == "game_end":
            self.flush()
            self.out.append(f"  Game over after round {e['rounds']} "
                            f"({e['reason'].replace('_', ' ')}): "
                            + ", ".join(f"{names[i]} {v} VP" for i, v in enumerate(e["vp"])))


def account_lines(game, names: list[str], records: list[dict] | None = None,
                  decisions: bool = False) -> list[str]:
    """The account's lines: which colour each player plays, then per round its header, a line
    per revealed slot and Singularity card with its outcome, the scores, the end, and in solo
    the Mission and each goal (`artemis.games.odyssey.rules.mission.mission_lines`);
    ``names`` are the seats' labels, by seat. From the public records of ``game.log``, or of
    ``records`` (a seat's own, `artemis.records.log.visible`: the cards it planned face down
    are named, "Planning: Ann plays a card face down into slot 3 (red-trade)"). With
    ``decisions``, the Planning phase is told too: who played a card face down into which
    slot (and, in ``records``, which card the seat itself played there)."""
    account = _Account(game, names, decisions)
    for e in game.log if records is None else records:
        if e["type"] == "placed_card" and (records is not None or "to" not in e):
            account.own_card(e)  # the seat's own (it knows it), or face up for all (OR18)
        elif "to" not in e:
            account.event(e)
    account.flush(under_way=_under_way(game))
    return account.out


def _under_way(game) -> bool:
    """Whether the game is asking a question inside the slot or Singularity card revealed
    last (not in the Alien Artifact window after it, nor at the End of the Round): its
    outcome is not known yet."""
    pending = game.pending
    if pending is None or game.is_over:
        return False
    if pending.kind == "artifact":
        return pending.ctx[0] not in ("after_action", "end_of_round")
    return pending.kind not in ("hand_discard", "draft_keep", "place")
