"""The toy game (`toy_game`, "race") is registered around every test of this folder, so the
conformance suite runs over it beside the installed games, and unregistered after: tests
elsewhere never see it."""

from __future__ import annotations

import pytest

from artemis.kernel.games import games, register_game, unregister_game

from .toy_game import RULESET as RACE


@pytest.fixture(autouse=True)
def race():
    """The toy game, registered for the test (left alone if something registered it
    already)."""
    ours = RACE.id not in games()
    register_game(RACE)
    yield RACE
    if ours:
        unregister_game(RACE.id)
