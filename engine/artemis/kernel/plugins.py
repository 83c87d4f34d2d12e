"""The plugin manager: each registered game's core as a default plugin, then the
``artemis.plugins`` entry points.

A plugin is for one game: it says which with a module attribute ``ARTEMIS_GAME = "odyssey"``
(a plugin that names none is for ``project``, as every plugin written before games had ids).
Each game sees only its own plugins' hooks (`PluginHost.hooks`). A game adds hook specs of
its own (`Ruleset.hookspecs`), as pytest's ``pytest_addhooks`` lets a plugin add specs.

Each entry point loads inside its own try/except: a broken plugin is reported by name with its
error (`PluginHost.failures`, listed by `artemis plugins`) and the host keeps working. So is a
plugin whose vocabulary each game's registry refuses (an operation, quantity or target without
its code, a name registered before): it is unregistered at load (`_refuse_broken_vocabulary`).
``ARTEMIS_LOAD_PLUGINS`` (comma-separated names) limits which entry points load; an empty value
loads none. ``disable`` names plugins not to load.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, field
from importlib.metadata import entry_points

import pluggy

from artemis.effects.registry import Registry, RegistryError, missing_code
from artemis.kernel import hookspecs
from artemis.kernel.games import DEFAULT_GAME, games

GROUP = "artemis.plugins"


def plugin_game(plugin) -> str:
    """The game a plugin is for: its ``ARTEMIS_GAME`` attribute, else ``project``."""
    game = getattr(plugin, "ARTEMIS_GAME", DEFAULT_GAME)
    return game if isinstance(game, str) else DEFAULT_GAME


class _GameHooks:
    """The hooks of one game's plugins: ``.NAME`` is a hook caller without the plugins of
    other games (pluggy's subset_hook_caller), built once per name."""

    def __init__(self, pm: pluggy.PluginManager, others: list):
        self._pm, self._others = pm, others

    def __getattr__(self, name: str):
        caller = self._pm.subset_hook_caller(name, remove_plugins=self._others)
        setattr(self, name, caller)
        return caller


@dataclass
class PluginHost:
    """A loaded plugin manager with what it found: ``loaded`` plugin names (with versions),
    ``failures`` {name: error text}, ``disabled`` names."""

    pm: pluggy.PluginManager
    loaded: dict[str, str] = field(default_factory=dict)
    failures: dict[str, str] = field(default_factory=dict)
    disabled: list[str] = field(default_factory=list)
    _hooks: dict = field(default_factory=dict, repr=False)
    cores: set = field(default_factory=set)  # the names of the games' core plugins

    def game_of(self, name: str) -> str:
        """The game of the plugin registered as ``name``: a game's core plugin is its game's
        (registered under the game's id), any other says so with ``ARTEMIS_GAME``."""
        if name in self.cores:
            return name
        return plugin_game(self.pm.get_plugin(name))

    def hooks(self, game: str = DEFAULT_GAME):
        """The hook relay of ``game``'s plugins (the whole relay when every plugin is the
        game's): call ``hooks(game).artemis_...(...)`` to reach that game's plugins only."""
        if game not in self._hooks:
            others = [p for name, p in self.pm.list_name_plugin() if self.game_of(name) != game]
            self._hooks[game] = _GameHooks(self.pm, others) if others else self.pm.hook
        return self._hooks[game]

    def registry(self, game: str = DEFAULT_GAME) -> Registry:
        """The vocabulary registry ``game``'s plugins contribute to
        (artemis_register_vocabulary), each plugin's in the order they were registered (the
        game's core first). Raises RegistryError naming the plugin (``.plugin``) whose
        registration is refused: a name registered before, a malformed registration, an
        operation, quantity or target without its code (it would fail only when played), or
        an error raised by its hook."""
        registry = Registry()
        name = "artemis_register_vocabulary"
        every = [p for _, p in self.pm.list_name_plugin()]
        for impl in getattr(self.hooks(game), name).get_hookimpls():
            who = impl.plugin_name

            def register(thing, who=who) -> None:
                try:
                    registry.add(thing)
                except RegistryError as exc:
                    raise RegistryError(f"plugin '{who}': {exc}", who) from None
                why = missing_code(thing)
                if why:
                    raise RegistryError(f"plugin '{who}': {why}; register it with its "
                                        "implementation", who)

            one = self.pm.subset_hook_caller(
                name, remove_plugins=[p for p in every if p is not impl.plugin])
            try:
                one(register=register)
            except RegistryError as exc:
                if exc.plugin is None:
                    raise RegistryError(f"plugin '{who}': {exc}", who) from None
                raise
            except Exception as exc:  # the plugin's own hook failed
                raise RegistryError(f"plugin '{who}': {name} raised {type(exc).__name__}: "
                                    f"{exc}", who) from exc
        return registry

    def names(self) -> frozenset:
        """The names of every registered plugin (core, entry points, --plugin, tests')."""
        return frozenset(name for name, _ in self.pm.list_name_plugin())

    def content_packs(self, game: str = DEFAULT_GAME) -> list:
        """Content pack folders ``game``'s plugins register (artemis_register_content)."""
        packs: list = []
        self.hooks(game).artemis_register_content(register=packs.append)
        return packs

    def checks(self, game: str = DEFAULT_GAME) -> tuple:
        """Every validation check ``game``'s plugins registered (artemis_register_checks)."""
        found: list = []
        self.hooks(game).artemis_register_checks(register=found.append)
        return tuple(found)

    def variants(self, game: str = DEFAULT_GAME) -> dict:
        """Every Variant ``game``'s plugins registered, by name."""
        found: dict = {}

        def register(variant) -> None:
            found[variant.name] = variant

        self.hooks(game).artemis_register_variants(register=register)
        return found


def load_plugins(entry_point_plugins: bool = True, disable: tuple[str, ...] = (),
                 extra_modules: tuple[str, ...] = ()) -> PluginHost:
    """Build the plugin manager: the kernel's hookspecs and each registered game's, each
    game's core plugin (named by the game's id), the entry points (unless
    ``entry_point_plugins`` is False), then ``extra_modules`` (``--plugin module``)."""
    pm = pluggy.PluginManager("artemis")
    pm.add_hookspecs(hookspecs)
    host = PluginHost(pm)
    for game_id, ruleset in games().items():
        if ruleset.hookspecs is not None:
            pm.add_hookspecs(ruleset.hookspecs)
        core = ruleset.core_plugin()
        if core is not None:
            pm.register(core, name=game_id)
            host.cores.add(game_id)
            host.loaded[game_id] = _version("artemis-engine")
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
    _refuse_broken_vocabulary(host)
    return host


def _refuse_broken_vocabulary(host: PluginHost) -> None:
    """Build each game's registry once: a plugin whose vocabulary is refused (an operation,
    quantity or target without its code, a name registered before, its hook raising) is
    unregistered and reported in ``failures``, as a plugin that fails to import, so the
    host keeps working. The core's own vocabulary failing is a bug: it raises."""
    for game_id in games():
        while True:
            try:
                host.registry(game_id)
                break
            except RegistryError as exc:
                if exc.plugin is None or exc.plugin in games():
                    raise
                host.pm.unregister(name=exc.plugin)
                host.loaded.pop(exc.plugin, None)
                host.failures[exc.plugin] = f"RegistryError: {exc}"
                host._hooks.clear()


def _version(dist: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist) if dist else ""
    except PackageNotFoundError:
        return ""


def describe_plugins(host: PluginHost) -> dict:
    """What `artemis plugins` shows: {plugins: [{name, game, version, hooks, variants,
    content}],
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
            "name": name, "game": host.game_of(name), "version": host.loaded.get(name, ""),
            "hooks": hooks,
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


def host_registry(host: PluginHost, game: str = DEFAULT_GAME):
    """``host.registry(game)``, built once per host and game (the host is kept alive with it,
    so its id stays unique)."""
    key = ("registry", id(host), game)
    if key not in HOSTS:
        HOSTS[key] = (host, host.registry(game))
    return HOSTS[key][1]
