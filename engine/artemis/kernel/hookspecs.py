"""The kernel's hooks, for plugins of any game (pluggy), named ``artemis_<verb>_<noun>``.

A game adds hooks of its own (its `Ruleset.hookspecs` module, e.g.
`artemis.games.project.hookspecs`); the hook specs here are the ones every game has.

The core rules are default plugins that implement these same hooks
(`artemis.games.project.core_plugin`),
and built-in plugins load through the same ``artemis.plugins`` entry points a third party uses.
Hooks that add several things take a ``register`` callback and call it once per thing.
"""

from __future__ import annotations

import pluggy

hookspec = pluggy.HookspecMarker("artemis")
hookimpl = pluggy.HookimplMarker("artemis")


@hookspec
def artemis_register_vocabulary(register):
    """Add effect operations, quantities, targets, rule parameters, game events or schema
    definitions: call ``register(thing)`` with an Operation, Quantity, Target, RuleParameter,
    GameEvent or Definition (artemis.effects.registry), each carrying its schema fragment; an
    Operation, Quantity or Target also its code (run, count, select), else it is refused."""


@hookspec
def artemis_register_content(register):
    """Add content packs: call ``register(path)`` with a pack folder holding expansion.yaml."""


@hookspec
def artemis_register_variants(register):
    """Add variants (house rules): call ``register(Variant(...))`` (artemis.kernel.variants)."""


@hookspec
def artemis_setup_params(params, variants):
    """Change rule parameter defaults at setup: ``params`` is the dict of rule parameter
    values to edit in place; ``variants`` maps each enabled variant's name to its options."""


@hookspec
def artemis_register_checks(register):
    """Add content validation checks: call ``register(check)`` where ``check(items, packs)``
    returns a list of artemis.content.problems.Problem."""


@hookspec
def artemis_observe_event(game, event):
    """Observe every game event as it is logged: ``event`` is the log record (a dict with
    ``type``). Observers must not change the game."""
