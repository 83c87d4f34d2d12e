"""The decision API (docs/design.md): `Game.new(config)`, `current_player`,
`legal_actions()`, `apply(action)`, `is_over`, `result`, `clone()`, `view(seat)`.

Game-agnostic: a game is a registered `Ruleset` (`artemis.kernel.games`), named by
``GameConfig.game``; its rules run as steps from its own `StepTable`. Randomness comes from
the ruleset's named streams (`artemis.kernel.streams`), derived from the one game seed.

`Game.apply` is atomic: when the rules or a plugin raise, the game is put back exactly as it
was before the call, by replaying its config and actions (nothing is copied on the way of an
action that succeeds), and a plugin's error is a `PluginError` naming the plugin, its hook, the
round and the seed. An observer (``artemis_observe_event``) that changes the game is refused by
name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from artemis.kernel.actions import Action, Decision, IllegalAction, find_listed
from artemis.kernel.flow import StepLimit, push, run
from artemis.kernel.games import DEFAULT_GAME, UnknownGame, get_game
from artemis.kernel.log import ACTION, Log
from artemis.kernel.ruleset import Ruleset
from artemis.kernel.streams import Streams, stream_seed


@dataclass
class GameConfig:
    """What a game is: ``game`` (a registered game's id, default ``project``), ``players``
    (one of the game's player counts), ``seed`` (int, 0 to 2**63 - 1), rule parameter
    defaults replaced (``params``), enabled variants with their options (``variants``:
    {name: {option: value}}), extra content packs (``expansions``), the game's own config
    options (``options``, checked against its ``config_schema``) and the version of its rules
    to play (``rules_version``: None, the game's current one; an older one, which logs and
    saves written under it name, enables that version's variants, `Ruleset.legacy_variants`)
    and of its base content (``content_version``: None, the current one; an older one, which
    logs and saves written under it name, plays that version's frozen base pack,
    `Ruleset.content_version`)."""

    players: int = 4
    seed: int = 0
    params: dict = field(default_factory=dict)
    variants: dict = field(default_factory=dict)
    expansions: tuple = ()
    game: str = DEFAULT_GAME
    options: dict = field(default_factory=dict)
    rules_version: int | None = None
    content_version: int | None = None


class ConfigError(ValueError):
    """Raised for a config the engine cannot play (an unknown game, a player count the game
    does not allow, an unknown key, variant or rule parameter)."""


def check_config(config) -> GameConfig:
    """A `GameConfig` from a GameConfig, a mapping or None. Raises ConfigError naming the
    field for an unknown key, a wrong type, an unknown game, a player count the game does not
    allow, or a game option its schema refuses."""
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
    if not isinstance(config.game, str):
        raise ConfigError(f"game must be a game id, got {config.game!r}")
    try:
        ruleset = get_game(config.game)
    except UnknownGame as exc:
        raise ConfigError(str(exc)) from None
    for name in ("players", "seed"):
        value = getattr(config, name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ConfigError(f"{name} must be a whole number, got {value!r}")
    if not 0 <= config.seed < 2**63:  # what saves and logs keep (docs/saves.md)
        raise ConfigError(f"seed must be 0 to 2**63 - 1, got {config.seed}")
    if config.players not in ruleset.player_counts:
        raise ConfigError(f"players must be {counts_text(ruleset.player_counts)} for "
                          f"{ruleset.name or ruleset.id}, got {config.players}")
    for name in ("params", "variants", "options"):
        if not isinstance(getattr(config, name), dict):
            raise ConfigError(f"{name} must be a mapping, got {getattr(config, name)!r}")
    config.options = game_options(ruleset, config.options)
    config.rules_version = rules_version(ruleset, config.rules_version)
    config.content_version = content_version(ruleset, config.content_version)
    config.expansions = tuple(config.expansions)
    return config


def rules_version(ruleset: Ruleset, given) -> int:
    """The rules version a config plays: ``given`` (1 to the game's ``rules_version``), or the
    game's current one for None. Raises ConfigError for another value: a file from a newer
    engine names a version this one cannot play."""
    return _version(ruleset, given, "rules")


def content_version(ruleset: Ruleset, given) -> int:
    """The content version a config plays: ``given`` (1 to the game's ``content_version``), or
    the game's current one for None. Raises ConfigError for another value (a file from a
    newer engine)."""
    return _version(ruleset, given, "content")


def _version(ruleset: Ruleset, given, kind: str) -> int:
    """`rules_version` and `content_version`: ``kind`` is "rules" or "content"."""
    current = getattr(ruleset, f"{kind}_version")
    if given is None:
        return current
    if not isinstance(given, int) or isinstance(given, bool):
        raise ConfigError(f"{kind}_version must be a whole number, got {given!r}")
    if not 1 <= given <= current:
        newer = " (a later one needs a newer artemis)" if given > current else ""
        plays = "only 1" if current == 1 else f"1 to {current}"
        raise ConfigError(f"{kind}_version {given} is not a {kind} version of "
                          f"{ruleset.name or ruleset.id}: this engine plays {plays}{newer}")
    return given


def counts_text(counts: tuple[int, ...]) -> str:
    """A game's player counts as people write them: "2 to 5", "2 or 3", "1 to 4 or 6"."""
    runs: list[list[int]] = []
    for n in sorted(counts):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{r[0]} to {r[-1]}" if len(r) > 2 else " or ".join(map(str, r)) for r in runs]
    return ", ".join(parts[:-1]) + " or " + parts[-1] if len(parts) > 1 else parts[0]


def _with_legacy(ruleset: Ruleset, config: GameConfig) -> dict:
    """The config's variants plus those that play its older rules version
    (`Ruleset.legacy_variants`), the config's own options overriding theirs."""
    if config.rules_version == ruleset.rules_version:
        return config.variants
    try:
        legacy = ruleset.legacy_variants(config.rules_version)
    except ValueError as exc:
        raise ConfigError(f"rules_version {config.rules_version}: {exc}") from None
    merged = {name: dict(options) for name, options in legacy.items()}
    for name, given in config.variants.items():
        merged[name] = ({**merged[name], **given} if name in merged and isinstance(given, dict)
                        else given)
    return merged


class OptionError(ConfigError):
    """A game config option its game refuses: ``path`` is where in ``options`` (a tuple of
    keys; the option's name first, () for the options as a whole), ``hint`` what to do."""

    def __init__(self, message: str, path: tuple = (), hint: str = ""):
        super().__init__(message)
        self.path, self.hint = path, hint


def game_options(ruleset: Ruleset, given: dict) -> dict:
    """The game's config options: its ``config_schema``'s defaults overlaid with ``given``.
    Raises OptionError naming the option for an unknown key or a value the schema refuses."""
    props = ruleset.config_schema.get("properties", {})
    unknown = sorted(set(given) - set(props))
    if unknown:
        from artemis.content.problems import did_you_mean

        raise OptionError(f"{ruleset.id} has no config option '{unknown[0]}'; options: "
                          + (", ".join(sorted(props)) or "none"), (unknown[0],),
                          did_you_mean(unknown[0], props) or "`artemis games` lists each "
                          "game's options; a variant's options go under its name in "
                          "variants")
    if not props:
        return dict(given)
    from jsonschema import Draft7Validator

    options = {k: v["default"] for k, v in props.items() if "default" in v}
    options.update(given)
    errors = sorted(Draft7Validator(ruleset.config_schema).iter_errors(options), key=str)
    if errors:
        e = errors[0]
        path = tuple(e.absolute_path)
        where = ".".join(str(x) for x in path) or "options"
        described = props.get(path[0], {}).get("description", "") if path else ""
        raise OptionError(f"option {where}: {e.message}", path, described)
    return options


class PluginError(RuntimeError):
    """A plugin failed while a game was set up or an action applied: ``plugin`` (its name),
    ``hook`` (the hook it failed in, or "its operation 'x'", "its function f" for its other
    code), ``seed``, ``round``, ``action`` (the id of the action applied, None in setup),
    ``problem`` (what went wrong, "RuntimeError: ..." for an exception, which is also the
    ``__cause__``) and ``restored`` (False only when the game could not be put back as it was
    before the action). The game is as it was before the action (`Game.apply`)."""

    def __init__(self, plugin: str, hook: str, problem: str, *, seed: int | None = None,
                 round_: int | None = None, action: str | None = None, verb: str = "raised in"):
        super().__init__()
        self.plugin, self.hook, self.problem, self.verb = plugin, hook, problem, verb
        self.seed, self.round, self.action = seed, round_, action
        self.restored = True

    def __str__(self) -> str:
        at = [f"round {self.round}" if self.round is not None else "",
              f"seed {self.seed}" if self.seed is not None else "",
              f"action '{self.action}'" if self.action is not None else "setup"]
        text = (f"plugin '{self.plugin}' {self.verb} {self.hook} ({', '.join(a for a in at if a)})"
                f": {self.problem}")
        if not self.restored:
            text += ("; the game could not be put back as it was before the action: a plugin "
                     "does not answer the same way twice; the game stops here")
        return text


class ObserverChangedGame(PluginError):
    """An observer (``artemis_observe_event``) changed what it observed: refused."""


class Game:
    """One game of a registered ruleset. See the module docstring.

    Attributes a ruleset's rules read: ``ruleset``, ``catalog`` (validated content),
    ``registry`` (the effect vocabulary), ``config``, ``param_defaults`` (rule parameter
    values), ``plugins`` (the hooks of the plugins for this game), ``observers`` (whether a
    plugin observes game events), ``state`` (the ruleset's state), ``log`` (records),
    ``actions`` (every answer given), ``final`` (final scores, once over)."""

    def __init__(self, catalog, registry, config: GameConfig, ruleset: Ruleset | None = None):
        self.ruleset = ruleset or get_game(config.game)
        table = self.ruleset.table  # read once: a game's table may import its rule modules
        self.steps = table.steps  # the ruleset's step and answer handlers
        self.answers = table.answers
        self.catalog = catalog
        self.registry = registry
        self.config = config
        self.param_defaults = dict(config.params)
        self.plugins = None  # the hooks of this game's plugins (pluggy), set by Game.new
        self.observers = False  # some plugin observes game events
        self.tasks: list[tuple] = []
        self.pending: Decision | None = None
        self._log = Log()  # the records (`log`)
        self.logging = True
        self.final: dict | None = None
        self.actions: list[Action] = []  # every answer given, in order
        self.revealed_at = 0  # len(actions) when hidden or random information last came out
        self.forced: list | None = None  # a list: the questions answered at once are noted
        self.seat_names: list | None = None  # players' names by seat, for words (`who`)
        self.host = None  # the PluginHost the game was made with (names and versions)
        self.state: Any = None
        # what `apply` puts the game back from: "config" (a game from `new`), or (a clone, the
        # number of actions it had), None without one; and the decision the kernel last left
        # pending (another one: the game was changed outside apply: a snapshot is taken then)
        self._base: tuple | str | None = None
        self._left: Decision | None = None
        self._left_tasks: list | None = None  # and the queue it left (a scenario swaps it)
        self._broken: Exception | None = None  # a failed action that could not be undone
        self._observer_calls: list = []  # (plugin name, its artemis_observe_event caller)

    @classmethod
    def new(cls, config: GameConfig | dict | None = None, catalog=None, registry=None,
            plugins=None) -> Game:
        """Set up a game (its rulebook's Setup) and run it to the first decision.

        ``plugins`` is a `PluginHost` (default: every game's core plus the installed entry
        points). Raises ConfigError for a bad config (an unknown game, variant or option
        included), ContentError for bad content, PluginError for a plugin that fails in setup
        and StepLimit for rules that loop before the first decision."""
        return cls._start(config, catalog, registry, plugins)

    @classmethod
    def _start(cls, config, catalog, registry, plugins, quiet: bool = False) -> Game:
        """`new`; ``quiet``: no log and no observer (a game replayed to put one back)."""
        from artemis.kernel.variants import VariantError, resolve_options

        config = check_config(config)
        ruleset = get_game(config.game)
        host = plugins if plugins is not None else default_plugins()
        registry = registry or _host_registry(host, ruleset.id)
        if catalog is None:
            catalog = _cached_catalog(host, registry, tuple(config.expansions), ruleset,
                                      config.content_version)
        hooks = host.hooks(ruleset.id)
        params = dict(config.params)
        known = host.variants(ruleset.id)
        enabled = {}
        for name, given in _with_legacy(ruleset, config).items():
            if name not in known:  # the nearest, or the failed plugin that brings it
                from artemis.kernel.games import games

                elsewhere = next((g for g in games() if g != ruleset.id
                                  and name in host.variants(g)), None)
                if elsewhere is not None:
                    raise ConfigError(f"variant '{name}' is for the game '{elsewhere}', not "
                                      f"'{ruleset.id}'; `artemis games` lists each game's")
                raise ConfigError(host.unknown_variant(name, ruleset.id))
            try:
                enabled[name] = resolve_options(known[name], given)
            except VariantError as exc:
                raise ConfigError(f"{exc}; {exc.hint}" if exc.hint else str(exc)) from None
            params.update(known[name].params(enabled[name]))
        try:
            hooks.artemis_setup_params(params=params, variants=enabled)
        except (Exception, SystemExit) as exc:
            raise _plugin_error(exc, host, registry, config.seed, 0) from exc
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
        game = cls(catalog, registry, config, ruleset)
        game.host = host
        game.param_defaults = params
        game.plugins = hooks
        game._observer_calls = [] if quiet else _observer_calls(host, hooks)
        game.observers = bool(game._observer_calls)
        game.logging = not quiet
        # each generator made when its stream is first read (`Streams.seeded`)
        rng = Streams.seeded((name, stream_seed(config.seed, name)) for name in ruleset.streams)
        try:
            ruleset.prepare(game, host)
            if game.observers:  # records made before the setup returns its state (`_observe`)
                game._unobserved = []
            game.state = ruleset.setup(game, rng)
            if game.observers:  # touching __dict__ unobserved would slow every later attribute read
                for event in game.__dict__.pop("_unobserved", ()):
                    game._observe(event)
            push(game, ruleset.start_step)
            run(game)
        except (Exception, SystemExit) as exc:  # a hook's sys.exit() is the plugin's error
            error = game._blame(exc, None)
            if error is exc:
                raise
            raise error from exc
        # a failed apply replays from the config (`_restore`): nothing is copied now (a copy
        # reads the game's __dict__, and the game's attributes are slower to read after that)
        game._base, game._left, game._left_tasks = "config", game.pending, game.tasks
        return game

    # -- the decision API -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the game has ended (its ruleset's end, e.g. final scoring done)."""
        return self.final is not None

    @property
    def current_player(self) -> int | None:
        """The seat asked to decide now, or None when the game is over."""
        return self.pending.player if self.pending else None

    def legal_actions(self) -> Sequence[Action]:
        """The legal actions of the current player, in a stable order ([] when over): a list
        of its own (a copy), or a read-only `Options` sequence, which builds its items only
        when they are read (``len`` and one item are cheap; iterating lists them all)."""
        pending = self.pending
        if pending is None:
            return []
        options = pending.options
        return options[:] if options.__class__ is list else options

    def apply(self, action: Action | str | dict) -> None:
        """Apply one legal action and run the rules to the next decision.

        ``action`` may be an Action, its id, or its JSON form. Raises IllegalAction (naming
        the rule) and leaves the state unchanged when it is not legal now."""
        decision = self.pending
        if decision is None:
            if self._broken is not None:
                raise self._broken
            raise IllegalAction("the game is over", "End of the Game")
        options = decision.options
        chosen = None
        if action.__class__ is Action:
            # an Options sequence finds it without a list
            chosen = (find_listed(options, action) if options.__class__ is list
                      else options.find(action))
        if chosen is None:
            wanted = _action_id(action)
            chosen = next((a for a in options if a.id == wanted), None)
            if chosen is None:
                raise self.ruleset.words.illegal(self, wanted)
        if decision is not self._left or self.tasks is not self._left_tasks:
            self._checkpoint()  # changed outside apply (a scenario's position): from here
        log = self._log._entries  # its list: counted and added to without a Python call
        logged = len(log)
        self.pending = None
        self.actions.append(chosen)
        try:
            record = None
            if self.logging:  # its id and label are made when the record is read
                record = (ACTION, decision.player, chosen,
                          self.ruleset.action_seen_by(self, decision, chosen), False)
                log.append(record)
            self.answers[decision.kind](self, chosen, decision.ctx)
            run(self)
            if record is not None and self.revealed_at == len(self.actions):
                # its consequences showed something hidden or random
                if log[logged] is record:
                    log[logged] = record[:4] + (True,)
                else:  # read meanwhile: the dict made from it is the record now
                    log[logged]["reveals"] = True
        # put the game back as it was, then say what failed (a hook's sys.exit() included)
        except (Exception, SystemExit) as exc:
            error = self._blame(exc, chosen.id)
            self._restore(decision, len(self.actions) - 1, logged, error)
            if error is exc:
                raise
            raise error from exc
        self._left, self._left_tasks = self.pending, self.tasks

    # -- atomic apply: put back on failure, name the plugin ---------------------------------

    def _checkpoint(self) -> None:
        """Take the snapshot a failed `apply` replays from: this decision, for a game changed
        outside apply (a scenario's position, a determinized world); a game from `new` replays
        from its config."""
        try:
            self._base = (self.clone(), len(self.actions))
        except Exception:  # a state made by hand without clone(): apply is not atomic then
            self._base = None
        self._left, self._left_tasks = self.pending, self.tasks

    def _blame(self, exc: Exception, action: str | None) -> Exception:
        """The error to raise for ``exc``, raised while applying ``action`` (None: in setup):
        a PluginError naming the plugin whose code it came from, else ``exc`` itself, with the
        round, the seed and the action filled in where it has them."""
        try:
            round_ = self.ruleset.words.round_of(self) if self.state is not None else 0
        except Exception:  # a half-made state: the round is not worth a second error
            round_ = None
        error = _plugin_error(exc, self.host, self.registry, self.config.seed, round_)
        if error is exc and not isinstance(exc, PluginError | StepLimit):
            try:  # the rules' own error, raised as it is
                exc._artemis_action = action
            except AttributeError:  # an exception type without a __dict__
                pass
            return exc
        if error.action is None:
            error.action = action
        return error

    def _restore(self, decision: Decision, actions: int, logged: int, error) -> None:
        """Put the game back at ``decision``, its first ``actions`` actions and ``logged`` log
        records: the game is set up again from its config (or its snapshot, `_checkpoint`,
        cloned) and replays the actions taken since, without logging or observers (they have
        seen them); its state, queue and question then become this game's, in place. When the
        replay does not reach ``decision`` (a plugin that does not answer the same way twice),
        the game stops: no question is pending, and `apply` raises ``error`` again."""
        from artemis.kernel.replay import apply_actions

        try:
            if self._base is None:  # a game made by hand, that cannot be cloned
                raise ValueError("nothing to go back to")
            if self._base == "config":
                fresh = Game._start(self.config, self.catalog, self.registry, self.host, True)
                taken = 0
            else:
                base, taken = self._base
                fresh = base.clone()
                fresh.logging = fresh.observers = False
                fresh._base, fresh._left, fresh._left_tasks = self._base, fresh.pending, \
                    fresh.tasks
            apply_actions(fresh, self.actions[taken:actions])
            same = (fresh.pending is not None and fresh.pending.player == decision.player
                    and [a.id for a in fresh.pending.options]
                    == [a.id for a in decision.options])
        except Exception:
            same = False
        if not same:
            if isinstance(error, PluginError):
                error.restored = False
            self._broken, self.pending = error, None
            return
        # what applying an action changes; the rest (catalog, plugins, logging...) it does not
        for name in ("state", "tasks", "pending", "final", "revealed_at"):
            setattr(self, name, getattr(fresh, name))
        del self.actions[actions:]
        del self._log[logged:]
        self._left, self._left_tasks = self.pending, self.tasks

    def reveal(self) -> None:
        """Note that hidden or random information is coming out now (a die rolled, a card
        or colonist drawn, a face-down card turned): the action being applied is marked
        ``"reveals": true`` in the log, and undo cannot go back past it."""
        self.revealed_at = len(self.actions)

    @property
    def result(self) -> dict | None:
        """When over: the ruleset's result, {"players": [{seat, vp, ...}], "ranking": [seats,
        best first], "winner": seat or None} (see the game's `Ruleset.result`); None before."""
        if self.final is None:
            return None
        return self.ruleset.result(self)

    def who(self, seat: int) -> str:
        """How messages name ``seat``: its name in ``seat_names`` (a scenario's players, set by
        the scenario loader) when it has one, else "player N"."""
        names = self.seat_names
        if names and 0 <= seat < len(names) and names[seat]:
            return str(names[seat])
        return f"player {seat}"

    def clone(self) -> Game:
        """An independent copy at this decision point (flat copy of state and queue). A copy
        is not observed: observing plugins watch the game being played, not the copies a bot
        plays ahead on (`determinize`, a search's trials); it logs as the original does."""
        g = Game.__new__(Game)
        # ruleset, catalog, registry, config, plugins, the pending Decision and the final
        # scores are shared: nothing changes them in place. Steps are tuples of immutable values.
        # dict(), not .copy(): a copy keeps the class's shared keys, which 3.11 reads slowly
        d = g.__dict__ = dict(self.__dict__)
        d["observers"] = False
        d["tasks"] = self.tasks[:]
        if self._left_tasks is self.tasks:  # the same position as the kernel left it
            d["_left_tasks"] = d["tasks"]
        d["_log"] = self._log.copy()
        d["actions"] = self.actions[:]
        if self.forced is not None:
            d["forced"] = self.forced[:]
        d["state"] = self.state.clone()
        return g

    def __deepcopy__(self, memo) -> Game:
        """``copy.deepcopy(game)`` is `clone()`: the catalog, registry, plugins and config are
        shared, as a clone shares them (nothing changes them in place)."""
        return self.clone()

    def __copy__(self) -> Game:
        """``copy.copy(game)`` is `clone()` too: a copy sharing the state would change with
        the game (and without this, copy would go through the pickle's replay)."""
        return self.clone()

    def __reduce__(self):
        """A pickle holds the config and the ids of the actions taken, and the game is
        replayed from them when loaded, as a save is (docs/saves.md): the same state, views
        and legal ids. The load plays on the catalog and plugins of the loading process
        (`Game.new`'s defaults), sets ``logging`` as it was and replays with it (a game with
        the log off keeps its setup records only, as when it was played so) and keeps
        ``seat_names``. Raises pickle.PicklingError for a game its actions cannot rebuild
        from its config: one changed outside `apply` (a determinized world, a scenario
        position) or one stopped by a failed action."""
        import dataclasses
        import pickle

        if self._broken is not None:
            raise pickle.PicklingError(
                f"this {self.config.game} game stopped at a failed action "
                f"({self._broken}); it cannot be pickled")
        if (self._base != "config" or self.pending is not self._left
                or self.tasks is not self._left_tasks):
            raise pickle.PicklingError(
                f"this {self.config.game} game was changed outside apply (a determinized "
                "world or a scenario position): its config and actions do not rebuild it, so "
                "it cannot be pickled; pickle the game it came from, or copy it with clone()")
        config = dataclasses.asdict(self.config)
        return (_replayed, (config, [a.id for a in self.actions], self.logging,
                            self.seat_names))

    def history(self, seat: int | None) -> list[tuple[int, str | None]]:
        """What ``seat`` knows of the decisions taken so far (None: a spectator): one
        ``(player, action id)`` per action in `actions`, in order, the id None where the
        seat did not see the answer (`Ruleset.action_seen_by` leaves it out: a card placed
        face down by another player); who decided is always known. The same answers the log
        shows the seat (`artemis replay --seat`), read from a silent replay of the game, so
        it holds with ``logging`` off too (its cost: one replay, `artemis.kernel.replay.
        trace`). Raises ValueError for a seat the game does not have, or for a game that
        cannot be replayed (one made by hand without a clone())."""
        from artemis.kernel.replay import trace

        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                                 or not 0 <= seat < self.config.players):
            raise ValueError(f"seat must be 0 to {self.config.players - 1} or None, "
                             f"got {seat!r}")
        return [(player, action.id if seen is None or seat in seen else None)
                for action, (player, seen) in zip(self.actions, trace(self), strict=True)]

    @property
    def log(self) -> Log:
        """The game's records in order, each read as a dict ``{"type": kind, ...}`` (a `Log`:
        it reads as a list of dicts; ``list(game.log)`` for a list). Assigning a list of
        records replaces them."""
        return self._log

    @log.setter
    def log(self, records) -> None:
        self._log = Log(records)

    def emit(self, kind: str, **data: Any) -> None:
        """Record a consequence in the log, and show it to observing plugins.

        Two keys have a meaning for the kernel: ``to`` (a list of seats) makes the record
        private to those seats (a record without it is public), and ``reveal`` (True) marks the
        moment hidden or random information became known (undo stops there)."""
        if self.logging or self.observers:
            self.record({"type": kind, **data})

    def record(self, event: dict | tuple) -> None:
        """`emit` for a record made by the caller: ``event`` is the whole record, its
        ``"type"`` first (``{"type": kind, ...}``), kept as given (a new dict each call), or a
        compact one, ``(KIND, value, ...)`` with ``KIND`` a `Record` and one value per key,
        whose dict the log makes when it is read. A rule that logs every turn makes it at the
        call, guarded by ``if game.logging or game.observers:``, and saves `emit`'s keyword
        dict and copy (and with a compact record, the dict itself)."""
        if self.logging:
            self._log._entries.append(event)
        if self.observers:
            self._observe(event if event.__class__ is dict else event[0].make(event))

    def _observe(self, event: dict) -> None:
        """Show ``event`` to each observing plugin, one at a time. One that raises is a
        PluginError; one that changes the game (its state, random streams, queue, question,
        final scores, rule parameters, log, or the event) is refused: ObserverChangedGame,
        naming it (and `apply` puts the game back). Each observer sees a copy, so a game it
        keeps from an earlier call is not this one. A record made in the setup before the
        game has its state is held, and shown once the setup has returned it. The check costs
        a clone and four pickles of the state per event, paid only by games with an
        observer."""
        import copy

        if self.state is None:
            # a ruleset's setup may record before it returns the state (the Odyssey's
            # `setup`): shown once it has, in order, before the first step (`_start`)
            self._unobserved.append(event)
            return
        hook = "artemis_observe_event"
        before = _fingerprint(self, event)
        for name, call in self._observer_calls:
            # the observer is shown a copy of the game and of the event: one it keeps and
            # changes later cannot reach this game; a change it makes now is seen below
            shown = self.clone()
            shown.logging = shown.observers = False
            shown_event = copy.deepcopy(event)
            shown_before = _fingerprint(shown, shown_event)  # a copy pickles its own way
            guards = _guard_streams(shown.state)
            try:
                call(game=shown, event=shown_event)
            except (Exception, SystemExit) as exc:
                raise PluginError(name, hook, f"{type(exc).__name__}: {exc}") from exc
            finally:
                drawn = _unguard_streams(guards)
            if (drawn or _fingerprint(shown, shown_event) != shown_before
                    or _fingerprint(self, event) != before):
                raise ObserverChangedGame(
                    name, hook, f"it changed the game it was shown (the '{event['type']}' "
                    "event); an observer must not change the game, so the change is refused",
                    verb="changed the game in")

    def view(self, seat: int | None = None) -> dict:
        """What ``seat`` may know, as stable JSON data (documented names, independent of the
        compact internal state); ``seat`` None is a spectator's public view. Nothing hidden
        from the seat appears in it (`Ruleset.view`)."""
        return self.ruleset.view(self, seat)

    def full_view(self) -> dict:
        """Everything, hidden parts included: for spectators after the game and debugging,
        never for a seat's decisions (`Ruleset.full_view`)."""
        return self.ruleset.full_view(self)

    def determinize(self, seat: int, rng) -> Game:
        """A clone in which everything hidden from ``seat`` is resampled from ``rng`` (a
        random.Random) consistently with what the seat has seen (`Ruleset.determinize`)."""
        world = self.ruleset.determinize(self, seat, rng)
        world._checkpoint()  # not its config's game: a failed apply goes back to this world
        return world


def _replayed(config: dict, ids: list[str], logging: bool, seat_names) -> Game:
    """A pickled game loaded (`Game.__reduce__`): set up from ``config`` and ``ids`` replayed,
    its log kept as ``logging`` says."""
    from artemis.kernel.replay import apply_actions

    game = Game.new(config)
    game.logging = logging
    apply_actions(game, ids)
    game.seat_names = seat_names
    return game


def _plugin_error(exc: Exception, host, registry, seed: int, round_: int | None) -> Exception:
    """``exc`` as a PluginError naming the plugin whose code raised it, with ``seed`` and
    ``round_`` where it has none; ``exc`` itself when it is no plugin's (a StepLimit, the rules'
    own error)."""
    if isinstance(exc, PluginError):
        error = exc
    elif isinstance(exc, StepLimit):
        return exc
    else:
        plugin, hook = blame(exc, host, registry)
        if plugin is None:
            return exc
        error = PluginError(plugin, hook, f"{type(exc).__name__}: {exc}")
    error.seed = seed if error.seed is None else error.seed
    error.round = round_ if error.round is None else error.round
    return error


def failed_action(exc: BaseException) -> str | None:
    """The id of the action `Game.apply` was applying when ``exc`` was raised (it is not in
    ``game.actions``: the game was put back), or None (setup, or not raised by apply)."""
    action = getattr(exc, "action", None)
    return action if isinstance(action, str) else getattr(exc, "_artemis_action", None)


def _observer_calls(host, hooks) -> list:
    """(plugin name, a caller of that plugin's artemis_observe_event alone) for each plugin of
    the game that observes events, in the order pluggy calls them."""
    impls = hooks.artemis_observe_event.get_hookimpls()
    if not impls:
        return []
    every = [p for _, p in host.pm.list_name_plugin()]
    calls = []
    for name in dict.fromkeys(impl.plugin_name for impl in reversed(impls)):
        plugin = host.pm.get_plugin(name)
        calls.append((name, host.pm.subset_hook_caller(
            "artemis_observe_event", remove_plugins=[p for p in every if p is not plugin])))
    return calls


def _fingerprint(game, event: dict) -> bytes:
    """The bytes of what an observer may not change: the state (its random streams aside:
    `_guard_streams`), the rules still to run, the question, the final scores, the rule
    parameters, the counts of actions and log records, the config and the event."""
    import pickle

    state = game.state
    fields = getattr(state, "__dict__", None)
    if fields is not None:
        state = {k: v for k, v in fields.items() if not isinstance(v, Streams)}
    pending = game.pending
    question = (None if pending is None else
                (pending.player, pending.kind, [(a.kind, a.args) for a in pending.options],
                 pending.ctx))
    what = (state, game.tasks, question, game.final, game.param_defaults, game.revealed_at,
            len(game._log), len(game.actions), game.config, event)
    try:
        return pickle.dumps(what, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # something in the state that does not pickle: compare its words
        return repr(what).encode()


def _guard_streams(state) -> list:
    """Before an observer: every random stream of the state (its `Streams`) is forked, so the
    observer's first read of one copies it (copy-on-write) and the original stays aside to
    compare with. Returns what `_unguard_streams` needs."""
    fields = getattr(state, "__dict__", None) or {}
    guards = []
    for streams in fields.values():
        if isinstance(streams, Streams):
            streams.seed_all()  # compared below by their generators' states
            shared = streams.shared
            guards.append((streams, streams.fork(), shared))
    return guards


def _unguard_streams(guards: list) -> bool:
    """After an observer: whether it moved a random stream (one it read, and so copied, whose
    state is no longer the original's); the streams it did not read are shared as before."""
    moved = False
    for streams, spare, shared in guards:
        read = set(dict.keys(streams)) - streams.shared
        for name in read:
            if dict.__getitem__(streams, name).getstate() != \
                    dict.__getitem__(spare, name).getstate():
                moved = True
        streams.shared = shared - read
    return moved


def blame(exc: BaseException, host, registry=None) -> tuple[str | None, str | None]:
    """(plugin name, hook) of the plugin whose code raised ``exc``, from its traceback: the
    innermost frame that is a plugin's, and the hook (or operation, quantity, target, or
    other function) through which the game entered that plugin; (None, None) when no plugin
    is in the traceback (the rules themselves). Each game's core plugin is the engine's own:
    never blamed."""
    import traceback
    from types import ModuleType

    from artemis.kernel.games import games

    if host is None:
        return None, None
    cores = set(games())
    codes: dict = {}  # a code object -> (plugin, hook)
    modules: dict = {}  # a plugin's module name -> plugin
    for name, plugin in host.pm.list_name_plugin():
        if name in cores:
            continue
        for caller in host.pm.get_hookcallers(plugin) or ():
            for impl in caller.get_hookimpls():
                code = getattr(impl.function, "__code__", None)
                if impl.plugin is plugin and code is not None:
                    codes.setdefault(code, (name, caller.name))
        module = plugin.__name__ if isinstance(plugin, ModuleType) else type(plugin).__module__
        if module not in ("builtins", "types", "__main__"):
            modules[module] = name
    for kind, table, attr in (("operation", "operations", "run"),
                              ("quantity", "quantities", "count"),
                              ("target", "targets", "select")):
        for thing in getattr(registry, table, {}).values():
            code = getattr(getattr(thing, attr, None), "__code__", None)
            if code is not None and thing.plugin not in cores and thing.plugin != "core":
                codes.setdefault(code, (thing.plugin, f"its {kind} '{thing.name}'"))

    def owner(frame) -> str | None:
        if frame.f_code in codes:
            return codes[frame.f_code][0]
        module = frame.f_globals.get("__name__", "")
        while module:
            if module in modules:
                return modules[module]
            module = module.rpartition(".")[0]
        return None

    frames = [frame for frame, _ in traceback.walk_tb(exc.__traceback__)]
    for i in range(len(frames) - 1, -1, -1):
        plugin = owner(frames[i])
        if plugin is None:
            continue
        while i > 0 and owner(frames[i - 1]) == plugin:  # out to where the game called it
            i -= 1
        entry = frames[i].f_code
        if entry in codes and codes[entry][0] == plugin:
            return plugin, codes[entry][1]
        return plugin, f"its function {entry.co_name}"
    return None, None


def _action_id(action) -> str:
    if isinstance(action, str):
        return action
    if isinstance(action, dict):
        return str(action.get("id"))
    return getattr(action, "id", repr(action))


def default_plugins():
    """The default plugin host: every game's core and the installed ``artemis.plugins``
    entry points, loaded once per process (`artemis.kernel.plugins.default_host`)."""
    from artemis.kernel.plugins import default_host

    return default_host()


def _host_registry(host, game_id: str = DEFAULT_GAME):
    from artemis.kernel.plugins import host_registry

    return host_registry(host, game_id)


def game_catalog(ruleset: Ruleset, expansions=(), host=None, content_version=None):
    """The catalog a game of ``ruleset`` with ``expansions`` (pack paths) plays on, as
    `Game.new` loads it: ``host``'s packs (default: `default_plugins`) and the expansions,
    loaded and validated once per process. Raises ContentError for bad content and
    ConfigError for expansions given to a game that takes no packs."""
    host = host if host is not None else default_plugins()
    return _cached_catalog(host, _host_registry(host, ruleset.id), tuple(expansions), ruleset,
                           content_version)


_CATALOGS: dict = {}
_TARGETS: dict = {}  # (id(host), game id, expansions): (host, packs to load, plugin count)


def _cached_catalog(host, registry, expansions: tuple, ruleset: Ruleset | None = None,
                    content_version: int | None = None):
    """The catalog of ``ruleset``'s game (default: the default game) with its plugins' packs
    and ``expansions``, loaded once per process; ``content_version``: the base content's
    version (None: the current one; an older one plays its frozen base pack)."""
    ruleset = ruleset or get_game(None)
    if content_version == ruleset.content_version:
        content_version = None
    # the packs of a host, game and expansions, found once: a game is set up many times a
    # second, and finding the base pack asks the file system
    plugins = len(host.pm.get_plugins())  # a plugin registered later may bring a pack
    known = _TARGETS.get((id(host), ruleset.id, expansions))
    if known is None or known[0] is not host or known[2] != plugins:
        base = ruleset.content.base_pack()
        targets = [p for p in host.content_packs(ruleset.id) if str(p) != str(base)]
        targets += list(expansions)
        if len(_TARGETS) > 64:  # many hosts in one process (tests): start again
            _TARGETS.clear()
        known = _TARGETS[(id(host), ruleset.id, expansions)] = (host, targets, plugins)
    targets = known[1]
    key = (ruleset.id, id(registry), tuple(map(str, targets)), content_version)
    if key not in _CATALOGS:
        try:
            base = ruleset.content.base_pack_of(content_version)
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
        catalog = ruleset.content.load_catalog(targets, registry, host.checks(ruleset.id),
                                               host.names(), base=base)
        if catalog is None and expansions:
            raise ConfigError(f"{ruleset.name or ruleset.id} takes no content packs; leave "
                              f"out the expansions ({', '.join(map(str, expansions))})")
        _CATALOGS[key] = catalog
    return _CATALOGS[key]
