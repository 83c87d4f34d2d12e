"""Harsh mode (rulebook, Setup: Harsh Mode; R29): no +2 Energy, Minerals and colonists in the
Vents, Quarry and Doorstep, at setup and at each refresh."""

from __future__ import annotations

from artemis import hookimpl
from artemis.kernel.variants import Variant

HARSH = Variant(
    name="harsh",
    description="Harsh mode: don't add the +2 Energy, Minerals and colonists to the Vents, "
    "Quarry and Doorstep in Setup or each round (rulebook).",
    options={"type": "object", "additionalProperties": False, "properties": {}},
    params=lambda options: {"vents_stock_bonus": 0, "quarry_stock_bonus": 0,
                            "doorstep_draw_bonus": 0},
    plugin="harsh",
)


@hookimpl
def artemis_register_variants(register):
    """Harsh mode."""
    register(HARSH)
