"""Undo of a seat's own decisions (artemis.kernel.undo): allowed until another seat has
decided or something hidden or random came out; an undone action leaves no trace in the
game's actions and log."""

from __future__ import annotations

import random

import pytest

from artemis.kernel.game import Game, GameConfig
from artemis.kernel.undo import UndoRefused, undo, undo_start
from artemis.players.play import make_bots
from artemis.records.save import load_save, write_save


def _to_next(game: Game, rng: random.Random, stop) -> None:
    while not stop(game):
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("name", ["project", "odyssey"])
def test_undo_puts_back_the_seats_last_decision_and_leaves_no_trace(name):
    game = Game.new(GameConfig(players=3, seed=5, game=name))
    rng = random.Random(5)
    for _ in range(range_ := 40):
        # a decision whose consequences reveal nothing and after which the same question
        # or another seat's comes: undoable by its seat
        seat = game.current_player
        before_actions = [a.id for a in game.actions]
        before_log = [dict(r) for r in game.log]
        before_view = game.view(seat)
        options = [a.id for a in game.legal_actions()]
        action = rng.choice(game.legal_actions())
        game.apply(action)
        if not any(r.get("reveals") for r in game.log[len(before_log):]):
            undo(game, seat)
            assert [a.id for a in game.actions] == before_actions
            assert game.log == before_log
            assert game.current_player == seat
            assert [a.id for a in game.legal_actions()] == options
            assert game.view(seat) == before_view
            game.apply(action)  # the same decision again gives the same game
            break
    else:
        pytest.fail(f"no undoable decision in {range_} decisions")


def test_undo_is_refused_once_another_seat_decided_and_changes_nothing():
    game = Game.new(GameConfig(players=2, seed=3, game="odyssey"))
    first = game.current_player
    game.apply(game.legal_actions()[0])  # a card face down: nothing revealed
    second = game.current_player
    assert second != first
    game.apply(game.legal_actions()[0])
    actions, log = [a.id for a in game.actions], list(game.log)
    with pytest.raises(UndoRefused, match="another player has decided since"):
        undo(game, first)
    assert [a.id for a in game.actions] == actions and game.log == log
    assert undo_start(game, second) == 1  # the second seat may take its card back
    undo(game, second)
    assert len(game.actions) == 1 and game.current_player == second


def test_undo_is_refused_after_a_reveal():
    game = Game.new(GameConfig(players=2, seed=3, game="odyssey"))
    rng = random.Random(1)
    # play until an action's consequences revealed something (a card turned face up)
    _to_next(game, rng, lambda g: g.log and any(r.get("reveals") for r in g.log
                                                if r["type"] == "action")
             and [r for r in g.log if r["type"] == "action"][-1].get("reveals"))
    seat = [r for r in game.log if r["type"] == "action"][-1]["player"]
    with pytest.raises(UndoRefused, match="revealed something hidden or random"):
        undo(game, seat)


def test_nothing_to_undo_is_refused():
    game = Game.new(GameConfig(players=2, seed=3, game="project"))
    with pytest.raises(UndoRefused, match="nothing has been decided yet"):
        undo(game, 0)


def test_a_save_after_an_undo_is_the_game_without_the_undone_action(tmp_path):
    config = GameConfig(players=2, seed=3, game="odyssey")
    game = Game.new(config)
    game.apply(game.legal_actions()[0])
    kept = game.actions[0].id
    seat = game.current_player
    game.apply(game.legal_actions()[-1])
    undo(game, seat)
    path = tmp_path / "g.json"
    write_save(path, game, ["random", "random"], None, make_bots(config, ["random"] * 2))
    loaded = load_save(path)
    assert [a.id for a in loaded.game.actions] == [kept]
    assert loaded.game.current_player == seat
