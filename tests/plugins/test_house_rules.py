"""The two built-in house rules and their options."""

from __future__ import annotations

import random

import pytest

from artemis.kernel.game import ConfigError, Game
from artemis.kernel.plugins import load_plugins


@pytest.fixture(scope="module")
def host():
    import artemis_plugins.house_rules as house_rules

    h = load_plugins(entry_point_plugins=False)
    h.pm.register(house_rules, name="house_rules")
    return h


def play(host, variants, seed=3, players=3):
    g = Game.new({"players": players, "seed": seed, "variants": variants}, plugins=host)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("given, rounds, ocean", [({}, 4, 2), ({"rounds": 8}, 8, 4),
                                                  ({"rounds": 3}, 3, 1)])
def test_game_length_rounds_and_stack_switch(host, given, rounds, ocean):
    g = play(host, {"game_length": given})
    setups = [e for e in g.log if e["type"] == "board_setup"]
    assert len(setups) == rounds
    shown: list = []
    for e in setups:
        revealed = [t for t in e["gantry"] if t not in shown]
        want = "ocean" if e["round"] <= ocean else "surface"
        assert {g.catalog.by_id[t].kind for t in revealed} <= {want}, e["round"]
        shown = e["gantry"]


def test_rich_start_defaults_and_options(host):
    for given, want in (({}, (5, 5, 2)), ({"energy": 9}, (9, 5, 2)),
                        ({"toolkits": 0, "minerals": 1}, (5, 1, 0))):
        g = Game.new({"players": 2, "seed": 1, "variants": {"rich_start": given}}, plugins=host)
        got = tuple(g.param_defaults[k] for k in ("start_energy", "start_minerals",
                                                  "start_toolkits"))
        assert got == want


def test_rich_start_mats_at_setup(host):
    from artemis.games.project.rules.setup import new_state
    from artemis.games.project.ruleset import RULESET
    from artemis.kernel.streams import stream

    STREAMS = RULESET.streams

    g = Game.new({"players": 3, "seed": 2, "variants": {"rich_start": {"minerals": 7}}},
                 plugins=host)
    fresh = new_state(g, 3, {name: stream(2, name) for name in STREAMS})
    assert [(p.energy, p.minerals, p.toolkits) for p in fresh.players] == [(5, 7, 2)] * 3


def test_bad_options_are_config_errors(host):
    with pytest.raises(ConfigError, match="rounds: 20 is greater than the maximum of 14"):
        Game.new({"players": 2, "variants": {"game_length": {"rounds": 20}}}, plugins=host)
    with pytest.raises(ConfigError, match="no option 'gold'; "):
        Game.new({"players": 2, "variants": {"rich_start": {"gold": 1}}}, plugins=host)
