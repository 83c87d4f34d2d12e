"""A file of the wrong kind given to a command (a save to `replay`, a config to `play --load`,
a file to `schema export`): the command says what the file is and which command takes it,
not a parse error (`artemis.records.filekind`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.kernel.game import Game, GameConfig
from artemis.players.play import make_bots, play_on
from artemis.records.filekind import file_kind
from artemis.records.log import write_log
from artemis.records.save import write_save

ROOT = Path(__file__).resolve().parent.parent
REEF = ROOT / "content" / "examples" / "project" / "reef_expansion"


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    """One file of each kind: {kind: path}."""
    folder = tmp_path_factory.mktemp("kinds")
    config = GameConfig(players=2, seed=3)
    game = play_on(Game.new(config), make_bots(config, ["random", "random"]))
    out = {"save": folder / "game.json", "log": folder / "game.jsonl",
           "config": folder / "game.yaml", "content": folder / "buildings.yaml",
           "manifest": folder / "pack" / "expansion.yaml",
           "scenario": folder / "scenario.yaml", "report": folder / "report.json.gz"}
    write_save(out["save"], game, ["random", "random"], None,
               make_bots(config, ["random", "random"]))
    write_log(game, out["log"], ["random", "random"])
    out["config"].write_text("players: 3\nseed: 7\n", encoding="utf-8")
    shutil.copy(REEF / "buildings.yaml", out["content"])
    out["manifest"].parent.mkdir()
    shutil.copy(REEF / "expansion.yaml", out["manifest"])
    shutil.copy(sorted((ROOT / "tests" / "scenarios").glob("*.yaml"))[0], out["scenario"])
    made = CliRunner().invoke(app, ["simulate", "--players", "2", "--games", "2", "--bots",
                                    "random", "--seed", "5", "--workers", "1",
                                    "--game-timeout", "0", "--out", str(out["report"])])
    assert made.exit_code == 0, made.output
    return out


def test_each_kind_is_told_from_the_start_of_the_file(files, tmp_path):
    assert {kind: file_kind(path) for kind, path in files.items()} == {k: k for k in files}
    (tmp_path / "other.yaml").write_text("hello: world\n", encoding="utf-8")
    (tmp_path / "binary").write_bytes(b"\xff\xfe\x00")
    assert file_kind(tmp_path / "other.yaml") is None
    assert file_kind(tmp_path / "binary") is None and file_kind(tmp_path / "none") is None


def _run(*args: str):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


def test_replay_of_a_save_says_it_is_a_save_and_how_to_continue_it(files):
    result = _run("replay", str(files["save"]))
    assert result.exit_code == 2
    assert result.stderr == (f"error: {files['save']} is a save (written by `artemis play "
                             "--save`), not a game log: continue it with `artemis play --load "
                             f"{files['save']}`\n")


def test_a_report_plain_or_gzipped_is_told_and_named_with_the_command_that_prints_it(files,
                                                                                  tmp_path):
    import gzip

    plain = tmp_path / "report.json"
    plain.write_bytes(gzip.decompress(files["report"].read_bytes()))
    assert file_kind(plain) == file_kind(files["report"]) == "report"
    for path in (files["report"], plain):
        result = _run("replay", str(path))
        assert result.exit_code == 2
        assert result.stderr == (f"error: {path} is a simulate report (written by `artemis "
                                 "simulate --out`), not a game log: print its tables with "
                                 f"`artemis simulate merge {path}`\n")
    # a gzip file that is not a report, or a report cut short, is named as gzip
    other, cut = tmp_path / "other.gz", tmp_path / "cut.gz"
    other.write_bytes(gzip.compress(b"hello"))
    cut.write_bytes(files["report"].read_bytes()[:20])
    assert file_kind(other) == file_kind(cut) == "gzip"
    for path in (other, cut):
        result = _run("play", "--load", str(path))
        assert result.exit_code == 2
        assert result.stderr == (f"error: {path} is a gzip-compressed file, not a save: "
                                 f"print it decompressed with `gzip -dc {path}`\n")


def test_play_load_of_a_config_says_it_is_a_config_and_how_to_play_it(files):
    result = _run("play", "--load", str(files["config"]))
    assert result.exit_code == 2
    assert result.stderr == (f"error: {files['config']} is a game config, not a save: play it "
                             f"with `artemis play --config {files['config']}`\n")


@pytest.mark.parametrize(("args", "kind", "said"), [
    (("play", "--load"), "log", "replay it with `artemis replay"),
    (("play", "--config"), "save", "continue it with `artemis play --load"),
    (("play", "--config"), "log", "replay it with `artemis replay"),
    (("replay",), "config", "play it with `artemis play --config"),
    (("replay",), "content", "check it with `artemis validate"),
    (("play", "--load"), "scenario", "run it with `artemis scenario run"),
    (("play", "--load"), "report", "print its tables with `artemis simulate merge"),
])
def test_other_wrong_kinds_name_their_command(files, args, kind, said):
    result = _run(*args, str(files[kind]))
    assert result.exit_code == 2, result.output
    assert f"{files[kind]} is " in result.stderr and said in result.stderr
    assert "bad JSON" not in result.stderr and "error[" not in result.stdout


def test_a_manifest_names_its_pack_folder(files):
    result = _run("replay", str(files["manifest"]))
    assert result.exit_code == 2
    assert result.stderr.endswith(f"check its pack with `artemis validate "
                                  f"{files['manifest'].parent}`\n")


def test_a_broken_save_is_still_refused_as_a_save(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "artemis-save"\n', encoding="utf-8")
    result = _run("play", "--load", str(bad))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: the save is refused: {bad}:2:1: bad JSON")


def test_schema_export_to_a_file_says_not_a_folder(files):
    before = files["config"].read_bytes()
    result = _run("schema", "export", str(files["config"]))
    assert result.exit_code == 1
    assert result.stderr == (f"error: cannot write the schemas into {files['config']}: it is a "
                             "file, not a folder; give a folder (made if missing)\n")
    assert files["config"].read_bytes() == before


SCENARIOS = ROOT / "tests" / "scenarios"
#: a file of several scenarios (a top-level `scenarios:` list), and one whose checks are all
#: expect steps (`scenario` with no top-level `expect`)
NEWER_SCENARIOS = ["stop_points.yaml", "expect_steps_only.yaml"]


@pytest.fixture
def newer_scenarios(tmp_path) -> list[Path]:
    (tmp_path / "expect_steps_only.yaml").write_text(
        "scenario: only expect steps\nconfig: {players: 2, seed: 3}\nsteps:\n"
        "  - expect:\n      round: 1\n", encoding="utf-8")
    shutil.copy(SCENARIOS / "stop_points.yaml", tmp_path / "stop_points.yaml")
    return [tmp_path / name for name in NEWER_SCENARIOS]


def test_a_file_of_several_scenarios_or_of_expect_steps_only_is_a_scenario(newer_scenarios):
    assert [file_kind(path) for path in newer_scenarios] == ["scenario", "scenario"]


@pytest.mark.parametrize("args", [("play", "--config"), ("replay",)])
def test_play_config_and_replay_of_a_newer_scenario_file_name_scenario_run(newer_scenarios,
                                                                          args):
    for path in newer_scenarios:
        result = _run(*args, str(path))
        assert result.exit_code == 2, result.output
        assert result.stderr == (f"error: {path} is a scenario file, not "
                                 f"{'a game config' if 'play' in args else 'a game log'}: "
                                 f"run it with `artemis scenario run {path}`\n")
