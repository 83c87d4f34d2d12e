"""The strong bot (`artemis.players.strong`, docs/simulate.md "Bots"): it beats random, it
reads nothing its seat cannot see, its budget is playouts (or CPU seconds), and a save of a
strong seat continues as the game went on. Its strength against greedy is measured by
benchmarks/strong_ab.py, not here."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from artemis.cli.root import app
from artemis.kernel.game import Game, GameConfig
from artemis.players.bots import make_bot
from artemis.players.play import make_bots
from artemis.players.spec import BotSpecError
from artemis.players.strong import StrongBot

TINY = "strong:iterations=6,width=3,sample=3,depth=6"

#: short games: the Project in 3 rounds (the game_length house rule), the Odyssey stopped
#: after its 4th round (max_rounds)
SHORT = {"project": {"variants": {"game_length": {"rounds": 3}}},
         "odyssey": {"options": {"max_rounds": 4}}}


@pytest.fixture
def house_rules(monkeypatch):
    """The built-in house_rules plugin (game_length) in the default host, as its entry point
    would register it (tests load none: tests/conftest.py)."""
    import artemis_plugins.house_rules as house_rules
    from artemis.kernel import plugins
    from artemis.kernel.plugins import load_plugins

    host = load_plugins(entry_point_plugins=False)
    host.pm.register(house_rules, name="house_rules")
    monkeypatch.setitem(plugins.HOSTS, "default", host)
    return host


@pytest.mark.parametrize("game_id", ["project", "odyssey"])
def test_beats_random_in_every_short_two_player_game(game_id, house_rules):
    for seed in range(6):
        seat = seed % 2
        kinds = ["random", "random"]
        kinds[seat] = TINY
        config = GameConfig(game=game_id, players=2, seed=seed, **SHORT[game_id])
        game = Game.new(config)
        game.logging = False
        bots = make_bots(config, kinds)
        while not game.is_over:
            game.apply(bots[game.current_player].choose(game))
        vps = [row["vp"] for row in game.result["players"]]
        assert vps[seat] > vps[1 - seat], (seed, vps)


def test_budget_is_playouts_or_cpu_seconds(monkeypatch):
    game = _project_at_a_choice(2)
    bot = StrongBot(1, iterations=20, width=4, sample=2)
    bot.choose(game)
    # passes of 4 candidates, 4, then of 2 after halving at the 2nd pass: 8 + 6 * 2 = 20
    assert bot.last == {"iterations": 20, "passes": 8, "candidates": 2}
    assert bot.stats["iterations"] == 20 and bot.stats["decisions"] == 1
    clock = iter(range(0, 1000, 1))  # each reading of the CPU clock one second later
    monkeypatch.setattr("artemis.players.strong.time.process_time", lambda: next(clock) * 0.01)
    timed = StrongBot(1, time=0.03, width=4, sample=2, iterations=1)
    timed.choose(game)
    assert timed.last["passes"] == 3  # read after passes 1, 2, 3: 0.01, 0.02, 0.03 s


def test_reads_positions_through_value_all_alone(monkeypatch):
    """A game's `value_all` is what the strong bot reads: made to favour one action, the bot
    takes it; `evaluate` and `evaluate_all` are never called."""
    game = _project_at_a_choice(1)
    seat = game.current_player
    wanted = game.legal_actions()[-1].id

    def value_all(g):
        liked = any(a.id == wanted for a in g.actions[len(game.actions):len(game.actions) + 1])
        return [10.0 if liked and s == seat else 0.0 for s in range(g.config.players)]

    def refuse(g, *seat):
        raise AssertionError("the strong bot reads value_all only")

    players = game.ruleset.players
    monkeypatch.setattr(players, "value_all", value_all)
    monkeypatch.setattr(players, "evaluate", refuse)
    monkeypatch.setattr(players, "evaluate_all", refuse)
    assert StrongBot(2, iterations=12).choose(game).id == wanted


def test_value_all_defaults_to_evaluate_all():
    game = _project_at_a_choice(0)
    players = game.ruleset.players  # the Project gives no value_all: the default
    assert players.value_all(game) == players.evaluate_all(game)


def _project_at_a_choice(moves: int) -> Game:
    game = Game.new(GameConfig(players=2, seed=3))
    bots = make_bots(game.config, ["greedy", "greedy"])
    for _ in range(moves):
        game.apply(bots[game.current_player].choose(game))
    while len(game.legal_actions()) < 3:
        game.apply(game.legal_actions()[0])
    return game


def test_project_choice_ignores_what_its_seat_cannot_see():
    """The Expedition deck, the tile stacks and the Event deck reordered, every random stream
    moved on: the seat's view is the same, and the strong bot chooses the same action."""
    game = _project_at_a_choice(3)
    seat = game.current_player
    other = game.clone()
    s = other.state
    random.Random(99).shuffle(s.expedition_deck)
    for tiles in s.stacks.values():
        tiles.reverse()
    seen = set(s.events_seen)
    s.event_deck = [e.id for e in game.catalog.events if e.id not in seen][-len(s.event_deck):]
    for name in list(s.rng):
        s.rng[name].random()
    assert other.view(seat) == game.view(seat)
    assert other.full_view() != game.full_view()  # the change is real, and hidden
    first, second = StrongBot(11, iterations=24), StrongBot(11, iterations=24)
    assert first.choose(game).id == second.choose(other).id
    assert first.rng.getstate() == second.rng.getstate()


def test_odyssey_choice_ignores_another_seats_hidden_cards():
    """Another seat's face-down Action cards swapped between its slots, and the Artifact deck
    reordered: the seat's view is the same, and the strong bot's choice too."""
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
    make = lambda: StrongBot(3, iterations=12, depth=8)  # noqa: E731
    assert make().choose(game).id == make().choose(other).id


def test_spec_options_parsed_and_refused():
    bot = make_bot("strong:iterations=17,horizon=3,time=0.25", 0)
    assert (bot.iterations, bot.horizon, bot.seconds) == (17, 3, 0.25)
    assert make_bot("strong", 0).options == {
        "iterations": 48, "time": 0.0, "width": 6, "sample": 6, "horizon": "round",
        "depth": 20, "prior": 0.5}
    with pytest.raises(BotSpecError, match="option time is at most 3600, got 4000"):
        make_bot("strong:time=4000", 0)
    with pytest.raises(BotSpecError, match="strong has no option 'c'"):
        make_bot("strong:c=1", 0)


def test_a_save_of_a_strong_seat_loads_and_continues_identically(tmp_path, monkeypatch,
                                                                house_rules):
    """A game stopped at its first decision (the save written there) and loaded plays on to
    the very table the whole game printed."""
    monkeypatch.chdir(tmp_path)
    args = ["play", "--players", "2", "--bots", f"{TINY},greedy", "--variant", "game_length",
            "--option", "game_length.rounds=2", "--quiet", "--seed", "4"]
    whole = CliRunner().invoke(app, args)
    assert whole.exit_code == 0, whole.output
    from artemis.records.save import read_save, write_save

    config = GameConfig(players=2, seed=4, variants={"game_length": {"rounds": 2}})
    game = Game.new(config)
    kinds = [TINY, "greedy"]
    bots = make_bots(config, kinds)
    for _ in range(5):  # five decisions in, the strong bot's random state moved on
        game.apply(bots[game.current_player].choose(game))
    write_save(tmp_path / "s.json", game, kinds, None, bots)
    assert read_save(tmp_path / "s.json")["seats"][0]["kind"] == TINY
    loaded = CliRunner().invoke(app, ["play", "--load", "s.json", "--quiet"])
    assert loaded.exit_code == 0, loaded.output
    assert loaded.stdout == whole.stdout
    assert f"({TINY})" in whole.stdout
