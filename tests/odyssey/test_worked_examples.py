"""The worked examples of docs/odyssey-rulings.md ("Worked examples", X1-X6), each the
rulebook's own example of an Action, with their exact numbers."""

from __future__ import annotations

from artemis.games.odyssey.state import COLONY, FACTORY, STARSHIP

from .positions import hand, ids, planet, resolve, table

W, F, E, X, Y, Z = range(6)


def _x1(bank_water: int):
    game = table(["blue", "yellow", "red"])
    planet(game, "sun.1", "energy", owner=0, factory=1)
    planet(game, "sun.2", "food", owner=1, factory=1)
    planet(game, "sun.3", "zozodium", owner=2, factory=1)
    planet(game, "aries.1", "water", owner=0, starship=1, factory=1)
    planet(game, "aries.2", "water", owner=0, starship=1, colony=1)
    planet(game, "taurus.1", "water", owner=1, factory=1)
    planet(game, "gemini.3", "water", owner=2, starship=1, terraformer=1)
    game.state.bank[W] = bank_water
    return resolve(game, ("produce", 0, "blue-produce-2"))


def test_x1_produce_pays_colonies_and_starships_1_and_factories_2():
    game = _x1(20)
    assert ids(game) == ["produce_type:water", "produce_type:xanthium"]
    game.apply("produce_type:water")
    s = game.state
    assert [p.res[W] for p in s.players] == [5, 2, 1]  # the Terraformer yields nothing
    assert s.bank[W] == 12


def test_x1_a_short_bank_pays_in_the_order_the_planner_picks():
    game = _x1(6)
    game.apply("produce_type:water")
    assert ids(game) == ["produce_next:0", "produce_next:1", "produce_next:2"]
    game.apply("produce_next:2")
    game.apply("produce_next:1")
    s = game.state
    assert [p.res[W] for p in s.players] == [3, 2, 1]  # blue takes the last 3 of its 5
    assert s.bank[W] == 0 and game.pending is None  # the Action is over


def _x2():
    game = table(["yellow", "red", "blue"])
    planet(game, "sun.1", "energy", owner=0, factory=1, starship=1)
    planet(game, "sun.2", "food", owner=1, factory=1)
    planet(game, "sun.3", "water", owner=2, factory=1)
    planet(game, "aries.2", "food", owner=1, starship=1)
    planet(game, "taurus.1", "food", owner=2, starship=1)
    planet(game, "leo.1", "xanthium", owner=0, factory=1)
    planet(game, "leo.2", "energy", up=False)
    planet(game, "leo.3", "xanthium", up=False)
    return resolve(game, ("travel", 0, "yellow-travel-1"))


def test_x2_travel_and_discovery_in_five_questions():
    game = _x2()
    s = game.state
    bank = s.bank[:]
    asked = []
    for answer in ("travel_system:leo", "travel_go:go", "travel_move:sun.1>leo.2",
                   "travel_call:1", "travel_go:go"):
        asked.append(game.pending.kind)
        game.apply(answer)
    assert asked == ["travel_system", "travel_go", "travel_move", "travel_call", "travel_go"]
    s = game.state
    assert s.players[0].res[E] == 1 and s.players[1].res[X] == 1
    assert s.planet("leo.3").owner == 1 and s.planet("aries.2").owner == -1  # automatic move
    assert s.planet("sun.1").pieces == [0, 1, 0, 0]  # yellow's Factory stays
    assert s.bank[E] == bank[E] - 1 and s.bank[X] == bank[X] - 1
    assert game.pending is None  # blue could not travel: not asked (OR29)


def _x2_alien():
    game = table(["red", "yellow", "blue"])
    planet(game, "sun.1", "energy", owner=0, factory=1)
    planet(game, "sun.2", "food", owner=1, factory=1)
    planet(game, "sun.3", "water", owner=2, factory=1)
    planet(game, "cancer.1", "alien", owner=2, colony=1)
    planet(game, "gemini.2", "food", owner=2, starship=1)
    planet(game, "virgo.3", "alien", owner=2, starship=1)
    planet(game, "libra.4", "alien", up=False)
    game.state.artifact_deck = ["stargate", "replicator", "nanoforge", "gaia-seed"]
    return resolve(game, ("travel", 0, "red-travel-2"))


def test_x2_alien_discovery_draws_one_card_per_alien_planet_held():
    game = _x2_alien()
    game.apply("travel_system:libra")
    assert ids(game) == ["travel_call:1", "travel_call:2"]
    game.apply("travel_call:2")
    game.apply("travel_go:go")
    game.apply("travel_move:gemini.2>libra.4")
    assert ids(game) == ["keep_artifact:stargate", "keep_artifact:replicator",
                         "keep_artifact:nanoforge"]  # N = 3
    game.apply("keep_artifact:replicator")
    s = game.state
    assert s.players[2].artifacts == ["replicator"]
    assert s.artifact_deck == ["gaia-seed", "stargate", "nanoforge"]


def test_x2_alien_a_planet_left_empty_no_longer_counts():
    game = _x2_alien()
    for answer in ("travel_system:libra", "travel_call:2", "travel_go:go",
                   "travel_move:virgo.3>libra.4"):
        game.apply(answer)
    assert ids(game) == ["keep_artifact:stargate", "keep_artifact:replicator"]  # N = 2
    assert game.state.planet("virgo.3").owner == -1  # free again (OR29)


def _x3(players=("red", "yellow", "blue")):
    game = table(list(players))
    for seat in range(len(players)):
        planet(game, f"sun.{seat + 1}", "energy", owner=seat, factory=1)
    hand(game, 0, food=3, xanthium=1, energy=1, yoyodium=1)
    if len(players) == 3:
        hand(game, 1, water=1)
        hand(game, 2, yoyodium=1)
    return resolve(game, ("trade", 0, "red-trade"))


def test_x3_trade_bank_and_offers_until_done():
    game = _x3()
    s = game.state
    bank = s.bank[:]
    game.apply("trade:bank:xanthium:water")
    assert s.players[0].res == [1, 3, 1, 0, 1, 0]
    for answer in ("trade:offer:1", "offer_edit:get:water", "offer_edit:give:energy",
                   "offer_edit:send", "offer_reply:refuse"):
        game.apply(answer)
    assert "trade:offer:1" not in ids(game)  # no offer to yellow until a trade (OR6)
    for answer in ("trade:offer:2", "offer_edit:give:food", "offer_edit:give:energy",
                   "offer_edit:get:yoyodium", "offer_edit:send", "offer_reply:accept"):
        game.apply(answer)
    s = game.state
    assert s.players[0].res == [1, 2, 0, 0, 2, 0]
    assert s.players[2].res == [0, 1, 1, 0, 0, 0]
    game.apply("trade:bank:yoyodium:water")  # k = 2: two identical cards
    assert s.players[0].res == [2, 2, 0, 0, 0, 0]
    assert ids(game) == ["trade:offer:1", "trade:offer:2", "trade:done"]
    game.apply("trade:done")
    assert s.bank[X] == bank[X] + 1 and s.bank[Y] == bank[Y] + 2 and s.bank[W] == bank[W] - 2


def test_x3_two_players_the_other_player_trades_at_2_then_3_for_1():
    game = _x3(("red", "blue"))
    hand(game, 1, yoyodium=5)
    game.apply("trade:done")
    assert game.pending.kind == "late_trade" and game.pending.player == 1
    assert "late_trade:bank:yoyodium:water" in ids(game)
    game.apply("late_trade:bank:yoyodium:water")
    assert game.state.players[1].res == [1, 0, 0, 0, 3, 0]
    game.apply("late_trade:bank:yoyodium:food")  # the second at 3 for 1
    assert game.state.players[1].res == [1, 1, 0, 0, 0, 0]


def _x4(kind="energy"):
    game = table(["blue", "red", "yellow"])
    planet(game, "sun.1", "zozodium", owner=0, factory=1)
    planet(game, "sun.2", "food", owner=1, factory=1)
    planet(game, "sun.3", "water", owner=2, factory=1)
    planet(game, "cancer.2", kind, owner=0, starship=1)
    hand(game, 0, water=1, food=1, xanthium=1, energy=2, yoyodium=1)
    hand(game, 1, energy=1, xanthium=1, yoyodium=1, zozodium=1)  # a Starship each
    hand(game, 2, energy=1, xanthium=1, yoyodium=1, zozodium=1)
    return resolve(game, ("build", 0, "blue-build"))


def test_x4_build_a_colony_then_a_factory_on_it():
    game = _x4()
    s = game.state
    bank = s.bank[:]
    vp = s.players[0].vp
    assert ids(game) == ["build:colony:cancer.2:water+food+xanthium",
                         "build:colony:cancer.2:water+food+yoyodium", "build:stop"]
    game.apply("build:colony:cancer.2:water+food+xanthium")
    assert ids(game) == ["build:factory:cancer.2:energy+energy+yoyodium", "build:stop"]
    game.apply("build:factory:cancer.2:energy+energy+yoyodium")
    assert ids(game) == ["build_call:1", "build_call:2"]
    game.apply("build_call:1")
    game.apply(ids(game)[0])  # red builds a Starship
    assert game.pending.player == 2 and game.pending.kind == "build"  # yellow, not asked B2
    assert s.planet("cancer.2").pieces[STARSHIP] == 1
    assert s.planet("cancer.2").pieces[FACTORY] == 1 and s.planet("cancer.2").pieces[COLONY] == 0
    assert s.players[0].supply[COLONY] == 4 and s.players[0].supply[FACTORY] == 2
    assert s.players[0].res == [0] * 6 and s.players[0].vp == vp
    assert [s.bank[i] - bank[i] for i in range(6)] == [1, 1, 3, 2, 2, 1]  # red's Starship too


def test_x4_on_an_alien_planet_each_build_scores_3_at_once():
    game = _x4("alien")
    vp = game.state.players[0].vp
    game.apply("build:colony:cancer.2:water+food+xanthium")
    assert game.state.players[0].vp == vp + 3
    game.apply("build:factory:cancer.2:energy+energy+yoyodium")
    assert game.state.players[0].vp == vp + 6


def _x5():
    game = table(["yellow", "blue", "red"])
    s = game.state
    s.first = 1
    for seat, vp in enumerate((20, 18, 15)):
        s.players[seat].vp = vp
    planet(game, "sun.1", "energy", owner=0, factory=1)
    planet(game, "sun.2", "food", owner=1, factory=1)
    planet(game, "sun.3", "water", owner=2, factory=1)
    planet(game, "aries.1", "food", owner=0, colony=1)
    planet(game, "aries.2", "water", owner=0, colony=1)
    planet(game, "taurus.1", "food", owner=1, colony=1)
    return resolve(game, ("score", 0, "yellow-score-1"))


def test_x5_score_most_gains_3_and_fewest_loses_2():
    game = _x5()
    assert game.state.first == 0  # the Planner takes the marker at once
    game.apply("score_option:colonies_factories")
    assert [p.vp for p in game.state.players] == [27, 21, 15]


def test_x5_tie_everyone_is_most_and_fewest():
    game = _x5()
    game.apply("score_option:identical_resources")  # nobody can discard: nobody is called
    assert [p.vp for p in game.state.players] == [21, 19, 16]


def test_x6_reaching_42_draft_and_end_of_round():
    game = table(["red", "blue", "yellow", "green"])
    s = game.state
    for seat, vp in enumerate((38, 29, 33, 25)):
        s.players[seat].vp = vp
    for seat in range(4):
        planet(game, f"sun.{seat + 1}", "energy", owner=seat, factory=1)
    planet(game, "aries.1", "alien", owner=0, starship=1)
    planet(game, "aries.2", "alien", owner=0, colony=1)
    planet(game, "taurus.1", "alien", owner=1, starship=1)
    planet(game, "gemini.1", "alien", owner=3, terraformer=1)
    red, blue = s.players[0], s.players[1]
    red.hand.remove("red-score-2")
    for c in ("red-score-1", "red-score-3", "red-score-4"):
        red.hand.remove(c)
        red.score_discard.append(c)
    blue.hand.remove("blue-score-2")
    i3, i8 = s.slots.index(3), s.slots.index(8)
    s.board[i3], s.board[i8] = (0, "red-score-2"), (1, "blue-score-2")
    s.artifact_deck = ["stargate", "replicator", "nanoforge", "gaia-seed", "chronometer"]
    hand(game, 2, water=10, food=3)
    resolve(game, ("slot", i3), ("slot", i8), ("end_of_round",))
    game.apply("score_option:alien_planets")
    assert [p.vp for p in s.players] == [45, 31, 31, 27]
    # the draft: green (27), then blue before yellow (tied, blue first clockwise from red)
    assert game.pending.kind == "draft_keep" and game.pending.player == 3
    assert len(ids(game)) == 4
    game.apply("draft_keep:stargate")
    assert game.pending.player == 1 and len(ids(game)) == 3
    game.apply("draft_keep:replicator")
    assert game.pending.player == 2 and len(ids(game)) == 2
    game.apply("draft_keep:nanoforge")
    assert red.artifacts == ["gaia-seed"] and s.artifact_deck == ["chronometer"]
    assert s.reached_42
    assert game.pending.kind == "score_option" and game.pending.player == 1
    game.apply("score_option:starships")
    assert s.first == 1
    for _ in range(3):  # yellow holds 13 cards: E1 three times
        assert game.pending.kind == "hand_discard" and game.pending.player == 2
        assert ids(game) == ["hand_discard:water", "hand_discard:food"]
        game.apply("hand_discard:water")
    assert s.players[2].res[:2] == [7, 3]
    assert s.first == 1  # the rightmost Score card was blue's
    assert "red-score-2" in red.hand and red.score_discard == []  # all 4 back
    assert blue.score_discard == ["blue-score-2"]
    assert s.round == 2 and game.pending.kind == "place" and game.pending.player == 1


def test_x6_no_second_draft():
    game = table(["red", "blue", "yellow"])
    s = game.state
    s.reached_42 = True
    s.players[0].vp = 50
    s.artifact_deck = ["stargate", "replicator", "nanoforge"]
    resolve(game, ("check_42",))
    assert s.artifact_deck == ["stargate", "replicator", "nanoforge"]
    assert all(p.artifacts == [] for p in s.players)

