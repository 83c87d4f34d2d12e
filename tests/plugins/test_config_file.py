"""Game config files: `artemis play --config FILE`, flags overriding it, located errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.records.config_file import load_config


@pytest.fixture
def host(builtin_host):
    return builtin_host


def write(tmp_path, text):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def run(*args):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


GOOD = """players:
  - {seat: greedy}
  - {seat: random}
  - {seat: random}
seed: 5
variants:
  harsh: {}
  game_length: {rounds: 3}
"""


def test_a_config_file_plays_its_game(tmp_path, host):
    path = write(tmp_path, GOOD)
    loaded, problems = load_config(path, host)
    assert problems == []
    assert loaded.seats == ["greedy", "random", "random"] and loaded.seed == 5
    out = json.loads(run("play", "--config", str(path), "--json").stdout)
    assert {k: out["config"][k] for k in ("players", "seed", "bots", "variants")} == {
        "players": 3, "seed": 5, "bots": ["greedy", "random", "random"],
        "variants": {"harsh": {}, "game_length": {"rounds": 3}}}
    flags = json.loads(run("play", "--players", "3", "--seed", "5", "--bots",
                           "greedy,random,random", "--variant", "harsh", "--option",
                           "game_length.rounds=3", "--json").stdout)
    assert flags["players"] == out["players"]


def test_flags_override_the_file(tmp_path, host):
    path = write(tmp_path, GOOD)
    out = json.loads(run("play", "--config", str(path), "--seed", "6", "--json").stdout)
    assert out["config"]["seed"] == 6
    out = json.loads(run("play", "--config", str(path), "--players", "2", "--json").stdout)
    assert out["config"]["bots"] == ["random", "random"]


@pytest.mark.parametrize("text, expected", [
    ("players: [{seat: random}, {seat: random}]\nvariants:\n  harh: {}\n",
     [("E601", 3, 3)]),
    ("players: [{seat: random}, {seat: random}]\nvariants:\n  game_length: {rounds: 30}\n",
     [("E602", 3, 25)]),
    ("players: [{seat: random}, {seat: random}]\nvariants:\n  rich_start: {gold: 3}\n",
     [("E602", 3, 16)]),
    ("players: [{seat: random}, {seat: random}]\nexpansions: [packs/reef]\n",
     [("E603", 2, 14)]),
    ("players: [{seat: random}, {seat: randm}]\n", [("E204", 1, 34)]),
    ('players: [{seat: "mcts:iterations=0"}, {seat: "greedy:c=1"}]\n',
     [("E605", 1, 18), ("E605", 1, 47)]),
    ("players: [{seat: random}]\n", [("E206", 1, 10)]),
    ("players: 6\n", [("E205", 1, 10)]),
    ("seed: 3\n", [("E202", 1, 1)]),
    ("game: chess\nplayers: 2\n", [("E204", 1, 7)]),
    ("players: [{seat: random}, {seat: random}]\noptions:\n  rounds: 5\n", [("E604", 3, 3)]),
    ("game: project\nplayers: 2\noptions: []\n", [("E201", 3, 10)]),
])
def test_config_errors_are_located(tmp_path, host, text, expected):
    loaded, problems = load_config(write(tmp_path, text), host)
    assert loaded is None
    assert [(p.code, p.line, p.column) for p in problems] == expected
    result = run("play", "--config", str(tmp_path / "game.yaml"))
    assert result.exit_code == 1 and f"error[{expected[0][0]}]" in result.stdout
    assert "Traceback" not in result.output


@pytest.mark.parametrize("text", ["", "# only a comment\n"])
def test_an_empty_config_gets_a_config_files_hint(tmp_path, host, text):
    loaded, [problem] = load_config(write(tmp_path, text), host)
    assert loaded is None
    assert (problem.code, problem.line, problem.message) == ("E103", 1, "the file is empty")
    assert problem.hint == ('a game config is a mapping, at least players: N (docs/errors.md, '
                            '"E6xx: Game config files")')


def test_a_human_seat_without_input_is_a_clean_error(host):
    result = CliRunner().invoke(app, ["play", "--players", "2", "--bots", "human,random"],
                                input="")
    assert result.exit_code == 1
    assert "no input for a human seat" in result.output


def test_a_human_seat_answers_by_number(host):
    from artemis.kernel.game import Game
    from artemis.players.bots import HumanPlayer

    g = Game.new({"players": 2, "seed": 1}, plugins=host)
    answers = iter(["0", "xyz", "2"])
    shown = []
    human = HumanPlayer(read=lambda prompt: next(answers), write=shown.append)
    chosen = human.choose(g)
    assert chosen == g.legal_actions()[1]
    assert any("type a number from 1 to" in line for line in shown)


def test_seat_names_variants_and_expansions_are_shown_and_recorded(tmp_path, host):
    path = write(tmp_path, "players: [{seat: random, name: Alice}, {seat: greedy, name: Bob}]\n"
                           "seed: 2\nvariants: {rich_start: {energy: 8}}\n")
    log = tmp_path / "game.jsonl"
    text = run("play", "--config", str(path), "--log", str(log)).stdout
    assert "Alice (random)" in text and "Bob (greedy)" in text
    header = json.loads(log.read_text().splitlines()[0])
    assert header["names"] == ["Alice", "Bob"]
    assert header["variants"] == {"rich_start": {"energy": 8}}
    out = json.loads(run("play", "--config", str(path), "--json").stdout)
    assert out["config"]["variants"] == {"rich_start": {"energy": 8}}
    assert out["config"]["names"] == ["Alice", "Bob"]


def test_a_disabled_plugin_is_named_when_its_variant_is_asked_for(host, monkeypatch):
    import artemis_plugins.house_rules as house_rules
    from artemis.kernel.game import ConfigError, Game

    monkeypatch.setattr(host, "disabled", ["harsh"])
    host.pm.unregister(name="harsh")
    try:
        with pytest.raises(ConfigError, match=r"not loaded: harsh"):
            Game.new({"players": 2, "variants": {"harsh": {}}}, plugins=host)
    finally:
        import artemis_plugins.harsh as harsh

        host.pm.register(harsh, name="harsh")
    assert house_rules


def test_simulate_with_a_bad_variant_is_a_usage_error(host):
    from pathlib import Path

    reef = (Path(__file__).resolve().parents[2] / "content" / "examples" / "project"
            / "reef_expansion")
    result = run("validate", str(reef), "--simulate", "2", "--variant", "nosuch")
    assert result.exit_code == 2 and "unknown variant 'nosuch'" in result.output


def test_a_seed_no_save_can_keep_is_located_in_the_config(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("players: 2\nseed: 9999999999999999999999\n", encoding="utf-8")
    result = run("play", "--config", str(path))
    assert result.exit_code == 1
    assert f"{path}:2:7: error[E205]: 9999999999999999999999 is out of range" in result.output
