"""Harsh mode (rulebook, Setup: Harsh Mode; R29), a built-in plugin loaded like a third party's,
against the same seed without it."""

from __future__ import annotations

import random

import pytest

from artemis.kernel.game import ConfigError, Game
from artemis.kernel.plugins import load_plugins


@pytest.fixture(scope="module")
def host():
    import artemis_plugins.harsh as harsh

    h = load_plugins(entry_point_plugins=False)
    h.pm.register(harsh, name="harsh")
    return h


def play(host, seed, players, variants):
    g = Game.new({"players": players, "seed": seed, "variants": variants}, plugins=host)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("seed, players", [(1, 2), (4, 3), (7, 4), (11, 5)])
def test_harsh_refresh_adds_the_cards_numbers_plus_0(host, seed, players):
    plain = play(host, seed, players, {})
    harsh = play(host, seed, players, {"harsh": {}})
    for g, bonus in ((plain, 2), (harsh, 0)):
        setups = [e for e in g.log if e["type"] == "board_setup"]
        assert len(setups) == 6
        for e in setups:
            cards = [g.catalog.by_id[c] for c in e["cards"]]
            assert e["vents"] == sum(x.energy for x in cards) + bonus
            assert e["quarry"] == sum(x.minerals for x in cards) + bonus
        # the Doorstep draws min(players + bonus, 12 - present) at each Board Setup
        present = 0
        for entry in g.log:
            if entry["type"] == "board_setup":
                drawn = sum(entry["doorstep"]) - present
                assert drawn == min(players + bonus, 12 - present), entry["round"]
                present = sum(entry["doorstep"])
            elif entry["type"] == "recruited":
                present -= 1
            elif entry["type"] == "stock" and entry["region"] == "doorstep":
                present += entry["amount"]
    # named random streams: the dice are the same in both games
    rolls = [[e["dice"] for e in g.log if e["type"] == "dice_rolled"] for g in (plain, harsh)]
    assert rolls[0] == rolls[1]


def test_harsh_is_listed_as_a_variant(host):
    assert "harsh" in host.variants()
    assert host.variants()["harsh"].params({}) == {
        "vents_stock_bonus": 0, "quarry_stock_bonus": 0, "doorstep_draw_bonus": 0}


def test_unknown_variant_and_option_are_config_errors(host):
    with pytest.raises(ConfigError, match="unknown variant 'harh'; did you mean 'harsh'"):
        Game.new({"players": 2, "variants": {"harh": {}}}, plugins=host)
    with pytest.raises(ConfigError, match="variant 'harsh' has no option 'level'"):
        Game.new({"players": 2, "variants": {"harsh": {"level": 3}}}, plugins=host)


def test_without_the_plugin_harsh_is_unknown():
    bare = load_plugins(entry_point_plugins=False)
    with pytest.raises(ConfigError, match="unknown variant 'harsh'"):
        Game.new({"players": 2, "variants": {"harsh": {}}}, plugins=bare)
