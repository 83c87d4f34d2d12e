"""The decision API (docs/design.md): `Game.new(config)`, `current_player`,
`legal_actions()`, `apply(action)`, `is_over`, `result`, `clone()`, `view()`.

Randomness comes from named streams (dice, bag, ocean, surface, expeditions, events, start)
derived from the one game seed, so a variant that draws fewer colonists does not shift the dice.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from itertools import repeat
from operator import is_
from typing import Any

# importing the rule modules registers their steps and answers
from artemis.games.project.rules import (  # noqa: F401
    academy,
    basecamp,
    colonists,
    events,
    exposure,
    flow,
    gantry,
    placement,
    relief,
    rounds,
    scoring,
    triggers,
    upkeep,
)
from artemis.games.project.rules.setup import new_state
from artemis.games.project.state import State, Streams
from artemis.kernel.actions import Action, Decision, IllegalAction

STREAMS = ("dice", "bag", "ocean", "surface", "expeditions", "events", "start")


def stream(seed: int, name: str) -> random.Random:
    """A named random stream: seeded from sha256 of "seed:name", stable on any machine."""
    digest = hashlib.sha256(f"{seed}:{name}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


@dataclass
class GameConfig:
    """What a game is: ``players`` (2-5), ``seed`` (int), rule parameter defaults replaced
    (``params``), enabled variants with their options (``variants``: {name: {option: value}}),
    and extra content packs (``expansions``)."""

    players: int = 4
    seed: int = 0
    params: dict = field(default_factory=dict)
    variants: dict = field(default_factory=dict)
    expansions: tuple = ()


class ConfigError(ValueError):
    """Raised for a config the engine cannot play (players outside 2-5, say)."""


def check_config(config) -> GameConfig:
    """A `GameConfig` from a GameConfig, a mapping or None. Raises ConfigError naming the
    field for an unknown key, a wrong type, players outside 2-5 or an unknown rule parameter."""
    if config is None:
        return GameConfig()
    if isinstance(config, dict):
        fields = set(GameConfig.__dataclass_fields__)
        unknown = sorted(set(config) - fields)
        if unknown:
            raise ConfigError(f"unknown config key '{unknown[0]}'; expected: "
                              + ", ".join(sorted(fields)))
        config = GameConfig(**config)
    if not isinstance(config, GameConfig):
        raise ConfigError(f"a config is a mapping, got {type(config).__name__}")
    for name in ("players", "seed"):
        value = getattr(config, name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ConfigError(f"{name} must be a whole number, got {value!r}")
    if not 0 <= config.seed < 2**63:  # what saves and logs keep (docs/saves.md)
        raise ConfigError(f"seed must be 0 to 2**63 - 1, got {config.seed}")
    if not 2 <= config.players <= 5:
        raise ConfigError(f"players must be 2 to 5, got {config.players}")
    for name in ("params", "variants"):
        if not isinstance(getattr(config, name), dict):
            raise ConfigError(f"{name} must be a mapping, got {getattr(config, name)!r}")
    config.expansions = tuple(config.expansions)
    return config


class Game:
    """One game of The Artemis Project. See the module docstring."""

    def __init__(self, catalog, registry, config: GameConfig):
        self.catalog = catalog
        self.registry = registry
        self.config = config
        self.param_defaults = dict(config.params)
        self.plugins = None  # the plugin hooks (pluggy HookRelay), set by Game.new
        self.observers = False  # some plugin observes game events
        self.region_hook = False  # some plugin may resolve a region its own way
        self.scoring_items: list = []
        self.tasks: list[tuple] = []
        self.pending: Decision | None = None
        self.log: list[dict] = []
        self.logging = True
        self.final: dict | None = None
        self.actions: list[Action] = []  # every answer given, in order
        self.state: State = None  # type: ignore[assignment]

    @classmethod
    def new(cls, config: GameConfig | dict | None = None, catalog=None, registry=None,
            plugins=None) -> Game:
        """Set up a game (rulebook, Setup) and run it to the first decision.

        ``plugins`` is a `PluginHost` (default: the core plus the installed entry points).
        Raises ConfigError for a bad config (an unknown variant or option included) and
        ContentError for bad content."""
        from artemis.kernel.variants import VariantError, resolve_options

        config = check_config(config)
        host = plugins if plugins is not None else default_plugins()
        registry = registry or _host_registry(host)
        if catalog is None:
            catalog = _cached_catalog(host, registry, tuple(config.expansions))
        params = dict(config.params)
        known = host.variants()
        enabled = {}
        for name, given in config.variants.items():
            if name not in known:
                from artemis.content.problems import did_you_mean

                off = (f" (not loaded: {', '.join(host.disabled)}; see ARTEMIS_LOAD_PLUGINS and "
                       "--disable-plugin)" if host.disabled else "")
                raise ConfigError(f"unknown variant '{name}'; "
                                  f"{did_you_mean(name, known) or 'no variant is installed'}"
                                  f"{off}")
            try:
                enabled[name] = resolve_options(known[name], given)
            except VariantError as exc:
                raise ConfigError(f"{exc}; {exc.hint}" if exc.hint else str(exc)) from None
            params.update(known[name].params(enabled[name]))
        host.pm.hook.artemis_setup_params(params=params, variants=enabled)
        unknown = sorted(set(params) - set(registry.parameters))
        if unknown:
            raise ConfigError(f"unknown rule parameter '{unknown[0]}'")
        for name, value in params.items():  # a value of the wrong type would fail in setup
            kind = registry.parameters[name].type
            if not (isinstance(value, int) and not isinstance(value, bool) if kind == "int"
                    else isinstance(value, list | tuple | set | frozenset | str)
                    and not (kind == "places" and isinstance(value, str))):
                want = {"int": "a whole number", "places": "a list of places"}.get(kind, "a place")
                raise ConfigError(f"rule parameter '{name}' must be {want}, got {value!r}")
        game = cls(catalog, registry, config)
        game.param_defaults = params
        game.plugins = host.pm.hook
        game.observers = bool(host.pm.hook.artemis_observe_event.get_hookimpls())
        game.region_hook = bool(host.pm.hook.artemis_resolve_region.get_hookimpls())
        game.scoring_items = _scoring_items(host)
        rng = Streams((name, stream(config.seed, name)) for name in STREAMS)
        game.state = new_state(game, config.players, rng)
        game.emit("setup", players=config.players, seed=config.seed, start=game.state.start)
        flow.push(game, ("game_start",))
        flow.run(game)
        return game

    # -- the decision API -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once final scoring is done."""
        return self.final is not None

    @property
    def current_player(self) -> int | None:
        """The seat asked to decide now, or None when the game is over."""
        return self.pending.player if self.pending else None

    def legal_actions(self) -> list[Action]:
        """The legal actions of the current player, in a stable order ([] when over)."""
        return list(self.pending.options) if self.pending else []

    def apply(self, action: Action | str | dict) -> None:
        """Apply one legal action and run the rules to the next decision.

        ``action`` may be an Action, its id, or its JSON form. Raises IllegalAction (naming
        the rule) and leaves the state unchanged when it is not legal now."""
        if self.pending is None:
            raise IllegalAction("the game is over", "End of the Game")
        options = self.pending.options
        chosen = None
        if action.__class__ is Action:
            # a bot hands back one of the listed objects: found by identity, in C, no ids built
            if any(map(is_, options, repeat(action))):
                chosen = action
            elif action in options:
                chosen = options[options.index(action)]  # equal kind and args
        if chosen is None:
            wanted = _action_id(action)
            chosen = next((a for a in options if a.id == wanted), None)
            if chosen is None:
                raise self._illegal(wanted)
        decision = self.pending
        self.pending = None
        self.actions.append(chosen)
        if self.logging:
            self.log.append({"type": "action", "player": decision.player, "id": chosen.id,
                             "label": chosen.label})
        flow.ANSWERS[decision.kind](self, chosen, decision.ctx)
        flow.run(self)

    def _illegal(self, wanted: str) -> IllegalAction:
        pending = self.pending
        if pending.kind == "place":
            from artemis.games.project.rules.placement import why_not

            message, rule = why_not(self, pending.player, wanted)
            return IllegalAction(f"'{wanted}' is not legal: {message}", rule)
        legal = ", ".join(a.id for a in pending.options[:6])
        more = ", ..." if len(pending.options) > 6 else ""
        return IllegalAction(f"'{wanted}' is not a legal answer to the {pending.kind} question "
                             f"of player {pending.player}; legal: {legal}{more}",
                             RULES.get(pending.kind, ""))

    @property
    def result(self) -> dict | None:
        """When over: {"players": [{seat, vp, in_game, steps}], "ranking", "winner"}; ``vp`` is
        the total, ``in_game`` the VP earned during the game, ``steps`` the seven final-scoring
        steps (rulebook, End of the Game), so vp == in_game + sum(steps)."""
        if self.final is None:
            return None
        return {
            "players": [{"seat": p.seat, "vp": p.vp,
                         "in_game": p.vp - sum(self.final["steps"][p.seat].values()),
                         "steps": self.final["steps"][p.seat]}
                        for p in self.state.players],
            "ranking": self.final["ranking"],
            "winner": self.final["ranking"][0],
        }

    def clone(self) -> Game:
        """An independent copy at this decision point (flat copy of state and queue)."""
        g = Game.__new__(Game)
        # catalog, registry, config, plugins, the pending Decision and the final scores are
        # shared: nothing changes them in place. Steps are tuples of immutable values.
        d = g.__dict__ = self.__dict__.copy()
        d["tasks"] = self.tasks[:]
        d["log"] = self.log[:]
        d["actions"] = self.actions[:]
        d["state"] = self.state.clone()
        return g

    def emit(self, kind: str, **data: Any) -> None:
        """Record a visible consequence in the log, and show it to observing plugins."""
        if self.logging or self.observers:
            event = {"type": kind, **data}
            if self.logging:
                self.log.append(event)
            if self.observers:
                self.plugins.artemis_observe_event(game=self, event=event)

    def view(self) -> dict:
        """A stable JSON view of the state (documented names, independent of the compact
        internal state)."""
        from artemis.games.project.view import view

        return view(self)


def _action_id(action) -> str:
    if isinstance(action, str):
        return action
    if isinstance(action, dict):
        return str(action.get("id"))
    return getattr(action, "id", repr(action))


RULES = {
    "place": "Placement Phase",
    "send": "Basecamp: Sending Colonists on Expeditions (R1)",
    "marine": "Basecamp: Marines (R2, R38)",
    "trainee": "Academy (R10)",
    "recruit": "Doorstep (R9)",
    "buy": "Gantry (R8)",
    "reward": "Basecamp resolution (R5)",
    "relief_reward": "The Relief Track",
    "move": "Upkeep: One Move/swap",
    "activate": "Upkeep: Activate Fully-staffed Buildings (R33)",
    "unpaid": "Upkeep: Pay Energy for Colonists in your Shelters (R23)",
    "start": "Upkeep: Choose a new Start Player (R14)",
    "hub_return": "Basecamp: colonists return to the Expedition Hub (R22, R30)",
    "house": "Some General Rules: a gained colonist goes into a building with room (R30)",
    "fill": "Some General Rules: on gaining a building, Shelter colonists may move in",
    "split": "Some General Rules: resources are Minerals and Energy in any combination",
    "choose": "Effects: choose one selectable option (R39)",
    "discard": "Effects: lose_colonist from the Shelters (R12)",
    "reward_first": "Basecamp: a lone player takes both rewards (R32)",
}

_CATALOGS: dict = {}
def default_plugins():
    """The default plugin host: the core and the installed ``artemis.plugins`` entry points,
    loaded once per process (`artemis.kernel.plugins.default_host`)."""
    from artemis.kernel.plugins import default_host

    return default_host()


def _host_registry(host):
    from artemis.kernel.plugins import host_registry

    return host_registry(host)


def _scoring_items(host) -> list:
    items: list = []
    host.pm.hook.artemis_register_scoring(register=lambda name, points: items.append(
        (name, points)))
    return items


def _cached_catalog(host, registry, expansions: tuple):
    from artemis.games.project.content import load_catalog
    from artemis.kernel.paths import base_pack

    targets = [p for p in host.content_packs() if str(p) != str(base_pack())]
    targets += list(expansions)
    key = (id(registry), tuple(map(str, targets)))
    if key not in _CATALOGS:
        _CATALOGS[key] = load_catalog(targets, registry, host.checks(), host.names())
    return _CATALOGS[key]
