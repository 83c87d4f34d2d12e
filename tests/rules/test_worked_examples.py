"""The rulebook's worked examples, with their exact numbers, run through the rule steps."""

from __future__ import annotations

import pytest

from artemis.games.project.rules import flow
from artemis.games.project.state import SHELTERS, BasecampDie, Card, GantryTile
from artemis.kernel.game import Game

YELLOW, GREEN, PURPLE = 0, 1, 2


@pytest.fixture
def game():
    g = Game.new({"players": 3, "seed": 7})
    g.pending = None
    g.tasks = []
    s = g.state
    s.event_modifiers = []
    for p in s.players:
        p.relief = 1
    return g


def resolve(g, *steps, answers=()):
    flow.push(g, *steps)
    flow.run(g)
    answers = list(answers)
    while g.pending is not None:
        ids = [a.id for a in g.pending.options]
        # scripted answers are used in order where they fit; other questions take option 0
        want = answers.pop(0) if answers and answers[0] in ids else ids[0]
        g.apply(want)
    assert not answers, f"unused scripted answers: {answers}"



def test_vents_example_8_energy(game):
    s = game.state
    s.vents = 8
    s.vents_dice = [(YELLOW, 1), (GREEN, 3), (YELLOW, 3), (GREEN, 4), (PURPLE, 4)]
    before = [p.energy for p in s.players]
    start = len(game.log)
    resolve(game, ("exposure", "vents"))
    gained = [p.energy - b for p, b in zip(s.players, before, strict=True)]
    # Yellow 1 + 3, Green 3 + 1, Purple exposed: 1 on the Relief Track
    assert gained == [4, 4, 0]  # Yellow, Green, Purple
    energy = [(e["player"], e["amount"]) for e in game.log[start:]
              if e["type"] == "gain" and e["item"] == "energy"]
    assert energy == [(YELLOW, 1), (GREEN, 3), (YELLOW, 3), (GREEN, 1)]  # die by die
    assert [(e["player"], e["face"]) for e in game.log[start:] if e["type"] == "exposed"] == [
        (PURPLE, 4)]
    assert s.vents == 0
    assert s.players[PURPLE].relief == 2
    assert s.players[YELLOW].relief == 1 and s.players[GREEN].relief == 1


def test_vents_placement_exposure_order(game):
    from artemis.games.project.rules.placement import place
    from artemis.kernel.actions import Action

    s = game.state
    for player, face in [(YELLOW, 3), (GREEN, 4), (YELLOW, 1), (GREEN, 3), (PURPLE, 4)]:
        s.players[player].dice = [face]
        place(game, Action("place", (face, face, "vents", 0)), player)
        game.tasks.clear()
    assert s.vents_dice == [(YELLOW, 1), (YELLOW, 3), (GREEN, 3), (GREEN, 4), (PURPLE, 4)]


def test_expedition_example(game):
    s = game.state
    s.cards = [Card("first_descent", [BasecampDie(GREEN, 6), BasecampDie(YELLOW, 5, pioneers=2),
                                      BasecampDie(PURPLE, 3)],
                    reward_colonists=[[1, 1, 0, 0], [0, 0, 0, 0]])]
    vp = [p.vp for p in s.players]
    # Yellow (7) chooses first: the Pioneer and Engineer; Green (6) takes the 1 VP
    resolve(game, ("expedition", 0), answers=["reward:0"])
    yellow, green, purple = (s.players[i] for i in (YELLOW, GREEN, PURPLE))
    logged = next(e for e in game.log if e["type"] == "expedition")
    assert (logged["total"], logged["difficulty"], logged["success"]) == (16, 8, True)
    assert logged["ranking"] == [YELLOW, GREEN, PURPLE]
    assert yellow.badges == 1 and green.badges == 1 and purple.badges == 0
    assert green.vp == vp[GREEN] + 1 and yellow.vp == vp[YELLOW] and purple.vp == vp[PURPLE]
    # Yellow: 1 starting Pioneer + the 2 sent Pioneers back + the reward's Pioneer and Engineer
    assert yellow.shelters == [4, 1, 0, 0]
    assert purple.relief == 2 and yellow.relief == 1 and green.relief == 1


def test_gantry_example(game):
    s = game.state
    for p in s.players:
        p.minerals = 5
    s.gantry = [GantryTile("volcanic_extractor"),
                GantryTile("manufactory", [(PURPLE, 3), (YELLOW, 4)]),
                GantryTile("shuttle_bay", [(GREEN, 4)])]
    resolve(game, ("gantry",), answers=["buy:buy", "buy:buy"])
    assert [b.tile for b in s.players[YELLOW].buildings] == ["manufactory"]
    assert [b.tile for b in s.players[GREEN].buildings] == ["shuttle_bay"]
    assert s.players[YELLOW].minerals == 1 and s.players[GREEN].minerals == 1
    assert s.players[PURPLE].relief == 2 and s.players[PURPLE].buildings == []
    assert s.players[YELLOW].relief == 1 and s.players[GREEN].relief == 1  # without a fight
    assert [g.tile for g in s.gantry] == ["volcanic_extractor"]


def test_doorstep_example(game):
    s = game.state
    for p in s.players:
        p.energy = 10
    s.doorstep = [3, 1, 1, 0]  # 3 Pioneers, an Engineer, a Marine
    s.doorstep_dice = [(PURPLE, 1), (YELLOW, 2), (GREEN, 3), (PURPLE, 4), (YELLOW, 5)]
    resolve(game, ("exposure", "doorstep"), answers=[
        "recruit:marine", "recruit:engineer", "recruit:pioneer", "recruit:pioneer",
        "recruit:pioneer"])
    yellow, green, purple = (s.players[i] for i in (YELLOW, GREEN, PURPLE))
    assert purple.shelters == [2, 0, 1, 0] and purple.energy == 6
    assert yellow.shelters == [1, 1, 0, 0] and yellow.energy == 8
    assert green.shelters == [3, 0, 0, 0] and green.energy == 6
    assert yellow.relief == 2 and purple.relief == 1 and green.relief == 1
    assert sum(s.doorstep) == 0


def test_academy_example_three_trains_pioneer_into_marine(game):
    s = game.state
    s.academy = [(YELLOW, 3, 0, SHELTERS), None]  # a Pioneer from the Shelters
    supply = s.academy_supply[2]
    resolve(game, ("academy",))
    assert s.players[YELLOW].shelters[2] == 1
    assert s.academy_supply[2] == supply - 1
    assert s.discard[0] == 1
    assert s.academy == [None, None]


@pytest.mark.parametrize("choice, item", [("relief_reward:1", "toolkits"),
                                          ("relief_reward:2", "minerals"),
                                          ("relief_reward:3", "energy")])
def test_relief_track_example_second_to_third_space(game, choice, item):
    # the rulebook: 2 Toolkits, 2 Minerals or 2 Energy, whichever the player takes
    p = game.state.players[YELLOW]
    p.relief = 2
    flow.push(game, ("relief", YELLOW))
    flow.run(game)
    labels = sorted(a.id for a in game.legal_actions())
    assert p.relief == 3
    assert labels == ["relief_reward:1", "relief_reward:2", "relief_reward:3"]
    before = {k: getattr(p, k) for k in ("toolkits", "minerals", "energy")}
    game.apply(choice)
    assert {k: getattr(p, k) - v for k, v in before.items()} == {
        k: 2 if k == item else 0 for k in before}
