"""The Odyssey through the `artemis` command: `content list` and `content show` of every kind,
in words, with provenance and where each item is defined (artemis.games.odyssey.browse)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from artemis.cli import app

WIDE = {"COLUMNS": "250"}  # rich wraps table cells to the terminal width


def run(*args: str):
    return CliRunner().invoke(app, list(args), env=WIDE)


def test_content_list_shows_every_kind_with_its_count():
    result = run("content", "list", "--game", "odyssey")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for title in ("systems (9)", "planet_types (7)", "setup (7)", "assets (4)",
                  "scoring_options (8)", "planning_board (11)", "action_cards (55)",
                  "alien_artifacts (17)", "singularity_cards (13)", "missions (5)"):
        assert title in out
    assert "136 items" in out
    assert "Produce: Energy or Yoyodium" in out  # red-produce-1
    assert "Travel: Gemini, Cancer or Scorpio" in out  # red-travel-1
    assert "Score: Colonies/Factories or Starships" in out  # red-score-1
    assert "content/odyssey/base/action_cards.yaml:5" in out


def test_content_list_piped_at_80_columns_prints_every_file_line_whole():
    # not a terminal (CliRunner, like `| cat`): each table is as wide as its cells
    result = CliRunner().invoke(app, ["content", "list", "--game", "odyssey"],
                                env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "…" not in result.stdout
    sun = next(line for line in lines if line.startswith("│ sun "))
    assert "│ content/odyssey/base/systems.yaml:5 " in sun
    assert max(len(line) for line in lines) > 80


def test_content_list_json_rows_by_kind_and_provenance():
    result = run("content", "list", "alien_artifacts", "--game", "odyssey", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert len(rows) == 17
    grenade = next(r for r in rows if r["id"] == "black-hole-grenade")
    assert grenade["windows"] == ["after_action"] and grenade["solo"] is False
    assert grenade["effect"] == ("return one Starship of another player outside the Starting "
                                 "system to its owner's supply")
    assert grenade["source"] == "content/odyssey/base/alien_artifacts.yaml:6"
    assert sum(not r["solo"] for r in rows) == 4
    rulebook = json.loads(run("content", "list", "planet_types", "--game", "odyssey",
                              "--provenance", "RULEBOOK", "--json").stdout)
    assert [r["id"] for r in rulebook] == ["water", "food", "energy", "xanthium", "yoyodium",
                                           "zozodium", "alien"]
    assert rulebook[3]["summary"] == "6 planets; 25 Resource cards; an Ore"


def test_content_list_slots_and_setup_rows_have_ids():
    rows = json.loads(run("content", "list", "planning_board", "--game", "odyssey",
                          "--json").stdout)
    assert [r["id"] for r in rows][:3] == ["slot-1", "slot-2", "slot-3"]
    slot5 = rows[4]
    assert slot5["summary"] == ("Action cards at 3, 4 and 5 players; the Singularity token at "
                                "1 and 2 players")
    assert rows[-1]["id"] == "score_track"
    assert rows[-1]["summary"] == "markers start on 7 and never go below 0"
    setup = json.loads(run("content", "list", "setup", "--game", "odyssey", "--json").stdout)
    assert setup[1]["id"] == "setup-2" and setup[1]["planets"] == 40
    assert setup[-1]["summary"] == "plays as 4 players in 4 teams of two"


def test_content_list_unknown_kind_is_a_usage_error():
    result = run("content", "list", "artifacts", "--game", "odyssey")
    assert result.exit_code == 2
    assert "unknown kind 'artifacts'" in result.stderr
    assert "alien_artifacts" in result.stderr


def test_content_show_an_artifact_in_words_with_its_windows_and_source():
    result = run("content", "show", "hypnotic-device", "--game", "odyssey")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Hypnotic Device (hypnotic-device)" in out
    assert "make this card's Planner choice instead of its Planner" in out
    assert "card_revealed: After an Action card or the Singularity card is revealed" in out
    assert "used on another player's Produce/Travel/Score Action card" in out
    assert "removed in solo" in out
    assert "content/odyssey/base/alien_artifacts.yaml:8" in out


def test_content_show_json_of_a_mission_and_an_asset():
    data = json.loads(run("content", "show", "trailblazer", "--game", "odyssey",
                          "--json").stdout)
    assert data["type"] == "Mission"
    assert data["words"] == ["system where you have an Asset: at least 7",
                             "discovered planet outside the Starting system: at least 12",
                             "VP: at least 42"]
    assert data["data"]["goals"][0] == {"quantity": {"systems_present": {}}, "at_least": 7}
    colony = json.loads(run("content", "show", "colony", "--game", "odyssey",
                            "--json").stdout)
    assert colony["data"]["cost"] == {"water": 1, "food": 1, "ore": 1}
    assert colony["summary"].startswith("4 pieces; costs 1 Water, 1 Food and 1 Ore of any kind")
    assert colony["source"] == "content/odyssey/base/assets.yaml:5"


def test_content_show_a_slot_the_track_and_a_singularity_card():
    out = run("content", "show", "score_track", "--game", "odyssey").stdout
    assert "start 7: rulebook; floor: RECONSTRUCTED (OR9)" in out
    assert "content/odyssey/base/planning_board.yaml:15" in out
    out = run("content", "show", "solar-wind", "--game", "odyssey").stdout
    assert "take 1 Energy per Starship in play (at most 4 times)" in out


def test_content_show_unknown_id_names_the_nearest():
    result = run("content", "show", "red_score_1", "--game", "odyssey")
    assert result.exit_code == 1
    assert "no Odyssey content item with id 'red_score_1'" in result.stderr
    assert "did you mean 'red-score-1'?" in result.stderr
    result = run("content", "show", "zzzz", "--game", "odyssey")
    assert "`artemis content list --game odyssey` shows every id" in result.stderr


def test_content_show_an_id_of_the_other_game_names_its_game():
    result = run("content", "show", "gaia-seed")
    assert result.exit_code == 1
    assert "no building, expedition or event with id 'gaia-seed'" in result.stderr
    assert ("hint: 'gaia-seed' is an item of The Artemis Odyssey: use `--game odyssey`"
            in result.stderr)
    result = run("content", "show", "kelp_farm", "--game", "odyssey")
    assert result.exit_code == 1
    assert "hint: 'kelp_farm' is an item of The Artemis Project: use `--game project`" in (
        result.stderr)
