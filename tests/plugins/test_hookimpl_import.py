"""The plugin authors' import, ``from artemis import hookimpl`` (docs/plugins.md), and the
first plugin guide's, ``from artemis.hookspecs import hookimpl``, kept working with a
DeprecationWarning naming the new one; a plugin written with either loads and runs."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import warnings

import pytest

from artemis.kernel.hookspecs import hookimpl as kernel_hookimpl
from artemis.kernel.plugins import load_plugins

PLUGIN = """\
from {module} import hookimpl
from artemis.kernel.variants import Variant


@hookimpl
def artemis_register_variants(register):
    register(Variant(name="{name}", description="a test variant",
                     options={{"type": "object", "additionalProperties": False}},
                     params=lambda options: {{"doorstep_draw_bonus": 0}}))
"""


def test_the_new_import_is_the_kernels_marker_and_does_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from artemis import hookimpl
    assert hookimpl is kernel_hookimpl
    import artemis

    assert "hookimpl" in dir(artemis) and "hookimpl" in artemis.__all__
    with pytest.raises(AttributeError, match="module 'artemis' has no attribute 'hookimp'"):
        artemis.hookimp  # noqa: B018 - the attribute read is the test


def test_the_old_import_works_and_warns_naming_the_new_one():
    with pytest.warns(DeprecationWarning, match=r"artemis\.hookspecs is deprecated: write "
                      r"`from artemis import hookimpl` \(docs/plugins\.md\)") as caught:
        from artemis.hookspecs import hookimpl
    assert hookimpl is kernel_hookimpl
    assert caught[0].filename == __file__  # the warning points at the importing line
    with pytest.warns(DeprecationWarning, match="`from artemis.kernel.hookspecs import "
                      "hookspec`"):
        from artemis.hookspecs import hookspec  # noqa: F401 - the import is the test
    with pytest.raises(ImportError, match="artemis_resolve_region"):
        from artemis.hookspecs import artemis_resolve_region  # noqa: F401


@pytest.mark.parametrize(("module", "warns"), [("artemis", False), ("artemis.hookspecs", True)])
def test_a_plugin_written_with_either_import_loads(module, warns, tmp_path, monkeypatch):
    name = f"plugin_{module.replace('.', '_')}"
    (tmp_path / f"{name}.py").write_text(PLUGIN.format(module=module, name=name))
    monkeypatch.syspath_prepend(tmp_path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        host = load_plugins(entry_point_plugins=False, extra_modules=(name,))
    assert name in host.loaded and not host.failures
    assert host.variants()[name].params({}) == {"doorstep_draw_bonus": 0}
    deprecations = [w for w in caught if issubclass(w.category, DeprecationWarning)
                    and "artemis.hookspecs" in str(w.message)]
    assert len(deprecations) == int(warns)


def test_import_artemis_stays_light():
    """The marker is read on first use: ``import artemis`` imports neither pluggy nor the
    kernel, only the version (docs/performance.md, "Lazy imports")."""
    code = textwrap.dedent("""\
        import sys, artemis
        print(sorted(m for m in sys.modules if m == "pluggy" or m.startswith("artemis")))
        """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True).stdout
    assert out.strip() == "['artemis', 'artemis._version']"
