"""Two house rules with options, built-in plugins loaded like any other:

- ``game_length``: play more or fewer rounds than six; the Gantry and rewards switch from the
  Ocean to the Surface stack halfway (rounded down), as the rulebook's 3 of 6 does (R40).
- ``rich_start``: players start with more (or fewer) Energy, Minerals and Toolkits than the
  rulebook's 3, 3 and 1 (Player Setup).
"""

from __future__ import annotations

from artemis import hookimpl
from artemis.kernel.variants import Variant

GAME_LENGTH = Variant(
    name="game_length",
    description="Play a shorter or longer game; the Surface stack starts halfway.",
    options={"type": "object", "additionalProperties": False, "properties": {
        "rounds": {"type": "integer", "minimum": 2, "maximum": 14, "default": 4,
                   "description": "Rounds to play (one Event card each; the deck has 14)."}}},
    params=lambda o: {"rounds": o["rounds"], "ocean_rounds": o["rounds"] // 2},
    plugin="house_rules",
)

RICH_START = Variant(
    name="rich_start",
    description="Players start with other amounts of Energy, Minerals and Toolkits.",
    options={"type": "object", "additionalProperties": False, "properties": {
        "energy": {"type": "integer", "minimum": 0, "maximum": 20, "default": 5,
                   "description": "Starting Energy (rulebook: 3)."},
        "minerals": {"type": "integer", "minimum": 0, "maximum": 20, "default": 5,
                     "description": "Starting Minerals (rulebook: 3)."},
        "toolkits": {"type": "integer", "minimum": 0, "maximum": 10, "default": 2,
                     "description": "Starting Toolkits (rulebook: 1)."}}},
    params=lambda o: {"start_energy": o["energy"], "start_minerals": o["minerals"],
                      "start_toolkits": o["toolkits"]},
    plugin="house_rules",
)


@hookimpl
def artemis_register_variants(register):
    """The game_length and rich_start house rules."""
    register(GAME_LENGTH)
    register(RICH_START)
