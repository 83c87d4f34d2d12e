"""`artemis validate [PATH...] [--simulate N]`: check content, and optionally play with it.

Errors make content invalid (exit 1); warnings (W codes: balance) are printed and leave the
exit status 0, unless --strict. A content file given on its own is loaded with its pack (for
the cross-references) but only its own problems are listed, with a count of the others. A
pack with the id of an installed pack (a working copy of the base pack, say) is validated in
its place.
"""

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from artemis.cli.common import (
    DisableOpt,
    JsonFlag,
    OptionOpt,
    StrictOpt,
    ValidateGameOpt,
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
from artemis.util.plural import counted, plural


def validate(
    paths: Annotated[list[Path] | None, typer.Argument(
        metavar="PATH...", help="Content pack folders (with expansion.yaml) or content files, "
        "all of one game; default: the base content of every game.",
        show_default=False)] = None,
    game_id: ValidateGameOpt = None,
    simulate: Annotated[int, typer.Option(
        min=0, help="Then play N random-bot games with the content and report.")] = 0,
    seed: Annotated[int, typer.Option(help="First seed of --simulate games.")] = 0,
    players: Annotated[int, typer.Option(
        help="Players in --simulate games, one of the game's counts.")] = 4,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Warnings (W codes: balance) are errors: exit 1 when there is any. "
        "Not --strict-plugins, which is about plugins that fail to load.")] = False,
    packs_only: Annotated[bool, typer.Option(
        "--packs-only", help="Skip a given YAML file that belongs to no content pack (its "
        "folder's expansion.yaml does not list it): for pre-commit, which passes every changed "
        "YAML file.")] = False,
    disable_plugin: DisableOpt = None,
    strict_plugins: StrictOpt = False,
    content_version: Annotated[int | None, typer.Option(
        "--content-version",
        help="Validate this version of the game's base content, its frozen copy (default: "
        "the newest; one game: --game's, or the packs', or project), and the PATHs on it; "
        "--simulate plays on it too.", show_default=False)] = None,
    as_json: JsonFlag = False,
) -> None:
    """Validate content: YAML, schemas, cross-file checks, balance warnings. With no PATH,
    every game's base content (--game: that game's); with PATHs, the packs' game. A content
    file is checked with its pack, and only its problems are listed. Exit 0 valid (warnings
    allowed, unless --strict), 1 invalid, 2 usage error. With --simulate N, also play N games
    with it; with --content-version N, on version N of the base content."""
    from artemis.content.loader import pack_of, shown
    from artemis.content.problems import as_error

    paths = list(paths or [])
    if packs_only and paths:
        paths = [p for p in paths if p.is_dir() or pack_of(p) is not None]
        if not paths:
            if as_json:
                print_problems([], True)
            else:
                print("nothing to validate: no given file belongs to a content pack")
            raise typer.Exit(0)
    if paths:
        rulesets = [ruleset_of(path_game(game_id, paths))]
    elif game_id is not None or simulate or content_version is not None:
        # --simulate plays one game, and a content version is one game's: --game's, or project
        rulesets = [ruleset_of(game_id)]
    else:
        from artemis.kernel.games import failures, games

        rulesets = list(games().values())
        for name, error in failures().items():  # a game that is not there is not validated
            print(f"warning: game '{name}' failed to load: {error}", file=sys.stderr)
    if simulate:
        check_players(players, rulesets[0], "--players")
    base = _base_of(rulesets[0], content_version) if content_version is not None else None
    results = []
    for ruleset in rulesets:
        host, result = load_with_plugins(paths, ruleset, strict_plugins, disable_plugin,
                                         base=base)
        if result is None and paths:
            usage_error(f"{ruleset.name or ruleset.id} takes no content packs: "
                        f"{', '.join(map(str, paths))} cannot be validated for it")
        results.append((ruleset, result))
    problems = [p for _, r in results if r is not None for p in r.problems]
    if strict:  # every warning is an error: printed error[W102], severity "error"
        problems = [as_error(p) for p in problems]
    ok = not any(p.is_error for p in problems)
    listed, others = _of_files(problems, paths)
    named = not paths or rulesets[0].id != DEFAULT_GAME  # a line names its game but for packs
    for _, result in results:
        for pack in result.packs if result is not None else ():
            if pack.replaces is not None:
                print(f"note: {shown(pack.root)} (pack '{pack.id}') is validated in place of "
                      f"the installed {shown(pack.replaces)}", file=sys.stderr)
    if as_json:
        if not (simulate and ok):  # one JSON document: the problems, or the trial
            print_problems(listed, True)
    elif not ok or listed or others:
        print_problems(listed, False)
        print(_count_line(listed, others, ok))
    if not as_json and ok:
        for ruleset, result in results:
            print(_summary(ruleset, result, named))
    if not ok or not simulate:
        raise typer.Exit(0 if ok else 1)
    ruleset, result = results[0]
    _simulate_packs(result, host, simulate, seed, players, variant, option, as_json, ruleset,
                    content_version)


def _base_of(ruleset, version: int):
    """The base pack folder of content version ``version`` of ``ruleset``'s game (its frozen
    copy, or the base pack for the newest), or exit 2 for a version it does not ship."""
    from artemis.kernel.game import ConfigError, content_version

    try:
        return ruleset.content.base_pack_of(content_version(ruleset, version))
    except (ConfigError, ValueError) as exc:
        usage_error(f"--content-version {version}: {exc}")


def _of_files(problems: list, paths: list[Path]) -> tuple[list, list]:
    """(listed, others): with content files among ``paths`` (not folders, not manifests),
    the problems of those files and of the folders given, and the rest; else (all, [])."""
    from artemis.content.loader import MANIFEST

    files = {p.resolve() for p in paths if not p.is_dir() and p.name != MANIFEST}
    if not files:
        return list(problems), []
    folders = [p.resolve() for p in paths if p.is_dir()] + [
        p.resolve().parent for p in paths if p.name == MANIFEST]

    def given(problem) -> bool:
        where = Path(problem.file).resolve()
        return where in files or any(where.is_relative_to(f) for f in folders)

    listed = [p for p in problems if given(p)]
    return listed, [p for p in problems if not given(p)]


def _count_line(listed: list, others: list, ok: bool) -> str:
    """The last line after the problems: how many errors ("problems") and warnings were
    listed, how many errors and warnings the other files of the packs have, and whether
    warnings fail (--strict: a warning made an error is counted as a problem, and said)."""
    shown_errors = [p for p in listed if p.is_error]
    n = sum(p.code != "E299" for p in shown_errors)  # E299 counts the unlisted
    more = ", and more not listed (E299)" if n < len(shown_errors) else ""
    made = sum(p.code.startswith("W") for p in shown_errors)
    if made:
        more += (f" ({counted(made, 'warning')} made {plural(made, 'an error', 'errors')} "
                 "by --strict)")
    warnings = len(listed) - len(shown_errors)
    if not listed:
        text = "no problem in the given files"
    elif shown_errors or not warnings:
        text = f"{counted(n, 'problem')} found{more}"
        if warnings:
            text += f", and {counted(warnings, 'warning')}"
    else:
        text = f"{counted(warnings, 'warning')} found"
    if others:
        other_errors = sum(p.is_error for p in others)
        other_warnings = len(others) - other_errors
        parts = [counted(k, what) for k, what in ((other_errors, "error"),
                                                   (other_warnings, "warning")) if k]
        files = sorted({Path(p.file).name for p in others if p.file})
        text += (f"; and {' and '.join(parts)} in other files of the pack "
                 f"({', '.join(files) + ': ' if files else ''}"
                 "validate the pack folder to list them)")
    if ok and (warnings or any(not p.is_error for p in others)):
        text += "; warnings do not fail validation (--strict makes them errors)"
    return text + "."


def _summary(ruleset, result, named: bool) -> str:
    """The line of a valid game: "valid: [GAME: ]PACKS: what the catalog holds"."""
    game = f"{ruleset.id}: " if named else ""
    if result is None:
        return f"valid: {game}no content"
    catalog = result.catalog
    packs = ", ".join(f"{p.id} {p.version}" for p in getattr(catalog, "packs", ()))
    summary = ruleset.content.content_summary(catalog)
    return f"valid: {game}{packs}" + (f": {summary}" if summary else "")


def _simulate_packs(result, host, games, seed, players, variant, option, as_json,
                    ruleset, content_version=None) -> None:
    from artemis.sim.pack_trial import trial

    try:
        variants = parse_options(variant or [], option or [])
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    packs = result.packs if result is not None else []
    base = ruleset.content.base_pack_of(content_version)
    base = base.resolve() if base is not None else None
    roots = [str(p.root) for p in packs if p.root != base]  # a copy of base: in its place
    from artemis.kernel.game import ConfigError, Game, GameConfig

    try:  # a bad variant or option is a usage error, not N failed games
        Game.new(GameConfig(players=players, seed=seed, variants=variants,
                            expansions=tuple(roots), game=ruleset.id,
                            content_version=content_version), plugins=host)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    items = result.items if result is not None else []
    new_ids = {i.id: i.kind for i in items if i.pack != "base" and i.id is not None}
    report = trial(roots, new_ids, games, seed, players, variants, plugins=host,
                   game=ruleset.id, content_version=content_version)
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
    out.print(f"simulated {counted(report['games'], 'game')} with "
              f"{counted(players, 'random bot')}: {report['finished']} finished, "
              f"{counted(len(report['errors']), 'error')}")
    for e in report["errors"]:
        out.print(f"  error in seed {e['seed']} ({e['players']} players) after "
                  f"{e['action_index']} actions, last {e['action']}: {e['error']}",
                  markup=False)
    if report["items"]:
        table = Table()
        table.add_column("item", no_wrap=True)  # ids are what `content show` takes
        table.add_column("kind", no_wrap=True)  # a content kind: alien_artifacts
        for header in ("appeared", "taken", "takers' mean VP", "others' mean VP"):
            table.add_column(header)
        for row in report["items"]:
            table.add_row(row["id"], row["kind"], str(row["appeared"]), str(row["taken"]),
                          str(row["takers_mean_vp"] if row["takers_mean_vp"] is not None
                              else "-"),
                          str(row["others_mean_vp"] if row["others_mean_vp"] is not None
                              else "-"))
        out.print(table)
