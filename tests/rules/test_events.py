"""The 14 Event cards (content/project/base/events.yaml; docs/authoring.md 3.4): each resolved with
("event", id) on a position set up by hand, with its exact effect; the spots; and modifiers
in force until the next Board Setup (R18)."""

from __future__ import annotations

import pytest

from artemis.games.project.params import param
from artemis.games.project.state import BasecampDie, Card, GantryTile

from .helpers import blank, finish, ids, logged, own, run

WHEN = {"warm_current": "immediate", "immigration_wave": "immediate",
        "relief_convoy": "immediate", "frontier_spirit": "immediate",
        "calm_currents": "immediate", "survey_contract": "G", "whiteout": "A",
        "vent_eruption": "B", "cave_in": "C", "crane_failure": "D",
        "spaceport_congestion": "E", "leviathan_sighting": "F", "fever_outbreak": "G",
        "ice_storm": "G"}


def test_fourteen_events_and_their_spots():
    g = blank()
    assert {e.id: e.when for e in g.catalog.events} == WHEN


# -- helpful --------------------------------------------------------------------------------------

def test_warm_current_adds_4_energy_to_the_vents():
    g = blank()
    g.state.vents = 5
    run(g, ("event", "warm_current"))
    assert g.state.vents == 9


def test_warm_current_resolves_at_reveal_in_board_setup():
    g = blank()
    s = g.state
    s.event_deck = ["warm_current"]
    s.expedition_deck = ["ice_shelf_survey", "vent_mapping"]  # 3 + 4 Energy
    run(g, ("board_setup",))
    assert s.event == "warm_current" and s.vents == 3 + 4 + 2 + 4


def test_immigration_wave_draws_3_colonists_into_the_doorstep():
    g = blank()
    s = g.state
    s.doorstep = [2, 1, 1, 0]
    bag = sum(s.bag)
    run(g, ("event", "immigration_wave"))
    assert sum(s.doorstep) == 7 and sum(s.bag) == bag - 3


def test_immigration_wave_stops_at_12():
    g = blank()
    s = g.state
    s.doorstep = [5, 3, 2, 0]
    bag = sum(s.bag)
    run(g, ("event", "immigration_wave"))
    assert sum(s.doorstep) == 12 and sum(s.bag) == bag - 2


def test_relief_convoy_gives_relief_to_players_with_fewest_buildings():
    g = blank()
    s = g.state
    own(g, 0, "kelp_farm")
    own(g, 1, "kelp_farm_2")
    own(g, 1, "greenhouse")
    own(g, 2, "machine_shop")
    # fewest is 1 building: players 0 and 2, 1 Relief gain each (content version 12; versions
    # 6 to 11: 3, versions 4 and 5: 2), a reward each: player 0 space 2's, player 2 space 1's
    # (a space passed may be taken, R11)
    run(g, ("event", "relief_convoy"), answers=["relief_reward:2", "relief_reward:1"])
    assert g.pending is None
    assert [p.relief for p in s.players] == [2, 1, 2]
    assert (s.players[0].minerals, s.players[0].energy, s.players[0].toolkits) == (3 + 2, 3, 1)
    assert s.players[2].toolkits == 1 + 2


def test_relief_convoy_all_tied_at_zero():
    g = blank()
    run(g, ("event", "relief_convoy"))
    finish(g)
    assert [p.relief for p in g.state.players] == [2, 2, 2]  # 1 gain each (content version 12)


# -- Expedition incentives ------------------------------------------------------------------------

def test_frontier_spirit_two_badges_per_award():
    g = blank()
    s = g.state
    run(g, ("event", "frontier_spirit"))
    assert [param(g, "expedition_badges", i) for i in range(3)] == [2, 2, 2]
    s.cards = [Card("ice_shelf_survey", [BasecampDie(0, 4), BasecampDie(1, 3), BasecampDie(2, 1)])]
    run(g, ("expedition", 0))
    finish(g)
    assert [p.badges for p in s.players] == [2, 2, 0]


def test_calm_currents_sends_cost_nothing():
    g = blank()
    s = g.state
    p = s.players[0]
    p.energy = p.minerals = 0
    p.shelters = [2, 0, 0, 0]
    s.cards = [Card("ice_shelf_survey")]
    run(g, ("event", "calm_currents"))
    assert param(g, "expedition_send_cost", 0) == 0
    p.dice = [4]
    run(g, ("placement_turn", 0), answers=["place:4:4:basecamp:0", "send:pioneer:2"])
    assert s.cards[0].dice[0].pioneers == 2 and (p.energy, p.minerals) == (0, 0)


def test_survey_contract_1_vp_to_each_player_holding_a_badge():
    # content version 9: every player holding a badge 1 VP, however many badges, not the
    # players with the most badges 2 VP (docs/balance.md, "What version 9 changed")
    g = blank()
    s = g.state
    for p, b in zip(s.players, [3, 1, 0], strict=True):
        p.badges = b
    run(g, ("event", "survey_contract"))
    assert [p.vp for p in s.players] == [1, 1, 0]
    assert [p.badges for p in s.players] == [3, 1, 0]  # nothing spent


def test_survey_contract_of_content_version_8_2_vp_to_all_tied_for_most_badges():
    g = blank(content_version=8)
    s = g.state
    for p, b in zip(s.players, [3, 3, 1], strict=True):
        p.badges = b
    run(g, ("event", "survey_contract"))
    assert [p.vp for p in s.players] == [2, 2, 0]


@pytest.mark.parametrize("version", [9, 8])
def test_survey_contract_nobody_when_no_badges(version):
    g = blank(content_version=version)
    run(g, ("event", "survey_contract"))
    assert [p.vp for p in g.state.players] == [0, 0, 0]


# -- hazards --------------------------------------------------------------------------------------

def test_whiteout_total_9_fails_difficulty_8():
    g = blank()
    s = g.state
    s.cards = [Card("first_descent", [BasecampDie(0, 6), BasecampDie(1, 3)])]
    clean = g.clone()
    run(clean, ("expedition", 0))
    assert logged(clean, "expedition")[0]["success"] is True  # 9 >= 8 without the event
    run(g, ("event", "whiteout"), ("expedition", 0))
    finish(g)
    e = logged(g, "expedition")[0]
    assert (e["total"], e["difficulty"], e["success"]) == (9, 10, False)
    assert [p.relief for p in s.players] == [2, 2, 1]
    assert [p.badges for p in s.players] == [0, 0, 0]


def test_whiteout_at_spot_a_before_basecamp():
    g = blank()
    s = g.state
    s.event = "whiteout"
    s.cards = [Card("first_descent", [BasecampDie(0, 6), BasecampDie(1, 4)])]  # 10
    run(g, ("resolve", "spot", "A"), ("resolve", "region", "basecamp"))
    finish(g)
    assert logged(g, "expedition")[0]["success"] is True  # 10 >= 10
    assert s.players[0].badges == 1


def test_vent_eruption_removes_4_energy_at_spot_b_before_the_vents():
    g = blank()
    s = g.state
    s.event = "vent_eruption"
    s.vents = 6
    s.vents_dice = [(0, 2), (1, 3)]
    run(g, ("resolve", "spot", "B"))
    assert s.vents == 2
    run(g, ("resolve", "region", "vents"))
    finish(g)
    assert s.players[0].energy == 3 + 2 and s.players[1].energy == 3
    assert s.players[1].relief == 2


def test_vent_eruption_stops_at_zero():
    g = blank()
    g.state.vents = 3
    run(g, ("event", "vent_eruption"))
    assert g.state.vents == 0


def test_cave_in_one_energy_per_die_in_the_quarry():
    g = blank()
    s = g.state
    s.quarry_dice = [(0, 1), (1, 2), (0, 5)]
    s.players[0].energy = 5
    s.players[1].energy = 0
    s.players[2].energy = 4
    run(g, ("event", "cave_in"))
    assert [p.energy for p in s.players] == [3, 0, 4]
    assert s.quarry_dice == [(0, 1), (1, 2), (0, 5)]  # the dice are still there


def test_crane_failure_raises_the_gantry_price_by_1():
    g = blank()
    s = g.state
    s.players[0].minerals = 4
    s.players[1].minerals = 3
    s.gantry = [GantryTile("council_chamber", [(1, 3)]), GantryTile("machine_shop", [(0, 3)])]
    run(g, ("event", "crane_failure"), ("gantry",))
    # player 1 cannot pay 4 for its 3: declined at once; player 0 is asked at 4
    assert g.pending.player == 0 and "4 Minerals" in g.legal_actions()[0].label
    g.apply("buy:buy")
    finish(g)
    assert s.players[0].minerals == 0 and s.players[1].minerals == 3
    assert [b.tile for b in s.players[0].buildings] == ["machine_shop"]
    assert [t.tile for t in s.gantry] == ["council_chamber"]


def test_crane_failure_with_dry_dock():
    g = blank()
    own(g, 0, "dry_dock", [0, 1, 0, 1])
    run(g, ("event", "crane_failure"))
    assert param(g, "gantry_price_adjust", 0) == -1  # 5 - 2 + 1 = 4 on a bid of 5
    assert param(g, "gantry_price_adjust", 1) == 1


def test_spaceport_congestion_3_energy_per_colonist():
    g = blank()
    s = g.state
    s.players[0].energy = 7
    s.doorstep = [3, 0, 0, 0]
    s.doorstep_dice = [(0, 6)]
    run(g, ("event", "spaceport_congestion"), ("exposure", "doorstep"),
        answers=["recruit:pioneer", "recruit:pioneer"])
    assert g.pending is None  # 1 Energy left: no third
    assert s.players[0].energy == 1 and s.players[0].shelters[0] == 3


def test_spaceport_congestion_with_shuttle_bay():
    g = blank()
    own(g, 0, "shuttle_bay", [2, 0, 0, 0])
    run(g, ("event", "spaceport_congestion"))
    assert param(g, "doorstep_cost_per_colonist", 0) == 2
    assert param(g, "doorstep_cost_per_colonist", 1) == 3


def test_leviathan_sighting_each_player_loses_1_resource():
    # content version 8: every player, not the players with the fewest Marines; version 5: 1
    # resource, not 2 (docs/balance.md, "What version 8 changed", "What version 5 changed")
    g = blank()
    s = g.state
    s.players[0].shelters = [1, 0, 1, 0]  # a Marine: hit all the same
    for p, (e, m) in zip(s.players, [(3, 3), (2, 4), (0, 0)], strict=True):
        p.energy, p.minerals = e, m
    run(g, ("event", "leviathan_sighting"))
    # players 0 and 1 choose which (an Energy or a Mineral), in turn order; player 2 has none
    # and loses nothing (Some General Rules: a player loses only what they have)
    assert g.pending.player == 0 and ids(g) == ["split:1", "split:0"]
    g.apply("split:1")
    assert g.pending.player == 1 and ids(g) == ["split:1", "split:0"]
    g.apply("split:0")
    assert g.pending is None
    assert [(p.energy, p.minerals) for p in s.players] == [(2, 3), (2, 3), (0, 0)]


def test_fever_outbreak_each_player_loses_1_resource():
    # content version 8: every player, not the players with the fewest Stewards; version 4:
    # resources, not a colonist; version 5: 1, not 2 (docs/balance.md)
    g = blank()
    s = g.state
    s.discard = [0, 0, 0, 0]
    s.players[0].shelters = [1, 0, 0, 1]  # a Steward: hit all the same
    s.players[1].shelters = [1, 1, 0, 0]
    s.players[2].shelters = [0, 0, 0, 0]
    s.players[0].energy, s.players[0].minerals = 0, 2
    s.players[2].energy, s.players[2].minerals = 1, 0
    run(g, ("event", "fever_outbreak"))
    # player 0 has only Minerals and player 2 only 1 Energy: each loses one, unasked; player 1
    # chooses which; no colonist is lost
    assert g.pending.player == 1 and ids(g) == ["split:1", "split:0"]
    g.apply("split:1")
    assert g.pending is None
    assert [(p.energy, p.minerals) for p in s.players] == [(0, 1), (2, 3), (0, 0)]
    assert [p.shelters for p in s.players] == [[1, 0, 0, 1], [1, 1, 0, 0], [0, 0, 0, 0]]
    assert s.discard == [0, 0, 0, 0]


# versions 1 to 7 (their frozen copies): only the players with the fewest Marines / Stewards


def test_until_version_7_leviathan_sighting_fewest_marines_lose_1_resource():
    # content version 5: 1 resource, not 2 (docs/balance.md, "What version 5 changed")
    g = blank(content_version=7)
    s = g.state
    s.players[0].shelters = [1, 0, 1, 0]
    for p, (e, m) in zip(s.players, [(3, 3), (2, 4), (0, 0)], strict=True):
        p.energy, p.minerals = e, m
    run(g, ("event", "leviathan_sighting"))
    # player 1 chooses which (an Energy or a Mineral); player 2 has none and loses nothing
    # (Some General Rules: a player loses only what they have)
    assert g.pending.player == 1 and ids(g) == ["split:1", "split:0"]
    g.apply("split:0")
    assert g.pending is None
    assert [(p.energy, p.minerals) for p in s.players] == [(3, 3), (2, 3), (0, 0)]


def test_until_version_7_leviathan_sighting_counts_marines_in_buildings():
    g = blank(content_version=7)
    s = g.state
    own(g, 1, "submarine_dock", [0, 0, 1, 0])
    s.players[2].shelters = [0, 0, 1, 0]
    s.players[0].energy, s.players[0].minerals = 2, 0
    run(g, ("event", "leviathan_sighting"))
    assert [(p.energy, p.minerals) for p in s.players] == [(1, 0), (3, 3), (3, 3)]


def test_until_version_7_fever_outbreak_fewest_stewards_lose_1_resource():
    # content version 4: resources, not a colonist; version 5: 1, not 2 (docs/balance.md)
    g = blank(content_version=7)
    s = g.state
    s.discard = [0, 0, 0, 0]
    s.players[0].shelters = [1, 0, 0, 1]  # a Steward: not among the fewest
    s.players[1].shelters = [1, 1, 0, 0]
    s.players[2].shelters = [0, 0, 0, 0]
    own(g, 2, "kelp_farm", [0, 0, 1, 0])  # a Marine, no Steward
    s.players[2].energy, s.players[2].minerals = 1, 0
    run(g, ("event", "fever_outbreak"))
    # player 1 chooses which; player 2 has only 1 and loses it; no colonist is lost
    assert g.pending.player == 1 and ids(g) == ["split:1", "split:0"]
    g.apply("split:0")
    assert g.pending is None
    assert [(p.energy, p.minerals) for p in s.players] == [(3, 3), (3, 2), (0, 0)]
    assert s.players[1].shelters == [1, 1, 0, 0] and s.discard == [0, 0, 0, 0]


def test_ice_storm_heating_costs_2_per_colonist():
    g = blank()
    s = g.state
    s.discard = [0, 0, 0, 0]
    p = s.players[0]
    p.shelters = [1, 0, 1, 0]  # 1 Pioneer, 1 Marine
    p.energy = 3
    run(g, ("event", "ice_storm"))
    assert param(g, "shelter_upkeep_per_colonist", 0) == 2
    run(g, ("heat", 0), answers=["unpaid:pioneer"])
    assert p.energy == 1 and p.shelters == [0, 0, 1, 0] and s.discard == [1, 0, 0, 0]


# -- modifiers end at the next Board Setup (R18) --------------------------------------------------

MODIFIERS = [("frontier_spirit", "expedition_badges", 1, 2),
             ("calm_currents", "expedition_send_cost", 1, 0),
             ("whiteout", "expedition_difficulty_adjust", 0, 2),
             ("crane_failure", "gantry_price_adjust", 0, 1),
             ("spaceport_congestion", "doorstep_cost_per_colonist", 2, 3),
             ("ice_storm", "shelter_upkeep_per_colonist", 1, 2)]


@pytest.mark.parametrize(("event", "name", "default", "during"), MODIFIERS)
def test_event_modifier_in_force_until_next_board_setup(event, name, default, during):
    g = blank()
    s = g.state
    assert param(g, name, 0) == default
    run(g, ("event", event))
    assert param(g, name, 0) == during and param(g, name, 2) == during
    s.event_deck = []
    run(g, ("board_setup",))
    assert param(g, name, 0) == default
