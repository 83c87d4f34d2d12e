"""The core rules as a default plugin: the base game's vocabulary and content pack, through
the same hooks an expansion implements."""

from __future__ import annotations

from artemis.kernel.hookspecs import hookimpl


@hookimpl
def artemis_register_vocabulary(register):
    """The effect vocabulary of docs/authoring.md section 4."""
    from artemis.effects.registry import Registry
    from artemis.games.project import vocabulary

    staging = Registry()
    vocabulary.register(staging)
    for thing in staging.things():
        register(thing)


@hookimpl
def artemis_register_content(register):
    """The base game pack."""
    from artemis.util.paths import base_pack

    register(base_pack())


@hookimpl
def artemis_register_variants(register):
    """``old_rulings``: the rulings of rules version 1, which old logs and saves replay with
    (artemis.games.project.rules_versions)."""
    from artemis.games.project.rules_versions import OLD_RULINGS

    register(OLD_RULINGS)
