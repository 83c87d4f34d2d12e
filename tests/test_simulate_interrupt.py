"""Ctrl-C in `artemis simulate` keeps every finished game, and progress moves game by game:
in this process, in worker processes and on Dask (`artemis.sim.runner`)."""

from __future__ import annotations

import json
import signal
import sys
import types

import pytest
from typer.testing import CliRunner

import artemis.players.play as play_module
from artemis.cli import app
from artemis.sim import GameTask, run
from artemis.sim import runner as runner_module


class _Index:
    """A task whose game ``stop_at`` is cut by Ctrl-C."""

    def __init__(self, stop_at: int | None = None):
        self.stop_at = stop_at

    def play(self, index):
        if index == self.stop_at:
            raise KeyboardInterrupt
        return {"index": index}

    def failed(self, index, error):
        return {"index": index, "error": error}


def test_ctrl_c_in_a_game_played_here_stops_the_run_with_the_games_before():
    ticks: list[int] = []
    outcome = run(_Index(stop_at=3), 300, workers=1, progress=ticks.append)
    assert outcome.interrupted and outcome.signal == "SIGINT"
    assert outcome.results == [{"index": i} for i in range(3)] and ticks == [1, 1, 1]


def test_ctrl_c_while_a_game_is_played_is_not_that_games_error(monkeypatch):
    """The play loop turns Ctrl-C into PlayInterrupted (for `artemis play --save`); before, a
    task recorded it as the game's error and the run went on, all 300 games."""
    real = play_module.play_on
    calls = []

    def play_on(game, bots, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise play_module.PlayInterrupted(game)
        return real(game, bots, **kwargs)

    monkeypatch.setattr(play_module, "play_on", play_on)
    with pytest.raises(KeyboardInterrupt):
        [GameTask(players=2, bots=("greedy", "random"), seed=5).play(i) for i in range(3)]
    calls.clear()
    result = CliRunner().invoke(app, ["simulate", "--games", "300", "--players", "2",
                                      "--bots", "greedy", "--workers", "1",
                                      "--game-timeout", "0", "--json"])
    assert result.exit_code == 130, result.output
    report = json.loads(result.stdout)
    assert report["interrupted"] and report["played"] == report["finished"] == 2
    assert report["errors"] == [] and report["games"] == 300
    assert "interrupted: 2 of 300 games reported" in result.stderr


class _Future:
    def __init__(self, fn, args):
        self.fn, self.args = fn, args

    def result(self):
        return self.fn(*self.args)


def test_dask_runs_a_task_per_game_and_progress_moves_per_game(monkeypatch):
    """Before, Dask was sent batches of up to 25 games: progress jumped by batches and Ctrl-C
    lost whole batches. A stand-in for distributed runs the futures here, in order."""
    submitted = []

    class Client:
        loop = None

        def __init__(self, address, timeout, set_as_default):
            pass

        def submit(self, fn, *args, pure=True):
            submitted.append(args)
            return _Future(fn, args)

        def cancel(self, futures):
            pass

        def close(self):
            pass

    fake = types.ModuleType("distributed")
    fake.Client = Client
    fake.as_completed = lambda futures, loop=None: iter(futures)
    monkeypatch.setitem(sys.modules, "distributed", fake)
    ticks: list[int] = []
    outcome = run(_Index(), 60, dask_address="tcp://127.0.0.1:8786", progress=ticks.append)
    assert submitted == [(i,) for i in range(60)] and ticks == [1] * 60
    assert outcome.results == [{"index": i} for i in range(60)] and not outcome.interrupted
    submitted.clear()
    ticks.clear()
    outcome = run(_Index(stop_at=7), 60, dask_address="tcp://127.0.0.1:8786",
                  progress=ticks.append)
    assert outcome.interrupted and [r["index"] for r in outcome.results] == list(range(7))


def test_a_worker_whose_parent_is_gone_stops_without_a_traceback(monkeypatch):
    """Ctrl-C closes the parent's end while a worker reports a game: the worker stops quietly
    (it printed a BrokenPipeError traceback under the parent's report)."""

    class Conn:
        def __init__(self):
            self.sent = []

        def send(self, message):
            if message[0] == "done":
                raise BrokenPipeError(32, "Broken pipe")
            self.sent.append(message)

        def poll(self):
            return False

        def recv(self):
            return [0]

    monkeypatch.setattr(runner_module, "_start_worker", lambda: None)
    conn = Conn()
    assert runner_module._worker_main(conn, _Index()) is None
    assert conn.sent == [("ready", None)]


def test_stopping_the_workers_ignores_a_second_ctrl_c():
    """`timeout -s INT` signals the process and then its group, and a person may press Ctrl-C
    twice: a SIGINT while the workers are being killed must not leave one running."""
    seen = []

    class Process:
        def is_alive(self):
            return True

        def kill(self):
            seen.append(signal.getsignal(signal.SIGINT))

    class Worker:
        process = Process()

        def kill(self):
            seen.append(signal.getsignal(signal.SIGINT))

    before = signal.getsignal(signal.SIGINT)
    runner_module._stop_all([Worker(), Worker()])
    assert seen == [signal.SIG_IGN] * 4 and signal.getsignal(signal.SIGINT) is before


# --- issue 27: the RNG copy before each decision only where a game may be continued ---------


def _count_rng_copies(monkeypatch) -> list:
    import artemis.players.bots as bots_module

    copies: list = []
    real = bots_module.rng_state
    monkeypatch.setattr(bots_module, "rng_state", lambda bot: copies.append(1) or real(bot))
    return copies


def test_a_simulate_game_copies_no_bot_rng_and_artemis_play_still_does(monkeypatch):
    """A game of `simulate` cut by Ctrl-C is dropped, never saved, so its play loop does not
    copy the deciding bot's RNG before every decision (about half of a random game's cost);
    `artemis play`'s loop (resumable, the default) still copies it, for its save."""
    from artemis.kernel.game import GameConfig
    from artemis.players.play import play_game

    copies = _count_rng_copies(monkeypatch)
    summary = GameTask(players=2, bots=("random", "greedy"), seed=5).play(0)
    assert "error" not in summary and copies == []
    game = play_game(GameConfig(players=2, seed=3), ["random", "random"])
    assert len(copies) == len(game.actions)  # one a decision


def _drawing_then_ctrl_c(monkeypatch, at: int) -> list:
    """Random bots whose ``at``-th choice draws from the RNG, then is cut by Ctrl-C; the list
    returned gets (bot, its RNG state before that choice)."""
    from artemis.players.bots import RandomBot, rng_state

    real = RandomBot.choose
    calls = {"n": 0}
    cut: list = []

    def choose(self, game):
        calls["n"] += 1
        if calls["n"] == at:
            cut.append((self, rng_state(self)))
            self.rng.random()  # the decision was under way: its RNG has moved
            raise KeyboardInterrupt
        return real(self, game)

    monkeypatch.setattr(RandomBot, "choose", choose)
    return cut


@pytest.mark.parametrize("resumable", [True, False])
def test_ctrl_c_during_a_bots_decision_stops_at_that_decision(monkeypatch, resumable):
    """Resumable or not, Ctrl-C in a bot's choice stops the game at that decision, consistent;
    only a resumable play puts the bot's RNG back as it was before the decision (so a save
    continues as the game would have: tests/test_save.py plays that through)."""
    from artemis.kernel.game import Game, GameConfig
    from artemis.players.bots import rng_state
    from artemis.players.play import PlayInterrupted, make_bots, play_on

    config = GameConfig(players=3, seed=9)
    game, bots = Game.new(config), make_bots(config, ["random"] * 3)
    cut = _drawing_then_ctrl_c(monkeypatch, 40)
    with pytest.raises(PlayInterrupted) as stop:
        play_on(game, bots, resumable=resumable)
    assert stop.value.game is game and len(game.actions) == 39 and not game.is_over
    bot, before = cut[0]
    assert bot is bots[game.current_player]
    assert (rng_state(bot) == before) is resumable


def test_ctrl_c_during_a_simulate_game_played_here_keeps_the_games_before(monkeypatch):
    """`simulate` in this process (one worker): Ctrl-C in a bot's choice of the third game
    stops the run with the two games before, as before issue 27."""
    task = GameTask(players=2, bots=("random", "random"), seed=5)
    first_two = [task.play(i) for i in range(2)]
    _drawing_then_ctrl_c(monkeypatch, sum(r["decisions"] for r in first_two) + 5)
    copies = _count_rng_copies(monkeypatch)  # after: the cut's own copy is not counted
    outcome = run(task, 5, workers=1)  # cut at the third game's fifth decision
    assert outcome.interrupted and outcome.signal == "SIGINT"
    assert [r["index"] for r in outcome.results] == [0, 1]
    assert outcome.results == first_two and copies == []
