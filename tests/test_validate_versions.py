"""`artemis validate --content-version N` validates version N's frozen base copy (and packs on
it, and --simulate plays on it), as `play` and `simulate` take the flag; and a pack of another
game given to `play` or `simulate` is one error, E507 (README.md: the game is not the pack's
there), without the unknown kinds its unread files would add."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from artemis.cli import app

ROOT = Path(__file__).resolve().parent.parent
REEF = ROOT / "content" / "examples" / "project" / "reef_expansion"


def run(*args: str):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


def test_validate_reads_the_frozen_base_of_the_version_asked():
    result = run("validate", "--content-version", "3")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "valid: project: base 3.0.0: 52 buildings, 22 expeditions, 14 events, 10 Relief Track "
        "spaces, 47 board rows"]
    newest = run("validate", "--game", "project")
    assert newest.stdout.startswith("valid: project: base 12.0.0: ")
    # version 1's values draw balance warnings in base-v1's own files
    old = run("validate", "--content-version", "1", "--json")
    assert old.exit_code == 0, old.output
    files = {Path(p["file"]).parent.name for p in json.loads(old.stdout)}
    assert files == {"base-v1"}
    strict = run("validate", "--content-version", "1", "--strict")
    assert strict.exit_code == 1 and "error[W102]" in strict.stdout


def test_validate_checks_a_pack_on_the_version_asked():
    result = run("validate", str(REEF), "--content-version", "2")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1].startswith(
        "valid: base 2.0.0, reef_expansion 0.1.0: 58 buildings")
    assert "base-v2/buildings.yaml" in result.stdout  # version 2's own warnings


def test_validate_simulate_plays_on_the_version_asked(monkeypatch):
    from artemis.kernel.game import Game
    from artemis.sim import pack_trial

    seen = []

    class Recording:
        @staticmethod
        def new(config, plugins=None):
            seen.append(config.content_version)
            return Game.new(config, plugins=plugins)

    monkeypatch.setattr(pack_trial, "Game", Recording)
    result = run("validate", str(REEF), "--content-version", "4", "--simulate", "2",
                 "--players", "2", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["finished"] == 2
    assert seen == [4, 4]


def test_validate_refuses_a_version_not_shipped_as_a_usage_error():
    result = run("validate", "--content-version", "13")
    assert result.exit_code == 2
    assert ("error: --content-version 13: content_version 13 is not a content version of The "
            "Artemis Project: this engine plays 1 to 12") in result.stderr
    assert "Traceback" not in result.output


def test_a_pack_of_another_game_given_to_play_is_e507_alone():
    for command in (["play", "--players", "2", "--quiet"],
                    ["simulate", "--games", "1", "--players", "2", "--workers", "1"]):
        result = run(*command, "--game", "odyssey", "--expansion", str(REEF))
        assert result.exit_code == 1, result.output
        codes = [line.split("error[", 1)[1].split("]", 1)[0]
                 for line in result.output.splitlines() if "error[" in line]
        assert codes == ["E507"], (command, result.output)
        assert "this pack is for the game 'project', not 'odyssey'" in result.output
