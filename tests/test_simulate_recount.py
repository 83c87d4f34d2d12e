"""`artemis simulate recount`: a report counted again from its games' logs is, with the code
that made it, the report itself, key for key; a figure the report learned since is counted
without playing the games again; a log that is missing, of another game or damaged is named
in words (docs/simulate.md, "Counting a study again from its logs")."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from artemis.cli import app

runner = CliRunner()


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    """A run of 5 two-player games of the greedy bot from index 3, its report and logs."""
    root = tmp_path_factory.mktemp("recount")
    logs, out = root / "logs", root / "report.json"
    result = runner.invoke(app, ["simulate", "--game", "project", "--players", "2", "--bots",
                                 "greedy", "--seed", "11", "--games", "5", "--start", "3",
                                 "--workers", "1", "--game-timeout", "0", "--log-dir",
                                 str(logs), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return root, logs, out


def _recount(*args):
    return runner.invoke(app, ["simulate", "recount", *map(str, args)])


def test_a_recount_by_the_same_code_is_the_report_itself(study):
    root, logs, out = study
    again = root / "again.json"
    result = _recount(out, logs, "--out", again)
    assert result.exit_code == 0, result.output
    original, counted = json.loads(out.read_text()), json.loads(again.read_text())
    assert counted == original
    assert counted["finished"] == 5 and counted["indices"] == [[3, 8]]
    # a figure the report learns later is counted from the logs alone: here, one taken away
    # and given back (the Expeditions' test at their claim)
    for x in original["sums"]["item"].values():
        x["counts"].pop("at_claim", None)
    stripped = root / "stripped.json"
    stripped.write_text(json.dumps(original))
    result = _recount(stripped, logs, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == counted


def test_the_console_says_recounted_and_a_gz_out_is_gzipped(study, tmp_path):
    import gzip

    root, logs, out = study
    shown = _recount(out, logs, "--out", tmp_path / "again.json.gz")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.startswith("recounted 5 of 5 games, 2 players (greedy, greedy), run "
                                   "seed 11, content version 12 (base 12.0.0): 5 finished")
    raw = (tmp_path / "again.json.gz").read_bytes()
    assert raw[:2] == b"\x1f\x8b"  # gzip's magic number, as the name asks
    assert json.loads(gzip.decompress(raw)) == json.loads(out.read_text())
    # merge says merged, and its .gz is gzip as well; a name without .gz stays plain JSON
    merged = runner.invoke(app, ["simulate", "merge", str(tmp_path / "again.json.gz"),
                                 "--out", str(tmp_path / "m.json.gz")])
    assert merged.exit_code == 0, merged.output
    assert merged.stdout.startswith("merged 5 of 5 games, 2 players")
    assert gzip.decompress((tmp_path / "m.json.gz").read_bytes()) == \
        gzip.decompress(raw)  # one report, one file: no time in the header
    assert json.loads(out.read_text())["finished"] == 5  # the run's plain --out


def test_a_game_without_its_log_or_a_log_of_another_game_is_named(study, tmp_path):
    root, logs, out = study
    few = tmp_path / "few"
    shutil.copytree(logs, few)
    (few / "game-000005.jsonl").unlink()
    result = _recount(out, few)
    assert result.exit_code == 1
    assert "no log of game 5 of the report (1 of its 5 games has none)" in result.output
    # a log under another game's name: its seed is another game's
    (few / "game-000004.jsonl").rename(few / "game-000005.jsonl")
    shutil.copy(logs / "game-000004.jsonl", few / "game-000004.jsonl")
    result = _recount(out, few)
    assert result.exit_code == 1
    assert "game-000005.jsonl' is not game 5 of the report (its seed" in result.output
    # a log of a game the report does not hold
    shutil.copy(logs / "game-000003.jsonl", few / "game-000009.jsonl")
    result = _recount(out, few)
    assert result.exit_code == 1 and "is game 9, which the report does not hold" in result.output


def test_a_damaged_log_an_empty_folder_and_a_damaged_report_are_named(study, tmp_path):
    root, logs, out = study
    cut = tmp_path / "cut"
    shutil.copytree(logs, cut)
    path = cut / "game-000006.jsonl"
    lines = path.read_text().splitlines()
    # an action the game cannot take at its place
    first = next(i for i, line in enumerate(lines) if '"type": "action"' in line)
    lines[first] = lines[first].replace('"id": "', '"id": "no_such_', 1)
    path.write_text("\n".join(lines) + "\n")
    result = _recount(out, cut)
    assert result.exit_code == 1
    assert f"game-000006.jsonl:{first + 1}: action 'no_such_" in result.output
    assert "Traceback" not in result.output
    # a log that stops before the game's end
    path.write_text("\n".join(path.read_text().splitlines()[:first]) + "\n")
    result = _recount(out, cut)
    assert result.exit_code == 1
    assert f"game-000006.jsonl:{first}: the log stops before its game's end" in result.output
    empty = tmp_path / "empty"
    empty.mkdir()
    result = _recount(out, empty)
    assert result.exit_code == 1 and "holds no game log" in result.output
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    result = _recount(bad, logs)
    assert result.exit_code == 1 and "is not a report" in result.output


def test_logs_of_another_study_are_refused_naming_what_differs(study, tmp_path):
    """The same seed and indices played with a variant, other bots or another content
    version are other games of the same seeds: refused, not reported under this config."""
    root, logs, out = study
    for extra, what in ((["--variant", "harsh", "--plugin", "artemis_plugins.harsh"],
                         "its variants is {'harsh': {}}"),
                        (["--bots", "random"], "its bots is ['random', 'random']"),
                        (["--content-version", "1"], "its content version is 1")):
        other = tmp_path / f"other-{len(what)}"
        args = ["simulate", "--game", "project", "--players", "2", "--bots", "greedy",
                "--seed", "11", "--games", "5", "--start", "3", "--workers", "1",
                "--game-timeout", "0", "--log-dir", str(other), "--out",
                str(tmp_path / "o.json")]
        if extra[0] == "--bots":
            args[args.index("--bots") + 1] = extra[1]
            extra = []
        result = runner.invoke(app, [*args, *extra])
        assert result.exit_code == 0, result.output
        result = _recount(out, other)
        assert result.exit_code == 1, what
        assert "is a game of another study: " + what in result.output, result.output


def test_games_that_timed_out_are_kept_as_the_report_lists_them(tmp_path):
    """A study with a game stopped by the game timeout (the machine's, not the game's) is
    recounted from the other games' logs, the stopped game kept as its record."""
    from artemis.sim import GameTask, build_report
    from artemis.sim.recount import log_files, recount

    logs = tmp_path / "logs"
    logs.mkdir()
    task = GameTask(players=2, bots=("greedy", "greedy"), seed=12, game="project",
                    log_dir=logs)
    results = [task.play(i) for i in range(4)]
    results[2] = task.timed_out(2, 9.5)
    (logs / "game-000002.jsonl").unlink()
    report = build_report(results, list(task.bots), config={"game": "project",
                                                            "players": 2, "seed": 12},
                          games=4)
    assert report["timed_out"] and report["finished"] == 3
    assert recount(report, log_files([logs])) == report
