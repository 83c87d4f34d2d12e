"""The plugin manager: the core as a default plugin, entry points each in its own try/except,
the allow-list and --disable-plugin, and each hook reaching the game."""

from __future__ import annotations

import random
import types
from importlib.metadata import EntryPoint

import pytest

from artemis.effects.registry import Operation
from artemis.kernel import plugins as plugin_module
from artemis.kernel.game import Game
from artemis.kernel.hookspecs import hookimpl
from artemis.kernel.plugins import load_plugins


def fake_entry_points(monkeypatch, mapping):
    eps = [EntryPoint(name, value, "artemis.plugins") for name, value in mapping.items()]
    monkeypatch.setattr(plugin_module, "entry_points", lambda group: eps)


def test_core_loads_as_a_default_plugin():
    host = load_plugins(entry_point_plugins=False)
    assert "project" in host.loaded  # each game's core plugin is named by its id
    registry = host.registry()
    assert len(registry.operations) == 12 and len(registry.parameters) == 20


def test_a_plugin_that_raises_on_import_is_reported_and_the_rest_works(monkeypatch):
    fake_entry_points(monkeypatch, {"harsh": "artemis_plugins.harsh",
                                    "broken": "artemis_no_such_module_xyz"})
    monkeypatch.delenv("ARTEMIS_LOAD_PLUGINS", raising=False)
    host = load_plugins()
    assert "harsh" in host.loaded
    assert host.failures["broken"].startswith("ModuleNotFoundError")
    game = Game.new({"players": 2, "seed": 3, "variants": {"harsh": {}}}, plugins=host)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert game.result["winner"] in (0, 1)


def test_allow_list_and_disable(monkeypatch):
    fake_entry_points(monkeypatch, {"harsh": "artemis_plugins.harsh"})
    monkeypatch.setenv("ARTEMIS_LOAD_PLUGINS", "")
    assert "harsh" in load_plugins().disabled
    monkeypatch.setenv("ARTEMIS_LOAD_PLUGINS", "harsh")
    assert "harsh" in load_plugins().loaded
    monkeypatch.delenv("ARTEMIS_LOAD_PLUGINS")
    assert "harsh" in load_plugins(disable=("harsh",)).disabled


def make_plugin(**hooks):
    module = types.ModuleType("test_plugin")
    for name, fn in hooks.items():
        setattr(module, name, hookimpl(fn))
    return module


def host_with(plugin):
    host = load_plugins(entry_point_plugins=False)
    host.pm.register(plugin, name="test_plugin")
    return host


def play(host, seed=5, players=3):
    g = Game.new({"players": players, "seed": seed}, plugins=host)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_hook_register_vocabulary_adds_an_operation():
    def artemis_register_vocabulary(register):
        register(Operation("glow", {"type": "integer"}, "Glow brightly.",
                           run=lambda game, player, n, source: None))

    registry = host_with(make_plugin(artemis_register_vocabulary=artemis_register_vocabulary)
                         ).registry()
    assert "glow" in registry.operations
    assert "glow" in registry.schema_definitions()["step"]["properties"]


def test_hook_setup_params_changes_rule_parameters():
    def artemis_setup_params(params, variants):
        params["vents_stock_bonus"] = 5

    g = Game.new({"players": 2, "seed": 1},
                 plugins=host_with(make_plugin(artemis_setup_params=artemis_setup_params)))
    setup = next(e for e in g.log if e["type"] == "board_setup")
    card = g.catalog.by_id[setup["cards"][0]]
    assert setup["vents"] == card.energy + 5


def test_hook_resolve_region_replaces_a_region():
    def artemis_resolve_region(game, region):
        if region == "vents":
            game.state.vents_dice = []  # nobody harvests
            return True
        return None

    g = play(host_with(make_plugin(artemis_resolve_region=artemis_resolve_region)))
    harvested = [e for e in g.log if e["type"] == "gain" and e.get("region") == "vents"]
    assert harvested == []


def test_hook_register_scoring_adds_a_final_item():
    def artemis_register_scoring(register):
        register("pioneer_bonus", lambda game, seat: 10 + seat)

    g = play(host_with(make_plugin(artemis_register_scoring=artemis_register_scoring)))
    for row in g.result["players"]:
        assert row["steps"]["pioneer_bonus"] == 10 + row["seat"]
        assert row["vp"] == row["in_game"] + sum(row["steps"].values())


def test_hook_observe_event_sees_every_logged_event():
    seen = []

    def artemis_observe_event(game, event):
        seen.append(event["type"])

    g = play(host_with(make_plugin(artemis_observe_event=artemis_observe_event)))
    assert seen == [e["type"] for e in g.log if e["type"] != "action"]


def test_hook_register_content_adds_a_pack(tmp_path):
    from pathlib import Path

    pack = Path(__file__).parent.parent / "data" / "valid" / "reef_pack"

    def artemis_register_content(register):
        register(pack)

    g = Game.new({"players": 2, "seed": 1},
                 plugins=host_with(make_plugin(artemis_register_content=artemis_register_content)))
    assert "reef_pack" in [p.id for p in g.catalog.packs]


def test_hook_register_checks_adds_a_validation_check():
    from artemis.content.problems import ContentError

    def no_expensive_cards(items, packs):
        return [i.problem("X001", "too hard", "", "difficulty") for i in items
                if i.kind == "expeditions" and i.data["difficulty"] > 9]

    def artemis_register_checks(register):
        register(no_expensive_cards)

    host = host_with(make_plugin(artemis_register_checks=artemis_register_checks))
    with pytest.raises(ContentError) as err:
        Game.new({"players": 2, "seed": 1}, plugins=host)
    # the six cards of difficulty 10, the base game's highest (content version 2)
    assert [p.code for p in err.value.problems] == ["X001"] * 6
    assert all(p.file.endswith("expeditions.yaml") and p.pointer.endswith("/difficulty")
               for p in err.value.problems)


def test_hook_register_variants_with_options():
    from artemis.kernel.game import ConfigError
    from artemis.kernel.variants import Variant

    def artemis_register_variants(register):
        register(Variant("long_game", "Play more rounds.", {
            "type": "object", "additionalProperties": False,
            "properties": {"rounds": {"type": "integer", "minimum": 4, "maximum": 8,
                                      "default": 7, "description": "Rounds to play."}}},
            params=lambda options: {"rounds": options["rounds"]}))

    host = host_with(make_plugin(artemis_register_variants=artemis_register_variants))
    for given, rounds in (({}, 7), ({"rounds": 5}, 5)):
        g = Game.new({"players": 2, "seed": 2, "variants": {"long_game": given}}, plugins=host)
        rng = random.Random(2)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        assert sum(1 for e in g.log if e["type"] == "board_setup") == rounds
    with pytest.raises(ConfigError, match="rounds: 9 is greater than the maximum of 8"):
        Game.new({"players": 2, "variants": {"long_game": {"rounds": 9}}}, plugins=host)
