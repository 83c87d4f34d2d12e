"""The null arms of docs/balance.md ("Leviathan Sighting with nothing taken", "Relief Convoy
with nothing given"): each experiment pack replaces one Event with a card of the same name,
timing and target whose effect nets to nothing (gain 1 Energy, then lose it, so that every
targeted seat counts as hit), against the content version its study played."""

from __future__ import annotations

from pathlib import Path

import pytest

from artemis.effects.model import Step
from artemis.games.project.content import load_catalog
from artemis.util.paths import content_root

PACKS = Path(__file__).resolve().parent.parent / "benchmarks" / "packs"


@pytest.mark.parametrize(("pack", "event", "base"), [
    ("null_leviathan", "leviathan_sighting", "base-v7"),  # version 7's 2-player study
    ("null_relief_convoy", "relief_convoy", "base"),  # version 11's 4-player study
])
def test_a_null_arm_keeps_the_cards_target_and_gives_nothing(pack, event, base):
    played = load_catalog([PACKS / pack], base=content_root() / "project" / base)
    card = load_catalog(base=content_root() / "project" / base).by_id[event]
    null = played.by_id[event]
    assert (null.name, null.when) == (card.name, card.when)
    [clause], [real] = null.clauses, card.clauses
    assert clause.target == real.target
    assert clause.effect == (Step("gain", {"energy": 1}), Step("lose", {"energy": 1}))
    assert real.effect != clause.effect
    # the same Events, the one card replaced (it moves to the deck's end: a seed deals other
    # Events with the pack, so an arm is a new sample, not the same games)
    before = load_catalog(base=content_root() / "project" / base).events
    assert sorted(x.id for x in played.events) == sorted(x.id for x in before)
    assert played.events[-1].id == event != before[-1].id
