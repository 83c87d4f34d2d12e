"""`artemis simulate`: N seeded bot games on every core (or a Dask cluster), one report.

Registered on the app by `artemis.cli.root`; the engine side is `artemis.sim`. Heavy modules
(the games, multiprocessing, dask, matplotlib) are imported inside the command so that
``artemis --help`` stays fast.
"""

from __future__ import annotations

import gzip
import json
import os
import sys
import zlib
from pathlib import Path
from typing import Annotated

import typer

from artemis.cli.common import (
    ContentVersionOpt,
    GameOptionOpt,
    PackGameOpt,
    StrictOpt,
    bot_kinds,
    check_players,
    default_players,
    parse_game_options,
    parse_options,
    plugin_host,
    print_problems,
    ruleset_of,
)
from artemis.cli.common import console as new_console
from artemis.kernel.parts import WINNER_WORDS
from artemis.sim.tables import num as _num
from artemis.sim.tables import odds_q as _q
from artemis.sim.tables import rate_ci as _rate_ci
from artemis.util.plural import counted

#: The longest --game-timeout taken: a week, in seconds (longer is no limit: give 0).
MAX_GAME_TIMEOUT = 7 * 24 * 3600


def simulate(
    ctx: typer.Context,
    games: Annotated[int, typer.Option(min=1, help="Number of games to play.")] = 100,
    start: Annotated[int, typer.Option(
        min=0, help="The first game index: plays games START..START+GAMES-1 of the run "
        "seeded --seed (a range of a longer study; merge the reports with `artemis "
        "simulate merge`).")] = 0,
    game_id: PackGameOpt = None,
    players: Annotated[int | None, typer.Option(
        help="Players per game, one of the game's counts (the Project: 2 to 5; the "
        "Odyssey: 1 to 6 or 8) "
        "\\[default: 4].", show_default=False)] = None,
    bots: Annotated[str | None, typer.Option(
        help="Bot per seat, comma-separated: random, greedy, strong (the recommended bot "
        "for balance verdicts: docs/simulate.md), mcts (options as "
        "mcts:iterations=400,horizon=round) or a bot of the game's own; one name for every "
        "seat (default: random).", show_default=False)] = None,
    variant: Annotated[list[str] | None, typer.Option(
        "--variant", help="Switch a variant (house rule) on (repeatable).",
        show_default=False)] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", help="A variant option, NAME.KEY=VALUE (repeatable); switches NAME on.",
        show_default=False)] = None,
    game_option: GameOptionOpt = None,
    content_version: ContentVersionOpt = None,
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
        min=1, help="Worker processes (default: all cores; at most one per game); "
        "1 plays in this process when --game-timeout is 0.", show_default=False)] = None,
    seed: Annotated[int, typer.Option(
        help="The run seed: game i's seed derives from it and i alone.")] = 0,
    out: Annotated[Path | None, typer.Option(
        help="Write the report (JSON; gzipped when FILE ends in .gz) to this file.",
        show_default=False)] = None,
    plot: Annotated[Path | None, typer.Option(
        metavar="DIR", help="Write PNG charts into DIR (needs the plot extra).",
        show_default=False)] = None,
    dask: Annotated[str | None, typer.Option(
        metavar="ADDRESS", help="Run the games on the Dask scheduler at ADDRESS, e.g. "
        "tcp://10.0.0.5:8786 (needs the dask extra; 10 s to connect).",
        show_default=False)] = None,
    log_dir: Annotated[Path | None, typer.Option(
        metavar="DIR", help="Write each game's JSON-lines log into DIR (game-000000.jsonl, "
        "...).", show_default=False)] = None,
    games_out: Annotated[Path | None, typer.Option(
        "--games-out", metavar="FILE", help="Write one JSON line per game (seed, bots, VP, "
        "winner, turn positions, key figures) to FILE.", show_default=False)] = None,
    strict_plugins: StrictOpt = False,
    game_timeout: Annotated[float, typer.Option(
        min=0, max=MAX_GAME_TIMEOUT, metavar="SECONDS", help="Stop a game still playing "
        "after SECONDS (a hook that never returns), replace its worker process and report it "
        "as timed out; 0: no limit, and --workers 1 plays in this process (not on --dask).")
    ] = 600,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Play N seeded bot games on every core and report win rates, VP and each scoring step,
    every building, expedition and event, game length and errors. The same seed gives the
    same report whatever the number of workers. Exit 0 ok; 1 a game raised or timed out, bad
    input, or the report, charts or game logs could not be written (the report is printed
    anyway); 2 usage error; 130 interrupted by Ctrl-C, 143 by SIGTERM (the finished games are
    reported). `artemis simulate merge` joins the reports of index ranges (--start)."""
    if ctx.invoked_subcommand is not None:
        return
    if game_timeout != game_timeout:  # NaN passes typer's range check
        _fail("--game-timeout must be a number of seconds, got nan", 2)
    _check_extras(plot, dask)
    if dask:
        from artemis.sim.runner import RunError, check_dask_address

        try:
            check_dask_address(dask)
        except RunError as exc:
            _fail(str(exc), 2)
    ruleset = ruleset_of(game_id)
    if players is None:
        players = default_players(ruleset)
    check_players(players, ruleset)
    task, items, config = _task(games, players, bots, variant, option, expansion, plugin,
                                disable_plugin, seed, log_dir, ruleset, game_option,
                                strict_plugins, start, content_version)
    # every output is checked before the first game: a long run is never lost to a bad path
    if out is not None:
        _check_out(out)
    if games_out is not None:
        _check_out(games_out, "game lines")
    if plot is not None:
        _check_folder(plot, "chart")
    cores = os.cpu_count() or 1
    if workers is None:
        workers = cores
    elif workers > cores and not dask:
        print(f"warning: --workers {workers} is more than the {cores} cores: the games will "
              "not go faster, and each worker costs memory", file=sys.stderr)
    from artemis.sim import RunError, build_report, run

    try:
        with _progress(games, quiet=as_json) as advance:
            outcome = run(task, games, workers=workers, dask_address=dask, progress=advance,
                          game_timeout=game_timeout or None, start=start)
    except RunError as exc:
        _fail(str(exc))
    report = build_report(outcome.results, list(task.bots), [i[:2] for i in items], config,
                          games, outcome.interrupted, ruleset)
    failures = []
    if games_out is not None:
        path = games_out
        try:
            from artemis.records.save import write_atomic
            from artemis.sim.lines import game_lines

            write_atomic(path, game_lines(outcome.results, list(task.bots)))
        except OSError as exc:
            failures.append(f"cannot write the game lines '{path}': {exc.strerror or exc}")
    if out is not None:
        try:
            from artemis.records.save import write_atomic

            write_atomic(out, report_file_bytes(report, out))
        except OSError as exc:
            failures.append(f"cannot write the report '{out}': {exc.strerror or exc}")
    charts = []
    if plot is not None:
        from artemis.sim.plot import plot_report

        try:
            charts = plot_report(report, plot, ruleset.report.report_chart_kind)
        except OSError as exc:
            failures.append(f"cannot write the charts into '{plot}': {exc.strerror or exc}")
    played = len(outcome.results)
    rate = played / outcome.seconds if outcome.seconds > 0 else 0.0
    timing = (f"{played} games in {outcome.seconds:.1f} s: {rate:.1f} games/s "
              f"({outcome.where})")
    log_errors = [r for r in outcome.results if "log_error" in r]
    if as_json:
        print(json.dumps(report, indent=2))
        print(timing, file=sys.stderr)
    else:
        _print_report(report, outcome.interrupted, {i[0]: i for i in items}, ruleset)
        print(timing)
        for path in [*([out] if out else []), *([games_out] if games_out else []), *charts]:
            print(f"wrote {path}")
    if log_errors:
        failures.append(f"{len(log_errors)} of {played} game logs could not be written into "
                        f"'{log_dir}', the first: {log_errors[0]['log_error']}")
    late = report["timed_out"]
    if late:
        print(f"warning: {counted(len(late), 'game')} timed out "
              f"(a limit of {_seconds(game_timeout)} s: timeouts depend on the machine)",
              file=sys.stderr)
    for message in failures:
        print(f"error: {message}", file=sys.stderr)
    if outcome.interrupted:
        by = " by SIGTERM" if outcome.signal == "SIGTERM" else ""
        print(f"interrupted{by}: {played} of {games} games reported", file=sys.stderr)
        raise typer.Exit(143 if outcome.signal == "SIGTERM" else 130)
    raise typer.Exit(1 if report["errors"] or late or failures else 0)


def _seconds(x: float) -> str:
    """0.5 -> "0.5", 600.0 -> "600"."""
    return f"{x:g}"


def _fail(message: str, code: int = 1):
    print(f"error: {message}", file=sys.stderr)
    raise typer.Exit(code)


def _check_extras(plot: Path | None, dask: str | None) -> None:
    """Say which extra to install before any game is played."""
    if plot is not None:
        from artemis.sim.plot import require_matplotlib

        try:
            require_matplotlib()
        except ImportError as exc:
            _fail(str(exc))
    if dask:
        from artemis.sim.runner import DASK_MISSING

        try:
            import dask as _dask  # noqa: F401
            import distributed  # noqa: F401
        except ImportError:
            _fail(DASK_MISSING)


# and each game's own (`parts.Players.bots`); never human
SIM_BOTS = ("random", "greedy", "mcts", "strong")


def _check_out(out: Path, what: str = "report") -> None:
    """Exit 1 unless a report (or ``what``) can be written at ``out``: its folder exists and
    takes a new file (tried for real: root ignores permission bits, /sys refuses even root),
    and ``out`` is not a folder or a device."""
    if out.is_dir():
        _fail(f"cannot write the {what} '{out}': it is a folder")
    if out.exists() and not out.is_file():
        _fail(f"cannot write the {what} '{out}': it is not a regular file")
    if not out.parent.is_dir():
        _fail(f"cannot write the {what} '{out}': no folder '{out.parent}'")
    _probe(out.parent, f"cannot write the {what} '{out}'")


def _check_folder(folder: Path, what: str) -> None:
    """Make ``folder`` (with its parents) and check a file can be written in it, or exit 1."""
    if folder.exists() and not folder.is_dir():
        _fail(f"cannot write the {what}s into '{folder}': it is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        _fail(f"cannot make the {what} folder '{folder}': {exc.strerror or exc}")
    _probe(folder, f"cannot write the {what}s into '{folder}'")


def _probe(folder: Path, message: str) -> None:
    probe = folder / f".artemis-probe.{os.getpid()}.tmp"
    try:
        probe.open("x").close()
        probe.unlink()
    except OSError as exc:
        _fail(f"{message}: {exc.strerror or exc}")


def _task(games, players, bots, variant, option, expansion, plugin, disable_plugin, seed,
          log_dir, ruleset, game_option=None, strict=False, start=0, content_version=None):
    """The GameTask, the content's (id, kind, name, pack) items and the report's config
    (the game, variants with their resolved options, expansions as given with their pack id
    and version), or exit: 2 for a usage error (bots, variants, options), 1 for bad content
    or a log folder that cannot be made."""
    from artemis.content.problems import ContentError, did_you_mean
    from artemis.kernel.game import ConfigError, Game, game_catalog
    from artemis.players.spec import BotSpecError, split_kind, split_specs
    from artemis.sim import GameTask

    sim_bots = SIM_BOTS + tuple(k for k in ruleset.players.bots() if k not in SIM_BOTS)
    try:
        specs = split_specs(bots) if bots else []
    except BotSpecError as exc:
        _fail(str(exc), 2)
    for name in (split_kind(k)[0] for k in specs):
        if name and name not in sim_bots:
            hint = did_you_mean(name, sim_bots)
            _fail(f"unknown bot '{name}'; simulate takes {', '.join(sim_bots[:-1])} or "
                  f"{sim_bots[-1]}" + (f" ({hint})" if hint.startswith("did") else ""), 2)
    try:
        kinds = bot_kinds(bots, players, ruleset)
        variants = parse_options(variant or [], option or [])
        options = parse_game_options(game_option)
    except ValueError as exc:
        _fail(str(exc), 2)
    host = plugin_host(plugin, disable_plugin, strict)
    if log_dir is not None:
        _check_folder(log_dir, "log")
    task = GameTask(players=players, bots=tuple(kinds), seed=seed, variants=variants,
                    expansions=tuple(str(p.resolve()) for p in expansion or ()),
                    plugins=tuple(plugin or ()), disabled=tuple(disable_plugin or ()),
                    log_dir=str(log_dir.resolve()) if log_dir is not None else None,
                    game=ruleset.id, options=options, content_version=content_version)
    try:  # a bad variant or content fails here once, not in every game
        Game.new(task.config(0), plugins=host)
    except ConfigError as exc:
        _fail(str(exc), 2)
    except ContentError as exc:
        print_problems(exc.problems, False)
        raise typer.Exit(1) from None
    except Exception:  # noqa: S110 - game 0 itself fails: the run records it with its seed
        pass
    catalog = game_catalog(ruleset, task.expansions, host, content_version=content_version)
    items = ruleset.report.report_items(catalog) if catalog is not None else []
    try:  # the designer's scoring model, set against the run's means (docs/simulate.md)
        model = ruleset.report.scoring_model(catalog, players) if catalog is not None else None
    except ContentError as exc:
        print_problems(exc.problems, False)
        raise typer.Exit(1) from None
    from artemis.kernel.game import check_config

    played = check_config(task.config(0))
    # the versions too: `simulate merge` refuses to join ranges played on other rules or base
    config = {"game": ruleset.id, "options": played.options,
              "rules_version": played.rules_version,
              "content_version": played.content_version,
              "games": games, "start": start, "players": players, "bots": list(task.bots),
              "seed": seed,
              "variants": _resolved(host, variants, ruleset.id),
              "expansions": [str(p) for p in expansion or ()],
              "packs": _packs(catalog),
              "plugins": list(task.plugins), "disabled_plugins": list(task.disabled)}
    if model is not None:
        config["scoring_model"] = model
    return task, items, config


def _packs(catalog) -> list[dict]:
    """{id, version, digest} of every pack the run loads: ``digest`` is the pack's files as
    they are on disk as the run starts (`pack_digest`), so that `simulate merge` refuses
    ranges played on edited content of one version (docs/simulate.md, "Index ranges and
    merging"); a catalog's pack without a folder has no digest."""
    from artemis.content.loader import pack_digest

    out = []
    for p in getattr(catalog, "packs", ()):
        root = getattr(p, "root", None)
        out.append({"id": p.id, "version": p.version,
                    **({"digest": pack_digest(root)} if root else {})})
    return out


def _resolved(host, variants: dict, game: str) -> dict:
    """{variant: its options with the defaults filled in}, as `Game.new` resolves them (the
    variants were checked by setting up game 0; one that failed is recorded as given)."""
    from artemis.kernel.variants import VariantError, resolve_options

    known = host.variants(game)
    out = {}
    for name, given in variants.items():
        try:
            out[name] = resolve_options(known[name], given)
        except (KeyError, VariantError):
            out[name] = dict(given)
    return out


class _progress:
    """A rich progress bar on stderr, as a context giving ``advance(n)``; silent with --json;
    when stderr is not a terminal (a log, CI), a line every 10% of the games instead, so a
    long run shows life."""

    def __init__(self, total: int, quiet: bool):
        self.total, self.quiet = total, quiet
        self.bar = None

    def __enter__(self):
        from rich.console import Console

        console = Console(stderr=True)
        if self.quiet:
            return lambda n: None
        if not console.is_terminal:
            return _ProgressLines(self.total)
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


class _ProgressLines:
    """``advance(n)`` printing "progress: 120 of 1000 games (12%), 30.2 s" to stderr each
    time another tenth of the games is done."""

    def __init__(self, total: int):
        import time

        self.total, self.done, self.shown = total, 0, 0
        self.clock, self.started = time.perf_counter, time.perf_counter()

    def __call__(self, n: int) -> None:
        self.done += n
        tenth = 10 * self.done // self.total
        if tenth > self.shown and self.done < self.total:
            self.shown = tenth
            print(f"progress: {self.done} of {self.total} games "
                  f"({100 * self.done // self.total}%), "
                  f"{self.clock() - self.started:.1f} s", file=sys.stderr, flush=True)


def _table(title: str, columns: list[tuple[str, str]]):
    """A rich Table that fits 80 columns: ids and numbers never wrap or get cut ("left"/
    "right" columns, no_wrap); only "fold" columns (names) fold onto a second line."""
    from rich import box
    from rich.table import Table

    class Titled(Table):
        # the title on its own lines, wrapped at the page's width, not the table's: a
        # narrow table under a long title would break it mid-phrase, padded with spaces
        def __rich_console__(self, console, options):
            from rich.text import Text

            yield Text(title)
            yield from super().__rich_console__(console, options)

    # one space between columns (the divider), none at the edges
    table = Titled(box=box.SIMPLE_HEAD, padding=(0, 0), show_edge=False)
    for header, how in columns:
        if how == "fold":
            table.add_column(header, overflow="fold", ratio=1, min_width=10)
        else:
            table.add_column(header, justify=how, no_wrap=True)
    return table


def _print_report(report: dict, interrupted: bool, catalog: dict | None = None,
                  ruleset=None, done: str = "simulated") -> None:
    """Print the report as tables; ``catalog`` maps an item id to (id, kind, name, pack), for
    the display names and the expansion pack of an item that is not the base game's;
    ``ruleset`` (the game's) names its scoring parts and item tables; ``done`` opens the first
    line ("simulated", "merged", "recounted")."""
    catalog = catalog or {}
    console = new_console(soft_wrap=False)
    c = report["config"]
    extra = "".join(f"; {k} {', '.join(map(str, c[k]))}" for k in ("expansions", "plugins")
                    if c.get(k))
    variants = f"; variants {json.dumps(c['variants'])}" if c.get("variants") else ""
    state = " (interrupted)" if interrupted else ""
    # which base content the games played (docs/saves.md, "Content versions"): a rebalance's
    # before and after differ in nothing else
    packs = ", ".join(f"{p['id']} {p['version']}" for p in c.get("packs") or [])
    content = (f", content version {c['content_version']}" + (f" ({packs})" if packs else "")
               if c.get("content_version") is not None else "")
    console.print(f"{done} {report['played']} of {report['games']} games{state}, "
                  f"{counted(c['players'], 'player')} ({', '.join(c['bots'])}), "
                  f"run seed {c['seed']}{content}"
                  f"{variants}{extra}: {report['finished']} finished, "
                  f"{counted(len(report['errors']), 'error')}"
                  + (f", {len(report['timed_out'])} timed out" if report["timed_out"] else ""),
                  markup=False, soft_wrap=True)
    num = [("wins", "right"), ("win rate (CI)", "right"), ("mean VP", "right"),
           ("sd", "right"), ("min", "right"), ("max", "right")]
    _print_wins(console, report, num, ruleset)
    _print_vp(console, report, ruleset)
    _print_step_gap(console, report, ruleset)
    _print_model(console, report, ruleset)
    _print_items(console, report, catalog, ruleset)
    _print_game_tables(console, report, ruleset, "items")
    _print_adjusted(console, report, ruleset.report.owner_strata_label if ruleset else "")
    _print_positions(console, report)
    _print_game_tables(console, report, ruleset, "figures")
    _print_problems(console, report)


def _print_wins(console, report: dict, num, ruleset) -> None:
    players = report["config"]["players"]
    won_by = (ruleset.report.report_win_words(players) if ruleset is not None
              else WINNER_WORDS)
    table = _table(f"Wins by seat over {report['finished']} games ({won_by}; CI: 95% Wilson "
                   "interval)",
                   [("seat", "left"), ("bot", "left"), *num])
    for w, v in zip(report["wins"]["by_seat"], report["vp"]["by_seat"], strict=True):
        table.add_row(f"P{w['seat']}", w["bot"], str(w["wins"]),
                      _rate_ci(w["win_rate"], w.get("win_rate_ci")), _num(v["mean"]),
                      _num(v["std"]), _num(v["min"]), _num(v["max"]))
    console.print(table)
    fair = report["wins"].get("fairness")
    if fair is not None and len(report["wins"]["by_seat"]) > 1 and report["finished"]:
        why = ("not tested: the seats' bots differ (it would compare the bots)"
               if len({w["bot"] for w in report["wins"]["by_seat"]}) > 1 else "no wins")
        console.print(f"Seat fairness (chi-square fit, equal shares): "
                      f"{_gof(fair['by_seat']) if fair['by_seat'] else why}",
                      markup=False)
    if len(report["wins"]["by_bot"]) > 1:
        table = _table("Wins by bot", [("bot", "left"), ("seats", "right"), *num])
        for w, v in zip(report["wins"]["by_bot"], report["vp"]["by_bot"], strict=True):
            table.add_row(w["bot"], str(w["seats"]), str(w["wins"]),
                          _rate_ci(w["win_rate"], w.get("win_rate_ci")), _num(v["mean"]),
                          _num(v["std"]), _num(v["min"]), _num(v["max"]))
        console.print(table)


def _labels(ruleset) -> dict[str, str]:
    """What the report's tables call each scoring part."""
    if ruleset is None:
        return {}
    return {**ruleset.scoring_labels, **ruleset.report.report_labels}


def _print_vp(console, report: dict, ruleset) -> None:
    parts_title = ruleset.report.vp_parts_title if ruleset is not None else "each scoring part"
    labels = _labels(ruleset)
    per_game = any("per_game" in s for s in report["vp"]["steps"].values())
    split = report["vp"]["in_game"]["n"] or not report["finished"]  # VP in game + at the end
    table = _table(f"VP per seat and game: final, {'in game, ' if split else ''}{parts_title}",
                   [("", "left"), ("mean", "right"), ("sd", "right"), ("min", "right"),
                    ("max", "right"), *([("per game", "right")] if per_game else [])])
    rows = [("final VP", report["vp"]["final"])]
    if split:
        rows += [("in game", report["vp"]["in_game"])]
    rows += [(labels.get(k, k), s) for k, s in report["vp"]["steps"].items()]
    rows += [("decisions per game", report["decisions"])]
    if report.get("rounds", {}).get("n"):
        rows += [("rounds per game", report["rounds"])]
    for label, s in rows:
        table.add_row(label, _num(s["mean"]), _num(s["std"]), _num(s["min"]), _num(s["max"]),
                      *([_num(s.get("per_game"))] if per_game else []))
    console.print(table)


def _print_items(console, report: dict, catalog: dict, ruleset) -> None:
    from rich.markup import escape

    def name(x: dict) -> str:
        known = catalog.get(x["id"])
        if known is None:
            return ""
        pack = known[3]  # rich markup would eat "[pack]": escaped
        return escape(known[2] + (f" [{pack}]" if pack and pack != "base" else ""))

    owned = [("owners", "right"), ("win rate (CI)", "right"), ("mean VP", "right")]
    sections = ruleset.report.item_sections if ruleset is not None else ()
    for kind, title, taken, owners in sections:
        rows = [x for x in report["items"] if x["kind"] == kind]
        if not any(x["appeared"] for x in rows) and report["finished"]:
            continue  # none came into play (the Odyssey's Missions outside solo)
        more = owned if owners else []
        table = _table(f"{title}, over {report['finished']} games",
                       [(kind, "left"), ("name", "fold"), ("seen", "right"),
                        *([(taken, "right")] if taken else []), *more])
        for x in rows:
            cells = [x["id"], name(x), str(x["appeared"])]
            if taken:
                cells.append(str(x["taken"]))
            if more:
                cells += [str(x["owners"]),
                          _rate_ci(x["owners_win_rate"], x.get("owners_win_rate_ci")),
                          _num(x["owners_mean_vp"])]
            table.add_row(*cells)
        console.print(table)


def _print_problems(console, report: dict) -> None:
    for e in report["errors"]:
        where = f"\n    at {e['where']}" if e.get("where") else ""
        console.print(f"error in game {e['index']} (seed {e['seed']}) after "
                      f"{e.get('decisions', '?')} decisions, last {e.get('action')}: "
                      f"{e['error']}{where}\n    replay: {e['replay']}", markup=False,
                      soft_wrap=True)
    for e in report["timed_out"]:
        console.print(f"timed out: game {e['index']} (seed {e['seed']}) after "
                      f"{_seconds(e['seconds'])} s\n    replay: {e['replay']}", markup=False,
                      soft_wrap=True)


def merge(
    reports: Annotated[list[Path], typer.Argument(
        metavar="REPORT...",
        help="Reports (--out files, gzipped or not) of index ranges of one run.")],
    out: Annotated[Path | None, typer.Option(
        help="Write the merged report (JSON; gzipped when FILE ends in .gz) to this file.",
        show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Merge the reports of index ranges of one run (`artemis simulate --start S --games N
    --out FILE`, gzipped or not) into the report of the whole run: equal, key for key, to
    the report one run of all the games would give. Exit 0 ok; 1 a report that cannot be
    read (a damaged gzip file included), is of another run or repeats games, or the merged
    report cannot be written."""
    from artemis.sim.report import MergeError, merge_reports

    loaded = [_read_report(path) for path in reports]
    if out is not None:
        _check_out(out)
    try:
        report = merge_reports(loaded, names=[str(p) for p in reports])
    except MergeError as exc:
        _fail(f"cannot merge the reports: {exc}")
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        names = ", ".join(f"{i} '{p}'" for i, p in enumerate(reports, 1))
        _fail(f"cannot merge the reports ({names}): one is damaged ({type(exc).__name__}: "
              f"{exc}); use the reports as `artemis simulate --out` wrote them")
    _write_and_show(report, out, as_json)


def recount(
    report: Annotated[Path, typer.Argument(
        metavar="REPORT",
        help="The report (--out file, gzipped or not) of the games the logs record.")],
    logs: Annotated[list[Path], typer.Argument(
        metavar="LOG_DIR...",
        help="The --log-dir folders of its games (game-000000.jsonl, ...), one log a game.")],
    out: Annotated[Path | None, typer.Option(
        help="Write the recounted report (JSON; gzipped when FILE ends in .gz) to this file.",
        show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Count a report's games again from their logs (`artemis simulate --log-dir`) with this
    version's report: each log replayed, not played, so a figure the report learned since
    the study costs a replay, not the bots' search. The report of the same code is the
    report itself. Exit 0 ok; 1 a report or log that cannot be read, a game without its
    log or a log of another game, or the report cannot be written."""
    from artemis.sim.recount import RecountError, log_files
    from artemis.sim.recount import recount as recount_report

    loaded = _read_report(report)
    if out is not None:
        _check_out(out)
    ruleset = None
    try:
        ruleset = ruleset_of(loaded["config"].get("game"))
    except (typer.Exit, KeyError, TypeError, AttributeError):
        _fail(f"the report '{report}' names no game this install knows: give a report "
              "`artemis simulate --out` wrote")
    try:
        counted = recount_report(loaded, log_files(logs), ruleset=ruleset)
    except RecountError as exc:
        _fail(f"cannot recount '{report}': {exc}")
    _write_and_show(counted, out, as_json, "recounted")


def _read_report(path: Path) -> dict:
    """The report at ``path`` (gzipped or not); exit 1 naming the file when it cannot be read
    or is not JSON."""
    from artemis.sim.report import read_report_text

    try:
        text = read_report_text(path)
    except (EOFError, gzip.BadGzipFile, zlib.error) as exc:  # BadGzipFile: an OSError
        _fail(f"the report '{path}' is a damaged gzip file ({exc or 'cut short'}): "
              "compress the report again, or give it uncompressed")
    except OSError as exc:
        _fail(f"cannot read the report '{path}': {exc.strerror or exc}")
    except UnicodeDecodeError as exc:
        _fail(f"the report '{path}' is not JSON: {exc}")
    if not text.strip():
        _fail(f"the report '{path}' is empty: give the file `artemis simulate --out` "
              "wrote")
    try:
        loaded = json.loads(text)
    except json.JSONDecodeError as exc:
        _fail(f"the report '{path}' is not JSON: {exc}")
    except RecursionError:
        _fail(f"the report '{path}' is not a report: its JSON nests too deeply to read")
    if not isinstance(loaded, dict):
        _fail(f"the report '{path}' is not a report: its JSON is not an object")
    return loaded


def report_file_bytes(report: dict, path: Path) -> bytes:
    """The bytes `artemis simulate`, `merge` and `recount` write to ``--out`` ``path`` for
    ``report``: indented JSON, gzipped when the name ends in ``.gz`` (`read_report_text` reads
    either back); gzip's header holds no time, so one report gives one file."""
    text = (json.dumps(report, indent=2) + "\n").encode("utf-8")
    return gzip.compress(text, mtime=0) if path.name.endswith(".gz") else text


def _write_and_show(report: dict, out: Path | None, as_json: bool,
                    done: str = "merged") -> None:
    """Write ``report`` to ``out`` (when given; gzipped when its name ends in ``.gz``) and
    print it: as JSON, or as the tables a run prints, its first line opened by ``done``."""
    if out is not None:
        from artemis.records.save import write_atomic

        try:
            write_atomic(out, report_file_bytes(report, out))
        except OSError as exc:
            _fail(f"cannot write the report '{out}': {exc.strerror or exc}")
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        ruleset = None
        try:
            ruleset = ruleset_of(report["config"].get("game"))
        except typer.Exit:
            pass
        _print_report(report, report["interrupted"], _display_items(report, ruleset), ruleset,
                      done)
        if out is not None:
            print(f"wrote {out}")


def _display_items(report: dict, ruleset) -> dict:
    """The items of a merged report's content ({id: (id, kind, name, pack)}, as a run prints
    them), read again from its game and expansions; {} when they cannot be read (a pack moved
    since the run): the tables then name items by id alone, as the JSON does."""
    from artemis.kernel.game import game_catalog

    if ruleset is None:
        return {}
    try:
        catalog = game_catalog(ruleset, report["config"].get("expansions") or (),
                               content_version=report["config"].get("content_version"))
        if catalog is None:
            return {}
        return {i[0]: i for i in ruleset.report.report_items(catalog)}
    except Exception:  # noqa: BLE001 - names are for display; the figures stand without them
        return {}


def simulate_app() -> typer.Typer:
    """`artemis simulate` as a group: the run itself (its callback), `merge` and `recount`."""
    group = typer.Typer(invoke_without_command=True, add_completion=False,
                        pretty_exceptions_enable=False)
    import inspect

    # its help as `artemis.cli.root.flowed` gives a command's: paragraphs on one line each
    doc = "\n\n".join(" ".join(p.split())
                       for p in inspect.cleandoc(simulate.__doc__ or "").split("\n\n"))
    group.callback(help=doc)(simulate)
    group.command("merge")(merge)
    group.command("recount")(recount)
    return group


def _print_game_tables(console, report: dict, ruleset, section: str) -> None:
    """The game's own tables of ``section`` (its report part's `report_tables`), drawn as the
    others."""
    if ruleset is None:
        return
    for part in ruleset.report.report_tables(report, section):
        if isinstance(part, str):
            console.print(part, markup=False)
            continue
        table = _table(part.title, part.columns)
        for row in part.rows:
            table.add_row(*row)
        console.print(table)


def _print_adjusted(console, report: dict, strata: str = "") -> None:
    """How many items' owners' win rates were tested, and the ones that survive
    Benjamini-Hochberg."""
    tested = [x for x in report["items"] if (x.get("adjusted") or {}).get("p") is not None]
    if not tested:
        return
    flagged = [x for x in tested if x["adjusted"]["flagged"]]
    within = f"bot kind and {strata}" if strata else "bot kind"
    own = sum(1 for x in tested if x["adjusted"].get("own_test"))
    also = (f", and {counted(own, 'row')} without owners by {'its' if own == 1 else 'their'} "
            "own test (the tables above)" if own else "")
    console.print(f"Owners' win rate adjusted (Mantel-Haenszel within {within}{also}; "
                  f"Benjamini-Hochberg at FDR 5% over them all): "
                  f"{counted(len(tested), 'row')} tested, {len(flagged)} flagged",
                  markup=False)
    if not flagged:
        return
    table = _table("Flagged: owners win more (OR > 1) or less (OR < 1) than the other seats "
                   "of their stratum, beyond chance over all the rows",
                   [("item", "left"), ("kind", "left"), ("owners", "right"),
                    ("win rate (CI)", "right"), ("adj. OR", "right"), ("q", "right")])
    for x in flagged:
        table.add_row(x["id"], x["kind"], str(x["owners"]),
                      _rate_ci(x["owners_win_rate"], x.get("owners_win_rate_ci")), *_q(x))
    console.print(table)


POSITION_TITLES = {"first_round": "position in the first round's order (0: start player)",
                   "final_round": "position in the final round's order (0: start player)",
                   "starts": "rounds started as the start player"}


def _print_positions(console, report: dict) -> None:
    """Wins by turn position, a table per kind of position the game gives."""
    for name, rows in report["wins"].get("by_position", {}).items():
        table = _table(f"Wins by {POSITION_TITLES.get(name, name)}",
                       [(name.replace("_", " "), "left"), ("seats", "right"),
                        ("wins", "right"), ("win rate (CI)", "right")])
        for row in rows:
            table.add_row(str(row["position"]), str(row["seats"]), str(row["wins"]),
                          _rate_ci(row["win_rate"], row["win_rate_ci"]))
        console.print(table)
        tests = (report["wins"].get("fairness") or {}).get("by_position")
        if tests is not None and name in tests:
            console.print(f"Fairness (chi-square fit, shares by seats): "
                          f"{_gof(tests[name])}", markup=False)


def _gof(test: dict | None) -> str:
    """"chi2 3.20, df 2, p 0.202": a goodness-of-fit test in words (min expected when it is
    below 5, where the chi-square approximation is rough)."""
    if test is None:
        return "not tested (no wins)"
    rough = (f" (smallest expected {test['min_expected']:.1f}: below 5, rough)"
             if test["min_expected"] < 5 else "")
    return f"chi2 {test['chi2']:.2f}, df {test['df']}, p {test['p']:.3g}{rough}"


def _print_step_gap(console, report: dict, ruleset) -> None:
    """Each scoring step's mean VP of the winners against the other seats, and its share of
    the winning margin (* above one half: the step alone separates them by more than half)."""
    gap = report["vp"].get("step_gap") or {}
    if not gap or not report["finished"]:
        return
    labels = _labels(ruleset)
    margin = report["vp"].get("margin")
    table = _table("Each scoring step: mean VP of the winners' seats against the other "
                   "seats', and its share of the winning margin (* above half)",
                   [("", "left"), ("winners", "right"), ("others", "right"),
                    ("difference", "right"), ("of margin", "right")])
    for name, g in gap.items():
        share = g.get("of_margin")
        table.add_row(labels.get(name, name), _num(g["winners"]["mean"]),
                      _num(g["others"]["mean"]), _num(g["difference"]),
                      "-" if share is None else f"{share:.0%}{'*' if g['over_half'] else ''}")
    if margin and margin["difference"] is not None:
        table.add_row("final VP (margin)", _num(margin["winners"]["mean"]),
                      _num(margin["others"]["mean"]), _num(margin["difference"]), "100%")
    console.print(table)


def _print_model(console, report: dict, ruleset) -> None:
    """The run's mean VP per step against the designer's scoring model."""
    model = report.get("scoring_model")
    if not model or not report["finished"]:
        return
    labels = _labels(ruleset)
    at = " and ".join(map(str, model["players"]))
    table = _table(f"Against the designer's scoring model ({model['source']}, "
                   f"{'interpolated between ' if len(model['players']) > 1 else 'at '}"
                   f"{at} players): VP a seat",
                   [("", "left"), ("expected", "right"), ("observed", "right"),
                    ("difference", "right")])
    rows = [*((labels.get(k, k), r) for k, r in model["steps"].items()),
            ("in game", model["in_game"]), ("final VP", model["total"])]
    for label, r in rows:
        table.add_row(label, _num(r["expected"]), _num(r["observed"]), _num(r["difference"]))
    console.print(table)
