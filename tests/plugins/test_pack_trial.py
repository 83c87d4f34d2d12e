"""`artemis validate PATH --simulate N`: games finished, errors with their seed and action,
and each new item's figures."""

from __future__ import annotations

import json
import types
from pathlib import Path

from typer.testing import CliRunner

from artemis.cli import app
from artemis.kernel.hookspecs import hookimpl
from artemis.kernel.plugins import load_plugins
from artemis.sim.pack_trial import trial
from artemis.sim.runner import game_seed

REEF = Path(__file__).resolve().parents[1] / "data" / "valid" / "reef_pack"


def test_simulate_reports_games_and_new_items():
    result = CliRunner().invoke(app, ["validate", str(REEF), "--simulate", "4", "--seed", "10",
                                      "--players", "3", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert (report["games"], report["finished"], report["errors"]) == (4, 4, [])
    ids = {row["id"]: row for row in report["items"]}
    assert set(ids) == {"coral_lab", "coral_lab_2", "greenhouse_3", "reef_bloom"}
    for row in ids.values():
        assert 0 <= row["taken"] <= row["appeared"] <= 4 or row["kind"] == "events"


def test_an_error_in_a_game_is_reported_with_its_seed_and_the_trial_goes_on():
    plugin = types.ModuleType("breaks_the_gantry")

    def artemis_resolve_region(game, region):
        if region == "gantry" and game.config.seed == game_seed(20, 1) and game.state.round == 2:
            raise RuntimeError("the crane fell over")
        return None

    plugin.artemis_resolve_region = hookimpl(artemis_resolve_region)
    host = load_plugins(entry_point_plugins=False)
    host.pm.register(plugin, name="breaks_the_gantry")
    report = trial([str(REEF)], {"coral_lab": "buildings"}, games=3, seed=20, players=2,
                   plugins=host)
    assert report["finished"] == 2
    (error,) = report["errors"]
    assert error["seed"] == game_seed(20, 1) and error["players"] == 2
    assert error["error"] == (f"PluginError: plugin 'breaks_the_gantry' raised in "
                              f"artemis_resolve_region (round 2, seed {game_seed(20, 1)}, "
                              f"action '{error['action']}'): RuntimeError: the crane fell over")
    assert error["action"] is not None and error["action_index"] > 0


def test_a_trial_game_is_the_play_game_of_its_seed():
    """The reported seed replays with `artemis play`: the same bots, the same game."""
    from artemis.kernel.game import GameConfig
    from artemis.players.play import play_game

    seen = []
    plugin = types.ModuleType("watch_final")

    def artemis_observe_event(game, event):
        if event["type"] == "final_scoring":
            seen.append(event["totals"])

    plugin.artemis_observe_event = hookimpl(artemis_observe_event)
    host = load_plugins(entry_point_plugins=False)
    host.pm.register(plugin, name="watch_final")
    trial([str(REEF)], {}, games=1, seed=8, players=3, plugins=host)
    game = play_game(GameConfig(players=3, seed=game_seed(8, 0), expansions=(str(REEF),)),
                     ["random"] * 3, plugins=host)
    assert seen == [{str(r["seat"]): r["vp"] for r in game.result["players"]}] * 2
