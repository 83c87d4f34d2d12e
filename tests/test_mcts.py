"""The mcts bot (artemis.players.mcts; docs/simulate.md, "Bots"): deterministic for a seed,
never raises in games mixed with other bots, honours its iteration budget, reads only its own
seat's view; and its spec's options are parsed and refused in one place."""

from __future__ import annotations

import random

import pytest

import artemis.games.project.heuristic as heuristic
from artemis.games.project.rules.scoring import final_scores
from artemis.kernel.game import Game, GameConfig
from artemis.players.bots import GreedyBot, RandomBot, make_bot
from artemis.players.mcts import MCTSBot, terminal_rewards
from artemis.players.play import make_bots, play_on
from artemis.players.spec import BotSpecError, split_specs

SMALL = "mcts:iterations=1,horizon=round,prior=none"  # the CI budget of the 200 games


def _play(config: GameConfig, kinds: list[str]) -> Game:
    game = Game.new(config)
    game.logging = False
    play_on(game, make_bots(config, kinds))
    return game


@pytest.mark.parametrize("game_id,players", [("project", 2), ("odyssey", 3)])
def test_same_seed_same_game(game_id, players):
    kinds = ["mcts:iterations=6,horizon=round"] + ["greedy"] * (players - 1)
    a = _play(GameConfig(game=game_id, players=players, seed=5), kinds)
    b = _play(GameConfig(game=game_id, players=players, seed=5), kinds)
    assert a.is_over and b.is_over
    assert [x.id for x in a.actions] == [x.id for x in b.actions]
    assert a.result == b.result
    c = _play(GameConfig(game=game_id, players=players, seed=6), kinds)
    assert [x.id for x in c.actions] != [x.id for x in a.actions]


@pytest.mark.parametrize("games", [
    range(100), pytest.param(range(100, 200), marks=pytest.mark.slow)], ids=["0-99", "100-199"])
def test_two_hundred_mixed_games_never_raise(games):
    """200 games at 2 to 5 players (192 of the Project, 8 of the Odyssey), an mcts seat at
    the CI budget (one iteration a decision, rolled out to the end of the round) beside
    random seats, a tinier mcts (a rollout of one decision), and a greedy seat in every
    twentieth game. The search itself (selection by UCB, widening) is exercised with larger
    budgets by the tests above and below. Games 100-199 are in the slow set (``pytest -m
    slow``: CI's 15-minute budget)."""
    tiny = "mcts:iterations=1,horizon=1,prior=none"
    finished = 0
    for i in games:
        game_id = "odyssey" if i % 25 == 3 else "project"
        players = 2 + i % 4
        pick = random.Random(i)
        kinds = [SMALL] + [pick.choice(["random", "random", tiny]) for _ in range(players - 1)]
        if i % 20 == 5:
            kinds[-1] = "greedy"
        pick.shuffle(kinds)
        game = _play(GameConfig(game=game_id, players=players, seed=1000 + i), kinds)
        assert game.is_over, (game_id, players, i)
        assert len(game.result["players"]) == players
        finished += 1
    assert finished == len(games)


def test_honours_its_budget(monkeypatch):
    """One determinized world per iteration (and one for the root's order), never more, and
    the tree grows by at most one node an iteration."""
    calls = []
    real = Game.determinize

    def counting(self, seat, rng):
        calls.append(seat)
        return real(self, seat, rng)

    monkeypatch.setattr(Game, "determinize", counting)
    game = Game.new(GameConfig(players=3, seed=2))
    bot = MCTSBot(7, iterations=25)
    seat = game.current_player
    for _ in range(4):
        assert len(game.legal_actions()) > 1
        calls.clear()
        action = bot.choose(game)
        assert len(calls) == 25 + 1
        assert set(calls) == {game.current_player}
        assert bot.last["iterations"] == 25
        assert bot.last["nodes"] <= 25
        assert bot.last["root_visits"] == 25
        game.apply(action)
        while not game.is_over and game.current_player != seat:
            game.apply(game.legal_actions()[0])
    assert bot.stats["decisions"] == 4 and bot.stats["iterations"] == 100
    no_prior = MCTSBot(7, iterations=10, prior="none")
    calls.clear()
    no_prior.choose(game)
    assert len(calls) == 10


def _project_at_a_choice(seed: int) -> Game:
    game = Game.new(GameConfig(players=2, seed=seed))
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(9):
        game.apply(bots[game.current_player].choose(game))
    while len(game.legal_actions()) < 3:
        game.apply(game.legal_actions()[0])
    return game


def test_project_root_choice_ignores_what_its_seat_cannot_see():
    """The Expedition deck, the tile stacks and the Event deck reordered, every random stream
    moved on: the seat's view is the same, and mcts (and greedy) choose the same action."""
    game = _project_at_a_choice(3)
    seat = game.current_player
    other = game.clone()
    s = other.state
    shuffle = random.Random(99).shuffle
    shuffle(s.expedition_deck)
    for tiles in s.stacks.values():
        tiles.reverse()
    seen = set(s.events_seen)
    s.event_deck = [e.id for e in game.catalog.events if e.id not in seen][-len(s.event_deck):]
    for name in list(s.rng):
        s.rng[name].random()
    assert other.view(seat) == game.view(seat)
    assert other.full_view() != game.full_view()  # the change is real, and hidden
    for make in (lambda: MCTSBot(11, iterations=40), lambda: GreedyBot(11)):
        assert make().choose(game).id == make().choose(other).id


def test_odyssey_root_choice_ignores_another_seats_hidden_cards():
    """Another seat's face-down Action cards swapped between its slots, and the Artifact deck
    reordered: the seat's view is the same, and its choice too."""
    game = Game.new(GameConfig(game="odyssey", players=3, seed=4))
    rng = random.Random(0)
    while True:  # on to a planning question after another seat placed two cards
        s = game.state
        placed = [i for i, e in enumerate(s.board) if e is not None and not s.revealed[i]]
        owners = [s.board[i][0] for i in placed]
        seat = game.current_player
        if (len(game.legal_actions()) > 2 and any(owners.count(o) >= 2 for o in owners
                                                  if o != seat)):
            break
        game.apply(rng.choice(game.legal_actions()))
    other = game.clone()
    s = other.state
    owner = next(o for o in owners if o != seat and owners.count(o) >= 2)
    i, j = [i for i in placed if s.board[i][0] == owner][:2]
    assert s.board[i][1] != s.board[j][1]
    s.board[i], s.board[j] = s.board[j], s.board[i]
    s.artifact_deck.reverse()
    assert other.view(seat) == game.view(seat)
    assert other.full_view() != game.full_view()
    for make in (lambda: MCTSBot(3, iterations=30), lambda: GreedyBot(3)):
        assert make().choose(game).id == make().choose(other).id


def test_spec_options_parsed_and_refused():
    bot = make_bot("mcts:iterations=17,horizon=3,c=1.5", 0)
    assert (bot.iterations, bot.horizon, bot.c) == (17, 3, 1.5)
    assert make_bot("mcts", 0).options["horizon"] == "round"
    assert split_specs("mcts:iterations=9,horizon=game,greedy,random") == [
        "mcts:iterations=9,horizon=game", "greedy", "random"]
    for spec, words in [("mcts:iteration=5", "has no option 'iteration'"),
                        ("mcts:iterations=0", "iterations is at least 1, got 0"),
                        ("mcts:horizon=soon", "horizon is round or game or a whole number"),
                        ("mcts:iterations", "is not KEY=VALUE"),
                        ("mcts:c=1,c=2", "option c is given twice"),
                        ("mcts:", "no options after ':'; write mcts, or e.g. mcts:iterations="),
                        ("greedy:iterations=5", "greedy takes no options")]:
        with pytest.raises(BotSpecError, match=words):
            make_bot(spec, 0)
    with pytest.raises(BotSpecError, match="names no bot"):
        split_specs("iterations=5,greedy")
    with pytest.raises(ValueError, match="unknown bot 'mcst'"):
        make_bot("mcst", 0)


def test_terminal_rewards_rank_a_win_first():
    result = {"players": [{"seat": 0, "vp": 30}, {"seat": 1, "vp": 25}, {"seat": 2, "vp": 30}]}
    r = terminal_rewards(result, 3, 4.0)
    assert r[0] == r[2] and r[0] > r[1]
    assert r[1] < 0.25 and r[0] == pytest.approx(0.5)  # a tie at the top: half a win
    teams = {"players": [{"seat": 0, "vp": 40, "team": 0}, {"seat": 1, "vp": 40, "team": 0},
                         {"seat": 2, "vp": 30, "team": 1}, {"seat": 3, "vp": 30, "team": 1}]}
    r = terminal_rewards(teams, 4, 4.0)
    assert r[0] == r[1] > 0.95 and r[2] == r[3] < 0.05


def test_simulate_with_mcts_gives_one_report_for_any_workers():
    """`simulate --bots mcts:...,random` in process and on 2 worker processes: one report,
    the bot named by its spec in the figures by bot."""
    import json

    from typer.testing import CliRunner

    from artemis.cli import app

    args = ["simulate", "--games", "4", "--players", "2", "--seed", "3", "--json", "--bots",
            "mcts:iterations=3,horizon=round,random"]
    one = CliRunner().invoke(app, [*args, "--workers", "1"])
    two = CliRunner().invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    report = json.loads(one.stdout)
    assert json.loads(two.stdout) == report
    assert report["finished"] == 4 and report["errors"] == []
    bots = {row["bot"]: row["seats"] for row in report["wins"]["by_bot"]}
    assert bots == {"mcts:iterations=3,horizon=round": 4, "random": 4}
    bad = CliRunner().invoke(app, [*args[:-1], "mcts:iterations=x,random"])
    assert bad.exit_code == 2 and "option iterations is a whole number, got 'x'" in bad.output


@pytest.mark.parametrize("game_id,players,rules", [("project", 4, 2), ("project", 3, 1),
                                                   ("odyssey", 3, None)])
def test_every_seats_evaluation_at_once_equals_seat_by_seat(game_id, players, rules):
    # the search scores every seat from one reading (parts.Players.evaluate_all): the same floats
    options = {} if rules is None else {"rules_version": rules}
    config = GameConfig(game=game_id, players=players, seed=11, **options)
    game = Game.new(config)
    rng = random.Random(11)
    checked = 0
    while not game.is_over:
        if rng.random() < 0.1:
            every = game.ruleset.players.evaluate_all(game)
            assert every == [game.ruleset.players.evaluate(game, s) for s in range(players)]
            if game_id == "project" and rules == 2:  # the heuristic's definition, by hand
                totals = [heuristic.worth(game, p, final_scores(game))
                          + heuristic.dice_on_board(game)[p.seat] for p in game.state.players]
                assert every == [t - max(o for j, o in enumerate(totals) if j != i)
                                 for i, t in enumerate(totals)]
                assert max(every) >= 0 > min(every) or every == [0.0] * players
            checked += 1
        game.apply(rng.choice(game.legal_actions()))
    assert checked > 5
    assert game.ruleset.players.evaluate_all(game) == [game.ruleset.players.evaluate(game, s)
                                               for s in range(players)]
