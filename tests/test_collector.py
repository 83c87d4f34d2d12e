"""The garbage collector's pace in processes that play games (artemis.util.collector)."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from artemis.sim.task import GameTask
from artemis.util.collector import THRESHOLDS, pace_for_games


@pytest.fixture
def collector():
    """Put the collector back as the test found it."""
    threshold, enabled = gc.get_threshold(), gc.isenabled()
    yield
    gc.set_threshold(*threshold)
    (gc.enable if enabled else gc.disable)()


def test_the_pace_raises_the_default_thresholds(collector):
    gc.set_threshold(700, 10, 10)
    pace_for_games()
    assert gc.get_threshold() == THRESHOLDS == (20_000, 20, 20)
    pace_for_games()  # again: nothing changes
    assert gc.get_threshold() == (20_000, 20, 20)


def test_a_higher_threshold_is_kept_and_a_collector_switched_off_stays_off(collector):
    gc.set_threshold(100_000, 5, 50)
    pace_for_games()
    assert gc.get_threshold() == (100_000, 20, 50)
    gc.set_threshold(700, 10, 10)
    gc.disable()
    pace_for_games()
    assert gc.get_threshold() == (700, 10, 10) and not gc.isenabled()
    gc.enable()
    gc.set_threshold(0)  # a first threshold of 0 also switches collection off
    pace_for_games()
    assert gc.get_threshold()[0] == 0


def test_a_simulate_game_paces_the_process_that_plays_it(collector):
    gc.set_threshold(700, 10, 10)
    summary = GameTask(players=2, bots=("random", "random"), seed=3).play(0)
    assert "error" not in summary
    assert gc.get_threshold() == (20_000, 20, 20)


def test_the_artemis_command_paces_its_process():
    code = ("import gc, sys; sys.argv = ['artemis', 'games']\n"
            "from artemis.cli.root import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('THRESHOLD', gc.get_threshold())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "THRESHOLD (20000, 20, 20)" in out
