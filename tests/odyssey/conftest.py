"""Fixtures of The Artemis Odyssey's tests: its base pack loaded once, fan packs written to a
temporary folder, and the game's ruleset."""

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
    """The Odyssey's ruleset (registered by its entry point)."""
    from artemis.kernel.games import get_game

    return get_game("odyssey")
