"""Team Play for Six or Eight Players (rulebook; docs/odyssey-rulings.md OR14 and the
engine's decisions under it, OR30): setup at 6 and 8, the deal and the Planning order, which
seat answers for a team in each kind of decision, what partners know, team VP and the
winner, and whole games at 6 and 8."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from artemis.games.odyssey.rules.teams import SPEAKER_KINDS
from artemis.kernel.game import Game, OptionError

from .positions import resolve
from .test_games import ROUND_BOUND


def new(players: int, seed: int = 1, options=None) -> Game:
    return Game.new({"game": "odyssey", "players": players, "seed": seed,
                     "options": options or {}})


def play(game: Game, rng: random.Random) -> Game:
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def check_team_invariants(game: Game) -> None:
    """25 cards of each Resource between the bank and the teams' hands; 4 pieces of each
    Asset per team colour; every seat holds at most the cards dealt to it."""
    s = game.state
    for i in range(6):
        assert s.bank[i] + sum(p.res[i] for p in s.players) == 25
    for p in s.players:
        for k in range(4):
            assert sum(pl.pieces[k] for pl in s.planets if pl.owner == p.seat) + \
                p.supply[k] == 4


# -- setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players, teams, slots, planets, bank", [
    (6, 3, (1, 2, 3, 4, 5, 6, 7, 8, 9), 40, 22),
    (8, 4, (1, 2, 3, 5, 6, 7, 8, 10), 41, 21),
])
def test_or14_setup_at_six_and_eight_is_that_of_three_and_four(players, teams, slots, planets,
                                                               bank):
    """Team Play: "set up as if for a three-player game" (four for eight): the 3- or 4-player
    galaxy, Planning board row and bank; one colour, starting planet and Resource hand per
    team (OR26: 25 - teams of each Resource in the bank)."""
    game = new(players, seed=5)
    s = game.state
    same = new(teams, seed=5).state
    assert s.n == teams and s.teams.seats == players
    assert [p.colour for p in s.players] == ["red", "blue", "yellow", "green"][:teams]
    assert s.slots == slots and s.slots == same.slots
    assert len(s.planets) == planets
    assert [(p.id, p.type) for p in s.planets] == [(p.id, p.type) for p in same.planets]
    assert s.bank == [bank] * 6
    for team, p in enumerate(s.players):
        home = s.planet(f"sun.{team + 1}")
        assert home.owner == team and home.pieces == [0, 1, 1, 0]  # a Factory and a Starship
        assert p.res == [1] * 6 and p.vp == 7 and len(p.hand) == 11
    assert [p.owner for p in s.planets if p.system == "sun"] == list(range(teams))
    assert len(s.known) == players and len(s.art_known) == teams


def test_or14_partners_are_seats_s_and_s_plus_half():
    """The rulebook's six-player example: 1 & 4 / 2 & 5 / 3 & 6, seats counted from 0."""
    six, eight = new(6).view(0)["teams"]["teams"], new(8).view(0)["teams"]["teams"]
    assert [t["seats"] for t in six] == [[0, 3], [1, 4], [2, 5]]
    assert [t["seats"] for t in eight] == [[0, 4], [1, 5], [2, 6], [3, 7]]


def test_a_team_game_names_one_colour_per_team():
    game = new(6, options={"colours": ["green", "purple", "red"]})
    assert [p.colour for p in game.state.players] == ["green", "purple", "red"]
    with pytest.raises(OptionError, match="3 teams"):
        new(6, options={"colours": ["green", "purple", "red", "blue", "yellow"]})


# -- the Planning phase ----------------------------------------------------------------------


def test_or14_the_odd_card_goes_to_the_partner_first_from_the_marker():
    """Each team's 11 cards are dealt 6 and 5: the partner holding the marker, or first
    clockwise from it, receives the odd one; the seat's cards are its team's."""
    game = new(8, seed=1)
    t = game.state.teams
    assert t.marker == 7
    # from seat 7: 7 first in its team, then 0, 1 and 2 before 4, 5 and 6
    assert [len(d) for d in t.dealt] == [6, 6, 6, 5, 5, 5, 5, 6]
    for team, p in enumerate(game.state.players):
        a, b = t.seats_of(team)
        assert sorted(t.dealt[a] + t.dealt[b]) == sorted(p.hand)
    dealt = [e for e in game.log if e["type"] == "dealt_cards"]
    assert sorted((e["seat"], tuple(e["to"])) for e in dealt[:8]) == [
        (s, (s % 4, s % 4 + 4)) for s in range(8)]  # both partners see both hands


@pytest.mark.parametrize("players, turns", [(6, 9), (8, 8)])
def test_or14_planning_goes_clockwise_from_the_marker_seat(players, turns):
    """With 6 players the first three seats from the marker play twice, one partner per
    team; with 8 every seat plays once. A seat plays only the cards dealt to it."""
    game = new(players, seed=3)
    t = game.state.teams
    marker = t.marker
    seen = []
    rng = random.Random(0)
    while game.state.phase == "planning":
        seat = game.current_player
        hand = set(t.dealt[seat])
        options = game.legal_actions()
        assert {a.args[0] for a in options} == hand
        seen.append(seat)
        game.apply(rng.choice(options))
        t = game.state.teams
    assert seen == [(marker + i) % players for i in range(turns)]
    teams_twice = {s % (players // 2) for s in seen[players:]}
    assert len(teams_twice) == len(seen) - players  # one partner per team plays twice


def test_or14_a_card_is_seen_by_the_seat_that_played_it_alone():
    game = new(6, seed=2)
    seat = game.current_player
    game.apply(game.legal_actions()[0])
    placed = [e for e in game.log if e["type"] == "placed_card"][-1]
    assert placed["to"] == [seat] and placed["seat"] == seat
    assert placed["player"] == seat % 3
    for other in range(6):
        row = next(r for r in game.view(other)["board"] if r["slot"] == placed["slot"])
        assert row["seat"] == seat and row["player"] == seat % 3
        assert (row["card"] is not None) == (other == seat)
    partner = (seat + 3) % 6
    # the partner knows the cards dealt to the seat, not which of them went face down (OR3)
    teams = game.view(partner)["teams"]
    assert placed["card"] in teams["partner_unrevealed"]
    assert sorted(game.state.teams.dealt[seat] + [placed["card"]]) == \
        teams["partner_unrevealed"]


# -- who answers for a team (OR30) ----------------------------------------------------------


def answers(game: Game) -> list[tuple]:
    """(kind, answering seat, expected seat) for every answer of ``game``'s log, the expected
    seat found from the log alone: the seat on turn places; during a card the Planner seat
    (the ``revealed`` record's) answers for its team and the seat the Planner called for
    each other team; a trade offer's reply is the named seat's; the rest is the speaker's,
    the team's seat first clockwise from the marker seat."""
    n = game.config.players
    half = n // 2
    marker, planner, called, offered = None, None, {}, None
    out = []
    for e in game.log:
        kind = e["type"]
        if kind == "setup":
            marker = e["marker"]
        elif kind == "revealed":
            planner, called = e["seat"], {}
        elif kind == "first_player":
            marker = planner
        elif kind == "end_of_round":
            planner = None
        elif kind == "round_end":
            marker, planner = None, None
        elif kind == "round":
            marker = e["marker"]
        elif kind == "action":
            q, _, args = e["id"].partition(":")
            seat = e["player"]
            team = seat % half
            speaker = min((team, team + half), key=lambda s: (s - marker) % n)
            if q == "place":
                expected = seat
            elif q == "offer_reply":
                expected = offered
            elif q in SPEAKER_KINDS or planner is None:
                expected = speaker
            elif team == planner % half:
                expected = planner
            else:
                expected = called.get(team, speaker)
            out.append((q, seat, expected))
            if q in ("travel_call", "build_call", "score_call"):
                chosen = int(args)
                called[chosen % half] = chosen
            elif q == "trade" and args.startswith("offer:"):
                offered = int(args.split(":")[1])
    return out


@pytest.mark.parametrize("players, seed", [(6, 4), (8, 4)])
def test_or30_every_team_decision_is_answered_by_the_seat_the_ruling_names(players, seed):
    game = play(new(players, seed), random.Random(seed))
    got = answers(game)
    wrong = [a for a in got if a[1] != a[2]]
    assert not wrong, wrong[:5]
    kinds = {q for q, _, _ in got}
    # the game went through every kind of team decision
    assert {"place", "produce_type", "travel_system", "travel_call", "travel_go",
            "keep_artifact", "build", "build_call", "score_option", "score_call", "trade",
            "offer_reply", "hand_discard", "draft_keep", "artifact", "choose"} <= kinds


def test_or30_the_called_seat_answers_and_the_planner_may_call_either_partner():
    """T2 with teams: the answers are both seats of each uncalled team (the Planner's own
    team is its part); the called seat then decides its team's travel."""
    game = new(6, seed=11)
    rng = random.Random(11)
    while not (game.current_player is not None and
               game.legal_actions()[0].kind == "travel_call"):
        game.apply(rng.choice(game.legal_actions()))
    t = game.state.teams
    seats = sorted(a.args[0] for a in game.legal_actions())
    planner_team = t.team_of(t.planner)
    assert game.current_player == t.planner
    assert planner_team not in {s % 3 for s in seats}
    assert len(seats) % 2 == 0 and all((s + 3) % 6 in seats for s in seats)
    # call the partner who is not the team's speaker
    pick = next(s for s in seats if s != t.speaker(t.team_of(s)))
    game.apply(next(a for a in game.legal_actions() if a.args[0] == pick))
    if game.legal_actions()[0].kind == "travel_go":
        assert game.current_player == pick
    assert game.state.teams.resolvers[pick % 3] == pick


def test_or30_speaker_decisions_go_to_the_seat_first_from_the_marker():
    from artemis.games.odyssey.rules.teams import seat_for

    game = new(6, seed=1)
    s = game.state
    s.teams.marker = 4
    # team 1 (seats 1, 4) holds the marker: seat 4 speaks; team 2 (2, 5): 5 before 2
    # from 4; team 0 (0, 3): 0 before 3
    assert [s.teams.speaker(t) for t in range(3)] == [0, 4, 5]
    assert seat_for(s, 2, "hand_discard") == 5
    s.teams.planner, s.teams.resolvers = 2, {1: 1}
    assert seat_for(s, 2, "travel_go") == 2  # the Planner's team: the Planner seat
    assert seat_for(s, 1, "build") == 1  # called
    assert seat_for(s, 0, "build") == 0  # not called: the speaker
    assert seat_for(s, 2, "draft_keep") == 5  # the draft is the speaker's even in a card


def test_or30_a_trade_offer_names_the_seat_that_answers_it():
    game = new(6, seed=11)
    rng = random.Random(5)
    while True:
        options = game.legal_actions()
        offer = [a for a in options if a.kind == "trade" and a.args[0] == "offer"]
        if offer:
            break
        game.apply(rng.choice(options))
    targets = sorted(a.args[1] for a in offer)
    assert all((x + 3) % 6 in targets for x in targets)  # both partners of each team
    named = targets[-1]
    game.apply(offer[-1])
    while game.legal_actions()[0].kind == "offer_edit":
        acts = game.legal_actions()
        send = [a for a in acts if a.args[0] == "send"]
        game.apply(send[0] if send else next(a for a in acts if a.args[0] in ("give", "get")))
    assert game.legal_actions()[0].kind == "offer_reply"
    assert game.current_player == named


# -- the marker, VP and the winner ---------------------------------------------------------


def test_or14_the_score_card_gives_the_marker_to_the_seat_that_played_it():
    """Team Play: the Planner partner receives the First Player marker when a Score card is
    revealed; at the End of the Round the marker goes to the seat of the rightmost Score
    card (OR17)."""
    game = new(6, seed=1)
    s = game.state
    s.teams.planner = 4
    resolve(game, ("score", 1, "blue-score-1"))
    assert (s.first, s.teams.marker) == (1, 4)
    s.board = [None] * len(s.slots)
    s.board[2], s.teams.board_seat[2] = (2, "yellow-score-1"), 2
    s.board[5], s.teams.board_seat[5] = (0, "red-score-2"), 3
    resolve(game, ("round_over",))
    assert (s.first, s.teams.marker) == (0, 3)
    assert "red-score-2" in s.players[0].score_discard


def test_or14_a_team_wins_with_its_vp_and_ties_between_teams_share_the_win():
    game = new(6, seed=1)
    s = game.state
    for team, vp in enumerate((60, 81, 55)):
        s.players[team].vp = vp
    s.end = "77_vp"
    resolve(game, ("round_over",))
    r = game.result
    assert r["teams"] == [{"team": 0, "colour": "red", "seats": [0, 3], "vp": 60},
                          {"team": 1, "colour": "blue", "seats": [1, 4], "vp": 81},
                          {"team": 2, "colour": "yellow", "seats": [2, 5], "vp": 55}]
    assert [row["vp"] for row in r["players"]] == [60, 81, 55, 60, 81, 55]
    assert r["ranking"] == [1, 4, 0, 3, 2, 5]
    assert (r["winner"], r["winners"], r["winning_teams"]) == (1, [1, 4], [1])
    game = new(8, seed=1)
    s = game.state
    for team, vp in enumerate((79, 50, 79, 12)):
        s.players[team].vp = vp
    s.end = "77_vp"
    resolve(game, ("round_over",))
    r = game.result
    assert (r["winner"], r["winners"], r["winning_teams"]) == (0, [0, 2, 4, 6], [0, 2])
    assert r["ranking"] == [0, 4, 2, 6, 1, 5, 3, 7]


# -- what partners know ---------------------------------------------------------------------


def test_or14_partners_share_artifacts_and_dealt_cards_but_not_peeks():
    game = new(6, seed=4)
    s = game.state
    s.players[1].artifacts = ["stargate"]
    views = [game.view(seat) for seat in range(6)]
    assert [v["players"][1].get("artifacts") for v in views] == [
        None, ["stargate"], None, None, ["stargate"], None]
    seat = 1
    assert views[seat]["teams"]["hand"] == sorted(s.teams.dealt[1])
    assert views[seat]["teams"]["partner_unrevealed"] == sorted(s.teams.dealt[4])
    assert "partners share" in views[seat]["teams"]["shared"]
    # a peek: known to the peeking seat alone
    hidden = next(p for p in s.planets if not p.up)
    s.known[4].add(hidden.id)
    row = [next(r for r in game.view(x)["planets"] if r["id"] == hidden.id) for x in range(6)]
    assert [r["type"] is not None for r in row] == [False, False, False, False, True, False]


def test_or14_a_travellers_peek_is_recorded_for_the_seat_that_travelled():
    game = play(new(8, seed=12), random.Random(12))
    peeks = [e for e in game.log if e["type"] == "peek_seen"]
    assert peeks
    last_answer = {}
    for e in game.log:
        if e["type"] == "action":
            last_answer = e
        elif e["type"] == "peek_seen":
            # the peek follows the traveller's answer "go" (or the system an Artifact's
            # travel goes to): that seat alone sees it
            assert last_answer["id"] == "travel_go:go" or \
                last_answer["id"].startswith("travel_system:")
            assert e["to"] == [last_answer["player"]] and e["to"][0] % 4 == e["player"]


def test_determinize_keeps_the_seats_own_hand_and_its_partners_cards_and_resplits_the_others():
    game = new(6, seed=4)
    rng = random.Random(0)
    for _ in range(4):
        game.apply(rng.choice(game.legal_actions()))
    seat = game.current_player
    partner = game.state.teams.partner(seat)
    view = game.view(seat)
    t = game.state.teams

    def partners_cards(g):  # dealt to the partner this round and not yet revealed
        return sorted(g.state.teams.dealt[partner] + [
            e[1] for i, e in enumerate(g.state.board)
            if e is not None and g.state.teams.board_seat[i] == partner])

    split = False
    for k in range(20):
        world = game.determinize(seat, random.Random(k))
        w = world.state.teams
        assert world.view(seat) == view
        assert w.dealt[seat] == t.dealt[seat]
        assert partners_cards(world) == partners_cards(game)
        split |= w.dealt != t.dealt
        world.apply(world.legal_actions()[0])  # the resampled world plays on
    assert split


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize("players, seed", [(6, 0), (6, 1), (8, 0), (8, 1)])
def test_seeded_random_team_games_finish_within_the_round_bound(players, seed):
    game = play(new(players, seed), random.Random(seed))
    r = game.result
    assert r["rounds"] <= ROUND_BOUND and r["end_reason"] in ("77_vp", "last_planet")
    assert sorted(r["ranking"]) == list(range(players))
    assert set(r["winners"]) == {s for t in r["winning_teams"] for s in (t, t + players // 2)}
    check_team_invariants(game)


@pytest.mark.parametrize("players", [6, 8])
def test_greedy_team_games_finish(players):
    from artemis.players.bots import GreedyBot

    game = new(players, seed=7)
    bots = [GreedyBot(seat) for seat in range(players)]
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    assert game.result["rounds"] <= ROUND_BOUND
    check_team_invariants(game)


def test_play_names_the_winning_team():
    from artemis.cli import app

    runner = CliRunner()
    out = runner.invoke(app, ["play", "--game", "odyssey", "--players", "6", "--seed", "1",
                              "--quiet"])
    assert out.exit_code == 0, out.output
    # rules version 2 gives a Deep Scanner's peek to the seat that used it (OR14), which this
    # game's random seats then play on from: another game than version 1's (blue won that)
    assert out.output.splitlines()[-1] == "winner: P0 (random) (red team, with P3 (random))"
    out = runner.invoke(app, ["play", "--game", "odyssey", "--players", "8", "--seed", "1",
                              "--json"])
    result = json.loads(out.stdout)
    assert [t["colour"] for t in result["teams"]] == ["red", "blue", "yellow", "green"]
    assert result["winning_teams"] == [2] and result["winners"] == [2, 6]
    full = runner.invoke(app, ["play", "--game", "odyssey", "--players", "6", "--seed", "1"])
    assert full.output.startswith("content version 1 (base 1.0.0)\nTeams: red P0 (random) & "
                                  "P3 (random); blue P1 (random) & P4 (random); yellow P2 "
                                  "(random) & P5 (random)")


def test_human_seats_play_a_team_game_and_are_told_their_team():
    from artemis.cli import app

    out = CliRunner().invoke(app, ["play", "--game", "odyssey", "--players", "6", "--seed", "3",
                                   "--bots", "human,random,random,human,random,random",
                                   "--quiet"], input="1\n" * 5000)
    assert out.exit_code == 0, out.output
    assert ("P3, Planning: play an Action card face down into a free slot\n"
            "  (red team, seat 3 with partner 0: 7 VP;") in out.output
    assert "P0, Planning: play an Action card face down into a free slot\n  (red team, seat " \
        "0 with partner 3:" in out.output
    assert "the board as P3 sees it" in out.output
    assert out.output.splitlines()[-1].startswith("winner: ")
