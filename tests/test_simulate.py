"""`artemis simulate`: the same report whatever runs the games (1 or 2 worker processes, a
Dask LocalCluster), the report against the games' own logs, a failing game, Ctrl-C, charts
and missing extras. Small 2-player random games (about 25 ms each) keep this file quick."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections import Counter

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.kernel.game import GameConfig
from artemis.players.play import play_game
from artemis.sim import GameTask, build_report, game_seed, run
from artemis.sim.report import Stats
from artemis.sim.runner import DASK_MISSING

GAMES, SEED = 10, 4
ARGS = ["simulate", "--games", str(GAMES), "--players", "2", "--seed", str(SEED), "--json"]
PNG = b"\x89PNG\r\n\x1a\n"


def invoke(*args):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """One in-process run (--workers 1) with its logs, report file and charts."""
    root = tmp_path_factory.mktemp("sim")
    result = invoke(*ARGS, "--workers", "1", "--log-dir", str(root / "logs"),
                    "--out", str(root / "report.json"), "--plot", str(root / "charts"))
    assert result.exit_code == 0, result.output
    return {"root": root, "report": json.loads(result.stdout)}


def test_game_seeds_depend_on_the_run_seed_and_index_only():
    assert game_seed(4, 0) == 147227320168205  # sha256("4:game:0"), first 6 bytes
    seeds = {game_seed(s, i) for s in range(3) for i in range(100)}
    assert len(seeds) == 300 and all(0 <= x < 2 ** 48 for x in seeds)
    assert GameTask(players=2, bots=("random", "random"), seed=4).seed_of(7) == game_seed(4, 7)


def test_the_report_counts_every_game(base):
    report = base["report"]
    assert report["played"] == report["finished"] == GAMES and report["games"] == GAMES
    assert report["indices"] == [[0, GAMES]] and not report["interrupted"]
    assert report["errors"] == []
    assert sum(w["wins"] for w in report["wins"]["by_seat"]) == GAMES
    assert report["wins"]["by_bot"] == [{"bot": "random", "seats": 2 * GAMES, "wins": GAMES,
                                         "win_rate": 0.5, "win_rate_ci": [0.2993, 0.7007]}]
    assert [w["games"] for w in report["wins"]["by_seat"]] == [GAMES, GAMES]
    assert report["vp"]["final"]["n"] == 2 * GAMES
    assert list(report["vp"]["steps"]) == ["saved_resources", "surface_buildings", "buildings",
                                           "colonist_sets", "leftover_colonists", "badges",
                                           "most_toolkits"]
    kinds = Counter(x["kind"] for x in report["items"])
    assert kinds["building"] == 40 and kinds["expedition"] > 15 and kinds["event"] > 10
    # a copy is no row of its own: it is in its original's ``copies``
    ids = {x["id"] for x in report["items"]}
    assert "deep_trawler" in ids and "deep_trawler_2" not in ids
    copies = {c: x["id"] for x in report["items"] for c in x.get("copies", {})}
    assert all(c == x or c.startswith(f"{x}_") for c, x in copies.items())
    assert json.loads((base["root"] / "report.json").read_text()) == report


def test_same_report_with_one_and_two_workers(base):
    result = invoke(*ARGS, "--workers", "2")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == base["report"]
    assert "games/s (2 worker processes)" in result.stderr


def test_same_report_on_a_dask_local_cluster(base):
    from distributed import LocalCluster

    # threads in this process: quick to start, and the inproc:// address works here
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                      dashboard_address=None) as cluster:
        result = invoke(*ARGS, "--dask", cluster.scheduler_address)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == base["report"]
    assert "Dask scheduler" in result.stderr


def test_the_report_agrees_with_the_game_logs(base):
    report = base["report"]
    logs = sorted((base["root"] / "logs").glob("game-*.jsonl"))
    assert [p.name for p in logs] == [f"game-{i:06d}.jsonl" for i in range(GAMES)]
    wins, vp, steps, decisions, resolved = Counter(), [], Counter(), [], Counter()
    for i, path in enumerate(logs):
        lines = [json.loads(line) for line in path.read_text().splitlines()]
        header, final = lines[0], lines[-1]
        assert header["seed"] == game_seed(SEED, i) and final["type"] == "final_scoring"
        wins[final["winner"]] += 1
        vp += [final["totals"][str(seat)] for seat in range(2)]
        for seat in range(2):
            steps.update(final["steps"][str(seat)])
        decisions.append(sum(1 for e in lines if e["type"] == "action"))
        resolved.update({e["event"] for e in lines if e["type"] == "event"})
    assert [w["wins"] for w in report["wins"]["by_seat"]] == [wins[0], wins[1]]
    assert report["vp"]["final"]["mean"] == round(sum(vp) / len(vp), 4)
    assert (report["vp"]["final"]["min"], report["vp"]["final"]["max"]) == (min(vp), max(vp))
    assert set(report["vp"]["steps"]) == set(steps)
    for name, total in steps.items():
        assert report["vp"]["steps"][name]["mean"] == round(total / len(vp), 4)
    assert report["decisions"]["mean"] == round(sum(decisions) / GAMES, 4)
    assert {x["id"]: x["taken"] for x in report["items"]
            if x["kind"] == "event" and x["taken"]} == dict(resolved)
    # game i is `artemis play --seed <game_seed(SEED, i)>`: same bots, same game
    game = play_game(GameConfig(players=2, seed=game_seed(SEED, 3)), ["random", "random"])
    last = json.loads(logs[3].read_text().splitlines()[-1])
    assert game.result["winner"] == last["winner"]
    assert [r["vp"] for r in game.result["players"]] == [last["totals"]["0"],
                                                          last["totals"]["1"]]


def test_plot_writes_png_charts(base):
    charts = base["root"] / "charts"
    for name in ("final_vp_by_bot.png", "win_rate_by_building.png"):
        data = (charts / name).read_bytes()
        assert data.startswith(PNG) and len(data) > 5000


def test_the_building_chart_shows_enough_owners_and_the_runs_baseline():
    from artemis.sim.plot import MIN_OWNERS, owned_rows

    def building(i, owners, rate):
        return {"id": i, "kind": "building", "owners": owners, "owners_win_rate": rate}

    report = {"items": [building("a", 10, 0.3), building("b", 4, 1.0), building("c", 6, 0.5),
                        building("d", 0, None),
                        {"id": "x", "kind": "expedition", "owners": 9, "owners_win_rate": 1.0}]}
    owned, skipped, pooled = owned_rows(report, "building")
    assert MIN_OWNERS == 5 and [x["id"] for x in owned] == ["c", "a"] and skipped == 1
    assert pooled == (3 + 4 + 3) / 20  # every building owner seat, not 1/players


def test_the_building_chart_marks_its_flagged_rows_as_the_tables_do():
    from artemis.sim.plot import flag_label

    row = {"id": "jackpot", "owners": 12, "adjusted": {"flagged": True, "q": 0.01}}
    assert flag_label(row) == "jackpot (12) *"
    assert flag_label({**row, "adjusted": {"flagged": False, "q": 0.4}}) == "jackpot (12)"
    assert flag_label({"id": "dome", "owners": 5}) == "dome (5)"


FAILING_PLUGIN = """
from artemis.kernel.hookspecs import hookimpl
from artemis.sim import game_seed

FAIL = game_seed(11, 3)


@hookimpl
def artemis_observe_event(game, event):
    if game.config.seed == FAIL and event["type"] == "upkeep":
        raise RuntimeError("the test plugin fails this game on purpose")
"""


def test_a_game_that_raises_in_a_worker_is_reported_and_the_run_goes_on(tmp_path,
                                                                        monkeypatch):
    (tmp_path / "artemis_sim_failing_plugin.py").write_text(FAILING_PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))  # spawned workers get this sys.path
    result = invoke("simulate", "--games", "6", "--players", "2", "--seed", "11",
                    "--workers", "2", "--plugin", "artemis_sim_failing_plugin", "--json")
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert report["played"] == 6 and report["finished"] == 5
    [error] = report["errors"]
    seed = game_seed(11, 3)
    assert error["index"] == 3 and error["seed"] == seed
    assert error["error"] == (f"PluginError: plugin 'artemis_sim_failing_plugin' raised in "
                              f"artemis_observe_event (round 1, seed {seed}, action "
                              f"'{error['action']}'): RuntimeError: the test plugin fails this "
                              "game on purpose")
    # the innermost frame: the plugin's own raise, line 11 of FAILING_PLUGIN
    assert error["where"] == (f"{tmp_path / 'artemis_sim_failing_plugin.py'}:11 in "
                              "artemis_observe_event")
    assert error["decisions"] > 0 and error["action"]
    assert error["replay"] == (f"artemis play --players 2 --seed {seed} --bots random,random "
                               "--plugin artemis_sim_failing_plugin")
    assert sum(w["wins"] for w in report["wins"]["by_seat"]) == 5


class _StopAt:
    """A task whose game 3 is interrupted by Ctrl-C (in-process runs only)."""

    def play(self, index):
        if index == 3:
            raise KeyboardInterrupt
        return {"index": index}

    def failed(self, index, error):
        return {"index": index, "error": error}


def test_ctrl_c_in_process_keeps_the_games_before():
    outcome = run(_StopAt(), 10, workers=1)
    assert outcome.interrupted and outcome.results == [{"index": i} for i in range(3)]


DRIVER = """
import signal, sys

if __name__ == "__main__":
    # a shell's background job starts with SIGINT ignored: put Python's default back
    signal.signal(signal.SIGINT, signal.default_int_handler)
    from artemis.cli import main

    sys.argv = ["artemis", *sys.argv[1:]]
    main()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="signals to a child process are POSIX")
@pytest.mark.parametrize(("signum", "code", "said"), [(signal.SIGINT, 130, "interrupted:"),
                                                      (signal.SIGTERM, 143,
                                                       "interrupted by SIGTERM:")])
def test_ctrl_c_stops_the_workers_and_writes_the_finished_games(tmp_path, signum, code, said):
    """Ctrl-C, and SIGTERM (kill, timeout, a CI cancel) alike."""
    import psutil

    driver = tmp_path / "driver.py"
    driver.write_text(textwrap.dedent(DRIVER))
    out, logs = tmp_path / "report.json", tmp_path / "logs"
    proc = subprocess.Popen(
        [sys.executable, str(driver), "simulate", "--games", "100000", "--players", "2",
         "--workers", "2", "--out", str(out), "--log-dir", str(logs)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ))
    try:
        deadline = time.monotonic() + 120
        # 60 logs from 2 workers: many games have finished
        while not (logs.is_dir() and len(list(logs.iterdir())) >= 60):
            assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read()
            time.sleep(0.2)
        time.sleep(1)  # let the finished games reach the parent
        children = psutil.Process(proc.pid).children(recursive=True)
        assert len(children) >= 2
        proc.send_signal(signum)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == code, stderr
    assert "Traceback" not in stderr and said in stderr and "leaked" not in stderr
    assert f"wrote {out}" in stdout
    report = json.loads(out.read_text())
    assert report["interrupted"] and report["games"] == 100000
    assert 25 <= report["played"] == report["finished"] < 100000
    assert sum(stop - start for start, stop in report["indices"]) == report["played"]
    for start, stop in report["indices"]:
        for i in range(start, stop):
            assert (logs / f"game-{i:06d}.jsonl").is_file()
    assert sum(w["wins"] for w in report["wins"]["by_seat"]) == report["played"]
    gone = time.monotonic() + 10
    while any(_alive(c) for c in children) and time.monotonic() < gone:
        time.sleep(0.1)
    assert not any(_alive(c) for c in children), "orphan worker processes"


def _alive(process) -> bool:
    import psutil

    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def test_missing_extras_name_the_extra_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    result = invoke(*ARGS, "--plot", str(tmp_path / "charts"))
    assert result.exit_code == 1
    assert result.stderr == ("error: --plot needs the plot extra: pip install "
                             "'artemis-engine[plot]'\n")
    assert not (tmp_path / "charts").exists()
    monkeypatch.setitem(sys.modules, "distributed", None)
    result = invoke(*ARGS, "--dask", "tcp://127.0.0.1:8786")
    assert result.exit_code == 1 and result.stderr == f"error: {DASK_MISSING}\n"
    assert DASK_MISSING == "--dask needs the dask extra: pip install 'artemis-engine[dask]'"


@pytest.mark.parametrize("args", [["--bots", "human"], ["--bots", "random,random,random"],
                                  ["--variant", "no_such_variant"], ["--option", "broken"]])
def test_usage_errors_exit_2(args):
    result = invoke("simulate", "--games", "2", "--players", "2", "--workers", "1", *args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ")


def test_stats_and_owners_win_rate_are_exact():
    s = Stats()
    for x in (1, 2, 3, 4):
        s.add(x)
    assert s.as_dict() == {"n": 4, "mean": 2.5, "std": 1.118, "min": 1, "max": 4}
    games = [{"index": i, "winner": i % 2, "vp": [10, 5] if i % 2 == 0 else [3, 7],
              "in_game": [0, 0], "steps": [{"a": 1}, {"a": 2}], "decisions": 100 + i,
              "items": {"dome": {"kind": "building", "appeared": True, "taken": True,
                                 "owners": [0]}}} for i in range(3)]
    report = build_report(games[::-1], ["random", "greedy"], [("dome", "building"),
                                                              ("reef", "expedition")])
    assert [w["wins"] for w in report["wins"]["by_seat"]] == [2, 1]
    assert report["items"] == [
        {"id": "dome", "kind": "building", "appeared": 3, "taken": 3, "owners": 3,
         "owners_win_rate": 0.6667, "owners_win_rate_ci": [0.2077, 0.9385],
         "owners_mean_vp": 7.6667,
         "owners_by_bot": {"random": {"owners": 3, "wins": 2, "win_rate": 0.6667},
                           "greedy": {"owners": 0, "wins": 0, "win_rate": None}},
         # each bot kind its own stratum: owners (random) meet no other seat of theirs
         "adjusted": {"strata": 2, "odds_ratio": None, "chi2": None, "p": None, "q": None,
                      "flagged": False}},
        {"id": "reef", "kind": "expedition", "appeared": 0, "taken": 0, "owners": 0,
         "owners_win_rate": None, "owners_win_rate_ci": None, "owners_mean_vp": None,
         "owners_by_bot": {"random": {"owners": 0, "wins": 0, "win_rate": None},
                           "greedy": {"owners": 0, "wins": 0, "win_rate": None}},
         "adjusted": {"strata": 0, "odds_ratio": None, "chi2": None, "p": None, "q": None,
                      "flagged": False}}]
    assert [(w["games"], w["win_rate_ci"]) for w in report["wins"]["by_seat"]] == [
        (3, [0.2077, 0.9385]), (3, [0.0615, 0.7923])]
    assert [(w["seats"], w["wins"]) for w in report["wins"]["by_bot"]] == [(3, 2), (3, 1)]
    assert report["decisions"] == {"n": 3, "mean": 101.0, "std": 0.8165, "min": 100,
                                   "max": 102}
    assert report == build_report(games, ["random", "greedy"], [("dome", "building"),
                                                                ("reef", "expedition")])


def test_help_lists_simulate():
    result = invoke("--help")
    assert result.exit_code == 0 and "simulate" in result.stdout


class _DieAt:
    """A task whose worker process dies (as if killed) in game 2."""

    def play(self, index):
        if index == 2:
            os._exit(3)
        return {"index": index}

    def failed(self, index, error):
        return {"index": index, "error": error}


def test_a_worker_that_dies_loses_the_game_it_played_and_the_run_goes_on():
    outcome = run(_DieAt(), 6, workers=2)
    assert not outcome.interrupted and [r["index"] for r in outcome.results] == list(range(6))
    assert outcome.results[2] == {"index": 2, "error": "WorkerDied: the worker process died "
                                  "(exit code 3) playing this game"}
    assert all(r == {"index": r["index"]} for r in outcome.results if r["index"] != 2)


def test_a_game_that_never_ends_is_reported_as_a_stall():
    task = GameTask(players=2, bots=("random", "random"), seed=1, max_decisions=10)
    record = task.play(5)
    assert record["index"] == 5 and record["seed"] == game_seed(1, 5)
    assert record["error"] == "Stalled: no end after 10 decisions (a stall)"
    assert record["decisions"] == 10 and record["action"]


# -- a game that never ends in time: --game-timeout ------------------------------------------

HANGING_PLUGIN = """
import time

from artemis.kernel.hookspecs import hookimpl
from artemis.sim import game_seed

HANG = game_seed(5, 2)


@hookimpl
def artemis_observe_event(game, event):
    if game.config.seed == HANG and event["type"] == "dice_rolled":
        time.sleep(10**6)  # a hook that never returns
"""


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_game_that_hangs_is_timed_out_and_the_run_goes_on(tmp_path, monkeypatch, workers):
    (tmp_path / "artemis_hanging_plugin.py").write_text(HANGING_PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))  # spawned workers get this sys.path
    started = time.monotonic()
    result = invoke("simulate", "--games", "5", "--players", "2", "--seed", "5", "--workers",
                    workers, "--plugin", "artemis_hanging_plugin", "--game-timeout", "1",
                    "--json")
    assert time.monotonic() - started < 60
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert report["played"] == 5 and report["finished"] == 4 and report["errors"] == []
    [late] = report["timed_out"]
    seed = game_seed(5, 2)
    assert late == {"index": 2, "seed": seed, "seconds": 1,
                    "replay": f"artemis play --players 2 --seed {seed} --bots random,random "
                              "--plugin artemis_hanging_plugin"}
    assert "1 game timed out (a limit of 1 s: timeouts depend on the machine)" in result.stderr


def test_the_console_names_the_timed_out_games(tmp_path, monkeypatch):
    (tmp_path / "artemis_hanging_plugin.py").write_text(HANGING_PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))
    result = invoke("simulate", "--games", "3", "--players", "2", "--seed", "5", "--workers",
                    "1", "--plugin", "artemis_hanging_plugin", "--game-timeout", "3")
    # 3 s: a random game takes a tenth of that, even on a machine busy with other work (at
    # 0.5 s, a loaded machine timed out the games that finish too)
    assert result.exit_code == 1, result.output
    seed = game_seed(5, 2)
    assert ": 2 finished, 0 errors, 1 timed out" in result.stdout
    assert (f"timed out: game 2 (seed {seed}) after 3 s\n    replay: artemis play --players 2 "
            f"--seed {seed} --bots random,random --plugin artemis_hanging_plugin") in \
        result.stdout


class _HangAt:
    """A task whose game 1 never returns (a hook that hangs, as the worker sees it)."""

    def play(self, index):
        if index == 1:
            time.sleep(10**6)
        return {"index": index}

    def failed(self, index, error):
        return {"index": index, "error": error}


def test_the_runner_replaces_a_worker_past_the_game_timeout():
    import psutil

    outcome = run(_HangAt(), 6, workers=2, game_timeout=0.5)
    assert [r["index"] for r in outcome.results] == list(range(6))
    assert outcome.results[1] == {"index": 1, "timed_out": 0.5,
                                  "error": "timed out after 0.5 s"}
    assert all(r == {"index": r["index"]} for i, r in enumerate(outcome.results) if i != 1)
    left = [c for c in psutil.Process().children()  # the stuck worker was killed
            if "resource_tracker" not in " ".join(c.cmdline())]  # multiprocessing's own
    assert left == []


def test_a_worker_process_plays_even_one_worker_with_a_timeout():
    outcome = run(_HangAt(), 3, workers=1, game_timeout=0.5)
    assert outcome.where == "1 worker process" and outcome.workers == 1
    assert [("timed_out" in r) for r in outcome.results] == [False, True, False]


# -- outputs checked before playing; a failed write keeps the report --------------------------


@pytest.mark.parametrize("where", ["folder", "no_parent", "device", "sys"])
def test_an_unwritable_out_fails_before_any_game(tmp_path, where):
    out = {"folder": tmp_path, "no_parent": tmp_path / "missing" / "r.json",
           "device": "/dev/null", "sys": "/sys/artemis-report.json"}[where]
    if where in ("device", "sys") and not os.path.exists(os.path.dirname(str(out)) or out):
        pytest.skip("no /dev or /sys here")
    logs = tmp_path / "logs"
    result = invoke(*ARGS, "--workers", "1", "--out", str(out), "--log-dir", str(logs))
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: cannot write the report '{out}': ")
    assert list(logs.iterdir()) == []  # not one game played


def test_a_plot_path_that_is_a_file_fails_before_any_game(tmp_path):
    charts = tmp_path / "charts"
    charts.write_text("not a folder")
    result = invoke(*ARGS, "--workers", "1", "--plot", str(charts))
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == f"error: cannot write the charts into '{charts}': it is not a folder\n"


def test_a_failed_write_at_the_end_still_prints_the_report(tmp_path, monkeypatch, base):
    import artemis.sim.plot as plot

    def refuse(*args):
        raise PermissionError(13, "Permission denied")

    import artemis.records.save

    monkeypatch.setattr(artemis.records.save, "write_atomic", refuse)  # the report goes through it
    monkeypatch.setattr(plot, "plot_report", refuse)
    out, charts = tmp_path / "report.json", tmp_path / "charts"
    result = invoke(*ARGS, "--workers", "1", "--out", str(out), "--plot", str(charts))
    assert result.exit_code == 1
    assert json.loads(result.stdout) == base["report"]
    assert (f"error: cannot write the report '{out}': Permission denied\n"
            f"error: cannot write the charts into '{charts}': Permission denied\n"
            ) in result.stderr
    result = invoke(*ARGS[:-1], "--workers", "1", "--out", str(out))  # the table, too
    assert result.exit_code == 1 and "Wins by seat over 10 games" in result.stdout
    assert result.stderr.endswith(f"error: cannot write the report '{out}': "
                                  "Permission denied\n")


def test_game_logs_that_cannot_be_written_exit_1(tmp_path, monkeypatch):
    import errno

    import artemis.records.log as log_module

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(log_module, "write_log", disk_full)  # in this process: --game-timeout 0
    logs = tmp_path / "logs"
    result = invoke("simulate", "--games", "3", "--players", "2", "--workers", "1",
                    "--game-timeout", "0", "--log-dir", str(logs), "--json")
    assert result.exit_code == 1, result.output
    assert json.loads(result.stdout)["finished"] == 3  # the report is printed all the same
    assert ("error: 3 of 3 game logs could not be written into "
            f"'{logs}', the first: OSError: [Errno 28] No space left on device") in \
        result.stderr
    assert list(logs.iterdir()) == []


# -- Dask addresses, workers ------------------------------------------------------------------


@pytest.mark.parametrize("address", ["notanaddress", "tcp://host", "http://x:1", "host:port"])
def test_a_malformed_dask_address_is_a_usage_error(address):
    result = invoke(*ARGS, "--dask", address)
    assert result.exit_code == 2, result.output
    assert result.stderr == (f"error: --dask '{address}' is not a scheduler address; write "
                             "[tcp://]HOST:PORT, e.g. tcp://10.0.0.5:8786\n")


def test_a_dask_client_that_cannot_connect_fails_clean(monkeypatch):
    import gc

    from artemis.sim.runner import DASK_TIMEOUT, RunError, _connect, check_dask_address

    for good in ("tcp://10.0.0.5:8786", "scheduler:8786", "tls://[::1]:8786", "inproc://x/1"):
        check_dask_address(good)
    noise, made = [], []
    monkeypatch.setattr(sys, "unraisablehook", noise.append)

    class Refused:  # as distributed's Client: its __del__ fails on a client never connected
        def __init__(self, address, timeout, set_as_default):
            made.append((address, timeout, set_as_default))
            raise OSError("Timed out trying to connect")

        def __del__(self):
            raise TimeoutError("timed out after 20 s.")

    with pytest.raises(RunError) as caught:
        _connect(Refused, "tcp://10.0.0.5:8786")
    gc.collect()
    assert str(caught.value) == ("cannot reach the Dask scheduler at tcp://10.0.0.5:8786 "
                                 "within 10 s: Timed out trying to connect")
    assert made == [("tcp://10.0.0.5:8786", 10, False)] and DASK_TIMEOUT == 10
    assert noise == [] and sys.unraisablehook == noise.append


class _Index:
    """A trivial task: game i's summary is its index."""

    def play(self, index):
        return {"index": index}

    def failed(self, index, error):
        return {"index": index, "error": error}


def test_no_more_workers_than_batches_are_started():
    outcome = run(_Index(), 2, workers=8)
    assert outcome.workers == 2 and outcome.where == "2 worker processes"
    assert outcome.results == [{"index": 0}, {"index": 1}] and outcome.signal is None


def test_more_workers_than_cores_warns_and_the_console_tells_the_real_count():
    result = invoke(*ARGS[:1], "--games", "2", "--players", "2", "--json", "--workers", "64")
    assert result.exit_code == 0, result.output
    cores = os.cpu_count()
    assert result.stderr.startswith(f"warning: --workers 64 is more than the {cores} cores")
    assert "games/s (2 worker processes)" in result.stderr
    assert json.loads(result.stdout)["played"] == 2


# -- the console report ---------------------------------------------------------------------


def test_the_console_report_fits_80_columns_with_names_and_progress_lines():
    result = CliRunner().invoke(app, [*ARGS[:-1], "--workers", "1"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "…" not in result.stdout
    assert max(len(line) for line in lines[1:]) <= 80  # the first line is a wrapped sentence
    at = next(i for i, line in enumerate(lines) if line.startswith("volcanic_extractor "))
    assert lines[at].split()[:2] == ["volcanic_extractor", "Volcanic"]
    assert lines[at + 1].split() == ["Extractor"]  # a long name folds, the id stays whole
    header = next(line for line in lines if line.startswith("event "))
    assert header.split() == ["event", "name", "seen"]  # an event seen is resolved
    assert "win rate (CI)" in result.stdout
    # not a terminal: a progress line every tenth of the games, on stderr
    progress = [line.split(",")[0] for line in result.stderr.splitlines()
                if line.startswith("progress:")]
    assert progress == [f"progress: {i} of 10 games ({10 * i}%)" for i in range(1, 10)]


def test_the_config_records_resolved_variants_and_packs_as_given():
    result = CliRunner().invoke(
        app, ["simulate", "--games", "2", "--players", "2", "--workers", "1",
              "--expansion", "content/examples/project/reef_expansion"],
        env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "[reef_expansion" in result.stdout  # an expansion item says its pack
    result = invoke(*ARGS, "--workers", "1", "--variant", "game_length", "--variant", "harsh",
                    "--expansion", "content/examples/project/reef_expansion",
                    "--plugin", "artemis_plugins.house_rules", "--plugin", "artemis_plugins.harsh")
    assert result.exit_code == 0, result.output
    config = json.loads(result.stdout)["config"]
    assert config["variants"] == {"game_length": {"rounds": 4}, "harsh": {}}
    assert config["expansions"] == ["content/examples/project/reef_expansion"]
    assert {"id": "reef_expansion", "version": "0.1.0"} in [
        {k: v for k, v in p.items() if k != "digest"} for p in config["packs"]]


def test_bots_other_than_random_greedy_mcts_or_strong_are_refused_by_name():
    result = invoke("simulate", "--games", "2", "--players", "2", "--bots", "Greedy")
    assert result.exit_code == 2
    assert result.stderr == ("error: unknown bot 'Greedy'; simulate takes random, greedy, "
                             "mcts or strong (did you mean 'greedy'?)\n")
    result = invoke("simulate", "--games", "2", "--players", "2", "--bots", "random,human")
    assert result.stderr == ("error: unknown bot 'human'; simulate takes random, greedy, "
                             "mcts or strong\n")


@pytest.mark.parametrize("value", ["1e999", "inf", "nan", "1e300", "-1"])
def test_a_game_timeout_that_is_no_number_of_seconds_is_a_usage_error(value):
    result = invoke("--games", "1", "--players", "2", "--workers", "1", "--game-timeout", value)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
