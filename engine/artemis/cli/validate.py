"""`artemis validate [PATH...] [--simulate N]`: check content, and optionally play with it."""

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from artemis.cli.common import (
    JsonFlag,
    OptionOpt,
    VariantOpt,
    console,
    load_with_plugins,
    parse_options,
    print_problems,
)


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
    host, result = load_with_plugins(list(paths or []))
    if as_json:
        if not (simulate and result.ok):  # one JSON document: the problems, or the trial
            print_problems(result.problems, True)
    elif result.problems:
        print_problems(result.problems, False)
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
        _print_trial(report, players)
    raise typer.Exit(1 if report["errors"] else 0)


def _print_trial(report: dict, players: int) -> None:
    """The trial of `artemis.sim.pack_trial.trial` for people: a summary, each error, and a
    table of the pack's new items."""
    from rich.table import Table

    out = console()
    out.print(f"simulated {report['games']} games with {players} random bots: "
              f"{report['finished']} finished, {len(report['errors'])} errors")
    for e in report["errors"]:
        out.print(f"  error in seed {e['seed']} ({e['players']} players) after "
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
        out.print(table)
