"""The Odyssey's variants: the departures from its rulebook (docs/odyssey-rulings.md OR6,
OR11, OR15), played through the same mechanism as the Project's (`artemis.kernel.variants`):
each sets a rule parameter, `--variant NAME` (and `--option NAME.KEY=VALUE`) switches it on.

The rulebook's own choices (colours, the solo Mission, the stall limit, the memory aid) are
options of the game config instead (`OdysseyRuleset.config_schema`): playing with them is
still playing the rulebook. The variants are registered by the game's core plugin, so they are
there whatever plugins are loaded or disabled.
"""

from __future__ import annotations

from artemis.kernel.variants import Variant

TRADE_OFFER_LIMIT = Variant(
    name="trade_offer_limit",
    description="Cap the offers the Planner makes in one Trade action (OR6; the rulebook sets "
    "no cap, and a Trade ends without one).",
    options={"type": "object", "additionalProperties": False, "properties": {
        "offers": {"type": "integer", "minimum": 0, "maximum": 100, "default": 3,
                   "description": "The most offers to other players in one Trade action "
                   "(bank trades are not offers)."}}},
    params=lambda o: {"trade_offer_limit": o["offers"]},
    plugin="odyssey",
)

ONE_TERRAFORMER_PER_PLANET = Variant(
    name="one_terraformer_per_planet",
    description="At most one Terraformer on a planet (OR11; the rulebook allows several).",
    params=lambda o: {"one_terraformer_per_planet": 1},
    plugin="odyssey",
)

REACHABLE_ONLY = Variant(
    name="reachable_only",
    description="Deal only the stars some player's Travel cards show (OR15: with blue against "
    "yellow Libra is left out, with green against purple Scorpio; the rulebook deals every "
    "star).",
    params=lambda o: {"galaxy_reachable_only": 1},
    plugin="odyssey",
)

VARIANTS = (TRADE_OFFER_LIMIT, ONE_TERRAFORMER_PER_PLANET, REACHABLE_ONLY)


def rule(game, name: str) -> int:
    """The value of the variant-set rule parameter ``name`` in ``game`` (its variant's
    setting, or the rulebook default the vocabulary gives). Raises KeyError for a parameter
    the vocabulary does not declare."""
    spec = game.registry.parameters[name]
    return game.param_defaults.get(name, spec.default)
