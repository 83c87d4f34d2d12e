"""E314: `from: reward` outside an Expedition reward validates no more (found by a new user:
such content used to pass and then crash the engine)."""

from pathlib import Path

from artemis.rules.content import load_game_content

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
    assert "content/base/board.yaml" in result.problems[0].hint
