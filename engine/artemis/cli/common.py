"""What the commands share: their common options, the console, problems printed, the game a
command is about (--game and the files that name one), the plugin host and the content as the
plugins see it, and the values of --players, --bots, --variant and --option.

No ``from __future__ import annotations`` in the command modules: typer reads real annotations
faster than it evaluates strings (start-up: docs/performance.md). Heavy modules are imported
inside the functions.
"""

import functools
import json
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]


def _game_opt(files: str, default: str = "project") -> Any:
    """--game, its help saying what happens with the files the command reads that name their
    own game (``files``): the file's game is used, and another --game is a usage error."""
    return Annotated[str | None, typer.Option(
        "--game", metavar="GAME", help=f"The game (`artemis games` lists them); {files} "
        f"\\[default: {default}].", show_default=False)]


GameOpt = _game_opt("a config file or save that names its game is played as that game "
                    "(another --game is a usage error)")
PackGameOpt = _game_opt("its base content is played with the --expansion packs")
ReplayGameOpt = _game_opt("the log is replayed as the game it names: --game only checks it "
                          "(another is a usage error)", "the log's")
ValidateGameOpt = _game_opt("with no PATH, whose base content to validate; with PATHs, the "
                            "game their packs' manifests name (another --game is a usage "
                            "error), or a lone content file's", "every game's, or the packs'")
ContentGameOpt = _game_opt("a pack whose manifest names its game (--expansion) is read as that "
                           "game's (another --game is a usage error)")
ExpansionOpt = Annotated[list[Path] | None, typer.Option(
    "--expansion", help="Also load this content pack (repeatable).", show_default=False)]
VariantOpt = Annotated[list[str] | None, typer.Option(
    "--variant", help="Switch a variant (house rule) on (repeatable).", show_default=False)]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", help="A variant option, NAME.KEY=VALUE (repeatable); switches NAME on.",
    show_default=False)]
PluginOpt = Annotated[list[str] | None, typer.Option(
    "--plugin", help="Also load this plugin module (repeatable).", show_default=False)]
DisableOpt = Annotated[list[str] | None, typer.Option(
    "--disable-plugin", help="Do not load this installed plugin (repeatable).",
    show_default=False)]
StrictOpt = Annotated[bool, typer.Option(
    "--strict-plugins", envvar="ARTEMIS_STRICT_PLUGINS", show_envvar=True,
    help="An installed plugin that fails to load is an error (exit 2), not a warning: for "
    "plugin authors.")]


#: The exit status when stdout is closed before everything was written to it: what a shell
#: reports for `cat`, `seq` or `yes` killed by SIGPIPE in the same pipeline (128 + 13), so a
#: script with `set -o pipefail` treats artemis as it treats them, and a status 0 never says
#: the whole output was delivered when it was not.
CLOSED_STDOUT = 141


def closed_stdout() -> NoReturn:
    """Exit `CLOSED_STDOUT` quietly because stdout was closed (`artemis ... | head -1`): as
    Python's documented recipe (the signal module's "Note on SIGPIPE"), stdout is pointed at
    os.devnull first, so the interpreter's last flush of what is still buffered fails neither
    with a traceback nor with "Exception ignored"."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor (a test's captured stdout)
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - open until the process ends
    sys.exit(CLOSED_STDOUT)


def console(**options):
    """A rich console on stdout as the commands print: no highlighting, long lines kept
    (``options``: other rich Console arguments, e.g. ``file``, ``soft_wrap=False``). Its
    output meeting a closed pipe ends the command as `closed_stdout` says (rich's own
    handler would exit 1, as if the command had failed)."""
    return _console_class()(**{"highlight": False, "soft_wrap": True, **options})


@functools.cache
def _console_class():
    from rich.console import Console

    class PipedConsole(Console):
        def on_broken_pipe(self) -> None:
            closed_stdout()

    return PipedConsole


def print_problems(problems, as_json: bool) -> None:
    """Content problems: a JSON list with --json (each record with its ``severity``, "error"
    or "warning"), else each formatted for people."""
    if as_json:
        print(json.dumps([{**p.as_dict(), "severity": p.severity} for p in problems], indent=2,
                         ensure_ascii=False))
        return
    for p in problems:
        print(p.format(), file=sys.stdout)


def plugin_host(extra: list[str] | None, disabled: list[str] | None, strict: bool = False):
    """The plugin host for --plugin and --disable-plugin (the default host without them),
    its failures said (`check_plugins`): exit 2 for a plugin named with --plugin that fails
    to load, and with ``strict`` (--strict-plugins) for any."""
    from artemis.kernel.game import default_plugins
    from artemis.kernel.plugins import load_plugins

    if not extra and not disabled:
        host = default_plugins()
    else:
        host = load_plugins(disable=tuple(disabled or ()), extra_modules=tuple(extra or ()))
    check_plugins(host, strict)
    return host


_WARNED: set = set()


def check_plugins(host, strict: bool = False) -> None:
    """Say which plugins failed to load or were refused (``host.failure_details``): each as a
    warning on stderr, once per process, naming its entry point, distribution and error; or,
    for a plugin asked for by name (--plugin) and for every one with ``strict``, as an error
    with the same message, then exit 2."""
    errors = []
    for failure in host.failure_details.values():
        if strict or failure.asked:
            errors.append(failure)
        elif (failure.name, failure.error) not in _WARNED:
            _WARNED.add((failure.name, failure.error))
            print(f"warning: {failure}; going on without it (--strict-plugins makes this an "
                  "error)", file=sys.stderr)
    for failure in errors:
        print(f"error: {failure}", file=sys.stderr)
    if errors:
        raise typer.Exit(2)


def require_variants(host, game: str, variants) -> None:
    """Exit 2 naming the plugin and why when one of ``variants`` (names) belongs to a plugin
    that failed to load (an unknown one is left to the game's own message)."""
    known = host.variants(game)
    for name in variants or ():
        if name not in known and host.variant_failure(name, game) is not None:
            usage_error(host.unknown_variant(name, game))


def usage_error(message: str) -> NoReturn:
    """Print ``error: message`` on stderr and exit 2 (a usage error)."""
    print(f"error: {message}", file=sys.stderr)
    raise typer.Exit(2)


#: The command that takes each kind of file (`artemis.records.filekind.KINDS`).
_COMMAND_FOR = {"save": ("artemis play --load", "continue it"),
                "log": ("artemis replay", "replay it"),
                "config": ("artemis play --config", "play it"),
                "scenario": ("artemis scenario run", "run it"),
                "content": ("artemis validate", "check it"),
                "manifest": ("artemis validate", "check its pack"),
                "report": ("artemis simulate merge", "print its tables"),
                "gzip": ("gzip -dc", "print it decompressed")}  # any name, not only *.gz


def other_kind(path: Path, expected: str) -> tuple[str, str] | None:
    """(what the file is, the command that takes it) when ``path`` holds another kind of
    artemis file than ``expected`` (a key of `artemis.records.filekind.KINDS`), e.g. ("g.yaml
    is a game config, not a scenario file", "play it with `artemis play --config g.yaml`");
    None when it does not (or its kind is not known)."""
    import shlex

    from artemis.records.filekind import file_kind, what_it_is

    said = what_it_is(path, expected)
    if said is None:
        return None
    kind = file_kind(path)
    command, verb = _COMMAND_FOR[kind]
    target = path.parent if kind == "manifest" else path
    return said, f"{verb} with `{command} {shlex.quote(str(target))}`"


def refuse_other_kind(path: Path, expected: str) -> None:
    """Exit 2 when ``path`` holds another kind of artemis file than ``expected`` (a key of
    `artemis.records.filekind.KINDS`: a save given to `replay`, a config to `play --load`),
    saying what it is and the command that takes it; return when it is not (the caller's own
    reading says what is wrong with it)."""
    found = other_kind(path, expected)
    if found is not None:
        usage_error(f"{found[0]}: {found[1]}")


def ruleset_of(game: str | None):
    """The registered game ``game`` (None: project), or exit 2 listing the registered ones."""
    from artemis.kernel.games import UnknownGame, get_game

    try:
        return get_game(game)
    except UnknownGame as exc:
        usage_error(f"--game {game}: {exc}")


def choose_game(flag: str | None, named: str | None = None, source: str = "the file") -> str:
    """The game of a command: the one a file names (``named``, read from ``source``) wins;
    else --game (``flag``); else project. Exit 2 for an unknown --game, or one that conflicts
    with the file's game (the message names both). A game the file names is not looked up
    here: the file's reader reports an unknown one as a problem of the file."""
    if flag is not None:
        ruleset_of(flag)
    from artemis.kernel.games import GameConflict, game_for

    try:
        return game_for(named, flag, source)
    except GameConflict as exc:
        conflict(exc)


def conflict(exc) -> NoReturn:
    """Exit 2 for a `GameConflict`: --game names another game than the file does."""
    usage_error(f"--game {exc.asked} conflicts with {exc.source}, which is for the game "
                f"'{exc.named}'; leave --game out (the file's game is used)")


def path_game(flag: str | None, paths: list) -> str:
    """The game of content pack folders (their manifests' ``game:``, project when one names
    none; a single content file names no game) and --game: exit 2 when packs of two games are
    given together, or --game conflicts with theirs."""
    from artemis.content.manifest import pack_game

    named: dict[str, str] = {}
    for path in paths:
        game = pack_game(path)
        if game is not None:
            named.setdefault(game, str(path))
    if len(named) > 1:
        usage_error("the packs are for different games: " + ", ".join(
            f"{p} is for '{g}'" for g, p in named.items()) + "; validate each game's packs "
            "on their own")
    game, source = next(iter(named.items()), (None, ""))
    chosen = choose_game(flag, game, source)
    if game is not None and flag is None:
        from artemis.kernel.games import UnknownGame, get_game

        try:
            get_game(game)
        except UnknownGame as exc:
            usage_error(f"{Path(source) / 'expansion.yaml'} names the game '{game}': {exc}; "
                        "install the distribution that brings it")
    return chosen


def load_with_plugins(paths: list, ruleset=None, strict: bool = False,
                      disabled: list[str] | None = None, base=None):
    """``ruleset``'s content (default: project) as the installed plugins see it: the game's
    vocabulary, checks and packs from the default plugin host (without the ``disabled``
    ones, --disable-plugin), plus ``paths``; the plugins' failures said as `check_plugins`
    says them (with ``strict``, exit 2). ``base``: another base pack folder (an older
    content version's, `artemis.kernel.parts.Content.base_pack_of`). Returns (host,
    LoadResult), or (host, None) for a game without content."""
    from artemis.kernel.plugins import default_host, host_registry

    ruleset = ruleset or ruleset_of(None)
    if disabled:
        host = plugin_host(None, disabled, strict)
    else:
        host = default_host()  # validating needs the vocabulary, not a game's rule modules
        check_plugins(host, strict)  # its content may need a plugin that failed: say why
    registry = host_registry(host, ruleset.id)
    newest = ruleset.content.base_pack()
    plugin_packs = [p for p in host.content_packs(ruleset.id) if str(p) != str(newest)]
    # only an older base is passed: a game's content part need not take ``base`` otherwise
    older = {"base": base} if base is not None and str(base) != str(newest) else {}
    return host, ruleset.content.load_content([*plugin_packs, *paths], registry,
                                              host.checks(ruleset.id), host.names(), **older)


def check_players(players: int, ruleset, flag: str = "--players") -> None:
    """Exit 2 unless ``players`` is one of the game's player counts."""
    if players not in ruleset.player_counts:
        from artemis.kernel.game import counts_text

        usage_error(f"{flag} {players}: {ruleset.name or ruleset.id} is for "
                    f"{counts_text(ruleset.player_counts)} players")


def default_players(ruleset) -> int:
    """--players when neither it nor a config file gives it: 4, or the game's smallest count
    when it does not allow 4."""
    counts = ruleset.player_counts
    return 4 if 4 in counts or not counts else min(counts)


def bot_kinds(spec: str | None, players: int, ruleset=None) -> list[str]:
    """Bot specs per seat from --bots "random,greedy,mcts:iterations=50,horizon=round,..."
    (one spec applies to every seat; a piece KEY=VALUE continues the bot before it:
    `artemis.players.spec`), each a bot of ``ruleset``'s game (default: project).

    Raises ValueError when the count does not match ``players``, a kind is unknown or a bot's
    option is not one it takes."""
    from artemis.players.bots import check_bot
    from artemis.players.spec import split_specs

    kinds = split_specs(spec if spec is not None else "random")
    if len(kinds) == 1:
        kinds *= players
    if len(kinds) != players:
        raise ValueError(f"--bots names {len(kinds)} bots for {players} players")
    return [check_bot(k, ruleset) for k in kinds]


GameOptionOpt = Annotated[list[str] | None, typer.Option(
    "--game-option", help="One of the game's own options, KEY=VALUE (repeatable; "
    "`artemis games` lists them).", show_default=False)]

ContentVersionOpt = Annotated[int | None, typer.Option(
    "--content-version",
    help="Play this version of the game's base content (default: the newest; an older one is "
         "its frozen copy, as a save of that version plays: docs/saves.md): a game recorded "
         "before a rebalance, or a rebalance's before and after at one commit.",
    show_default=False)]

#: --content-version of the commands that only read content (`artemis content list|show`)
ContentReadVersionOpt = Annotated[int | None, typer.Option(
    "--content-version",
    help="Read this version of the game's base content (default: the newest; an older one is "
         "its frozen copy, the values a save of that version plays: docs/saves.md).",
    show_default=False)]


def content_version_line(version: int, catalog) -> str:
    """Which content a game or a listing read, as the text says it above its account (`artemis
    play`, every game that reads content packs) or an older version's rows (`artemis
    content`): "content version 5 (base 5.0.0)", every pack loaded in load order ("content
    version 7 (base 7.0.0, reef_expansion 0.1.0)")."""
    packs = ", ".join(f"{p.id} {p.version}" for p in getattr(catalog, "packs", ()))
    return f"content version {version}" + (f" ({packs})" if packs else "")


def print_content_version(game, file=None) -> None:
    """Print ``game``'s `content_version_line` to ``file`` (default stdout): above the account
    of `artemis play` and `artemis replay`, and before a human seat's first decision. Nothing
    for a game that reads no content packs (a third party's game of code alone)."""
    if getattr(game.catalog, "packs", ()):
        print(content_version_line(game.config.content_version, game.catalog), file=file)


def parse_game_options(texts: list[str] | None) -> dict:
    """{key: value} from ``--game-option KEY=VALUE`` flags, a value read as YAML (``3`` is a
    number). Raises ValueError for a malformed one; the game checks keys and values."""
    from artemis.content.yamlio import YamlProblem, parse

    out: dict = {}
    for text in texts or ():
        key, sep, raw = text.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--game-option '{text}' is not KEY=VALUE, e.g. target=12")
        try:
            value = parse(f"v: {raw}\n").data["v"] if raw.strip() else ""
        except YamlProblem:
            value = raw
        out[key.strip()] = value
    return out


def parse_options(variants: list[str], options: list[str]) -> dict:
    """{variant: {option: value}} from ``--variant NAME`` and ``--option NAME.KEY=VALUE``
    flags; a value is read as YAML (``3`` is a number, ``true`` a boolean). An option turns its
    variant on. Raises ValueError for a malformed option."""
    from artemis.content.yamlio import YamlProblem, parse

    out: dict = {name: {} for name in variants}
    for text in options:
        key, sep, raw = text.partition("=")
        name, dot, option = key.partition(".")
        if not sep or not dot or not name or not option:
            raise ValueError(f"--option '{text}' is not NAME.KEY=VALUE, e.g. "
                             "game_length.rounds=5")
        try:
            value = parse(f"v: {raw}\n").data["v"] if raw.strip() else ""
        except YamlProblem:
            value = raw
        out.setdefault(name, {})[option] = value
    return out
