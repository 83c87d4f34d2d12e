"""The strength tables in the docs are written by benchmarks/strength.py (docs/simulate.md,
"Which bots make which conclusions trustworthy"): each block names the command that plays its
games again and a commit of this checkout's history; and the benchmark's figures add up on
two tiny games (Wilson's interval, wins, the CPU quantiles, the dice by region)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from docs_blocks import WRITTEN, assert_ancestor, blocks_in, in_git_checkout, load_script

ROOT = Path(__file__).resolve().parent.parent


def strength():
    """benchmarks/strength.py as a module."""
    return load_script("strength.py", "strength_bench")


def blocks() -> list[tuple[str, str, str]]:
    """(file, name, text) of every strength block in docs/ and benchmarks/README.md."""
    return blocks_in("strength", sorted((ROOT / "docs").glob("*.md"))
                     + [ROOT / "benchmarks" / "README.md"])


def test_docs_hold_a_strength_block():
    names = {(f, n) for f, n, _ in blocks()}
    assert ("simulate.md", "mcts-greedy-2p") in names


@pytest.mark.parametrize("where", blocks(), ids=lambda b: f"{b[0]}:{b[1]}")
def test_a_strength_block_names_its_command_and_an_ancestor_commit(where):
    file, name, text = where
    m = WRITTEN.search(text)
    assert m, f"{file}'s block {name} has no 'Written by `COMMAND` at commit `HASH`' line"
    command = m.group("command")
    assert command.startswith(".venv/bin/python benchmarks/strength.py "), command
    assert f"--table {name}" in command, command
    assert_ancestor(m.group("commit"), f"{file}'s block {name}")


def test_wilson_on_known_numbers():
    s = strength()
    low, high = s.wilson(10, 25)
    assert (round(low, 3), round(high, 3)) == (0.234, 0.593)
    low, high = s.wilson(133, 200)
    assert (round(low, 3), round(high, 3)) == (0.597, 0.727)
    assert s.wilson(0, 0) == (0.0, 1.0)
    low, high = s.wilson(0, 4)
    assert low == 0.0 and round(high, 3) == 0.490
    # half a win (a tie) is a proportion like any other: 1.5 of 3 is centred on a half
    low, high = s.wilson(1.5, 3)
    assert low + high == pytest.approx(1.0) and round(low, 3) == 0.125


def test_percentile_and_seed_ranges():
    s = strength()
    assert s.percentile([5, 1, 4, 2, 3, 6, 7, 8, 9, 10], 0.9) == 9
    assert s.percentile([3.0], 0.9) == 3.0
    assert math.isnan(s.percentile([], 0.5))
    assert s.seed_ranges([7, 3, 4, 5, 9]) == [[3, 3], [7, 1], [9, 1]]
    assert s.seeds_text([[1000000, 40], [5, 1]]) == "1000000-1000039, 5"
    assert s.parse_seeds("1000000:40") == (1000000, 40)
    with pytest.raises(s.StrengthError, match="FIRST:COUNT"):
        s.parse_seeds("12")


def test_two_tiny_games_add_up():
    """Two 2-player games of random against greedy: the tested seat goes round, the wins,
    the VP by seat kind and the dice are the games' own."""
    s = strength()
    rows = s.play_range("project", 2, "random", "greedy", 40, 2)
    assert [r["seed"] for r in rows] == [40, 41]
    assert [r["tested"] for r in rows] == [[0], [1]]
    assert rows[0]["kinds"] == ["random", "greedy"] and rows[1]["kinds"] == ["greedy", "random"]
    meta = {"game": "project", "players": 2, "bot": "random", "against": "greedy",
            "all_same": False, "seeds": [[40, 2]]}
    f = s.figures(rows, meta)
    credits = [r["credit"] for r in rows]
    assert all(c in (0.0, 1.0) for c in credits)  # the Project's tie-break names one winner
    assert f["wins"] == sum(credits) and f["games"] == 2
    assert f["wilson"] == s.wilson(sum(credits), 2)
    tested_vp = [rows[0]["vp"][0], rows[1]["vp"][1]]
    assert f["vp"]["tested"] == pytest.approx(sum(tested_vp) / 2)
    assert f["vp"]["against"] == pytest.approx((rows[0]["vp"][1] + rows[1]["vp"][0]) / 2)
    assert set(f["by_position"]) == {0, 1}
    assert list(f["dice"]) == list(s.PROJECT_REGIONS)  # the Academy too, even at 0
    assert f["dice_total"] == sum(sum(r["dice"].values()) for r in rows) > 0
    median, p90, decisions = f["cpu"]
    assert decisions == sum(len(r["seconds"]) for r in rows) > 0
    assert 0 <= median <= p90
    # a part merged with itself counts each seed once, and a part of another matchup refuses
    part = {"meta": {**meta, "commit": "abc1234", "dirty": False}, "rows": rows}
    merged_meta, merged = s.merge([part, part])
    assert [r["seed"] for r in merged] == [40, 41] and merged_meta["seeds"] == [[40, 2]]
    other = {"meta": {**part["meta"], "against": "random"}, "rows": rows}
    with pytest.raises(s.StrengthError, match="against"):
        s.merge([part, other])
    # the block it writes names the command that plays the games again and the commit
    text = s.markdown(rows, {**part["meta"], "budget": {"bot": "random", "against": "greedy"},
                             "cpu": "a CPU", "python": "3"}, "t", "docs/simulate.md")
    m = WRITTEN.search(text)
    assert m.group("commit") == "abc1234"
    assert m.group("command") == (".venv/bin/python benchmarks/strength.py --game project "
                                  "--players 2 --bot random --against greedy --seeds 40:2 "
                                  "--write-docs docs/simulate.md --table t")
    assert f"| project | 2 | `random` | `greedy` | 2 | {f['wins']:g} |" in text


def test_all_same_and_a_tie_shared():
    s = strength()
    rows = s.play_range("project", 3, "random", "greedy", 7, 1, all_same=True)
    assert rows[0]["kinds"] == ["random"] * 3 and rows[0]["tested"] == [0, 1, 2]
    assert rows[0]["credit"] == 1.0  # every seat is the tested bot
    meta = {"game": "project", "players": 3, "bot": "random", "against": "greedy",
            "all_same": True, "seeds": [[7, 1]]}
    f = s.figures(rows, meta)
    assert f["vp"]["seat"] == pytest.approx(sum(rows[0]["vp"]) / 3)
    # a game the rules give two winners (the Odyssey's tied leaders): half a win each
    tie = {**rows[0], "tested": [0], "winners": [0, 2], "credit": 0.5}
    g = s.figures([tie, {**tie, "credit": 0.0, "winners": [1]}],
                  {**meta, "all_same": False})
    assert g["wins"] == 0.5 and g["tied"] == 1 and g["rate"] == 0.25


def test_write_docs_replaces_only_its_block_and_refuses_dirty_code(tmp_path):
    s = strength()
    doc = tmp_path / "notes.txt"
    doc.write_text("a\n<!-- strength:t -->\nold\n<!-- /strength:t -->\nb\n")
    s.write_docs(str(doc), "t", "new")
    assert doc.read_text() == "a\n<!-- strength:t -->\nnew\n<!-- /strength:t -->\nb\n"
    with pytest.raises(s.StrengthError, match="no block"):
        s.write_docs(str(doc), "u", "x")
    with pytest.raises(s.StrengthError, match="uncommitted"):
        s.check_writable({"commit": "abc1234", "dirty": True})
    with pytest.raises(s.StrengthError, match="git checkout"):
        s.check_writable({"commit": None, "dirty": None})
    s.check_writable({"commit": "abc1234", "dirty": False})


def test_parts_merge_across_commits_only_with_the_same_code():
    """Ranges run apart at two commits merge when engine/, content/ and plugins/ are the same
    at both (the later commit is named), and are refused when the code differs."""
    s = strength()
    if not in_git_checkout():
        pytest.skip("not a git checkout: no commits to compare")
    head = s.git("rev-parse", "--short", "HEAD")
    changed = s.git("log", "-1", "--format=%h", "--", *s.CODE_DIRS)
    before = s.git("rev-parse", "--short", f"{changed}~1")
    meta = {"game": "project", "players": 2, "bot": "random", "against": "greedy",
            "all_same": False, "dirty": False}
    row = {"seed": 1, "tested": [1], "kinds": ["greedy", "random"], "vp": [30, 5],
           "winners": [0], "credit": 0.0, "seconds": [], "forced": 0, "dice": {}}
    a = {"meta": {**meta, "commit": changed}, "rows": [row]}
    b = {"meta": {**meta, "commit": head}, "rows": [{**row, "seed": 3}]}
    merged, rows = s.merge([b, a])
    assert merged["commit"] == head and merged["seeds"] == [[1, 1], [3, 1]]
    with pytest.raises(s.StrengthError, match="differ in commit"):
        s.merge([{"meta": {**meta, "commit": before}, "rows": [row]}, b])


RESULTS = ROOT / "benchmarks" / "results"


@pytest.mark.parametrize("where", blocks(), ids=lambda b: f"{b[0]}:{b[1]}")
def test_a_published_run_writes_its_block_again(where):
    """A table with its games published (``--publish``: benchmarks/results/NAME.json) is
    those games' figures: the block is what `markdown` writes from the file, every figure."""
    file, name, text = where
    path = RESULTS / f"{name}.json"
    if not path.exists():
        assert not name.startswith("strong-"), f"the strong bot's table {name} has no {path}"
        pytest.skip(f"{name} has no published games (a table of an earlier study)")
    s = strength()
    run = json.loads(path.read_text())
    assert all("seconds" not in r for r in run["rows"])  # published: a row a game
    written = s.markdown(run["rows"], run["meta"], name, f"docs/{file}")
    assert written == text.strip("\n"), f"{path} does not write {file}'s block {name}"
    assert len(run["rows"]) == s.figures(run["rows"], run["meta"])["games"]

