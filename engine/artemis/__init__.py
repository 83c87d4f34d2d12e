"""artemis: a rules-data engine for The Artemis Project.

Layers, one way (see docs/design.md): content (`artemis.content`) -> effects
(`artemis.effects`) -> state and rules -> decisions -> log.

A plugin marks its hooks with ``from artemis import hookimpl`` (docs/plugins.md): the one
import the engine keeps for plugin authors wherever the kernel's modules move. It is read
on first use, so ``import artemis`` stays light (no pluggy until a plugin needs it).
"""

from artemis._version import __version__

__all__ = ["__version__", "hookimpl"]


def __getattr__(name: str):
    if name == "hookimpl":  # pluggy's marker for the "artemis" project's hooks
        from artemis.kernel.hookspecs import hookimpl

        return hookimpl
    raise AttributeError(f"module 'artemis' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
