"""The plugin manager: the core as default plugins, then the ``artemis.plugins`` entry points.

Each entry point loads inside its own try/except: a broken plugin is reported by name with its
error (`PluginHost.failures`, listed by `artemis plugins`) and the host keeps working.
``ARTEMIS_LOAD_PLUGINS`` (comma-separated names) limits which entry points load; an empty value
loads none. ``disable`` names plugins not to load.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, field
from importlib.metadata import entry_points

import pluggy

from artemis.effects.registry import Registry
from artemis.kernel import hookspecs

GROUP = "artemis.plugins"


@dataclass
class PluginHost:
    """A loaded plugin manager with what it found: ``loaded`` plugin names (with versions),
    ``failures`` {name: error text}, ``disabled`` names."""

    pm: pluggy.PluginManager
    loaded: dict[str, str] = field(default_factory=dict)
    failures: dict[str, str] = field(default_factory=dict)
    disabled: list[str] = field(default_factory=list)

    def registry(self) -> Registry:
        """The vocabulary registry every plugin contributes to (artemis_register_vocabulary).
        Raises RegistryError when two plugins register one name."""
        registry = Registry()
        self.pm.hook.artemis_register_vocabulary(register=registry.add)
        return registry

    def names(self) -> frozenset:
        """The names of every registered plugin (core, entry points, --plugin, tests')."""
        return frozenset(name for name, _ in self.pm.list_name_plugin())

    def content_packs(self) -> list:
        """Content pack folders plugins register (artemis_register_content)."""
        packs: list = []
        self.pm.hook.artemis_register_content(register=packs.append)
        return packs

    def checks(self) -> tuple:
        """Every validation check plugins registered (artemis_register_checks)."""
        found: list = []
        self.pm.hook.artemis_register_checks(register=found.append)
        return tuple(found)

    def variants(self) -> dict:
        """Every registered Variant by name."""
        found: dict = {}

        def register(variant) -> None:
            found[variant.name] = variant

        self.pm.hook.artemis_register_variants(register=register)
        return found


def load_plugins(entry_point_plugins: bool = True, disable: tuple[str, ...] = (),
                 extra_modules: tuple[str, ...] = ()) -> PluginHost:
    """Build the plugin manager: hookspecs, the core default plugin, the entry points (unless
    ``entry_point_plugins`` is False), then ``extra_modules`` (``--plugin module``)."""
    from artemis.games.project import core_plugin

    pm = pluggy.PluginManager("artemis")
    pm.add_hookspecs(hookspecs)
    host = PluginHost(pm)
    pm.register(core_plugin, name="core")
    host.loaded["core"] = _version("artemis-engine")
    allow = os.environ.get("ARTEMIS_LOAD_PLUGINS")
    allowed = None if allow is None else {a.strip() for a in allow.split(",") if a.strip()}
    if entry_point_plugins:
        for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
            if ep.name in disable or (allowed is not None and ep.name not in allowed):
                host.disabled.append(ep.name)
                continue
            try:
                plugin = ep.load()
                pm.register(plugin, name=ep.name)
                host.loaded[ep.name] = _version(ep.dist.name if ep.dist else "")
            except Exception as exc:  # a broken plugin must not take the host down
                host.failures[ep.name] = f"{type(exc).__name__}: {exc}"
    for module in extra_modules:
        try:
            pm.register(importlib.import_module(module), name=module)
            host.loaded[module] = ""
        except Exception as exc:
            host.failures[module] = f"{type(exc).__name__}: {exc}"
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        host.failures[str(getattr(exc, "plugin_name", "plugin"))] = str(exc)
    return host


def _version(dist: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist) if dist else ""
    except PackageNotFoundError:
        return ""


def describe_plugins(host: PluginHost) -> dict:
    """What `artemis plugins` shows: {plugins: [{name, version, hooks, variants, content}],
    failures: {name: error}, disabled: [names]}."""
    rows = []
    for name, plugin in host.pm.list_name_plugin():
        hooks = sorted(h.name for h in host.pm.get_hookcallers(plugin) or [])
        found: list = []
        if hasattr(plugin, "artemis_register_variants"):
            plugin.artemis_register_variants(register=found.append)
        content: list = []
        if hasattr(plugin, "artemis_register_content"):
            plugin.artemis_register_content(register=content.append)
        rows.append({
            "name": name, "version": host.loaded.get(name, ""), "hooks": hooks,
            "variants": [{"name": v.name, "description": v.description,
                          "options": sorted(v.options.get("properties", {})),
                          "option_defaults": [
                              f"{k}={o.get('default', '')}" + (
                                  f" ({o['minimum']}-{o['maximum']})"
                                  if "minimum" in o and "maximum" in o else "")
                              for k, o in sorted(v.options.get("properties", {}).items())]}
                         for v in found],
            "content": [str(c) for c in content],
        })
    return {"plugins": rows, "failures": dict(host.failures), "disabled": list(host.disabled)}


# once per process: "default" -> the default host; ("registry", id(host)) -> (host, registry)
HOSTS: dict = {}


def default_host() -> PluginHost:
    """The default plugin host: the core and the installed ``artemis.plugins`` entry points,
    loaded once per process. Tests replace ``HOSTS["default"]``."""
    if "default" not in HOSTS:
        HOSTS["default"] = load_plugins()
    return HOSTS["default"]


def host_registry(host: PluginHost):
    """``host.registry()``, built once per host (the host is kept alive with it, so its id
    stays unique)."""
    key = ("registry", id(host))
    if key not in HOSTS:
        HOSTS[key] = (host, host.registry())
    return HOSTS[key][1]
