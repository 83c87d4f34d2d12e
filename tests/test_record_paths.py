"""Saves and logs store expansion paths relative to their own folder with "/" separators, so
they load on another system and from another working folder; older files, whose paths were
relative to the working folder, still load."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from artemis.kernel.game import Game, GameConfig
from artemis.players.play import make_bots
from artemis.records.log import read_log, replay, write_log
from artemis.records.paths import loaded, stored
from artemis.records.save import document_digest, load_save, save_text, write_save

REEF = Path(__file__).resolve().parent.parent / "content" / "examples" / "project" / \
    "reef_expansion"
KINDS = ["random", "random"]


def _game(pack: Path, decisions: int = 12):
    config = GameConfig(players=2, seed=4, expansions=(str(pack),))
    game, bots = Game.new(config), make_bots(config, KINDS)
    for _ in range(decisions):
        game.apply(bots[game.current_player].choose(game))
    return game, bots


def test_stored_and_loaded(tmp_path):
    (tmp_path / "packs" / "reef").mkdir(parents=True)
    saves = tmp_path / "saves"
    saves.mkdir()
    assert stored([str(tmp_path / "packs" / "reef")], saves) == ["../packs/reef"]
    assert loaded(["../packs/reef"], saves) == (str(saves / ".." / "packs" / "reef"),)
    assert loaded(["elsewhere/reef"], saves) == ("elsewhere/reef",)  # an old save: the cwd's
    assert loaded([str(tmp_path)], saves) == (str(tmp_path),)


def test_a_save_with_an_expansion_loads_from_another_working_folder(tmp_path, monkeypatch):
    shutil.copytree(REEF, tmp_path / "packs" / "reef")
    monkeypatch.chdir(tmp_path)
    game, bots = _game(Path("packs/reef"))
    (tmp_path / "saves").mkdir()
    data = write_save(tmp_path / "saves" / "g.save.json", game, KINDS, None, bots)
    assert data["config"]["expansions"] == ["../packs/reef"]
    # the whole tree moved elsewhere, loaded from another folder
    moved = tmp_path / "moved"
    shutil.copytree(tmp_path / "packs", moved / "packs")
    shutil.copytree(tmp_path / "saves", moved / "saves")
    monkeypatch.chdir(tmp_path / "saves")
    shutil.rmtree(tmp_path / "packs")
    assert load_save(moved / "saves" / "g.save.json").game.view() == game.view()


def test_an_old_save_with_a_working_folder_path_still_loads(tmp_path, monkeypatch):
    shutil.copytree(REEF, tmp_path / "packs" / "reef")
    monkeypatch.chdir(tmp_path)
    game, bots = _game(Path("packs/reef"))
    path = tmp_path / "saves" / "old.save.json"
    path.parent.mkdir()
    data = write_save(path, game, KINDS, None, bots)
    data["config"]["expansions"] = ["packs/reef"]  # as saves stored it before
    data["digest"] = document_digest(data)
    path.write_text(save_text(data), encoding="utf-8")
    assert load_save(path).game.view() == game.view()


def test_a_log_stores_relative_posix_paths_and_replays_elsewhere(tmp_path, monkeypatch):
    shutil.copytree(REEF, tmp_path / "packs" / "reef")
    monkeypatch.chdir(tmp_path)
    game, _ = _game(Path("packs/reef"), 20)
    log_path = tmp_path / "logs" / "g.jsonl"
    log_path.parent.mkdir()
    write_log(game, log_path, KINDS)
    header = json.loads(log_path.read_text(encoding="utf-8").splitlines()[0])
    assert header["expansions"] == ["../packs/reef"]
    monkeypatch.chdir(tmp_path / "logs")
    log = read_log(log_path)
    assert replay(log).game.view() == game.view()


def test_an_odyssey_log_written_in_another_folder_verifies_here(tmp_path):
    """The content hash leaves out where the content was read from: the Odyssey's Score track
    row names its file:line relative to the folder artemis ran in (catalog.track_source)."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    played = subprocess.run(
        [sys.executable, "-m", "artemis", "play", "--game", "odyssey", "--players", "2",
         "--seed", "4", "--quiet", "--log", "o.jsonl"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert played.returncode == 0, played.stderr
    verified = subprocess.run(
        [sys.executable, "-m", "artemis", "replay", "--verify", str(tmp_path / "o.jsonl")],
        cwd=root, capture_output=True, text=True, timeout=300)
    assert verified.returncode == 0, verified.stdout + verified.stderr
