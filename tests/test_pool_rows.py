"""benchmarks/pool_rows.py: the Project's flag tests pooled over studies of other seeds
(docs/balance.md, "Version 7 at 4 players over 800 games"). A pool of one report must give
that report's own figures, row for row; a pool of two its games added; reports of other
counts are refused in words."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from docs_blocks import load_script, small_report

REPORTS = Path(__file__).resolve().parent.parent / "benchmarks" / "results" / "balance" / "reports"


@pytest.fixture(scope="module")
def pool_rows():
    return load_script("pool_rows.py", "pool_rows")


def _report(name):
    path = REPORTS / name
    if not path.exists():
        pytest.skip(f"no {path.name} in this tree")
    with gzip.open(path, "rt") as f:
        return json.load(f)


@pytest.mark.parametrize("name", ["after-4p-v7-second.json.gz", "after-2p-v7.json.gz"])
def test_one_report_alone_gives_its_own_flags(pool_rows, name):
    report = _report(name)
    rows = {x["id"]: x for x in pool_rows.pool([report])}
    tested = 0
    for item in report["items"]:
        mine, own = rows[item["id"]], item["adjusted"]
        assert mine["flagged"] == own["flagged"], item["id"]
        if own["p"] is None:
            assert mine["p"] is None, item["id"]
            continue
        tested += 1
        assert mine["odds_ratio"] == pytest.approx(own["odds_ratio"], abs=1e-4), item["id"]
        assert mine["p"] == pytest.approx(own["p"], rel=1e-4), item["id"]
        assert mine["q"] == pytest.approx(own["q"], rel=1e-4), item["id"]
    assert tested == 67  # 62 owner rows and 5 Events with a standing test, as the report's


def test_two_studies_pooled(pool_rows):
    a, b = _report("after-4p-v7.json.gz"), _report("after-4p-v7-second.json.gz")
    rows = {x["id"]: x for x in pool_rows.pool([a, b])}
    assert rows["manufactory"]["games"] == 800
    # the Manufactory: 1.86 (q 0.052) and 1.96 (flagged) alone, 1.91 pooled and flagged
    assert rows["manufactory"]["odds_ratio"] == pytest.approx(1.91, abs=0.005)
    assert rows["manufactory"]["flagged"]
    flagged = sorted(x["id"] for x in rows.values() if x["flagged"])
    assert len(flagged) == 13 and "fever_outbreak" in flagged


def test_other_counts_refused(pool_rows, tmp_path):
    a, b = _report("after-4p-v7.json.gz"), _report("after-2p-v7.json.gz")
    with pytest.raises(pool_rows.PoolError, match="players 2, but .* has 4"):
        pool_rows.pool([a, b], ["a.json", "b.json"])
    bad = tmp_path / "list.json"
    bad.write_text("[1, 2]")
    assert pool_rows.main([str(bad)]) == 1


def test_an_undefined_odds_ratio_prints_as_a_dash(pool_rows, capsys, tmp_path):
    report = _report("after-2p-v8.json.gz")
    report["sums"]["item"]["kelp_farm"]["strata"] = {"strong|5": [6, 0, 0, 6]}  # owners all won
    row = {x["id"]: x for x in pool_rows.pool([report])}["kelp_farm"]
    assert row["odds_ratio"] is None and row["p"] is not None
    path = tmp_path / "r.json"
    path.write_text(json.dumps(report))
    assert pool_rows.main([str(path)]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("kelp_farm"))
    assert line.split()[2:4] == ["-", "p"]


def test_packs_compared_in_words(pool_rows):
    a, b = _report("after-2p-v8.json.gz"), _report("after-2p-v8.json.gz")
    b["config"]["seed"] += 1  # another run's games, as far as the pool can tell
    a["config"]["packs"][0]["digest"] = "sha256:aa"
    pool_rows.pool([a, b])  # a report without digests has none to compare
    b["config"]["packs"][0]["digest"] = "sha256:bb"
    with pytest.raises(pool_rows.PoolError, match="pack 'base' was played from other files"):
        pool_rows.pool([a, b], ["a.json", "b.json"])
    b["config"]["packs"].append({"id": "reef_expansion", "version": "0.1.0"})
    with pytest.raises(pool_rows.PoolError, match="packs base 8.0.0, reef_expansion 0.1.0, "
                                                  "but a.json has base 8.0.0"):
        pool_rows.pool([a, b], ["a.json", "b.json"])


@pytest.mark.parametrize("name", ["after-2p-v8.json.gz", "after-4p-v7.json.gz"])
def test_one_report_alone_gives_its_own_fairness_tests(pool_rows, name):
    report = _report(name)
    got, own = pool_rows.fairness([report]), report["wins"]["fairness"]
    assert got["by_seat"]["p"] == pytest.approx(own["by_seat"]["p"], rel=1e-4)
    for table, test in own["by_position"].items():
        assert got["by_position"][table]["p"] == pytest.approx(test["p"], rel=1e-4), table


def test_two_studies_fairness_pooled(pool_rows, capsys):
    a, b = _report("after-2p-v7.json.gz"), _report("after-2p-v7-second.json.gz")
    got = pool_rows.fairness([a, b])
    # the round-1 start player: 201 of 400 and 200 of 400 alone (p 0.920, 1.000)
    assert got["games"] == 800 and got["wins"]["seat"] == [425, 375]
    assert got["wins"]["positions"]["first_round"] == {"0": (800, 401), "1": (800, 399)}
    assert got["by_position"]["first_round"]["p"] == pytest.approx(0.944, abs=5e-4)
    assert got["by_seat"]["p"] == pytest.approx(0.077, abs=5e-4)
    b["sums"]["bots"] = ["greedy", "greedy"]
    with pytest.raises(pool_rows.PoolError, match="bots greedy, greedy, but a.json has "
                                                  "strong"):
        pool_rows.fairness([a, b], ["a.json", "b.json"])


def test_a_report_given_twice_or_cut_short_is_refused_in_words(pool_rows, tmp_path, capsys):
    a = _report("after-2p-v8.json.gz")
    with pytest.raises(pool_rows.PoolError, match=r"b.json and a.json hold the same game "
                                                  r"\(run seed 292002, index 0\): a report "
                                                  r"given twice"):
        pool_rows.pool([a, _report("after-2p-v8.json.gz")], ["a.json", "b.json"])
    cut = tmp_path / "cut.json.gz"
    cut.write_bytes((REPORTS / "after-2p-v8.json.gz").read_bytes()[:100])
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({"sums": 1, "config": 2}))
    for path in (cut, odd):
        for extra in ([], ["--fairness"]):
            assert pool_rows.main([str(path), *extra]) == 1
            err = capsys.readouterr().err
            assert err.startswith(f"pool_rows.py: {path}: ") and "Traceback" not in err


def test_the_buildings_test_at_their_claim_pools_as_the_report_tests_it(pool_rows, tmp_path):
    """A pool of one report's tests at the claim gives the report's own, building for
    building and Expedition for Expedition, and the Events' within standing (q over each
    kind apart); a report from before the test is refused in words, not pooled without it."""
    report = small_report(tmp_path / "r.json", games=10, seed=8)
    rows = {x["id"]: x for x in pool_rows.pool([report], at_claim=True)}
    claimed = [x for x in report["items"] if x["kind"] in ("building", "expedition", "event")]
    assert set(rows) == {x["id"] for x in claimed}
    tested = {"building": 0, "expedition": 0, "event": 0}
    for item in claimed:
        mine = rows[item["id"]]
        own = (item.get("rates") or {}).get("within_standing" if item["kind"] == "event"
                                             else "at_claim")
        if own is None or own["p"] is None:
            assert mine["p"] is None, item["id"]
            continue
        tested[item["kind"]] += 1
        assert mine["p"] == pytest.approx(own["p"], rel=1e-4), item["id"]
        assert mine["q"] == pytest.approx(own["q"], rel=1e-4), item["id"]
        assert mine["flagged"] == own["flagged"]
    assert all(tested.values()), tested
    # a report with the buildings' test alone (played between the two) pools the buildings
    first200 = _report("at-claim-4p-v8-third-first200.json.gz")
    assert {x["kind"] for x in pool_rows.pool([first200], at_claim=True)} == {"building",
                                                                                "event"}
    old = _report("after-2p-v7.json.gz")
    with pytest.raises(pool_rows.PoolError, match="holds no test of the buildings at their "
                                                  "claim"):
        pool_rows.pool([old], ["old.json.gz"], at_claim=True)
