"""One test (or more) for each ruling R1-R40 (docs/rulings.md).

Each position is set up by hand (see helpers.blank) and run through the rule steps; the
numbers are chosen so that a wrong rule gives a different result.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from artemis.games.project.ops import run_effect, targets
from artemis.games.project.params import param
from artemis.games.project.rules import colonists as col
from artemis.games.project.rules.scoring import final_scores
from artemis.games.project.rules.setup import round_stack
from artemis.games.project.state import (
    ENGINEER,
    MARINE,
    PIONEER,
    SHELTERS,
    STEWARD,
    BasecampDie,
    Card,
    GantryTile,
)
from artemis.kernel.game import Game

from .helpers import blank, effect, finish, ids, logged, own, run

ROOT = Path(__file__).resolve().parents[2]


def place_one(g, player, face, where, target=0, rolled=None):
    """Give ``player`` one die and place it through the legal actions."""
    rolled = face if rolled is None else rolled
    g.state.players[player].dice = [rolled]
    return run(g, ("placement_turn", player),
               answers=[f"place:{rolled}:{face}:{where}:{target}"])


# -- R1 -----------------------------------------------------------------------------------------

def test_r01_send_is_one_colonist_or_k_pioneers_paid_once():
    g = blank()
    s = g.state
    p = s.players[0]
    p.shelters = [3, 1, 1, 1]
    p.energy, p.minerals = 2, 0
    s.cards = [Card("vent_mapping")]
    place_one(g, 0, 4, "basecamp")
    assert g.pending.kind == "send"
    # one send: nothing, 1..3 Pioneers, or exactly one other colonist (Steward: face 4, R4)
    assert ids(g) == ["send:none", "send:pioneer:1", "send:pioneer:2", "send:pioneer:3",
                      "send:engineer:shelters", "send:marine:shelters"]
    g.apply("send:pioneer:3")
    die = s.cards[0].dice[0]
    assert (die.face, die.pioneers, die.sent) == (4, 3, None)
    assert p.shelters == [0, 1, 1, 1]
    assert p.energy == 1 and p.minerals == 0  # 1 resource for the whole send
    assert g.pending is None  # no second send for this die


def test_r01_send_cost_any_resource_and_none_without_resources():
    g = blank()
    s = g.state
    p = s.players[0]
    p.shelters = [1, 1, 0, 0]
    p.energy, p.minerals = 1, 1
    s.cards = [Card("vent_mapping")]
    place_one(g, 0, 3, "basecamp")
    g.apply("send:engineer:shelters")
    # the resource is the player's choice: 1 Energy or 1 Mineral
    assert g.pending.kind == "split" and ids(g) == ["split:1", "split:0"]
    g.apply("split:0")
    assert (p.energy, p.minerals) == (1, 0)
    assert s.cards[0].dice[0].sent == ENGINEER
    # with no resource left only "no colonist" remains, answered at once
    p.energy = p.minerals = 0
    place_one(g, 0, 3, "basecamp")
    assert g.pending is None
    assert s.cards[0].dice[1].pioneers == 0 and s.cards[0].dice[1].sent is None
    assert p.shelters == [1, 0, 0, 0]


# -- R2 / R38 -----------------------------------------------------------------------------------

def test_r02_r38_marine_targets_earlier_opponent_dice_above_one():
    g = blank()
    s = g.state
    p = s.players[0]
    p.shelters = [0, 0, 1, 0]
    p.energy, p.minerals = 1, 0
    s.cards = [Card("first_descent", [BasecampDie(1, 4), BasecampDie(2, 1), BasecampDie(0, 5),
                                      BasecampDie(2, 2)])]
    place_one(g, 0, 3, "basecamp")
    g.apply("send:marine:shelters")
    # die 0 (a 4): by 1 or 2; die 1 shows 1: no target; die 2 is our own; die 3 (a 2): by 1
    assert g.pending.kind == "marine"
    assert ids(g) == ["marine:0:1", "marine:0:2", "marine:3:1"]
    g.apply("marine:0:2")
    assert [d.face for d in s.cards[0].dice] == [2, 1, 5, 2, 3]
    assert s.cards[0].dice[4].sent == MARINE


def test_r02_marine_without_target_goes_along_with_no_effect():
    g = blank()
    s = g.state
    p = s.players[0]
    p.shelters = [0, 0, 1, 0]
    p.energy, p.minerals = 1, 0
    # only our own die and an opponent's 1 are there
    s.cards = [Card("first_descent", [BasecampDie(0, 6), BasecampDie(1, 1)])]
    place_one(g, 0, 3, "basecamp")
    g.apply("send:marine:shelters")
    assert g.pending is None
    assert [d.face for d in s.cards[0].dice] == [6, 1, 3]
    assert s.cards[0].dice[2].sent == MARINE and p.shelters == [0, 0, 0, 0]


# -- R3 -----------------------------------------------------------------------------------------

def test_r03_marine_reduction_counts_for_card_total_and_rank():
    g = blank()
    s = g.state
    p = s.players[0]
    p.shelters = [0, 0, 1, 0]
    p.energy, p.minerals = 1, 0
    s.cards = [Card("first_descent", [BasecampDie(1, 5, pioneers=2)])]
    place_one(g, 0, 6, "basecamp")
    g.apply("send:marine:shelters")
    g.apply("marine:0:2")
    die = s.cards[0].dice[0]
    assert (die.face, die.pioneers) == (3, 2)  # the face changed; the Pioneers still add
    vp = s.players[1].vp
    run(g, ("expedition", 0), answers=["reward:0"])
    e = logged(g, "expedition")[0]
    # 6 + (3 + 2) = 11; player 1 has 5 < 6 (it would have had 7 without the Marine)
    assert (e["total"], e["success"], e["ranking"]) == (11, True, [0, 1])
    assert s.players[1].vp == vp + 1  # the runner-up took the 1 VP reward


# -- R4 -----------------------------------------------------------------------------------------

def test_r04_steward_only_with_a_final_face_of_1_or_2():
    g = blank()
    s = g.state
    p = s.players[0]
    p.shelters = [0, 0, 0, 1]
    p.energy, p.toolkits = 3, 1
    s.cards = [Card("first_descent")]
    place_one(g, 0, 3, "basecamp")
    # with a 3 the Steward is not offered: "no colonist" is the only send, taken at once
    assert g.pending is None and s.cards[0].dice[0].sent is None
    # a 3 lowered to 2 with a Toolkit (before placing) may take the Steward
    place_one(g, 0, 2, "basecamp", rolled=3)
    assert p.toolkits == 0
    assert "send:steward:shelters" in ids(g)


def test_r04_steward_vp_to_the_first_chooser_only():
    g = blank()
    s = g.state
    # player 0: 2 + Steward and a 6 = 8, first; player 1: 1 + Steward and a 5 = 6, second
    s.cards = [Card("ice_shelf_survey", [BasecampDie(0, 2, sent=STEWARD),
                                         BasecampDie(1, 1, sent=STEWARD), BasecampDie(0, 6),
                                         BasecampDie(1, 5)])]
    run(g, ("expedition", 0), answers=["reward:1"])
    finish(g)
    p0, p1 = s.players[0], s.players[1]
    assert (p0.vp, p0.badges) == (1, 1)
    assert (p1.vp, p1.badges) == (0, 1)
    assert p0.shelters[STEWARD] == 1 and p1.shelters[STEWARD] == 1  # both came back


def test_r04_lone_player_counts_as_first_chooser_per_steward():
    g = blank()
    s = g.state
    s.cards = [Card("ice_shelf_survey", [BasecampDie(0, 2, sent=STEWARD),
                                         BasecampDie(0, 1, sent=STEWARD), BasecampDie(0, 3)])]
    run(g, ("expedition", 0))
    finish(g)
    p = s.players[0]
    assert p.vp == 2 and p.badges == 1  # +1 VP per Steward; one badge award
    assert p.energy == 3 + 2 and p.minerals == 3 + 2 and p.toolkits == 1 + 1  # both rewards


# -- R5 -----------------------------------------------------------------------------------------

def test_r05_tie_goes_to_the_earlier_first_die():
    g = blank()
    s = g.state
    # player 0: 1 (bottom) + 3 = 4; player 1: 4 (placed between) = 4: player 0 was earlier
    s.cards = [Card("ice_shelf_survey", [BasecampDie(0, 1), BasecampDie(1, 4), BasecampDie(0, 3)])]
    run(g, ("expedition", 0))
    assert g.pending.player == 0 and g.pending.kind == "reward"
    assert logged(g, "expedition")[0]["ranking"] == [0, 1]


def test_r05_failed_card_relief_once_per_player_not_per_die():
    g = blank()
    s = g.state
    # difficulty 8: 1 + 2 + 3 = 6 fails
    s.cards = [Card("first_descent", [BasecampDie(0, 1), BasecampDie(1, 2), BasecampDie(0, 3)])]
    run(g, ("expedition", 0))
    finish(g)
    assert s.players[0].relief == 2 and s.players[1].relief == 2 and s.players[2].relief == 1
    assert s.players[0].badges == s.players[1].badges == 0
    assert not logged(g, "on_expedition_success")


def test_r05_engineer_bonus_whatever_rank_and_third_place_relief():
    g = blank()
    s = g.state
    s.cards = [Card("ice_shelf_survey", [BasecampDie(0, 6), BasecampDie(1, 5),
                                         BasecampDie(2, 1, sent=ENGINEER)])]
    before = [(p.energy, p.minerals) for p in s.players]
    run(g, ("expedition", 0), answers=["reward:1"])
    assert g.pending.kind == "split" and g.pending.player == 2  # the Engineer's 2 resources
    g.apply("split:1")  # 1 Energy and 1 Mineral
    assert g.pending.kind == "relief_reward" and g.pending.player == 2
    g.apply("relief_reward:1")  # 2 Toolkits
    p2 = s.players[2]
    assert (p2.energy, p2.minerals) == (before[2][0] + 1, before[2][1] + 1)
    assert p2.badges == 0 and p2.relief == 2 and p2.toolkits == 1 + 2
    assert p2.shelters[ENGINEER] == 1
    # 1st took reward B (2 Energy); 2nd got reward A (2 Minerals, 1 Toolkit)
    assert s.players[0].energy == before[0][0] + 2
    assert s.players[1].minerals == before[1][1] + 2 and s.players[1].toolkits == 2


def test_r05_engineer_gives_nothing_on_a_failed_card():
    g = blank()
    s = g.state
    s.cards = [Card("first_descent", [BasecampDie(0, 2, sent=ENGINEER)])]
    run(g, ("expedition", 0), answers=["relief_reward:1"])
    p = s.players[0]
    assert (p.energy, p.minerals, p.relief, p.toolkits) == (3, 3, 2, 3)


def test_r05_difficulty_is_printed_plus_adjust_and_equal_succeeds():
    g = blank()
    s = g.state
    s.cards = [Card("first_descent", [BasecampDie(0, 5, pioneers=3)])]  # exactly 8
    run(g, ("expedition", 0))
    assert logged(g, "expedition")[0]["success"] is True


# -- R6 -----------------------------------------------------------------------------------------

def test_r06_unclaimed_rewards_go_back_at_the_next_board_setup():
    g = blank()
    s = g.state
    s.event_deck = []
    s.expedition_deck = ["ice_shelf_survey", "vent_mapping"]  # no reward items
    s.gantry = [GantryTile(t) for t in s.stacks["ocean"][:8]]
    del s.stacks["ocean"][:8]
    s.doorstep = [6, 6, 0, 0]  # full: nothing is drawn
    s.cards = [Card("drift_ice_crossing", reward_colonists=[[1, 0, 0, 1], [0, 0, 0, 0]]),
               Card("abandoned_outpost", reward_tiles=["kelp_farm", None])]
    bag = s.bag[:]
    run(g, ("board_setup",))
    assert s.bag == [bag[0] + 1, bag[1], bag[2], bag[3] + 1]
    assert s.stacks["ocean"][-1] == "kelp_farm"  # bottom of its stack
    assert s.expedition_discard[-2:] == ["drift_ice_crossing", "abandoned_outpost"]
    assert [c.id for c in s.cards] == ["ice_shelf_survey", "vent_mapping"]


def test_r06_reward_colonists_drawn_at_layout():
    g = blank()
    s = g.state
    s.event_deck = []
    s.expedition_deck = ["first_descent", "crater_rim_climb"]
    s.bag = [0, 0, 0, 0]
    s.discard = [0, 0, 0, 1]  # only one colonist can be found (R12 refill)
    run(g, ("board_setup",))
    first, crater = s.cards
    assert first.reward_colonists == [[0, 0, 0, 1], [0, 0, 0, 0]]  # short: 1 of 2
    assert crater.reward_tiles[0] is not None and crater.reward_tiles[1] is None


# -- R7 -----------------------------------------------------------------------------------------

def test_r07_gantry_tiles_resolve_in_reveal_order():
    g = blank()
    s = g.state
    p = s.players[0]
    p.minerals = 4
    s.gantry = [GantryTile("geothermal_tap", [(0, 3)]), GantryTile("volcanic_extractor",
                                                                  [(0, 3)])]
    run(g, ("gantry",), answers=["buy:buy", "fill:done"])
    # the second purchase cannot be paid: the offer is declined without a question
    assert g.pending is None
    assert [b.tile for b in p.buildings] == ["geothermal_tap"] and p.minerals == 1
    assert [t.tile for t in s.gantry] == ["volcanic_extractor"] and s.gantry[0].dice == []


# -- R8 -----------------------------------------------------------------------------------------

def test_r08_offers_go_die_by_die_a_decliner_is_offered_again_at_a_lower_die():
    """The issue's example: A 3, B 4, A 5 on a tile; A holds 3 Minerals, B none. A cannot pay
    5, B cannot pay 4; the next-highest die is A's 3 and A buys for 3 (rulebook)."""
    g = blank()
    s = g.state
    a, b, c = s.players
    a.minerals, b.minerals, c.minerals = 3, 0, 9
    s.gantry = [GantryTile("manufactory", [(0, 3), (1, 4), (0, 5)])]
    run(g, ("gantry",))
    # 5 and 4 cannot be paid: declined without a question; A is offered the tile at its 3
    assert g.pending.player == 0 and ids(g) == ["buy:buy", "buy:decline"]
    assert g.legal_actions()[0].label == "buy Manufactory for 3 Minerals"
    assert logged(g, "gantry_declined") == [
        {"type": "gantry_declined", "player": 0, "tile": "manufactory", "die": 5},
        {"type": "gantry_declined", "player": 1, "tile": "manufactory", "die": 4}]
    g.apply("buy:buy")
    finish(g)
    assert [x.tile for x in a.buildings] == ["manufactory"] and a.minerals == 0
    assert s.gantry == []
    # B could not pay when offered: nothing; C had no die: nothing; A bought
    assert (a.relief, b.relief, c.relief) == (1, 1, 1)


def test_r08_old_rulings_take_a_decliner_out_for_the_tile():
    """The same tile under rules version 1 (the old_rulings variant): A is out after its 5,
    B cannot pay, and the tile stays unsold."""
    g = blank(variants={"old_rulings": {}})
    s = g.state
    a, b, _ = s.players
    a.minerals, b.minerals = 3, 0
    s.gantry = [GantryTile("manufactory", [(0, 3), (1, 4), (0, 5)])]
    run(g, ("gantry",))
    assert g.pending is None and a.buildings == [] and a.minerals == 3
    assert [t.tile for t in s.gantry] == ["manufactory"] and s.gantry[0].dice == []
    assert [e.get("die") for e in logged(g, "gantry_declined")] == [None, None]


def test_r08_a_lower_bidder_who_declined_gains_nothing_when_the_tile_is_bought_lower():
    g = blank()
    s = g.state
    for p in s.players:
        p.minerals = 9
    s.gantry = [GantryTile("manufactory", [(0, 2), (1, 3), (0, 5)])]
    run(g, ("gantry",))
    assert g.pending.player == 0 and "5 Minerals" in g.legal_actions()[0].label
    g.apply("buy:decline")
    assert g.pending.player == 1 and "3 Minerals" in g.legal_actions()[0].label
    g.apply("buy:decline")
    # the offer comes back to player 0, at its 2
    assert g.pending.player == 0 and "2 Minerals" in g.legal_actions()[0].label
    g.apply("buy:buy")
    finish(g)
    assert [b.tile for b in s.players[0].buildings] == ["manufactory"]
    assert s.players[0].minerals == 7
    assert s.players[1].relief == 1 and s.players[1].minerals == 9  # declined: nothing


def test_r08_old_rulings_decliner_is_out_with_lower_dice_and_gets_no_relief():
    g = blank(rules_version=1)  # version 1 plays with old_rulings
    s = g.state
    for p in s.players:
        p.minerals = 9
    s.gantry = [GantryTile("manufactory", [(0, 2), (1, 3), (0, 5)])]
    run(g, ("gantry",))
    assert g.pending.player == 0 and ids(g) == ["buy:buy", "buy:decline"]
    assert "5 Minerals" in g.legal_actions()[0].label
    g.apply("buy:decline")
    # player 0's 2 is not offered: player 1 is, at 3
    assert g.pending.player == 1 and "3 Minerals" in g.legal_actions()[0].label
    g.apply("buy:buy")
    finish(g)
    assert [b.tile for b in s.players[1].buildings] == ["manufactory"]
    assert s.players[1].minerals == 6
    assert s.players[0].relief == 1 and s.players[0].minerals == 9


@pytest.mark.parametrize("variants", [{}, {"old_rulings": {}}])
def test_r08_relief_once_per_outbid_non_decliner(variants):
    g = blank(variants=variants)
    s = g.state
    for p in s.players:
        p.minerals = 9
    # player 2: 1 and 3; player 0: 2 and 4; player 1: 5 declines; player 0 buys at 4
    s.gantry = [GantryTile("manufactory", [(2, 1), (0, 2), (2, 3), (0, 4), (1, 5)])]
    run(g, ("gantry",), answers=["buy:decline", "buy:buy"])
    finish(g)
    assert [b.tile for b in s.players[0].buildings] == ["manufactory"]
    assert s.players[0].minerals == 5
    assert s.players[2].relief == 2  # once, though two of its dice were outbid
    assert s.players[1].relief == 1  # declined: nothing
    assert s.players[0].relief == 1


def test_r08_outbid_is_below_the_buying_die_not_the_highest():
    """C 1, A 3, B 4, A 5: A buys at its 3. C's 1 was outbid by A, who pays: C gains 1 on
    the Relief Track; B's 4 was offered first (could not pay): nothing."""
    g = blank()
    s = g.state
    a, b, c = s.players
    a.minerals, b.minerals, c.minerals = 3, 0, 0
    s.gantry = [GantryTile("manufactory", [(2, 1), (0, 3), (1, 4), (0, 5)])]
    run(g, ("gantry",), answers=["buy:buy"])
    assert g.pending.player == 0 and g.pending.kind == "fill"
    finish(g)
    assert a.minerals == 0 and [x.tile for x in a.buildings] == ["manufactory"]
    assert (a.relief, b.relief, c.relief) == (1, 1, 2)


def test_r08_unbought_tile_stays_and_price_uses_each_players_adjust():
    g = blank()
    s = g.state
    s.players[0].minerals = 2
    s.players[1].minerals = 0
    own(g, 0, "dry_dock", [0, 1, 1, 0])  # -2 for player 0 only
    s.gantry = [GantryTile("council_chamber", [(1, 3), (0, 4)])]
    run(g, ("gantry",))
    assert g.pending.player == 0 and "2 Minerals" in g.legal_actions()[0].label
    g.apply("buy:decline")
    # player 1 cannot pay 3: declined at once; the tile stays, its dice gone
    assert g.pending is None
    assert [t.tile for t in s.gantry] == ["council_chamber"] and s.gantry[0].dice == []
    assert all(p.relief == 1 for p in s.players)


# -- R9 -----------------------------------------------------------------------------------------

def test_r09_doorstep_up_to_limit_present_and_affordable():
    g = blank()
    s = g.state
    p = s.players[0]
    p.energy = 5
    s.doorstep = [2, 2, 1, 0]
    s.doorstep_dice = [(0, 4)]  # a 4: at most 3
    run(g, ("exposure", "doorstep"))
    assert ids(g) == ["recruit:stop", "recruit:pioneer", "recruit:engineer", "recruit:marine"]
    g.apply("recruit:pioneer")
    g.apply("recruit:engineer")
    # 1 Energy left: only "stop" remains, answered at once
    assert g.pending is None
    assert p.energy == 1 and p.shelters == [2, 1, 0, 0] and s.doorstep == [1, 1, 1, 0]
    assert p.relief == 1


def test_r09_face_limit_and_taking_none_gives_no_relief():
    g = blank()
    s = g.state
    s.players[0].energy = s.players[1].energy = 20
    s.doorstep = [3, 0, 0, 0]
    s.doorstep_dice = [(0, 1), (1, 6)]
    run(g, ("exposure", "doorstep"), answers=["recruit:pioneer", "recruit:stop"])
    # player 0's 1 allows a single colonist; player 1 chose to take none
    assert g.pending is None
    assert s.players[0].shelters[PIONEER] == 2 and s.players[1].shelters[PIONEER] == 1
    assert s.doorstep == [2, 0, 0, 0]
    assert s.players[0].relief == 1 and s.players[1].relief == 1


# -- R10 / R36 ----------------------------------------------------------------------------------

def test_r10_r36_academy_colonist_waits_on_the_left_space_then_right():
    g = blank()
    s = g.state
    p = s.players[0]
    own(g, 0, "volcanic_extractor", [2, 0, 0, 0])
    p.dice = [3, 5]
    run(g, ("placement_turn", 0), answers=["place:3:3:academy:0"])
    assert ids(g) == ["trainee:pioneer:shelters", "trainee:pioneer:0"]
    g.apply("trainee:pioneer:0")
    # (player, face, type, where from: building 0)
    assert s.academy == [(0, 3, PIONEER, 0), None]
    assert p.buildings[0].staff == [1, 0, 0, 0]
    assert not col.fully_staffed(("pioneer", "pioneer"), p.buildings[0].staff)
    assert col.colony(g, 0)[PIONEER] == 3  # still in the colony (with the Shelter one)
    # the same player takes the right space too
    g.apply("place:5:5:academy:0")
    g.apply("trainee:pioneer:shelters")
    assert s.academy == [(0, 3, PIONEER, 0), (0, 5, PIONEER, SHELTERS)]
    assert p.shelters == [0, 0, 0, 0] and g.pending is None
    assert g.view()["board"]["academy"] == [[0, 3, PIONEER], [0, 5, PIONEER]]  # as before


def test_r10_academy_resolution_left_first_wasted_goes_back_to_shelters_no_relief():
    g = blank()
    s = g.state
    s.academy_supply = [0, 4, 1, 0]
    s.discard = [0, 0, 0, 0]
    # both want the last Marine; player 0's Engineer came from the Shelters
    s.academy = [(1, 4, PIONEER, SHELTERS), (0, 3, ENGINEER, SHELTERS)]
    run(g, ("academy",))
    assert g.pending is None
    assert s.players[1].shelters == [1, 0, 1, 0]  # trained: left space first
    assert s.discard == [1, 0, 0, 0]
    assert s.players[0].shelters == [1, 1, 0, 0]  # wasted: the Engineer is back
    assert s.academy_supply == [0, 4, 0, 0] and s.academy == [None, None]
    assert all(p.relief == 1 for p in s.players)
    assert logged(g, "academy_wasted") == [{"type": "academy_wasted", "player": 0,
                                            "colonist": "engineer", "back_to": "shelters"}]


def _wasted_from_a_building(**config):
    """Player 0 places a 3 (a Marine) at the Academy with a Pioneer from its fully staffed
    Volcanic Extractor (2 Pioneer slots); the Marines are out; 4 Energy; resolve, then heat."""
    g = blank(**config)
    s = g.state
    p = s.players[0]
    own(g, 0, "volcanic_extractor", [2, 0, 0, 0])
    p.shelters = [1, 0, 0, 0]
    p.energy = 4
    s.academy_supply = [0, 4, 0, 4]
    p.dice = [3]
    run(g, ("placement_turn", 0), answers=["place:3:3:academy:0", "trainee:pioneer:0"])
    assert not col.fully_staffed(("pioneer", "pioneer"), p.buildings[0].staff)
    run(g, ("academy",))
    assert g.pending is None
    return g


def test_r10_a_wasted_colonist_goes_back_to_the_building_it_left():
    g = _wasted_from_a_building()
    p = g.state.players[0]
    assert p.buildings[0].staff == [2, 0, 0, 0] and p.shelters == [1, 0, 0, 0]
    assert col.fully_staffed(("pioneer", "pioneer"), p.buildings[0].staff)
    assert p.relief == 1
    assert logged(g, "academy_wasted")[0]["back_to"] == "volcanic_extractor"
    run(g, ("heat", 0))
    assert p.energy == 3 and logged(g, "heated")[-1]["colonists"] == 1


def test_r10_old_rulings_put_a_wasted_colonist_in_the_shelters():
    g = _wasted_from_a_building(variants={"old_rulings": {"gantry": False}})
    p = g.state.players[0]
    assert p.buildings[0].staff == [1, 0, 0, 0] and p.shelters == [2, 0, 0, 0]
    assert not col.fully_staffed(("pioneer", "pioneer"), p.buildings[0].staff)
    assert "back_to" not in logged(g, "academy_wasted")[0]
    run(g, ("heat", 0))
    assert p.energy == 2 and logged(g, "heated")[-1]["colonists"] == 2


def test_r10_resolve_space_documents_where_a_retrieved_colonist_goes():
    from artemis.games.project.rules.academy import resolve_space

    words = " ".join((resolve_space.__doc__ or "").split())
    assert "back to the building it came from if that still has room for it, else to the " \
        "Shelters" in words
    assert "Under rules version 1 (parameter ``academy_retrieve_to_shelters``" in words

def test_r10_a_wasted_colonist_whose_slot_was_filled_goes_to_the_shelters():
    g = blank()
    s = g.state
    p = s.players[0]
    own(g, 0, "volcanic_extractor", [2, 0, 0, 0])  # full again: a gained Pioneer took the slot
    p.shelters = [0, 0, 0, 0]
    s.academy_supply = [0, 4, 0, 4]
    s.academy = [(0, 3, PIONEER, 0), None]
    run(g, ("academy",))
    assert p.buildings[0].staff == [2, 0, 0, 0] and p.shelters == [1, 0, 0, 0]
    assert logged(g, "academy_wasted")[0]["back_to"] == "shelters"


def test_r36_trained_colonist_may_return_to_the_building_it_left():
    g = blank()
    s = g.state
    own(g, 0, "kelp_farm", [0, 0, 0, 0])  # [any]: the Pioneer left it for the Academy
    s.academy = [(0, 1, PIONEER, 0), None]
    run(g, ("academy",))
    assert ids(g) == ["house:1:shelters", "house:1:0"]
    g.apply("house:1:0")
    assert s.players[0].buildings[0].staff == [0, 1, 0, 0]


# -- R11 ----------------------------------------------------------------------------------------

def test_r11_last_space_rewards_then_relief_is_ignored():
    g = blank()
    p = g.state.players[0]
    p.relief = 9
    run(g, ("relief", 0))
    assert ids(g)[0] == "relief_reward:10" and len(ids(g)) == 10
    g.apply("relief_reward:10")
    assert (p.relief, p.vp) == (10, 3)
    before = (p.energy, p.minerals, p.toolkits, p.vp, sum(p.shelters))
    run(g, ("relief", 0), ("relief", 0))
    assert g.pending is None and p.relief == 10
    assert (p.energy, p.minerals, p.toolkits, p.vp, sum(p.shelters)) == before
    assert len(logged(g, "relief_ignored")) == 2


def test_r11_relief_n_is_n_single_gains():
    g = blank()
    p = g.state.players[0]
    run_effect(g, 0, effect(g, [{"relief": 2}]))
    run(g, answers=["relief_reward:2", "relief_reward:3"])
    assert p.relief == 3 and p.minerals == 3 + 2 and p.energy == 3 + 2


# -- R12 ----------------------------------------------------------------------------------------

def test_r12_empty_bag_refills_from_discard():
    g = blank()
    s = g.state
    s.bag = [0, 0, 0, 0]
    s.discard = [0, 2, 0, 0]
    assert col.draw_from_bag(g, 1) == [0, 1, 0, 0]
    assert s.bag == [0, 1, 0, 0] and s.discard == [0, 0, 0, 0]
    assert col.draw_from_bag(g, 3) == [0, 1, 0, 0]  # then both are empty: nothing more
    assert s.bag == [0, 0, 0, 0]
    assert len(logged(g, "bag_refilled")) == 1


def test_r12_discarded_colonists_go_to_the_discard_pile_and_academy_never_refills():
    g = blank()
    s = g.state
    s.discard = [0, 0, 0, 0]
    s.academy_supply = [0, 4, 0, 4]
    s.academy = [(0, 3, PIONEER, SHELTERS), None]
    run(g, ("academy",))  # no Marine left: wasted, even though Marines exist elsewhere
    assert s.academy_supply == [0, 4, 0, 4] and s.players[0].shelters == [2, 0, 0, 0]
    # heating: unpaid colonists go to the discard pile
    p = s.players[0]
    p.energy = 0
    run(g, ("heat", 0))
    assert p.shelters == [0, 0, 0, 0] and s.discard == [2, 0, 0, 0]


# -- R13 ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r13_84_colonists_by_type_at_setup(players):
    g = Game.new({"players": players, "seed": 3})
    s = g.state
    total = [0, 0, 0, 0]
    places = [s.bag, s.discard, s.doorstep, s.academy_supply, *(p.shelters for p in s.players),
              *(r for c in s.cards for r in c.reward_colonists)]
    for counts in places:
        total = [a + b for a, b in zip(total, counts, strict=True)]
    assert total == [28, 24, 16, 16]


def test_r13_items_are_unlimited():
    g = blank()
    p = g.state.players[0]
    p.toolkits = p.energy = p.badges = 60
    run_effect(g, 0, effect(g, [{"gain": {"toolkits": 5, "energy": 5}}]))
    run(g)
    assert (p.toolkits, p.energy) == (65, 65)


# -- R14 / R35 ----------------------------------------------------------------------------------

def test_r14_r35_fewest_resources_chooses_tie_furthest_clockwise():
    g = blank(players=4, start=1)
    s = g.state
    for p, (e, m) in zip(s.players, [(2, 1), (5, 0), (1, 2), (3, 0)], strict=True):
        p.energy, p.minerals = e, m
    run(g, ("choose_start",))
    # 0, 2 and 3 tie at 3; clockwise from seat 1: 2 (1 step), 3 (2), 0 (3): seat 0 chooses
    assert g.pending.player == 0
    assert ids(g) == ["start:0", "start:1", "start:2", "start:3"]  # anyone, itself included
    g.apply("start:3")
    assert s.start == 3 and s.turn_order() == [3, 0, 1, 2]


def test_r14_toolkits_are_not_resources():
    g = blank(players=3, start=0)
    s = g.state
    for p, (e, m, t) in zip(s.players, [(3, 3, 0), (1, 1, 9), (2, 1, 0)], strict=True):
        p.energy, p.minerals, p.toolkits = e, m, t
    run(g, ("choose_start",))
    assert g.pending.player == 1


# -- R15 ----------------------------------------------------------------------------------------

def test_r15_tie_goes_to_earlier_in_final_round_turn_order():
    g = blank(players=3)
    s = g.state
    for p in s.players:
        p.energy = p.minerals = p.toolkits = p.badges = 0
        p.shelters = [0, 0, 0, 0]
    s.log_round_turn_order = [2, 0, 1]
    s.start = 0  # the current start (a later choice) does not matter
    run(g, ("final_scoring",))
    assert g.is_over and g.result["ranking"] == [2, 0, 1] and g.result["winner"] == 2
    assert len({p.vp for p in s.players}) == 1


def test_r15_more_vp_beats_turn_order():
    g = blank(players=3)
    s = g.state
    for p in s.players:
        p.energy = p.minerals = p.toolkits = p.badges = 0
        p.shelters = [0, 0, 0, 0]
    s.players[1].vp = 1
    s.log_round_turn_order = [2, 0, 1]
    run(g, ("final_scoring",))
    assert g.result["ranking"] == [1, 2, 0]


# -- R16 ----------------------------------------------------------------------------------------

def test_r16_two_players_board():
    g = Game.new({"players": 2, "seed": 5})
    s = g.state
    cat = g.catalog
    assert len(s.academy) == 1
    setup = logged(g, "board_setup")[0]
    assert len(setup["cards"]) == 1 and len(setup["gantry"]) == 2
    assert sum(setup["doorstep"]) == 4
    tiles = {"ocean": [], "surface": []}
    for t in [*s.stacks["ocean"], *s.stacks["surface"], *(x.tile for x in s.gantry),
              *(t for c in s.cards for t in c.reward_tiles if t)]:
        tiles[cat.by_id[t].kind].append(t)
    assert len(tiles["ocean"]) == 20 and len(tiles["surface"]) == 20
    assert not any(cat.by_id[t].duplicate_of for t in tiles["ocean"] + tiles["surface"])


def test_r16_two_players_one_academy_space():
    g = blank(players=2)
    p = g.state.players[0]
    p.dice = [3, 4]
    run(g, ("placement_turn", 0), answers=["place:3:3:academy:0"])
    assert g.pending.kind == "place"
    assert not [a for a in ids(g) if ":academy:" in a]


# -- R17 ----------------------------------------------------------------------------------------

def test_r17_five_players_expedition_deck_reshuffles_in_round_6():
    g = Game.new({"players": 5, "seed": 2})
    g.pending, g.tasks = None, []
    s = g.state
    s.event_deck = []
    for _ in range(4):
        run(g, ("board_setup",))
        assert not logged(g, "expedition_deck_reshuffled")
    assert s.round == 5 and len(s.expedition_deck) == 2
    assert len(s.gantry) == 8 and sum(s.doorstep) == 12  # the caps hold
    run(g, ("board_setup",))
    assert s.round == 6
    assert [e["cards"] for e in logged(g, "expedition_deck_reshuffled")] == [20]
    assert len(s.cards) == 4 and len({c.id for c in s.cards}) == 4
    assert len(s.expedition_deck) == 18 and s.expedition_discard == []
    assert len(s.academy) == 2


# -- R18 ----------------------------------------------------------------------------------------

def test_r18_immediate_event_at_game_start():
    for seed in range(40):
        g = Game.new({"players": 3, "seed": seed})
        if g.catalog.by_id[g.state.event].when == "immediate":
            break
    else:
        pytest.fail("no seed with an immediate event")
    kinds = [e["type"] for e in g.log]
    assert kinds.index("event") < kinds.index("dice_rolled")
    assert logged(g, "event")[0]["event"] == g.state.event


def test_r18_letter_event_resolves_at_its_spot_and_ends_at_board_setup():
    g = blank()
    s = g.state
    s.event = "whiteout"  # spot A
    run(g, ("resolve", "spot", "B"))
    assert s.event_modifiers == []
    run(g, ("resolve", "spot", "A"))
    assert param(g, "expedition_difficulty_adjust") == 2
    s.event_deck = []
    run(g, ("board_setup",))
    assert param(g, "expedition_difficulty_adjust") == 0 and s.event is None


def test_r18_immediate_event_of_a_refresh_counts_for_the_start_choice():
    g = blank(players=3, start=0)
    s = g.state
    s.round = 1
    s.event_deck = ["relief_convoy"]
    own(g, 0, "kelp_farm")
    # before the event player 1 has fewest (0); player 2 has 1
    for p, (e, m) in zip(s.players, [(5, 5), (0, 0), (1, 0)], strict=True):
        p.energy, p.minerals = e, m
    run(g, ("round_end",))
    # Relief Convoy: 1 Relief gain each (content version 12) for players 1 and 2 (no
    # buildings), in turn order from the outgoing start
    assert g.pending.kind == "relief_reward" and g.pending.player == 1
    g.apply("relief_reward:2")  # 2 Minerals
    assert g.pending.kind == "relief_reward" and g.pending.player == 2
    g.apply("relief_reward:1")  # 2 Toolkits
    # player 2 now has the fewest resources (1 against player 1's 2)
    assert (s.players[1].minerals, s.players[2].toolkits) == (2, 1 + 2)
    assert g.pending.kind == "start" and g.pending.player == 2


def test_r18_targeted_clause_goes_in_turn_order_from_the_start_player():
    g = blank(players=3, start=2)
    for p in g.state.players:
        p.energy, p.minerals = 3, 3
    run(g, ("event", "leviathan_sighting"))
    order = []
    while g.pending is not None:
        order.append(g.pending.player)
        g.apply(g.legal_actions()[0].id)
    assert order == [2, 0, 1]


# -- R19 ----------------------------------------------------------------------------------------

def test_r19_most_needs_at_least_one_fewest_includes_zero():
    g = blank(players=4)
    s = g.state
    for p, b in zip(s.players, [0, 0, 0, 0], strict=True):
        p.badges = b
    most = ("players_with_most", ("held", {"item": "badges"}))
    fewest = ("players_with_fewest", ("held", {"item": "badges"}))
    assert targets(g, most) == []
    assert targets(g, fewest) == [0, 1, 2, 3]
    for p, b in zip(s.players, [2, 0, 2, 1], strict=True):
        p.badges = b
    assert targets(g, most) == [0, 2]
    assert targets(g, fewest) == [1]


# -- R20 ----------------------------------------------------------------------------------------

def test_r20_passive_checked_when_the_parameter_is_read():
    g = blank()
    s = g.state
    p = s.players[0]
    p.energy = 10
    bay = own(g, 0, "shuttle_bay", [1, 0, 0, 0])  # [pioneer, any]: not fully staffed
    assert param(g, "doorstep_cost_per_colonist", 0) == 2
    s.doorstep = [0, 2, 0, 0]
    place_one(g, 0, 3, "doorstep")
    p.buildings[bay].staff = [2, 0, 0, 0]  # staffed after placing, before resolving
    run(g, ("exposure", "doorstep"), answers=["recruit:engineer", "recruit:engineer"])
    assert p.energy == 10 - 2 * 1 and p.shelters[ENGINEER] == 2


def test_r20_trigger_checked_when_it_fires():
    g = blank()
    s = g.state
    yard = own(g, 0, "construction_yard", [1, 0, 0, 0])  # not fully staffed
    s.players[0].minerals = 10
    s.gantry = [GantryTile("kelp_farm", [(0, 1)])]
    run(g, ("gantry",), answers=["buy:buy", "fill:pioneer"])
    # the Pioneer moved into the Kelp Farm; the Yard is still not staffed: it gives nothing
    # (content version 4: 2 resources a building claimed, the player splitting them)
    assert g.pending is None and (s.players[0].energy, s.players[0].minerals) == (3, 9)
    s.players[0].buildings[yard].staff = [1, 1, 0, 0]
    s.gantry = [GantryTile("council_chamber", [(0, 1)])]
    run(g, ("gantry",), answers=["buy:buy", "split:2"])
    # staffed when the next claim fires it: 2 resources, taken as Energy (1 Mineral paid)
    assert (s.players[0].energy, s.players[0].minerals) == (5, 8)


# -- R21 ----------------------------------------------------------------------------------------

def test_r21_ocean_tiles_carry_over_and_count_toward_the_limit():
    g = blank(players=3)
    s = g.state
    s.round = 3
    s.event_deck = []
    ocean = s.stacks["ocean"][:6]
    del s.stacks["ocean"][:6]
    s.gantry = [GantryTile(t) for t in ocean]
    # two cards with a building as reward A (content version 2 has none as B; Storm Chase's
    # moved from B to A)
    s.expedition_deck = ["abandoned_outpost", "storm_chase", *s.expedition_deck]
    top = s.stacks["surface"][:4]
    run(g, ("board_setup",))
    assert s.round == 4 and round_stack(g, 4) == "surface"
    # rewards come from the Surface stack first, then the Gantry reveals, stopping at 8
    assert s.cards[0].reward_tiles == [top[0], None]
    assert s.cards[1].reward_tiles == [top[1], None]
    assert [t.tile for t in s.gantry] == [*ocean, top[2], top[3]]


# -- R22 ----------------------------------------------------------------------------------------

def test_r22_expedition_hub_send_from_it_and_return_to_it():
    g = blank()
    s = g.state
    p = s.players[0]
    # its one slot staffed (two to content version 6; an empty Hub is in force too: below)
    hub = own(g, 0, "expedition_hub", [1, 0, 0, 0])
    p.shelters = [1, 0, 0, 0]
    p.energy, p.minerals = 1, 0
    s.cards = [Card("ice_shelf_survey")]
    place_one(g, 0, 3, "basecamp")
    assert "send:pioneer:2" in ids(g)  # one send from the Hub and the Shelters together
    g.apply("send:pioneer:2")
    assert p.buildings[hub].staff == [0, 0, 0, 0] and p.shelters == [0, 0, 0, 0]
    run(g, ("expedition", 0), answers=["reward_first:1"])
    finish(g)
    # 3 + 2 = 5 succeeds; one comes back into the Hub's empty slot, the other to the Shelters
    assert p.buildings[hub].staff == [1, 0, 0, 0] and p.shelters == [1, 0, 0, 0]


def test_r22_hub_full_returns_the_rest_to_shelters_and_hub_is_not_heated():
    g = blank()
    s = g.state
    p = s.players[0]
    hub = own(g, 0, "expedition_hub")  # owned, not fully staffed: in force; its one slot free
    p.shelters = [0, 0, 0, 0]
    s.cards = [Card("first_descent", [BasecampDie(0, 1, pioneers=2)])]
    run(g, ("expedition", 0))
    finish(g)
    assert p.buildings[hub].staff == [1, 0, 0, 0] and p.shelters == [1, 0, 0, 0]
    p.energy = 5
    run(g, ("heat", 0))
    assert p.energy == 4  # only the Shelter Pioneer is heated


def test_r22_hub_engineer_can_be_sent():
    g = blank()
    s = g.state
    p = s.players[0]
    own(g, 0, "expedition_hub", [0, 1, 0, 0])
    p.shelters = [0, 0, 0, 0]
    s.cards = [Card("ice_shelf_survey")]
    place_one(g, 0, 3, "basecamp")
    assert ids(g) == ["send:none", "send:engineer:0"]


# -- R23 ----------------------------------------------------------------------------------------

def test_r23_heating_with_free_slots_and_unpaid_choice():
    g = blank()
    p = g.state.players[0]
    own(g, 0, "habitat_dome", [0, 0, 0, 1])  # staffed: 2 free Shelter places
    p.shelters = [2, 1, 1, 0]
    p.energy = 1
    g.state.discard = [0, 0, 0, 0]
    run(g, ("heat", 0))
    # 4 colonists, 2 free, 2 to pay at 1 each, 1 Energy: one is discarded, the owner picks
    assert p.energy == 0
    assert ids(g) == ["unpaid:pioneer", "unpaid:engineer", "unpaid:marine"]
    g.apply("unpaid:marine")
    assert p.shelters == [2, 1, 0, 0] and g.state.discard == [0, 0, 1, 0]


def test_r23_heating_all_paid():
    g = blank()
    p = g.state.players[0]
    p.shelters = [2, 1, 0, 0]
    p.energy = 4
    run(g, ("heat", 0))
    assert p.energy == 1 and p.shelters == [2, 1, 0, 0] and g.pending is None


# -- R24 ----------------------------------------------------------------------------------------

def test_r24_scoring_spends_nothing_and_checks_staffing_before_sets():
    g = blank()
    p = g.state.players[0]
    p.energy, p.minerals = 10, 0
    own(g, 0, "power_plant", [0, 2, 0, 0])  # [engineer, any]: 2 Engineers staff it
    own(g, 0, "threshold_control", [1, 0, 0, 1])
    own(g, 0, "geothermal_tap", [2, 0, 0, 0])
    own(g, 0, "kelp_farm", [0, 0, 0, 0])  # not staffed
    p.shelters = [0, 0, 1, 0]
    pts = final_scores(g)[0]
    assert pts["saved_resources"] == 2  # 10 Energy: 2 VP, nothing spent
    # Power Plant: 10 // 2 = 5; Threshold Control: 1 staffed Ocean tile x 2 = 2
    assert pts["surface_buildings"] == 7
    # sets: P3 E2 M1 S1 = 1 set (3 VP); the 3 left over: 1 VP
    assert pts["colonist_sets"] == 3 and pts["leftover_colonists"] == 1
    assert p.energy == 10


# -- R25 ----------------------------------------------------------------------------------------

def test_r25_lookups_use_the_final_die_face_only():
    g = blank()
    s = g.state
    p = s.players[0]
    p.toolkits = 1
    place_one(g, 0, 5, "outfitter", rolled=4)  # 4 -> 5 with a Toolkit: the 5-6 band
    assert p.toolkits == 1 - 1 + 3 and s.outfitter_dice == [(0, 5)]
    p.shelters = [2, 0, 0, 0]
    p.energy = 20
    s.doorstep = [5, 0, 0, 0]
    place_one(g, 0, 2, "doorstep")
    run(g, ("exposure", "doorstep"), answers=["recruit:pioneer"])
    assert g.pending is None  # a 2 takes 1 colonist, whatever the Shelters hold


def test_r25_gantry_bid_is_the_face():
    g = blank()
    s = g.state
    s.gantry = [GantryTile("council_chamber")]
    p = s.players[0]
    p.toolkits = 2
    place_one(g, 0, 6, "gantry", rolled=4)
    assert s.gantry[0].dice == [(0, 6)] and p.toolkits == 0
    p.minerals = 6
    run(g, ("gantry",))
    assert "6 Minerals" in g.legal_actions()[0].label


# -- R26 ----------------------------------------------------------------------------------------

def test_r26_exposure_relief_per_die():
    g = blank()
    s = g.state
    s.quarry = 2
    s.quarry_dice = [(0, 2), (1, 3), (1, 4)]
    run(g, ("exposure", "quarry"))
    finish(g)
    assert s.players[1].relief == 3  # two exposed dice: two gains
    assert s.players[0].relief == 1 and s.players[0].minerals == 3 + 2
    assert len(logged(g, "exposed")) == 2


def test_r26_empty_doorstep_relief_per_die():
    g = blank()
    s = g.state
    s.doorstep = [0, 0, 0, 0]
    s.doorstep_dice = [(2, 1), (2, 6)]
    run(g, ("exposure", "doorstep"))
    finish(g)
    assert s.players[2].relief == 3


# -- R27 ----------------------------------------------------------------------------------------

def test_r27_gained_building_takes_shelter_colonists_only():
    g = blank()
    s = g.state
    p = s.players[0]
    own(g, 0, "volcanic_extractor", [2, 0, 0, 0])
    p.shelters = [0, 1, 0, 0]
    p.minerals = 5
    s.gantry = [GantryTile("machine_shop", [(0, 2)])]
    run(g, ("gantry",), answers=["buy:buy"])
    # only the Shelter Engineer may move in, not the Extractor's Pioneers
    assert ids(g) == ["fill:done", "fill:engineer"]
    g.apply("fill:engineer")
    assert p.buildings[1].staff == [0, 1, 0, 0] and p.buildings[0].staff == [2, 0, 0, 0]


# -- R28 ----------------------------------------------------------------------------------------

def test_r28_score_may_go_below_zero():
    g = blank()
    s = g.state
    for p in s.players:
        p.energy = p.minerals = p.badges = 0
        p.shelters = [0, 0, 0, 0]
        p.toolkits = 0
    s.players[1].toolkits = 1  # only player 1 has the most Toolkits
    s.players[0].vp = 1
    run(g, ("final_scoring",))
    assert s.players[0].vp == 1 - 4  # Chart B at 0 badges
    assert s.players[2].vp == -4
    assert s.players[1].vp == -4 + 2


# -- R29 ----------------------------------------------------------------------------------------

def test_r29_harsh_mode_adds_nothing():
    harsh = {"vents_stock_bonus": 0, "quarry_stock_bonus": 0, "doorstep_draw_bonus": 0}
    g = Game.new({"players": 3, "seed": 4, "params": harsh})
    normal = Game.new({"players": 3, "seed": 4})
    setup, setup_n = logged(g, "board_setup")[0], logged(normal, "board_setup")[0]
    cards = [g.catalog.by_id[c] for c in setup["cards"]]
    assert setup["cards"] == setup_n["cards"]
    assert setup["vents"] == sum(c.energy for c in cards)
    assert setup["quarry"] == sum(c.minerals for c in cards)
    assert sum(setup["doorstep"]) == 3
    assert setup_n["vents"] == setup["vents"] + 2 and setup_n["quarry"] == setup["quarry"] + 2
    assert sum(setup_n["doorstep"]) == 5


# -- R30 ----------------------------------------------------------------------------------------

def test_r30_gained_colonist_asked_only_with_two_places():
    g = blank()
    p = g.state.players[0]
    col.gain_colonists(g, 0, [0, 0, 1, 0])
    run(g)
    assert g.pending is None and p.shelters == [1, 0, 1, 0]  # no building: Shelters
    own(g, 0, "kelp_farm")
    col.gain_colonists(g, 0, [0, 0, 1, 0])
    run(g)
    assert ids(g) == ["house:2:shelters", "house:2:0"]
    g.apply("house:2:0")
    assert p.buildings[0].staff == [0, 0, 1, 0]


def test_r30_hub_fills_first_and_the_owner_picks_which():
    g = blank()
    s = g.state
    p = s.players[0]
    p.shelters = [0, 0, 0, 0]
    hub = own(g, 0, "expedition_hub")  # its one slot free (content version 7)
    # a failed card: 2 Pioneers and a Marine come back
    s.cards = [Card("storm_chase", [BasecampDie(0, 1, pioneers=2), BasecampDie(0, 2,
                                                                              sent=MARINE)])]
    run(g, ("expedition", 0), answers=["relief_reward:1"])
    assert g.pending.kind == "hub_return"
    assert ids(g) == ["hub_return:pioneer", "hub_return:marine"]
    g.apply("hub_return:marine")
    assert g.pending is None
    assert p.buildings[hub].staff == [0, 0, 1, 0] and p.shelters == [2, 0, 0, 0]


# -- R31 ----------------------------------------------------------------------------------------

def test_r31_slots_are_matched():
    slots = ("engineer", "any")
    assert col.has_room(slots, [0, 0, 1, 0], ENGINEER)
    assert col.has_room(slots, [0, 1, 0, 0], MARINE)  # the Engineer takes its own slot
    assert not col.has_room(slots, [0, 0, 1, 0], MARINE)  # two Marines: no Engineer slot
    assert col.fully_staffed(slots, [0, 1, 1, 0])
    assert not col.fully_staffed(slots, [0, 0, 2, 0])
    assert col.fully_staffed(("pioneer", "any"), [2, 0, 0, 0])
    assert not col.has_room(("marine",), [0, 0, 0, 0], STEWARD)


# -- R32 ----------------------------------------------------------------------------------------

def test_r32_order_on_one_expedition_card():
    g = blank()
    s = g.state
    own(g, 2, "field_station", [0, 0, 1, 1])
    s.cards = [Card("ice_shelf_survey", [BasecampDie(0, 2, sent=STEWARD),
                                         BasecampDie(1, 5, sent=ENGINEER),
                                         BasecampDie(2, 1, sent=ENGINEER), BasecampDie(0, 5)])]
    run(g, ("expedition", 0))
    finish(g)
    seq = [(e["type"], e.get("player"), e.get("item")) for e in g.log
           if e["type"] in ("gain", "vp", "relief", "returned", "on_expedition_success")]
    assert seq == [
        ("gain", 0, "badges"), ("vp", 0, None),  # 1st: badge, Steward VP
        ("gain", 0, "minerals"), ("gain", 0, "toolkits"),  # 1st chooses (option 0: reward A)
        ("gain", 1, "badges"), ("gain", 1, "energy"),  # 2nd: badge, the other reward
        ("gain", 1, "energy"), ("gain", 2, "energy"),  # Engineers, in rank order
        ("relief", 2, None), ("gain", 2, "minerals"),  # relief (3rd): space 2
        ("returned", 0, None), ("returned", 1, None), ("returned", 2, None),
        ("on_expedition_success", 0, None), ("on_expedition_success", 1, None),
        ("on_expedition_success", 2, None),
        ("gain", 2, "energy"), ("gain", 2, "minerals"),  # Field Station
    ]


def test_r32_gantry_relief_in_descending_order_of_highest_die():
    g = blank(players=4)
    s = g.state
    s.players[3].minerals = 9
    s.gantry = [GantryTile("council_chamber", [(0, 1), (2, 2), (1, 3), (3, 4)])]
    run(g, ("gantry",), answers=["buy:buy"])
    finish(g)
    assert [e["player"] for e in logged(g, "relief")] == [1, 2, 0]


# -- R33 ----------------------------------------------------------------------------------------

def test_r33_upkeep_goes_step_by_step_in_turn_order():
    g = blank(players=3, start=1)
    for seat, p in enumerate(g.state.players):
        own(g, seat, "volcanic_extractor", [2, 0, 0, 0])
        p.shelters = [1, 0, 0, 0]
        p.energy = 1
    run(g, ("upkeep",))
    asked = []
    while g.pending is not None:
        asked.append((g.pending.kind, g.pending.player))
        want = {"move": "move:skip", "activate": None}[g.pending.kind]
        if want is None:
            want = "activate:0" if "activate:0" in ids(g) else "activate:done"
        g.apply(want)
    # after one activation only "done" is left: answered at once
    assert asked == [("move", 1), ("move", 2), ("move", 0),
                     ("activate", 1), ("activate", 2), ("activate", 0)]
    assert [e["player"] for e in logged(g, "heated")] == [1, 2, 0]
    assert all(p.minerals == 5 and p.energy == 0 for p in g.state.players)


def test_r33_activation_loop_once_per_tile_and_optional():
    g = blank()
    p = g.state.players[0]
    own(g, 0, "geothermal_tap", [2, 0, 0, 0])
    own(g, 0, "battery_bank", [0, 1, 1, 0])
    p.energy = 3
    run(g, ("activate", 0))
    assert ids(g) == ["activate:done", "activate:0", "activate:1"]
    g.apply("activate:0")  # Geothermal Tap first: 5 Energy
    assert ids(g) == ["activate:done", "activate:1"]
    g.apply("activate:1")  # Battery Bank (content version 11): 1, then 6 // 2 = 3, at most 2
    assert g.pending is None and p.energy == 8


# -- R34 ----------------------------------------------------------------------------------------

def test_r34_round_6_ends_without_refresh_or_start_choice():
    g = blank(players=3)
    s = g.state
    s.round = 6
    s.event = "ice_storm"  # spot G: after the Academy, before Upkeep's heating
    s.outfitter_dice = [(0, 3)]
    for p in s.players:
        p.shelters = [1, 0, 0, 0]
        p.energy = 2
    rounds_before = s.round
    run(g, ("resolution",), ("upkeep",), ("round_end",))
    kinds = [e["type"] for e in g.log]
    assert "board_setup" not in kinds and "start_player" not in kinds
    assert kinds.index("event") < kinds.index("heated")
    assert s.outfitter_dice == [] and s.round == rounds_before
    assert g.is_over and g.pending is None
    assert all(p.energy == 0 for p in s.players)  # Ice Storm: 2 per Shelter colonist


def test_r34_earlier_round_refreshes_and_chooses_start():
    g = blank(players=3)
    s = g.state
    s.round = 5
    s.event_deck = []
    run(g, ("round_end",))
    assert s.round == 6 and g.pending.kind == "start"


# -- R37 ----------------------------------------------------------------------------------------

def test_r37_validator_rejects_modify_outside_passive_or_untargeted_clause(tmp_path):
    from artemis.games.project.content import load_game_content

    result = load_game_content([ROOT / "tests/data/invalid/e305_modify_in_reward.yaml"])
    assert [p.code for p in result.problems] == ["E305"]
    bad = tmp_path / "targeted_modify.yaml"
    bad.write_text(
        "kind: events\nitems:\n  - id: rally\n    name: Rally\n    when: A\n    clauses:\n"
        "      - target: each_player\n"
        "        effect: [{modify: {param: outfitter_bonus, add: 1}}]\n"
        "    provenance: test\n", encoding="utf-8")
    result = load_game_content([bad])
    assert "E305" in [p.code for p in result.problems]
    upkeep = tmp_path / "upkeep_modify.yaml"
    upkeep.write_text(
        "kind: buildings\nitems:\n  - id: coral_lab\n    name: Coral Lab\n    kind: ocean\n"
        "    slots: [any]\n    upkeep: [{modify: {param: outfitter_bonus, add: 1}}]\n"
        "    provenance: test\n", encoding="utf-8")
    result = load_game_content([upkeep])
    assert "E305" in [p.code for p in result.problems]


# -- R39 ----------------------------------------------------------------------------------------

def test_r39_option_beginning_with_unpayable_pay_is_not_offered():
    g = blank()
    p = g.state.players[0]
    p.minerals, p.energy = 1, 3
    choice = effect(g, [{"choose": [[{"pay": {"minerals": 2}}, {"vp": 3}],
                                    [{"gain": {"energy": 1}}],
                                    [{"vp": 1}, {"pay": {"minerals": 2}}]]}])
    run_effect(g, 0, choice)
    run(g)
    # option 0 is not selectable; option 2 is (its pay is not first)
    assert ids(g) == ["choose:1", "choose:2"]
    g.apply("choose:2")
    assert p.vp == 1 and p.minerals == 1  # the pay fails and skips the rest


def test_r39_only_one_selectable_option_is_taken_at_once():
    g = blank()
    p = g.state.players[0]
    p.minerals = 0
    run_effect(g, 0, effect(g, [{"choose": [[{"pay": {"minerals": 1}}, {"vp": 3}],
                                            [{"gain": {"toolkits": 1}}]]}]))
    run(g)
    assert g.pending is None and p.toolkits == 2 and p.vp == 0


# -- R40 ----------------------------------------------------------------------------------------

def test_r40_rounds_parameter_sets_game_length():
    g = Game.new({"players": 3, "seed": 9, "params": {"rounds": 2}})
    assert len(g.state.event_deck) == 1  # 2 Event cards, one revealed
    while not g.is_over:
        g.apply(g.legal_actions()[0].id)
    assert g.state.round == 2
    assert len(logged(g, "board_setup")) == 2


def test_r40_ocean_rounds_switches_the_stack():
    g = blank(players=3, params={"ocean_rounds": 1})
    s = g.state
    assert round_stack(g, 1) == "ocean" and round_stack(g, 2) == "surface"
    assert [g.catalog.by_id[t.tile].kind for t in
            Game.new({"players": 3, "seed": 11, "params": {"ocean_rounds": 1}}).state.gantry] \
        == ["ocean"] * 3
    s.event_deck = []
    s.expedition_deck = ["ice_shelf_survey", "vent_mapping"]  # no building rewards
    top = s.stacks["surface"][:3]
    run(g, ("board_setup",))
    assert s.round == 2 and [t.tile for t in s.gantry] == top


def test_r40_relief_track_length_comes_from_data():
    g = blank()
    assert len(g.catalog.relief_track) == 10
    p = g.state.players[0]
    p.relief = len(g.catalog.relief_track)
    run(g, ("relief", 0))
    assert p.relief == 10 and g.pending is None


def test_r40_short_stacks_and_decks_take_what_remains():
    g = blank(players=3)
    s = g.state
    s.event_deck = []
    s.stacks["ocean"] = ["kelp_farm"]
    s.expedition_deck, s.expedition_discard = [], []
    run(g, ("board_setup",))
    assert s.cards == [] and [t.tile for t in s.gantry] == ["kelp_farm"]
    assert s.vents == 2 and s.quarry == 2  # only the bonus: no cards


def test_r18_r37_clause_targets_are_computed_once():
    import dataclasses

    from artemis.games.project.catalog import Clause, Event
    from artemis.util.frozen import FrozenMap

    g = blank()
    # a fan card: players with the most Energy gain 1 Energy
    rally = Event("rally", "Rally", "A", (Clause(
        ("players_with_most", ("held", FrozenMap({"item": "energy"}))),
        effect(g, [{"gain": {"energy": 1}}])),), "test")
    g.catalog = dataclasses.replace(g.catalog, by_id=FrozenMap({**g.catalog.by_id,
                                                                "rally": rally}))
    for p, e in zip(g.state.players, [5, 5, 4], strict=True):
        p.energy = e
    run(g, ("event", "rally"))
    # both tied players gain, though player 0 alone had the most after its own gain
    assert [p.energy for p in g.state.players] == [6, 6, 4]


# -- rulebook parts without a ruling of their own ----------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_general_and_player(players):
    g = Game.new({"players": players, "seed": 8})
    s = g.state
    assert s.round == 1 and 0 <= s.start < players
    assert s.academy_supply == [0, 4, 4, 4]
    assert len(s.event_deck) == 5 and s.event is not None  # six drawn, one revealed
    assert len(s.expedition_deck) == 22 - (players - 1) and len(s.cards) == players - 1
    ocean = [*s.stacks["ocean"], *(t.tile for t in s.gantry),
             *(t for c in s.cards for t in c.reward_tiles if t)]
    assert len(ocean) == (20 if players == 2 else 26) and len(s.stacks["surface"]) == len(
        ocean)
    assert len(s.academy) == (1 if players == 2 else 2)
    for p in s.players:
        assert (p.vp, p.badges, p.buildings) == (0, 0, [])
    first = [e for e in g.log if e["type"] == "dice_rolled"][0]["dice"]
    assert all(len(d) == 5 and all(1 <= f <= 6 for f in d) for d in first.values())


def test_player_setup_items():
    # read the setup from a game whose first Event is not immediate (nothing has changed yet)
    for seed in range(21, 60):
        g = Game.new({"players": 4, "seed": seed})
        if g.catalog.by_id[g.state.event].when != "immediate":
            break
    else:
        pytest.fail("no seed from 21 to 59 starts with an Event that is not immediate")
    for p in g.state.players:
        assert (p.energy, p.minerals, p.toolkits, p.relief, p.vp, p.shelters) == (
            3, 3, 1, 1, 0, [1, 0, 0, 0])


def test_board_setup_vents_quarry_gantry_doorstep():
    g = blank(players=4)
    s = g.state
    s.event_deck = []
    s.expedition_deck = ["ice_shelf_survey", "vent_mapping", "sonar_sweep", *s.expedition_deck]
    s.vents, s.quarry = 9, 9  # left over: discarded
    s.doorstep = [1, 1, 0, 0]
    s.gantry = [GantryTile("kelp_farm")]
    top = s.stacks["ocean"][:4]
    run(g, ("board_setup",))
    assert [c.id for c in s.cards] == ["ice_shelf_survey", "vent_mapping", "sonar_sweep"]
    assert s.vents == 3 + 4 + 4 + 2 and s.quarry == 4 + 3 + 2 + 2
    assert [t.tile for t in s.gantry] == ["kelp_farm", *top]
    assert sum(s.doorstep) == 2 + 4 + 2


def test_placement_toolkits_stay_within_1_to_6():
    g = blank()
    p = g.state.players[0]
    p.dice, p.toolkits = [1], 2
    run(g, ("placement_turn", 0))
    finals = {a.args[1] for a in g.legal_actions()}
    assert finals == {1, 2, 3}
    p.dice, p.toolkits = [6], 9
    g.pending = None
    run(g, ("placement_turn", 0))
    assert {a.args[1] for a in g.legal_actions()} == {1, 2, 3, 4, 5, 6}


def test_placement_turns_go_clockwise_from_start_and_skip_empty_pools():
    g = blank(players=3, start=2)
    s = g.state
    s.players[0].dice = [1, 2]
    s.players[1].dice = []
    s.players[2].dice = [3]
    run(g, ("placement_turn", 2))
    order = []
    while g.pending is not None:
        order.append(g.pending.player)
        g.apply(next(a.id for a in g.legal_actions() if ":outfitter:" in a.id))
    assert order == [2, 0, 0]
    assert logged(g, "placement_done")


def test_gantry_bid_must_beat_every_die_there():
    g = blank()
    s = g.state
    s.gantry = [GantryTile("kelp_farm", [(1, 4)]), GantryTile("machine_shop", [(0, 2)])]
    p = s.players[0]
    p.dice, p.toolkits = [4], 0
    run(g, ("placement_turn", 0))
    gantry = [a.id for a in g.legal_actions() if ":gantry:" in a.id]
    assert gantry == ["place:4:4:gantry:1"]  # not on a 4; over its own 2 (outbid oneself)


def test_upkeep_move_swap_options():
    g = blank()
    p = g.state.players[0]
    p.shelters = [1, 0, 0, 0]
    # the Engineering Guild (a Surface tile): [engineer]; the Machine Shop was, to content
    # version 5, but takes any colonist from version 6
    own(g, 0, "engineering_guild", [0, 1, 0, 0])
    own(g, 0, "kelp_farm", [0, 0, 1, 0])  # [any]
    run(g, ("move_swap", 0))
    # no Marine/Engineer swap: the Marine cannot take the Engineering Guild's Engineer slot
    assert ids(g) == ["move:skip", "move:engineer:0:shelters", "move:marine:1:shelters",
                      "swap:pioneer:shelters:marine:1"]
    g.apply("swap:pioneer:shelters:marine:1")
    assert p.shelters == [0, 0, 1, 0] and p.buildings[1].staff == [1, 0, 0, 0]


@pytest.mark.parametrize(("version", "offered"), [(11, 1100), (10, 1128)])
def test_the_widest_move_question_within_its_declared_bound(version, offered):
    """The action space bounds one move question by the player's own places and colonists
    (games/project/action_space.py): 7,855 options with the base catalog's 52 buildings and
    84 colonists, not every one of its 27,561 move and swap ids. A player owning every
    building, the box's colonists spread one to a (place, type) pair (84 pairs, the most),
    is offered fewer: 1,100 with content version 11, whose Cryo Archive takes an Engineer
    where version 10's took any colonist (1,128)."""
    from artemis.games.project.action_space import action_space

    g = blank(content_version=version)
    space = action_space(g.config)
    assert len(space.by_question["move"]) == 27561
    assert space.widest["move"] == 7855 and space.max_options == 7855
    p = g.state.players[0]
    box = [c.count for c in g.catalog.board.components]  # pioneer, engineer, marine, steward
    assert sum(box) == 84
    p.shelters = [1, 1, 1, 1]
    left = [n - 1 for n in box]
    for b in g.catalog.buildings:
        staff = [0, 0, 0, 0]
        for t in range(4):
            if left[t] and sum(staff) < 2:
                staff[t], left[t] = 1, left[t] - 1
        own(g, 0, b.id, staff)
    pairs = sum(x > 0 for x in p.shelters) + sum(x > 0 for bd in p.buildings for x in bd.staff)
    assert pairs == 84 and len(p.buildings) == 52
    run(g, ("move_swap", 0))
    assert len(ids(g)) == offered <= space.widest["move"]


def test_general_rule_lose_what_you_have():
    g = blank()
    p = g.state.players[0]
    p.energy, p.minerals, p.toolkits = 1, 0, 0
    run_effect(g, 0, effect(g, [{"lose": {"energy": 2, "minerals": 2, "toolkits": 1}}]))
    run(g)
    assert (p.energy, p.minerals, p.toolkits) == (0, 0, 0)


def test_general_rule_gained_colonist_into_a_building_with_room():
    g = blank()
    p = g.state.players[0]
    own(g, 0, "engineering_guild")  # [engineer]: no room for a Pioneer
    col.gain_colonists(g, 0, [1, 0, 0, 0])
    run(g)
    assert g.pending is None and p.shelters == [2, 0, 0, 0]


def test_resolution_order_from_spot_a_with_the_event_at_its_letter():
    g = blank()
    g.state.event = "crane_failure"  # spot D: before the Gantry
    g.state.outfitter_dice = [(1, 2)]
    run(g, ("resolution",))
    seq = [e.get("region", e.get("event")) for e in g.log if e["type"] in ("resolve", "event")]
    assert seq == ["basecamp", "vents", "quarry", "crane_failure", "gantry", "doorstep",
                   "academy", "outfitter"]
    assert g.state.outfitter_dice == []  # players take the Outfitter dice back


# -- the greedy bot's heuristic follows R8 ---------------------------------------------------------

@pytest.mark.parametrize("variants, credited", [({}, 0), ({"old_rulings": {}}, None)])
def test_heuristic_credits_the_first_gantry_offer_its_owner_can_pay(variants, credited):
    """A 3, B 4, A 5; A holds 3 Minerals, B none: A buys at its 3 (R8), nobody under rules
    version 1, and the greedy bot's estimate of the dice on the board says so."""
    from artemis.games.project.heuristic import MINERAL, _building, dice_on_board

    g = blank(variants=variants)
    s = g.state
    s.players[0].minerals, s.players[1].minerals = 3, 0
    s.gantry = [GantryTile("manufactory", [(0, 3), (1, 4), (0, 5)])]
    worth = dice_on_board(g)
    expected = {0: 0.0, 1: 0.0, 2: 0.0}
    if credited is not None:
        expected[credited] = _building(g, credited, s.gantry[0]) - 3 * MINERAL
        assert expected[credited] > 0
    assert worth == expected
