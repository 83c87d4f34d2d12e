"""The figures of `artemis simulate`'s report a designer reads (docs/simulate.md): each one
recounted here from the games' JSON-lines logs, independently of the report's code; index
ranges merged equal to the whole run, byte for byte; the same report in worker processes;
and the multiple-comparison correction, which flags a planted outlier and not the noise.
Small 3-player random games keep this file quick."""

from __future__ import annotations

import json
from collections import Counter, defaultdict

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.kernel.game import Game, GameConfig
from artemis.records.log import read_log, replay
from artemis.sim import game_seed
from artemis.sim.significance import benjamini_hochberg, chi2_p, mantel_haenszel, wilson

GAMES, SEED, PLAYERS = 12, 5, 3
RUN = ["simulate", "--players", str(PLAYERS), "--seed", str(SEED), "--json",
       "--game-timeout", "0"]


def invoke(*args):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


def canonical(report: dict) -> str:
    return json.dumps(report, sort_keys=True, indent=1)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """One in-process run of GAMES games with their logs and the one-line-per-game export."""
    root = tmp_path_factory.mktemp("report")
    result = invoke(*RUN, "--games", str(GAMES), "--workers", "1", "--log-dir",
                    str(root / "logs"), "--out", str(root / "all.json"), "--games-out",
                    str(root / "games.jsonl"))
    assert result.exit_code == 0, result.output
    logs = []
    for i in range(GAMES):
        path = root / "logs" / f"game-{i:06d}.jsonl"
        logs.append([json.loads(line) for line in path.read_text().splitlines()])
    return {"root": root, "report": json.loads(result.stdout), "logs": logs}


def winner_of(log: list[dict]) -> int:
    return log[-1]["winner"]


def rows(report: dict, kind: str) -> dict:
    return {x["id"]: x for x in report["items"] if x["kind"] == kind}


# -- recounts from the logs ---------------------------------------------------------------


def test_win_rate_by_turn_position_agrees_with_the_logs(run):
    first, final, starts = Counter(), Counter(), Counter()
    seats_first, seats_final, seats_starts = Counter(), Counter(), Counter()
    for log in run["logs"]:
        order = [e for e in log if e["type"] in ("setup", "start_player")]
        began = [order[0]["start"]] + [e["player"] for e in order[1:]]
        assert len(began) == 6  # a start player for each round
        won = winner_of(log)
        for seat in range(PLAYERS):
            p1, p6 = (seat - began[0]) % PLAYERS, (seat - began[-1]) % PLAYERS
            k = began.count(seat)
            seats_first[p1] += 1
            seats_final[p6] += 1
            seats_starts[k] += 1
            first[p1] += seat == won
            final[p6] += seat == won
            starts[k] += seat == won
    by = run["report"]["wins"]["by_position"]
    assert {r["position"]: (r["seats"], r["wins"]) for r in by["first_round"]} == {
        p: (seats_first[p], first[p]) for p in seats_first}
    assert {r["position"]: (r["seats"], r["wins"]) for r in by["final_round"]} == {
        p: (seats_final[p], final[p]) for p in seats_final}
    assert {r["position"]: (r["seats"], r["wins"]) for r in by["starts"]} == {
        k: (seats_starts[k], starts[k]) for k in seats_starts}
    row = by["first_round"][0]
    assert row["win_rate"] == round(row["wins"] / row["seats"], 4)
    assert row["win_rate_ci"] == wilson(row["wins"], row["seats"])


def test_dice_gantry_and_relief_agree_with_the_logs(run):
    dice, prices, gains, rewards, spaces = Counter(), Counter(), 0, Counter(), Counter()
    for log in run["logs"]:
        for e in log:
            if e["type"] == "placed":
                dice[e["region"]] += 1
            elif e["type"] == "gantry_bought":
                prices[e["price"]] += 1
            elif e["type"] == "relief":
                gains += 1
                spaces[e["space"]] += 1
            elif e["type"] == "action" and e["id"].startswith("relief_reward:"):
                rewards[int(e["id"].split(":")[1])] += 1
    f = run["report"]["figures"]
    assert {r: x["dice"] for r, x in f["dice_by_region"]["all"].items()} == dict(dice)
    assert f["dice_by_region"]["all"]["basecamp"]["share"] == round(
        dice["basecamp"] / sum(dice.values()), 4)
    assert f["gantry"]["prices"] == sorted([p, c] for p, c in prices.items())
    assert f["gantry"]["bought"] == sum(prices.values())
    assert f["gantry"]["mean_price"] == round(
        sum(p * c for p, c in prices.items()) / sum(prices.values()), 4)
    assert f["relief"]["all"]["gains"] == gains > 0
    assert f["relief"]["all"]["per_seat"] == round(gains / (GAMES * PLAYERS), 4)
    assert f["relief"]["all"]["reward"] == sorted([s, c] for s, c in rewards.items())
    assert f["relief"]["all"]["space"] == sorted([s, c] for s, c in spaces.items())


def test_who_wins_when_behind_after_round_3_agrees_with_the_logs(run):
    tally = {"behind": Counter(), "level": Counter()}
    for log in run["logs"]:
        vp, relief_later, rnd = [0] * PLAYERS, [0] * PLAYERS, 0
        for e in log:
            if e["type"] == "board_setup":
                rnd = e["round"]
            elif e["type"] == "vp" and rnd <= 3:
                vp[e["player"]] += e["amount"]
            elif e["type"] == "relief" and rnd >= 4:
                relief_later[e["player"]] += 1
        won = winner_of(log)
        final = [log[-1]["totals"][str(seat)] for seat in range(PLAYERS)]
        for seat in range(PLAYERS):
            t = tally["behind" if vp[seat] < max(vp) else "level"]
            t["final_gap"] += max(final) - final[seat]
            t["relief"] += relief_later[seat]
            t["seats"] += 1
            t["wins"] += seat == won
            t["with"] += relief_later[seat] > 0
            t["with_won"] += relief_later[seat] > 0 and seat == won
            t["gap"] += max(vp) - vp[seat]
    after = run["report"]["figures"]["after_round_3"]
    for side, t in tally.items():
        a = after[side]
        assert (a["seats"], a["wins"]) == (t["seats"], t["wins"])
        assert a["with_relief"] == {"seats": t["with"], "wins": t["with_won"],
                                    "win_rate": round(t["with_won"] / t["with"], 4)
                                    if t["with"] else None}
        assert a["without_relief"]["seats"] == t["seats"] - t["with"]
        assert a["mean_gap"] == (round(t["gap"] / t["seats"], 4) if t["seats"] else None)
        assert a["mean_final_gap"] == round(t["final_gap"] / t["seats"], 4)
        assert a["mean_relief"] == round(t["relief"] / t["seats"], 4)
    assert after["behind"]["seats"] > 0


def test_expeditions_count_each_card_laid_out(run):
    laid, tried, won = Counter(), Counter(), Counter()
    for log in run["logs"]:
        for e in log:
            if e["type"] == "board_setup":
                laid.update(e["cards"])
            elif e["type"] == "expedition":
                tried[e["card"]] += 1
                won[e["card"]] += e["success"]
    cards = rows(run["report"], "expedition")
    for card, n in laid.items():
        x = cards[card]
        counts = {k: v for k, v in x["counts"].items() if k != "at_claim"}  # see
        # test_simulate_balance.py for the test at their claim
        assert counts == {"laid_out": n, "attempted": tried[card], "succeeded": won[card]}
        assert x["rates"]["success_per_laid_out"] == round(won[card] / n, 4)
        assert x["rates"]["success_per_laid_out_ci"] == wilson(won[card], n)
    assert sum(laid.values()) == GAMES * 6 * (PLAYERS - 1)  # players - 1 cards a round


def _event_hits(log: list[dict]):
    """Per Event resolved: {seat: [VP, {item: net}]} of the seats its resolution changed,
    read as the records between the 'event' record and the next region, phase or event."""
    out, current = [], None
    for e in log:
        t = e["type"]
        if t == "event":
            current = {}
            out.append((e["event"], current))
            continue
        if t in ("resolve", "dice_rolled", "upkeep", "board_setup", "final_scoring",
                 "start_player", "placement_done"):
            current = None
        if current is None or "player" not in e:
            continue
        if t == "vp":
            current.setdefault(e["player"], [0, Counter()])[0] += e["amount"]
        elif t in ("gain", "lose"):
            hit = current.setdefault(e["player"], [0, Counter()])
            hit[1][e["item"]] += e["amount"] if t == "gain" else -e["amount"]
        elif t in ("colonist_gained", "colonist_discarded"):
            hit = current.setdefault(e["player"], [0, Counter()])
            hit[1]["colonists"] += 1 if t == "colonist_gained" else -1
    return out


def test_events_compare_the_seats_hit_with_the_rest(run):
    want: dict = defaultdict(Counter)
    for log in run["logs"]:
        final = {int(k): v for k, v in log[-1]["totals"].items()}
        won = winner_of(log)
        for event, hits in _event_hits(log):
            c = want[event]
            c["resolved"] += 1
            for seat in range(PLAYERS):
                if seat in hits:
                    c["hit"] += 1
                    c["hit_won"] += seat == won
                    c["hit_vp"] += hits[seat][0]
                    c["hit_final_vp"] += final[seat]
                    for item, n in hits[seat][1].items():
                        c[f"hit_{item}"] += n
                else:
                    c["rest"] += 1
                    c["rest_won"] += seat == won
                    c["rest_final_vp"] += final[seat]
    events = rows(run["report"], "event")
    assert any(c["hit"] for c in want.values())
    zero = dict.fromkeys(("resolved", "hit", "hit_won", "hit_vp", "hit_final_vp", "rest",
                          "rest_won", "rest_final_vp"), 0)
    for event, c in want.items():
        # the hit seats by standing (issue 28), and a targeted Event's against the seats it
        # would have hit, are recounted in tests/test_simulate_balance.py
        counts = {k: v for k, v in events[event]["counts"].items()
                  if k not in ("standing", "would_be")}
        assert counts == {**zero, **c}, event
        r = events[event]["rates"]
        if c["hit"]:
            assert r["hit_final_vp"] == round(c["hit_final_vp"] / c["hit"], 4)
            assert r["hit_win_rate"] == round(c["hit_won"] / c["hit"], 4)
        assert r["rest_win_rate"] == (round(c["rest_won"] / c["rest"], 4)
                                      if c["rest"] else None)


def copied(catalog) -> set[str]:
    """The buildings that have copies (``duplicate_of`` names them)."""
    return {b.duplicate_of for b in catalog.buildings if b.duplicate_of}


def test_buildings_roll_copies_into_one_row_with_staffing(run):
    """Owners, copies, Gantry prices and activations from the log records; fully staffed at
    the end from each log replayed to its final position (the state the log leads to)."""
    held, staffed, owners, wins, copies = Counter(), Counter(), Counter(), Counter(), set()
    activated, paid = Counter(), Counter()
    catalog = None
    for i, log in enumerate(run["logs"]):
        game = replay(read_log(run["root"] / "logs" / f"game-{i:06d}.jsonl")).game
        catalog = game.catalog
        won = winner_of(log)

        def group(tile, catalog=catalog):
            return catalog.by_id[tile].duplicate_of or tile

        for e in log:
            if e["type"] == "activated":
                activated[group(e["tile"])] += 1
            elif e["type"] == "gantry_bought":
                paid[group(e["tile"])] += e["price"]
        for p in game.state.players:
            mine = set()
            for b in p.buildings:
                tile = catalog.by_id[b.tile]
                g = group(b.tile)
                # every copy held, the original too, has its own entry in the row's copies
                # (an original that never appeared in the run has none)
                if g in copied(catalog):
                    copies.add((g, b.tile))
                held[g] += 1
                staffed[g] += sum(b.staff) == len(tile.slots)  # every slot filled (R31)
                mine.add(g)
            for g in mine:  # a seat holding two copies is one owner
                owners[g] += 1
                wins[g] += p.seat == won
    buildings = rows(run["report"], "building")
    assert not any(catalog.by_id[x].duplicate_of for x in buildings)
    for g, n in held.items():
        x = buildings[g]
        assert (x["owners"], x["counts"]["held"]) == (owners[g], n)
        assert x["counts"]["fully_staffed"] == staffed[g]
        assert x["rates"]["fully_staffed_rate"] == round(staffed[g] / n, 4)
        assert x["counts"].get("activated", 0) == activated[g]
        assert x["counts"].get("paid", 0) == paid[g]
        assert x["owners_win_rate"] == round(wins[g] / owners[g], 4)
    assert any(g == c for g, c in copies) and any(g != c for g, c in copies)
    assert all(c in buildings[g]["copies"] for g, c in copies)


def test_one_line_per_game_agrees_with_the_logs(run):
    lines = [json.loads(line) for line in (run["root"] / "games.jsonl").read_text().splitlines()]
    assert [x["index"] for x in lines] == list(range(GAMES))
    for i, (line, log) in enumerate(zip(lines, run["logs"], strict=True)):
        assert line["seed"] == log[0]["seed"] == game_seed(SEED, i)
        assert line["bots"] == ["random"] * PLAYERS
        assert line["vp"] == [log[-1]["totals"][str(s)] for s in range(PLAYERS)]
        assert line["winner"] == winner_of(log)
        assert [sum(s["dice"].values()) for s in line["seats"]] == [
            sum(1 for e in log if e["type"] == "placed" and e["player"] == s)
            for s in range(PLAYERS)]
        assert "items" not in line


# -- index ranges, merging and workers ----------------------------------------------------


def test_merged_index_ranges_equal_the_whole_run(run, tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for path, start, games in ((b, 5, GAMES - 5), (a, 0, 5)):
        result = invoke(*RUN, "--start", str(start), "--games", str(games), "--workers", "1",
                        "--out", str(path))
        assert result.exit_code == 0, result.output
        assert json.loads(path.read_text())["indices"] == [[start, start + games]]
    result = invoke("simulate", "merge", str(b), str(a), "--out", str(tmp_path / "m.json"),
                    "--json")
    assert result.exit_code == 0, result.output
    merged = json.loads((tmp_path / "m.json").read_text())
    whole = json.loads((run["root"] / "all.json").read_text())
    assert canonical(merged) == canonical(whole)
    assert json.loads(result.stdout) == merged
    assert merged["config"]["games"] == GAMES and merged["config"]["start"] == 0
    # the console form of a merge prints the tables
    result = invoke("simulate", "merge", str(a), str(b))
    assert result.exit_code == 0 and "first round seats wins" in " ".join(result.stdout.split())
    # items by their names, as the run itself prints them (read again from the content)
    claimed = [x["id"] for x in merged["items"] if x["kind"] == "building" and x["appeared"]]
    by_id = Game.new(GameConfig(players=2)).catalog.by_id
    assert claimed and all(by_id[i].name in result.stdout for i in claimed)


def test_merge_refuses_reports_of_another_run_or_repeated_games(tmp_path):
    paths = {}
    for name, args in (("a", ["--seed", "1"]), ("b", ["--seed", "2"]),
                       ("c", ["--seed", "1", "--start", "1"])):
        paths[name] = tmp_path / f"{name}.json"
        result = invoke("simulate", "--players", "2", "--games", "2", "--workers", "1",
                        "--game-timeout", "0", *args, "--out", str(paths[name]), "--json")
        assert result.exit_code == 0, result.output
    result = invoke("simulate", "merge", str(paths["a"]), str(paths["b"]))
    assert result.exit_code == 1
    assert (f"report 2 ({paths['b']}) is of another run: its config's 'seed' is 2, "
            f"report 1 ({paths['a']})'s 1") in result.stderr
    result = invoke("simulate", "merge", str(paths["a"]), str(paths["c"]))
    assert result.exit_code == 1
    assert (f"report 2 ({paths['c']}) repeats games already merged, the first: game 1"
            in result.stderr)
    # a range played on another content version (before a rebalance) is another run
    data = json.loads(paths["c"].read_text())
    assert data["config"]["content_version"] == 12 and data["config"]["rules_version"] == 2
    data["config"]["start"], data["config"]["content_version"] = 2, 1
    (tmp_path / "v1.json").write_text(json.dumps(data))
    result = invoke("simulate", "merge", str(paths["a"]), str(tmp_path / "v1.json"))
    assert result.exit_code == 1
    assert (f"report 2 ({tmp_path / 'v1.json'}) is of another run: its config's "
            f"'content_version' is 1, report 1 ({paths['a']})'s 12") in result.stderr
    (tmp_path / "bad.json").write_text("{not json")
    result = invoke("simulate", "merge", str(paths["a"]), str(tmp_path / "bad.json"))
    assert result.exit_code == 1 and "is not JSON" in result.stderr
    (tmp_path / "old.json").write_text(json.dumps({"format": "artemis-simulate/1"}))
    result = invoke("simulate", "merge", str(tmp_path / "old.json"))
    assert result.exit_code == 1 and (f"report 1 ({tmp_path / 'old.json'}) is not an "
                                      "artemis simulate report") in result.stderr
    assert "Traceback" not in result.output


def test_a_range_in_two_workers_gives_the_in_process_report(run, tmp_path):
    args = [*RUN, "--start", "7", "--games", "3"]
    one = invoke(*args, "--workers", "1")
    two = invoke(*args, "--workers", "2", "--game-timeout", "600")
    assert one.exit_code == two.exit_code == 0, two.output
    assert "2 worker processes" in two.stderr
    assert canonical(json.loads(one.stdout)) == canonical(json.loads(two.stdout))


# -- the tests behind the flags ---------------------------------------------------------


def test_mantel_haenszel_and_benjamini_hochberg_give_the_textbook_values():
    # one stratum: the CMH statistic is Pearson's chi-square times (n - 1) / n
    test = mantel_haenszel([(10, 5, 5, 10)])
    assert test == {"odds_ratio": 4.0, "chi2": 3.2222, "p": chi2_p(29 / 9)}
    assert abs(chi2_p(3.841459) - 0.05) < 1e-6  # the 95th percentile of chi-square(1)
    # two strata with the same odds ratio pool to it; a stratum with an empty row is skipped
    assert mantel_haenszel([(4, 2, 2, 4), (8, 4, 4, 8), (0, 0, 3, 5)])["odds_ratio"] == 4.0
    assert mantel_haenszel([(0, 0, 3, 5)]) is None
    assert benjamini_hochberg([0.01, 0.04, 0.03, 0.005]) == [0.02, 0.04, 0.04, 0.02]
    assert benjamini_hochberg([0.5, 0.9]) == [0.9, 0.9]


JACKPOT = """\
kind: buildings
items:
  - id: jackpot
    name: Jackpot
    kind: ocean
    slots: [any]
    trigger: {on: on_building_claimed, effect: [{vp: 40}]}
    provenance: "a planted outlier: 40 VP for a building claimed while staffed"
  - {id: jackpot_2, duplicate_of: jackpot, provenance: "copy"}
  - {id: jackpot_3, duplicate_of: jackpot, provenance: "copy"}
"""


def test_the_correction_flags_a_planted_40_vp_tile_and_not_the_noise(tmp_path):
    pack = tmp_path / "jackpot"
    pack.mkdir()
    (pack / "expansion.yaml").write_text(
        'id: jackpot\nname: Jackpot\nversion: 0.1.0\nengine: ">=0.1"\nrequires: [base]\n'
        'files: [buildings.yaml]\ndescription: "a planted outlier"\nauthors: ["tests"]\n'
        'provenance: "tests"\n')
    (pack / "buildings.yaml").write_text(JACKPOT)
    # content version 3, the base the planted tile was calibrated against: with version 4's
    # values these 60 random games also flag Survey Contract (its 2 VP for the badge leaders
    # is a real edge in random bots' 8-VP games, not noise)
    result = invoke("simulate", "--games", "60", "--players", "3", "--workers", "1",
                    "--game-timeout", "0", "--expansion", str(pack), "--json",
                    "--content-version", "3")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    flagged = [x["id"] for x in report["items"] if x["adjusted"]["flagged"]]
    assert flagged == ["jackpot"]
    jackpot = next(x for x in report["items"] if x["id"] == "jackpot")
    assert jackpot["adjusted"]["odds_ratio"] > 2 and jackpot["adjusted"]["q"] <= 0.05
    assert set(jackpot["copies"]) == {"jackpot", "jackpot_2", "jackpot_3"}
    assert sum(c["owners"] for c in jackpot["copies"].values()) >= jackpot["owners"]
    # rows that pass an uncorrected 5% test by chance are not flagged
    lucky = [x["id"] for x in report["items"] if x["id"] != "jackpot"
             and x["adjusted"]["p"] is not None and x["adjusted"]["p"] < 0.05]
    assert lucky and not set(lucky) & set(flagged)
    tested = [x for x in report["items"] if x["adjusted"]["p"] is not None]
    assert len(tested) > 30


def test_merging_tallies_of_synthetic_games_with_errors_equals_the_whole():
    """Without playing: summaries with copies, strata, positions, figures and an error,
    split at every index, merge into the whole run's report."""
    from artemis.sim.report import build_report, merge_reports

    def game(i):
        if i == 3:
            return {"index": i, "seed": 30, "error": "RuntimeError: boom", "replay": "x"}
        return {"index": i, "seed": i, "winner": i % 3, "vp": [i, 2 * i % 7, 5 - i % 4],
                "in_game": [0, 1, 2], "steps": [{"a": i}, {"a": 1}, {"a": -1}],
                "decisions": 50 + i, "rounds": 6,
                "positions": {"first_round": [i % 3, (i + 1) % 3, (i + 2) % 3]},
                "strata": [i % 2, 1, 2],
                "items": {"dome": {"kind": "building", "appeared": True, "taken": True,
                                   "owners": [i % 3], "group": "dome", "counts": {"held": 1}},
                          "dome_2": {"kind": "building", "appeared": i % 2 == 0,
                                     "taken": False, "owners": [], "group": "dome",
                                     "counts": {"held": 0}}},
                "figures": {"game": {"gantry": {"bought": i}},
                            "seats": [{"dice": {"basecamp": i}}, {}, {}]}}

    bots = ["random", "greedy", "random"]
    config = {"games": 8, "start": 0, "seed": 1}
    whole = build_report([game(i) for i in range(8)], bots, [("dome", "building")], config,
                         8)
    for cut in range(1, 8):
        parts = [build_report([game(i) for i in range(a, b)], bots, [("dome", "building")],
                              {**config, "games": b - a, "start": a}, b - a)
                 for a, b in ((cut, 8), (0, cut))]
        assert canonical(merge_reports(parts)) == canonical(whole), cut
    assert whole["errors"][0]["index"] == 3 and whole["finished"] == 7
    dome = whole["items"][0]
    assert dome["copies"]["dome_2"]["appeared"] == 4 and dome["counts"] == {"held": 7}


def test_an_undefined_odds_ratio_reads_n_a_and_no_test_a_dash():
    from artemis.sim.tables import odds_q, odds_ratio_text

    # every exposed seat won in the one informative stratum: the ratio is undefined, the test
    # is not (docs/simulate.md, "Buildings and Expeditions at their claim")
    test = mantel_haenszel([(3, 0, 2, 2), (2, 0, 0, 0)])
    assert test["odds_ratio"] is None and test["p"] is not None
    assert odds_ratio_text(test) == "n/a"
    assert odds_ratio_text(None) == "-" and odds_ratio_text({}) == "-"
    assert odds_ratio_text({"odds_ratio": 0.4527, "p": 0.01}) == "0.45"
    assert odds_q({"adjusted": {**test, "q": 0.5, "flagged": False}}) == ("n/a", "0.500 ")
