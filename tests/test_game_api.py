"""The decision API's errors: configs and illegal actions name what is wrong and change
nothing."""

from __future__ import annotations

import pytest

from artemis.kernel.actions import IllegalAction
from artemis.kernel.game import ConfigError, Game, GameConfig


@pytest.mark.parametrize("config, words", [
    ({"players": "abc"}, "players must be a whole number"),
    ({"players": 3.5}, "players must be a whole number"),
    ({"players": 1}, "players must be 2 to 5 for The Artemis Project, got 1"),
    ({"players": 6}, "players must be 2 to 5 for The Artemis Project, got 6"),
    ({"players": 3, "bogus": 1}, "unknown config key 'bogus'"),
    ({"seed": "x"}, "seed must be a whole number"),
    ({"params": {"vents_stock_bonuss": 0}}, "unknown rule parameter 'vents_stock_bonuss'"),
    ("x", "a config is a mapping"),
])
def test_bad_configs_raise_config_error(config, words):
    with pytest.raises(ConfigError, match=words):
        Game.new(config)


def placement_game():
    g = Game.new({"players": 3, "seed": 1})
    assert g.pending.kind == "place"
    return g


def test_illegal_placements_name_the_rule_and_change_nothing():
    g = placement_game()
    p = g.state.players[g.current_player]
    before = g.view()
    far = 6 if 1 in p.dice else 1  # a face too far for the Toolkits held
    rolled = min(p.dice) if far == 6 else max(p.dice)
    cases = {
        f"place:{rolled}:{far}:vents:0": "Placement Phase: Toolkits",
        "place:6:6:mars:0": "Placement Phase",
        "place:5:5:gantry:9": "Gantry",
        "place:5:5:basecamp:7": "Basecamp",
        "nonsense": "Placement Phase",
    }
    if abs(far - rolled) <= p.toolkits:
        del cases[f"place:{rolled}:{far}:vents:0"]
    for action_id, rule in cases.items():
        if action_id.startswith("place:5") and 5 not in p.dice:
            continue
        with pytest.raises(IllegalAction) as err:
            g.apply(action_id)
        assert err.value.rule == rule, (action_id, str(err.value))
        assert g.view() == before


def test_toolkit_message_gives_the_numbers():
    g = placement_game()
    p = g.state.players[g.current_player]
    rolled = p.dice[0]
    need = p.toolkits + 1
    final = rolled - need if rolled - need >= 1 else rolled + need
    with pytest.raises(IllegalAction, match=f"needs {need} Toolkits; player {p.seat} has "
                       f"{p.toolkits}"):
        g.apply(f"place:{rolled}:{final}:vents:0")


def test_a_game_over_takes_no_action():
    g = placement_game()
    g.final = {"steps": {}, "ranking": [0]}
    g.pending = None
    with pytest.raises(IllegalAction, match="the game is over"):
        g.apply("place:1:1:vents:0")


@pytest.mark.parametrize("seed", [-1, 2**63])
def test_a_seed_saves_and_logs_cannot_keep_is_a_config_error(seed):
    with pytest.raises(ConfigError, match=rf"seed must be 0 to 2\*\*63 - 1, got {seed}"):
        Game.new(GameConfig(players=2, seed=seed))
    assert Game.new(GameConfig(players=2, seed=2**63 - 1)).current_player is not None
