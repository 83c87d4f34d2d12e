"""What was written before the engine hosted several games still works the same
(issue 10): files under tests/data/before_kernel/ were made with commit cde28bb, the last
commit before the kernel change (its own code, on PYTHONPATH).

- ``play-players4-seed1-rules-v1.txt``: the output of ``artemis play --players 4 --seed 1``
  then, under rules version 1; today ``--variant old_rulings`` prints the same game (its
  account's wording since brought up to date, issue 14: "1 colonist", "1 Mineral", and
  why a draw to a full Doorstep took nothing; then the colonists gained from an Expedition
  reward or a Relief space, "P0 (random) +1 steward", in three Basecamp lines);
- ``play-players4-seed1.txt``: the same command's output under rules version 2 (R8, R10:
  docs/rulings.md), written again for issue 14: the game departs in round 1, at the Gantry's
  Geothermal Tap, where player 2, after declining at its 6, is offered the tile at its 5
  (and, as above, with the colonists gained shown: three Basecamp lines);
- both are games of content version 1 (the base content before issue 28's rebalance: Expedition
  difficulties up to 14, the Mineral Vault 1 VP per 2 Minerals), so they are played with
  ``--content-version 1``, whose output now starts with a line naming it (``content version
  1 (base 1.0.0)``) above the same account;
- in both, the final table since drawn as a score pad (issue 26: a row per scoring step,
  named as the browser names it, a column per player) instead of numbered columns with a
  footnote;
- ``2p-seed7-action40.save.json`` (a random and a greedy seat) and
  ``4p-seed11-action120.save.json`` (four random seats, harsh): saves made mid-game, their
  configs naming no game, no rules version and no content version (so version 1 of each)
  and their plugins listing ``core``.

The golden logs of tests/data/golden/rules-v1/ are logs of the same age (tests/test_replay.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from artemis.kernel.game import Game, GameConfig
from artemis.kernel.plugins import load_plugins
from artemis.players.play import make_bots, play_on
from artemis.records.save import load_save

BEFORE = Path(__file__).parent / "data" / "before_kernel"


@pytest.fixture(scope="module")
def host():
    import artemis_plugins.harsh as harsh

    host = load_plugins(entry_point_plugins=False)
    host.pm.register(harsh, name="harsh")
    return host


@pytest.mark.parametrize("variant, expected", [
    ((), "play-players4-seed1.txt"),
    (("--variant", "old_rulings"), "play-players4-seed1-rules-v1.txt")])
def test_play_prints_the_same_account_and_table_as_before(variant, expected):
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    proc = subprocess.run([sys.executable, "-m", "artemis", "play", "--players", "4",
                           "--seed", "1", "--content-version", "1", *variant],
                          capture_output=True, text=True, env=env,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    # the same account and table, under the line that names the older content version
    assert proc.stdout == "content version 1 (base 1.0.0)\n" + (BEFORE / expected).read_text(
        encoding="utf-8")


@pytest.mark.parametrize("name", ["2p-seed7-action40.save.json",
                                  "4p-seed11-action120.save.json"])
def test_a_save_written_before_loads_and_plays_on(host, name):
    loaded = load_save(BEFORE / name, host)
    game = loaded.game
    assert game.config.game == "project" and not game.is_over
    # no rules version recorded: played under version 1, with its rulings (R8, R10)
    assert game.config.rules_version == 1 and game.config.content_version == 1
    assert game.param_defaults["gantry_decliner_out"] == 1
    assert game.param_defaults["academy_retrieve_to_shelters"] == 1
    assert len(game.actions) == int(name.split("action")[1].split(".")[0])
    play_on(game, loaded.bots)
    assert game.is_over and sorted(game.result["ranking"]) == list(range(game.config.players))


def test_an_old_random_save_continues_as_the_uninterrupted_game(host):
    """Random bots did not change: the game played from the start by today's engine under
    rules version 1 and content version 1 (the save's) takes the saved actions, and the save
    continued ends exactly as it does."""
    loaded = load_save(BEFORE / "4p-seed11-action120.save.json", host)
    config = GameConfig(players=4, seed=11, variants={"harsh": {}}, rules_version=1,
                        content_version=1)
    whole = play_on(Game.new(config, plugins=host), make_bots(config, ["random"] * 4))
    saved = [a.id for a in loaded.game.actions]
    assert [a.id for a in whole.actions[:len(saved)]] == saved
    play_on(loaded.game, loaded.bots)
    assert [a.id for a in loaded.game.actions] == [a.id for a in whole.actions]
    assert loaded.game.result == whole.result
