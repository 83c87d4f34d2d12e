"""docs/balance.md's before and after tables (issue 28) are written by benchmarks/balance.py
from two merged `artemis simulate` reports: each block names the command that wrote it and a
commit of this checkout's history, names the commits its games were played at, and is exactly
what the script renders from the extract stored beside it (benchmarks/results/balance/). The
script's extract and bars are checked here on a small real run and on made-up extracts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from docs_blocks import WRITTEN, assert_ancestor, blocks_in, load_script, small_report

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "balance.md"
EXTRACTS = ROOT / "benchmarks" / "results" / "balance"
PLAYED = re.compile(r"played at commit `([0-9a-f]{7,40})`")


def balance():
    """benchmarks/balance.py as a module."""
    return load_script("balance.py", "balance_bench")


def blocks() -> list[tuple[str, str]]:
    """(name, text) of every balance block of docs/balance.md."""
    return [(name, text) for _, name, text in blocks_in("balance", [DOC])]


def test_the_balance_doc_holds_the_two_player_counts_tables():
    assert {name for name, _ in blocks()} >= {"project-2p", "project-4p"}


@pytest.mark.parametrize("where", blocks(), ids=lambda b: b[0])
def test_a_balance_block_names_its_command_and_commits_and_renders_from_its_extract(where):
    name, text = where
    m = WRITTEN.search(text)
    assert m, f"block {name} has no 'Written by `COMMAND` at commit `HASH`' line"
    assert m.group("command").startswith(".venv/bin/python benchmarks/balance.py ")
    assert f"--table {name}" in m.group("command")
    played = PLAYED.findall(text)
    assert len(played) == 2, f"block {name} names {len(played)} study commits, not 2"
    extract = json.loads((EXTRACTS / f"{name}.json").read_text(encoding="utf-8"))
    assert balance().render(name, extract) == text  # the numbers are the stored study's
    for commit in (m.group("commit"), *played):
        assert_ancestor(commit, f"block {name}")


def test_the_extract_reads_a_real_report_and_the_bars_judge_it(tmp_path):
    b = balance()
    report = small_report(tmp_path / "r.json", games=6, seed=4)
    x = b.extract(report, "abc1234")
    assert x["games"] == 6 and x["players"] == 3 and x["commit"] == "abc1234"
    assert x["content_version"] == report["config"]["content_version"]
    assert x["margin"] == report["vp"]["margin"]["difference"]
    assert x["most_relief"] == report["figures"]["most_relief"]
    assert [r["difficulty"] for r in x["expeditions"]] == [
        r["difficulty"] for r in report["figures"]["expeditions_by_difficulty"]]
    tested = [i for i in report["items"] if i["adjusted"]["p"] is not None]
    assert x["rows_tested"] == len(tested)
    # the buildings' and Expeditions' tests at their claim and the Events' within standing:
    # each family's tested and flagged rows, rendered as rows of their own; an extract from
    # before them (no key) renders without them, and judges the flags bar on the owners' rows
    for key, kind, name in (("at_claim", "building", "at_claim"),
                            ("expeditions_at_claim", "expedition", "at_claim"),
                            ("events_within_standing", "event", "within_standing"),
                            ("events_card", "event", "card_test")):
        claimed = [i for i in report["items"] if i["kind"] == kind
                   and ((i.get("rates") or {}).get(name) or {}).get("p") is not None]
        assert claimed and x[key]["tested"] == len(claimed), key
        assert x[key]["flagged"] == [
            {"id": i["id"], "odds_ratio": i["rates"][name]["odds_ratio"],
             "q": i["rates"][name]["q"]} for i in claimed if i["rates"][name]["flagged"]]
    claimed = x["at_claim"]["tested"]
    flagged = dict(x["at_claim"], flagged=[{"id": "kelp_farm", "odds_ratio": 2.5, "q": 0.01}])
    keys = ("at_claim", "expeditions_at_claim", "events_within_standing", "events_card")
    old = {k: v for k, v in x.items() if k not in keys}
    newest = dict(x, **{k: dict(x[k], flagged=[]) for k in keys})
    clean = {k: v for k, v in newest.items() if k != "events_card"}  # the tests at the claim
    text = b.render("t", {"command": "c", "commit": "abc1234", "before": old,
                          "after": dict(clean, at_claim=flagged)})
    assert (f"| buildings flagged at their claim (within the round and standing then; FDR 5% "
            f"over the buildings) | - | 1 of {claimed} |") in text
    # an extract stored before the round was held too renders its own row beside it
    first = dict(clean, at_claim={k: v for k, v in flagged.items() if k != "by_round"})
    both = b.render("t", {"command": "c", "commit": "abc1234", "before": first,
                          "after": dict(clean, at_claim=flagged)})
    assert (f"| buildings flagged at their claim (within standing then; FDR 5% over the "
            f"buildings) | 1 of {claimed} | - |") in both
    assert (f"| buildings flagged at their claim (within the round and standing then; FDR 5% "
            f"over the buildings) | - | 1 of {claimed} |") in both
    assert "| flagged at claim after: kelp_farm |  | OR 2.50, q 0.010 |" in text
    assert (f"| Expeditions flagged at their claim (rewarded explorers against other "
            f"Expeditions', within the round and standing then; FDR 5% over the Expeditions) "
            f"| - | 0 of "
            f"{x['expeditions_at_claim']['tested']} |") in text
    # the flags bar in each form: the owners' rows before, the three families after
    bar_old, bar_new = ("no building, Expedition or Event flagged",
                        "no building, Expedition or Event flagged (at their claim; Events "
                        "within standing)")
    assert f"| {bar_old} | {'holds' if not old['flagged'] else 'fails'} | - |" in text
    assert f"| {bar_new} | - | fails |" in text
    assert b.verdicts(clean)[bar_new] is True
    assert b.verdicts(dict(clean, at_claim=flagged))[bar_new] is False
    assert b.verdicts(dict(clean, flagged=[{"id": "x"}]))[bar_new] is True  # owners' rows
    assert "at their claim" not in b.render("t", {"command": "c", "commit": "abc1234",
                                                  "before": old, "after": old})
    assert set(b.verdicts(old)) == {
        bar_old, "every band tried succeeds 10%+ per try",
        "success falls as difficulty rises (beyond noise)",
        "the most Relief gains win at least 1/N", "no step above half the margin",
        "seat and turn-position fairness p >= 0.05"}
    assert set(b.verdicts(clean)) == set(b.verdicts(old)) - {bar_old} | {bar_new}
    # with the Events' test for the bar (a targeted Event against the seats it would have
    # picked, docs/simulate.md): it judges the Events, not the test within standing
    bar_card = ("no building, Expedition or Event flagged (at their claim; Events against the "
                "seats they would have hit, or within standing)")
    assert set(b.verdicts(x)) == set(b.verdicts(clean)) - {bar_new} | {bar_card}
    convoy = [{"id": "relief_convoy", "odds_ratio": 0.54, "q": 0.013}]
    standing = dict(newest, events_within_standing=dict(newest["events_within_standing"],
                                                        flagged=convoy))
    assert b.verdicts(standing)[bar_card] is True
    assert b.verdicts({k: v for k, v in standing.items() if k != "events_card"})[
        bar_new] is False
    card = dict(newest, events_card=dict(newest["events_card"], flagged=[
        {"id": "relief_convoy", "odds_ratio": 1.74, "q": 0.001}]))
    assert b.verdicts(card)[bar_card] is False
    assert b.verdicts(dict(newest, at_claim=flagged))[bar_card] is False
    text = b.render("t", {"command": "c", "commit": "abc1234", "before": clean,
                          "after": card})
    assert (f"| Events flagged for the bar (an Event that picks players by a count against the "
            f"seats it would have picked in the games it was not dealt, the others within "
            f"standing; FDR 5% over the Events) | - | 1 of {x['events_card']['tested']} |"
            ) in text
    assert "| flagged for the bar after: relief_convoy |  | OR 1.74, q 0.001 |" in text
    assert f"| {bar_new} | holds | - |" in text and f"| {bar_card} | - | fails |" in text
    old = dict(report, vp={k: v for k, v in report["vp"].items() if k != "margin"})
    with pytest.raises(b.BalanceError, match="no 'margin'"):
        b.extract(old, "abc1234")


def _made_up(**change) -> dict:
    x = {"flagged": [], "fairness": {"seat": 0.4, "first_round": 0.2},
         "most_relief": {"win_rate": 0.52, "at_random": 0.5, "seats": 100},
         "steps": {"buildings": {"difference": 4.0, "of_margin": 0.4}},
         "expeditions": [{"difficulty": 5, "tried": 100, "succeeded": 90, "per_try": 0.9},
                         {"difficulty": 9, "tried": 100, "succeeded": 30, "per_try": 0.3},
                         {"difficulty": 10, "tried": 100, "succeeded": 12, "per_try": 0.12},
                         {"difficulty": 11, "tried": 0, "succeeded": 0, "per_try": None}]}
    x.update(change)
    return x


def test_the_bars_hold_and_fail_where_they_should():
    v = balance().verdicts
    assert all(v(_made_up()).values())  # a band never tried is not judged
    low = _made_up(expeditions=[{"difficulty": 9, "tried": 100, "succeeded": 30,
                                 "per_try": 0.3},
                                {"difficulty": 10, "tried": 50, "succeeded": 4,
                                 "per_try": 0.08}])
    assert not v(low)["every band tried succeeds 10%+ per try"]
    # an inversion within the intervals is noise; one beyond them is a failure
    noisy = _made_up(expeditions=[{"difficulty": 9, "tried": 40, "succeeded": 10,
                                   "per_try": 0.25},
                                  {"difficulty": 10, "tried": 40, "succeeded": 12,
                                   "per_try": 0.3}])
    assert v(noisy)["success falls as difficulty rises (beyond noise)"]
    inverted = _made_up(expeditions=[{"difficulty": 9, "tried": 200, "succeeded": 30,
                                      "per_try": 0.15},
                                     {"difficulty": 10, "tried": 200, "succeeded": 90,
                                      "per_try": 0.45}])
    assert not v(inverted)["success falls as difficulty rises (beyond noise)"]
    assert not v(_made_up(flagged=[{"id": "x"}]))["no building, Expedition or Event flagged"]
    assert not v(_made_up(most_relief={"win_rate": 0.42, "at_random": 0.5, "seats": 400}))[
        "the most Relief gains win at least 1/N"]
    assert not v(_made_up(steps={"buildings": {"difference": 6.0, "of_margin": 0.55}}))[
        "no step above half the margin"]
    assert not v(_made_up(fairness={"seat": 0.04}))["seat and turn-position fairness p >= 0.05"]


def test_a_report_that_is_not_one_is_an_error_in_words(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert balance().main(["--table", "x", "--before", str(bad), "--before-commit", "a",
                           "--after", str(bad), "--after-commit", "b"]) == 2
    assert "bad.json: cannot read a JSON report" in capsys.readouterr().err


@pytest.mark.parametrize(("players", "version"), [(2, "4"), (4, "4"), (2, "5"), (4, "5"),
                                                 (2, "5-second"), (2, "6"), (4, "6"),
                                                 (4, "8-third"), (2, "9"), (4, "9"),
                                                 (2, "10"), (4, "10"), (4, "10-second"),
                                                 (2, "11"), (4, "11"),
                                                 (4, "11-null-relief-convoy"),
                                                 (2, "11-recounted"), (4, "11-recounted"),
                                                 (4, "11-null-relief-convoy-recounted"),
                                                 (2, "12"), (4, "12")])
def test_the_kept_reports_are_the_ones_the_blocks_were_written_from(players, version):
    """The merged reports kept beside the extracts (benchmarks/results/balance/reports/) give
    the extract of the version's block, so the prose's other figures (an unflagged row's odds
    ratio, the win rates by position) can be read from the games the tables show."""
    import gzip

    results = Path(__file__).resolve().parent.parent / "benchmarks" / "results" / "balance"
    stored = json.loads((results / f"project-{players}p-v{version}.json").read_text())
    with gzip.open(results / "reports" / f"after-{players}p-v{version}.json.gz", "rt") as f:
        report = json.load(f)
    assert balance().extract(report, stored["after"]["commit"]) == stored["after"]
