"""A content file that could not be read (bad YAML, an unknown kind, missing) is the only
problem reported for it: no count, reference or table check blames another file for what it
may hold (`artemis.content.loader.may_hold`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.games.project.content import load_game_content
from artemis.util.paths import base_pack

BASE_FILES = ["board.yaml", "relief_track.yaml", "buildings.yaml", "expeditions.yaml",
              "events.yaml"]


def copy_of_base(tmp_path: Path) -> Path:
    copy = tmp_path / "mybase"
    shutil.copytree(base_pack(), copy)
    return copy


def spoil(path: Path) -> None:
    """Put a %YAML 1.1 directive on top of ``path`` (E112: the file is not read)."""
    path.write_text("%YAML 1.1\n---\n" + path.read_text(encoding="utf-8"), encoding="utf-8")


def found(result) -> list[tuple[str, int, str]]:
    return [(Path(p.file).name, p.line, p.code) for p in result.problems]


@pytest.mark.parametrize("name", BASE_FILES)
def test_an_unreadable_base_file_is_its_only_problem(tmp_path, name):
    # before: expeditions.yaml gave E402 "found 0" at board.yaml:5:5, buildings.yaml two E401,
    # events.yaml E403, board.yaml an E304 on each of the 14 Event cards
    copy = copy_of_base(tmp_path)
    spoil(copy / name)
    assert found(load_game_content([copy])) == [(name, 1, "E112")]


def test_a_fine_file_given_alone_is_not_blamed(tmp_path):
    copy = copy_of_base(tmp_path)
    spoil(copy / "expeditions.yaml")
    result = CliRunner().invoke(app, ["validate", str(copy / "board.yaml")])
    assert result.exit_code == 1
    assert "E402" not in result.stdout and "board.yaml:" not in result.stdout
    assert result.stdout.splitlines()[-1] == (
        "no problem in the given files; and 1 error in other files of the pack "
        "(expeditions.yaml: validate the pack folder to list them).")


def test_a_file_of_an_unknown_kind_may_hold_any_kind(tmp_path):
    copy = copy_of_base(tmp_path)
    events = copy / "events.yaml"
    events.write_text(events.read_text(encoding="utf-8").replace("kind: events",
                                                                 "kind: event", 1),
                      encoding="utf-8")
    assert found(load_game_content([copy])) == [("events.yaml", 2, "E212")]


def test_a_listed_file_that_is_missing_is_its_only_problem(tmp_path):
    copy = copy_of_base(tmp_path)
    (copy / "expeditions.yaml").unlink()
    assert found(load_game_content([copy])) == [("expansion.yaml", 7, "E302")]


def test_a_kind_with_no_file_is_counted_at_the_manifest(tmp_path):
    # every file read, none holds Expedition cards: the count is wrong, and the manifest's
    # files list is where to fix it (before: board.yaml:5:5, the first item of any file)
    copy = copy_of_base(tmp_path)
    manifest = copy / "expansion.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("expeditions.yaml, ", ""),
                        encoding="utf-8")
    result = load_game_content([copy])
    assert found(result) == [("expansion.yaml", 7, "E402")]
    assert result.problems[0].message == "the base game has 22 Expedition cards; found 0"
    # a count that is wrong with its file read is still reported at the first card
    (tmp_path / "two").mkdir()
    copy2 = copy_of_base(tmp_path / "two")
    exps = copy2 / "expeditions.yaml"
    text = exps.read_text(encoding="utf-8")
    cut = text.index("\n  - id:", text.index("\n  - id:") + 1)  # the first card taken out
    exps.write_text(text[:text.index("\n  - id:")] + text[cut:], encoding="utf-8")
    result = load_game_content([copy2])
    assert [p.code for p in result.problems] == ["E402"]
    assert result.problems[0].message == "the base game has 22 Expedition cards; found 21"
    assert Path(result.problems[0].file).name == "expeditions.yaml"


FAN = ("id: fan\nname: Fan\nversion: '1.0'\nfiles: [board.yaml, more.yaml]\n"
       "provenance: fan-made\n")
SPOT = "kind: board\nitems:\n  - table: event_spots\n    spot: dusk\n    provenance: fan\n"
DUSK = ("kind: events\nitems:\n  - id: dusk_storm\n    name: Dusk Storm\n    when: dusk\n"
        "    clauses:\n      - effect: [{gain: {energy: 1}}]\n        target: each_player\n"
        "    provenance: fan-made\n")
REPLACER = ("kind: buildings\nitems:\n  - id: fan_tile\n    replaces: true\n    name: Fan Tile\n"
            "    kind: ocean\n    slots: [pioneer, pioneer]\n    upkeep: [{gain: {minerals: 2}}]\n"
            "    provenance: fan\n")


def fan(tmp_path: Path, board: str, more: str) -> Path:
    folder = tmp_path / "fan"
    folder.mkdir(parents=True)
    (folder / "expansion.yaml").write_text(FAN, encoding="utf-8")
    (folder / "board.yaml").write_text(board, encoding="utf-8")
    (folder / "more.yaml").write_text(more, encoding="utf-8")
    return folder


def test_an_event_on_a_spot_of_an_unread_board_file_is_not_e304(tmp_path):
    ok = load_game_content([fan(tmp_path / "a", SPOT, DUSK)])
    assert ok.problems == [] and ok.catalog is not None  # the spot and the Event fit
    result = load_game_content([fan(tmp_path / "b", "%YAML 1.1\n---\n" + SPOT, DUSK)])
    assert found(result) == [("board.yaml", 1, "E112")]
    # with the board read, a spot that is not there is still E304
    result = load_game_content([fan(tmp_path / "c", SPOT, DUSK.replace("when: dusk",
                                                                        "when: dawn"))])
    assert found(result) == [("more.yaml", 5, "E304")]


def test_a_replacement_of_an_id_an_unread_file_may_hold_is_not_e504(tmp_path):
    result = load_game_content([fan(tmp_path / "a", "kind: buildings\nitems: 3\n", REPLACER)])
    assert [p.code for p in result.problems] == ["E201"]  # items: 3, and no E504
    result = load_game_content([fan(tmp_path / "b", "kind: events\nitems: []\n", REPLACER)])
    assert found(result) == [("more.yaml", 4, "E504")]
