"""`artemis play`: a whole game with bots (or people), its account and the final scores; the
bodies of --save and --load are in `artemis.cli.saves`."""

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from artemis.cli.common import (
    ContentVersionOpt,
    DisableOpt,
    ExpansionOpt,
    GameOpt,
    GameOptionOpt,
    JsonFlag,
    OptionOpt,
    PluginOpt,
    StrictOpt,
    VariantOpt,
    bot_kinds,
    check_players,
    choose_game,
    conflict,
    console,
    default_players,
    parse_game_options,
    parse_options,
    plugin_host,
    print_content_version,
    print_problems,
    refuse_other_kind,
    require_variants,
    ruleset_of,
    usage_error,
)


#: The End of the Game steps in words, for the line under the final score table.
def play(
    game_id: GameOpt = None,
    players: Annotated[int | None, typer.Option(
        help="Number of players, one of the game's counts (the Project: 2 to 5; the "
        "Odyssey: 1 to 6 or 8) "
        "\\[default: 4].", show_default=False)] = None,
    seed: Annotated[int | None, typer.Option(
        help="The game seed: the same seed, the same game \\[default: 0; a random one when a "
        "seat is human].",
        show_default=False)] = None,
    bots: Annotated[str | None, typer.Option(
        help="Seat per player, comma-separated: random, greedy, strong (the recommended "
        "bot: docs/simulate.md), mcts (options as "
        "mcts:iterations=400,horizon=round), human or a bot of the game's own (one name for "
        "every seat) \\[default: random].", show_default=False)] = None,
    config: Annotated[Path | None, typer.Option(
        help="A game config file (YAML, schemas/game-config.schema.json); flags override it.",
        show_default=False)] = None,
    log: Annotated[Path | None, typer.Option(help="Write every action and consequence as "
                                             "JSON lines.", show_default=False)] = None,
    save: Annotated[Path | None, typer.Option(
        help="Save the game to FILE after every round, and when Ctrl-C or SIGTERM stops it "
        "(docs/saves.md).", show_default=False)] = None,
    load: Annotated[Path | None, typer.Option(
        help="Continue the game saved in FILE to the end (its config and seats; saves back "
        "to FILE unless --save names another).", show_default=False)] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the final scores.")] = False,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    game_option: GameOptionOpt = None,
    content_version: ContentVersionOpt = None,
    expansion: ExpansionOpt = None,
    plugin: PluginOpt = None,
    disable_plugin: DisableOpt = None,
    strict_plugins: StrictOpt = False,
    as_json: JsonFlag = False,
) -> None:
    """Play a whole game with bots and print the account and the final scores. To stop a
    game, press Ctrl-C (or send SIGTERM): it stops at the last decision, and with --save FILE
    the game is saved there first; `artemis play --load FILE` continues it. Exit 0 ok, 1 bad
    input or a plugin that failed (named, with the command that replays it), 2 usage error,
    130 after Ctrl-C, 143 after SIGTERM."""
    from artemis.cli.saves import expect_interrupt

    expect_interrupt(save, load)  # a Ctrl-C before the first decision is said as such
    from artemis.content.problems import ContentError
    from artemis.kernel.game import ConfigError
    from artemis.players.bots import NoInput
    from artemis.records.log import write_log

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
    host = plugin_host(plugin, disable_plugin, strict_plugins)
    if load is not None:
        from artemis.cli.saves import refuse_flags_with_load, saved_game, saved_variants

        refuse_flags_with_load({"--players": players, "--seed": seed, "--bots": bots,
                                "--config": config, "--variant": variant, "--option": option,
                                "--expansion": expansion, "--game-option": game_option,
                                "--content-version": content_version})
        saved = choose_game(game_id, saved_game(load), str(load))  # the save's is played
        require_variants(host, saved, saved_variants(load))
        config_, kinds, names = None, [], None
    else:
        config_, kinds, names = _new_config(game_id, players, seed, bots, config, variant,
                                            option, expansion, host, as_json, game_option,
                                            content_version)
    try:
        from artemis.cli.saves import play_or_continue

        game, kinds, names = play_or_continue(config_, kinds, names, host, save, load,
                                              plugin or (), disable_plugin or (), log,
                                              to_stderr=as_json)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    except ContentError as exc:
        print_problems(exc.problems, as_json)
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
        from artemis.records.log import config_record

        print(json.dumps({"config": config_record(game, kinds, names), **game.result}))
        return
    out = console()
    # first, which content the game plays: an older version's game reads like today's
    # otherwise, and an expansion's items like the base game's; a game that reads no content
    # packs (a third party's game of code alone) has nothing to name
    print_content_version(game)
    if quiet:
        result = game.result
        from artemis.players.play import seat_labels, tie_note

        labels = seat_labels(kinds, names)
        for seat in result["ranking"]:
            row = result["players"][seat]
            parts = (f" ({_vp_parts(row['in_game'], sum(row['steps'].values()))})"
                     if "in_game" in row and "steps" in row else "")
            print(f"{labels[seat]}: {row['vp']} VP{parts}")
        outcome = game.ruleset.words.outcome_words(result)
        if outcome is not None:  # a solo game: won or lost on its own terms, not a winner
            print(outcome)
            return
        print(f"winner: {labels[result['winner']]}{tie_note(game, labels)}")
        return
    print_account(out, game, kinds, names)


def _vp_parts(in_game: int, final: int) -> str:
    """A seat's VP in its two parts, as --quiet shows them: "1 in game + 13 final scoring";
    a negative final scoring is taken away, "0 in game - 3 final scoring" (R28: VP may fall
    below 0), never "+ -3"."""
    sign = "-" if final < 0 else "+"
    return f"{in_game} in game {sign} {abs(final)} final scoring"


def _new_config(game_id, players, seed, bots, config, variant, option, expansion, host,
                as_json, game_option=None, content_version=None):
    """The GameConfig, seat kinds and names of a new game from the flags and the --config
    file (flags override it; ``content_version`` None plays the newest base content, a
    version the game does not ship is `Game.new`'s ConfigError); exit 2 for a usage error,
    1 for a config file with problems."""
    from artemis.kernel.game import GameConfig
    from artemis.kernel.games import GameConflict
    from artemis.kernel.plugins import PluginUnavailable
    from artemis.records.config_file import LoadedConfig, load_config

    loaded = LoadedConfig()
    if game_id is not None:
        ruleset_of(game_id)
    if config is not None:
        try:
            loaded, problems = load_config(config, host, game_id)
        except GameConflict as exc:
            conflict(exc)
        except PluginUnavailable as exc:  # the plugin's failure, not the file's
            usage_error(str(exc))
        if problems:
            refuse_other_kind(config, "config")  # a save or a log given for a config
            print_problems(problems, as_json)
            raise typer.Exit(1)
        game_id = loaded.game
    ruleset = ruleset_of(game_id)
    if players is not None:
        check_players(players, ruleset)
    players = players or len(loaded.seats) or default_players(ruleset)
    seed = seed if seed is not None else loaded.seed
    if content_version is None:
        content_version = loaded.content_version
    try:
        names = None
        if bots is None and len(loaded.seats) == players:
            kinds, names = loaded.seats, loaded.names
        else:
            kinds = bot_kinds(bots, players, ruleset)
            if len(loaded.seats) == players:  # only the kinds change: the names stay
                names = loaded.names
            if loaded.seats:
                _say_seats_overridden(config, loaded, kinds, names, players != len(loaded.seats))
        variants = {**loaded.variants}
        for name, options in parse_options(variant or [], option or []).items():
            variants[name] = {**variants.get(name, {}), **options}
        game_options = {**loaded.options, **parse_game_options(game_option)}
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    if seed is None:
        # the same seed, the same game: bots replay seed 0 as ever, but a person at the
        # terminal given no seed would meet the same galaxy, decks and Events every game
        import secrets

        seed = secrets.randbelow(2 ** 31) if "human" in kinds else 0
    config_ = GameConfig(players=players, seed=seed, variants=variants,
                         expansions=tuple([*loaded.expansions,
                                           *(str(p) for p in expansion or ())]),
                         game=ruleset.id, options=game_options,
                         content_version=content_version)
    return config_, kinds, names


def _say_seats_overridden(config: Path, loaded, kinds: list[str], names: list[str] | None,
                          by_players: bool) -> None:
    """One line on stderr when --players or --bots replaces the seats a config file gives
    (``loaded``): which flag, the file's seats and the seats played, so that the change is not
    silent. Nothing when the seats played are the file's."""
    from artemis.players.play import seat_labels

    before = seat_labels(loaded.seats, loaded.names)
    after = seat_labels(kinds, names)
    if before == after:
        return
    flag = f"--players {len(kinds)}" if by_players else "--bots"
    kept = "" if by_players else " (names kept)"
    print(f"note: {flag} overrides the seats of {config} ({', '.join(before)}); playing "
          f"{', '.join(after)}{kept}", file=sys.stderr)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError, ValueError):
        return str(a) == str(b)


def print_account(out, game, kinds: list[str], names: list[str] | None = None,
                  records: list[dict] | None = None) -> None:
    """The round-by-round account (the game's `parts.Words.account_lines`, from ``records`` when
    given: a seat's own, as `artemis replay --seat` tells it), then the final score table
    with each scoring part (`artemis play`, `artemis replay`)."""
    from rich.table import Table

    from artemis.players.play import account_lines, scoring_columns, seat_labels, tie_note

    for line in account_lines(game, kinds, names, records):
        out.print(line, markup=False)
    names = seat_labels(kinds, names)
    result = game.result
    ruleset = game.ruleset
    in_game = all("in_game" in row for row in result["players"])  # a game that splits its VP
    # a score pad: a row per scoring step, named, and a column per player in ranking order
    # (a row per player under the steps' names is wider than a terminal's 80 columns)
    ranked = sorted(result["players"], key=lambda r: result["ranking"].index(r["seat"]))
    table = Table(title=ruleset.scoring_title)
    table.add_column("", no_wrap=True)
    for row in ranked:
        table.add_column(names[row["seat"]], justify="right")
    if in_game:
        table.add_row("in game", *(str(row["in_game"]) for row in ranked))
    for part, label in scoring_columns(game):
        table.add_row(label, *(str(row["steps"][part]) for row in ranked))
    table.add_row("total VP", *(str(row["vp"]) for row in ranked))
    out.print(table)
    outcome = ruleset.words.outcome_words(result)
    if outcome is not None:  # a solo game: won or lost on its own terms (the account said why)
        out.print(outcome, markup=False)
        return
    out.print(f"Winner: {names[result['winner']]}{tie_note(game, names)}")
