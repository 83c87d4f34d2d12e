"""The rl extra's switch (tests/rl/conftest.py): without a research library a developer's
run skips the rl tests naming what is missing; under CI it fails; and importing ``artemis.rl``
needs none of them."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .conftest import need


def test_a_missing_library_skips_on_a_developers_machine_and_fails_under_ci(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception,
                       match=r"rl extra is not installed \(artemis_no_such_lib missing\)"):
        need("json", "artemis_no_such_lib")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true and the rl extra is not"):
        need("artemis_no_such_lib")
    assert need("json") is None  # present: nothing happens


def test_artemis_rl_imports_no_research_library_and_require_names_the_extra():
    code = ("import sys, artemis.rl\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in\n"
            "      ('numpy', 'pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"
    from artemis.rl import require

    with pytest.raises(ImportError, match=r"^the rl extra is not installed \(artemis_nope "
                                          r"missing\): pip install 'artemis-engine\[rl\]'$"):
        require("json", "artemis_nope")
