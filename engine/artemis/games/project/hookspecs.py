"""The Artemis Project's own hooks, added to the plugin manager by its ruleset (as pytest's
``pytest_addhooks`` adds a plugin's specs). Plugins implement them with the kernel's
``hookimpl`` marker (`artemis.kernel.hookspecs`)."""

from __future__ import annotations

from artemis.kernel.hookspecs import hookspec


@hookspec(firstresult=True)
def artemis_resolve_region(game, region):
    """Replace a region's resolution: return True after scheduling your own steps for
    ``region`` (basecamp, vents, quarry, gantry, doorstep, academy, outfitter); return None to
    leave it to the core."""


@hookspec
def artemis_register_scoring(register):
    """Add final-scoring items: call ``register(name, points)`` where ``points(game, seat)``
    returns the VP of that item for a player; they score after the rulebook's seven steps."""
