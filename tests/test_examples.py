"""The example data-only expansion content/examples/project/reef_expansion: it validates, its
items reach
the catalog (the replaced Manufactory with its new values), they turn up in played games, and
`artemis validate PATH --simulate` plays it without errors."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.effects.model import Step
from artemis.games.project.content import load_game_content
from artemis.kernel.game import Game

REEF = Path(__file__).resolve().parents[1] / "content" / "examples" / "project" / "reef_expansion"

NEW_BUILDINGS = {"coral_nursery", "coral_nursery_2", "reef_beacon", "pearl_divers_guild",
                 "tidal_exchange", "reef_aquarium"}
NEW_EXPEDITIONS = {"coral_labyrinth", "abyssal_reef_dive"}
NEW_EVENTS = {"reef_census", "coral_spawning"}
REPLACED = "manufactory"

SEEDS = range(30)  # every item above is seen by seed 9; the rest is margin


@pytest.fixture(scope="module")
def loaded():
    return load_game_content([REEF])


def test_reef_expansion_validates(loaded):
    # no error; one balance warning: the Manufactory's retune (pay 3 Minerals for 2 VP, worth
    # 1 u a round) is a deliberate step below the range its slots call for (1.9 to 2.6 u)
    assert [(p.code, p.line, p.column) for p in loaded.problems] == [("W101", 68, 5)]
    assert loaded.ok and loaded.catalog is not None
    assert [p.id for p in loaded.packs] == ["base", "reef_expansion"]


def test_every_reef_item_is_listed_here(loaded):
    # the sets above are the pack's items, so the play test below covers each of them
    ids = {i.id for i in loaded.items if i.pack == "reef_expansion"}
    assert ids == NEW_BUILDINGS | NEW_EXPEDITIONS | NEW_EVENTS | {REPLACED}


def test_catalog_holds_the_new_ids(loaded):
    cat = loaded.catalog
    assert len(cat.buildings) == 52 + len(NEW_BUILDINGS)  # the Manufactory is replaced, not added
    assert len(cat.expeditions) == 22 + len(NEW_EXPEDITIONS)
    assert len(cat.events) == 14 + len(NEW_EVENTS)
    for item_id in NEW_BUILDINGS | NEW_EXPEDITIONS | NEW_EVENTS:
        assert cat.by_id[item_id].pack == "reef_expansion"
        assert "fan-made: reef_expansion example" in cat.by_id[item_id].provenance
    kinds = {b.id: b.kind for b in cat.buildings if b.id in NEW_BUILDINGS}
    assert set(kinds.values()) == {"ocean", "surface"}
    # the duplicate copies its original's data
    copy, original = cat.by_id["coral_nursery_2"], cat.by_id["coral_nursery"]
    assert copy.duplicate_of == "coral_nursery"
    assert (copy.name, copy.slots, copy.upkeep) == (original.name, original.slots,
                                                     original.upkeep)


def test_replaced_manufactory_has_the_new_values(loaded):
    cat = loaded.catalog
    assert [b.id for b in cat.buildings].count(REPLACED) == 1
    m = cat.by_id[REPLACED]
    assert m.pack == "reef_expansion"
    assert (m.kind, m.slots) == ("ocean", ("engineer", "any"))
    assert [s.op for s in m.upkeep] == ["pay", "vp"]
    pay, vp = m.upkeep
    assert isinstance(pay, Step) and dict(pay.args) == {"minerals": 3}
    assert vp.args == 2
    # the base game alone keeps its own (content version 6: pay 1 Mineral for 1 VP, 1 Energy
    # back; versions 4 and 5 paid 3 for 2 VP)
    base = load_game_content([]).catalog.by_id[REPLACED]
    assert [(s.op, dict(s.args) if s.op != "vp" else s.args) for s in base.upkeep] == [
        ("pay", {"minerals": 1}), ("vp", 1), ("gain", {"energy": 1})]


def _play(seed: int) -> Game:
    g = Game.new({"players": 4, "seed": seed, "expansions": (str(REEF),)})
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_reef_items_appear_in_played_games():
    gantry, cards, events = set(), set(), set()
    for seed in SEEDS:
        g = _play(seed)
        assert g.is_over and len(g.result["players"]) == 4
        for e in g.log:
            if e["type"] == "board_setup":
                gantry.update(e["gantry"])
                cards.update(e["cards"])
            elif e["type"] == "event_revealed":
                events.add(e["event"])
    assert NEW_BUILDINGS | {REPLACED} <= gantry, NEW_BUILDINGS - gantry
    assert NEW_EXPEDITIONS <= cards, NEW_EXPEDITIONS - cards
    assert NEW_EVENTS <= events, NEW_EVENTS - events


def test_simulate_plays_the_expansion_without_errors():
    result = CliRunner().invoke(app, ["validate", str(REEF), "--simulate", "5", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 5
    assert report["finished"] == 5
    assert report["errors"] == []
    rows = {row["id"]: row for row in report["items"]}
    assert set(rows) == NEW_BUILDINGS | NEW_EXPEDITIONS | NEW_EVENTS | {REPLACED}
