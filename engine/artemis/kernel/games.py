"""The registry of games: every `Ruleset` found under the ``artemis.games`` entry-point group,
plus those registered in this process with `register_game` (a test's toy game, say).

The built-in game ``project`` (The Artemis Project) is registered by this distribution's own
entry point, exactly as a third party would register one. ``ARTEMIS_LOAD_GAMES``
(comma-separated ids) limits which entry points load, as ``ARTEMIS_LOAD_PLUGINS`` does for
plugins: the test suite loads only ``project`` unless told otherwise.
"""

from __future__ import annotations

import os
from importlib.metadata import entry_points

from artemis.kernel.ruleset import Ruleset
from artemis.util import DEFAULT_GAME  # the game of a file that names none

GROUP = "artemis.games"

_GAMES: dict[str, Ruleset] = {}
_FAILURES: dict[str, str] = {}
_LOADED = False


class UnknownGame(ValueError):
    """Raised for a game id that no registered ruleset has; the message lists the known ones."""


class GameConflict(ValueError):
    """Raised when a file names one game and the caller asked for another: ``source`` (the
    file), ``named`` (its game) and ``asked`` (the one asked for, e.g. by ``--game``)."""

    def __init__(self, source: str, named: str, asked: str):
        self.source, self.named, self.asked = source, named, asked
        super().__init__(f"{source} is for the game '{named}', not '{asked}'")


def game_for(named: str | None, asked: str | None, source: str = "the file") -> str:
    """The game of a file: the one it names (``named``) wins; else the one ``asked`` for;
    else the default game. Raises GameConflict when both are given and differ (the ids are
    not looked up: `get_game` does that)."""
    if named is not None and asked is not None and named != asked:
        raise GameConflict(source, named, asked)
    return named if named is not None else asked if asked is not None else DEFAULT_GAME


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    allow = os.environ.get("ARTEMIS_LOAD_GAMES")
    allowed = None if allow is None else {a.strip() for a in allow.split(",") if a.strip()}
    for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
        if ep.name in _GAMES or (allowed is not None and ep.name not in allowed):
            continue
        try:
            ruleset = ep.load()
        except Exception as exc:  # a broken game must not take the others down
            _FAILURES[ep.name] = f"{type(exc).__name__}: {exc}"
            continue
        if not isinstance(ruleset, Ruleset) or ruleset.id != ep.name:
            _FAILURES[ep.name] = (f"entry point {ep.value} is not a Ruleset with id "
                                  f"'{ep.name}'")
            continue
        _GAMES[ep.name] = ruleset


def register_game(ruleset: Ruleset) -> Ruleset:
    """Register ``ruleset`` in this process (beside the entry points). Raises ValueError when
    its id is empty or already taken by another ruleset. Returns it."""
    _load()
    if not ruleset.id:
        raise ValueError("a ruleset needs an id")
    if _GAMES.get(ruleset.id, ruleset) is not ruleset:
        raise ValueError(f"game '{ruleset.id}' is already registered")
    _GAMES[ruleset.id] = ruleset
    _forget_default_host()
    return ruleset


def _forget_default_host() -> None:
    """The default plugin host is built from the games registered at the time: a game
    registered (or removed) since needs a new one, with its core plugin and hook specs."""
    from artemis.kernel import plugins

    plugins.HOSTS.pop("default", None)


def unregister_game(game_id: str) -> None:
    """Forget a game registered with `register_game` (tests clean up with it)."""
    if _GAMES.pop(game_id, None) is not None:
        _forget_default_host()


def games() -> dict[str, Ruleset]:
    """Every registered game by id, sorted by id."""
    _load()
    return dict(sorted(_GAMES.items()))


def failures() -> dict[str, str]:
    """Entry points of ``artemis.games`` that failed to load: {name: error}."""
    _load()
    return dict(_FAILURES)


def get_game(game_id: str | None) -> Ruleset:
    """The ruleset of ``game_id`` (None: the default game, ``project``). Raises UnknownGame."""
    _load()
    game_id = DEFAULT_GAME if game_id is None else game_id
    if game_id in _GAMES:
        return _GAMES[game_id]
    known = ", ".join(sorted(_GAMES)) or "none"
    why = f" (failed to load: {_FAILURES[game_id]})" if game_id in _FAILURES else ""
    from difflib import get_close_matches

    near = get_close_matches(str(game_id), sorted(_GAMES), n=1) if not why else []
    hint = f"; did you mean '{near[0]}'?" if near else ""
    raise UnknownGame(f"unknown game '{game_id}'{why}; registered games: {known}{hint}")
