"""Fixtures for plugin tests."""

from __future__ import annotations

import pytest

from artemis.kernel import plugins as plugins_module
from artemis.kernel.plugins import load_plugins


@pytest.fixture
def builtin_host(monkeypatch):
    """The built-in plugins (harsh, house_rules) registered as the default host, as their
    entry points would be (tests load no installed entry points)."""
    import artemis_plugins.harsh as harsh
    import artemis_plugins.house_rules as house_rules

    host = load_plugins(entry_point_plugins=False)
    host.pm.register(harsh, name="harsh")
    host.pm.register(house_rules, name="house_rules")
    monkeypatch.setitem(plugins_module.HOSTS, "default", host)
    return host
