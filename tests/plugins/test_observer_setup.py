"""An observer plugin (``artemis_observe_event``) sees a game's setup records, for both games
and every player count: the Odyssey records its ``setup`` before its state exists, and the
kernel shows such records once the setup has made it (docs/plugins.md, artemis_observe_event).
Found as issue 25: every Odyssey game with an observer crashed at setup."""

from __future__ import annotations

import random
import types

import pytest
from typer.testing import CliRunner

from artemis.cli.root import app
from artemis.kernel.game import Game
from artemis.kernel.hookspecs import hookimpl
from artemis.kernel.plugins import load_plugins

COUNTS = [("project", n) for n in (2, 3, 4, 5)] + [("odyssey", n) for n in (1, 2, 3, 4, 5, 6, 8)]


def watcher(game_id: str, seen: list):
    """A plugin module for ``game_id`` whose observer notes each event's type and the number
    of players in the state of the game it is shown."""
    module = types.ModuleType(f"watcher_{game_id}")
    module.ARTEMIS_GAME = game_id

    def artemis_observe_event(game, event):
        seen.append((event["type"], len(game.state.players)))

    module.artemis_observe_event = hookimpl(artemis_observe_event)
    host = load_plugins(entry_point_plugins=False)
    host.pm.register(module, name=module.__name__)
    return host


@pytest.mark.parametrize(("game_id", "players"), COUNTS)
def test_an_observer_sees_the_setup_records_and_the_first_actions(game_id, players):
    seen: list = []
    game = Game.new({"game": game_id, "players": players, "seed": 3},
                    plugins=watcher(game_id, seen))
    rng = random.Random(3)
    for _ in range(12):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    records = [e["type"] for e in game.log if e["type"] != "action"]
    assert [kind for kind, _ in seen] == records
    assert seen[0][0] == "setup"
    # the state it is shown is the game's: one mat (Project) or player (Odyssey) a seat, or a
    # team with 6 and 8 Odyssey players
    assert {n for _, n in seen} == {len(game.state.players)}
    assert len(game.state.players) == (players // 2 if players in (6, 8) else players)


WATCHER = """
from artemis.kernel.hookspecs import hookimpl

ARTEMIS_GAME = {game!r}


@hookimpl
def artemis_observe_event(game, event):
    pass
"""


@pytest.mark.parametrize(("game_id", "players"), [("odyssey", 3), ("odyssey", 1),
                                                  ("odyssey", 6), ("project", 2)])
def test_play_save_with_an_observer_writes_a_save_that_loads(tmp_path, monkeypatch, game_id,
                                                            players):
    from artemis.records.save import load_save

    name = f"artemis_watcher_{game_id}_{players}"
    (tmp_path / f"{name}.py").write_text(WATCHER.format(game=game_id))
    monkeypatch.syspath_prepend(str(tmp_path))
    save = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["play", "--game", game_id, "--players", str(players),
                                      "--seed", "2", "--plugin", name, "--save", str(save),
                                      "--quiet"])
    assert result.exit_code == 0, result.output
    assert "internal error" not in result.stderr
    loaded = load_save(save, load_plugins(entry_point_plugins=False, extra_modules=(name,)))
    assert loaded.game.config.game == game_id and loaded.game.config.players == players
    assert loaded.game.is_over
    again = CliRunner().invoke(app, ["play", "--load", str(save), "--plugin", name, "--quiet"])
    assert again.exit_code == 0, again.output


@pytest.mark.parametrize(("game_id", "bots"), [
    ("odyssey", ["mcts:iterations=5", "greedy", "random"]),
    ("project", ["mcts:iterations=5", "greedy"])])
def test_an_observer_sees_the_game_played_not_the_bots_imagined_ones(game_id, bots):
    """A searching or look-ahead bot plays copies of the game (clones, determinized worlds):
    an observer watches the game being played only, so it sees its records once each."""
    from artemis.kernel.game import GameConfig
    from artemis.players.play import play_game

    seen: list = []
    options = {"max_rounds": 2} if game_id == "odyssey" else {}  # the Project's is 6 rounds
    config = GameConfig(game=game_id, players=len(bots), seed=2, options=options)
    game = play_game(config, bots, plugins=watcher(game_id, seen))
    records = [e["type"] for e in game.log if e["type"] != "action"]
    assert [kind for kind, _ in seen] == records
    assert records.count("game_end") <= 1
