"""`artemis replay LOG [--verify] [--json]`: replay a game log and print its account, or check
every recorded entry against the replay.

Exit codes as everywhere: 0 ok, 1 invalid input or failed check, 2 usage error.
"""

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from artemis.cli.common import DisableOpt, JsonFlag, PluginOpt, console, plugin_host


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
    replay_log(log, verify, as_json, plugin_host(plugin, disable_plugin))


def replay_log(path: Path, verify: bool, as_json: bool, host) -> None:
    """The body of `artemis replay`, with the plugin host built: see the command's help."""
    from artemis.cli.play import print_account
    from artemis.records.log import LogError, config_record, read_log, replay, shown_path
    from artemis.records.log import verify as verify_log

    try:
        log = read_log(path)
        if verify:
            diff = verify_log(log, host)
        else:
            game = replay(log, host).game
    except LogError as exc:
        if as_json:  # as `validate --json`: the problem as JSON on stdout
            print(json.dumps({"ok": False, "error": str(exc)}, ensure_ascii=False))
        else:
            print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(1) from None
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
    if as_json:
        print(json.dumps({"config": config_record(game, log.kinds, log.names), **game.result}))
        return
    print_account(console(), game, log.kinds, log.names)
