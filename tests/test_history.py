"""`Game.history(seat)`: (player, action id or None) per action, None where the seat did not
see the answer; the same answers the log shows that seat (`visible`, as `artemis replay
--seat` reads it), with the log on or off, and in a determinized world."""

from __future__ import annotations

import random

import pytest

from artemis.kernel.game import Game
from artemis.records.log import visible


def _played(config: dict, decisions: int | None, logging: bool = True) -> Game:
    game = Game.new(config)
    game.logging = logging
    rng = random.Random(f"history:{config}")
    while not game.is_over and (decisions is None or len(game.actions) < decisions):
        game.apply(rng.choice(game.legal_actions()))
    return game


def _from_log(game: Game, seat) -> list:
    """The history the seat's records give: every action record it sees, with the ones it
    does not see (their record is not shown to it) as (player, None)."""
    records = [r for r in game.log if r["type"] == "action"]
    seen = {id(r) for r in visible(records, seat)}
    return [(r["player"], r["id"] if id(r) in seen else None) for r in records]


@pytest.mark.parametrize("config", [
    {"game": "odyssey", "players": 3, "seed": 2},
    {"game": "odyssey", "players": 6, "seed": 1},
    {"game": "project", "players": 2, "seed": 3},
])
def test_history_is_what_the_log_shows_each_seat_with_the_log_on_or_off(config):
    logged = _played(config, 150)
    quiet = _played(config, 150, logging=False)
    assert [a.id for a in quiet.actions] == [a.id for a in logged.actions]
    for seat in [*range(config["players"]), None]:
        expected = _from_log(logged, seat)
        assert len(expected) == len(logged.actions) > 90
        assert logged.history(seat) == expected
        assert quiet.history(seat) == expected, f"seat {seat}, the log off"
    hidden = [h for h in logged.history(None) if h[1] is None]
    if config["game"] == "odyssey":  # cards placed face down: hidden from the others
        assert hidden and all(logged.history(p)[i][1] is not None
                              for i, (p, _) in enumerate(logged.history(None)) if _ is None)
    else:  # the Project hides no answer
        assert hidden == []


def test_history_of_a_determinized_world_is_the_seats_history_then_the_worlds_own():
    game = _played({"game": "odyssey", "players": 3, "seed": 4}, 40, logging=False)
    seat = game.current_player
    world = game.determinize(seat, random.Random(1))
    assert world.history(seat) == game.history(seat)
    rng = random.Random(2)
    for _ in range(10):
        world.apply(rng.choice(world.legal_actions()))
    got = world.history(seat)
    assert got[:40] == game.history(seat) and len(got) == 50
    # the world's own answers, as the seat saw them: its own and the face-up ones by id
    mine = [a.id for a, (p, i) in zip(world.actions[40:], got[40:], strict=True) if i]
    assert mine == [i for _, i in got[40:] if i] and any(i is None for _, i in got[40:])
    # a world of a world: traced through both snapshots
    deeper = world.determinize(seat, random.Random(3))
    deeper.apply(rng.choice(deeper.legal_actions()))
    assert deeper.history(seat)[:50] == got and len(deeper.history(seat)) == 51


def test_history_refuses_a_seat_the_game_does_not_have():
    game = Game.new({"players": 2, "seed": 0})
    assert game.history(0) == []
    for bad in (2, -1, "0", True):
        with pytest.raises(ValueError, match="seat must be 0 to 1 or None"):
            game.history(bad)


@pytest.mark.parametrize("game_id", ["project", "odyssey"])
def test_no_seat_is_told_the_seed_by_a_record(game_id):
    game = Game.new({"game": game_id, "players": 2, "seed": 7})
    setup = [e for e in game.log if e["type"] == "setup"]
    assert setup[0]["seed"] == 7  # kept in the log, which replays the game
    for seat in (0, 1, None):
        shown = [e for e in visible(list(game.log), seat) if e["type"] == "setup"]
        assert "seed" not in shown[0] and shown[0]["players"] == 2
