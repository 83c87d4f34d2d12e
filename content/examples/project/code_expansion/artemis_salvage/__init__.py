"""artemis-salvage: an example code expansion for the artemis engine.

One new effect operation, ``salvage: {energy: N}`` (the acting player converts up to N of their
Energy into as many Minerals), and the content pack that uses it (``content/``: the Ocean tile
Salvage Yard and the Expedition card Wreck Dive). Both reach the engine through the hooks of
docs/plugins.md; the entry point ``salvage = "artemis_salvage"`` (group ``artemis.plugins``)
loads this module.
"""

from __future__ import annotations

from pathlib import Path

from artemis import hookimpl
from artemis.effects.registry import Operation

__version__ = "0.1.0"

CONTENT = Path(__file__).resolve().parent / "content"
"""The content pack folder (holding expansion.yaml), shipped as package data."""

SALVAGE_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["energy"],
    "properties": {
        "energy": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,  # as gain/lose/pay (docs/authoring.md 13.6)
            "description": "The most Energy converted; each Energy converted becomes one "
            "Mineral.",
        },
    },
}

SALVAGE_DESCRIPTION = ("Convert up to N of the acting player's Energy into as many Minerals, "
                       "one for one (all of their Energy when they hold less than N).")


def run_salvage(game, player, args, source=None):
    """The interpreter of ``salvage: {energy: N}`` for the acting ``player``.

    Moves min(N, Energy held) from Energy to Minerals and logs ``lose`` and ``gain`` (when
    anything moved) and then ``salvaged`` (always, with the amount moved, 0 included).
    Returns None: the rest of the effect always follows."""
    p = game.state.players[player]
    n = min(int(args["energy"]), p.energy)
    if n:
        p.energy -= n
        game.emit("lose", player=player, item="energy", amount=n)
        p.minerals += n
        game.emit("gain", player=player, item="minerals", amount=n)
    game.emit("salvaged", player=player, energy=n, minerals=n, source=list(source or ()))
    return None


SALVAGE = Operation(
    "salvage",
    SALVAGE_PARAMS,
    SALVAGE_DESCRIPTION,
    run=run_salvage,
    plugin="salvage",
    examples=({"energy": 3},),
)


@hookimpl
def artemis_register_vocabulary(register):
    """The ``salvage`` operation, with its schema fragment."""
    register(SALVAGE)


@hookimpl
def artemis_register_content(register):
    """The ``salvage`` content pack."""
    register(CONTENT)
