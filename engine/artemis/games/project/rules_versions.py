"""The Project's rules versions (docs/rulings.md, "Rules versions"; docs/saves.md).

A game's log and save record the rules version it was played under. Version 2 reads R8 (the
Gantry's offers go die by die) and R10 (a colonist retrieved from the Academy goes back where
it came from) as the rulebook words them; version 1, the rulings before, is the
``old_rulings`` variant with both options on. A file that records no version was written under
version 1 and replays with it (`legacy_variants`), so nothing saved plays differently.

The variant is registered by the core plugin, not a built-in plugin, so old logs and saves
replay wherever the Project does, whatever plugins are loaded.
"""

from __future__ import annotations

from artemis.kernel.variants import Variant

#: The rules version this code plays (`artemis.kernel.ruleset.Ruleset.rules_version`).
RULES_VERSION = 2

OLD_RULINGS = Variant(
    name="old_rulings",
    description="Rulings of rules version 1 (docs/rulings.md R8, R10): a Gantry decliner is "
    "out for the tile; a colonist of a wasted Academy action goes to the Shelters.",
    options={"type": "object", "additionalProperties": False, "properties": {
        "gantry": {"type": "boolean", "default": True,
                   "description": "R8 of version 1: a player who declines or cannot pay for "
                   "a Gantry tile is out for it, lower dice included (rulebook: the offer "
                   "goes on to the next-highest die, whoever owns it)."},
        "academy": {"type": "boolean", "default": True,
                    "description": "R10 of version 1: the colonist of a wasted Academy action "
                    "goes to the Shelters (rulebook: it is retrieved, back where it came "
                    "from)."}}},
    params=lambda o: {"gantry_decliner_out": int(o["gantry"]),
                      "academy_retrieve_to_shelters": int(o["academy"])},
    plugin="project",
)

#: rules version -> the variants (name: options) that play it on today's code
LEGACY: dict[int, dict[str, dict]] = {1: {"old_rulings": {"gantry": True, "academy": True}}}


def legacy_variants(version: int) -> dict[str, dict]:
    """The variants ({name: options}) that play rules version ``version`` (1 to
    `RULES_VERSION`) with today's code: {} for the current version. Raises ValueError for a
    version this code does not know."""
    if version == RULES_VERSION:
        return {}
    if version not in LEGACY:
        raise ValueError(f"rules version {version} is not one of 1 to {RULES_VERSION}")
    return {name: dict(options) for name, options in LEGACY[version].items()}
