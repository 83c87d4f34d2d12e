"""The `artemis` command line (typer). Text for people, ``--json`` for programs.

Exit codes: 0 ok, 1 invalid input or failed check, 2 usage error. Heavy modules are imported
inside the commands so that ``artemis --help`` starts fast; no ``from __future__ import
annotations`` here, since typer reads real annotations faster than it evaluates strings
(start-up: docs/performance.md).
"""

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from artemis.cli.scenario import scenario_app
from artemis.cli.simulate import simulate as simulate_command

app = typer.Typer(
    name="artemis",
    help="A rules-data engine for The Artemis Project.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
content_app = typer.Typer(help="Browse the loaded content.", no_args_is_help=True)
schema_app = typer.Typer(help="The JSON Schemas of the content files.", no_args_is_help=True)
app.add_typer(content_app, name="content")
app.add_typer(schema_app, name="schema")
app.add_typer(scenario_app, name="scenario")  # the body lives in artemis.cli.scenario

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]
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


def _console():
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True)


def _print_problems(problems, as_json: bool) -> None:
    if as_json:
        print(json.dumps([p.as_dict() for p in problems], indent=2, ensure_ascii=False))
        return
    for p in problems:
        print(p.format(), file=sys.stdout)


@app.command()
def validate(
    paths: Annotated[list[Path] | None, typer.Argument(
        help="Content pack folders (with expansion.yaml) or content files; default: the base "
        "game.", show_default=False)] = None,
    simulate: Annotated[int, typer.Option(
        min=0, help="Then play N random-bot games with the content and report.")] = 0,
    seed: Annotated[int, typer.Option(help="First seed of --simulate games.")] = 0,
    players: Annotated[int, typer.Option(min=2, max=5,
                                         help="Players in --simulate games.")] = 4,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """Validate content: YAML, schemas, cross-file checks. Exit 0 valid, 1 invalid, 2 usage
    error. With --simulate N, also play N games with it."""
    host, result = _load_with_plugins(list(paths or []))
    if as_json:
        if not (simulate and result.ok):  # one JSON document: the problems, or the trial
            _print_problems(result.problems, True)
    elif result.problems:
        _print_problems(result.problems, False)
        n = sum(p.code != "E299" for p in result.problems)  # E299 counts the unlisted
        more = ", and more not listed (E299)" if n < len(result.problems) else ""
        print(f"{n} problem{'s' if n != 1 else ''} found{more}.")
    else:
        c = result.catalog
        packs = ", ".join(f"{p.id} {p.version}" for p in c.packs)
        print(f"valid: {packs}: {len(c.buildings)} buildings, {len(c.expeditions)} "
              f"expeditions, {len(c.events)} events, {len(c.relief_track)} Relief Track "
              f"spaces, {len(c.board.rows)} board rows")
    if not result.ok or not simulate:
        raise typer.Exit(0 if result.ok else 1)
    _simulate_packs(result, host, simulate, seed, players, variant, option, as_json)


def _simulate_packs(result, host, games, seed, players, variant, option, as_json) -> None:
    from artemis.players.play import parse_options
    from artemis.sim.pack_trial import trial

    try:
        variants = parse_options(variant or [], option or [])
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    roots = [str(p.root) for p in result.packs if p.id != "base"]
    from artemis.kernel.game import ConfigError, Game, GameConfig

    try:  # a bad variant or option is a usage error, not N failed games
        Game.new(GameConfig(players=players, seed=seed, variants=variants,
                            expansions=tuple(roots)), plugins=host)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    new_ids = {i.id: i.kind for i in result.items
               if i.pack != "base" and i.id is not None}
    report = trial(roots, new_ids, games, seed, players, variants, plugins=host)
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        from rich.table import Table

        console = _console()
        console.print(f"simulated {report['games']} games with {players} random bots: "
                      f"{report['finished']} finished, {len(report['errors'])} errors")
        for e in report["errors"]:
            console.print(f"  error in seed {e['seed']} ({e['players']} players) after "
                          f"{e['action_index']} actions, last {e['action']}: {e['error']}",
                          markup=False)
        if report["items"]:
            table = Table()
            table.add_column("item", no_wrap=True)  # ids are what `content show` takes
            for header in ("kind", "appeared", "taken", "takers' mean VP", "others' mean VP"):
                table.add_column(header)
            for row in report["items"]:
                table.add_row(row["id"], row["kind"], str(row["appeared"]), str(row["taken"]),
                              str(row["takers_mean_vp"] if row["takers_mean_vp"] is not None
                                  else "-"),
                              str(row["others_mean_vp"] if row["others_mean_vp"] is not None
                                  else "-"))
            console.print(table)
    raise typer.Exit(1 if report["errors"] else 0)


def _load_with_plugins(paths: list):
    """Content as the installed plugins see it: their vocabulary, checks and packs."""
    from artemis.games.project.content import load_game_content
    from artemis.kernel.paths import base_pack
    from artemis.kernel.plugins import default_host, host_registry

    host = default_host()  # validating needs the vocabulary, not the rule modules of a game
    for name, error in host.failures.items():  # its content may need it: say why it is off
        print(f"warning: plugin '{name}' failed to load: {error}", file=sys.stderr)
    registry = host_registry(host)
    plugin_packs = [p for p in host.content_packs() if str(p) != str(base_pack())]
    return host, load_game_content([*plugin_packs, *paths], registry, host.checks(),
                                   host.names())


def _catalog_or_exit(expansions: list[Path] | None, as_json: bool):
    _, result = _load_with_plugins(list(expansions or []))
    if not result.ok:
        _print_problems(result.problems, as_json)
        raise typer.Exit(1)
    return result.catalog


@content_app.command("list")
def content_list(
    kind: Annotated[str | None, typer.Argument(
        help="buildings, expeditions, events, relief_track or board; default: all.",
        show_default=False)] = None,
    provenance: Annotated[str | None, typer.Option(
        help="Only items whose provenance contains this tag (rulebook, research, "
        "reconstructed), ignoring case.", show_default=False)] = None,
    expansion: ExpansionOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """List the loaded content, optionally by kind and provenance."""
    from artemis.games.project import browse

    catalog = _catalog_or_exit(expansion, as_json)
    try:
        rows = browse.list_rows(catalog, kind, provenance)
    except browse.UnknownKind as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    browse.print_rows(_console(), rows)


@content_app.command("show")
def content_show(
    item_id: Annotated[str, typer.Argument(metavar="ID", help="A building, expedition or "
                                           "event id.")],
    expansion: ExpansionOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """Show one building, expedition or event in full, its effect in words."""
    from artemis.content.problems import did_you_mean
    from artemis.games.project import browse

    catalog = _catalog_or_exit(expansion, as_json)
    if item_id not in catalog.by_id:
        hint = did_you_mean(item_id, catalog.by_id) or did_you_mean(
            item_id.strip().lower().replace(" ", "_").replace("-", "_"), catalog.by_id)
        if not hint:
            hint = "no id is close; `artemis content list` shows every id"
        print(f"error: no building, expedition or event with id '{item_id}'\n    hint: {hint}",
              file=sys.stderr)
        raise typer.Exit(1)
    item = catalog.by_id[item_id]
    if as_json:
        print(json.dumps(browse.item_data(item, catalog), indent=2, ensure_ascii=False))
        return
    browse.print_item(_console(), item, catalog)


@schema_app.command("export")
def schema_export(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="Folder to write into.")],
    as_json: JsonFlag = False,
) -> None:
    """Write the JSON Schemas assembled from the effect registry into DIR."""
    from artemis.content.schema_export import export_schemas

    try:
        written = export_schemas(folder)
    except OSError as exc:
        print(f"error: cannot write to {folder}: {exc.strerror or exc}", file=sys.stderr)
        raise typer.Exit(1) from None
    if as_json:
        print(json.dumps([str(p) for p in written]))
    else:
        for p in written:
            print(f"wrote {p}")


def _plugin_host(extra: list[str] | None, disabled: list[str] | None):
    from artemis.kernel.game import default_plugins
    from artemis.kernel.plugins import load_plugins

    if not extra and not disabled:
        return default_plugins()
    host = load_plugins(disable=tuple(disabled or ()), extra_modules=tuple(extra or ()))
    for name in extra or ():
        if name in host.failures:  # asked for by name: say so, and play on without it
            print(f"warning: plugin '{name}' failed to load: {host.failures[name]}",
                  file=sys.stderr)
    return host


@app.command()
def plugins(as_json: JsonFlag = False) -> None:
    """List every plugin found: version, hooks, variants and options, and failures."""
    from artemis.kernel.plugins import describe_plugins

    report = describe_plugins(_plugin_host(None, None))
    if as_json:
        print(json.dumps(report, indent=2))
        return
    from rich.table import Table

    table = Table("plugin", "version", "hooks", "variants (option=default)", "content")
    for row in report["plugins"]:
        variants = "; ".join(
            f"{v['name']} ({', '.join(v['option_defaults']) or 'no options'})"
            for v in row["variants"])
        table.add_row(row["name"], row["version"], ", ".join(row["hooks"]), variants,
                      ", ".join(row["content"]))
    console = _console()
    console.print(table)
    for name, error in report["failures"].items():
        console.print(f"failed to load {name}: {error}", markup=False)
    for name in report["disabled"]:
        console.print(f"not loaded: {name} (ARTEMIS_LOAD_PLUGINS or --disable-plugin)",
                      markup=False)


@app.command()
def play(
    players: Annotated[int | None, typer.Option(
        min=2, max=5, help="Number of players, 2 to 5 \\[default: 4].", show_default=False)] = None,
    seed: Annotated[int | None, typer.Option(
        help="The game seed: the same seed, the same game \\[default: 0].",
        show_default=False)] = None,
    bots: Annotated[str | None, typer.Option(
        help="Seat per player, comma-separated: random, greedy or human (one name for every "
        "seat) \\[default: random].", show_default=False)] = None,
    config: Annotated[Path | None, typer.Option(
        help="A game config file (YAML, schemas/game-config.schema.json); flags override it.",
        show_default=False)] = None,
    log: Annotated[Path | None, typer.Option(help="Write every action and consequence as "
                                             "JSON lines.", show_default=False)] = None,
    save: Annotated[Path | None, typer.Option(
        help="Save the game to FILE after every round and on Ctrl-C (docs/saves.md).",
        show_default=False)] = None,
    load: Annotated[Path | None, typer.Option(
        help="Continue the game saved in FILE to the end (its config and seats; saves back "
        "to FILE unless --save names another).", show_default=False)] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the final scores.")] = False,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    expansion: ExpansionOpt = None,
    plugin: PluginOpt = None,
    disable_plugin: DisableOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """Play a whole game with bots and print the account and the final scores."""
    from artemis.content.problems import ContentError
    from artemis.kernel.game import ConfigError, GameConfig
    from artemis.players.bots import NoInput
    from artemis.players.play import bot_kinds, parse_options, print_account, write_log
    from artemis.records.config_file import LoadedConfig, load_config

    if log is not None and log.name:  # an empty name is write_log's to refuse
        from artemis.records.log import LogError, check_log_target

        target = save or load
        if target is not None and str(log) and _same_file(log, target):
            print(f"error: --log and the save are the same file '{log}'; give two names",
                  file=sys.stderr)
            raise typer.Exit(2)
        try:
            check_log_target(log)
        except LogError as exc:
            print(f"error: {exc}", file=sys.stderr)
            raise typer.Exit(1) from None
    host = _plugin_host(plugin, disable_plugin)
    loaded = LoadedConfig()
    if load is not None:
        from artemis.cli.saves import refuse_flags_with_load

        refuse_flags_with_load({"--players": players, "--seed": seed, "--bots": bots,
                                "--config": config, "--variant": variant, "--option": option,
                                "--expansion": expansion})
    if config is not None:
        loaded, problems = load_config(config, host)
        if problems:
            _print_problems(problems, as_json)
            raise typer.Exit(1)
    players = players or len(loaded.seats) or 4
    seed = seed if seed is not None else loaded.seed
    try:
        names = None
        if bots is None and len(loaded.seats) == players:
            kinds, names = loaded.seats, loaded.names
        else:
            kinds = bot_kinds(bots, players)
        variants = {**loaded.variants}
        for name, options in parse_options(variant or [], option or []).items():
            variants[name] = {**variants.get(name, {}), **options}
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    config_ = GameConfig(players=players, seed=seed, variants=variants,
                         expansions=tuple([*loaded.expansions,
                                           *(str(p) for p in expansion or ())]))
    try:
        from artemis.cli.saves import play_or_continue

        game, kinds, names = play_or_continue(config_, kinds, names, host, save, load)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    except ContentError as exc:
        _print_problems(exc.problems, as_json)
        raise typer.Exit(1) from None
    except NoInput as exc:
        print(f"error: {exc}; a human seat reads its answers from the terminal",
              file=sys.stderr)
        raise typer.Exit(1) from None
    if log is not None:
        try:
            write_log(game, log, kinds, names)
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            print(f"error: cannot write the log '{log}': {reason}", file=sys.stderr)
            raise typer.Exit(1) from None
    if as_json:
        from artemis.players.play import config_record

        print(json.dumps({"config": config_record(game, kinds, names), **game.result}))
        return
    console = _console()
    if quiet:
        result = game.result
        from artemis.players.play import seat_labels, tie_note

        labels = seat_labels(kinds, names)
        for seat in result["ranking"]:
            row = result["players"][seat]
            print(f"{labels[seat]}: {row['vp']} VP ({row['in_game']} in game + "
                  f"{sum(row['steps'].values())} final scoring)")
        print(f"winner: {labels[result['winner']]}{tie_note(game, labels)}")
        return
    print_account(console, game, kinds, names)


app.command("simulate")(simulate_command)  # the body lives in artemis.cli.simulate


@app.command()
def replay(
    log: Annotated[Path, typer.Argument(metavar="LOG.jsonl", help="A log written by "
                                        "`artemis play --log`.")],
    verify: Annotated[bool, typer.Option(
        "--verify", help="Compare every recorded entry with the replay; exit 1 at the first "
        "difference.")] = False,
    plugin: PluginOpt = None,
    disable_plugin: DisableOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """Replay a game log from its config and seed and print the account; --verify checks
    every recorded consequence and shows the first difference (step, line, both values)."""
    from artemis.cli.saves import replay_command

    replay_command(log, verify, as_json, _plugin_host(plugin, disable_plugin))


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError, ValueError):
        return str(a) == str(b)


@app.command()
def version() -> None:
    """Print the engine version."""
    from artemis import __version__

    print(__version__)


def main() -> None:
    """Console entry point: runs the app and turns any unexpected error into a message."""
    try:
        app()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    except SystemExit as exc:
        if exc.code == 130:  # typer turns Ctrl-C into a silent exit 130: say what happened
            from artemis.cli.saves import finished_game_note

            note = finished_game_note()
            if note:
                print(note, file=sys.stderr)
        raise
    except Exception as exc:  # never a traceback to a user
        print(f"artemis: internal error: {type(exc).__name__}: {exc}\n"
              "    hint: this is a bug in artemis; please report it with the command you ran",
              file=sys.stderr)
        sys.exit(1)
