"""Rules versions (docs/rulings.md, "Rules versions"; docs/saves.md): a game's config, log and
save record the version of the rules it is played under; a file that records none was written
under version 1 and plays with that version's variants (the Project's ``old_rulings``), so it
replays and continues exactly as it was played."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.kernel.game import ConfigError, Game, GameConfig, rules_version
from artemis.kernel.ruleset import UNVERSIONED, Ruleset
from artemis.players.play import make_bots, play_on
from artemis.records.log import LogError, parse_log, read_log, replay, write_log
from artemis.records.save import SaveError, load_save, parse_save, restore, save_text, write_save

BEFORE = Path(__file__).parent / "data" / "before_kernel"
OLD_SAVE = BEFORE / "2p-seed7-action40.save.json"  # a random and a greedy seat, no version


def _rulings(game) -> tuple[int, int]:
    return (game.param_defaults.get("gantry_decliner_out", 0),
            game.param_defaults.get("academy_retrieve_to_shelters", 0))


# --- the config -----------------------------------------------------------------------------


def test_a_new_game_plays_the_current_rules_version_with_the_rulebook_rulings():
    game = Game.new({"players": 2, "seed": 1})
    assert game.config.rules_version == game.ruleset.rules_version == 2
    assert _rulings(game) == (0, 0)


def test_rules_version_1_enables_the_old_rulings_variant():
    game = Game.new({"players": 2, "seed": 1, "rules_version": 1})
    assert game.config.rules_version == 1 and game.config.variants == {}  # as given
    assert _rulings(game) == (1, 1)


def test_a_config_s_own_options_override_the_legacy_variant_s():
    game = Game.new({"players": 2, "seed": 1, "rules_version": 1,
                     "variants": {"old_rulings": {"academy": False}}})
    assert _rulings(game) == (1, 0)


def test_the_old_rulings_variant_is_there_without_any_plugin():
    """Registered by the Project's core plugin: old files replay whatever plugins load."""
    from artemis.kernel.plugins import load_plugins

    host = load_plugins(entry_point_plugins=False)
    assert set(host.variants("project")) == {"old_rulings"}
    game = Game.new({"players": 3, "seed": 2, "variants": {"old_rulings": {"gantry": False}}},
                    plugins=host)
    assert _rulings(game) == (0, 1)


@pytest.mark.parametrize("value, message", [
    (3, "rules_version 3 is not a rules version of The Artemis Project: this engine plays 1 "
        "to 2 (a later one needs a newer artemis)"),
    (0, "rules_version 0 is not a rules version of The Artemis Project: this engine plays 1 "
        "to 2"),
    (True, "rules_version must be a whole number, got True"),
    ("2", "rules_version must be a whole number, got '2'"),
])
def test_a_rules_version_the_engine_does_not_play_is_a_config_error(value, message):
    with pytest.raises(ConfigError) as info:
        Game.new({"players": 2, "seed": 1, "rules_version": value})
    assert str(info.value) == message


def test_a_game_with_one_rules_version_is_version_1_and_has_no_legacy_variants():
    class OneVersion(Ruleset):
        id, name = "one", "One"

    assert OneVersion.rules_version == UNVERSIONED == 1
    assert rules_version(OneVersion(), None) == 1
    assert OneVersion().legacy_variants(1) == {}


# --- logs -----------------------------------------------------------------------------------


def _played(config: dict, kinds: list[str]):
    config = GameConfig(**config)
    return play_on(Game.new(config), make_bots(config, kinds))


def test_a_log_records_its_rules_version_and_replays_under_it(tmp_path):
    for version in (1, 2):
        game = _played({"players": 2, "seed": 9, "rules_version": version}, ["random"] * 2)
        path = tmp_path / f"v{version}.jsonl"
        write_log(game, path, ["random"] * 2)
        log = read_log(path)
        assert log.header["rules_version"] == version
        replayed = replay(log).game
        assert replayed.config.rules_version == version and _rulings(replayed) == (
            (1, 1) if version == 1 else (0, 0))
        assert [a.id for a in replayed.actions] == [a.id for a in game.actions]


def test_a_log_without_a_rules_version_replays_under_version_1(tmp_path):
    game = _played({"players": 2, "seed": 9, "rules_version": 1}, ["random"] * 2)
    path = tmp_path / "old.jsonl"
    write_log(game, path, ["random"] * 2)
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    del header["rules_version"]
    log = parse_log("\n".join([json.dumps(header), *lines[1:]]), "old.jsonl")
    assert log.config["rules_version"] == 1
    assert replay(log).game.log == game.log


@pytest.mark.parametrize("value, message", [
    ('"2"', 'old.jsonl:1: header field "rules_version" must be a whole number, got "2"'),
    ("3", "old.jsonl:1: cannot set up the logged game: rules_version 3 is not a rules version "
          "of The Artemis Project"),
])
def test_a_log_with_a_bad_rules_version_is_refused_by_name(value, message):
    header = ('{"type": "game", "players": 2, "seed": 1, "params": {}, "variants": {}, '
              '"expansions": [], "bots": ["random", "random"], "names": ["a", "b"], '
              f'"rules_version": {value}}}')
    with pytest.raises(LogError) as info:
        replay(parse_log(header + "\n", "old.jsonl"))
    assert str(info.value).startswith(message)


# --- saves ----------------------------------------------------------------------------------


def test_a_save_records_its_rules_version_and_loads_under_it(tmp_path):
    config = GameConfig(players=2, seed=4, rules_version=1)
    game, bots = Game.new(config), make_bots(config, ["random", "greedy"])
    for _ in range(30):
        game.apply(bots[game.current_player].choose(game))
    data = write_save(tmp_path / "v1.json", game, ["random", "greedy"], None, bots)
    assert data["config"]["rules_version"] == 1
    loaded = load_save(tmp_path / "v1.json")
    assert loaded.game.config.rules_version == 1 and _rulings(loaded.game) == (1, 1)


def test_an_old_save_continued_and_saved_again_stays_under_version_1(tmp_path):
    loaded = load_save(OLD_SAVE)
    assert "rules_version" not in loaded.data["config"]
    assert loaded.game.config.rules_version == 1 and _rulings(loaded.game) == (1, 1)
    game = loaded.game
    for _ in range(20):
        game.apply(loaded.bots[game.current_player].choose(game))
    data = write_save(tmp_path / "again.json", game, loaded.kinds, loaded.names, loaded.bots)
    assert data["config"]["rules_version"] == 1
    again = load_save(tmp_path / "again.json")
    assert again.game.config.rules_version == 1
    play_on(again.game, again.bots)
    assert again.game.is_over


def test_artemis_play_load_continues_an_old_save_under_its_rules(tmp_path):
    """`artemis play --load` of a save written before rules versions ends as the same save
    continued in Python (the same bots, version 1), and writes back rules_version 1."""
    path = tmp_path / "old.json"
    shutil.copy(OLD_SAVE, path)
    result = CliRunner().invoke(app, ["play", "--load", str(path), "--json"],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    expected = load_save(OLD_SAVE)
    play_on(expected.game, expected.bots)
    assert json.loads(result.stdout)["players"] == expected.game.result["players"]
    written = json.loads(path.read_text())
    assert written["config"]["rules_version"] == 1 and written["position"]["over"] is True


@pytest.mark.parametrize("value, message", [
    (0, "field /config/rules_version: rules_version 0 is not a rules version of The Artemis "
        "Project: this engine plays 1 to 2"),
    (None, "field /config/rules_version: expected a whole number, got null"),
    (3, "field /config/rules_version: rules_version 3 is not a rules version of The Artemis "
        "Project"),
])
def test_a_save_with_a_bad_rules_version_is_refused_by_name(value, message):
    data = parse_save(OLD_SAVE.read_text(), "old.json")
    data["config"]["rules_version"] = value
    with pytest.raises(SaveError) as info:
        restore(parse_save(save_text(data), "old.json"), source="old.json")
    assert message in str(info.value)


# --- the greedy bot under version 1 ---------------------------------------------------------


@pytest.mark.parametrize("version, buyer, worth", [
    (1, None, [0.0, 0.0]),  # version 1: the top die alone, and player 0 cannot pay its 5
    # die by die: player 1's 4, paid with its 4 Minerals; the tile is worth the buildings
    # chart's next step and half its VP once staffed (heuristic._building), less 4 x 0.45
    (2, (1, 4), [0.0, 1.45]),
])
def test_the_greedy_estimate_of_a_gantry_tile_follows_the_rules_version(version, buyer, worth):
    from artemis.games.project.heuristic import dice_on_board, gantry_buyer

    game = Game.new({"players": 2, "seed": 1, "rules_version": version})
    s = game.state
    s.players[0].minerals, s.players[1].minerals = 0, 4
    tile = s.gantry[0]
    tile.dice = [(0, 5), (1, 4)]
    s.gantry[1].dice = []
    assert gantry_buyer(game, tile) == buyer
    assert list(dice_on_board(game).values()) == pytest.approx(worth)


def test_an_old_save_continued_with_greedy_seats_plays_as_before_rules_versions():
    """The 4-player save continued by four greedy seats gives the game the engine before
    rules versions gave (tests/data/before_kernel/4p-seed11-action120.greedy-continued.json:
    its actions and result, recorded then)."""
    import artemis_plugins.harsh as harsh
    from artemis.kernel.plugins import load_plugins

    host = load_plugins(entry_point_plugins=False)
    host.pm.register(harsh, name="harsh")  # the save plays the harsh variant
    recorded = json.loads((BEFORE / "4p-seed11-action120.greedy-continued.json").read_text())
    loaded = load_save(BEFORE / recorded["save"], host)
    game = loaded.game
    start = len(game.actions)
    play_on(game, make_bots(game.config, recorded["seats"]))
    assert [a.id for a in game.actions[start:]] == recorded["actions"]
    assert game.result == recorded["result"]
