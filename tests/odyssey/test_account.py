"""The Odyssey's account and its questions' words: every slot says what happened (never a bare
heading), players are called by the names the account is given (and, in a question's
answers, by colour, which the account's first line maps to the names)."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.games.odyssey.account import account_lines
from artemis.kernel.game import Game

from .positions import hand, planet, resolve, table


def _played(players: int, seed: int) -> Game:
    game = Game.new({"game": "odyssey", "players": players, "seed": seed})
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 1), (5, 2)])
def test_every_slot_line_says_what_happened(players, seed):
    game = _played(players, seed)
    names = [f"Ann{i}" for i in range(players)]
    lines = account_lines(game, names)
    assert lines[0] == "Colours: " + ", ".join(
        f"Ann{i} {c}" for i, c in enumerate(["red", "blue", "yellow", "green", "purple"]
                                            [:players]))
    assert all(line.strip() for line in lines)
    for line in lines:
        if line.startswith(("  Slot ", "  Singularity")):
            assert ": " in line.split(")", 1)[-1] or "nothing happens" in line, line
    assert not any("seat " in line for line in lines)


def test_a_build_nobody_makes_says_so_and_a_discovery_names_the_planet_type():
    game = table(["red", "blue", "yellow"])
    for seat in range(3):
        planet(game, f"sun.{seat + 1}", "energy", owner=seat, factory=1)
    planet(game, "aries.1", "water", owner=0, starship=1)
    planet(game, "leo.1", "food", up=False)
    s = game.state
    s.board[0] = (0, "red-build")
    s.board[1] = (0, "red-travel-2")
    resolve(game, ("slot", 0), ("slot", 1))
    game.apply("travel_system:leo")
    game.apply("travel_go:go")  # its one move is made at once; nobody else can travel
    lines = account_lines(game, ["Ann", "Bob", "Cy"])
    assert lines[-2] == "  Slot 1: Ann's Build (red-build): nobody builds"
    assert lines[-1] == ("  Slot 2: Ann's Travel (red-travel-2): Ann declares Leo; Ann moves "
                         "a Starship aries.1 -> leo.1; leo.1 is Food; Ann +1 Food")
    assert [e for e in game.log if e["type"] == "discovered"][0]["planet_type"] == "food"


def test_the_planners_questions_name_players_by_colour():
    game = table(["red", "blue", "yellow"])
    for seat in range(3):
        planet(game, f"sun.{seat + 1}", "energy", owner=seat, factory=1)
    hand(game, 0, water=1)
    hand(game, 1, food=1)
    hand(game, 2, food=1)
    resolve(game, ("trade", 0, "red-trade"))
    labels = [a.label for a in game.legal_actions() if a.id.startswith("trade:offer")]
    assert labels == ["make an offer to Blue", "make an offer to Yellow"]


def test_play_reads_well_end_to_end():
    result = CliRunner().invoke(app, ["play", "--game", "odyssey", "--players", "3",
                                      "--seed", "1"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:2] == ["content version 1 (base 1.0.0)",
                         "Colours: P0 (random) red, P1 (random) blue, P2 (random) yellow"]
    assert "  Slot 9: P1 (random)'s Build (blue-build): nobody builds" in lines
    assert not [line for line in lines if not line.strip()]


@pytest.fixture(scope="module")
def solo_seed_9():
    """Greedy solo, seed 9: Prefab Habitat builds nothing (nothing can be paid for), then the
    player uses Gaia Seed after it."""
    from artemis.kernel.game import GameConfig
    from artemis.players.play import play_game

    return play_game(GameConfig(game="odyssey", players=1, seed=9), ["greedy"])


def test_a_solo_round_header_names_no_first_player(solo_seed_9):
    # OR17: solo has no First player marker
    heads = [line for line in account_lines(solo_seed_9, ["Ann"]) if line.startswith("── ")]
    assert len(heads) == 13
    assert heads[0].startswith("── Round 1 (solo: no First player marker) ──")
    assert not any("First player Ann" in h for h in heads)


def test_a_singularity_card_without_effect_says_so_before_an_artifact_used_after_it(
        solo_seed_9):
    lines = account_lines(solo_seed_9, ["Ann"])
    card = next(line for line in lines if "the card has no effect" in line)
    assert card == ("  Singularity: Prefab Habitat: the card has no effect; then Ann uses Gaia "
                    "Seed (build 1 Terraformer for 1 Water and 1 Food); Ann builds a Terraformer "
                    "on libra.2; Ann +3 VP")


def test_a_solo_reaching_42_drafts_one_alien_artifact_in_the_singular():
    game = table(["red"])
    game.state.artifact_deck = ["replicator", "stargate"]
    game.state.players[0].vp = 42
    resolve(game, ("check_42",))
    lines = account_lines(game, ["Ann"])
    assert any("Reaching 42: Ann draft 1 Alien Artifact" in line and
               not line.endswith("Artifacts") for line in lines), lines
    assert game.ruleset.words.seat_summary(game, 0).endswith("; 1 Alien Artifact")


def _called_to_build():
    """Ann's Build, which she cannot pay for; Bob, called, can."""
    game = table(["red", "blue", "yellow"])
    for seat in range(3):
        planet(game, f"sun.{seat + 1}", "energy", owner=seat, factory=1)
    planet(game, "aries.1", "water", owner=1, starship=1)
    hand(game, 1, water=2, food=2, energy=2, xanthium=2, yoyodium=2, zozodium=2)
    game.state.board[0] = (0, "red-build")
    resolve(game, ("slot", 0))
    return game


def test_a_call_declined_is_told_from_the_answers_record():
    """Issue 26: a called player who builds nothing (or does not travel, or discards
    nothing) is in the account, told from its answer's public record: no record is added,
    so recorded games replay as before."""
    game = _called_to_build()
    assert game.pending.kind == "build" and game.pending.player == 1
    records = len(game.log)
    game.apply("build:stop")
    assert [e["type"] for e in game.log[records:]] == ["action"]  # nothing new recorded
    assert account_lines(game, ["Ann", "Bob", "Cy"])[-1] == (
        "  Slot 1: Ann's Build (red-build): Bob builds nothing")
    # one who built first and then stops: the build says it all
    game = _called_to_build()
    game.apply(next(a for a in game.legal_actions() if a.id.startswith("build:colony")))
    while game.pending is not None and game.pending.player == 1 and \
            game.pending.kind == "build":
        game.apply("build:stop")
    line = account_lines(game, ["Ann", "Bob", "Cy"])[-1]
    assert "Bob builds a Colony on aries.1" in line and "nothing" not in line, line
    # a Travel declined
    game = table(["red", "blue", "yellow"])
    for seat in range(3):
        planet(game, f"sun.{seat + 1}", "energy", owner=seat, factory=1)
    planet(game, "aries.1", "water", owner=0, starship=1)
    planet(game, "leo.1", "food", up=False)
    game.state.board[0] = (0, "red-travel-2")
    resolve(game, ("slot", 0))
    game.apply("travel_system:leo")
    game.apply("travel_go:decline")
    assert "Ann declares Leo; Ann does not travel" in account_lines(game, ["Ann", "Bob",
                                                                           "Cy"])[-1]


def test_each_step_of_a_trade_offer_asks_with_the_offer_so_far():
    """Issue 26: the offer is built card by card (rulebook, Trade); each step's question
    (the browser's title, the terminal's question) says the offer so far, and the player it
    is made to is asked with the offer."""
    game = table(["red", "blue", "yellow"])
    for seat in range(3):
        planet(game, f"sun.{seat + 1}", "energy", owner=seat, factory=1)
    hand(game, 0, water=2)
    hand(game, 1, food=1)
    resolve(game, ("trade", 0, "red-trade"))
    names = ["Ann", "Bob", "Cy"]
    game.apply("trade:offer:1")
    ask = game.ruleset.words.question
    assert ask(game, names) == ("Ann, Trade: your offer to Blue (Bob) so far: you give "
                                "nothing; you ask for nothing")
    game.apply("offer_edit:give:water")
    game.apply("offer_edit:give:water")
    assert ask(game, names).endswith("so far: you give 2 Water; you ask for nothing")
    game.apply("offer_edit:get:food")
    assert ask(game, names).endswith("so far: you give 2 Water; you ask for 1 Food")
    game.apply("offer_edit:send")
    assert ask(game, names) == ("Bob, Trade: an offer is made to you from Red (Ann): you get "
                                "2 Water for 1 Food")
