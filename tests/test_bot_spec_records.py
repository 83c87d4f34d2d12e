"""Every bot spec the parser accepts (`artemis.players.spec`, docs/simulate.md "Bots") goes
through a save, a log header and a game config file and comes back naming the same bot, for
both games: each record keeps it written one way (`artemis.players.bots.check_bot`). Found as
issue 25: a save of an ``mcts:iterations=5`` seat was refused by ``artemis play --load``."""

from __future__ import annotations

import json
import math
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from artemis.cli.root import app
from artemis.kernel.game import Game, GameConfig
from artemis.kernel.games import get_game
from artemis.players.bots import bot_kinds, bot_options, check_bot, make_bot, rng_state
from artemis.players.play import make_bots
from artemis.players.spec import BotSpecError
from artemis.records.config_file import load_config
from artemis.records.log import read_log, write_log
from artemis.records.save import SaveError, load_save, read_save, write_save

GAMES = ("project", "odyssey")


def meaning(spec: str, game_id: str) -> tuple:
    """What a spec plays: the bot's class and its options (an mcts bot's, every one)."""
    bot = make_bot(spec, 0, get_game(game_id))
    return type(bot).__name__, getattr(bot, "options", None)


def test_the_command_play_printed_loads_the_save(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    made = CliRunner().invoke(app, ["play", "--players", "2", "--bots", "mcts:iterations=5,random",
                                    "--save", "s.json", "--quiet"])
    assert made.exit_code == 0, made.output
    assert [s["kind"] for s in read_save(tmp_path / "s.json")["seats"]] == [
        "mcts:iterations=5", "random"]
    loaded = CliRunner().invoke(app, ["play", "--load", "s.json", "--quiet"])
    assert loaded.exit_code == 0, loaded.output
    assert loaded.stdout == made.stdout  # the finished game, its table again
    assert "winner: P" in loaded.stdout and "(mcts:iterations=5)" in loaded.stdout


def test_an_odyssey_save_of_an_mcts_seat_with_options_loads(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    made = CliRunner().invoke(app, ["play", "--game", "odyssey", "--players", "2", "--bots",
                                    "mcts:iterations=3,c=0.5,greedy", "--save", "o.json",
                                    "--quiet"])
    assert made.exit_code == 0, made.output
    loaded = CliRunner().invoke(app, ["play", "--load", "o.json", "--quiet"])
    assert loaded.exit_code == 0, loaded.output
    assert loaded.stdout == made.stdout


# -- generated specs --------------------------------------------------------------------------


def _spaced(text: str):
    """``text`` with spaces around it or not: the parser strips them."""
    return st.sampled_from(["", " ", "  "]).map(lambda pad: f"{pad}{text}{pad}")


def _number_text(value) -> st.SearchStrategy:
    """The ways a number may be written that read as ``value``."""
    if isinstance(value, int):
        ways = [str(value), f"+{value}", f"0{value}"]
    else:
        ways = [repr(value), f"{value:.17g}", f"{value:.17e}"]
        if value == int(value):
            ways.append(str(int(value)))
    return st.sampled_from(ways).flatmap(_spaced)


def _value_text(option) -> st.SearchStrategy:
    """A text the option reads, with what it reads as (its whole range, any spelling)."""
    if option.kind == "word":
        texts = st.sampled_from(option.words).flatmap(_spaced)
        if option.int_ok:
            texts = texts | st.integers(int(option.low), int(option.high)).flatmap(_number_text)
        return texts
    if option.kind == "int":
        return st.integers(int(option.low), int(option.high)).flatmap(_number_text)
    return (st.floats(option.low, option.high, allow_nan=False) |
            st.integers(math.ceil(option.low), math.floor(option.high))).flatmap(_number_text)


@st.composite
def specs(draw, game_id: str) -> str:
    """A bot spec of ``game_id``'s that the parser accepts: a kind, with options for mcts and
    strong (any of them, in any order, any value of its range, spaces around the parts)."""
    kind = draw(st.sampled_from(bot_kinds(get_game(game_id))))
    OPTIONS = bot_options(kind)  # noqa: N806
    if not OPTIONS:
        return draw(_spaced(kind + draw(st.sampled_from(["", ":"]))))
    names = draw(st.lists(st.sampled_from(sorted(OPTIONS)), unique=True))
    if not names:
        return draw(_spaced(kind))
    pieces = [f"{name}{draw(_spaced('='))}{draw(_value_text(OPTIONS[name]))}"
              for name in names]
    return f"{draw(_spaced(kind))}:" + ",".join(pieces)


FUZZ = settings(max_examples=60, deadline=timedelta(seconds=10), derandomize=True,
                database=None, suppress_health_check=[HealthCheck.too_slow])
_GAMES: dict = {}


def _started(game_id: str):
    """A game of ``game_id`` for two, at its first decision (made once: nothing changes it)."""
    if game_id not in _GAMES:
        config = GameConfig(game=game_id, players=2, seed=9)
        _GAMES[game_id] = (config, Game.new(config))
    return _GAMES[game_id]


def _round_trips(spec: str, game_id: str, folder) -> None:
    """``spec`` through a save, a log header and a config file: each gives the spec written
    one way (`check_bot`), which names the same bot and is its own writing."""
    folder.mkdir()
    want = meaning(spec, game_id)
    written = check_bot(spec, get_game(game_id))
    assert meaning(written, game_id) == want
    assert check_bot(written, get_game(game_id)) == written
    config, game = _started(game_id)
    kinds = [spec, "random"]
    # a save: written, loaded, its bot the same with the same random state
    bots = make_bots(config, kinds)
    data = write_save(folder / "s.json", game, kinds, None, bots)
    assert data["seats"][0]["kind"] == written
    loaded = load_save(folder / "s.json")
    assert loaded.kinds == [written, "random"]
    bot = loaded.bots[0]
    assert (type(bot).__name__, getattr(bot, "options", None)) == want
    assert rng_state(bot) == rng_state(bots[0]) == data["seats"][0]["rng"]
    # a log: its header names the spec
    write_log(game, folder / "g.jsonl", kinds)
    assert read_log(folder / "g.jsonl").kinds == [written, "random"]
    # a game config file: its seat read as the spec, played on into a save that loads
    (folder / "c.yaml").write_text(json.dumps(
        {"game": game_id, "players": [{"seat": spec}, {"seat": "random"}], "seed": 9}))
    read, problems = load_config(folder / "c.yaml", game.host)
    assert problems == []
    assert read.seats == [written, "random"]
    write_save(folder / "c.json", game, read.seats, read.names, make_bots(config, read.seats))
    assert load_save(folder / "c.json").kinds == [written, "random"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_spec_the_parser_accepts_round_trips_through_the_records(game_id, tmp_path):
    count = [0]

    @FUZZ
    @given(spec=specs(game_id))
    @example(spec="mcts:iterations=5")
    @example(spec=" mcts : horizon = 007 , c = 1 , iterations = +20 ")
    @example(spec="mcts:widening=1e2,scale=0.25,prior=none,horizon=game")
    @example(spec="strong:time=0.25,iterations=7,horizon=05")
    @example(spec="random:")
    @example(spec="human")
    def check(spec):
        count[0] += 1
        _round_trips(spec, game_id, tmp_path / str(count[0]))

    check()


def test_specs_are_written_one_way():
    assert check_bot(" mcts : horizon = 007 , c = 1 , iterations = +20 ") == \
        "mcts:horizon=7,c=1,iterations=20"
    assert check_bot("mcts:c=0.5,widening=1e2,scale=2.50") == "mcts:c=0.5,widening=100,scale=2.5"
    assert check_bot("mcts:iterations=200") == "mcts:iterations=200"  # a default, as given
    assert check_bot("strong : time = 0.50 , width = 04") == "strong:time=0.5,width=4"
    assert check_bot("random:") == "random" and check_bot(" greedy ") == "greedy"


@pytest.mark.parametrize(("spec", "words"), [
    ("mcts:c=nan", "option c is a number, got 'nan'"),
    ("mcts:horizon=\u00b2", "option horizon is round or game or a whole number, got '\u00b2'"),
])
def test_a_value_that_is_no_number_of_its_range_is_refused(spec, words):
    with pytest.raises(BotSpecError, match=words):
        check_bot(spec)


def test_a_save_whose_seat_is_not_a_spec_is_refused_naming_it(tmp_path):
    config, game = _started("project")
    data = write_save(tmp_path / "s.json", game, ["random", "random"], None,
                      make_bots(config, ["random", "random"]))
    data["seats"][0]["kind"] = "mcts:iterations==5"
    (tmp_path / "s.json").write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        load_save(tmp_path / "s.json")
    assert str(err.value) == (
        f"{tmp_path / 's.json'}: field /seats/0/kind: 'mcts:iterations==5' is not a bot spec "
        "(KIND or KIND:KEY=VALUE,KEY=VALUE, e.g. mcts:iterations=200; docs/simulate.md, Bots)")
