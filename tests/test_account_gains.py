"""The account of a Project game shows the colonists a player gains (an Expedition reward, a
Relief space, a building's upkeep) and an Event that changed nothing, with what it does."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from artemis.games.project.account import account_lines
from artemis.kernel.game import Game, GameConfig
from artemis.players.play import play_game, seat_labels

NAMES = ["P0 (greedy)", "P1 (greedy)"]


@pytest.fixture(scope="module")
def greedy_game():
    """`artemis play --players 2 --bots greedy` (seed 0), where a user found the account
    silent on two Events that did nothing (Cave-In with no die in the Quarry, Fever Outbreak
    on empty Shelters) and on the colonists of Expedition rewards; played with content
    version 2, the values that game had (version 3's Surface values play it otherwise)."""
    return play_game(GameConfig(players=2, seed=0, content_version=2), ["greedy", "greedy"])


def test_every_event_and_every_colonist_gained_has_its_words(greedy_game):
    lines = account_lines(greedy_game, seat_labels(["greedy", "greedy"]))
    events = [e["event"] for e in greedy_game.log if e["type"] == "event"]
    told = [line for line in lines if line.startswith("  Event ")
            and not line.startswith("  Event revealed")]
    assert [line.split(":")[0] for line in told] == [
        f"  Event {greedy_game.catalog.by_id[e].name}" for e in events]
    # a colonist gained by a reward, a Relief space or an upkeep, not by recruiting or training
    log = [e for e in greedy_game.log if e["type"] != "action"]
    gained = [e for k, e in enumerate(log) if e["type"] == "colonist_gained"
              and log[k - 1]["type"] not in ("recruited", "trained")]
    assert gained  # the game has some, and the account counts each
    assert sum(map(colonists_in, lines)) == len(gained)


COLONIST = r"(\d+) (?:pioneer|engineer|marine|steward)s?"


def colonists_in(line: str) -> int:
    """The colonists an account line says were gained: "P1 (greedy) +2 stewards and 1
    pioneer" -> 3 (recruits and trainings are told in words, not counted here)."""
    found = 0
    for entry in line.split("; "):
        told = re.fullmatch(r".*\) \+" + COLONIST + "(?: and " + COLONIST + ")*", entry.strip())
        if told:
            found += sum(int(n) for n in re.findall(COLONIST, entry.split(") +", 1)[1]))
    return found


@pytest.fixture(scope="module")
def catalog():
    return Game.new(GameConfig(players=2, seed=0)).catalog


def story(catalog, log: list[dict]) -> list[str]:
    return account_lines(SimpleNamespace(catalog=catalog, log=log), NAMES)


def house(player: int) -> dict:
    return {"type": "action", "player": player, "id": "house:0:shelters", "label": "put it"}


def test_colonists_gained_together_are_one_entry(catalog):
    log = [{"type": "resolve", "region": "basecamp"},
           {"type": "action", "player": 1, "id": "reward:0", "label": "gain the 2 colonists "
            "laid on this reward"},
           {"type": "colonist_gained", "player": 1, "colonist": "steward"}, house(1),
           {"type": "colonist_gained", "player": 1, "colonist": "pioneer"}, house(1),
           {"type": "colonist_gained", "player": 1, "colonist": "steward"}, house(1),
           {"type": "colonist_gained", "player": 0, "colonist": "marine"}, house(0)]
    assert story(catalog, log) == [
        "  Basecamp: P1 (greedy) takes gain the 2 colonists laid on this reward; P1 (greedy) "
        "+2 stewards and 1 pioneer; P0 (greedy) +1 marine"]


def test_a_colonist_recruited_or_trained_is_not_told_twice(catalog):
    log = [{"type": "resolve", "region": "doorstep"},
           {"type": "recruited", "player": 0, "colonist": "engineer", "cost": 2},
           {"type": "colonist_gained", "player": 0, "colonist": "engineer"}, house(0),
           {"type": "resolve", "region": "academy"},
           {"type": "trained", "player": 1, "colonist": "pioneer", "becomes": "marine"},
           {"type": "colonist_gained", "player": 1, "colonist": "marine"}, house(1)]
    assert story(catalog, log) == ["  Doorstep: P0 (greedy) recruits an engineer",
                                   "  Academy: P1 (greedy) trains a pioneer into a marine"]


def test_an_event_that_changed_nothing_says_so_and_what_it_does(catalog):
    # Cave-In with no die in the Quarry; Fever Outbreak on players with no resources (every
    # player since content version 8, the players with the fewest Stewards before)
    log = [{"type": "resolve", "region": "basecamp"},
           {"type": "event", "event": "cave_in"},
           {"type": "resolve", "region": "quarry"},
           {"type": "event", "event": "fever_outbreak"},
           {"type": "upkeep", "round": 5}]
    assert story(catalog, log) == [
        "  Event Cave-In: no effect (each player: lose 1 Energy per die in the Quarry)",
        "  Event Fever Outbreak: no effect (each player: lose 1 resource in any mix)"]


def test_an_event_that_did_something_has_no_no_effect_line(catalog):
    log = [{"type": "event", "event": "cave_in"},
           {"type": "lose", "player": 0, "item": "energy", "amount": 2},
           {"type": "event", "event": "crane_failure"},
           {"type": "modify", "param": "gantry_price_adjust", "mode": "add", "value": 1}]
    assert story(catalog, log) == ["  Event Cave-In: P0 (greedy) -2 Energy",
                                   "  Event Crane Failure: add 1 to the Gantry price this round"]
