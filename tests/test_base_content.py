"""The base game's content: counts, named values, the invariants of docs/authoring.md 13.4
and the provenance filter (section 6).

These are tests of `content/project/base`, not validator checks: an owner of the printed game who
replaces a reconstructed value updates the matching assertion here.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from artemis.effects.model import Step
from artemis.games.project.browse import list_rows
from artemis.games.project.content import core_registry, load_catalog, load_game_content

# docs/authoring.md 4.5, the 15 rule parameters
PARAMETERS_2_6 = {
    "doorstep_cost_per_colonist", "shelter_upkeep_per_colonist", "shelter_upkeep_free_slots",
    "expedition_send_cost", "expedition_send_from", "expedition_return_to", "expedition_badges",
    "expedition_difficulty_adjust", "gantry_price_adjust", "outfitter_bonus",
    "vents_stock_bonus", "quarry_stock_bonus", "doorstep_draw_bonus", "rounds", "ocean_rounds",
}


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module")
def catalog_v1():
    """Content version 1, frozen as content/project/base-v1 (docs/balance.md): the values as
    first transcribed, before issue 28's rebalance."""
    from artemis.util.paths import content_root

    return load_catalog(base=content_root() / "project" / "base-v1")


def steps(effect):
    """Every step of an effect, nested ones (choose options, per effects) included."""
    for s in effect:
        yield s
        if s.op == "choose":
            for option in s.args:
                yield from steps(option)
        elif s.op == "per":
            yield from steps(s.args["effect"])
        elif isinstance(s.args, tuple) and s.args and isinstance(s.args[0], Step):
            yield from steps(s.args)


def every_effect(catalog):
    """(where, effect) for every effect in the catalog: abilities, rewards, clauses, Relief."""
    for b in catalog.buildings:
        for name in ("upkeep", "scoring"):
            if getattr(b, name) is not None:
                yield f"{b.id}.{name}", getattr(b, name)
        if b.trigger is not None:
            yield f"{b.id}.trigger", b.trigger.effect
    for x in catalog.expeditions:
        for i, r in enumerate(x.rewards):
            yield f"{x.id}.rewards[{i}]", r
    for e in catalog.events:
        for i, c in enumerate(e.clauses):
            yield f"{e.id}.clauses[{i}]", c.effect
    for s in catalog.relief_track:
        yield f"relief space {s.space}", s.reward


def by_id(catalog, item_id):
    return catalog.by_id[item_id]


# -- the base game loads ------------------------------------------------------------------------


def test_base_content_validates_without_problems():
    result = load_game_content()
    assert list(result.problems) == []
    assert result.ok
    assert [p.id for p in result.catalog.packs] == ["base"]


def test_catalog_counts(catalog):
    assert len(catalog.buildings) == 52
    assert len(catalog.expeditions) == 22
    assert len(catalog.events) == 14
    assert len(catalog.relief_track) == 10
    assert len(catalog.by_id) == 52 + 22 + 14  # every id unique across kinds


# -- buildings (docs/authoring.md 3.1) ------------------------------------------------------------


def test_two_stacks_of_26_with_6_duplicates_each(catalog):
    for kind in ("ocean", "surface"):
        stack = [b for b in catalog.buildings if b.kind == kind]
        assert len(stack) == 26, kind
        assert sum(1 for b in stack if b.duplicate_of) == 6, kind
    assert Counter(b.kind for b in catalog.buildings) == {"ocean": 26, "surface": 26}


def test_duplicates_name_their_original_and_copy_its_data(catalog):
    duplicates = [b for b in catalog.buildings if b.duplicate_of]
    assert len(duplicates) == 12
    for dup in duplicates:
        original = catalog.by_id[dup.duplicate_of]
        assert dup.id == original.id + "_2"
        assert original.duplicate_of is None
        assert (dup.name, dup.kind, dup.slots, dup.upkeep, dup.passive, dup.trigger,
                dup.scoring) == (original.name, original.kind, original.slots, original.upkeep,
                                 original.passive, original.trigger, original.scoring)
        assert dup.provenance.startswith(f"copy of {original.id}")


def test_only_upkeep_and_surface_tiles_are_duplicated(catalog):
    # no passive or trigger is ever doubled (docs/authoring.md 13.4)
    assert Counter(b.ability for b in catalog.buildings if b.duplicate_of) == {
        "upkeep": 6, "scoring": 6}


def test_every_tile_has_1_to_3_slots_and_one_ability_of_its_kind(catalog):
    allowed = {"ocean": {"upkeep", "passive", "trigger"}, "surface": {"scoring"}}
    for b in catalog.buildings:
        assert 1 <= len(b.slots) <= 3, b.id
        set_abilities = [n for n in ("upkeep", "passive", "trigger", "scoring")
                         if getattr(b, n) is not None]
        assert len(set_abilities) == 1, b.id
        assert set_abilities[0] in allowed[b.kind], b.id
        assert set(b.slots) <= {"pioneer", "engineer", "marine", "steward", "any"}, b.id


def test_ability_counts(catalog):
    ocean = Counter(b.ability for b in catalog.buildings if b.kind == "ocean")
    # content version 10: the Supply Depot an upkeep, not a passive
    assert ocean == {"upkeep": 19, "passive": 5, "trigger": 2}


@pytest.mark.parametrize(("kind", "by_size", "by_type", "total"), [
    # slots per stack, duplicates counted
    # content version 6: the Council Chamber [steward] -> [steward, any], the Machine Shops
    # [engineer] -> [any], the Surface Elevators [pioneer, any] -> [pioneer, engineer];
    # version 7: the Expedition Hub [any, any] -> [any]; version 11: the Cryo Archive
    # [marine, steward, any] -> [marine, steward, engineer]
    ("ocean", {1: 8, 2: 16, 3: 2},
     {"pioneer": 14, "engineer": 8, "marine": 5, "steward": 2, "any": 17}, 46),
    ("surface", {1: 7, 2: 13, 3: 6},
     {"pioneer": 12, "engineer": 8, "marine": 6, "steward": 8, "any": 17}, 51),
])
def test_slot_totals_per_stack(catalog, kind, by_size, by_type, total):
    stack = [b for b in catalog.buildings if b.kind == kind]
    assert Counter(len(b.slots) for b in stack) == by_size
    assert Counter(s for b in stack for s in b.slots) == by_type
    assert sum(len(b.slots) for b in stack) == total


def test_scoring_uses_only_vp_and_per_vp(catalog):
    # docs/authoring.md 4.4: a Surface tile's scoring uses only vp, and per whose effect is vp
    for b in catalog.buildings:
        if b.scoring is None:
            continue
        for s in b.scoring:
            assert s.op in ("vp", "per"), b.id
            if s.op == "per":
                assert [t.op for t in s.args["effect"]] == ["vp"], b.id


def test_named_buildings(catalog):
    ve = by_id(catalog, "volcanic_extractor")
    assert (ve.name, ve.kind, ve.slots) == ("Volcanic Extractor", "ocean", ("pioneer", "pioneer"))
    assert ve.upkeep == (Step("gain", {"minerals": 2}),)

    bb = by_id(catalog, "battery_bank")
    assert bb.slots == ("engineer", "any")
    first, per = bb.upkeep  # content version 11: 1 Energy first, then at most 2 more
    assert first == Step("gain", {"energy": 1})
    assert per.op == "per"
    assert per.args["count"] == {"held": {"item": "energy"}}
    assert (per.args["every"], per.args["max"]) == (2, 2)
    assert per.args["effect"] == (Step("gain", {"energy": 1}),)

    mf = by_id(catalog, "manufactory")  # content version 6: pays 1 for 1 VP, 1 Energy back
    assert mf.upkeep == (Step("pay", {"minerals": 1}), Step("vp", 1), Step("gain", {"energy": 1}))
    cc = by_id(catalog, "council_chamber")  # content version 6: a Steward and any
    assert cc.slots == ("steward", "any")
    # content version 11: 1 VP or 2 resources, not 1 VP and 1 Toolkit
    assert cc.upkeep == (Step("choose", ((Step("vp", 1),), (Step("gain", {"resources": 2}),))),)
    assert by_id(catalog, "surface_elevator").slots == ("pioneer", "engineer")  # version 6
    assert by_id(catalog, "machine_shop").slots == ("any",)  # version 6

    hub = by_id(catalog, "expedition_hub")
    assert hub.slots == ("any",)  # content version 7: one slot, was two
    assert hub.passive.requires == "owned"
    assert [(m.param, m.mode, m.value) for m in hub.passive.modify] == [
        ("expedition_send_from", "add", "this_building"),
        ("expedition_return_to", "set", "this_building"),
        ("expedition_badges", "add", 1),  # content version 10
    ]
    # every other passive needs the tile fully staffed (R22)
    others = [b.id for b in catalog.buildings
              if b.passive is not None and b.passive.requires != "fully_staffed"]
    assert others == ["expedition_hub"]

    shuttle = by_id(catalog, "shuttle_bay")
    assert [(m.param, m.mode, m.value) for m in shuttle.passive.modify] == [
        ("doorstep_cost_per_colonist", "set", 1)]
    dry = by_id(catalog, "dry_dock")
    assert [(m.param, m.mode, m.value) for m in dry.passive.modify] == [
        ("gantry_price_adjust", "add", -2)]

    fs = by_id(catalog, "field_station")
    assert fs.trigger.on == "on_expedition_success"
    assert fs.trigger.effect == (Step("gain", {"energy": 1, "minerals": 1}),)
    assert by_id(catalog, "construction_yard").trigger.on == "on_building_claimed"

    mb = by_id(catalog, "marine_barracks")
    assert mb.kind == "surface" and mb.slots == ("marine", "marine")
    # content version 3: 2 -> 1 VP before its Marines'; version 7: none
    (per,) = mb.scoring
    assert per.args["count"] == {"colonists": {"type": "marine"}}
    assert (per.args["every"], per.args["max"]) == (1, 3)
    assert per.args["effect"] == (Step("vp", 2),)

    assert by_id(catalog, "ice_cathedral").scoring == (Step("vp", 6),)  # version 3: 7; 11: 6
    gr = by_id(catalog, "governors_residence")
    assert gr.slots == ("steward", "steward")
    assert gr.scoring == (Step("vp", 5),)  # version 3: 7 -> 6; version 7: 6 -> 5


def test_buildings_modify_only_player_parameters(catalog):
    registry = core_registry()
    for b in catalog.buildings:
        if b.passive is not None:
            for m in b.passive.modify:
                assert registry.parameters[m.param].scope == "player", (b.id, m.param)


# -- expeditions (docs/authoring.md 3.3) ----------------------------------------------------------


def test_expeditions_have_two_rewards_and_sums_of_77(catalog):
    xs = catalog.expeditions
    assert all(len(x.rewards) == 2 for x in xs)
    assert sum(x.energy for x in xs) == 77
    assert sum(x.minerals for x in xs) == 77


def test_expedition_ranges(catalog, catalog_v1):
    # version 2 moved the cards of difficulty 10 to 9 and those of 11 to 14 to 10
    # (docs/balance.md, Expeditions); version 1 keeps the first transcription
    for xs, levels in ((catalog.expeditions, {5: 1, 6: 2, 7: 3, 8: 4, 9: 6, 10: 6}),
                       (catalog_v1.expeditions, {5: 1, 6: 2, 7: 3, 8: 4, 9: 3, 10: 3, 11: 2,
                                                 12: 2, 13: 1, 14: 1})):
        assert Counter(x.difficulty for x in xs) == levels
        for x in xs:
            # 5.1: energy 2-5, minerals 2-5, 6 <= energy + minerals <= 8
            assert 2 <= x.energy <= 5 and 2 <= x.minerals <= 5, x.id
            assert 6 <= x.energy + x.minerals <= 8, x.id
    # the order of the cards by difficulty is kept: no card passed another
    v1 = {x.id: x.difficulty for x in catalog_v1.expeditions}
    v2 = {x.id: x.difficulty for x in catalog.expeditions}
    assert all(v2[a] <= v2[b] for a in v1 for b in v1 if v1[a] < v1[b])


def test_only_first_descent_is_the_rulebook_card(catalog):
    colonists_x2 = (Step("gain_colonist", {"from": "reward", "count": 2}),)
    matches = [x.id for x in catalog.expeditions
               if x.difficulty == 8 and x.rewards == (colonists_x2, (Step("vp", 1),))]
    assert matches == ["first_descent"]
    fd = by_id(catalog, "first_descent")
    assert (fd.name, fd.energy, fd.minerals) == ("First Descent", 4, 3)


@pytest.mark.parametrize(("version", "colonists"), [(2, 15), (1, 16)])
def test_colonist_and_building_rewards(catalog, catalog_v1, version, colonists):
    colonist_cards, building_cards, count = set(), set(), 0
    for x in (catalog if version == 2 else catalog_v1).expeditions:
        for r in x.rewards:
            for s in steps(r):
                if s.op == "gain_colonist":
                    assert s.args["from"] == "reward", x.id
                    colonist_cards.add(x.id)
                    count += s.args.get("count", 1)
                elif s.op == "gain_building":
                    building_cards.add(x.id)
    assert len(colonist_cards) == 10
    assert count == colonists  # version 2: Thermocline Dive's B gives 1 colonist, not 2
    assert building_cards == {"abandoned_outpost", "crater_rim_climb", "storm_chase",
                              "pocket_floor"}


@pytest.mark.parametrize(("version", "want"), [
    # version 1, over the 44 rewards: 23 Energy, 22 Minerals, 6 any, 11 Toolkits, 25 VP;
    # version 2 trimmed the four cards moved to difficulty 10 to 0.8 u a point
    (1, {"energy": 23, "minerals": 22, "resources": 6, "toolkits": 11, "vp": 25}),
    (2, {"energy": 24, "minerals": 22, "resources": 7, "toolkits": 10, "vp": 22})])
def test_reward_totals(catalog, catalog_v1, version, want):
    totals = Counter()
    for x in (catalog if version == 2 else catalog_v1).expeditions:
        for r in x.rewards:
            for s in steps(r):
                if s.op == "gain":
                    totals.update(dict(s.args))
                elif s.op == "vp":
                    totals["vp"] += s.args
    assert totals == want


def test_named_expeditions(catalog, catalog_v1):
    pf = by_id(catalog, "pocket_floor")
    assert (pf.name, pf.difficulty, pf.energy, pf.minerals) == ("The Pocket Floor", 10, 3, 4)
    assert pf.rewards == ((Step("gain_building", {"from": "reward"}), Step("vp", 1)),
                          (Step("gain", {"resources": 2}),))
    assert "tuned (content version 2)" in pf.provenance
    old = by_id(catalog_v1, "pocket_floor")
    assert old.difficulty == 14 and old.provenance == "RECONSTRUCTED"
    assert old.rewards[1] == (Step("vp", 2), Step("gain", {"resources": 1}))
    iss = by_id(catalog, "ice_shelf_survey")
    assert iss.difficulty == 5
    assert iss.rewards == ((Step("gain", {"minerals": 2, "toolkits": 1}),),
                           (Step("gain", {"energy": 2}),))


# -- events (docs/authoring.md 3.4) ---------------------------------------------------------------


def test_event_spots(catalog):
    assert Counter(e.when for e in catalog.events) == {
        "immediate": 5, "A": 1, "B": 1, "C": 1, "D": 1, "E": 1, "F": 1, "G": 3}
    assert {e.when for e in catalog.events} <= {"immediate", *"ABCDEFG"}


def test_board_clauses_use_only_stock_or_modify(catalog):
    board_clauses = 0
    for e in catalog.events:
        for c in e.clauses:
            if c.target is None:
                board_clauses += 1
                assert {s.op for s in steps(c.effect)} <= {"stock", "modify"}, e.id
    assert board_clauses == 9


def test_stock_and_modify_appear_only_in_board_clauses(catalog):
    # R37: modify only in a passive or an untargeted clause; stock only in an untargeted clause
    for where, effect in every_effect(catalog):
        if ".clauses[" in where:
            event = catalog.by_id[where.split(".")[0]]
            clause = event.clauses[int(where.split("[")[1].rstrip("]"))]
            if clause.target is None:
                continue
        assert not {s.op for s in steps(effect)} & {"stock", "modify"}, where


def test_every_modify_names_a_known_parameter(catalog):
    # the fifteen of docs/authoring.md 4.5, plus the Player Setup amounts and the rulings of
    # rules version 1 (docs/rulings.md R8, R10) that variants may change
    assert set(core_registry().parameters) == PARAMETERS_2_6 | {
        "start_energy", "start_minerals", "start_toolkits", "gantry_decliner_out",
        "academy_retrieve_to_shelters"}
    named = []
    for b in catalog.buildings:
        if b.passive is not None:
            named += [m.param for m in b.passive.modify]
    for _, effect in every_effect(catalog):
        named += [s.args["param"] for s in steps(effect) if s.op == "modify"]
    assert len(named) == 7 + 6  # 6 passive tiles (Expedition Hub has 2), 6 event modifies
    assert set(named) <= PARAMETERS_2_6


def test_named_events(catalog):
    ls = by_id(catalog, "leviathan_sighting")
    assert ls.when == "F"
    (clause,) = ls.clauses
    assert clause.target == "each_player"  # content version 8: the fewest Marines before
    assert clause.effect == (Step("lose", {"resources": 1}),)  # content version 5
    wo = by_id(catalog, "whiteout")
    assert wo.when == "A"
    assert wo.clauses[0].target is None
    assert wo.clauses[0].effect == (
        Step("modify", {"param": "expedition_difficulty_adjust", "add": 2}),)
    assert by_id(catalog, "cave_in").clauses[0].target == "each_player"
    assert by_id(catalog, "vent_eruption").clauses[0].effect == (
        Step("stock", {"region": "vents", "amount": -4}),)


# -- board tables and the Relief Track (docs/authoring.md 13.3) -----------------------------------


def test_academy(catalog):
    assert catalog.board.academy[1:] == (
        "engineer", "engineer", "marine", "marine", "steward", "steward")


def test_outfitter(catalog):
    assert catalog.board.outfitter[1:] == (1, 1, 2, 2, 3, 3)
    bands = [r for r in catalog.board.rows if r["table"] == "outfitter"]
    assert [tuple(r["faces"]) for r in bands] == [(1, 2), (3, 4), (5, 6)]


def test_doorstep(catalog):
    assert catalog.board.doorstep[1:] == (1, 1, 2, 3, 4, 4)


def test_event_spots_in_resolution_order(catalog):
    spots = catalog.board.event_spots
    assert [s.spot for s in spots] == ["immediate", "A", "B", "C", "D", "E", "F", "G"]
    assert [s.before for s in spots] == [
        None, "basecamp", "vents", "quarry", "gantry", "doorstep", "academy", None]
    assert [s.after for s in spots] == [None] * 7 + ["academy"]


def test_relief_track(catalog):
    track = catalog.relief_track
    assert [s.space for s in track] == list(range(1, 11))
    assert track[0].reward == (Step("gain", {"toolkits": 2}),)
    assert track[1].reward == (Step("gain", {"minerals": 2}),)
    assert track[2].reward == (Step("gain", {"energy": 2}),)
    assert track[3].reward == (Step("gain_colonist", {"from": "bag"}),)
    assert track[9].reward == (Step("vp", 3),)
    for s in track[:3]:
        assert "rulebook" in s.provenance


def test_chart_a_buildings(catalog, catalog_v1):
    # version 2: two VP a building from the sixth on, not three (docs/balance.md)
    board = catalog.board
    assert board.chart_buildings == (0, 1, 2, 4, 6, 8, 10, 12, 14)
    assert board.chart_value(board.chart_buildings, 12) == 14  # 8+ is open-ended
    assert catalog_v1.board.chart_buildings == (0, 1, 2, 4, 6, 8, 11, 14, 17)


def test_chart_b_badges(catalog):
    board = catalog.board
    assert board.chart_badges == (-4, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7)
    assert board.chart_value(board.chart_badges, 0) == -4
    assert board.chart_value(board.chart_badges, 10) == 7
    assert board.chart_value(board.chart_badges, 25) == 7


def test_components(catalog):
    comps = {c.colonist: (c.count, c.academy_supply) for c in catalog.board.components}
    assert comps == {"pioneer": (28, 0), "engineer": (24, 4), "marine": (16, 4),
                     "steward": (16, 4)}
    assert sum(c.count for c in catalog.board.components) == 84
    assert sum(c.academy_supply for c in catalog.board.components) == 12


# -- the provenance filter (docs/authoring.md 6) --------------------------------------------------


def ids(rows):
    return {r["id"] for r in rows}


def test_every_event_is_reconstructed(catalog):
    assert len(list_rows(catalog, "events", "reconstructed")) == 14
    assert list_rows(catalog, "events", "rulebook") == []


def test_filter_ignores_case(catalog):
    lower = list_rows(catalog, None, "reconstructed")
    assert lower == list_rows(catalog, None, "RECONSTRUCTED")
    assert lower == list_rows(catalog, None, "ReConstructed")
    assert Counter(r["kind"] for r in lower) == {
        "buildings": 52, "expeditions": 22, "events": 14, "relief_track": 10, "board": 39}


def test_rulebook_tag(catalog):
    assert ids(list_rows(catalog, "buildings", "rulebook")) == {
        "volcanic_extractor", "manufactory", "shuttle_bay", "expedition_hub"}
    assert ids(list_rows(catalog, "expeditions", "rulebook")) == {"first_descent"}
    assert ids(list_rows(catalog, "relief_track", "rulebook")) == {
        "space 1", "space 2", "space 3"}


def test_research_tag(catalog):
    assert ids(list_rows(catalog, "buildings", "research")) == {
        "surface_elevator", "crystal_foundry", "battery_bank", "power_plant"}
    board = list_rows(catalog, "board", "research")
    assert Counter(r["table"] for r in board) == {"doorstep": 2, "components": 4}


def test_an_item_may_match_several_tags(catalog):
    rulebook = ids(list_rows(catalog, "buildings", "rulebook"))
    reconstructed = ids(list_rows(catalog, "buildings", "reconstructed"))
    assert "volcanic_extractor" in rulebook & reconstructed


def test_unfiltered_rows(catalog):
    rows = list_rows(catalog, None, None)
    assert Counter(r["kind"] for r in rows) == {
        "buildings": 52, "expeditions": 22, "events": 14, "relief_track": 10, "board": 47}
    for r in rows:
        assert {"kind", "id", "name", "provenance", "summary"} <= set(r)
        assert r["summary"]


def test_version_3_lowered_every_surface_tile_by_about_one_vp():
    """Content version 3 (docs/balance.md, "What version 3 changed"), in its frozen copy: every
    fixed-VP Surface tile one VP lower, the Marine Barracks' base one lower, the conditional
    tiles' `max` cut to the slots' value, each tagged with the change and its evidence."""
    from artemis.util.paths import content_root

    catalog = load_catalog(base=content_root() / "project" / "base-v3")
    v2 = load_catalog(base=content_root() / "project" / "base-v2")
    fixed = {"greenhouse": 2, "memorial_garden": 3, "customs_house": 4, "skyport": 5,
             "defense_grid": 3, "jupiter_observatory": 3, "governors_residence": 6,
             "ice_cathedral": 7, "radio_telescope": 7, "cryo_archive": 7}
    maxes = {"survey_station": (4, 2), "settlers_lodge": (6, 5), "engineering_guild": (4, 3),
             "power_plant": (6, 5), "colony_hall": (7, 5), "threshold_control": (4, 3),
             "mag_rail_terminal": (4, 3)}
    for tile, vp in fixed.items():
        assert catalog.by_id[tile].scoring == (Step("vp", vp),)
        assert v2.by_id[tile].scoring == (Step("vp", vp + 1),)
    for tile, (old, new) in maxes.items():
        assert catalog.by_id[tile].scoring[-1].args["max"] == new
        assert v2.by_id[tile].scoring[-1].args["max"] == old
    assert catalog.by_id["marine_barracks"].scoring[0] == Step("vp", 1)
    assert v2.by_id["marine_barracks"].scoring[0] == Step("vp", 2)
    changed = {*fixed, *maxes, "marine_barracks"}
    tuned = {b.id for b in catalog.buildings
             if "tuned (content version 3)" in b.provenance and not b.id.endswith("_2")}
    assert tuned == changed
    # nothing else moved: every other building and every Expedition and Event as in version 2
    for x in (*catalog.buildings, *catalog.expeditions, *catalog.events):
        if x.id.removesuffix("_2") not in changed:
            assert x == dataclasses.replace(v2.by_id[x.id], source=x.source), x.id


def _moved_and_tuned(catalog, before, version: int) -> tuple[set, set]:
    """The rows (a copy's id as its original's) that differ from ``before`` (a catalog, the
    source line aside), and those whose provenance says ``tuned (content version N)``."""
    moved = {x.id.removesuffix("_2") for x in (*catalog.buildings, *catalog.expeditions,
                                                *catalog.events)
             if x != dataclasses.replace(before.by_id[x.id], source=x.source)}
    tuned = {x.id for x in (*catalog.buildings, *catalog.events)
             if f"tuned (content version {version})" in x.provenance
             and not x.id.endswith("_2")}
    return moved, tuned


def test_version_4_changed_the_rows_version_3_flagged():
    """Content version 4 (docs/balance.md, "What version 4 changed"), in its frozen copy: the
    nine rows it names differ from version 3's frozen copy, each tagged with the change and
    its evidence, and nothing else moved."""
    from artemis.util.paths import content_root

    catalog = load_catalog(base=content_root() / "project" / "base-v4")
    v3 = load_catalog(base=content_root() / "project" / "base-v3")
    changed = {"manufactory", "engineering_guild", "explorers_club", "settlers_lodge",
               "mag_rail_terminal", "supply_depot", "construction_yard", "fever_outbreak",
               "relief_convoy"}
    assert _moved_and_tuned(catalog, v3, 4) == (changed, changed)
    guild = catalog.by_id["engineering_guild"].scoring[0].args
    assert (guild["every"], guild["max"]) == (1, 3)  # was 2, 3
    club = catalog.by_id["explorers_club"].scoring
    assert club[0] == Step("vp", 2) and (club[1].args["every"], club[1].args["max"]) == (1, 3)
    assert catalog.by_id["mag_rail_terminal"].scoring[0].args["every"] == 4  # was 3
    [depot] = catalog.by_id["supply_depot"].passive.modify
    assert (depot.param, depot.value) == ("outfitter_bonus", 2)  # was 1
    assert catalog.by_id["construction_yard"].trigger.effect == (
        Step("gain", {"resources": 2}),)  # was 1 VP
    assert catalog.by_id["relief_convoy"].clauses[0].effect == (Step("relief", 2),)


def test_version_5_changed_the_rows_flagged_at_4_players_in_every_study():
    """Content version 5 (docs/balance.md, "What version 5 changed"), in its frozen copy: the
    Supply Depot and the two Events it names differ from version 4's frozen copy, each tagged
    with the change and its evidence, and nothing else moved."""
    from artemis.util.paths import content_root

    catalog = load_catalog(base=content_root() / "project" / "base-v5")
    v4 = load_catalog(base=content_root() / "project" / "base-v4")
    changed = {"supply_depot", "fever_outbreak", "leviathan_sighting"}
    assert _moved_and_tuned(catalog, v4, 5) == (changed, changed)
    [depot] = catalog.by_id["supply_depot"].passive.modify
    assert (depot.param, depot.value) == ("outfitter_bonus", 3)  # was 2
    for event in ("fever_outbreak", "leviathan_sighting"):
        assert catalog.by_id[event].clauses[0].effect == (Step("lose", {"resources": 1}),)
        assert v4.by_id[event].clauses[0].effect == (Step("lose", {"resources": 2}),)


def test_version_6_changed_the_four_buildings_and_the_event_flagged_with_version_5():
    """Content version 6 (docs/balance.md, "What version 6 changed"), in its frozen copy: the
    Manufactory, the Council Chamber, the Surface Elevator, the Machine Shop and the Relief
    Convoy differ from version 5's frozen copy, each tagged with the change and its evidence,
    and nothing else moved."""
    from artemis.util.paths import content_root

    catalog = load_catalog(base=content_root() / "project" / "base-v6")
    v5 = load_catalog(base=content_root() / "project" / "base-v5")
    changed = {"manufactory", "council_chamber", "surface_elevator", "machine_shop",
               "relief_convoy"}
    assert _moved_and_tuned(catalog, v5, 6) == (changed, changed)
    by_id, was = catalog.by_id, v5.by_id
    assert by_id["manufactory"].upkeep == (
        Step("pay", {"minerals": 1}), Step("vp", 1), Step("gain", {"energy": 1}))
    assert was["manufactory"].upkeep == (
        Step("pay", {"minerals": 3}), Step("vp", 2), Step("gain", {"energy": 1}))
    assert (by_id["council_chamber"].slots, by_id["council_chamber"].upkeep) == (
        ("steward", "any"), (Step("vp", 1), Step("gain", {"toolkits": 1})))
    assert (was["council_chamber"].slots, was["council_chamber"].upkeep) == (
        ("steward",), (Step("vp", 1),))
    for tile in ("surface_elevator", "surface_elevator_2"):
        assert by_id[tile].slots == ("pioneer", "engineer")
        assert was[tile].slots == ("pioneer", "any")
        assert by_id[tile].upkeep == was[tile].upkeep
    for tile in ("machine_shop", "machine_shop_2"):
        assert (by_id[tile].slots, was[tile].slots) == (("any",), ("engineer",))
        assert by_id[tile].upkeep == was[tile].upkeep
    assert by_id["relief_convoy"].clauses[0].effect == (Step("relief", 3),)
    assert was["relief_convoy"].clauses[0].effect == (Step("relief", 2),)


def test_version_7_changed_the_six_buildings_flagged_with_version_6():
    """Content version 7 (docs/balance.md, "What version 7 changed"), in its frozen copy: the
    Mag-Rail Terminal, the Governor's Residence, the Radio Telescope, the Marine Barracks, the
    Engineering Guild and the Expedition Hub differ from version 6's frozen copy, each tagged
    with the change and its evidence, and nothing else moved (the Fever Outbreak, also flagged,
    is as it was)."""
    from artemis.util.paths import content_root

    catalog = load_catalog(base=content_root() / "project" / "base-v7")
    v6 = load_catalog(base=content_root() / "project" / "base-v6")
    changed = {"mag_rail_terminal", "governors_residence", "radio_telescope", "marine_barracks",
               "engineering_guild", "expedition_hub"}
    assert _moved_and_tuned(catalog, v6, 7) == (changed, changed)
    by_id, was = catalog.by_id, v6.by_id
    assert not {f"{tile}_2" for tile in changed} & set(by_id)  # none has a copy
    [now], [then] = by_id["mag_rail_terminal"].scoring, was["mag_rail_terminal"].scoring
    assert (now.args["every"], now.args["max"], now.args["effect"]) == (5, 3, (Step("vp", 2),))
    assert (then.args["every"], then.args["max"], then.args["effect"]) == (
        4, 3, (Step("vp", 2),))
    for tile, (vp, old) in {"governors_residence": (5, 6), "radio_telescope": (6, 7)}.items():
        assert (by_id[tile].scoring, was[tile].scoring) == ((Step("vp", vp),), (Step("vp", old),))
    barracks = by_id["marine_barracks"].scoring
    assert len(barracks) == 1 and was["marine_barracks"].scoring == (Step("vp", 1), barracks[0])
    guild, old_guild = by_id["engineering_guild"].scoring, was["engineering_guild"].scoring
    assert guild[0] == Step("vp", 1)
    assert (guild[1].args["every"], guild[1].args["max"]) == (1, 2)
    assert len(old_guild) == 1 and (old_guild[0].args["every"], old_guild[0].args["max"]) == (1, 3)
    assert guild[1].args["count"] == old_guild[0].args["count"] == {"held": {"item": "toolkits"}}
    hub, old_hub = by_id["expedition_hub"], was["expedition_hub"]
    assert (hub.slots, old_hub.slots) == (("any",), ("any", "any"))
    assert hub.passive == old_hub.passive


def test_version_8_changed_the_two_events_that_hit_the_fewest_of_a_colonist_type():
    """Content version 8 (docs/balance.md, "What version 8 changed"), in its frozen copy:
    Leviathan Sighting and the Fever Outbreak, which hit the players with the fewest Marines /
    Stewards, hit every player, each tagged with the change and its evidence, and nothing else
    moved (their loss, 1 resource, is as it was)."""
    from artemis.util.paths import content_root

    catalog = load_catalog(base=content_root() / "project" / "base-v8")
    v7 = load_catalog(base=content_root() / "project" / "base-v7")
    changed = {"leviathan_sighting", "fever_outbreak"}
    assert _moved_and_tuned(catalog, v7, 8) == (changed, changed)
    for event, colonist in {"leviathan_sighting": "marine", "fever_outbreak": "steward"}.items():
        [now], [then] = catalog.by_id[event].clauses, v7.by_id[event].clauses
        assert now.target == "each_player"
        assert then.target == ("players_with_fewest", ("colonists", {"type": colonist}))
        assert now.effect == then.effect == (Step("lose", {"resources": 1}),)
        assert catalog.by_id[event].when == v7.by_id[event].when


def test_version_9_changed_the_colony_hall_and_survey_contract():
    """Content version 9 (docs/balance.md, "What version 9 changed"), in its frozen copy: the
    Colony Hall scores
    1 VP per Surface building held, not per building (at most 5, as before), and Survey
    Contract pays every player holding a badge 1 VP, not the players with the most badges 2,
    each tagged with the change and its evidence, and nothing else moved; a game of content
    version 8 still plays the old ones (and version 8's two Events as version 8 has them)."""
    from artemis.kernel.game import Game
    from artemis.util.paths import content_root

    catalog = load_catalog(base=content_root() / "project" / "base-v9")
    v8 = load_catalog(base=content_root() / "project" / "base-v8")
    changed = {"colony_hall", "survey_contract"}
    assert _moved_and_tuned(catalog, v8, 9) == (changed, changed)
    assert "colony_hall_2" not in catalog.by_id  # no copy
    played = Game.new({"players": 2, "seed": 3, "content_version": 8}).catalog
    assert [p.version for p in played.packs] == ["8.0.0"]
    for was in (v8, played):
        [hall], [then] = catalog.by_id["colony_hall"].scoring, was.by_id["colony_hall"].scoring
        assert (hall.op, then.op) == ("per", "per")
        assert hall.args["count"] == {"buildings": {"kind": "surface"}}
        assert then.args["count"] == {"buildings": {}}
        for args in (hall.args, then.args):
            assert (args["every"], args["max"], args["effect"]) == (1, 5, (Step("vp", 1),))
        assert catalog.by_id["colony_hall"].slots == was.by_id["colony_hall"].slots == (
            "pioneer", "engineer")
        survey, old = catalog.by_id["survey_contract"], was.by_id["survey_contract"]
        assert survey.when == old.when == "G"
        [now], [then] = survey.clauses, old.clauses
        assert now.target == "each_player"
        assert now.effect == (Step("per", {"count": {"held": {"item": "badges"}}, "every": 1,
                                           "max": 1, "effect": (Step("vp", 1),)}),)
        assert then.target == ("players_with_most", ("held", {"item": "badges"}))
        assert then.effect == (Step("vp", 2),)
        # the two Events version 8 changed are as version 8 has them
        for event in ("leviathan_sighting", "fever_outbreak"):
            assert catalog.by_id[event] == dataclasses.replace(was.by_id[event],
                                                               source=catalog.by_id[event].source)


def test_version_10_changed_the_supply_depot_and_the_expedition_hub():
    """Content version 10 (docs/balance.md, "What version 10 changed"), in its frozen copy: the
    Supply Depot gives
    1 Mineral and 1 Toolkit at Upkeep, not 3 more Toolkits a die at the Outfitter, and the
    Expedition Hub's owner gains 2 badges at each badge award, not 1 (its send and return
    rules as they were), each tagged with the change and its evidence, and nothing else
    moved; a game of content version 9 still plays the old ones."""
    from artemis.kernel.game import Game
    from artemis.util.paths import content_root

    catalog = load_catalog(base=content_root() / "project" / "base-v10")
    v9 = load_catalog(base=content_root() / "project" / "base-v9")
    changed = {"supply_depot", "expedition_hub"}
    assert _moved_and_tuned(catalog, v9, 10) == (changed, changed)
    assert not {"supply_depot_2", "expedition_hub_2"} & set(catalog.by_id)  # no copies
    played = Game.new({"players": 2, "seed": 3, "content_version": 9}).catalog
    assert [p.version for p in played.packs] == ["9.0.0"]
    for was in (v9, played):
        depot, old = catalog.by_id["supply_depot"], was.by_id["supply_depot"]
        assert depot.ability == "upkeep" and old.ability == "passive"
        assert depot.upkeep == (Step("gain", {"minerals": 1, "toolkits": 1}),)
        assert [(m.param, m.mode, m.value) for m in old.passive.modify] == [
            ("outfitter_bonus", "add", 3)]
        assert depot.slots == old.slots == ("pioneer",)
        hub, old_hub = catalog.by_id["expedition_hub"], was.by_id["expedition_hub"]
        assert hub.passive.requires == old_hub.passive.requires == "owned"
        assert hub.passive.modify == (*old_hub.passive.modify, hub.passive.modify[-1])
        last = hub.passive.modify[-1]
        assert (last.param, last.mode, last.value) == ("expedition_badges", "add", 1)
        assert hub.slots == old_hub.slots == ("any",)


def test_version_11_changed_six_buildings():
    """Content version 11 (docs/balance.md, "What version 11 changed"), in its frozen copy: the
    six buildings whose
    claims leaned one way on the studies of versions 8 to 10 (the Machine Shop, Battery Bank,
    Council Chamber, Survey Station, Ice Cathedral and Cryo Archive), each tagged with the change
    and its evidence, and nothing else moved; a game of content version 10 still plays the old
    ones."""
    from artemis.kernel.game import Game
    from artemis.util.paths import content_root

    catalog = load_catalog(base=content_root() / "project" / "base-v11")
    v10 = load_catalog(base=content_root() / "project" / "base-v10")
    changed = {"machine_shop", "battery_bank", "council_chamber", "survey_station",
               "ice_cathedral", "cryo_archive"}
    assert _moved_and_tuned(catalog, v10, 11) == (changed, changed)
    played = Game.new({"players": 2, "seed": 3, "content_version": 10}).catalog
    assert [p.version for p in played.packs] == ["10.0.0"]
    now = catalog.by_id
    assert now["machine_shop"].upkeep == (Step("choose", (
        (Step("gain", {"energy": 1, "toolkits": 1}),),
        (Step("gain", {"minerals": 1, "toolkits": 1}),))),)
    assert now["machine_shop_2"].upkeep == now["machine_shop"].upkeep  # the copy follows
    [survey] = now["survey_station"].scoring
    assert (survey.args["every"], survey.args["max"]) == (1, 2)
    assert now["survey_station_2"].scoring == now["survey_station"].scoring
    assert now["ice_cathedral"].scoring == (Step("vp", 6),)
    assert now["cryo_archive"].slots == ("marine", "steward", "engineer")
    assert now["cryo_archive"].scoring == (Step("vp", 7),)
    for was in (v10, played):
        old = was.by_id
        assert old["machine_shop"].upkeep == (Step("gain", {"toolkits": 2}),)
        assert old["council_chamber"].upkeep == (Step("vp", 1), Step("gain", {"toolkits": 1}))
        [bank] = old["battery_bank"].upkeep
        assert (bank.args["every"], bank.args["max"]) == (2, 3)
        [old_survey] = old["survey_station"].scoring
        assert (old_survey.args["every"], old_survey.args["max"]) == (2, 2)
        assert old_survey.args["count"] == survey.args["count"] == {"held": {"item": "badges"}}
        assert old["ice_cathedral"].scoring == (Step("vp", 7),)
        assert old["cryo_archive"].slots == ("marine", "steward", "any")
        for tile in changed - {"cryo_archive"}:
            assert now[tile].slots == old[tile].slots, tile


def test_version_12_changed_relief_convoy(catalog):
    """Content version 12 (docs/balance.md, "What version 12 changed"): Relief Convoy gives the
    players with the fewest buildings 1 Relief gain, not 3 (its target and timing as they were),
    tagged with the change and its evidence, and nothing else moved; a game of content version
    11 still plays 3."""
    from artemis.kernel.game import Game
    from artemis.util.paths import content_root

    v11 = load_catalog(base=content_root() / "project" / "base-v11")
    assert _moved_and_tuned(catalog, v11, 12) == ({"relief_convoy"}, {"relief_convoy"})
    played = Game.new({"players": 2, "seed": 3, "content_version": 11}).catalog
    assert [p.version for p in played.packs] == ["11.0.0"]
    [now] = catalog.by_id["relief_convoy"].clauses
    assert now.target == ("players_with_fewest", ("buildings", {}))
    assert now.effect == (Step("relief", 1),)
    for was in (v11, played):
        [then] = was.by_id["relief_convoy"].clauses
        assert then.target == now.target and then.effect == (Step("relief", 3),)
        assert was.by_id["relief_convoy"].when == catalog.by_id["relief_convoy"].when == (
            "immediate")
