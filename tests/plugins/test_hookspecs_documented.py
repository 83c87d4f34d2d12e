"""Every hookspec has a documented entry in docs/plugins.md and a test (as datasette checks)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from artemis.kernel import hookspecs

ROOT = Path(__file__).resolve().parents[2]
HOOKS = sorted(n for n, f in vars(hookspecs).items()
               if n.startswith("artemis_") and inspect.isfunction(f))


def test_hook_names_follow_the_convention():
    assert len(HOOKS) == 8
    for name in HOOKS:
        assert re.fullmatch(r"artemis_[a-z]+_[a-z_]+", name)
        assert vars(hookspecs)[name].__doc__


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_is_documented(hook):
    docs = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    assert f"## {hook}\n" in docs
    signature = str(inspect.signature(vars(hookspecs)[hook]))
    assert f"{hook}{signature}" in docs


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_has_a_test(hook):
    tests = "".join(p.read_text(encoding="utf-8")
                    for p in (ROOT / "tests" / "plugins").glob("test_*.py")
                    if p.name != Path(__file__).name)
    assert f"def {hook}(" in tests, f"no test implements {hook}"
