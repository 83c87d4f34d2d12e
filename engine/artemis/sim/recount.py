"""A study's report counted again from its games' logs (`artemis simulate recount`).

A report is what the code of its commit counted of its games. When the report learns a new
figure (issue 28's tests at the claim were added after studies of hundreds of bot games had
been played), the games need not be played again: a game's log (``--log-dir``) holds its
config and every decision, and replaying it is thousands of times cheaper than the bots'
search. Each log is replayed as `artemis.sim.task.GameTask.play` plays, keeping the same
projected scores at each round's first decision (`artemis.sim.task.round_watch`), and
summarized by today's code; the summaries are reported with the original report's config,
seats and items (`build_report`). The recount of a report by the code that made it is the
report itself, key for key (tests/test_simulate_recount.py).
"""

from __future__ import annotations

import re
from pathlib import Path

#: the names `artemis simulate --log-dir` gives its logs (`GameTask.log_path`)
LOG_NAME = re.compile(r"game-(\d{6,})\.jsonl")


class RecountError(ValueError):
    """A report and logs that cannot be recounted together: the message names the file and
    what does not match."""


def log_files(folders: list[Path]) -> dict[int, Path]:
    """The game logs in ``folders`` by game index ({index: path}, from the names
    ``game-000042.jsonl``). Raises RecountError for a folder that cannot be listed, one
    without logs, and an index found twice."""
    found: dict[int, Path] = {}
    seen: set[Path] = set()
    for folder in folders:
        if Path(folder).resolve() in seen:  # a folder given twice is read once
            continue
        seen.add(Path(folder).resolve())
        try:
            names = sorted(p for p in Path(folder).iterdir() if LOG_NAME.fullmatch(p.name))
        except OSError as exc:
            raise RecountError(f"cannot list the log folder '{folder}': "
                               f"{exc.strerror or exc}") from None
        if not names:
            raise RecountError(f"'{folder}' holds no game log (game-000000.jsonl, ...: the "
                               "files `artemis simulate --log-dir` writes)")
        for path in names:
            index = int(LOG_NAME.fullmatch(path.name).group(1))
            if index in found:
                raise RecountError(f"game {index} has two logs: '{found[index]}' and '{path}'")
            found[index] = path
    return found


def replay_summary(path: Path, host=None, check=None) -> tuple[dict, dict]:
    """(the summary (`artemis.sim.task.summarize`) of the game logged at ``path``, the log's
    header), the game replayed decision by decision with each round's projected scores kept
    at its first decision, as `GameTask.play` keeps them. Raises RecountError (file and line)
    for a log that cannot be read or replayed, or that stops before its game's end;
    ``check(header)`` (the header as recorded with the config as it plays) is called before
    the game is set up, and may raise."""
    from artemis.kernel.game import Game
    from artemis.records.log import LogError, check_content, read_log
    from artemis.sim.task import round_watch, summarize

    try:
        log = read_log(path)
    except LogError as exc:
        raise RecountError(str(exc)) from None
    # the header as recorded (bots, packs) with the config as it plays (an old log's
    # missing versions read as the versions it was played under)
    header = {**log.header, **log.config}
    if check is not None:
        check(header)
    try:
        game = Game.new(dict(log.config), plugins=host)
        check_content(log, game)
    except LogError as exc:
        raise RecountError(str(exc)) from None
    except Exception as exc:  # ConfigError, ContentError: the logged game cannot be set up
        raise RecountError(f"{path}:1: cannot set up the logged game: "
                           f"{type(exc).__name__}: {exc}") from None
    rounds, after_round = round_watch(game)
    round_of = game.ruleset.words.round_of
    round_ = round_of(game)
    for index, action_id in log.actions():
        try:
            game.apply(action_id)
        except Exception as exc:  # an illegal or forged action: the log's fault
            raise RecountError(f"{path}:{log.line_of(index)}: action '{action_id}' cannot be "
                               f"replayed: {exc}") from None
        if after_round is not None and (round_of(game) != round_ or game.is_over):
            round_ = round_of(game)
            after_round(game)
    if not game.is_over:
        last = log.line_of(len(log.entries) - 1) if log.entries else 1
        raise RecountError(f"{path}:{last}: the log stops before its game's end "
                           f"(after {len(log.actions())} decisions): a log cut short, or of a "
                           "game that failed, which the report would list as such")
    return summarize(game, rounds), header


def recount(report: dict, logs: dict[int, Path], host=None, ruleset=None) -> dict:
    """``report`` (an `artemis simulate` report: its config, seats and items) counted again
    from ``logs`` ({game index: log path}, `log_files`), one log for each game the report
    holds, by today's code: a report of the same shape (`artemis.sim.report.build_report`).

    The games the report lists as failed or timed out are kept as it lists them (their logs,
    if any, are not read). Raises RecountError when a finished game of the report has no log,
    a log is of no game of the report, or of another game than the report's game of that
    index (its seed, seats or player count differ) or of another study (`_same_study`), or a
    log cannot be replayed."""
    from artemis.sim.report import build_report
    from artemis.sim.runner import game_seed

    try:
        config = report["config"]
        sums = report["sums"]
        bots = list(sums["bots"])
        ranges = report["indices"]
        items = [tuple(x) for x in sums["items"]]
    except (KeyError, TypeError) as exc:
        raise RecountError(f"the report is not an `artemis simulate` report (no {exc})") from None
    # a game that failed or timed out is kept as the report has it: its log, if any, does
    # not finish, and its record (the machine's timeout, the error) is not in the log
    kept = [dict(e) for e in report.get("errors") or ()]
    kept += [{"index": e["index"], **({"seed": e["seed"]} if "seed" in e else {}),
              "timed_out": e["seconds"], **({"replay": e["replay"]} if "replay" in e else {})}
             for e in report.get("timed_out") or ()]
    stopped = {e["index"] for e in kept}
    wanted = {i for first, stop in ranges for i in range(first, stop)} - stopped
    logs = {i: path for i, path in logs.items() if i not in stopped}
    missing = sorted(wanted - set(logs))
    if missing:
        raise RecountError(f"no log of game {missing[0]} of the report ({len(missing)} of its "
                           f"{len(wanted)} games {'has' if len(missing) == 1 else 'have'} "
                           "none): give the --log-dir of every range")
    extra = sorted(set(logs) - wanted)
    if extra:
        raise RecountError(f"'{logs[extra[0]]}' is game {extra[0]}, which the report does not "
                           "hold: give the logs of the report's games")
    results = kept
    for index in sorted(wanted):
        summary, _ = replay_summary(logs[index], host, lambda header, path=logs[index]:
                                    _same_study(header, config, bots, path, ruleset))
        seed = game_seed(config["seed"], index)
        if summary["seed"] != seed or len(summary["vp"]) != len(bots):
            raise RecountError(f"'{logs[index]}' is not game {index} of the report (its seed "
                               f"{summary['seed']}, {len(summary['vp'])} seats; the report's "
                               f"game {index}: seed {seed}, {len(bots)} seats)")
        summary["index"] = index
        results.append(summary)
    return build_report(results, bots, items, config, games=sums["games"], ruleset=ruleset)


#: the config keys a log's header and its report must agree on (the bots and packs apart)
_STUDY_KEYS = ("game", "players", "variants", "options", "rules_version", "content_version")


def _same_study(header: dict, config: dict, bots: list[str], path: Path, ruleset) -> None:
    """Raise RecountError unless the log's ``header`` is of the study of the report's
    ``config``: the same game, players, variants, options, rules and content version, the
    same packs (id and version, in order) and the same bots seat by seat (as logs record
    them: `artemis.players.bots.recorded_spec`)."""
    from artemis.players.bots import recorded_spec

    def differ(what: str, mine, theirs) -> RecountError:
        return RecountError(f"'{path}' is a game of another study: its {what} is {mine!r}, the "
                            f"report's {theirs!r}")

    for key in _STUDY_KEYS:
        if key in header and key in config and header[key] != config[key]:
            raise differ(key.replace("_", " "), header[key], config[key])
    seats = [recorded_spec(k, ruleset) for k in bots]
    if "bots" in header and list(header["bots"]) != seats:
        raise differ("bots", list(header["bots"]), seats)
    logged = (header.get("content") or {}).get("packs")
    packs = [f"{p['id']} {p['version']}" for p in config.get("packs") or ()
             if isinstance(p, dict)]
    if logged is not None and packs and list(logged) != packs:
        raise differ("packs", list(logged), packs)
