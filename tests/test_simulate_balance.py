"""Issue 28's additions to `artemis simulate`'s report, each recounted here from the games'
JSON-lines logs, independently of the report's code (as tests/test_simulate_figures.py does
for the figures before them), and the tests behind them checked against textbook values.
Small seeded 3-player runs keep this file quick (docs/simulate.md)."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.sim.significance import chi2_p, chi2_sf, goodness_of_fit

GAMES, SEED, PLAYERS = 12, 11, 3


def invoke(*args):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


def play(root, game="project", games=GAMES, players=PLAYERS, bots="random", seed=SEED):
    """A run with its logs: {report, logs}."""
    result = invoke("simulate", "--game", game, "--players", str(players), "--seed", str(seed),
                    "--games", str(games), "--bots", bots, "--workers", "1",
                    "--game-timeout", "0", "--json", "--log-dir", str(root / "logs"))
    assert result.exit_code == 0, result.output
    logs = [[json.loads(line) for line in
             (root / "logs" / f"game-{i:06d}.jsonl").read_text().splitlines()]
            for i in range(games)]
    return {"report": json.loads(result.stdout), "logs": logs}


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return play(tmp_path_factory.mktemp("balance"))


def final(log: list[dict]) -> dict:
    """The log's final_scoring record."""
    return next(e for e in reversed(log) if e["type"] == "final_scoring")


# -- the tests ------------------------------------------------------------------------------


def test_chi_square_tails_give_the_textbook_percentiles():
    # the 95th percentiles of chi-square with 1 to 5 degrees of freedom (any table)
    for df, x in ((1, 3.841459), (2, 5.991465), (3, 7.814728), (4, 9.487729), (5, 11.0705)):
        assert abs(chi2_sf(x, df) - 0.05) < 1e-6, df
    assert chi2_sf(3.2, 1) == chi2_p(3.2)
    assert chi2_sf(2.0, 2) == float(f"{math.exp(-1):.6g}")  # df 2: exp(-x/2)
    assert chi2_sf(0.0, 3) == 1.0
    with pytest.raises(ValueError):
        chi2_sf(1.0, 0)


def test_goodness_of_fit_of_wins_against_fair_shares():
    # 30 and 20 wins where 25 each are fair: (5^2 + 5^2) / 25 = 2, df 1
    assert goodness_of_fit([30, 20], [25, 25]) == {"chi2": 2.0, "df": 1, "p": chi2_p(2.0),
                                                   "min_expected": 25}
    # expected in proportion to seats: 12 wins over positions held 10, 20 and 30 times
    test = goodness_of_fit([4, 4, 4], [2, 4, 6])
    assert test["chi2"] == round(4 / 2 + 0 + 4 / 6, 4) and test["df"] == 2
    assert test["p"] == chi2_sf(4 / 2 + 4 / 6, 2)
    assert goodness_of_fit([3], [3]) is None
    with pytest.raises(ValueError):
        goodness_of_fit([1, 2], [1])


# -- recounts from the logs -------------------------------------------------------------------


def test_seat_and_turn_position_fairness_agree_with_the_logs(run):
    wins, first_seats, first_wins = Counter(), Counter(), Counter()
    for log in run["logs"]:
        won = final(log)["winner"]
        order = [e for e in log if e["type"] in ("setup", "start_player")]
        start = order[0]["start"]
        wins[won] += 1
        for seat in range(PLAYERS):
            first_seats[(seat - start) % PLAYERS] += 1
            first_wins[(seat - start) % PLAYERS] += seat == won
    fair = run["report"]["wins"]["fairness"]
    chi2 = sum((wins[s] - GAMES / PLAYERS) ** 2 / (GAMES / PLAYERS) for s in range(PLAYERS))
    assert fair["by_seat"] == {"chi2": round(chi2, 4), "df": PLAYERS - 1,
                               "p": chi2_sf(chi2, PLAYERS - 1),
                               "min_expected": round(GAMES / PLAYERS, 4)}
    fair_share = [GAMES * first_seats[p] / sum(first_seats.values()) for p in range(PLAYERS)]
    chi2 = sum((first_wins[p] - e) ** 2 / e for p, e in enumerate(fair_share))
    assert fair["by_position"]["first_round"]["chi2"] == round(chi2, 4)
    assert fair["by_position"]["first_round"]["p"] == chi2_sf(chi2, PLAYERS - 1)
    assert set(fair["by_position"]) == {"first_round", "final_round", "starts"}


def test_each_scoring_step_of_the_winners_against_the_others_agrees_with_the_logs(run):
    sums = {"winners": Counter(), "others": Counter()}
    seats = Counter()
    for log in run["logs"]:
        record = final(log)
        for seat, steps in record["steps"].items():
            side = "winners" if int(seat) == record["winner"] else "others"
            seats[side] += 1
            for name, vp in steps.items():
                sums[side][name] += vp
    gap = run["report"]["vp"]["step_gap"]
    assert list(gap) == list(run["report"]["vp"]["steps"])
    assert seats == {"winners": GAMES, "others": GAMES * (PLAYERS - 1)}
    for name, g in gap.items():
        w, o = sums["winners"][name] / GAMES, sums["others"][name] / (GAMES * (PLAYERS - 1))
        assert (g["winners"]["n"], g["others"]["n"]) == (GAMES, GAMES * (PLAYERS - 1))
        assert g["winners"]["mean"] == round(w, 4) and g["others"]["mean"] == round(o, 4)
        assert g["difference"] == round(w - o, 4)
    assert gap["buildings"]["difference"] > 0  # the winners hold more buildings here


def test_the_seat_test_is_left_out_when_the_seats_bots_differ(tmp_path):
    report = play(tmp_path, games=2, players=2, bots="greedy,random")["report"]
    assert report["wins"]["fairness"]["by_seat"] is None
    assert report["wins"]["fairness"]["by_position"]["first_round"] is not None
