"""The kernel operations (artemis.kernel.operations) bound to another game's items: the
Odyssey's water, food, energy and three ores with a pick-any ``ore: N``, in a toy game on the
kernel. The Project's own use of them is covered by every rules test and the golden logs."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass, field

import pytest
from jsonschema import Draft7Validator

from artemis.effects.model import parse_effect
from artemis.effects.registry import Quantity, Registry
from artemis.kernel.flow import StepTable, run
from artemis.kernel.game import Game, GameConfig
from artemis.kernel.operations import EffectItems, KernelOps, Pool, items_schema
from artemis.kernel.ruleset import Ruleset

ORE = Pool("ore", ("xanthium", "yoyodium", "zozodium"), ("Xanthium", "Yoyodium", "Zozodium"),
           "ore")


@dataclass
class Crew:
    water: int = 0
    food: int = 0
    energy: int = 0
    xanthium: int = 0
    yoyodium: int = 0
    zozodium: int = 0
    vp: int = 0


@dataclass
class State:
    players: list = field(default_factory=lambda: [Crew(), Crew()])
    modifiers: list = field(default_factory=list)


class OdysseyItems(EffectItems):
    names = ("water", "food", "energy", "xanthium", "yoyodium", "zozodium")
    pools = (ORE,)
    schema = items_schema({**{n: n.capitalize() + "." for n in names},
                           "ore": "Ore: Xanthium, Yoyodium and Zozodium in any mix."},
                          "Items of the Odyssey.")

    def record_modifier(self, game, param, mode, value):
        game.state.modifiers.append((param, mode, value))


KERNEL = KernelOps(OdysseyItems())
TABLE = StepTable()
KERNEL.install(TABLE)


class Toy(Ruleset):
    id = "toy"
    table = TABLE


def registry() -> Registry:
    reg = Registry()
    KERNEL.register(reg.add)
    reg.add(Quantity("water_held", {"type": "object"}, "Water held.",
                     count=lambda game, player, args: game.state.players[player].water))
    return reg


def toy_game(**holding) -> Game:
    game = Game(None, registry(), GameConfig(), Toy())
    game.state = State()
    for item, n in holding.items():
        setattr(game.state.players[0], item, n)
    return game


def play(game, effect) -> list[dict]:
    KERNEL.run_effect(game, 0, parse_effect(effect, game.registry.operations), ("test",))
    run(game)
    return game.log


def test_kernel_ops_import_no_game():
    code = ("import sys, artemis.kernel.operations; "
            "print(sorted(m for m in sys.modules if m.startswith('artemis.games')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


def test_the_schema_is_the_games_items():
    step = Draft7Validator({"definitions": registry().schema_definitions(),
                            "$ref": "#/definitions/step"})
    assert step.is_valid({"gain": {"water": 2, "ore": 1}})
    assert step.is_valid({"pay": {"zozodium": 1}})
    assert not step.is_valid({"gain": {"minerals": 1}})  # the Project's, not the Odyssey's
    assert not step.is_valid({"lose": {"resources": 1}})
    assert {op.name for op in KERNEL.operations} == {"gain", "lose", "pay", "vp", "choose",
                                                     "per", "modify"}


def test_gain_asks_the_mix_of_a_pool():
    game = toy_game()
    log = play(game, [{"gain": {"water": 2, "ore": 2}}])
    assert log == [{"type": "gain", "player": 0, "item": "water", "amount": 2}]
    assert game.pending.kind == "ore"
    assert [(a.id, a.label) for a in game.legal_actions()] == [
        ("ore:2:0", "2 Xanthium, 0 Yoyodium and 0 Zozodium"),
        ("ore:1:1", "1 Xanthium, 1 Yoyodium and 0 Zozodium"),
        ("ore:1:0", "1 Xanthium, 0 Yoyodium and 1 Zozodium"),
        ("ore:0:2", "0 Xanthium, 2 Yoyodium and 0 Zozodium"),
        ("ore:0:1", "0 Xanthium, 1 Yoyodium and 1 Zozodium"),
        ("ore:0:0", "0 Xanthium, 0 Yoyodium and 2 Zozodium")]
    game.apply("ore:1:0")
    crew = game.state.players[0]
    assert (crew.water, crew.xanthium, crew.yoyodium, crew.zozodium) == (2, 1, 0, 1)
    assert game.log[-2:] == [
        {"type": "gain", "player": 0, "item": "xanthium", "amount": 1},
        {"type": "gain", "player": 0, "item": "zozodium", "amount": 1}]


def test_pay_offers_only_what_the_player_holds_and_skips_the_rest_when_short():
    game = toy_game(xanthium=1, zozodium=5, food=1)
    play(game, [{"pay": {"food": 1, "ore": 2}}, {"vp": 3}])
    assert [(a.id, a.label) for a in game.legal_actions()] == [
        ("ore:1:0", "pay 1 Xanthium, 0 Yoyodium and 1 Zozodium"),
        ("ore:0:0", "pay 0 Xanthium, 0 Yoyodium and 2 Zozodium")]
    game.apply("ore:0:0")
    crew = game.state.players[0]
    assert (crew.food, crew.xanthium, crew.zozodium, crew.vp) == (0, 1, 3, 3)
    short = toy_game(xanthium=1)
    assert play(short, [{"pay": {"ore": 2}}, {"vp": 3}]) == [
        {"type": "pay_failed", "player": 0}]
    assert short.state.players[0].vp == 0 and short.pending is None


def test_lose_takes_what_there_is():
    game = toy_game(water=1, yoyodium=1, zozodium=2)
    log = play(game, [{"lose": {"water": 3, "ore": 5}}])
    assert log == [{"type": "lose", "player": 0, "item": "water", "amount": 1},
                   {"type": "lose", "player": 0, "item": "yoyodium", "amount": 1},
                   {"type": "lose", "player": 0, "item": "zozodium", "amount": 2}]
    assert game.pending is None


def test_vp_per_choose_and_modify():
    game = toy_game(water=5)
    play(game, [{"per": {"count": {"water_held": {}}, "every": 2, "max": 3,
                         "effect": [{"vp": 1}]}},
                {"choose": [[{"pay": {"food": 1}}, {"vp": 9}], [{"gain": {"food": 1}}],
                            [{"gain": {"energy": 2}}]]},
                {"modify": {"param": "rounds", "add": 1}}])
    assert game.state.players[0].vp == 2
    # the option that begins with a pay the player cannot meet is not offered
    assert [(a.id, a.label) for a in game.legal_actions()] == [
        ("choose:1", "gain {'food': 1}"), ("choose:2", "gain {'energy': 2}")]
    game.apply("choose:2")
    assert game.state.players[0].energy == 2
    assert game.state.modifiers == [("rounds", "add", 1)]
    assert game.log[-1] == {"type": "modify", "param": "rounds", "mode": "add", "value": 1}


def test_a_game_without_modifiers_says_so():
    class Bare(EffectItems):
        names = ("water",)

    ops = KernelOps(Bare())
    with pytest.raises(NotImplementedError, match="Bare does not record modifiers"):
        ops.modify(None, None, {"param": "rounds", "set": 2}, None)
