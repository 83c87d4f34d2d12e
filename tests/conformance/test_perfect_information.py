"""A game with nothing hidden (Nim: take 1 to 3 from one heap, who takes the last wins) passes
the conformance checks with the Ruleset's defaults for `full_view` and `determinize`: there is
nothing to resample, and the checks say so instead of failing."""

from __future__ import annotations

import random

import pytest

from artemis.kernel.action_space import ActionSpace, ids
from artemis.kernel.actions import Action
from artemis.kernel.flow import StepTable, ask, push
from artemis.kernel.game import Game
from artemis.kernel.games import register_game, unregister_game
from artemis.kernel.ruleset import Ruleset
from artemis.testing.checks import play_checked

TABLE = StepTable()


class NimState:
    def __init__(self, heap: int, rng):
        self.heap, self.turn, self.winner, self.rng = heap, 0, None, rng

    def clone(self) -> NimState:
        c = NimState(self.heap, self.rng.fork())
        c.turn, c.winner = self.turn, self.winner
        return c


@TABLE.step("game_start")
def _turn(game) -> None:
    s = game.state
    ask(game, s.turn, "take", [Action("take", (k,), f"take {k}")
                               for k in (1, 2, 3) if k <= s.heap])


@TABLE.answer("take")
def _take(game, action, ctx) -> None:
    s = game.state
    s.heap -= action.args[0]
    game.emit("take", player=s.turn, count=action.args[0], heap=s.heap)
    if s.heap == 0:
        s.winner = s.turn
        game.final = {"winner": s.turn}
        return
    s.turn = 1 - s.turn
    push(game, ("game_start",))


def _action_space(config):
    """Take 1, 2 or 3."""
    return ActionSpace({"take": tuple(ids("take", (1, 2, 3)))}, {})


def _score_bounds(config):
    """1 for the winner, 0 for the other."""
    return 0, 1


class Nim(Ruleset):
    id, name, player_counts, streams, table = "nim", "Nim", (2,), (), TABLE
    max_decisions = 21
    parts = {
        "tools": {
            "action_space": _action_space,
            "score_bounds": _score_bounds,
        },
    }

    def setup(self, game, rng):
        return NimState(21, rng)

    def view(self, game, seat):
        return {"heap": game.state.heap, "turn": game.state.turn}

    def result(self, game):
        w = game.state.winner
        return {"players": [{"seat": s, "vp": int(s == w)} for s in (0, 1)],
                "ranking": [w, 1 - w], "winner": w}


@pytest.fixture
def nim():
    yield register_game(Nim())
    unregister_game("nim")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_game_of_perfect_information_passes(nim, seed):
    game = play_checked(Game.new({"game": "nim", "players": 2, "seed": seed}),
                        random.Random(seed))
    assert game.is_over and game.state.heap == 0
