"""Game config files (YAML): the game and its options, players and their seats, seed,
variants with options, expansions.

`load_config(path, host, game)` reads one with the same safe, located YAML reader as content,
checks it against `CONFIG_SCHEMA` (exported as schemas/game-config.schema.json), then checks it
against its game (the file's ``game:``, else ``game``, else ``project``): the number of players
against the game's player counts, each seat against its bot kinds, the options against its
``config_schema``, every variant and option against the game's plugins that are loaded; it
returns the config or the located problems (codes E2xx, E601-E604, docs/errors.md). A variant
of a plugin that failed to load is not the file's problem: `load_config` raises
`artemis.kernel.plugins.PluginUnavailable` naming the plugin and why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from jsonschema import Draft7Validator

from artemis.content.problems import Problem, did_you_mean, pointer
from artemis.util import DEFAULT_GAME

SEAT_KINDS = ("random", "greedy", "human")  # every game's; a game may add its own

CONFIG_SCHEMA = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "artemis game config",
    "description": "A game: which game and its options, players and seats, seed, variants, "
    "expansions (`artemis play --config FILE`; command-line flags override it).",
    "type": "object",
    "additionalProperties": False,
    "required": ["players"],
    "properties": {
        "game": {"description": "The registered game (`artemis games` lists them); absent: "
                 "the one --game names, else project, The Artemis Project.",
                 "type": "string", "pattern": "^[a-z][a-z0-9_]*$", "examples": ["project"]},
        "options": {"description": "The game's own config options (`artemis games` lists "
                    "them with their defaults); The Artemis Project has none.",
                    "type": "object", "examples": [{}]},
        "players": {
            "description": "The seats in order (seat 0 first; clockwise is increasing seat, "
            "R35), as many as the game allows (The Artemis Project: 2 to 5); or their number "
            "alone (players: 3), every seat a random bot, as in a save, log or scenario "
            "config.",
            "oneOf": [
                {"type": "integer", "minimum": 1,
                 "description": "The number of seats, each a random bot.",
                 "examples": [3]},
                {"type": "array", "minItems": 1,
                 "description": "The seats in order.",
                 "items": {
                     "description": "One seat: who plays it.",
                     "type": "object", "additionalProperties": False, "required": ["seat"],
                     "properties": {
                         "seat": {"description": "random, greedy, mcts or strong with "
                                  "their options (bots: mcts:iterations=200,horizon=round; "
                                  "docs/simulate.md, Bots), human (the terminal), or a bot "
                                  "kind of the game's own (`artemis games`).",
                                  "type": "string",
                                  "examples": [*SEAT_KINDS, "mcts:iterations=200"]},
                         "name": {"description": "A name to show for this seat.",
                                  "type": "string"},
                     },
                 }},
            ],
            "examples": [[{"seat": "greedy"}, {"seat": "random"}], 3],
        },
        "seed": {"description": "The game seed: the same config and seed, the same game; 0 to "
                 "2**63 - 1, what saves and logs keep.", "type": "integer", "minimum": 0,
                 "maximum": 2**63 - 1, "examples": [1]},
        "content_version": {
            "description": "The version of the game's base content to play (1 to the game's "
            "current one; absent: the current one). An older one is its frozen copy: a game "
            "recorded before a rebalance, or its before and after (docs/balance.md).",
            "type": "integer", "examples": [1]},
        "variants": {
            "description": "Variants (house rules) to switch on, each with its options; "
            "`artemis plugins` lists them.",
            "type": "object",
            "additionalProperties": {"type": "object",
                                     "description": "The variant's options ({} for none)."},
            "examples": [{"harsh": {}, "game_length": {"rounds": 5}}],
        },
        "expansions": {
            "description": "Content pack folders to play with, relative to this file.",
            "type": "array", "items": {"type": "string"},
        },
    },
}


@dataclass
class LoadedConfig:
    """A checked config file: its game (the file's ``game:`` or the one asked for) with its
    options (as written; `Game.new` fills in the defaults), the seats' kinds and names, seed,
    variants, expansion paths and base content version. ``seed`` and ``content_version``
    are None when the file gives none."""

    seats: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    seed: int | None = None
    variants: dict = field(default_factory=dict)
    expansions: list[str] = field(default_factory=list)
    game: str = DEFAULT_GAME
    options: dict = field(default_factory=dict)
    content_version: int | None = None


def load_config(path: Path, host, game: str | None = None
                ) -> tuple[LoadedConfig | None, list[Problem]]:
    """Read and check a config file; returns (config, []) or (None, problems). ``game`` is the
    game asked for (``--game``), used when the file names none. Raises
    `artemis.kernel.games.GameConflict` when the file names another game than ``game``, and
    `artemis.kernel.plugins.PluginUnavailable` for a variant of a plugin that failed to load."""
    from artemis.content.schema_check import schema_problems
    from artemis.content.yamlio import YamlProblem, load
    from artemis.kernel.games import UnknownGame, game_for, get_game

    shown = str(path)
    try:
        doc = load(Path(path), shown, empty_hint="a game config is a mapping, at least "
                   "players: N (docs/errors.md, \"E6xx: Game config files\")")
    except YamlProblem as exc:
        return None, [exc.problem]
    problems = schema_problems(doc, Draft7Validator(CONFIG_SCHEMA))
    if problems:
        return None, problems
    data = doc.data

    def at(where: tuple, code: str, message: str, hint: str = "", key: bool = False) -> None:
        line, col = doc.position(where, key=key)
        problems.append(Problem(shown, line, col, pointer(where), code, message, hint))

    game_id = game_for(data.get("game"), game, shown)
    try:
        ruleset = get_game(game_id)
    except UnknownGame as exc:
        at(("game",), "E204", str(exc), "`artemis games` lists the registered games")
        return None, problems
    _check_seats(data, ruleset, at)
    _check_options(data, ruleset, at)
    _check_variants(data, host, ruleset.id, at)
    if "content_version" in data:
        from artemis.kernel.game import ConfigError, content_version

        try:
            content_version(ruleset, data["content_version"])
        except ConfigError as exc:
            n = ruleset.content_version
            at(("content_version",), "E205", str(exc),
               f"give {'1' if n == 1 else f'1 to {n}'}, or leave it out for the current one")
    base = Path(path).parent
    expansions = [str(base / e) for e in data.get("expansions", [])]
    for i, e in enumerate(expansions):
        try:
            found = Path(e).exists()
        except OSError:  # a name too long to look up (ENAMETOOLONG)
            found = False
        if not found:
            at(("expansions", i), "E603", f"expansion '{data['expansions'][i]}' not found",
               "paths are relative to the config file")
    if problems:
        return None, problems
    players = data["players"]
    if isinstance(players, int):  # the shorthand: N random seats
        players = [{"seat": "random"}] * players
    names = [p.get("name", f"P{i}") for i, p in enumerate(players)]
    from artemis.players.bots import check_bot

    # each seat written the one way records keep it (checked above: `_check_seats`)
    seats = [check_bot(p["seat"], ruleset) for p in players]
    return LoadedConfig(seats, names, data.get("seed"),
                        {k: dict(v) for k, v in (data.get("variants") or {}).items()},
                        expansions, ruleset.id, dict(data.get("options") or {}),
                        data.get("content_version")), []


def _check_seats(data: dict, ruleset, at) -> None:
    """The number of players is one of the game's player counts (E205 for a number, E206
    for a list of seats); each seat is one of the game's bot kinds (E204)."""
    from artemis.kernel.game import counts_text
    from artemis.players.bots import UnknownBot, bot_kinds, check_bot

    players = data["players"]
    counts = ruleset.player_counts
    n = players if isinstance(players, int) else len(players)
    if n not in counts:
        game = ruleset.name or ruleset.id
        message = (f"{n} players: {game} is for {counts_text(counts)} players"
                   if counts else f"{game} has no player counts")
        at(("players",), "E205" if isinstance(players, int) else "E206", message,
           f"give {counts_text(counts)} seats" if counts else "")
    if isinstance(players, int):
        return
    kinds = bot_kinds(ruleset)
    for i, p in enumerate(players):
        try:
            check_bot(p["seat"], ruleset)
        except UnknownBot as exc:
            at(("players", i, "seat"), "E204", f"unknown seat '{p['seat']}' for "
               f"{ruleset.name or ruleset.id}",
               did_you_mean(exc.kind, kinds) or "`artemis games` lists each game's bots")
        except ValueError as exc:
            at(("players", i, "seat"), "E605", str(exc), "a bot's options are written "
               "KIND:KEY=VALUE,KEY=VALUE; docs/simulate.md (Bots) lists each bot's")


def _check_options(data: dict, ruleset, at) -> None:
    """The game's own options against its ``config_schema`` (E604)."""
    from artemis.kernel.game import OptionError, game_options

    given = data.get("options") or {}
    try:
        game_options(ruleset, given)
    except OptionError as exc:
        name = exc.path[0] if exc.path else None
        where = ("options", *exc.path) if name in given else ("options",)
        unknown = name not in ruleset.config_schema.get("properties", {})
        at(where, "E604", str(exc), exc.hint, key=name in given and unknown)


def _check_variants(data: dict, host, game: str, at) -> None:
    """Each variant is one ``game``'s plugins register (E601), with options it takes (E602).
    Raises PluginUnavailable for one whose plugin failed to load."""
    from artemis.kernel.plugins import PluginUnavailable
    from artemis.kernel.variants import VariantError, resolve_options

    known = host.variants(game)
    for name, given in (data.get("variants") or {}).items():
        failure = host.variant_failure(name, game) if name not in known else None
        if failure is not None:
            raise PluginUnavailable(host.unknown_variant(name, game), failure)
        if name not in known:
            at(("variants", name), "E601", f"unknown variant '{name}'",
               (did_you_mean(name, known) or "no variant is installed; `artemis plugins` "
                "lists them") + host.may_bring(), key=True)
            continue
        try:
            resolve_options(known[name], given)
        except VariantError as exc:
            props = known[name].options.get("properties", {})
            bad = next((k for k in given if k not in props), None) or next(iter(given), None)
            where = ("variants", name, bad) if bad is not None else ("variants", name)
            at(where, "E602", str(exc), exc.hint, key=bad is not None and bad not in props)
