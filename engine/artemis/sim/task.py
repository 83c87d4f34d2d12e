"""One game per game index (`GameTask`), summed up from its result and its game's account of
its items (`summarize`).

Game ``i`` is exactly ``artemis play --seed <game_seed(run seed, i)>`` with the same players,
bots, variants, expansions and plugins, so every error's ``replay`` command plays it again.
"""

from __future__ import annotations

import shlex
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from artemis.sim.runner import game_seed
from artemis.util import DEFAULT_GAME

_HOSTS: dict = {}


@dataclass(frozen=True)
class GameTask:
    """A run's games of ``game`` (a registered game's id) with its config ``options``:
    ``players`` (one of its counts), ``bots`` (a kind per seat: random, greedy or its own),
    ``seed`` (the run seed), ``variants`` ({name: {option: value}}), ``expansions`` (pack
    folders), ``plugins`` (extra plugin modules, as ``--plugin``), ``disabled`` (installed
    plugins not to load), ``log_dir`` (write game i's JSON-lines log there, or None) and
    ``max_decisions`` (a game still going after that many is a stall, reported as an error;
    a random 4-player game takes about 250); ``content_version`` the version of the game's base
    content (None: the newest; `Ruleset.content_version`).
    Picklable: a worker process rebuilds the plugin host and content from it once."""

    players: int
    bots: tuple
    seed: int = 0
    variants: dict = field(default_factory=dict)
    expansions: tuple = ()
    plugins: tuple = ()
    disabled: tuple = ()
    log_dir: str | None = None
    max_decisions: int = 20_000
    game: str = DEFAULT_GAME
    options: dict = field(default_factory=dict)
    content_version: int | None = None

    def seed_of(self, index: int) -> int:
        """The game seed of game ``index``."""
        return game_seed(self.seed, index)

    def config(self, index: int):
        """The GameConfig of game ``index``."""
        from artemis.kernel.game import GameConfig

        return GameConfig(players=self.players, seed=self.seed_of(index),
                          variants={k: dict(v) for k, v in self.variants.items()},
                          expansions=tuple(self.expansions), game=self.game,
                          options=dict(self.options), content_version=self.content_version)

    def host(self):
        """The plugin host of this task, built once per process: the default one (installed
        entry points, ARTEMIS_LOAD_PLUGINS) unless plugins are added or disabled."""
        from artemis.kernel.game import default_plugins
        from artemis.kernel.plugins import load_plugins

        if not self.plugins and not self.disabled:
            return default_plugins()
        key = (self.plugins, self.disabled)
        if key not in _HOSTS:
            _HOSTS[key] = load_plugins(disable=self.disabled, extra_modules=self.plugins)
        return _HOSTS[key]

    def prepare(self) -> None:
        """What a worker process does once, before its first game (so that the game timeout
        counts the game, not the start-up): the plugin host and the content."""
        from artemis.kernel.game import game_catalog
        from artemis.kernel.games import get_game

        game_catalog(get_game(self.game), self.expansions, self.host(),
                     content_version=self.content_version)

    def play(self, index: int) -> dict:
        """Play game ``index`` with bots seeded as `artemis.players.play.play_game` seeds them; its
        summary (`summarize`), or, when the game raises, the error record (`failed`) with the
        number of decisions made and the last action. Writes the log (finished or not) into
        ``log_dir``. Ctrl-C raises KeyboardInterrupt (no log, no record: the game was not
        played out)."""
        from artemis.kernel.game import Game, failed_action
        from artemis.players.play import PlayInterrupted, make_bots, play_on
        from artemis.util.collector import pace_for_games

        pace_for_games()  # a worker process (or a Dask worker's) plays games from here on
        config = self.config(index)
        game = None
        try:
            game = Game.new(config, plugins=self.host())
            # seeded as `artemis play` seeds them; the one play loop, with its stall guard;
            # not resumable: Ctrl-C drops the game (below), so no bot's RNG is kept per decision
            rounds, after_round = round_watch(game)
            play_on(game, make_bots(config, self.bots), after_round=after_round,
                    max_decisions=self.max_decisions, resumable=False)
            summary = summarize(game, rounds)
        except PlayInterrupted:  # Ctrl-C stops the run (`runner.run`); it is no game's error
            raise KeyboardInterrupt from None
        except Exception as exc:  # reported with the seed that reproduces it; the run goes on
            record = self.failed(index, f"{type(exc).__name__}: {exc}")
            record["where"] = innermost_frame(exc)
            record["decisions"] = len(game.actions) if game is not None else 0
            # the action being applied when it failed (apply put the game back before it)
            record["action"] = failed_action(exc) or (
                game.actions[-1].id if game is not None and game.actions else None)
            summary = record
        summary["index"] = index
        if self.log_dir is not None and game is not None:
            from artemis.records.log import write_log

            try:
                write_log(game, self.log_path(index), list(self.bots))
            except (OSError, ValueError) as exc:
                summary.setdefault("log_error", f"{type(exc).__name__}: {exc}")
        return summary

    def log_path(self, index: int) -> Path:
        """Where game ``index``'s log goes: ``log_dir/game-000042.jsonl``."""
        return Path(self.log_dir or ".") / f"game-{index:06d}.jsonl"

    def failed(self, index: int, error: str) -> dict:
        """The record of game ``index`` that did not finish: {index, seed, error, replay}."""
        seed = self.seed_of(index)
        return {"index": index, "seed": seed, "error": error, "replay": self.replay(seed)}

    def timed_out(self, index: int, seconds: float) -> dict:
        """The record of game ``index`` stopped after ``seconds`` (the game timeout): {index,
        seed, timed_out, replay}."""
        seed = self.seed_of(index)
        return {"index": index, "seed": seed, "timed_out": seconds, "replay": self.replay(seed)}

    def replay(self, seed: int) -> str:
        """The `artemis play` command that plays the game seeded ``seed`` again."""
        return play_command(self.game, self.players, seed, self.bots, self.variants,
                            self.expansions, self.plugins, self.disabled, self.options)


def play_command(game: str, players: int, seed: int, bots, variants: dict = {},  # noqa: B006
                 expansions=(), plugins=(), disabled=(), options: dict = {}) -> str:  # noqa: B006
    """The `artemis play` command of a game: its game id, ``players``, ``seed``, ``bots`` (a
    kind per seat), ``variants`` ({name: {option: value}}), ``expansions`` (pack folders),
    ``plugins`` (``--plugin`` modules), ``disabled`` (``--disable-plugin`` names) and the
    game's own ``options`` (``--game-option``)."""
    args = ["artemis", "play", *(["--game", game] if game != DEFAULT_GAME else []),
            "--players", str(players), "--seed", str(seed), "--bots", ",".join(bots)]
    for name, opts in variants.items():
        if not opts:
            args += ["--variant", name]
        for key, value in opts.items():
            text = str(value).lower() if isinstance(value, bool) else str(value)
            args += ["--option", f"{name}.{key}={text}"]
    for key, value in options.items():
        text = str(value).lower() if isinstance(value, bool) else str(value)
        args += ["--game-option", f"{key}={text}"]
    for pack in expansions:
        args += ["--expansion", str(pack)]
    for module in plugins:
        args += ["--plugin", module]
    for name in disabled:
        args += ["--disable-plugin", name]
    return shlex.join(args)


def innermost_frame(exc: BaseException) -> str | None:
    """Where ``exc`` (or the exception that caused it) was raised: "file:line in function" of
    its traceback's innermost frame (a plugin's own line, for a plugin that raised), or None
    without a traceback."""
    while exc.__cause__ is not None and exc.__cause__.__traceback__ is not None:
        exc = exc.__cause__  # a PluginError's cause: where its plugin raised
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return None
    f = frames[-1]
    return f"{f.filename}:{f.lineno} in {f.name}"


def round_watch(game) -> tuple[dict | None, object]:
    """({round: `parts.Report.round_figures`}, an ``after_round`` for `play_on` that fills it) for a
    game whose ruleset `reads_rounds`, the position before its first decision kept at once;
    (None, None) for another game (nothing is asked during play)."""
    rules = game.ruleset
    if not rules.report.reads_rounds:
        return None, None
    rounds = {rules.words.round_of(game): rules.report.round_figures(game)}

    def after_round(g) -> None:
        if not g.is_over:
            rounds[rules.words.round_of(g)] = rules.report.round_figures(g)

    return rounds, after_round


def summarize(game, rounds: dict | None = None) -> dict:
    """A finished game in a few numbers: {seed, winner, ranking, vp, in_game, steps, decisions,
    rounds, items}, and ``winners`` when the result lists them (every tied leader wins; an
    empty list: nobody won, a solo Mission lost).
    ``vp``, ``in_game`` (None for a game whose result does not split its VP) and ``steps``
    are per seat (``steps``: {part: VP}, the game's scoring parts (`parts.Report.vp_parts`), then
    plugins' items); the winner is the result's (its ranking's first, None when nobody won:
    a solo Mission lost); ``rounds`` the round it
    ended in (`parts.Words.round_of`).
    ``items`` is the game's own account of its content items (`parts.Report.item_summary`):
    {item id: {kind, appeared, taken, owners}}. ``team`` (per seat, the team it plays for)
    when the result's rows name one: partners share one score (the Odyssey's Team Play).

    ``positions`` ({name: [turn position per seat]}), ``strata`` (per seat, what an item's
    owners are compared within) and ``figures`` (the game's own whole numbers) when the game
    gives them (`parts.Report.turn_positions`, `owner_strata`, `game_figures`). All of these
    parts come from one call, `parts.Report.report_summary`, given ``rounds``: what the game
    kept of each round's start during play (`round_watch`), or None.

    Raises ValueError for a game that is not over."""
    result = game.result
    if result is None:
        raise ValueError("the game is not over")
    players = result["players"]
    # the log read once for all of them; ``rounds`` only to a game that keeps them (a
    # ruleset written before issue 28 may take the game alone)
    rules = game.ruleset
    parts = (rules.report.report_summary(game, rounds) if rounds is not None
             else rules.report.report_summary(game))
    return {"seed": game.config.seed, "winner": result["winner"],
            "ranking": list(result["ranking"]),
            **({"winners": list(result["winners"])} if "winners" in result else {}),
            "vp": [r["vp"] for r in players],
            "in_game": ([r["in_game"] for r in players]
                        if all("in_game" in r for r in players) else None),
            "steps": parts["steps"], "decisions": len(game.actions),
            "rounds": game.ruleset.words.round_of(game), "items": parts["items"],
            **_optional("positions", parts["positions"]),
            **_optional("strata", parts["strata"]),
            **_optional("figures", parts["figures"]),
            **({"team": [r["team"] for r in players]}
               if players and all("team" in r for r in players) else {})}


def _optional(key: str, value) -> dict:
    return {key: value} if value else {}
