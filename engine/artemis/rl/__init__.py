"""The researchers' gateway (issue 30): every registered game for OpenSpiel and PettingZoo,
behind the optional ``rl`` extra (``pip install 'artemis-engine[rl]'``).

This package alone imports the research libraries (numpy, open_spiel, pettingzoo,
gymnasium), and only in its own modules: importing ``artemis.rl`` itself loads none of them,
so the default install imports it safely; `require` says what to install when one is
missing. It sits beside ``artemis.sim`` in the import layers and reaches a game only
through the registry and its parts (the ``observation`` part: `artemis.kernel.parts`).
"""

from __future__ import annotations

import importlib.util

#: What to install when a research library is missing.
INSTALL = "pip install 'artemis-engine[rl]'"


def require(*modules: str) -> None:
    """Raise ImportError naming the missing ``modules`` (top-level import names, ``"numpy"``,
    ``"pyspiel"``) and the install line, when any of them cannot be imported."""
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        raise ImportError(f"the rl extra is not installed ({', '.join(missing)} missing): "
                          f"{INSTALL}")
