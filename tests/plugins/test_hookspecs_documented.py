"""Every hookspec has a documented entry in docs/plugins.md and a test (as datasette checks)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from artemis.games.project import hookspecs as project_hookspecs
from artemis.kernel import hookspecs as kernel_hookspecs

ROOT = Path(__file__).resolve().parents[2]
# the kernel's hooks and the Project's own (a game adds its hook specs)
SPECS = {n: f for module in (kernel_hookspecs, project_hookspecs)
         for n, f in vars(module).items() if n.startswith("artemis_") and inspect.isfunction(f)}
HOOKS = sorted(SPECS)


def test_hook_names_follow_the_convention():
    assert len(HOOKS) == 8
    assert sum(n in vars(kernel_hookspecs) for n in HOOKS) == 6  # the generic ones
    for name in HOOKS:
        assert re.fullmatch(r"artemis_[a-z]+_[a-z_]+", name)
        assert SPECS[name].__doc__


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_is_documented(hook):
    docs = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    assert f"## {hook}\n" in docs
    signature = str(inspect.signature(SPECS[hook]))
    assert f"{hook}{signature}" in docs


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_has_a_test(hook):
    tests = "".join(p.read_text(encoding="utf-8")
                    for p in (ROOT / "tests" / "plugins").glob("test_*.py")
                    if p.name != Path(__file__).name)
    assert f"def {hook}(" in tests, f"no test implements {hook}"
