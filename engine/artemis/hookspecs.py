"""Deprecated: where the first plugin guide imported ``hookimpl`` from. Plugins now write
``from artemis import hookimpl`` (docs/plugins.md); the hook specs live in
`artemis.kernel.hookspecs`. Every name read from here still works, with a DeprecationWarning
naming the new import.
"""

import warnings

# what the first guide's module gave plugins, read through __getattr__ (with the warning)
__all__ = ["hookimpl", "hookspec"]  # noqa: F822


def __getattr__(name: str):
    from artemis.kernel import hookspecs

    if name.startswith("__") or not hasattr(hookspecs, name):
        raise AttributeError(f"module 'artemis.hookspecs' has no attribute {name!r}")
    new = ("`from artemis import hookimpl`" if name == "hookimpl"
           else f"`from artemis.kernel.hookspecs import {name}`")
    warnings.warn(f"artemis.hookspecs is deprecated: write {new} (docs/plugins.md)",
                  DeprecationWarning, stacklevel=2)
    return getattr(hookspecs, name)
