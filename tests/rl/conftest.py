"""The tests of `artemis.rl` need the ``rl`` extra (numpy, OpenSpiel, PettingZoo, Gymnasium).
Without it a developer's run skips them with the reason; under CI (``CI=true``) they fail, so
CI never passes without running them (`.ci/run` installs ``.[test,rl]``), as the browser test
does (tests/web/browser.py). A test module calls `need` before importing a library:

    from .conftest import need
    need("numpy", "pyspiel")
"""

from __future__ import annotations

import importlib.util
import os

import pytest


def missing(*modules: str) -> list[str]:
    """The ``modules`` (top-level import names) that cannot be imported here."""
    return [m for m in modules if importlib.util.find_spec(m) is None]


def need(*modules: str) -> None:
    """Skip the calling test module when any of ``modules`` is missing, naming them and the
    install line; under CI (``CI=true``) fail instead."""
    gone = missing(*modules)
    if not gone:
        return
    why = f"the rl extra is not installed ({', '.join(gone)} missing): pip install -e '.[rl]'"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true and {why} (.ci/run installs '.[test,rl]')", pytrace=False)
    pytest.skip(why, allow_module_level=True)
