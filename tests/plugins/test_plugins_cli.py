"""`artemis plugins`, and the variant and plugin flags of `artemis play`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from artemis.cli import app


@pytest.fixture
def builtin(builtin_host):
    return builtin_host


def run(*args):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


def test_plugins_lists_hooks_variants_and_options(builtin):
    data = json.loads(run("plugins", "--json").stdout)
    by_name = {row["name"]: row for row in data["plugins"]}
    assert set(by_name) == {"project", "odyssey", "harsh", "house_rules"}  # a game's core: its id
    assert by_name["project"]["hooks"] == ["artemis_register_content",
                                           "artemis_register_variants",
                                           "artemis_register_vocabulary"]
    # the rulings of rules version 1, which old logs and saves play with (docs/rulings.md)
    assert [v["name"] for v in by_name["project"]["variants"]] == ["old_rulings"]
    assert by_name["project"]["variants"][0]["options"] == ["academy", "gantry"]
    assert by_name["project"]["content"][0].endswith("base")
    assert {row["game"] for row in data["plugins"]} == {"project", "odyssey"}
    assert by_name["odyssey"]["game"] == "odyssey"
    assert [v["name"] for v in by_name["house_rules"]["variants"]] == ["game_length",
                                                                       "rich_start"]
    assert by_name["house_rules"]["variants"][1]["options"] == ["energy", "minerals",
                                                                "toolkits"]
    text = run("plugins").stdout
    assert "harsh (no options)" in text


def test_variant_and_option_flags_change_the_game(builtin):
    plain = json.loads(run("play", "--players", "2", "--seed", "4", "--json").stdout)
    short = run("play", "--players", "2", "--seed", "4", "--json", "--option",
                "game_length.rounds=2", "--log", "/dev/null")
    assert short.exit_code == 0, short.output
    assert json.loads(short.stdout)["players"] != plain["players"]
    harsh = json.loads(run("play", "--players", "2", "--seed", "4", "--json",
                           "--variant", "harsh").stdout)
    assert plain != harsh


def test_variant_flag_errors_exit_2(builtin):
    bad = run("play", "--variant", "harh")
    assert bad.exit_code == 2 and "did you mean 'harsh'" in bad.output
    bad = run("play", "--option", "game_length.rounds=99")
    assert bad.exit_code == 2 and "greater than the maximum of 14" in bad.output
    bad = run("play", "--option", "rounds=5")
    assert bad.exit_code == 2 and "NAME.KEY=VALUE" in bad.output


def test_a_failing_plugin_module_is_an_error(builtin):
    result = run("play", "--players", "2", "--quiet", "--plugin", "artemis_no_such_plugin")
    assert result.exit_code == 2  # asked for by name: not a game without it
    assert ("error: plugin 'artemis_no_such_plugin' (--plugin artemis_no_such_plugin) failed "
            "to load: ModuleNotFoundError") in result.stderr
    assert "winner" not in result.stdout
