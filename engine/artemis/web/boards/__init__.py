"""Board drawings of the games that have one, by game id: a module with ``TEMPLATE`` (under
the web templates), ``board(game, view) -> dict`` (the template's data) and
``placement_groups(actions, describe_action, catalog) -> list | None`` (a grouped chooser, or
None for the plain one; ``catalog``: the game's, for its words). A game without a drawing
plays from the generic rendering of its view (`artemis.web.render`)."""

from __future__ import annotations

import importlib

#: game id -> module under artemis.web.boards
DRAWN = {"project": "artemis.web.boards.project", "odyssey": "artemis.web.boards.odyssey"}


def drawing(game_id: str):
    """The drawing module of ``game_id``, or None when the game has none."""
    name = DRAWN.get(game_id)
    return importlib.import_module(name) if name else None
