"""The Artemis Project's board for the browser: the seat's view (`Game.view`) with the
catalog's names and words, shaped for the template ``boards/project.html``.

The board's data (`board`) and the chooser's groups die, region, target, Toolkit change
(`placement_groups`) are the game's own (`artemis.games.project.board_data` and
`artemis.games.project.choices`), shared with the terminal seat.
"""

from __future__ import annotations

from artemis.games.project.board_data import board  # noqa: F401 (the template's data)
from artemis.games.project.choices import placement_groups as _groups


def placement_groups(actions: list, describe_action=None, catalog=None) -> list | None:
    """The chooser's groups (`artemis.games.project.choices.placement_groups`); their words
    name no engine id, so ``catalog`` is not needed."""
    return _groups(actions, describe_action)


TEMPLATE = "boards/project.html"
