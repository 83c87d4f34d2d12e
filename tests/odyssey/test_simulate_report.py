"""`artemis simulate --game odyssey`: the report's Odyssey figures (docs/simulate.md, "The
Artemis Odyssey's report"): game length in rounds, VP by scoring option, and every Action
card, Alien Artifact and Mission with the figures of its users."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.games.odyssey.stats import item_summary, vp_by_option
from artemis.kernel.game import GameConfig
from artemis.players.play import play_game
from artemis.sim import GameTask, build_report, run

OPTIONS = ["colonies_factories", "starships", "alien_planets", "terraformers", "concentration",
           "systems", "identical_resources", "different_resources"]


@pytest.fixture(scope="module")
def game():
    """A 3-player random game, seed 5."""
    return play_game(GameConfig(players=3, seed=5, game="odyssey"), ["random"] * 3)


def test_vp_by_option_is_each_score_tally_with_most_and_fewest(game):
    # recomputed from the score_tally records: the tally, +3 to most, -2 to fewest (OR9)
    want = [dict.fromkeys(OPTIONS, 0) for _ in range(3)]
    tallies = [e for e in game.log if e["type"] == "score_tally"]
    assert tallies  # the game scored
    for e in tallies:
        for seat in range(3):
            want[seat][e["option"]] += (e["tally"][seat] + 3 * (seat in e["most"])
                                        - 2 * (seat in e["fewest"]))
    assert vp_by_option(game) == want
    assert game.ruleset.report.vp_parts(game) == want
    assert list(want[0]) == OPTIONS


def test_action_cards_are_used_by_their_colour(game):
    items = item_summary(game)
    cards = {i: x for i, x in items.items() if x["kind"] == "action_card"}
    assert len(cards) == 33  # the 11 cards of each colour in play; the others never appear
    colours = [p.colour for p in game.state.players]
    assert colours == ["red", "blue", "yellow"]
    played = {e["card"] for e in game.log if e["type"] == "revealed"}
    assert len(played) > 20
    for card in game.catalog.action_cards:
        if card.colour not in colours:
            assert card.id not in items
            continue
        x = items[card.id]
        assert x["appeared"] is True
        assert x["taken"] is (card.id in played), card.id
        assert x["owners"] == ([colours.index(card.colour)] if card.id in played else [])


def test_artifacts_drawn_appear_and_those_played_are_used(game):
    items = item_summary(game)
    drawn = {c for e in game.log if e["type"] in ("artifacts_seen", "draft_look")
             for c in e["cards"]}
    assert drawn
    arts = {i: x for i, x in items.items() if x["kind"] == "artifact"}
    used = {c for p in game.state.players for c in p.artifacts_played}
    assert {i for i, x in arts.items() if x["appeared"]} == drawn
    assert {i for i, x in arts.items() if x["taken"]} == used  # used: played in the game
    # a used Artifact is read from Player.artifacts_played, in order of use
    g = SimpleNamespace(state=game.state.clone(), log=game.log, catalog=game.catalog,
                        result=game.result)
    for p in g.state.players:
        p.artifacts_played = []
    g.state.players[2].artifacts_played = ["fusion-core", "stargate"]
    g.state.players[0].artifacts_played = ["stargate"]
    items = item_summary(g)
    assert items["stargate"] == {"kind": "artifact", "appeared": True, "taken": True,
                                 "owners": [0, 2]}
    assert items["fusion-core"]["owners"] == [2]


def test_a_solo_mission_is_won_on_its_goals(game):
    def with_mission(won):
        g = SimpleNamespace(state=game.state, log=game.log, catalog=game.catalog,
                            result={**game.result, "mission": {"id": "xenologist",
                                                               "won": won}})
        return item_summary(g)["xenologist"]

    assert with_mission(True) == {"kind": "mission", "appeared": True, "taken": True,
                                  "owners": [0], "won": [0]}
    assert with_mission(False)["won"] == []
    # the report counts a Mission's owner as winning only when it was won, though seat 0
    # is the winner of every solo game
    base = {"winner": 0, "ranking": [0], "vp": [50], "in_game": None, "steps": [{}],
            "decisions": 10, "rounds": 13}
    results = [{**base, "index": i, "items": {"xenologist": {
        "kind": "mission", "appeared": True, "taken": won, "owners": [0],
        "won": [0] if won else []}}} for i, won in enumerate([True, False, False])]
    x = build_report(results, ["greedy"], [("xenologist", "mission")])["items"][0]
    assert (x["appeared"], x["taken"], x["owners"], x["owners_win_rate"]) == (3, 1, 3, 0.3333)


def test_the_report_of_a_run():
    task = GameTask(players=3, bots=("greedy", "random", "random"), seed=2, game="odyssey")
    outcome = run(task, 6)
    report = build_report(outcome.results, list(task.bots), [("red-build", "action_card")])
    assert report["finished"] == 6 and report["errors"] == []
    rounds = [r["rounds"] for r in outcome.results]
    assert report["rounds"]["n"] == 6
    assert report["rounds"]["min"] == min(rounds) and report["rounds"]["max"] == max(rounds)
    assert report["rounds"]["mean"] == round(sum(rounds) / 6, 4)
    assert list(report["vp"]["steps"]) == OPTIONS
    total = sum(r["steps"][seat]["starships"] for r in outcome.results for seat in range(3))
    assert report["vp"]["steps"]["starships"]["per_game"] == round(total / 6, 4)
    assert report["vp"]["in_game"]["n"] == 0  # the Odyssey does not split its VP
    red_build = report["items"][0]
    users = [r for r in outcome.results if r["items"]["red-build"]["taken"]]
    assert red_build["taken"] == len(users) and red_build["appeared"] == 6
    assert red_build["owners_win_rate"] == round(
        sum(r["winner"] == 0 for r in users) / len(users), 4)


def test_simulate_prints_the_odyssey_tables():
    args = ["simulate", "--game", "odyssey", "--players", "2", "--games", "3", "--workers",
            "1", "--game-timeout", "0", "--seed", "4"]
    result = CliRunner().invoke(app, [*args, "--json"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["config"]["game"] == "odyssey" and report["finished"] == 3
    kinds = [x["kind"] for x in report["items"]]
    assert (kinds.count("action_card"), kinds.count("artifact"), kinds.count("mission")) == (
        55, 17, 5)
    text = CliRunner().invoke(app, args, env={"COLUMNS": "200"}).stdout
    for line in ("rounds per game", "Different Resources", "Action cards (used",
                 "Alien Artifacts (seen", "red-build ", "red Score: Alien Planets/Concentration"):
        assert line in text, line
    assert "Missions" not in text  # no Mission outside solo
    assert "in game" not in text


def test_every_tied_leader_wins_in_the_report():
    # the Odyssey's Endgame: all tied players win; each counts, for its seat, its bot and
    # the items it owns
    base = {"ranking": [0, 1, 2], "vp": [80, 80, 60], "in_game": None, "steps": [{}] * 3,
            "decisions": 300, "rounds": 9,
            "items": {"red-build": {"kind": "action_card", "appeared": True, "taken": True,
                                    "owners": [1]}}}
    results = [{**base, "index": 0, "winner": 0, "winners": [0, 1]},
               {**base, "index": 1, "winner": 2, "vp": [10, 20, 90]}]
    report = build_report(results, ["greedy", "random", "random"],
                          [("red-build", "action_card")])
    assert [w["wins"] for w in report["wins"]["by_seat"]] == [1, 1, 1]
    assert [(w["bot"], w["wins"], w["seats"]) for w in report["wins"]["by_bot"]] == [
        ("greedy", 1, 2), ("random", 2, 4)]
    assert report["items"][0]["owners_win_rate"] == 0.5


def test_team_games_report_every_seat_with_its_team_figures():
    # 6 players in 3 teams (OR14): the rules keep 3 markers, the report has 6 seats; each
    # partner shows its team's VP by option, and a card's owner is the seat that played it
    g = play_game(GameConfig(players=6, seed=3, game="odyssey"), ["random"] * 6)
    parts = vp_by_option(g)
    assert len(parts) == 6
    assert parts[0] == parts[3] and parts[1] == parts[4] and parts[2] == parts[5]
    played = {e.get("seat") for e in g.log if e["type"] == "revealed"}
    owners = {s for x in item_summary(g).values() if x["kind"] == "action_card"
              for s in x["owners"]}
    assert owners == played and max(owners) >= 3
    task = GameTask(players=6, bots=("random",) * 6, seed=3, game="odyssey")
    report = build_report(run(task, 2).results, list(task.bots), [])
    assert report["finished"] == 2 and len(report["wins"]["by_seat"]) == 6
    # "per game" sums a scoring option over the teams, not the seats: partners share a score
    results = run(task, 2).results
    for option in ("starships", "systems"):
        by_game = [sum(r["steps"][seat][option] for seat in range(3)) for r in results]
        seats = [sum(r["steps"][seat][option] for seat in range(6)) for r in results]
        assert seats == [2 * x for x in by_game]
        assert report["vp"]["steps"][option]["per_game"] == round(sum(by_game) / 2, 2)
        assert report["vp"]["steps"][option]["n"] == 12  # its mean is over the 12 seats
    assert results[0]["team"] == [0, 1, 2, 0, 1, 2]


def test_a_solo_seat_wins_only_the_games_whose_mission_it_won():
    # Solo Rules, Winning the Game: a lost Mission is a game nobody won, so the seat's win
    # rate and every owner's win rate are the share of Missions won
    task = GameTask(players=1, bots=("greedy",), seed=3, game="odyssey")
    outcome = run(task, 6)
    won = [r["winners"] == [0] for r in outcome.results]
    assert all(r["winners"] in ([0], []) for r in outcome.results)
    assert 0 < sum(won) < 6  # these seeds both win and lose: the test tells the two apart
    report = build_report(outcome.results, list(task.bots), [("red-build", "action_card")])
    assert report["wins"]["by_seat"][0]["wins"] == sum(won)
    assert report["wins"]["by_seat"][0]["win_rate"] == round(sum(won) / 6, 4)
    red_build = report["items"][0]
    users = [w for w, r in zip(won, outcome.results, strict=True)
             if r["items"]["red-build"]["taken"]]
    assert red_build["owners_win_rate"] == round(sum(users) / len(users), 4)


def test_an_empty_winners_list_is_nobody_winning_not_the_winner_field():
    base = {"ranking": [0], "vp": [30], "in_game": None, "steps": [{}], "decisions": 40,
            "rounds": 13, "winner": 0,
            "items": {"red-build": {"kind": "action_card", "appeared": True, "taken": True,
                                    "owners": [0]}}}
    results = [{**base, "index": 0, "winners": []}, {**base, "index": 1, "winners": [0]}]
    report = build_report(results, ["greedy"], [("red-build", "action_card")])
    assert report["wins"]["by_seat"][0]["wins"] == 1
    assert report["items"][0]["owners_win_rate"] == 0.5
