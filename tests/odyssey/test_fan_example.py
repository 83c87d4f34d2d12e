"""The example fan expansion of the Odyssey, content/examples/odyssey/nebula_expansion (docs/
odyssey-authoring.md 6): it validates, its new Alien Artifact joins the deck and its variant
of red's first Travel card replaces the base card, and `artemis validate PACK --simulate N`
plays N games with it and reports both items."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.games.odyssey.content import load_game_content
from artemis.kernel.game import Game, GameConfig

NEBULA = Path(__file__).resolve().parents[2] / "content/examples/odyssey/nebula_expansion"


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})


@pytest.fixture(scope="module")
def loaded():
    return load_game_content([NEBULA])


def test_the_pack_validates_and_changes_two_items(loaded):
    assert loaded.problems == []
    catalog = loaded.catalog
    assert [(p.id, p.version) for p in catalog.packs] == [("base", "1.0.0"),
                                                           ("nebula_expansion", "0.1.0")]
    assert len(catalog.artifacts) == 18 and len(catalog.action_cards) == 55
    lens = catalog.by_id["nebula-lens"]
    assert (lens.name, lens.solo, lens.windows, lens.pack, lens.provenance) == (
        "Nebula Lens", True, ("after_action",), "nebula_expansion", "fan example")
    card = catalog.by_id["red-travel-1"]
    assert (card.systems, card.pack, card.provenance) == (
        ("aries", "cancer", "scorpio"), "nebula_expansion", "fan example")
    # red's two Travel cards still show 6 different stars, now Aries but not Gemini
    red = {s for c in catalog.action_cards if c.colour == "red" and c.action == "travel"
           for s in c.systems}
    assert len(red) == 6 and "aries" in red and "gemini" not in red


def test_a_game_with_the_pack_deals_the_lens_and_the_variant():
    game = Game.new(GameConfig(players=3, seed=1, game="odyssey",
                               expansions=(str(NEBULA),)))
    s = game.state
    assert "nebula-lens" in s.artifact_deck and len(s.artifact_deck) == 18
    assert "red-travel-1" in s.players[0].hand
    assert game.catalog.by_id["red-travel-1"].systems[0] == "aries"


def test_validate_simulate_plays_games_with_the_pack():
    result = invoke("validate", NEBULA, "--simulate", 12, "--players", 3, "--seed", 0,
                    "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert (report["games"], report["finished"], report["errors"]) == (12, 12, [])
    items = {x["id"]: x for x in report["items"]}
    assert set(items) == {"nebula-lens", "red-travel-1"}
    assert items["red-travel-1"]["kind"] == "action_cards"
    assert items["red-travel-1"]["appeared"] == 12  # red plays at every count
    assert 0 < items["red-travel-1"]["taken"] <= 12  # played and revealed in most games
    assert items["red-travel-1"]["takers_mean_vp"] is not None
    assert items["nebula-lens"]["kind"] == "alien_artifacts"
    assert 0 < items["nebula-lens"]["appeared"] <= 12  # drawn from the deck of 18
    text = invoke("validate", NEBULA, "--simulate", 3, "--players", 2).stdout
    assert "valid: odyssey: base 1.0.0, nebula_expansion 0.1.0:" in text
    assert "simulated 3 games with 2 random bots: 3 finished, 0 errors" in text
    assert "nebula-lens" in text and "red-travel-1" in text
