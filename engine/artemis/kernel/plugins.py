"""The plugin manager: each registered game's core as a default plugin, then the
``artemis.plugins`` entry points.

A plugin is for one game: it says which with a module attribute ``ARTEMIS_GAME = "odyssey"``
(a plugin that names none is for ``project``, as every plugin written before games had ids).
Each game sees only its own plugins' hooks (`PluginHost.hooks`). A game adds hook specs of
its own (`Ruleset.hookspecs`), as pytest's ``pytest_addhooks`` lets a plugin add specs.

Each entry point loads inside its own try/except: a broken plugin is reported by name with its
error (`PluginHost.failures`; `PluginHost.failure_details` adds its distribution, entry point and
the variants it would have brought, for the command line to print: this layer never prints)
and the host keeps working. A plugin is refused as a whole, and reported the same way, when a
hook it implements is not a hook of the kernel or of any game (a misspelt one: every such hook
is named, with the nearest real one), when a hook takes an argument its spec does not give
(`hook_problems`), and when each game's registry refuses its vocabulary (an operation, quantity
or target without its code, a name registered before: `_refuse_broken_vocabulary`).
``ARTEMIS_LOAD_PLUGINS`` (comma-separated names) limits which entry points load; an empty value
loads none. ``disable`` names plugins not to load.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import asdict, dataclass, field
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


@dataclass(frozen=True)
class PluginFailure:
    """A plugin that failed to load or was refused: its ``name`` (the entry point's, or the
    module given with ``--plugin``), what went wrong (``error``), and where it comes from:
    ``entry_point`` ("name = module:attr"), ``distribution`` ("name version"), ``asked``
    (its module given with --plugin, be it installed or not). ``game`` and ``variants`` are
    known when its module was imported (None when it was not: it may bring any variant)."""

    name: str
    error: str
    entry_point: str = ""
    distribution: str = ""
    asked: bool = False
    game: str | None = None
    variants: tuple[str, ...] | None = None

    def where(self) -> str:
        """"plugin 'NAME' (entry point ..., distribution ...)", or (--plugin MODULE)."""
        parts = ([f"entry point {self.entry_point}"] if self.entry_point else
                 [f"--plugin {self.name}"] if self.asked else [])
        if self.distribution:
            parts.append(f"distribution {self.distribution}")
        return f"plugin '{self.name}'" + (f" ({', '.join(parts)})" if parts else "")

    def __str__(self) -> str:
        return f"{self.where()} failed to load: {self.error}"


class PluginUnavailable(ValueError):
    """A plugin asked for by name, or the variant of one, failed to load: ``failure`` (a
    PluginFailure) says which and why. The command line makes it a usage error (exit 2)."""

    def __init__(self, message: str, failure: PluginFailure):
        self.failure = failure
        super().__init__(message)


@dataclass
class PluginHost:
    """A loaded plugin manager with what it found: ``loaded`` plugin names (with versions),
    ``failures`` {name: error text} and ``failure_details`` {name: PluginFailure}, ``disabled``
    names."""

    pm: pluggy.PluginManager
    loaded: dict[str, str] = field(default_factory=dict)
    failures: dict[str, str] = field(default_factory=dict)
    disabled: list[str] = field(default_factory=list)
    failure_details: dict[str, PluginFailure] = field(default_factory=dict)
    sources: dict[str, tuple[str, str]] = field(default_factory=dict, repr=False)
    asked: set[str] = field(default_factory=set, repr=False)
    _hooks: dict = field(default_factory=dict, repr=False)
    _variants: dict = field(default_factory=dict, repr=False)  # as _hooks: `variants`
    cores: set = field(default_factory=set)  # the names of the games' core plugins

    def fail(self, name: str, error: str, plugin=None) -> PluginFailure:
        """Record that the plugin ``name`` failed (``plugin``: its module, when imported) and
        return the record, with its entry point and distribution (``sources``), or that it was
        given with --plugin (``asked``)."""
        entry_point, distribution = self.sources.get(name, ("", ""))
        failure = PluginFailure(name, error, entry_point, distribution, name in self.asked,
                                None if plugin is None else plugin_game(plugin),
                                None if plugin is None else _variant_names(plugin))
        self.failures[name] = error
        self.failure_details[name] = failure
        return failure

    def variant_failure(self, variant: str, game: str = DEFAULT_GAME) -> PluginFailure | None:
        """The failed plugin that brings ``variant`` to ``game``: one whose module registers
        it, else one that failed to import and is named as the variant (harsh: harsh)."""
        details = self.failure_details.values()
        return (next((f for f in details if f.variants is not None and variant in f.variants
                      and f.game == game), None)
                or next((f for f in details if f.variants is None and f.name == variant),
                        None))

    def unknown_variant(self, variant: str, game: str = DEFAULT_GAME) -> str:
        """Why ``variant`` is not one of ``game``'s: "variant 'X' is unavailable: plugin ...
        failed to load: why" when a failed plugin brings it; else "unknown variant 'X'" with
        the nearest variant, the plugins not loaded and those that failed to import (any of
        them may bring it)."""
        from artemis.content.problems import did_you_mean

        failure = self.variant_failure(variant, game)
        if failure is not None:
            return f"variant '{variant}' is unavailable: {failure}"
        known = self.variants(game)
        text = (f"unknown variant '{variant}'; "
                f"{did_you_mean(variant, known) or 'no variant is installed'}")
        if self.disabled:
            text += (f" (not loaded: {', '.join(self.disabled)}; see ARTEMIS_LOAD_PLUGINS and "
                     "--disable-plugin)")
        return text + self.may_bring()

    def may_bring(self) -> str:
        """"; or it may be from plugin 'X' (...), which failed to load: why" for each plugin
        that failed to import (its variants are not known); "" when none did."""
        return "".join(f"; or it may be from {f.where()}, which failed to load: {f.error}"
                       for f in self.failure_details.values() if f.variants is None)

    def game_of(self, name: str) -> str:
        """The game of the plugin registered as ``name``: a game's core plugin is its game's
        (registered under the game's id), any other says so with ``ARTEMIS_GAME``."""
        if name in self.cores:
            return name
        return plugin_game(self.pm.get_plugin(name))

    def hooks(self, game: str = DEFAULT_GAME):
        """The hook relay of ``game``'s plugins (the whole relay when every plugin is the
        game's): call ``hooks(game).artemis_...(...)`` to reach that game's plugins only."""
        # keyed by the plugins registered too: one registered later (a test's, say) must not
        # reach another game through a relay built before it
        plugins = tuple(self.pm.list_name_plugin())
        key = _plugins_key(game, plugins)
        if key not in self._hooks:
            others = [p for name, p in plugins if self.game_of(name) != game]
            self._hooks[key] = _GameHooks(self.pm, others) if others else self.pm.hook
        return self._hooks[key]

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
        """Content pack folders ``game``'s plugins register (artemis_register_content), each
        marked `Installed`: a pack of the same id the user gives is loaded in its place."""
        from artemis.content.loader import Installed

        packs: list = []
        self.hooks(game).artemis_register_content(register=packs.append)
        return [Installed(str(p)) for p in packs]

    def checks(self, game: str = DEFAULT_GAME) -> tuple:
        """Every validation check ``game``'s plugins registered (artemis_register_checks)."""
        found: list = []
        self.hooks(game).artemis_register_checks(register=found.append)
        return tuple(found)

    def variants(self, game: str = DEFAULT_GAME) -> dict:
        """Every Variant ``game``'s plugins registered, by name (a new dict). Asked once per
        game and set of registered plugins: every game set up asks for them."""
        key = _plugins_key(game, self.pm.list_name_plugin())
        found = self._variants.get(key)
        if found is None:
            found = {}

            def register(variant) -> None:
                found[variant.name] = variant

            self.hooks(game).artemis_register_variants(register=register)
            self._variants[key] = found
        return dict(found)


def _plugins_key(game: str, plugins) -> tuple:
    """What `PluginHost.hooks` and `variants` are kept under: the game and the names of the
    registered plugins (``plugins``: pluggy's (name, plugin) pairs)."""
    return (game, tuple(name for name, _ in plugins))


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
        core = ruleset.content.core_plugin
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
            dist = getattr(ep, "dist", None)
            host.sources[ep.name] = (f"{ep.name} = {ep.value}", " ".join(
                filter(None, (getattr(dist, "name", ""), getattr(dist, "version", "")))))
            try:
                plugin = ep.load()
            # a broken plugin must not take the host down; one that calls sys.exit() neither
            except (Exception, SystemExit) as exc:
                host.fail(ep.name, f"{type(exc).__name__}: {exc}")
                continue
            if _register(host, plugin, ep.name):
                host.loaded[ep.name] = getattr(dist, "version", "") or ""
    for module in extra_modules:
        host.asked.add(module)
        try:
            plugin = importlib.import_module(module)
        except (Exception, SystemExit) as exc:
            host.fail(module, f"{type(exc).__name__}: {exc}")
            continue
        installed = host.pm.get_name(plugin)
        if installed is not None:  # an installed plugin's module: loaded (and asked for)
            host.asked.add(installed)
            continue
        if _register(host, plugin, module):
            host.loaded[module] = ""
    try:  # a game's own core plugin with a hook no spec has (the others are checked above)
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        host.fail(pm.get_name(exc.plugin) or repr(exc.plugin), _one_line(exc))
    _refuse_broken_vocabulary(host)
    return host


def hook_problems(pm: pluggy.PluginManager, plugin) -> list[str]:
    """What is wrong with ``plugin``'s hooks against the hook specs of ``pm`` (the kernel's
    and every game's): every hook implementation named as no spec is ("unknown hook 'X' (did
    you mean 'Y'?)"), unless marked ``optionalhook``, and every argument a hook takes that its
    spec does not give. [] for a plugin whose hooks are all right."""
    from artemis.content.problems import did_you_mean

    specs = {name: caller for name, caller in vars(pm.hook).items()
             if isinstance(caller, pluggy.HookCaller) and caller.has_spec()}
    problems = []
    for attr in dir(plugin):
        opts = pm.parse_hookimpl_opts(plugin, attr)
        if opts is None:
            continue
        name = opts.get("specname") or attr
        caller = specs.get(name)
        if caller is None:
            if not opts.get("optionalhook"):
                problems.append(f"unknown hook '{name}' ({did_you_mean(name, specs)})")
            continue
        impl = pluggy.HookImpl(plugin, "", getattr(plugin, attr), {**_IMPL_DEFAULTS, **opts})
        spec = caller.spec
        given = (*spec.argnames, *spec.kwargnames)
        for arg in impl.argnames:
            if arg not in given:
                near = did_you_mean(arg, given)
                problems.append(
                    f"hook '{name}' takes the argument '{arg}', which the hook does not give: "
                    f"{name}({', '.join(given)})" + (f" ({near})" if near.startswith("did")
                                                     else ""))
    return problems


_IMPL_DEFAULTS = {"wrapper": False, "hookwrapper": False, "optionalhook": False,
                  "tryfirst": False, "trylast": False, "specname": None}


def _register(host: PluginHost, plugin, name: str) -> bool:
    """Register ``plugin`` as ``name`` when its hooks are right (`hook_problems`), else
    refuse it as a whole, recording why; True when registered."""
    other = host.pm.get_name(plugin)
    taken = host.pm.get_plugin(name)
    problems = ([f"its module is already loaded as the plugin '{other}'"] if other is not None
                else [f"the name is taken by the plugin module "
                      f"{getattr(taken, '__name__', repr(taken))}; give the entry point another "
                      "name"] if taken is not None
                else hook_problems(host.pm, plugin))
    if not problems:
        try:
            host.pm.register(plugin, name=name)
            return True
        except Exception as exc:  # another pluggy refusal (a wrapper that does not yield)
            if host.pm.get_plugin(name) is plugin:  # pluggy < 1.7 registers up to the bad hook
                host.pm.unregister(name=name)
            problems = [_one_line(exc) if isinstance(exc, pluggy.PluginValidationError)
                        else f"{type(exc).__name__}: {exc}"]
    host.fail(name, "; ".join(problems), plugin)
    return False


def _one_line(exc: Exception) -> str:
    return "; ".join(line.strip() for line in str(exc).splitlines() if line.strip())


def _variant_names(plugin) -> tuple[str, ...] | None:
    """The names of the variants a plugin's module registers (its own
    artemis_register_variants, called directly), or None when that fails."""
    hook = getattr(plugin, "artemis_register_variants", None)
    if hook is None:
        return ()
    found: list = []
    try:
        hook(register=found.append)
        return tuple(str(getattr(v, "name", v)) for v in found)
    except Exception:
        return None


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
                plugin = host.pm.unregister(name=exc.plugin)
                host.loaded.pop(exc.plugin, None)
                host.fail(exc.plugin, f"RegistryError: {exc}", plugin)
                host._hooks.clear()
                host._variants.clear()


def _version(dist: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist) if dist else ""
    except PackageNotFoundError:
        return ""


def describe_plugins(host: PluginHost) -> dict:
    """What `artemis plugins` shows: {plugins: [{name, game, version, hooks, variants,
    content}], failures: {name: error}, failed: [{name, error, entry_point, distribution,
    asked, game, variants}] (`PluginFailure`), disabled: [names]}."""
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
    return {"plugins": rows, "failures": dict(host.failures),
            "failed": [asdict(f) for f in host.failure_details.values()],
            "disabled": list(host.disabled)}


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
