"""`artemis replay LOG [--verify] [--seat N] [--game GAME] [--json]`: replay a game log and
print its account (with --seat, from the records that seat may see), or check every recorded
entry against the replay. The log names its game; --game only checks it.

Exit codes as everywhere: 0 ok, 1 invalid input or failed check, 2 usage error.
"""

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from artemis.cli.common import (
    DisableOpt,
    JsonFlag,
    PluginOpt,
    ReplayGameOpt,
    StrictOpt,
    choose_game,
    console,
    plugin_host,
    refuse_other_kind,
    require_variants,
    usage_error,
)
from artemis.util.plural import plural


def replay(
    log: Annotated[Path, typer.Argument(metavar="LOG.jsonl", help="A log written by "
                                        "`artemis play --log`.")],
    verify: Annotated[bool, typer.Option(
        "--verify", help="Compare every recorded entry with the replay; exit 1 at the first "
        "difference.")] = False,
    seat: Annotated[int | None, typer.Option(
        help="Print only what seat N may see: the account and --json built from the records "
        "visible to it (a private record shows to the seats it names).",
        show_default=False)] = None,
    game_id: ReplayGameOpt = None,
    plugin: PluginOpt = None,
    disable_plugin: DisableOpt = None,
    strict_plugins: StrictOpt = False,
    as_json: JsonFlag = False,
) -> None:
    """Replay a game log from its config and seed and print the account; --verify checks
    every recorded consequence and shows the first difference (step, line, both values).
    The log's game is replayed: --game only checks that it is that game."""
    if seat is not None and verify:
        usage_error("--seat chooses what a replay prints; --verify checks every entry: give "
                    "one of them")
    replay_log(log, verify, as_json, plugin_host(plugin, disable_plugin, strict_plugins),
               game_id, seat)


def replay_log(path: Path, verify: bool, as_json: bool, host, game: str | None = None,
               seat: int | None = None) -> None:
    """The body of `artemis replay`, with the plugin host built: see the command's help."""
    from artemis.cli.play import print_account
    from artemis.records.log import LogError, config_record, read_log, replay, shown_path
    from artemis.records.log import verify as verify_log

    try:
        log = read_log(path)
    except LogError as exc:
        refuse_other_kind(path, "log")  # a save or a config given for a log: say which
        _log_error(exc, as_json)
    choose_game(game, log.config["game"], shown_path(path))  # a check: the log's is played
    from artemis.records.log import missing_plugins

    missing = missing_plugins((log.header.get("content") or {}).get("plugins"), host)
    if missing:  # the replay may differ from the game played: say why before it does
        print(f"warning: the log was made with {plural(len(missing), 'plugin')} "
              f"{', '.join(missing)}, not loaded now (give --plugin or install it); the "
              "replay may not be the recorded game", file=sys.stderr)
    require_variants(host, log.config["game"], log.config.get("variants"))
    players = log.config["players"]
    if seat is not None and not 0 <= seat < players:
        usage_error(f"--seat {seat}: the logged game has {players} players, seats 0 to "
                    f"{players - 1}")
    try:
        if verify:
            diff = verify_log(log, host)
        else:
            game = replay(log, host).game
    except LogError as exc:
        _log_error(exc, as_json)
    actions = len(log.actions())
    if verify:
        if as_json:
            print(json.dumps(diff.as_dict() if diff else
                             {"ok": True, "entries": len(log.entries), "actions": actions}))
        elif diff:
            print(diff.format(shown_path(path)))
        else:
            print(f"verified: all {len(log.entries)} entries ({actions} actions) of "
                  f"{shown_path(path)} match the replay")
        raise typer.Exit(1 if diff else 0)
    if not game.is_over:
        message = (f"{shown_path(path)}: the log ends before the game does (after {actions} "
                   f"actions, player {game.current_player} to decide)")
        if as_json:
            print(json.dumps({"ok": False, "error": message}, ensure_ascii=False))
        else:
            print(f"error: {message}", file=sys.stderr)
        raise typer.Exit(1)
    extra, records = {}, None
    if seat is not None:  # the account of what the seat saw: its records only
        from artemis.records.log import visible

        # the seed replays every hidden card, planet and deck: no seat is told it, in the
        # config or in a record (visible() leaves out the setup's)
        records = visible(game.log, seat)
        extra = {"seat": seat, "log": records}
    if as_json:
        config = config_record(game, log.kinds, log.names)
        if seat is not None:
            del config["seed"]  # as in the records above
        print(json.dumps({"config": config, **game.result, **extra}, default=list))
        return
    # which content the log's game played, as `artemis play` says it above its account
    from artemis.cli.common import print_content_version

    print_content_version(game)
    print_account(console(), game, log.kinds, log.names, records)


def _log_error(exc, as_json: bool):
    """Exit 1 for a log that cannot be read or replayed, saying why (as JSON with --json)."""
    if as_json:  # as `validate --json`: the problem as JSON on stdout
        print(json.dumps({"ok": False, "error": str(exc)}, ensure_ascii=False))
    else:
        print(f"error: {exc}", file=sys.stderr)
    raise typer.Exit(1) from None
