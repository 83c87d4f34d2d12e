"""Counts with their nouns (`artemis.util.plural`): "1 colonist", never "1 colonists", in the
account, the words of effects and the messages; and a Doorstep draw that took fewer
colonists than asked says why."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.games.project.account import account_lines
from artemis.games.project.words import describe
from artemis.kernel.game import Game, GameConfig
from artemis.players.play import make_bots, play_on
from artemis.util.plural import counted, plural

ROOT = Path(__file__).resolve().parent.parent


def test_plural_and_counted():
    assert [counted(n, "colonist") for n in (0, 1, 2)] == ["0 colonists", "1 colonist",
                                                           "2 colonists"]
    assert counted(-1, "Mineral", "Minerals") == "-1 Mineral"
    assert plural(3, "die", "dice") == "dice" and plural(1, "die", "dice") == "die"
    assert counted(1, "Energy", "Energy") == "1 Energy" == counted(1, "Energy")
    assert counted(2, "worker process", "worker processes") == "2 worker processes"


@pytest.fixture(scope="module")
def seed1() -> list[str]:
    """The account of `artemis play --players 4 --seed 1 --variant old_rulings
    --content-version 1` (tests/data/before_kernel/play-players4-seed1-rules-v1.txt): the game
    of rules version 1 and content version 1, whose lines these tests name."""
    config = GameConfig(players=4, seed=1, variants={"old_rulings": {}}, content_version=1)
    game = play_on(Game.new(config), make_bots(config, ["random"] * 4))
    return account_lines(game, [f"P{i} (random)" for i in range(4)])


def test_the_account_says_one_colonist_one_mineral(seed1):
    text = "\n".join(seed1)
    assert "P0 (random) heats 1 colonist for 1 Energy" in text
    assert "P1 (random) builds Submarine Dock for 1 Mineral;" in text
    assert "P3 (random) -1 Mineral;" in text and "P0 (random) +1 Mineral\n" in text
    assert "P0 (random) heats 3 colonists for 3 Energy" in text
    assert not re.search(r"(?<![\d-])[+-]?1 (colonists|Minerals|Toolkits|badges)\b", text)


def test_a_draw_to_a_full_doorstep_says_it_was_full(seed1):
    """Round 5's Immigration Wave (stock doorstep +3) finds 12 colonists there (rulebook,
    Board Setup, 5. Doorstep: 12 at most)."""
    assert "  Event Immigration Wave: Doorstep +0 of 3 colonists (the Doorstep is full: 12 " \
           "colonists at most)" in seed1


def test_a_draw_from_an_empty_bag_says_so():
    from artemis.games.project.account import _stock_text

    event = {"type": "stock", "region": "doorstep", "amount": 1, "asked": 3}
    assert _stock_text(event, 7) == ("Doorstep +1 of 3 colonists (the bag and the discard pile "
                                     "are empty)")
    assert _stock_text({**event, "amount": 3}, 9) == "Doorstep +3 colonists"
    assert _stock_text({"region": "quarry", "amount": -1, "asked": -1}, None) == \
        "Quarry -1 Mineral"


@pytest.mark.parametrize(("effect", "words"), [
    ([{"gain_colonist": {"count": 1, "from": "bag"}}], "gain 1 colonist from the bag"),
    ([{"lose_colonist": {"count": 1}}], "discard 1 colonist from the Shelters"),
    ([{"relief": 1}], "1 step on the Relief Track"),
    ([{"stock": {"region": "doorstep", "amount": -1}}],
     "return 1 colonist from the Doorstep to the bag"),
    ([{"gain": {"minerals": 1, "toolkits": 1}}], "gain 1 Mineral and 1 Toolkit"),
])
def test_effects_in_words_count_one_as_one(effect, words):
    assert describe(effect) == words


def test_e206_says_exactly_as_its_hint_does():
    result = CliRunner().invoke(app, ["validate", str(ROOT / "tests" / "data" / "invalid"
                                                      / "e206_one_reward.yaml")])
    assert result.exit_code == 1
    assert "error[E206]: 'rewards' has 1 entry, must have exactly 2\n    hint: Exactly two " \
           "rewards; the first chooser picks either." in result.stdout


def test_a_missing_provenance_is_hinted_as_fan_made(tmp_path):
    """A file outside the base game is fan content (docs/authoring.md 6): its hint says
    fan-made, not RECONSTRUCTED, a claim about the printed game."""
    path = tmp_path / "buildings.yaml"
    path.write_text("kind: buildings\nitems:\n  - id: kelp_shed\n    name: Kelp Shed\n"
                    "    kind: ocean\n    slots: [pioneer]\n    upkeep: [{gain: {energy: 1}}]\n",
                    encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    assert result.stdout == (f"{path}:3:5: error[E202]: missing field 'provenance' in /items/0\n"
                             '    hint: add provenance: "fan-made: my_pack"\n1 problem found.\n')
