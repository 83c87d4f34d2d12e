"""`artemis simulate`: N seeded bot games on every core (or a Dask cluster), one report.

Registered on the app by `artemis.cli`; the engine side is `artemis.simulate`. Heavy modules
(the games, multiprocessing, dask, matplotlib) are imported inside the command so that
``artemis --help`` stays fast.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated

import typer

STEP_LABELS = {"saved_resources": "1 saved resources", "surface_buildings": "2 staffed Surface",
               "buildings": "3 buildings", "colonist_sets": "4 colonist sets",
               "leftover_colonists": "5 leftovers", "badges": "6 badges",
               "most_toolkits": "7 most Toolkits"}


def simulate(
    games: Annotated[int, typer.Option(min=1, help="Number of games to play.")] = 100,
    players: Annotated[int, typer.Option(min=2, max=5, help="Players per game, 2 to 5.")] = 4,
    bots: Annotated[str | None, typer.Option(
        help="Bot per seat, comma-separated: random or greedy; one name for every seat "
        "(default: random).", show_default=False)] = None,
    variant: Annotated[list[str] | None, typer.Option(
        "--variant", help="Switch a variant (house rule) on (repeatable).",
        show_default=False)] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", help="A variant option, NAME.KEY=VALUE (repeatable); switches NAME on.",
        show_default=False)] = None,
    expansion: Annotated[list[Path] | None, typer.Option(
        "--expansion", help="Also load this content pack (repeatable).",
        show_default=False)] = None,
    plugin: Annotated[list[str] | None, typer.Option(
        "--plugin", help="Also load this plugin module (repeatable); workers import it too.",
        show_default=False)] = None,
    disable_plugin: Annotated[list[str] | None, typer.Option(
        "--disable-plugin", help="Do not load this installed plugin (repeatable).",
        show_default=False)] = None,
    workers: Annotated[int | None, typer.Option(
        min=1, help="Worker processes (default: all cores); 1 plays in this process.",
        show_default=False)] = None,
    seed: Annotated[int, typer.Option(
        help="The run seed: game i's seed derives from it and i alone.")] = 0,
    out: Annotated[Path | None, typer.Option(
        help="Write the report (JSON) to this file.", show_default=False)] = None,
    plot: Annotated[Path | None, typer.Option(
        metavar="DIR", help="Write PNG charts into DIR (needs the plot extra).",
        show_default=False)] = None,
    dask: Annotated[str | None, typer.Option(
        metavar="ADDRESS", help="Run the games on the Dask scheduler at ADDRESS, e.g. "
        "tcp://10.0.0.5:8786 (needs the dask extra).", show_default=False)] = None,
    log_dir: Annotated[Path | None, typer.Option(
        metavar="DIR", help="Write each game's JSON-lines log into DIR (game-000000.jsonl, "
        "...).", show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Play N seeded bot games on every core and report win rates, VP and each scoring step,
    every building, expedition and event, game length and errors. The same seed gives the
    same report whatever the number of workers. Exit 0 ok, 1 a game raised (or bad input),
    2 usage error, 130 interrupted (the finished games are reported)."""
    _check_extras(plot, dask)
    task, items = _task(players, bots, variant, option, expansion, plugin, disable_plugin,
                        seed, log_dir)
    if out is not None and not out.parent.is_dir():
        _fail(f"cannot write the report '{out}': no folder '{out.parent}'")
    if workers is None:
        workers = os.cpu_count() or 1
    from artemis.simulate import RunError, build_report, run

    try:
        with _progress(games, quiet=as_json) as advance:
            outcome = run(task, games, workers=workers, dask_address=dask, progress=advance)
    except RunError as exc:
        _fail(str(exc))
    config = {"games": games, "players": players, "bots": list(task.bots), "seed": seed,
              "variants": task.variants, "expansions": list(task.expansions),
              "plugins": list(task.plugins), "disabled_plugins": list(task.disabled)}
    report = build_report(outcome.results, list(task.bots), items, config, games,
                          outcome.interrupted)
    if out is not None:
        try:
            _write_atomically(out, json.dumps(report, indent=2) + "\n")
        except OSError as exc:
            _fail(f"cannot write the report '{out}': {exc.strerror or exc}")
    charts = []
    if plot is not None:
        from artemis.simulate.plot import plot_report

        try:
            charts = plot_report(report, plot)
        except OSError as exc:
            _fail(f"cannot write the charts into '{plot}': {exc.strerror or exc}")
    played = len(outcome.results)
    rate = played / outcome.seconds if outcome.seconds > 0 else 0.0
    timing = (f"{played} games in {outcome.seconds:.1f} s: {rate:.1f} games/s "
              f"({outcome.where})")
    log_errors = [r for r in outcome.results if "log_error" in r]
    if as_json:
        print(json.dumps(report, indent=2))
        print(timing, file=sys.stderr)
    else:
        _print_report(report, outcome.interrupted)
        print(timing)
        for path in [*([out] if out else []), *charts]:
            print(f"wrote {path}")
    if log_errors:
        print(f"warning: {len(log_errors)} game logs could not be written, first: "
              f"{log_errors[0]['log_error']}", file=sys.stderr)
    if outcome.interrupted:
        print(f"interrupted: {played} of {games} games reported", file=sys.stderr)
        raise typer.Exit(130)
    raise typer.Exit(1 if report["errors"] else 0)


def _fail(message: str, code: int = 1):
    print(f"error: {message}", file=sys.stderr)
    raise typer.Exit(code)


def _check_extras(plot: Path | None, dask: str | None) -> None:
    """Say which extra to install before any game is played."""
    if plot is not None:
        from artemis.simulate.plot import require_matplotlib

        try:
            require_matplotlib()
        except ImportError as exc:
            _fail(str(exc))
    if dask:
        from artemis.simulate.runner import DASK_MISSING

        try:
            import dask as _dask  # noqa: F401
            import distributed  # noqa: F401
        except ImportError:
            _fail(DASK_MISSING)


def _task(players, bots, variant, option, expansion, plugin, disable_plugin, seed, log_dir):
    """The GameTask and the content's (id, kind) items, or exit: 2 for a usage error (bots,
    variants, options), 1 for bad content or a log folder that cannot be made."""
    from artemis.cli import _plugin_host, _print_problems
    from artemis.game import ConfigError, Game, _cached_catalog, _host_registry
    from artemis.play import bot_kinds, parse_options
    from artemis.problems import ContentError
    from artemis.simulate import GameTask

    try:
        kinds = bot_kinds(bots, players)
        variants = parse_options(variant or [], option or [])
    except ValueError as exc:
        _fail(str(exc), 2)
    if "human" in kinds:
        _fail("simulate plays bots only: --bots takes random or greedy", 2)
    host = _plugin_host(plugin, disable_plugin)
    if log_dir is not None:
        try:
            log_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            _fail(f"cannot make the log folder '{log_dir}': {exc.strerror or exc}")
    task = GameTask(players=players, bots=tuple(kinds), seed=seed, variants=variants,
                    expansions=tuple(str(p.resolve()) for p in expansion or ()),
                    plugins=tuple(plugin or ()), disabled=tuple(disable_plugin or ()),
                    log_dir=str(log_dir.resolve()) if log_dir is not None else None)
    try:  # a bad variant or content fails here once, not in every game
        Game.new(task.config(0), plugins=host)
    except ConfigError as exc:
        _fail(str(exc), 2)
    except ContentError as exc:
        _print_problems(exc.problems, False)
        raise typer.Exit(1) from None
    except Exception:  # noqa: S110 - game 0 itself fails: the run records it with its seed
        pass
    catalog = _cached_catalog(host, _host_registry(host), task.expansions)
    items = ([(b.id, "building") for b in catalog.buildings]
             + [(x.id, "expedition") for x in catalog.expeditions]
             + [(e.id, "event") for e in catalog.events])
    return task, items


class _progress:
    """A rich progress bar on stderr, as a context giving ``advance(n)``; silent when stderr
    is not a terminal or with --json."""

    def __init__(self, total: int, quiet: bool):
        self.total, self.quiet = total, quiet
        self.bar = None

    def __enter__(self):
        from rich.console import Console

        console = Console(stderr=True)
        if self.quiet or not console.is_terminal:
            return lambda n: None
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.bar = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), TimeRemainingColumn(), console=console,
                            transient=True)
        self.bar.start()
        job = self.bar.add_task("games", total=self.total)
        return lambda n: self.bar.advance(job, n)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()


def _write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)


def _num(x) -> str:
    return "-" if x is None else f"{x:g}" if isinstance(x, float) else str(x)


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _print_report(report: dict, interrupted: bool) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False, soft_wrap=True)
    c = report["config"]
    extra = "".join(f"; {k} {', '.join(map(str, c[k]))}" for k in ("expansions", "plugins")
                    if c.get(k))
    variants = f"; variants {json.dumps(c['variants'])}" if c.get("variants") else ""
    state = " (interrupted)" if interrupted else ""
    console.print(f"simulated {report['played']} of {report['games']} games{state}, "
                  f"{c['players']} players ({', '.join(c['bots'])}), run seed {c['seed']}"
                  f"{variants}{extra}: {report['finished']} finished, "
                  f"{len(report['errors'])} error{'' if len(report['errors']) == 1 else 's'}",
                  markup=False)

    table = Table(title="Wins by seat (the engine's ranking: VP, then the tie-break)")
    for h in ("seat", "bot", "wins", "win rate", "mean VP", "sd", "min", "max"):
        table.add_column(h, justify="left" if h in ("seat", "bot") else "right")
    for w, v in zip(report["wins"]["by_seat"], report["vp"]["by_seat"], strict=True):
        table.add_row(f"P{w['seat']}", w["bot"], str(w["wins"]), _pct(w["win_rate"]),
                      _num(v["mean"]), _num(v["std"]), _num(v["min"]), _num(v["max"]))
    console.print(table)
    if len(report["wins"]["by_bot"]) > 1:
        table = Table(title="Wins by bot")
        for h in ("bot", "seats", "wins", "win rate", "mean VP", "sd", "min", "max"):
            table.add_column(h, justify="left" if h == "bot" else "right")
        for w, v in zip(report["wins"]["by_bot"], report["vp"]["by_bot"], strict=True):
            table.add_row(w["bot"], str(w["seats"]), str(w["wins"]), _pct(w["win_rate"]),
                          _num(v["mean"]), _num(v["std"]), _num(v["min"]), _num(v["max"]))
        console.print(table)

    table = Table(title="VP per seat and game: final, in game, and each End of the Game step")
    for h in ("", "mean", "sd", "min", "max"):
        table.add_column(h, justify="left" if not h else "right")
    rows = [("final VP", report["vp"]["final"]), ("in game", report["vp"]["in_game"])]
    rows += [(STEP_LABELS.get(k, k), s) for k, s in report["vp"]["steps"].items()]
    rows += [("decisions per game", report["decisions"])]
    for label, s in rows:
        table.add_row(label, _num(s["mean"]), _num(s["std"]), _num(s["min"]), _num(s["max"]))
    console.print(table)

    table = Table(title=f"Items over {report['finished']} games (taken: a building claimed, "
                  "an expedition succeeded, an event resolved; owners: holders at the end, "
                  "rewarded explorers)")
    table.add_column("item", no_wrap=True)  # ids are what `content show` takes
    for h in ("kind", "appeared", "taken", "owners", "owners' win rate", "owners' mean VP"):
        table.add_column(h, justify="left" if h == "kind" else "right")
    for x in report["items"]:
        table.add_row(x["id"], x["kind"], str(x["appeared"]), str(x["taken"]),
                      str(x["owners"]), _pct(x["owners_win_rate"]), _num(x["owners_mean_vp"]))
    console.print(table)
    for e in report["errors"]:
        console.print(f"error in game {e['index']} (seed {e['seed']}) after "
                      f"{e.get('decisions', '?')} decisions, last {e.get('action')}: "
                      f"{e['error']}\n    replay: {e['replay']}", markup=False)
