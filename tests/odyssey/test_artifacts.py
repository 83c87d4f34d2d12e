"""Alien Artifacts used in their windows (rulebook, Alien Artifacts; docs/odyssey-rulings.md
OR7, OR8, OR17, OR31, OR32): one test per card with its exact numbers, the order a window
asks in, cards gained just before a window, and the moments no window opens."""

from __future__ import annotations

from artemis.games.odyssey.rules.galaxy import NOBODY
from artemis.games.odyssey.state import COLONY, STARSHIP, TERRAFORMER
from artemis.games.odyssey.vocabulary import ASSETS

from .positions import hand, ids, planet, resolve, table

W, F, E, X, Y, Z = range(6)


def give(game, seat: int, *cards: str) -> None:
    """``seat`` holds these Alien Artifacts."""
    game.state.players[seat].artifacts = list(cards)
    for c in cards:
        game.state.art_known[seat][c] = seat


def window(game, name: str, seats: tuple, trigger=None):
    return resolve(game, ("window", name, seats, trigger))


def used(game, seat: int, card: str) -> None:
    """``seat`` is asked and uses ``card``; it leaves the game."""
    assert f"artifact:{card}" in ids(game) and game.pending.player == seat
    before = game.state.players[seat].artifacts_used
    game.apply(f"artifact:{card}")
    p = game.state.players[seat]
    assert card not in p.artifacts and p.artifacts_played[-1] == card
    assert p.artifacts_used == before + 1


# -- one test per card --------------------------------------------------------------------


def test_replicator_builds_the_type_just_built_for_nothing():
    game = table(["red", "blue"])
    planet(game, "aries.1", "water", owner=0, colony=1)
    hand(game, 0, water=2, food=2)
    give(game, 0, "replicator")
    resolve(game, ("build_turn", 0, 1, ASSETS, "normal"))
    game.apply("build:terraformer:aries.1:water+water+food+food")
    assert ids(game) == ["artifact:replicator", "artifact:pass"]  # after_own_build
    used(game, 0, "replicator")  # one placement, paid nothing: not asked
    p = game.state.players[0]
    assert game.state.planet("aries.1").pieces[TERRAFORMER] == 2
    assert p.vp == 7 + 3 + 3 and p.res == [0] * 6 and p.supply[TERRAFORMER] == 2
    assert game.pending is None


def _grenade_and_bomb():
    game = table(["red", "blue"])
    planet(game, "sun.2", "food", owner=1, factory=1, starship=1)
    planet(game, "leo.1", "water", owner=1, colony=1, starship=1)
    planet(game, "leo.2", "food", owner=1, factory=1, starship=1)
    return game


def test_black_hole_grenade_returns_one_starship_outside_the_sun():
    game = _grenade_and_bomb()
    give(game, 0, "black-hole-grenade")
    window(game, "after_action", (0,))
    used(game, 0, "black-hole-grenade")
    assert ids(game) == ["target_planet:leo.1", "target_planet:leo.2"]  # never sun.2
    game.apply("target_planet:leo.2")
    s = game.state
    assert s.planet("leo.2").pieces == [0, 1, 0, 0] and s.planet("leo.2").owner == 1
    assert s.players[1].supply[STARSHIP] == 4 - 3 + 1


def test_black_hole_bomb_clears_a_planet_without_a_factory():
    game = _grenade_and_bomb()
    give(game, 0, "black-hole-bomb")
    window(game, "after_action", (0,))
    used(game, 0, "black-hole-bomb")  # leo.1 is the only target: not asked
    s = game.state
    leo = s.planet("leo.1")
    assert leo.pieces == [0, 0, 0, 0] and leo.owner == NOBODY and leo.up
    assert s.players[1].supply[COLONY] == 4 and s.players[1].supply[STARSHIP] == 2


def _revealed(seat: int, card: str, colours=("red", "blue", "yellow")):
    game = table(list(colours))
    game.state.board[0] = (seat, card)
    return game


def test_hypnotic_device_takes_the_planner_choice_and_nothing_else():
    game = _revealed(1, "blue-produce-2")
    planet(game, "aries.1", "water", owner=1, factory=1)
    give(game, 0, "hypnotic-device")
    resolve(game, ("slot", 0))
    used(game, 0, "hypnotic-device")
    assert game.pending.player == 0  # the user, not the Planner (OR32)
    assert ids(game) == ["produce_type:water", "produce_type:xanthium"]
    game.apply("produce_type:xanthium")
    assert game.state.players[1].res[W] == 0  # blue's water Factory produced nothing


def test_hypnotic_device_only_on_another_players_produce_travel_or_score():
    game = _revealed(0, "red-score-1")
    give(game, 0, "hypnotic-device")  # on its own card: not usable, not asked
    resolve(game, ("slot", 0))
    assert game.pending.kind == "score_option" and game.pending.player == 0


def test_amnesia_beam_cancels_the_card_which_still_goes_to_the_score_discard():
    game = _revealed(1, "blue-score-1")
    game.state.first = 2
    give(game, 0, "amnesia-beam")
    resolve(game, ("slot", 0))
    used(game, 0, "amnesia-beam")
    s = game.state
    assert game.pending is None and s.cancelled and s.tally is None
    assert s.first == 2  # a cancelled card gives no marker when revealed (OR17)
    assert [p.vp for p in s.players] == [7, 7, 7]
    resolve(game, ("round_over",))
    assert s.first == 1 and s.players[1].score_discard == ["blue-score-1"]  # OR17


def test_or32_own_travel_start_is_offered_without_a_legal_move_and_stargate_commits():
    game = table(["red", "blue"])
    planet(game, "sun.1", "energy", owner=0, factory=1, starship=1)
    planet(game, "aries.1", "water", up=False)
    give(game, 0, "stargate")
    resolve(game, ("travel_turn", 0, "leo", False))  # Leo has no planet: no legal move
    assert game.pending.kind == "artifact"
    used(game, 0, "stargate")
    # any star but the Sun and the declared one with a legal move; no decline (OR32)
    assert ids(game) == ["travel_system:aries", "travel_system:scorpio"]
    game.apply("travel_system:aries")  # one move: not asked
    s = game.state
    assert s.planet("aries.1").owner == 0 and s.planet("aries.1").up
    assert s.players[0].res[W] == 1 and s.scoped_modifiers == []


def test_jump_drive_travels_to_a_system_of_the_users_own_travel_cards():
    game = table(["red", "blue"])
    planet(game, "sun.1", "energy", owner=0, factory=1, starship=1)
    planet(game, "aries.1", "water", up=False)  # not on red's Travel cards
    planet(game, "leo.1", "food", up=False)
    give(game, 0, "jump-drive")
    window(game, "after_action", (0,))
    used(game, 0, "jump-drive")
    assert ids(game) == ["travel_system:leo", "travel_system:scorpio"]  # no decline
    game.apply("travel_system:leo")
    s = game.state
    assert s.planet("leo.1").owner == 0 and s.players[0].res[F] == 1
    assert s.planet("sun.1").pieces[STARSHIP] == 0


def test_deep_scanner_peeks_at_up_to_three_systems():
    game = table(["red", "blue"])
    for pid in ("aries.1", "taurus.1", "leo.1", "leo.2"):
        planet(game, pid, "water", up=False)
    give(game, 0, "deep-scanner")
    window(game, "end_of_round", (0, 1))
    used(game, 0, "deep-scanner")
    assert ids(game) == ["peek_system:aries", "peek_system:taurus", "peek_system:leo",
                         "peek_system:scorpio"]  # the first has no stop (OR32)
    game.apply("peek_system:leo")
    assert ids(game)[-1] == "peek_system:stop"
    game.apply("peek_system:aries")
    game.apply("peek_system:scorpio")
    s = game.state
    assert s.known[0] == {"leo.1", "leo.2", "aries.1", "scorpio.7"} and s.known[1] == set()
    assert game.pending is None  # three peeks: over


def test_matter_converter_makes_up_to_four_one_for_one_exchanges():
    game = table(["red", "blue"])
    hand(game, 0, water=3)
    game.state.bank[F] = 1
    give(game, 0, "matter-converter")
    window(game, "planning_turn", (0,))
    used(game, 0, "matter-converter")
    assert "bank_exchange:done" not in ids(game)  # the first exchange is the use (OR32)
    game.apply("bank_exchange:bank:water:food")
    assert "bank_exchange:bank:water:food" not in ids(game)  # the bank has no Food left
    game.apply("bank_exchange:bank:water:energy")
    game.apply("bank_exchange:done")
    assert game.state.players[0].res == [1, 1, 1, 0, 0, 0] and game.state.bank[F] == 0


def test_resource_cache_takes_three_of_a_type_or_what_the_bank_holds():
    game = table(["red", "blue"])
    game.state.bank[Y] = 2
    give(game, 0, "resource-cache")
    window(game, "card_revealed", (0,), None)
    used(game, 0, "resource-cache")
    assert ids(game) == [f"choose:{i}" for i in range(6)]
    game.apply("choose:4")  # Yoyodium
    assert game.state.players[0].res == [0, 0, 0, 0, 2, 0] and game.state.bank[Y] == 0


def test_nanoforge_builds_for_one_card_less():
    game = table(["red", "blue"])
    planet(game, "sun.1", "energy", owner=0, factory=1, starship=1)
    hand(game, 0, energy=1, xanthium=1, yoyodium=1)
    give(game, 0, "nanoforge")
    window(game, "after_action", (0,))
    used(game, 0, "nanoforge")  # one build: a Starship for 3 of its 4 cards
    p = game.state.players[0]
    assert game.state.planet("sun.1").pieces[STARSHIP] == 2
    assert p.res == [0] * 6 and p.supply[STARSHIP] == 2


def test_gaia_seed_builds_a_terraformer_for_water_and_food_scoring_3():
    game = table(["red", "blue"])
    planet(game, "aries.1", "water", owner=0, colony=1)
    hand(game, 0, water=1, food=1, energy=2)
    give(game, 0, "gaia-seed")
    window(game, "after_action", (0,))
    used(game, 0, "gaia-seed")
    p = game.state.players[0]
    assert game.state.planet("aries.1").pieces[TERRAFORMER] == 1
    assert p.res == [0, 0, 2, 0, 0, 0] and p.vp == 10


def test_chronometer_takes_a_score_card_back():
    game = table(["red", "blue"])
    p = game.state.players[0]
    p.score_discard = ["red-score-1", "red-score-3"]
    give(game, 0, "chronometer")
    window(game, "end_of_round", (0, 1))
    used(game, 0, "chronometer")
    assert ids(game) == ["score_card:red-score-1", "score_card:red-score-3"]
    game.apply("score_card:red-score-3")
    assert p.score_discard == ["red-score-1"] and "red-score-3" in p.hand


def _score(amplify: bool):
    game = table(["red", "blue", "yellow"])
    planet(game, "sun.1", "energy", owner=0, factory=1)
    planet(game, "sun.2", "food", owner=1, factory=1)
    planet(game, "aries.1", "water", owner=1, colony=1)
    planet(game, "sun.3", "water", owner=2, factory=1)
    if amplify:
        give(game, 0, "harmonic-amplifier")
    resolve(game, ("score", 0, "red-score-1"))
    game.apply("score_option:colonies_factories")
    return game


def test_harmonic_amplifier_adds_3_before_most_and_fewest():
    game = _score(False)
    assert [p.vp for p in game.state.players] == [7 + 2 - 2, 7 + 3 + 3, 7 + 2 - 2]
    game = _score(True)
    assert game.pending.kind == "artifact"  # score_tally: seats 1, 2, then the Planner
    used(game, 0, "harmonic-amplifier")
    assert [p.vp for p in game.state.players] == [7 + 5 + 3, 7 + 3, 7 + 2 - 2]


def test_fusion_core_produces_the_same_type_again():
    game = table(["red", "blue"])
    planet(game, "aries.1", "water", owner=0, factory=1)
    planet(game, "aries.2", "water", owner=1, colony=1)
    give(game, 0, "fusion-core")
    resolve(game, ("produce", 1, "blue-produce-2"))
    game.apply("produce_type:water")
    used(game, 0, "fusion-core")
    assert [p.res[W] for p in game.state.players] == [4, 1]


def test_xeno_archive_draws_three_keeps_two_and_puts_one_under():
    game = table(["red", "blue"])
    game.state.artifact_deck = ["stargate", "jump-drive", "nanoforge", "gaia-seed"]
    give(game, 0, "xeno-archive")
    window(game, "planning_turn", (0,))
    used(game, 0, "xeno-archive")
    assert ids(game) == ["keep_artifact:stargate", "keep_artifact:jump-drive",
                         "keep_artifact:nanoforge"]
    game.apply("keep_artifact:nanoforge")
    game.apply("keep_artifact:stargate")
    s = game.state
    assert s.players[0].artifacts == ["nanoforge", "stargate"]
    assert s.artifact_deck == ["gaia-seed", "jump-drive"]


def test_xeno_archive_is_not_usable_with_an_empty_deck():
    game = table(["red", "blue"])
    give(game, 0, "xeno-archive")
    window(game, "planning_turn", (0,))
    assert game.pending is None  # OR32: nothing to draw, so not asked


def test_gravity_sling_moves_another_starship_to_the_same_system():
    game = table(["red", "blue"])
    planet(game, "sun.1", "energy", owner=0, factory=1, starship=1)
    planet(game, "aries.1", "water", owner=0, starship=1)
    planet(game, "leo.1", "water", up=False)
    planet(game, "leo.2", "food", up=False)
    give(game, 0, "gravity-sling")
    resolve(game, ("travel_turn", 0, "leo", False))
    game.apply("travel_go:go")
    game.apply("travel_move:aries.1>leo.1")
    assert ids(game) == ["artifact:gravity-sling", "artifact:pass"]  # after_own_travel
    used(game, 0, "gravity-sling")
    # Leo only (not asked); not the Starship that just moved (OR32)
    assert ids(game) == ["travel_move:sun.1>leo.1", "travel_move:sun.1>leo.2"]
    game.apply("travel_move:sun.1>leo.2")
    s = game.state
    assert s.players[0].res[W] == 1 and s.players[0].res[F] == 1
    assert s.planet("sun.1").pieces[STARSHIP] == 0


# -- windows -------------------------------------------------------------------------------


def test_or07_a_window_asks_holders_from_the_planners_left_ending_with_the_planner():
    game = _revealed(1, "blue-produce-2")
    give(game, 0, "resource-cache")
    give(game, 1, "matter-converter", "replicator")
    give(game, 2, "chronometer")
    game.state.players[2].score_discard = ["yellow-score-1"]
    hand(game, 1, water=1)
    resolve(game, ("slot", 0))
    asked = []
    while game.pending.kind == "artifact":
        asked.append((game.pending.player, ids(game)))
        game.apply("artifact:pass")
    assert asked == [(2, ["artifact:chronometer", "artifact:pass"]),
                     (0, ["artifact:resource-cache", "artifact:pass"]),
                     (1, ["artifact:matter-converter", "artifact:pass"])]  # no Replicator
    assert game.pending.kind == "produce_type"


def test_or07_a_holder_may_use_several_cards_one_after_another():
    game = table(["red", "blue"])
    give(game, 0, "resource-cache", "chronometer")
    game.state.players[0].score_discard = ["red-score-1"]
    window(game, "end_of_round", (0, 1))
    used(game, 0, "resource-cache")
    game.apply("choose:0")
    assert ids(game) == ["artifact:chronometer", "artifact:pass"]  # asked again
    used(game, 0, "chronometer")  # one card in the pile: not asked
    assert game.state.players[0].artifacts_played == ["resource-cache", "chronometer"]
    assert game.pending is None


def test_or32_an_artifact_drawn_on_landing_is_usable_after_that_travel():
    game = table(["red", "blue", "yellow"])
    planet(game, "sun.1", "energy", owner=0, factory=1, starship=1)
    planet(game, "aries.1", "water", owner=0, starship=1)
    planet(game, "leo.1", "alien", up=False)
    planet(game, "leo.2", "food", up=False)
    game.state.artifact_deck = ["gravity-sling"]
    resolve(game, ("travel_turn", 0, "leo", False))
    game.apply("travel_go:go")
    game.apply("travel_move:aries.1>leo.1")  # an Alien planet: draws 1, kept
    assert game.state.players[0].artifacts == ["gravity-sling"]
    assert ids(game) == ["artifact:gravity-sling", "artifact:pass"]


def test_or31_no_window_during_the_end_of_the_round_steps():
    game = table(["red", "blue"])
    game.state.first = 0
    hand(game, 0, water=10, food=1)
    give(game, 0, "resource-cache")
    resolve(game, ("end_of_round",))
    assert game.pending.kind == "artifact"  # the end_of_round window, before step 1
    game.apply("artifact:pass")
    assert ids(game) == ["hand_discard:water", "hand_discard:food"]  # step 1
    game.apply("hand_discard:water")
    # steps 2-5 asked nothing; the next question is the next round's planning_turn
    assert game.pending.kind == "artifact" and game.state.phase == "planning"
    assert game.state.round == 2 and game.log[-1]["type"] != "round_end"
    assert [e["type"] for e in game.log].count("round_end") == 1


def test_or08_no_window_during_reaching_42():
    game = table(["red", "blue", "yellow"])
    s = game.state
    s.players[1].vp = 43
    s.artifact_deck = ["stargate", "jump-drive", "nanoforge"]
    give(game, 0, "resource-cache")
    resolve(game, ("check_42",))
    assert game.pending.kind == "draft_keep"
    kinds = []
    while game.pending is not None:
        kinds.append(game.pending.kind)
        game.apply(game.legal_actions()[0])
    assert "artifact" not in kinds and len(s.players[0].artifacts) == 2


def test_solo_removed_cards_are_flagged_solo_false(catalog):
    removed = sorted(a.id for a in catalog.artifacts if not a.solo)
    assert removed == ["amnesia-beam", "black-hole-bomb", "black-hole-grenade",
                       "hypnotic-device"]


# -- views, clone, words, bots ---------------------------------------------------------------


def test_a_used_card_is_public_and_the_clone_keeps_it():
    game = table(["red", "blue"])
    give(game, 0, "resource-cache", "stargate")
    window(game, "planning_turn", (0,))
    used(game, 0, "resource-cache")
    game.apply("choose:0")
    clone = game.clone()
    clone.state.players[0].artifacts_played.append("x")
    assert game.state.players[0].artifacts_played == ["resource-cache"]
    seen = game.view(1)["players"][0]
    assert seen["artifacts_played"] == ["resource-cache"] and seen["artifacts_held"] == 1
    assert "artifacts" not in seen  # which one is held stays the holder's


def test_labels_and_account_say_who_used_what():
    from artemis.games.odyssey.account import account_lines

    game = table(["red", "blue"])
    planet(game, "sun.1", "energy", owner=0, factory=1, starship=1)
    planet(game, "aries.1", "water", up=False)
    give(game, 0, "stargate")
    resolve(game, ("travel_turn", 0, "leo", False))
    labels = [a.label for a in game.legal_actions()]
    assert labels == ["use Stargate: travel to any star system instead of the one declared",
                      "use no Alien Artifact now"]
    game.apply("artifact:stargate")
    assert "Ada uses Stargate (travel to any star system instead of the one declared)" in \
        " ".join(account_lines(game, ["Ada", "Bo"]))


def test_the_greedy_bot_uses_an_artifact_when_it_helps_not_blindly():
    from artemis.players.bots import GreedyBot

    game = _score(True)
    assert GreedyBot(1).choose(game).id == "artifact:harmonic-amplifier"
    game = table(["red", "blue"])
    planet(game, "leo.1", "water", up=False)
    give(game, 0, "deep-scanner")
    window(game, "end_of_round", (0,))
    assert GreedyBot(1).choose(game).id == "artifact:pass"  # a peek scores nothing


def test_random_games_use_artifacts_and_end():
    from artemis.kernel.game import Game
    from artemis.players.bots import RandomBot

    game = Game.new({"game": "odyssey", "players": 3, "seed": 2})
    bots = [RandomBot(i) for i in range(3)]
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    played = [c for p in game.state.players for c in p.artifacts_played]
    assert played and game.result["rounds"] <= 50
    assert sum(p.artifacts_used for p in game.state.players) == len(played)


def test_or07_a_hypnotic_device_then_an_amnesia_beam_both_spent_the_card_cancelled():
    game = _revealed(1, "blue-produce-2")
    planet(game, "aries.1", "water", owner=1, factory=1)
    give(game, 0, "hypnotic-device")
    give(game, 2, "amnesia-beam")
    resolve(game, ("slot", 0))
    game.apply("artifact:pass")  # seat 2 first (the Planner's left)
    used(game, 0, "hypnotic-device")
    assert game.pending.kind == "produce_type"  # the Beam's holder was asked before
    game = _revealed(1, "blue-produce-2")
    give(game, 0, "amnesia-beam")
    give(game, 2, "hypnotic-device")
    resolve(game, ("slot", 0))
    used(game, 2, "hypnotic-device")
    used(game, 0, "amnesia-beam")
    s = game.state
    assert s.cancelled and game.pending is None  # nobody produces
    assert s.players[0].artifacts_used == s.players[2].artifacts_used == 1


def test_the_singularity_card_asks_from_the_first_player_and_its_produce_opens_a_window():
    game = table(["red", "blue"])
    s = game.state
    s.first = 1
    s.singularity_deck = ["stellar-nursery"]
    planet(game, "aries.1", "water", owner=0, factory=1)
    give(game, 0, "fusion-core", "resource-cache")
    give(game, 1, "chronometer")
    s.players[1].score_discard = ["blue-score-1"]
    resolve(game, ("singularity",))
    assert game.pending.player == 1 and ids(game) == ["artifact:chronometer", "artifact:pass"]
    game.apply("artifact:pass")
    assert ids(game) == ["artifact:resource-cache", "artifact:pass"]  # no target, no Fusion
    game.apply("artifact:pass")
    # blue (First player) then red take the card: red produces Water, then its window
    while game.pending.player != 0 or game.pending.kind != "choose":
        game.apply(game.legal_actions()[0])
    game.apply("choose:0")
    assert s.players[0].res[W] == 2
    assert ids(game) == ["artifact:fusion-core", "artifact:pass"]  # after_own_produce
    used(game, 0, "fusion-core")
    assert s.players[0].res[W] == 4
