"""Fixtures of The Artemis Odyssey's tests: its base pack loaded once, fan packs written to a
temporary folder, and the game registered for one test (it is not entry-pointed yet)."""

from __future__ import annotations

import functools

import pytest

from artemis.games.odyssey.content import load_game_content


@functools.lru_cache(maxsize=1)
def base_result():
    return load_game_content()


@pytest.fixture(scope="session")
def catalog():
    result = base_result()
    assert result.problems == []
    return result.catalog


@pytest.fixture
def odyssey():
    """The Odyssey registered in this process for the test (`register_game`), then removed."""
    from artemis.games.odyssey.ruleset import RULESET
    from artemis.kernel.games import register_game, unregister_game

    register_game(RULESET)
    yield RULESET
    unregister_game(RULESET.id)
