"""The Odyssey's core as a default plugin: its vocabulary and base content pack, through the
same hooks an expansion implements (registered under the game's id once the game is)."""

from __future__ import annotations

from artemis.kernel.hookspecs import hookimpl

ARTEMIS_GAME = "odyssey"


@hookimpl
def artemis_register_vocabulary(register):
    """The effect vocabulary of docs/odyssey-authoring.md section 4."""
    from artemis.effects.registry import Registry
    from artemis.games.odyssey import vocabulary

    staging = Registry()
    vocabulary.register(staging)
    for thing in staging.things():
        register(thing)


@hookimpl
def artemis_register_content(register):
    """The base pack."""
    from artemis.util.paths import base_pack

    register(base_pack(ARTEMIS_GAME))


@hookimpl
def artemis_register_variants(register):
    """The departures from the rulebook (artemis.games.odyssey.variants): trade_offer_limit,
    one_terraformer_per_planet, reachable_only."""
    from artemis.games.odyssey.variants import VARIANTS

    for variant in VARIANTS:
        register(variant)
