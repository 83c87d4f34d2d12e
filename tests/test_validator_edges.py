"""E314: `from: reward` outside an Expedition reward validates no more (found by a new user:
such content used to pass and then crash the engine)."""

from pathlib import Path

from artemis.games.project.content import load_game_content

DATA = Path(__file__).parent / "data" / "invalid_extra"


def test_gain_colonist_from_reward_in_an_event_is_e314():
    result = load_game_content([DATA / "reward_from_event.yaml"])
    found = [(p.code, p.line, p.column) for p in result.problems]
    assert found == [("E314", 9, 41)]


def write_pack(folder, files: dict, listed=None):
    folder.mkdir()
    listed = listed if listed is not None else list(files)
    (folder / "expansion.yaml").write_text(
        "id: fan_pack\nname: Fan Pack\nversion: 0.1.0\n"
        f"files: [{', '.join(listed)}]\nprovenance: fan-made\n", encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def codes(result):
    return [(p.code, p.file.rsplit("/", 1)[-1], p.line, p.column) for p in result.problems]


def test_manifest_files_stay_inside_the_pack(tmp_path):
    pack = write_pack(tmp_path / "pack", {}, listed=["/etc/passwd", "../other.yaml",
                                                      "expansion.yaml"])
    result = load_game_content([pack])
    assert codes(result) == [("E503", "expansion.yaml", 4, 9), ("E503", "expansion.yaml", 4, 22),
                             ("E503", "expansion.yaml", 4, 37)]
    assert "root:" not in " ".join(p.message for p in result.problems)


def test_an_empty_effect_is_e206(tmp_path):
    pack = write_pack(tmp_path / "pack", {"buildings.yaml": (
        "kind: buildings\nitems:\n  - id: empty_shed\n    name: Empty Shed\n"
        "    kind: surface\n    slots: [any]\n    scoring: []\n    provenance: fan-made\n")})
    assert codes(load_game_content([pack])) == [("E206", "buildings.yaml", 7, 14)]


def test_a_pack_board_row_given_twice_is_reported_in_the_pack(tmp_path):
    pack = write_pack(tmp_path / "pack", {"board.yaml": (
        "kind: board\nitems:\n"
        "  - {table: event_spots, spot: B, after: academy, provenance: fan-made}\n")})
    result = load_game_content([pack])
    assert codes(result) == [("E313", "board.yaml", 3, 32)]
    assert result.problems[0].hint.startswith("first given at ")
    assert "content/project/base/board.yaml" in result.problems[0].hint


def manifest(folder, pack_id, files, requires=("base",), engine=">=0.1"):
    folder.mkdir(parents=True)
    (folder / "expansion.yaml").write_text(
        f"id: {pack_id}\nname: {pack_id}\nversion: 0.1.0\nengine: \"{engine}\"\n"
        f"requires: [{', '.join(requires)}]\nfiles: [{', '.join(files)}]\n"
        "provenance: fan-made\n", encoding="utf-8")
    return folder


GREENHOUSE_5 = ("kind: buildings\nitems:\n  - id: greenhouse\n    replaces: true\n"
                "    name: Big Greenhouse\n    kind: surface\n    slots: [pioneer]\n"
                "    scoring: [{vp: 5}]\n    provenance: fan-made\n")


def test_replaces_takes_the_place_of_the_base_item(tmp_path):
    pack = manifest(tmp_path / "big", "big_greenhouse", ["buildings.yaml"])
    (pack / "buildings.yaml").write_text(GREENHOUSE_5, encoding="utf-8")
    result = load_game_content([pack])
    # 5 VP on one pioneer slot is above the balance range (2.25 to 3.25 VP): a warning only
    assert [p.code for p in result.problems] == ["W102"]
    tile = result.catalog.by_id["greenhouse"]
    assert (tile.name, tile.scoring[0].args) == ("Big Greenhouse", 5)
    assert result.catalog.by_id["greenhouse_2"].name == "Big Greenhouse"  # its duplicate too
    assert len(result.catalog.buildings) == 52


def test_engine_range(tmp_path):
    pack = manifest(tmp_path / "future", "future", ["buildings.yaml"], engine=">=5.0")
    (pack / "buildings.yaml").write_text("kind: buildings\nitems: []\n", encoding="utf-8")
    assert codes(load_game_content([pack])) == [("E505", "expansion.yaml", 4, 9)]
    bad = manifest(tmp_path / "bad", "bad", ["buildings.yaml"], engine="banana")
    (bad / "buildings.yaml").write_text("kind: buildings\nitems: []\n", encoding="utf-8")
    result = load_game_content([bad])
    assert codes(result) == [("E505", "expansion.yaml", 4, 9)]
    assert "not a version range" in result.problems[0].message


def test_requires_finds_packs_by_id_in_any_order(tmp_path):
    first = manifest(tmp_path / "folder_a", "abyssal_depths", ["buildings.yaml"])
    (first / "buildings.yaml").write_text(
        "kind: buildings\nitems:\n  - id: trench_lab\n    name: Trench Lab\n"
        "    kind: ocean\n    slots: [any]\n    upkeep: [{vp: 1}]\n    provenance: fan-made\n",
        encoding="utf-8")
    second = manifest(tmp_path / "folder_b", "second", ["buildings.yaml"],
                      requires=("base", "abyssal_depths"))
    (second / "buildings.yaml").write_text(
        "kind: buildings\nitems:\n  - id: trench_lab_2\n    duplicate_of: trench_lab\n"
        "    provenance: fan-made\n", encoding="utf-8")
    for targets in ([second], [first, second], [second, first]):
        result = load_game_content(targets)
        assert [p.code for p in result.problems] == ["W101"], targets  # vp 1 on one any slot
        assert [p.id for p in result.catalog.packs] == ["base", "abyssal_depths", "second"]


def test_a_required_plugin_is_satisfied_when_installed(tmp_path):
    pack = manifest(tmp_path / "p", "needs_plugin", ["buildings.yaml"],
                    requires=("base", "salvage"))
    (pack / "buildings.yaml").write_text("kind: buildings\nitems: []\n", encoding="utf-8")
    result = load_game_content([pack])
    assert codes(result) == [("E506", "expansion.yaml", 5, 18)]
    assert "salvage" in result.problems[0].message
    assert load_game_content([pack], plugin_names={"salvage"}).problems == []


def test_the_summary_line_counts_listed_problems_and_says_when_more_are_not_listed(tmp_path):
    from typer.testing import CliRunner

    from artemis.cli import app

    many = tmp_path / "many.yaml"
    many.write_text("kind: buildings\nitems:\n" + "  - {id: 1}\n" * 60)
    result = CliRunner().invoke(app, ["validate", str(many)])
    lines = result.output.strip().splitlines()
    listed = [line for line in lines if ": error[" in line]
    assert result.exit_code == 1
    assert listed[-1].endswith(f"error[E299]: ... and more problems in {many}")
    assert lines[-1] == (f"{len(listed) - 1} problems found, and more not listed (E299).")
    one = tmp_path / "one.yaml"
    one.write_text("kind: buildings\nitems:\n  - {id: 1}\n")
    lines = CliRunner().invoke(app, ["validate", str(one)]).output.strip().splitlines()
    assert lines[-1] == f"{sum(': error[' in line for line in lines)} problems found."


def test_a_pack_of_another_game_is_e507_at_its_game(tmp_path):
    pack = tmp_path / "space_pack"
    pack.mkdir()
    (pack / "expansion.yaml").write_text(
        'id: space_pack\ngame: odyssey\nname: Space Pack\nversion: "0.1.0"\n'
        "files: [buildings.yaml]\nprovenance: fan-made\n", encoding="utf-8")
    (pack / "buildings.yaml").write_text("kind: buildings\nitems: []\n", encoding="utf-8")
    result = load_game_content([pack])
    assert [(p.code, p.line, p.column, p.message) for p in result.problems] == [
        ("E507", 2, 7, "this pack is for the game 'odyssey', not 'project'")]
    (pack / "expansion.yaml").write_text(
        'id: space_pack\ngame: project\nname: Space Pack\nversion: "0.1.0"\n'
        "files: [buildings.yaml]\nprovenance: fan-made\n", encoding="utf-8")
    assert load_game_content([pack]).ok
