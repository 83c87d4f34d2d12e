"""`artemis play` and the bots."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from artemis.cli import app
from artemis.cli.common import bot_kinds
from artemis.kernel.game import GameConfig
from artemis.players.bots import GreedyBot, RandomBot, make_bot
from artemis.players.play import play_game

WIDE = {"COLUMNS": "200"}


def run(*args):
    return CliRunner().invoke(app, list(args), env=WIDE)


def test_play_prints_rounds_and_the_score_table(tmp_path):
    log = tmp_path / "game.jsonl"
    result = run("play", "--players", "3", "--seed", "5", "--log", str(log))
    assert result.exit_code == 0, result.output
    for n in range(1, 7):
        assert f"Round {n}" in result.stdout
    assert "Final scores" in result.stdout and "Winner: P" in result.stdout
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    content = lines[0].pop("content")  # what the game was played with, as a save records it
    assert lines[0] == {"type": "game", "game": "project", "players": 3, "seed": 5,
                        "params": {}, "bots": ["random"] * 3, "names": ["P0", "P1", "P2"],
                        "variants": {}, "options": {}, "expansions": [], "rules_version": 2,
                        "content_version": 12}
    assert content["packs"] == ["base 12.0.0"] and len(content["sha256"]) == 64
    assert "project" in content["plugins"]
    assert sum(1 for e in lines if e["type"] == "board_setup") == 6
    assert lines[-1]["type"] == "final_scoring"


def test_play_says_first_which_content_version_and_packs_it_plays():
    result = run("play", "--players", "2", "--seed", "3", "--expansion",
                 "content/examples/project/reef_expansion")
    assert result.exit_code == 0, result.output
    first, second = result.stdout.splitlines()[:2]
    assert first == "content version 12 (base 12.0.0, reef_expansion 0.1.0)"
    assert "Round 1" in second
    quiet = run("play", "--players", "2", "--seed", "3", "--quiet", "--content-version", "4")
    assert quiet.stdout.splitlines()[0] == "content version 4 (base 4.0.0)"
    odyssey = run("play", "--game", "odyssey", "--players", "2", "--seed", "3", "--quiet")
    assert odyssey.exit_code == 0, odyssey.output
    assert odyssey.stdout.splitlines()[0] == "content version 1 (base 1.0.0)"


def test_play_json_matches_the_game():
    result = run("play", "--players", "2", "--seed", "3", "--bots", "greedy,random", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    game = play_game(GameConfig(players=2, seed=3), ["greedy", "random"])
    assert data["players"] == game.result["players"]
    assert data["winner"] == game.result["winner"]
    assert data["config"] == {"game": "project", "players": 2, "seed": 3,
                              "bots": ["greedy", "random"], "names": ["P0", "P1"],
                              "params": {}, "variants": {}, "options": {}, "expansions": [],
                              "rules_version": 2, "content_version": 12}
    for row in data["players"]:
        assert set(row["steps"]) == {"saved_resources", "surface_buildings", "buildings",
                                     "colonist_sets", "leftover_colonists", "badges",
                                     "most_toolkits"}


def test_play_content_version_plays_the_frozen_base_content(tmp_path):
    """--content-version 1 plays the base content before issue 28's rebalance (its frozen
    copy): the log names version 1 and the old pack, replays on it, and the seed's game is
    version 1's, not version 2's (docs/saves.md, "Content versions")."""
    from artemis.records.log import read_log, replay

    log = tmp_path / "v1.jsonl"
    result = run("play", "--players", "4", "--seed", "1", "--content-version", "1",
                 "--log", str(log))
    assert result.exit_code == 0, result.output
    header = json.loads(log.read_text().splitlines()[0])
    assert header["content_version"] == 1 and header["content"]["packs"] == ["base 1.0.0"]
    # in round 1 three seats try The Pocket Floor with 11: printed 14 in version 1, 10 in 2
    assert "The Pocket Floor 11/14 failed" in result.stdout
    assert "The Pocket Floor 11/10 success" in run("play", "--players", "4", "--seed",
                                                   "1").stdout
    assert replay(read_log(log)).game.config.content_version == 1
    verify = run("replay", str(log), "--verify")
    assert verify.exit_code == 0, verify.output


def test_play_content_version_usage_errors_exit_2(tmp_path):
    newer = run("play", "--content-version", "13", "--quiet")
    assert newer.exit_code == 2 and ("content_version 13 is not a content version of The "
                                     "Artemis Project: this engine plays 1 to 12") in newer.output
    assert run("play", "--content-version", "0").exit_code == 2
    save = tmp_path / "g.json"
    save.write_text("{}")
    clash = run("play", "--load", str(save), "--content-version", "1")
    assert clash.exit_code == 2 and "do not also give --content-version" in clash.output
    assert "Traceback" not in newer.output + clash.output


def test_play_same_seed_same_game():
    a = run("play", "--players", "4", "--seed", "9", "--json").stdout
    b = run("play", "--players", "4", "--seed", "9", "--json").stdout
    assert a == b


def test_play_usage_errors_exit_2():
    assert run("play", "--players", "6").exit_code == 2
    bad = run("play", "--bots", "wizard")
    assert bad.exit_code == 2 and "unknown bot 'wizard'" in bad.output
    near = run("play", "--players", "2", "--bots", "strongg,greedy")
    assert near.exit_code == 2 and ("unknown bot 'strongg'; did you mean 'strong'? expected "
                                    "one of: random, greedy, mcts, strong, human") in near.output
    assert run("play", "--players", "3", "--bots", "random,greedy").exit_code == 2
    assert "Traceback" not in bad.output


def test_bot_kinds():
    assert bot_kinds("greedy", 3) == ["greedy"] * 3
    assert bot_kinds("random, greedy", 2) == ["random", "greedy"]
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1), GreedyBot)


def test_greedy_beats_random_in_two_player_games():
    # the full 200-game figure is measured by benchmarks/bench_play.py; 10 games here
    wins = 0
    for seed in range(10):
        seat = seed % 2
        kinds = ["greedy", "random"] if seat == 0 else ["random", "greedy"]
        wins += play_game(GameConfig(players=2, seed=seed), kinds).result["winner"] == seat
    assert wins >= 8


def test_totals_are_in_game_vp_plus_the_seven_steps():
    data = json.loads(run("play", "--players", "5", "--seed", "7", "--json").stdout)
    for row in data["players"]:
        assert row["vp"] == row["in_game"] + sum(row["steps"].values())


def test_account_tells_each_round(tmp_path):
    out = run("play", "--players", "3", "--seed", "1").stdout
    # seed 1, 3 players: Warm Current adds 4 Energy to the Vents at once in round 1
    assert "Event revealed: Warm Current (resolves at once)" in out
    assert "Event Warm Current: Vents +4 Energy" in out
    for region in ("Basecamp:", "Vents:", "Gantry:", "Doorstep:", "Upkeep:"):
        assert region in out


def test_log_errors_are_clean_and_devices_are_not_replaced(tmp_path):
    empty = run("play", "--quiet", "--log", "")
    assert empty.exit_code == 1 and "needs a file name" in empty.output
    missing = run("play", "--quiet", "--log", str(tmp_path / "no" / "such" / "x.jsonl"))
    assert missing.exit_code == 1 and "cannot write the log" in missing.output
    stdout_log = run("play", "--quiet", "--log", "/dev/null")
    assert stdout_log.exit_code == 0
    import stat
    from pathlib import Path

    assert stat.S_ISCHR(Path("/dev/null").stat().st_mode)  # written through, not replaced


def test_empty_bot_names_are_a_usage_error():
    bad = run("play", "--players", "4", "--bots", "random,,greedy,random,random")
    assert bad.exit_code == 2 and "empty name" in bad.output


def test_a_game_with_a_person_and_no_seed_gets_a_random_seed_bots_alone_seed_0():
    """The same seed, the same game: bots given no seed replay seed 0, but a person at the
    terminal given none would meet the same galaxy, decks and Events in every game."""
    from artemis.cli.play import _new_config

    def seed_of(bots, seed=None, game="odyssey", players=2):
        config, kinds, _ = _new_config(game, players, seed, bots, None, None, None, None,
                                       None, False)
        return config.seed

    people = {seed_of("human,random") for _ in range(4)}
    assert len(people) > 1 and all(0 <= s < 2 ** 31 for s in people)
    assert seed_of("random,greedy") == 0 and seed_of("human,random", seed=5) == 5
    assert seed_of("human,random", game="project") != seed_of("human,random", game="project")
