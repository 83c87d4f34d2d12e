"""Content versions (docs/saves.md, "Content versions"): saves and logs name the version of the
base content they were played with; after the base pack's values change (a rebalance raises
`Ruleset.content_version` and freezes the old pack as ``content/<game>/base-v<N>``), a file of
the old version loads and replays on the frozen copy, identically, and a new game plays the new
values. The change is played here on a copy of the content folder: today's base as version 1,
frozen, and a version 2 with the flatter building-count chart a balance study tried (3, 5, 6,
8, 9, 11 VP for 3 to 8+ buildings, where version 1 gives 4, 6, 8, 11, 14, 17)."""

from __future__ import annotations

import json
import shutil

import pytest

import artemis.kernel.game as game_module
from artemis.games.project.content import CONTENT
from artemis.games.project.ruleset import ProjectRuleset
from artemis.kernel import plugins
from artemis.kernel.game import ConfigError, Game, GameConfig
from artemis.players.play import make_bots, play_game
from artemis.records.log import LogError, parse_log, verify, write_log
from artemis.records.save import parse_save, restore, save_record, save_text
from artemis.util import paths

OLD_CHART = {3: 4, 4: 6, 5: 8, 6: 11, 7: 14, 8: 17}
NEW_CHART = {3: 3, 4: 5, 5: 6, 6: 8, 7: 9, 8: 11}


def _chart_row(count: int, vp: int) -> str:
    return f"  - {{table: chart_buildings, count: {count}, vp: {vp}, "


def _chart(game) -> dict:
    rows = game.catalog.board.rows
    return {r["count"]: r["vp"] for r in rows
            if r["table"] == "chart_buildings" and r["count"] >= 3}


@pytest.fixture
def rebalance(tmp_path, monkeypatch):
    """A function that switches this process to the rebalanced content: the content folder
    copied, today's base frozen as ``project/base-v1``, the base's building-count chart
    flattened and its version 2.0.0, the Project's content version 2, a fresh default plugin
    host and empty catalog caches."""
    def switch():
        root = tmp_path / "content"
        shutil.copytree(paths.content_root(), root)
        project = root / "project"
        shutil.copytree(project / "base", project / "base-v1")
        board = project / "base" / "board.yaml"
        text = board.read_text(encoding="utf-8")
        for count, vp in OLD_CHART.items():
            assert _chart_row(count, vp) in text
            text = text.replace(_chart_row(count, vp), _chart_row(count, NEW_CHART[count]))
        board.write_text(text, encoding="utf-8")
        manifest = project / "base" / "expansion.yaml"
        manifest.write_text(manifest.read_text(encoding="utf-8").replace(
            "version: 1.0.0", "version: 2.0.0"), encoding="utf-8")
        monkeypatch.setattr(paths, "content_root", lambda: root)
        monkeypatch.setattr(ProjectRuleset, "content_version", 2)
        monkeypatch.setattr(game_module, "_CATALOGS", {})
        monkeypatch.setattr(game_module, "_TARGETS", {})
        monkeypatch.setattr(CONTENT, "_default", None)
        monkeypatch.setitem(plugins.HOSTS, "default", plugins.load_plugins())
        return root

    return switch


def test_a_new_game_records_the_current_content_version():
    game = Game.new({"players": 2, "seed": 3})
    assert game.config.content_version == ProjectRuleset.content_version == 1
    assert _chart(game) == OLD_CHART


def test_old_saves_and_logs_replay_identically_after_the_base_changes(rebalance, tmp_path):
    config = GameConfig(players=2, seed=3)
    kinds = ["greedy", "random"]
    game = play_game(config, kinds)
    log = tmp_path / "v1.jsonl"
    write_log(game, log, kinds)
    header = json.loads(log.read_text().splitlines()[0])
    assert header["content_version"] == 1 and header["content"]["packs"] == ["base 1.0.0"]
    # a log written before content had versions: no content_version in its header
    unversioned = tmp_path / "unversioned.jsonl"
    lines = log.read_text().splitlines()
    del header["content_version"]
    unversioned.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    half = Game.new(config)
    bots = make_bots(config, kinds)
    for _ in range(40):
        half.apply(bots[half.current_player].choose(half))
    saved = save_text(save_record(half, kinds, None, bots))
    assert json.loads(saved)["config"]["content_version"] == 1

    rebalance()
    new = Game.new({"players": 2, "seed": 3})
    assert new.config.content_version == 2 and _chart(new) == NEW_CHART
    assert [p.version for p in new.catalog.packs] == ["2.0.0"]
    for path in (log, unversioned):
        parsed = parse_log(path.read_text(), str(path))
        assert parsed.config["content_version"] == 1
        assert verify(parsed) is None  # every entry, final scores included, as recorded
    # the same log read as version 2 is refused: its content is not the one it records
    header["content_version"] = 2
    forced = parse_log("\n".join([json.dumps(header), *lines[1:]]) + "\n", "forced")
    with pytest.raises(LogError, match=r"the content differs from the log's: .*the log was "
                                       r"made with packs \[base 1.0.0\].*now loaded: packs "
                                       r"\[base 2.0.0\]"):
        verify(forced)
    loaded = restore(parse_save(saved))
    assert loaded.game.config.content_version == 1 and _chart(loaded.game) == OLD_CHART
    assert [a.id for a in loaded.game.actions] == [a.id for a in half.actions]
    assert play_game(GameConfig(players=2, seed=3, content_version=1), kinds).result == \
        game.result
    assert play_game(GameConfig(players=2, seed=3), kinds).result != game.result  # new chart


def test_a_content_version_this_engine_does_not_ship_is_refused_in_words(rebalance):
    with pytest.raises(ConfigError, match=r"content_version 3 is not a content version of "
                                          r"The Artemis Project: this engine plays 1 to 1 "
                                          r"\(written by a newer artemis\?"):
        Game.new({"players": 2, "seed": 1, "content_version": 3})
    with pytest.raises(ConfigError, match=r"content_version must be a whole number, got '1'"):
        Game.new({"players": 2, "seed": 1, "content_version": "1"})
    root = rebalance()
    shutil.rmtree(root / "project" / "base-v1")
    with pytest.raises(ConfigError, match=r"content version 1 of The Artemis Project is not "
                                          r"shipped: its frozen base pack, project/base-v1, "
                                          r"is missing from this installation"):
        Game.new({"players": 2, "seed": 1, "content_version": 1})
