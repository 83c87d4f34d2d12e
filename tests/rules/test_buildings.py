"""Building abilities (docs/authoring.md 3.1): every upkeep effect shape, each passive, each
trigger, Surface scoring (only when fully staffed), and final scoring steps 1-7 with charts A
and B and the Toolkit tie (rulebook, End of the Game; docs/authoring.md 13.3)."""

from __future__ import annotations

import pytest

from artemis.games.project.params import param
from artemis.games.project.rules.scoring import final_scores
from artemis.games.project.state import TYPE_INDEX, BasecampDie, Card, GantryTile

from .helpers import blank, finish, ids, logged, own, run

KINDS = {"upkeep": 13, "passive": 5, "trigger": 2, "scoring": 20}  # content version 10: the
# Supply Depot an upkeep, not a passive


def staff_for(g, tile: str, fill: str = "engineer") -> list[int]:
    """Counts that fully staff ``tile``: each typed slot its type, each blank ``fill``."""
    out = [0, 0, 0, 0]
    for slot in g.catalog.by_id[tile].slots:
        out[TYPE_INDEX[fill if slot == "any" else slot]] += 1
    return out


def short_of_one(counts: list[int]) -> list[int]:
    out = counts[:]
    out[next(i for i in range(4) if out[i])] -= 1
    return out


def test_ability_kinds_of_the_distinct_tiles():
    g = blank()
    seen: dict[str, int] = {}
    for b in g.catalog.buildings:
        if not b.duplicate_of:
            seen[b.ability] = seen.get(b.ability, 0) + 1
            assert (b.kind == "surface") == (b.ability == "scoring"), b.id
    assert seen == KINDS


def test_duplicates_copy_their_original():
    g = blank()
    copies = [b for b in g.catalog.buildings if b.duplicate_of]
    assert len(copies) == 12  # 6 Surface and 6 Ocean duplicates (docs/authoring.md 13.4)
    for b in copies:
        o = g.catalog.by_id[b.duplicate_of]
        assert (b.name, b.kind, b.slots, b.upkeep, b.scoring) == (
            o.name, o.kind, o.slots, o.upkeep, o.scoring)
        assert o.passive is None and o.trigger is None  # only upkeep/scoring doubled


# -- upkeep ---------------------------------------------------------------------------------------

# tile -> (energy, minerals, toolkits, vp, colonists) gained; questions take option 0
# (a "resources" gain: all Energy; a choose: the first option)
UPKEEP = {
    "volcanic_extractor": (0, 2, 0, 0, 0),
    "geothermal_tap": (2, 0, 0, 0, 0),
    "kelp_farm": (1, 0, 1, 0, 0),
    "machine_shop": (1, 0, 1, 0, 0),  # content version 11: 1 Toolkit and 1 Energy or Mineral
    "surface_elevator": (0, 0, 0, 0, 1),
    "deep_trawler": (2, 0, 0, 0, 0),
    "crystal_foundry": (0, 2, 1, 0, 0),
    "battery_bank": (3, 0, 0, 0, 0),  # content version 11: 1, then 3 + 1 held: 4 // 2 = 2
    "manufactory": (1, -1, 0, 1, 0),  # content version 6: pays 1 for 1 VP, 1 Energy back
    "hydrolysis_plant": (2, 1, 0, 0, 0),
    "research_lab": (1, 0, 0, 1, 0),
    "council_chamber": (0, 0, 0, 1, 0),  # content version 11: 1 VP or 2 resources
    "supply_depot": (0, 1, 1, 0, 0),  # content version 10: 1 Mineral and 1 Toolkit
}


def _snapshot(p):
    return (p.energy, p.minerals, p.toolkits, p.vp,
            sum(p.shelters) + sum(sum(b.staff) for b in p.buildings))


@pytest.mark.parametrize("tile", sorted(UPKEEP))
def test_upkeep_activation_when_fully_staffed(tile):
    g = blank()
    p = g.state.players[0]
    own(g, 0, tile, staff_for(g, tile))
    before = _snapshot(p)
    run(g, ("activate", 0), answers=["activate:0"])
    finish(g)
    after = _snapshot(p)
    assert tuple(a - b for a, b in zip(after, before, strict=True)) == UPKEEP[tile]
    assert p.buildings[0].activated


@pytest.mark.parametrize("tile", sorted(UPKEEP))
def test_upkeep_not_offered_unless_fully_staffed(tile):
    g = blank()
    p = g.state.players[0]
    own(g, 0, tile, short_of_one(staff_for(g, tile)))
    before = _snapshot(p)
    run(g, ("activate", 0))
    assert g.pending is None and _snapshot(p) == before


def test_deep_trawler_choose_minerals():
    g = blank()
    p = g.state.players[0]
    own(g, 0, "deep_trawler", [0, 0, 2, 0])
    run(g, ("activate", 0), answers=["activate:0"])
    assert ids(g) == ["choose:0", "choose:1"]
    g.apply("choose:1")
    assert (p.energy, p.minerals) == (3, 5)


def test_kelp_farm_resources_split():
    g = blank()
    p = g.state.players[0]
    own(g, 0, "kelp_farm", [0, 0, 0, 1])
    run(g, ("activate", 0), answers=["activate:0", "split:0"])
    assert (p.energy, p.minerals, p.toolkits) == (3, 4, 2)


def test_machine_shop_toolkit_and_a_choice_of_energy_or_minerals():
    # content version 11: 1 Toolkit with 1 Energy or 1 Mineral (version 6 to 10: 2 Toolkits)
    g = blank()
    p = g.state.players[0]
    own(g, 0, "machine_shop", [0, 0, 0, 1])
    before = (p.energy, p.minerals, p.toolkits)
    run(g, ("activate", 0), answers=["activate:0"])
    assert ids(g) == ["choose:0", "choose:1"]
    g.apply("choose:1")
    assert (p.energy, p.minerals, p.toolkits) == (before[0], before[1] + 1, before[2] + 1)


def test_council_chamber_one_vp_or_two_resources():
    # content version 11: 1 VP, or 2 resources (version 6 to 10: 1 VP and 1 Toolkit)
    g = blank()
    p = g.state.players[0]
    own(g, 0, "council_chamber", staff_for(g, "council_chamber"))
    e, m, tk, vp = p.energy, p.minerals, p.toolkits, p.vp
    run(g, ("activate", 0), answers=["activate:0"])
    assert ids(g) == ["choose:0", "choose:1"]
    g.apply("choose:1")
    finish(g)  # the 2 resources' split: the first answer, all Energy
    assert (p.energy, p.minerals, p.toolkits, p.vp) == (e + 2, m, tk, vp)


# content version 11: 1 Energy, then 1 more a 2 held (the new one counted) at most 2 times
@pytest.mark.parametrize(("energy", "gained"), [(0, 1), (1, 2), (3, 3), (5, 3), (11, 3)])
def test_battery_bank_one_energy_then_one_a_two_held_max_2(energy, gained):
    g = blank()
    p = g.state.players[0]
    p.energy = energy
    own(g, 0, "battery_bank", [0, 2, 0, 0])
    run(g, ("activate", 0), answers=["activate:0"])
    assert g.pending is None and p.energy == energy + gained


def test_manufactory_pays_1_mineral_for_1_vp_and_1_energy():
    # content version 6: 1 Mineral for 1 VP (version 4 and 5: 3 for 2 VP), 1 Energy back
    g = blank()
    p = g.state.players[0]
    p.minerals, p.energy = 1, 0
    own(g, 0, "manufactory", [0, 1, 0, 1])
    run(g, ("activate", 0))
    assert ids(g) == ["activate:done", "activate:0"]
    g.apply("activate:0")
    assert (p.minerals, p.vp, p.energy) == (0, 1, 1) and g.pending is None


def test_manufactory_not_offered_without_a_mineral():
    g = blank()
    p = g.state.players[0]
    p.minerals, p.energy = 0, 9
    own(g, 0, "manufactory", [0, 1, 0, 1])
    run(g, ("activate", 0))
    assert g.pending is None and (p.minerals, p.vp, p.energy) == (0, 0, 9)


def test_surface_elevator_draws_from_the_bag_and_places_it():
    g = blank()
    s = g.state
    p = s.players[0]
    s.bag = [0, 0, 0, 2]
    own(g, 0, "surface_elevator", [1, 1, 0, 0])  # content version 6: Pioneer and Engineer
    own(g, 0, "jupiter_observatory")  # [steward]: room for the drawn Steward
    run(g, ("activate", 0), answers=["activate:0"])
    assert ids(g) == ["house:3:shelters", "house:3:1"]
    g.apply("house:3:1")
    assert s.bag == [0, 0, 0, 1] and p.buildings[1].staff == [0, 0, 0, 1]


def test_surface_elevator_with_empty_bag_and_discard_gives_nothing():
    g = blank()
    s = g.state
    s.bag = [0, 0, 0, 0]
    s.discard = [0, 0, 0, 0]
    p = s.players[0]
    own(g, 0, "surface_elevator", [1, 1, 0, 0])
    run(g, ("activate", 0), answers=["activate:0"])
    assert g.pending is None and p.shelters == [1, 0, 0, 0]


# -- passives -------------------------------------------------------------------------------------

def test_shuttle_bay_doorstep_cost_1_only_when_staffed():
    g = blank()
    s = g.state
    p = s.players[0]
    bay = own(g, 0, "shuttle_bay", [1, 0, 0, 0])
    assert param(g, "doorstep_cost_per_colonist", 0) == 2
    p.buildings[bay].staff = [1, 0, 1, 0]
    assert param(g, "doorstep_cost_per_colonist", 0) == 1
    assert param(g, "doorstep_cost_per_colonist", 1) == 2  # the owner only
    p.energy = 3
    s.doorstep = [0, 0, 0, 4]
    s.doorstep_dice = [(0, 5)]
    run(g, ("exposure", "doorstep"), answers=["recruit:steward"] * 3)
    assert g.pending is None and p.energy == 0 and p.shelters[3] == 3


def test_habitat_dome_two_free_shelter_places():
    g = blank()
    p = g.state.players[0]
    own(g, 0, "habitat_dome", [0, 1, 0, 0])
    p.shelters = [2, 0, 1, 0]
    p.energy = 5
    run(g, ("heat", 0))
    assert p.energy == 4
    p.buildings[0].staff = [0, 0, 0, 0]  # not staffed: all 3 pay
    run(g, ("heat", 0))
    assert p.energy == 1


def test_expedition_hub_parameters_while_owned():
    g = blank()
    hub = own(g, 0, "expedition_hub")
    assert param(g, "expedition_send_from", 0) == {"shelters", ("building", hub)}
    assert param(g, "expedition_return_to", 0) == ("building", hub)
    assert param(g, "expedition_badges", 0) == 2  # content version 10: one more an award
    assert param(g, "expedition_send_from", 1) == {"shelters"}
    assert param(g, "expedition_return_to", 1) == "shelters"
    assert param(g, "expedition_badges", 1) == 1


@pytest.mark.parametrize(("version", "badges"), [(10, (2, 1)), (9, (1, 1))])
def test_expedition_hub_owner_gains_two_badges_an_award_from_content_version_10(version, badges):
    g = blank(players=2, content_version=version)
    s = g.state
    own(g, 0, "expedition_hub")  # owned, not staffed: in force (R22)
    # two dice with 3 Pioneers each on a difficulty-8 card: 3 + 2 + 6 succeeds, and the first
    # and the second each get a badge award (R32)
    s.cards = [Card("first_descent", [BasecampDie(0, 3, pioneers=3),
                                      BasecampDie(1, 2, pioneers=3)])]
    run(g, ("expedition", 0))
    finish(g)
    assert (s.players[0].badges, s.players[1].badges) == badges


def test_submarine_dock_send_costs_nothing():
    g = blank()
    s = g.state
    p = s.players[0]
    p.energy = p.minerals = 0
    p.shelters = [3, 0, 0, 0]
    own(g, 0, "submarine_dock", [0, 0, 1, 0])
    s.cards = [Card("vent_mapping")]
    p.dice = [2]
    run(g, ("placement_turn", 0), answers=["place:2:2:basecamp:0", "send:pioneer:3"])
    assert s.cards[0].dice[0].pioneers == 3 and (p.energy, p.minerals) == (0, 0)


def test_submarine_dock_unstaffed_still_costs_1():
    g = blank()
    s = g.state
    p = s.players[0]
    p.energy, p.minerals = 1, 0
    own(g, 0, "submarine_dock")
    s.cards = [Card("vent_mapping")]
    p.dice = [2]
    run(g, ("placement_turn", 0), answers=["place:2:2:basecamp:0", "send:pioneer:1"])
    assert p.energy == 0


@pytest.mark.parametrize(("bid", "price"), [(1, 0), (2, 0), (3, 1), (6, 4)])
def test_dry_dock_price_minus_2_min_0(bid, price):
    g = blank()
    s = g.state
    p = s.players[0]
    p.minerals = 4
    own(g, 0, "dry_dock", [0, 1, 0, 1])
    s.gantry = [GantryTile("council_chamber", [(0, bid)])]
    run(g, ("gantry",), answers=["buy:buy"])
    finish(g)
    assert p.minerals == 4 - price
    assert [b.tile for b in p.buildings] == ["dry_dock", "council_chamber"]


def test_supply_depot_three_more_toolkits_per_outfitter_die():
    g = blank(content_version=9)  # versions 5 to 9; an upkeep from version 10 (UPKEEP)
    s = g.state
    p = s.players[0]
    p.toolkits = 0
    own(g, 0, "supply_depot", [1, 0, 0, 0])
    p.dice = [1, 6]
    run(g, ("placement_turn", 0), answers=["place:1:1:outfitter:0"])
    assert p.toolkits == 1 + 3  # content version 5: +3 (version 4 +2, before it +1)
    g.apply("place:6:6:outfitter:0")
    assert p.toolkits == 4 + 3 + 3 and s.outfitter_dice == [(0, 1), (0, 6)]


def test_outfitter_without_supply_depot():
    g = blank(content_version=9)
    p = g.state.players[0]
    p.toolkits = 0
    own(g, 0, "supply_depot")  # not staffed
    p.dice = [4]
    run(g, ("placement_turn", 0), answers=["place:4:4:outfitter:0"])
    assert p.toolkits == 2


# -- triggers -------------------------------------------------------------------------------------

def test_field_station_on_expedition_success_any_rank():
    g = blank()
    s = g.state
    for seat in range(3):
        own(g, seat, "field_station", [0, 0, 1, 1])
    s.cards = [Card("ice_shelf_survey", [BasecampDie(0, 4), BasecampDie(1, 3), BasecampDie(2, 1)])]
    run(g, ("expedition", 0), answers=["reward:1"])
    finish(g)
    # 1st: 2 Energy (B) + 1/1; 2nd: 2 Minerals, 1 Toolkit (A) + 1/1; 3rd: relief + 1/1
    assert [(p.energy, p.minerals) for p in s.players] == [(6, 4), (4, 6), (4, 6)]
    assert len(logged(g, "on_expedition_success")) == 3


def test_field_station_not_on_failure_nor_unstaffed():
    g = blank()
    s = g.state
    own(g, 0, "field_station", [0, 0, 1, 1])
    own(g, 1, "field_station", [0, 0, 1, 0])
    s.cards = [Card("pocket_floor", [BasecampDie(0, 6), BasecampDie(1, 3)])]  # 9 < 10
    run(g, ("expedition", 0))
    finish(g)
    assert (s.players[0].energy, s.players[1].energy) == (3, 3)
    s.cards = [Card("ice_shelf_survey", [BasecampDie(1, 6)])]
    run(g, ("expedition", 0))
    finish(g)
    # player 1 alone: both rewards (2 Energy; 2 Minerals, 1 Toolkit); no Field Station
    assert (s.players[1].energy, s.players[1].minerals) == (5, 5 + 2)


def test_construction_yard_on_building_claimed_not_for_itself():
    g = blank()
    s = g.state
    p = s.players[0]
    p.minerals = 10
    p.shelters = [2, 0, 0, 0]
    s.gantry = [GantryTile("construction_yard", [(0, 1)])]
    # move both Pioneers into the new Yard: it is staffed, but does not fire for itself
    run(g, ("gantry",), answers=["buy:buy", "fill:pioneer", "fill:pioneer"])
    assert g.pending is None and (p.energy, p.minerals) == (3, 9)
    assert p.buildings[0].staff == [2, 0, 0, 0]
    s.gantry = [GantryTile("greenhouse", [(0, 1)])]
    # the next claim fires it: 2 resources (content version 4), split as the owner says
    run(g, ("gantry",), answers=["buy:buy", "split:1"])
    assert g.pending is None and (p.energy, p.minerals, p.vp) == (4, 8 + 1, 0)


def test_construction_yard_on_expedition_building_reward():
    g = blank()
    s = g.state
    p = s.players[0]
    own(g, 0, "construction_yard", [1, 1, 0, 0])
    s.cards = [Card("abandoned_outpost", [BasecampDie(0, 6), BasecampDie(0, 5)],
                    reward_tiles=["greenhouse", None])]
    before = p.energy + p.minerals
    run(g, ("expedition", 0), answers=["reward_first:0"])
    finish(g)
    assert [b.tile for b in p.buildings] == ["construction_yard", "greenhouse"]
    # reward B's 2 Energy and 2 Minerals, and the Yard's 2 resources for the Greenhouse
    assert p.energy + p.minerals == before + 4 + 2 and p.vp == 0


# -- Surface scoring ------------------------------------------------------------------------------

# with: 7 Energy, 9 Minerals, 5 Toolkits, 5 badges; a staffed Geothermal Tap (2 Pioneers), an
# empty Kelp Farm, Shelters 1 Pioneer + 2 Marines; the tile staffed (blank slots: Engineers);
# the Mineral Vault: 1 VP per 3 Minerals (content version 2), 9 // 3
SURFACE = {  # content version 3: the fixed values and the Barracks' base 1 VP lower;
    # version 4: the Settlers' Lodge 1 + 3 of 5 Pioneers, the Explorers' Club 2 + 3 of 5
    # badges; version 7: the Engineering Guild 1 + 2 of 5 Toolkits, the Barracks no base
    # before 3 of its 4 Marines (2 VP each), the Governor's Residence 5 and the Radio
    # Telescope 6, the Mag-Rail 2 a 5 of 8 colonists (was a 4: 4 VP); version 9: the Colony
    # Hall 1 a Surface building, itself alone (the Tap and the Kelp Farm are Ocean tiles; was 1
    # a building: 3); version 11: the Ice Cathedral 6 (was 7)
    "greenhouse": 2, "survey_station": 2, "memorial_garden": 3, "settlers_lodge": 4,
    "customs_house": 4, "skyport": 5, "defense_grid": 3, "jupiter_observatory": 3,
    "engineering_guild": 3, "power_plant": 3, "mineral_vault": 3, "colony_hall": 1,
    "explorers_club": 5, "marine_barracks": 6, "threshold_control": 2,
    "governors_residence": 5, "mag_rail_terminal": 2, "ice_cathedral": 6,
    "radio_telescope": 6, "cryo_archive": 7,
}


def _surface_position(g, tile, staff):
    p = g.state.players[0]
    p.energy, p.minerals, p.toolkits, p.badges = 7, 9, 5, 5
    p.shelters = [1, 0, 2, 0]
    own(g, 0, "geothermal_tap", [2, 0, 0, 0])
    own(g, 0, "kelp_farm")
    own(g, 0, tile, staff)


@pytest.mark.parametrize("tile", sorted(SURFACE))
def test_surface_tile_scores_when_fully_staffed(tile):
    g = blank()
    _surface_position(g, tile, staff_for(g, tile))
    assert final_scores(g)[0]["surface_buildings"] == SURFACE[tile]


@pytest.mark.parametrize(("minerals", "vp"), [(2, 0), (3, 1), (14, 4), (15, 5), (20, 5)])
def test_mineral_vault_one_vp_per_three_minerals_at_most_five(minerals, vp):
    g = blank()
    _surface_position(g, "mineral_vault", staff_for(g, "mineral_vault"))
    g.state.players[0].minerals = minerals
    assert final_scores(g)[0]["surface_buildings"] == vp


#: Surface tiles the Colony Hall's owner holds besides it, unstaffed (they score nothing)
OTHER_SURFACE = ["greenhouse", "skyport", "cryo_archive", "defense_grid", "customs_house",
                 "memorial_garden"]


@pytest.mark.parametrize(("surface", "vp"), [(0, 1), (2, 3), (4, 5), (6, 5)])
def test_colony_hall_one_vp_a_surface_building_at_most_five(surface, vp):
    # content version 9: 1 VP a Surface building owned, itself and unstaffed ones included, not
    # a building (the Geothermal Tap and the Kelp Farm no longer count); at most 5, as before
    g = blank()
    _surface_position(g, "colony_hall", staff_for(g, "colony_hall"))
    for tile in OTHER_SURFACE[:surface]:
        own(g, 0, tile)
    assert final_scores(g)[0]["surface_buildings"] == vp


@pytest.mark.parametrize(("surface", "vp"), [(0, 3), (2, 5), (6, 5)])
def test_colony_hall_of_content_version_8_counts_every_building(surface, vp):
    # a game of content version 8 (its frozen copy) counts the two Ocean tiles as well
    g = blank(content_version=8)
    _surface_position(g, "colony_hall", staff_for(g, "colony_hall"))
    for tile in OTHER_SURFACE[:surface]:
        own(g, 0, tile)
    assert final_scores(g)[0]["surface_buildings"] == vp


@pytest.mark.parametrize(("toolkits", "vp"), [(0, 1), (1, 2), (2, 3), (5, 3)])
def test_engineering_guild_one_vp_then_one_a_toolkit_at_most_two(toolkits, vp):
    # content version 7: 1 VP, then 1 a Toolkit at most 2 (version 4 to 6: 1 a Toolkit, max 3)
    g = blank()
    _surface_position(g, "engineering_guild", staff_for(g, "engineering_guild"))
    g.state.players[0].toolkits = toolkits
    assert final_scores(g)[0]["surface_buildings"] == vp


@pytest.mark.parametrize(("sheltered", "vp"), [(0, 4), (1, 6), (3, 6)])
def test_marine_barracks_two_vp_a_marine_at_most_three(sheltered, vp):
    # content version 7: no VP before its Marines' (versions 3 to 6: 1 VP first); its own 2
    # Marines and those in the Shelters count
    g = blank()
    _surface_position(g, "marine_barracks", staff_for(g, "marine_barracks"))
    g.state.players[0].shelters = [0, 0, sheltered, 0]
    assert final_scores(g)[0]["surface_buildings"] == vp


@pytest.mark.parametrize(("colonists", "vp"), [(9, 2), (10, 4), (14, 4), (15, 6), (20, 6)])
def test_mag_rail_terminal_two_vp_a_five_colonists_at_most_three_times(colonists, vp):
    # content version 7: 2 VP a 5 colonists (versions 4 to 6: a 4); its own 3 and the Geothermal
    # Tap's 2 besides the Shelters' Pioneers
    g = blank()
    _surface_position(g, "mag_rail_terminal", staff_for(g, "mag_rail_terminal"))
    g.state.players[0].shelters = [colonists - 5, 0, 0, 0]
    assert final_scores(g)[0]["surface_buildings"] == vp


@pytest.mark.parametrize("tile", sorted(SURFACE))
def test_surface_tile_scores_nothing_unless_fully_staffed(tile):
    g = blank()
    _surface_position(g, tile, short_of_one(staff_for(g, tile)))
    assert final_scores(g)[0]["surface_buildings"] == 0


def test_surface_caps():
    g = blank()
    p = g.state.players[0]
    p.badges, p.energy = 20, 30
    own(g, 0, "survey_station", [1, 0, 0, 0])  # 1 a badge, 20, max 2 (content version 3, 11)
    own(g, 0, "explorers_club", [0, 0, 2, 0])  # 2 + 20, max 3 (content version 4)
    own(g, 0, "power_plant", [0, 2, 0, 0])  # 15, max 5 (content version 3)
    assert final_scores(g)[0]["surface_buildings"] == 2 + (2 + 3) + 5


@pytest.mark.parametrize(("version", "badges", "vp"), [
    (11, 0, 0), (11, 1, 1), (11, 2, 2), (11, 5, 2),  # content version 11: 1 VP a badge
    (10, 1, 0), (10, 2, 1), (10, 4, 2), (10, 5, 2),  # versions 3 to 10: 1 VP a 2 badges
])
def test_survey_station_vp_per_badge_at_most_2(version, badges, vp):
    g = blank() if version == 11 else blank(content_version=version)
    g.state.players[0].badges = badges
    own(g, 0, "survey_station", [1, 0, 0, 0])
    assert final_scores(g)[0]["surface_buildings"] == vp


def test_ocean_tiles_score_nothing_at_step_2():
    g = blank()
    own(g, 0, "council_chamber", [0, 0, 0, 1])
    assert final_scores(g)[0]["surface_buildings"] == 0


# -- final scoring steps 1-7 ----------------------------------------------------------------------

def test_final_scoring_all_steps():
    g = blank(players=3)
    s = g.state
    p0, p1, p2 = s.players
    p0.energy, p0.minerals, p0.toolkits, p0.badges, p0.vp = 17, 14, 4, 0, 5
    p0.shelters = [2, 2, 1, 1]
    own(g, 0, "greenhouse", [1, 0, 0, 0])
    own(g, 0, "defense_grid")
    own(g, 0, "kelp_farm")
    own(g, 0, "machine_shop")
    p1.energy, p1.minerals, p1.toolkits, p1.badges = 4, 5, 4, 12
    p1.shelters = [0, 0, 0, 0]
    p2.energy, p2.minerals, p2.toolkits, p2.badges = 0, 30, 3, 3
    p2.shelters = [5, 4, 4, 4]
    for tile in ["kelp_farm", "kelp_farm_2", "machine_shop", "greenhouse", "skyport",
                 "cryo_archive", "dry_dock", "battery_bank", "manufactory"]:
        own(g, 2, tile)
    s.log_round_turn_order = [0, 1, 2]
    run(g, ("final_scoring",))
    steps = g.result["players"]
    assert steps[0]["steps"] == {"saved_resources": 3 + 2, "surface_buildings": 2,
                                 "buildings": 6, "colonist_sets": 3, "leftover_colonists": 1,
                                 "badges": -4, "most_toolkits": 2}
    assert steps[1]["steps"] == {"saved_resources": 0 + 1, "surface_buildings": 0,
                                 "buildings": 0, "colonist_sets": 0, "leftover_colonists": 0,
                                 "badges": 7, "most_toolkits": 2}
    assert steps[2]["steps"] == {"saved_resources": 0 + 3, "surface_buildings": 0,
                                 "buildings": 14, "colonist_sets": 12, "leftover_colonists": 0,
                                 "badges": 0, "most_toolkits": 0}
    assert [p.vp for p in s.players] == [5 + 15, 10, 29]
    assert g.result["ranking"] == [2, 0, 1]
    # nothing is spent
    assert (p0.energy, p0.minerals, p2.minerals) == (17, 14, 30)


def test_chart_a_buildings():
    # content version 2: two VP a building from the sixth on (version 1: 11, 14, 17)
    board = blank().catalog.board
    assert [board.chart_value(board.chart_buildings, n) for n in range(10)] == [
        0, 1, 2, 4, 6, 8, 10, 12, 14, 14]


def test_chart_b_badges():
    board = blank().catalog.board
    assert [board.chart_value(board.chart_badges, n) for n in range(12)] == [
        -4, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 7]


def test_most_toolkits_tie_at_zero_scores_for_all():
    g = blank(players=4)
    for p in g.state.players:
        p.toolkits = 0
    assert [final_scores(g)[i]["most_toolkits"] for i in range(4)] == [2, 2, 2, 2]
    g.state.players[3].toolkits = 1
    assert [final_scores(g)[i]["most_toolkits"] for i in range(4)] == [0, 0, 0, 2]


def test_colonist_sets_use_colonists_in_buildings_too():
    g = blank()
    p = g.state.players[0]
    p.shelters = [1, 0, 0, 0]
    own(g, 0, "research_lab", [0, 1, 1, 1])  # E, S, and a Marine in the blank
    pts = final_scores(g)[0]
    assert (pts["colonist_sets"], pts["leftover_colonists"]) == (3, 0)
