"""The toy games (`toy_game`, "race", and `sealed_bids`, whose answers are face down) are
registered around every test of this folder, so the conformance suite runs over them beside
the installed games, and unregistered after: tests elsewhere never see them."""

from __future__ import annotations

import pytest

from artemis.kernel.games import games, register_game, unregister_game

from .sealed_bids import RULESET as BIDS
from .toy_game import RULESET as RACE


@pytest.fixture(autouse=True)
def race():
    """The toy games, registered for the test (each left alone if something registered it
    already)."""
    ours = [toy.id for toy in (RACE, BIDS) if toy.id not in games()]
    register_game(RACE)
    register_game(BIDS)
    yield RACE
    for game_id in ours:
        unregister_game(game_id)
