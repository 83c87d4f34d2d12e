"""Team Play for Six or Eight Players (rulebook; docs/odyssey-rulings.md OR14 and the
engine's decisions under it, OR30).

With 6 or 8 seats the game is set up as for 3 or 4 players and every rule plays on
*teams*: the state's ``players`` are the teams (team ``t`` is seats ``t`` and ``t + N/2``,
OR14), with one colour, Resource hand, Score marker, supply, Score discard pile and Artifact
hand each; the rules' "player" indices, the log's ``player`` fields and the state's
``first`` are team indices. What belongs to a *seat* lives in `Teams` (``state.teams``):
the First Player marker, the Action cards dealt to each seat this round, who played each
slot, the Planner seat of the card being resolved and the seats the Planner called.

Which seat answers a team's question (OR30) is `seat_for`, applied to every question the
rules ask (`artemis.games.odyssey.rules.flow.ask`): the seat on turn places its own cards;
during a card the Planner seat answers for its team and the seat the Planner called for
each other team answers for that team; a trade offer names the seat that answers it;
everything else (the Reaching 42 draft, the hand limit, a team nobody called) is the
team's speaker, its seat first clockwise from the marker seat.

With 2 to 5 players ``state.teams`` is None and every function here is the identity.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from artemis.kernel.actions import Action

# questions always answered by the team's speaker, even during a card (OR30)
SPEAKER_KINDS = frozenset({"draft_keep", "hand_discard"})
# the questions by which the Planner names the seat resolving another team's part (OR30)
CALL_KINDS = ("travel_call", "build_call", "score_call")


@dataclass
class Teams:
    """The seat-level parts of a team game (OR14, OR30).

    ``seats``: N, 6 or 8; ``marker``: the seat holding the First Player marker; ``dealt``:
    per seat, the Action card ids dealt to it this round and still in its hand;
    ``board_seat``: per slot in use, the seat that played the card there (None: empty);
    ``planner``: the Planner seat of the card being resolved (None between cards);
    ``resolvers``: {team: seat} called by the Planner during this card; ``offer_seat``: the
    seat the trade offer being answered names."""

    seats: int
    marker: int
    dealt: list[list[str]]
    board_seat: list
    planner: int | None = None
    resolvers: dict = field(default_factory=dict)
    offer_seat: int | None = None

    def clone(self) -> Teams:
        return Teams(self.seats, self.marker, [d[:] for d in self.dealt], self.board_seat[:],
                     self.planner, dict(self.resolvers), self.offer_seat)

    @property
    def count(self) -> int:
        """The number of teams, N / 2."""
        return self.seats // 2

    def team_of(self, seat: int) -> int:
        """The team of ``seat``: seats s and s + N/2 are partners (OR14)."""
        return seat % self.count

    def seats_of(self, team: int) -> tuple[int, int]:
        """The two seats of ``team``, by seat number."""
        return team, team + self.count

    def partner(self, seat: int) -> int:
        """``seat``'s partner."""
        return (seat + self.count) % self.seats

    def speaker(self, team: int) -> int:
        """The seat answering for ``team`` outside a card's resolution: its seat first
        clockwise from the marker seat, the marker seat itself if it is in the team
        (OR30)."""
        return min(self.seats_of(team), key=lambda s: (s - self.marker) % self.seats)


def new_teams(seats: int, marker: int, slots: int) -> Teams:
    """The seat-level state of a team game of ``seats`` seats, the marker on seat
    ``marker``, with ``slots`` slots in use on the Planning board."""
    return Teams(seats, marker, [[] for _ in range(seats)], [None] * slots)


# -- seats and teams, for any player count ------------------------------------------------


def seat_count(state) -> int:
    """The seats at the table: N with teams, else the number of players."""
    return state.n if state.teams is None else state.teams.seats


def team_of(state, seat: int) -> int:
    """The player (team) index a seat plays for; a seat's own index without teams."""
    return seat if state.teams is None else state.teams.team_of(seat)


def seat_for(state, player: int, kind: str | None = None) -> int:
    """The seat that answers ``player``'s question of ``kind`` now (OR30); ``player`` itself
    without teams. ``kind`` None: the seat acting for the team now (for a peek's record)."""
    t = state.teams
    if t is None:
        return player
    if kind == "offer_reply" and t.offer_seat is not None:
        return t.offer_seat
    if kind not in SPEAKER_KINDS and t.planner is not None:
        if t.team_of(t.planner) == player:
            return t.planner
        if player in t.resolvers:
            return t.resolvers[player]
    return t.speaker(player)


def viewers(state, player: int) -> list[int]:
    """The seats that see ``player``'s private records about its hand (Artifacts drawn,
    kept or looked at): both partners with teams (OR14), else the player."""
    return [player] if state.teams is None else list(state.teams.seats_of(player))


# -- the Planning phase ---------------------------------------------------------------------


def marker_seat(state) -> int:
    """The seat holding the First Player marker (the First player's without teams)."""
    return state.first if state.teams is None else state.teams.marker


def marker_field(state) -> dict:
    """What a ``round`` record adds with teams: {"marker": the marker seat}; {} without."""
    return {} if state.teams is None else {"marker": state.teams.marker}


def seat_field(state, seat: int | None) -> dict:
    """What a record of a team's doing adds with teams: {"seat": the seat that did it} (a
    placement's, a card's Planner: OR14); {} without, where the player is the seat."""
    return {} if state.teams is None else {"seat": seat}


def planner_field(state) -> dict:
    """What a revealed card's record adds with teams: {"seat": its Planner seat} (OR14)."""
    return {} if state.teams is None else {"seat": state.teams.planner}


def deal(game) -> None:
    """Each round, each team's Action cards in hand are shuffled (stream ``team_deal``) and
    dealt one at a time to its seats, starting with the partner holding the marker or first
    clockwise from it, who so receives the odd card (rulebook, Team Play; OR14). Logs
    ``dealt`` {player, cards: [count per seat of the team, by seat]} and, to both partners,
    ``dealt_cards`` per seat."""
    s = game.state
    t = s.teams
    if t is None:
        return
    if game.config.rules_version >= 3:  # files of versions 1 and 2 did not mark it
        game.reveal()  # each partner sees the cards the shuffle dealt it: undo stops here
    rng = s.rng["team_deal"]
    for team, p in enumerate(s.players):
        cards = sorted(p.hand)
        rng.shuffle(cards)
        first = t.speaker(team)
        order = (first, t.partner(first))
        for seat in order:
            t.dealt[seat] = []
        for i, card in enumerate(cards):
            t.dealt[order[i % 2]].append(card)
        game.emit("dealt", player=team, cards=[len(t.dealt[seat]) for seat in t.seats_of(team)])
        for seat in order:
            game.emit("dealt_cards", to=list(t.seats_of(team)), player=team, seat=seat,
                      cards=sorted(t.dealt[seat]))


def hand_of(state, seat: int) -> list[str]:
    """The Action cards ``seat`` may play now: its dealt cards with teams, else its hand."""
    return state.players[seat].hand if state.teams is None else state.teams.dealt[seat]


def played(state, seat: int, card: str, index: int) -> int:
    """``seat`` played ``card`` into the slot at ``index``: it leaves the seat's (and its
    team's) hand and the slot remembers the seat. Returns the player (team) index."""
    player = team_of(state, seat)
    state.players[player].hand.remove(card)
    if state.teams is not None:
        state.teams.dealt[seat].remove(card)
        state.teams.board_seat[index] = seat
    return player


def next_planner(state, seat: int) -> int:
    """The seat after ``seat`` clockwise, the order of the Planning phase."""
    return (seat + 1) % seat_count(state)


# -- resolving a card ----------------------------------------------------------------------


def start_card(state, index: int) -> None:
    """The card in the slot at ``index`` is revealed: the seat that played it is its Planner
    (rulebook, Team Play); nobody is called yet."""
    t = state.teams
    if t is not None:
        t.planner = t.board_seat[index]
        t.resolvers = {}
        t.offer_seat = None


def end_card(state) -> None:
    """The card has resolved: no Planner seat, nobody called."""
    t = state.teams
    if t is not None:
        t.planner, t.resolvers, t.offer_seat = None, {}, None


def call_options(state, kind: str, players: list[int], verb: str) -> list[Action]:
    """The answers to a call (T2, B2, S2) among ``players`` (teams) in a team game: one per
    seat of each team (the Planner names the resolving seat, OR30), the Planner's own team
    answered by the Planner seat alone (`artemis.games.odyssey.rules.calls`)."""
    t = state.teams
    seats = []
    for team in players:
        if t.planner is not None and team == t.team_of(t.planner):
            seats.append(t.planner)
        else:
            seats.extend(t.seats_of(team))
    return [Action(kind, (seat,), f"call seat {seat} ({state.players[t.team_of(seat)].colour}"
                                  f" team) to {verb}") for seat in sorted(seats)]


def call_seat(state, seat: int) -> int:
    """The Planner called ``seat``: with teams it answers its team's questions for the rest
    of this card (OR30). Returns the player (team) index."""
    t = state.teams
    if t is None:
        return seat
    team = t.team_of(seat)
    t.resolvers[team] = seat
    return team


def offer_targets(state, players: list[int]) -> list[tuple[int, int]]:
    """(seat named, player) for a trade offer to each of ``players``: with teams each seat
    of those teams, the named seat answering the offer (OR30)."""
    t = state.teams
    if t is None:
        return [(p, p) for p in players]
    return sorted((seat, team) for team in players for seat in t.seats_of(team))


def offer_label(state, seat: int) -> str:
    """The label of a trade offer naming ``seat``: the player's colour; with teams the seat
    and its team's colour (OR30)."""
    t = state.teams
    if t is None:
        return f"make an offer to {state.players[seat].colour.capitalize()}"
    return f"make an offer to seat {seat} ({state.players[t.team_of(seat)].colour} team)"


def name_offer(state, seat: int) -> int:
    """A trade offer names ``seat``; returns the player (team) it is made to."""
    t = state.teams
    if t is None:
        return seat
    t.offer_seat = seat
    return t.team_of(seat)


def marker_to(state, player: int, seat: int | None = None) -> None:
    """The First Player marker goes to ``player``; with teams to ``seat``, by default the
    Planner seat of the card being resolved (rulebook, Team Play: the partner who played the
    Score card receives the marker)."""
    state.first = player
    t = state.teams
    if t is not None:
        t.marker = seat if seat is not None else (
            t.planner if t.planner is not None else t.speaker(player))


def marker_from_slot(state, index: int) -> None:
    """End of the Round step 2 (OR17): the marker to whoever played the Score card in the
    slot at ``index``."""
    t = state.teams
    marker_to(state, state.board[index][0], None if t is None else t.board_seat[index])


def clear_board(state) -> None:
    """Nobody has played a card this round yet."""
    if state.teams is not None:
        state.teams.board_seat = [None] * len(state.slots)


# -- the end ---------------------------------------------------------------------------------


def team_result(state, ranking: list[int], winners: list[int]) -> dict:
    """The result of a team game (rulebook, Team Play; OR16: a team wins): a row per seat
    with its team's VP, the seats ranked team by team (best team first, then by seat), the
    winner (the first seat of the first team), every seat of the winning teams, and
    ``teams``: [{team, colour, seats, vp}] and ``winning_teams``."""
    t = state.teams
    seats = [seat for team in ranking for seat in t.seats_of(team)]
    return {
        "players": [{"seat": seat, "vp": state.players[t.team_of(seat)].vp,
                     "team": t.team_of(seat)} for seat in range(t.seats)],
        "ranking": seats,
        "winner": seats[0],
        "winners": sorted(seat for team in winners for seat in t.seats_of(team)),
        "teams": [{"team": team, "colour": p.colour, "seats": list(t.seats_of(team)),
                   "vp": p.vp} for team, p in enumerate(state.players)],
        "winning_teams": sorted(winners),
    }


def player_names(state, names: list[str]) -> list[str]:
    """The names of the players (teams) for accounts: the seats' ``names`` without teams;
    with teams "red team" (`team_line` lists the partners)."""
    if state.teams is None:
        return names
    return [f"{p.colour} team" for p in state.players]


def team_line(state, names: list[str]) -> str:
    """"Teams: red P0 & P3; blue P1 & P4; ..." with the seats' ``names``."""
    t = state.teams
    return "Teams: " + "; ".join(f"{p.colour} {' & '.join(names[s] for s in t.seats_of(team))}"
                                 for team, p in enumerate(state.players))
