"""`artemis validate [PATH...] [--simulate N]`: check content, and optionally play with it."""

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from artemis.cli.common import (
    GameOpt,
    JsonFlag,
    OptionOpt,
    StrictOpt,
    VariantOpt,
    check_players,
    console,
    load_with_plugins,
    parse_options,
    path_game,
    print_problems,
    ruleset_of,
    usage_error,
)
from artemis.util import DEFAULT_GAME


def validate(
    paths: Annotated[list[Path] | None, typer.Argument(
        help="Content pack folders (with expansion.yaml) or content files, all of one game; "
        "default: the base content of every game.", show_default=False)] = None,
    game_id: GameOpt = None,
    simulate: Annotated[int, typer.Option(
        min=0, help="Then play N random-bot games with the content and report.")] = 0,
    seed: Annotated[int, typer.Option(help="First seed of --simulate games.")] = 0,
    players: Annotated[int, typer.Option(
        help="Players in --simulate games, one of the game's counts.")] = 4,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    strict_plugins: StrictOpt = False,
    as_json: JsonFlag = False,
) -> None:
    """Validate content: YAML, schemas, cross-file checks. With no PATH, every game's base
    content (--game: that game's); with PATHs, the packs' game. Exit 0 valid, 1 invalid, 2
    usage error. With --simulate N, also play N games with it."""
    paths = list(paths or [])
    if paths:
        rulesets = [ruleset_of(path_game(game_id, paths))]
    elif game_id is not None or simulate:  # --simulate plays one game: --game's, or project
        rulesets = [ruleset_of(game_id)]
    else:
        from artemis.kernel.games import failures, games

        rulesets = list(games().values())
        for name, error in failures().items():  # a game that is not there is not validated
            print(f"warning: game '{name}' failed to load: {error}", file=sys.stderr)
    if simulate:
        check_players(players, rulesets[0], "--players")
    results = []
    for ruleset in rulesets:
        host, result = load_with_plugins(paths, ruleset, strict_plugins)
        if result is None and paths:
            usage_error(f"{ruleset.name or ruleset.id} takes no content packs: "
                        f"{', '.join(map(str, paths))} cannot be validated for it")
        results.append((ruleset, result))
    ok = all(r is None or r.ok for _, r in results)
    problems = [p for _, r in results if r is not None for p in r.problems]
    named = not paths or rulesets[0].id != DEFAULT_GAME  # a line names its game but for packs
    if as_json:
        if not (simulate and ok):  # one JSON document: the problems, or the trial
            print_problems(problems, True)
    elif problems:
        print_problems(problems, False)
        n = sum(p.code != "E299" for p in problems)  # E299 counts the unlisted
        more = ", and more not listed (E299)" if n < len(problems) else ""
        print(f"{n} problem{'s' if n != 1 else ''} found{more}.")
    else:
        for ruleset, result in results:
            print(_summary(ruleset, result, named))
    if not ok or not simulate:
        raise typer.Exit(0 if ok else 1)
    ruleset, result = results[0]
    _simulate_packs(result, host, simulate, seed, players, variant, option, as_json, ruleset)


def _summary(ruleset, result, named: bool) -> str:
    """The line of a valid game: "valid: [GAME: ]PACKS: what the catalog holds"."""
    game = f"{ruleset.id}: " if named else ""
    if result is None:
        return f"valid: {game}no content"
    catalog = result.catalog
    packs = ", ".join(f"{p.id} {p.version}" for p in getattr(catalog, "packs", ()))
    summary = ruleset.content_summary(catalog)
    return f"valid: {game}{packs}" + (f": {summary}" if summary else "")


def _simulate_packs(result, host, games, seed, players, variant, option, as_json,
                    ruleset) -> None:
    from artemis.sim.pack_trial import trial

    try:
        variants = parse_options(variant or [], option or [])
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    packs = result.packs if result is not None else []
    roots = [str(p.root) for p in packs if p.id != "base"]
    from artemis.kernel.game import ConfigError, Game, GameConfig

    try:  # a bad variant or option is a usage error, not N failed games
        Game.new(GameConfig(players=players, seed=seed, variants=variants,
                            expansions=tuple(roots), game=ruleset.id), plugins=host)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    items = result.items if result is not None else []
    new_ids = {i.id: i.kind for i in items if i.pack != "base" and i.id is not None}
    report = trial(roots, new_ids, games, seed, players, variants, plugins=host,
                   game=ruleset.id)
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
