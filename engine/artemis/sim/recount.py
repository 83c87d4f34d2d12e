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
    for folder in folders:
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


def replay_summary(path: Path, host=None) -> dict:
    """The summary (`artemis.sim.task.summarize`) of the game logged at ``path``, replayed
    decision by decision with each round's projected scores kept at its first decision, as
    `GameTask.play` keeps them. Raises RecountError (file and line) for a log that cannot be
    read or replayed, or of a game that did not end."""
    from artemis.kernel.game import Game
    from artemis.records.log import LogError, check_content, read_log
    from artemis.sim.task import round_watch, summarize

    try:
        log = read_log(path)
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
        raise RecountError(f"{path}: the logged game did not end (a game stopped by an error "
                           "or a timeout): recount the games that finished")
    return summarize(game, rounds)


def recount(report: dict, logs: dict[int, Path], host=None, ruleset=None) -> dict:
    """``report`` (an `artemis simulate` report: its config, seats and items) counted again
    from ``logs`` ({game index: log path}, `log_files`), one log for each game the report
    holds, by today's code: a report of the same shape (`artemis.sim.report.build_report`).

    Raises RecountError when a game of the report has no log, a log is of no game of the
    report, or of another game than the report's game of that index (its seed, seats or
    player count differ), when the report holds games that failed or timed out (their logs
    do not finish), or a log cannot be replayed."""
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
    if report.get("errors") or report.get("timed_out"):
        raise RecountError("the report holds games that failed or timed out: recount a report "
                           "of finished games")
    wanted = {i for first, stop in ranges for i in range(first, stop)}
    missing = sorted(wanted - set(logs))
    if missing:
        raise RecountError(f"no log of game {missing[0]} of the report ({len(missing)} of its "
                           f"{len(wanted)} games {'has' if len(missing) == 1 else 'have'} "
                           "none): give the --log-dir of every range")
    extra = sorted(set(logs) - wanted)
    if extra:
        raise RecountError(f"'{logs[extra[0]]}' is game {extra[0]}, which the report does not "
                           "hold: give the logs of the report's games")
    results = []
    for index in sorted(wanted):
        summary = replay_summary(logs[index], host)
        seed = game_seed(config["seed"], index)
        if summary["seed"] != seed or len(summary["vp"]) != len(bots):
            raise RecountError(f"'{logs[index]}' is not game {index} of the report (its seed "
                               f"{summary['seed']}, {len(summary['vp'])} seats; the report's "
                               f"game {index}: seed {seed}, {len(bots)} seats)")
        summary["index"] = index
        results.append(summary)
    return build_report(results, bots, items, config, games=sums["games"], ruleset=ruleset)
