"""`artemis play --config FILE` with --players or --bots: the flag overrides the file's seats,
and says so on stderr in one line; --bots alone keeps the file's names."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from artemis.cli import app

CONFIG = "players:\n  - {seat: greedy, name: Ada}\n  - {seat: random, name: Bo}\nseed: 5\n"


def play(*args):
    return CliRunner().invoke(app, ["play", "--json", *args], env={"COLUMNS": "200"})


def test_players_replaces_the_seats_and_says_so(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(CONFIG, encoding="utf-8")
    result = play("--config", str(path), "--players", "4")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["config"]["bots"] == ["random"] * 4
    assert result.stderr == (
        f"note: --players 4 overrides the seats of {path} (Ada (greedy), Bo (random)); "
        "playing P0 (random), P1 (random), P2 (random), P3 (random)\n")


def test_bots_keeps_the_names_and_says_so(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(CONFIG, encoding="utf-8")
    result = play("--config", str(path), "--bots", "random")
    assert result.exit_code == 0, result.output
    config = json.loads(result.stdout)["config"]
    assert (config["names"], config["bots"]) == (["Ada", "Bo"], ["random", "random"])
    assert result.stderr == (
        f"note: --bots overrides the seats of {path} (Ada (greedy), Bo (random)); playing "
        "Ada (random), Bo (random) (names kept)\n")


def test_flags_that_keep_the_seats_say_nothing(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(CONFIG, encoding="utf-8")
    for flags in ([], ["--players", "2"], ["--bots", "greedy,random"]):
        result = play("--config", str(path), *flags)
        assert result.exit_code == 0, result.output
        config = json.loads(result.stdout)["config"]
        assert (config["names"], config["bots"]) == (["Ada", "Bo"], ["greedy", "random"])
        assert result.stderr == ""
