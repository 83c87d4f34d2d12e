"""A test per ruling of docs/odyssey-rulings.md (OR1-OR33) that changes an outcome, named
``test_orNN_<what>``, each with the ruling's exact values: it fails if the ruling were not
applied. The Alien Artifact use (OR7, OR32), solo (OR4, OR18, OR31's Mission check, OR33's
solo part) and team play (OR14, OR30) have their tests beside their rules. The rulings that
change no outcome are listed, with why, in docs/odyssey-rulings.md ("Tests")."""

from __future__ import annotations

from artemis.games.odyssey.state import STARSHIP
from artemis.kernel.game import Game

from .positions import hand, ids, planet, resolve, table

W, F, E, X, Y, Z = range(6)


def _homes(game, kinds=("energy", "food", "water", "xanthium", "yoyodium")) -> None:
    """Each player's starting Factory on a Sun planet (``sun.<seat + 1>``)."""
    for seat in range(game.state.n):
        planet(game, f"sun.{seat + 1}", kinds[seat], owner=seat, factory=1)


def _answer(game, *answers: str) -> None:
    for a in answers:
        game.apply(a)


# -- The Action phase ---------------------------------------------------------------------------


def test_or01_build_the_planner_builds_first_then_calls_and_stop_ends_its_part():
    game = table(["blue", "red", "yellow"])
    _homes(game)
    planet(game, "aries.1", "energy", owner=0, starship=1)
    planet(game, "taurus.1", "energy", owner=1, starship=1)
    planet(game, "gemini.1", "energy", owner=2, starship=1)
    for seat in range(3):
        hand(game, seat, water=2, food=2, xanthium=2)  # two Colonies' worth each
    resolve(game, ("build", 0, "blue-build"))
    assert game.pending.player == 0 and game.pending.kind == "build"
    game.apply("build:stop")  # declining ends the Planner's part: no second build
    assert game.pending.kind == "build_call" and ids(game) == ["build_call:1", "build_call:2"]
    game.apply("build_call:2")
    assert game.pending.player == 2 and game.pending.kind == "build"
    game.apply("build:colony:gemini.1:water+food+xanthium")
    assert game.pending.player == 1 and game.pending.kind == "build"  # the last: not asked
    game.apply("build:colony:taurus.1:water+food+xanthium")
    assert game.pending is None
    assert game.state.players[0].res == [2, 2, 0, 2, 0, 0]


def test_or01_score_the_marker_moves_before_the_option_and_the_planner_may_be_called():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    game.state.first = 2
    hand(game, 0, water=3)
    hand(game, 1, food=2)
    resolve(game, ("score", 0, "red-score-3"))
    assert game.state.first == 0 and game.pending.kind == "score_option"
    game.apply("score_option:identical_resources")
    assert ids(game) == ["score_call:0", "score_call:1"]  # yellow holds no pair: not called


def test_or02_decline_only_before_the_peek_and_the_starship_must_change_planet():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    planet(game, "leo.1", "water", owner=0, starship=1)
    planet(game, "leo.2", "energy", up=False)
    resolve(game, ("travel_turn", 0, "leo", False))
    assert ids(game) == ["travel_go:go", "travel_go:decline"]
    assert game.state.known[0] == set()  # no peek yet
    game.apply("travel_go:go")
    # committed: the peek is automatic, then the one move (the same system allowed, never
    # onto its own planet) is answered at once
    kinds = [e["type"] for e in game.log]
    assert kinds.index("peek") < kinds.index("travelled")
    assert game.state.planet("leo.2").pieces[STARSHIP] == 1
    assert game.state.planet("leo.1").owner == -1


def test_or03_a_peek_is_seen_by_the_peeker_only_and_hands_are_public():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    planet(game, "leo.2", "energy", up=False)
    hand(game, 1, water=2)
    game.state.players[2].artifacts = ["replicator"]
    game.state.known[0].add("leo.2")
    mine, theirs = game.view(0), game.view(1)
    row = {p["id"]: p for p in mine["planets"]}["leo.2"]
    assert row["type"] == "energy"
    assert {p["id"]: p for p in theirs["planets"]}["leo.2"]["type"] is None
    assert mine["players"][1]["resources"]["water"] == 2  # Resource hands are public
    assert mine["players"][2]["artifacts_held"] == 1 and "artifacts" not in mine["players"][2]
    assert game.view(2)["players"][2]["artifacts"] == ["replicator"]


def _two_players(deck=("golden-age", "solar-wind", "deep-survey")):
    game = table(["red", "blue"])
    _homes(game, ("energy", "zozodium"))
    game.state.first = 0
    game.state.singularity_deck = list(deck)
    return game


def test_or05_landing_on_an_alien_planet_peeks_at_the_current_or_the_next_card():
    game = _two_players()
    planet(game, "leo.1", "water", owner=0, starship=1)
    planet(game, "leo.2", "alien", up=True)
    resolve(game, ("travel_turn", 0, "leo", False))
    game.apply("travel_go:go")  # the one move: leo.1>leo.2, a discovered Alien planet
    assert ids(game) == ["singularity_peek:current", "singularity_peek:next"]
    game.apply("singularity_peek:next")
    assert game.state.sing_known == [{"solar-wind"}, set()]


def test_or05_after_the_singularity_slot_only_the_next_card_and_an_empty_deck_does_nothing():
    game = _two_players(("solar-wind",))
    planet(game, "aries.1", "energy", owner=0, starship=2)
    resolve(game, ("singularity",))
    assert game.state.players[0].res[E] == 2  # Solar Wind: 1 Energy per Starship
    assert game.state.singularity_deck == [] and game.state.singularity_resolved
    # the deck is empty from now on: the slot does nothing, a peek shows nothing
    resolve(game, ("singularity",))
    assert game.log[-1]["type"] == "singularity_empty"
    planet(game, "leo.2", "alien", up=True)
    resolve(game, ("travel_turn", 0, "leo", False))
    game.apply("travel_go:go")
    assert game.pending is None and game.state.sing_known == [set(), set()]


def test_or05_two_players_play_on_after_the_deck_runs_out():
    game = _two_players(())
    game.state.round = 13
    resolve(game, ("round_over",))
    assert not game.is_over and game.state.round == 14  # no end with the deck
    assert game.pending.kind == "place"


def test_or06_a_trade_never_returns_to_a_position_seen_and_a_refusal_blocks_that_player():
    game = table(["red", "yellow", "blue"])
    _homes(game)
    hand(game, 0, water=1)
    hand(game, 1, food=1)
    resolve(game, ("trade", 0, "red-trade"))
    _answer(game, "trade:offer:1", "offer_edit:give:water", "offer_edit:get:food",
            "offer_edit:send", "offer_reply:accept")
    assert game.state.players[0].res[F] == 1 and game.state.players[1].res[W] == 1
    # the swap back would return to the opening position: it may not be sent
    _answer(game, "trade:offer:1", "offer_edit:give:food", "offer_edit:get:water")
    # no send: withdraw was the one answer, given at once; yellow is blocked until a trade
    assert game.pending.kind == "trade" and game.log[-1]["type"] == "offer_withdrawn"
    assert "trade:offer:1" not in ids(game)
    game.apply("trade:bank:food:energy")  # k = 1: any 1 card for 1, never the same type
    assert "trade:offer:1" in ids(game)


def test_or06_the_kth_bank_trade_costs_k_identical_cards_and_the_offer_cap_is_a_variant():
    game = table(["red", "yellow", "blue"])
    _homes(game)
    hand(game, 0, water=6)
    hand(game, 1, food=1)
    game.param_defaults["trade_offer_limit"] = 0  # what the variant with offers: 0 sets
    resolve(game, ("trade", 0, "red-trade"))
    assert not any(i.startswith("trade:offer") for i in ids(game))
    assert "trade:bank:water:water" not in ids(game)
    _answer(game, "trade:bank:water:food", "trade:bank:water:energy")
    assert game.state.players[0].res == [3, 1, 1, 0, 0, 0]  # 1, then 2 cards
    game.apply("trade:bank:water:xanthium")  # the third costs 3
    assert game.state.players[0].res == [0, 1, 1, 1, 0, 0]
    # no 4 identical cards, no offer: done was the one answer
    assert game.pending is None and game.state.trade is None


def test_or06_the_offer_cap_is_the_trade_offer_limit_variant_and_off_by_default():
    def limit(variants):
        game = Game.new({"game": "odyssey", "players": 3, "seed": 2, "variants": variants})
        return game.param_defaults.get("trade_offer_limit",
                                       game.registry.parameters["trade_offer_limit"].default)

    assert limit({}) == -1  # no cap: the rulebook
    assert limit({"trade_offer_limit": {}}) == 3
    assert limit({"trade_offer_limit": {"offers": 0}}) == 0


def test_or08_the_draft_follows_the_step_at_once_and_a_short_deck_leaves_the_last_without():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    s = game.state
    for seat, vp in enumerate((41, 20, 30)):
        s.players[seat].vp = vp
    s.artifact_deck = ["stargate", "replicator"]
    planet(game, "aries.1", "water", owner=0, starship=1, colony=1)
    hand(game, 0, water=2, food=2)
    resolve(game, ("build", 0, "red-build"))
    game.apply("build:terraformer:aries.1:water+water+food+food")  # 41 + 3 = 44
    # the draft comes before the Planner's second build: blue (20), yellow (30), red
    assert game.pending.kind == "draft_keep" and game.pending.player == 1
    game.apply("draft_keep:replicator")
    assert s.players[2].artifacts == ["stargate"] and s.players[0].artifacts == []
    assert s.reached_42 and s.artifact_deck == []


def test_or09_identical_resources_caps_the_vp_at_9_not_the_cards():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    hand(game, 0, water=11)
    resolve(game, ("score", 0, "red-score-3"))
    game.apply("score_option:identical_resources")
    assert "discard_identical:water:11" in ids(game)
    game.apply("discard_identical:water:11")
    assert game.state.players[0].res[W] == 0
    assert [p.vp for p in game.state.players] == [7 + 9 + 3, 7 - 2, 7 - 2]


def test_or09_different_resources_one_card_per_type():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    hand(game, 0, water=3, food=1)
    resolve(game, ("score", 0, "red-score-4"))
    game.apply("score_option:different_resources")
    assert ids(game) == ["discard_different:water+food", "discard_different:pass"]


def test_or10_discovery_gives_what_the_supply_holds_and_a_return_trip_gives_nothing():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    planet(game, "aries.1", "water", owner=0, starship=1)
    planet(game, "leo.1", "energy", up=False)
    planet(game, "leo.2", "alien", up=False)
    planet(game, "leo.3", "food", up=True)
    s = game.state
    s.bank[E] = 0
    resolve(game, ("travel_turn", 0, "leo", False))
    _answer(game, "travel_go:go", "travel_move:aries.1>leo.1")
    assert s.planet("leo.1").up and s.players[0].res[E] == 0  # the bank had none
    resolve(game, ("travel_turn", 0, "leo", False))
    _answer(game, "travel_go:go", "travel_move:leo.1>leo.2")
    assert s.planet("leo.2").up and s.players[0].artifacts == []  # an empty deck: nothing
    resolve(game, ("travel_turn", 0, "leo", False))
    _answer(game, "travel_go:go", "travel_move:leo.2>leo.3")
    assert s.players[0].res[F] == 0  # face up already: no discovery


def test_or11_terraformers_share_a_planet_unless_the_variant_limits_them():
    from artemis.games.odyssey.rules.build import builds

    game = table(["red", "blue", "yellow"])
    _homes(game)
    planet(game, "aries.1", "water", owner=0, starship=1, terraformer=1)
    hand(game, 0, water=2, food=2)
    assert [b[:2] for b in builds(game, 0)] == [("terraformer", "aries.1")]
    game.param_defaults["one_terraformer_per_planet"] = 1  # what the variant sets
    assert builds(game, 0) == []


def test_or12_concentration_counts_the_starting_system():
    game = table(["red", "blue", "yellow"])
    planet(game, "sun.1", "energy", owner=0, factory=1, starship=1, colony=0)
    planet(game, "sun.2", "food", owner=1, factory=1)
    planet(game, "sun.3", "water", owner=2, factory=1)
    planet(game, "aries.1", "water", owner=0, colony=1)
    resolve(game, ("score", 0, "red-score-2"))
    game.apply("score_option:concentration")
    # red: 2 Assets on the Sun (4 VP) beat 1 in Aries; blue and yellow 1 each (2 VP)
    assert [p.vp for p in game.state.players] == [7 + 4 + 3, 7 + 2 - 2, 7 + 2 - 2]


def test_or13_no_travel_enters_the_starting_system_and_others_planets_are_closed():
    from artemis.games.odyssey.rules.galaxy import can_travel, moves

    game = table(["red", "blue", "yellow"])
    _homes(game)
    planet(game, "sun.4", "zozodium")  # a free face-up planet in the Starting system
    planet(game, "aries.1", "water", owner=0, starship=1)
    planet(game, "leo.1", "food", owner=1, colony=1)
    planet(game, "leo.2", "energy")
    s = game.state
    assert not can_travel(s, 0, "sun")
    assert [(a.id, b.id) for a, b in moves(s, 0, "leo")] == [("aries.1", "leo.2")]
    resolve(game, ("effect", 0, game.catalog.by_id["wormhole"].effect, 0, ("test",)))
    assert "travel_system:sun" not in ids(game)


def test_or15_reachable_only_leaves_out_the_star_neither_colour_reaches():
    def galaxy(colours, variant=None):
        game = Game.new({"game": "odyssey", "players": 2, "seed": 5,
                         "options": {"colours": colours},
                         "variants": {variant: {}} if variant else {}})
        return {p.system for p in game.state.planets}, len(game.state.planets)

    stars, n = galaxy(["blue", "yellow"], "reachable_only")
    assert "libra" not in stars and len(stars) == 8 and n == 40  # the Sun and 7 stars
    assert "libra" in galaxy(["blue", "yellow"])[0]
    assert galaxy(["red", "blue"], "reachable_only") == galaxy(["red", "blue"])
    assert [p.colour for p in Game.new({"game": "odyssey", "players": 2,
                                        "seed": 1}).state.players] == ["red", "blue"]


def test_or16_the_last_planet_ends_the_game_at_the_end_of_the_round():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    s = game.state
    s.planets = [p for p in s.planets if p.up]
    planet(game, "aries.1", "water", owner=0, starship=1)
    planet(game, "leo.1", "energy", up=False)
    resolve(game, ("travel_turn", 0, "leo", False))
    game.apply("travel_go:go")
    assert s.end == "last_planet" and not game.is_over  # marked, the round goes on
    resolve(game, ("round_over",))
    assert game.is_over and game.result["end_reason"] == "last_planet"


def test_or16_every_tied_leader_wins():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    for seat, vp in enumerate((80, 80, 30)):
        game.state.players[seat].vp = vp
    game.state.end = "77_vp"
    resolve(game, ("round_over",))
    assert game.result["winners"] == [0, 1]


def test_or17_the_rightmost_score_card_played_takes_the_marker_even_cancelled():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    s = game.state
    s.first = 2
    i3, i8 = s.slots.index(3), s.slots.index(8)
    s.board[i3], s.board[i8] = (0, "red-score-1"), (1, "blue-score-1")
    s.cancelled = True  # an Amnesia Beam cancelled blue's card: no marker when revealed
    resolve(game, ("score", 1, "blue-score-1"))
    assert s.first == 2
    resolve(game, ("round_over",))
    assert s.first == 1  # but it is the rightmost Score card played this round


def test_or17_no_score_card_leaves_the_marker():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    s = game.state
    s.first = 2
    s.board[0] = (0, "red-trade")
    resolve(game, ("round_over",))
    assert s.first == 2


def test_or19_travel_and_build_are_optional_for_the_planner_score_is_not():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    planet(game, "aries.1", "water", owner=0, starship=1)
    planet(game, "leo.1", "energy", up=False)
    hand(game, 0, water=1, food=1, xanthium=1)
    resolve(game, ("travel_turn", 0, "leo", False))
    assert "travel_go:decline" in ids(game)
    game.apply("travel_go:decline")
    resolve(game, ("build", 0, "red-build"))
    assert ids(game)[-1] == "build:stop"
    resolve(game, ("score", 0, "red-score-1"))
    game.apply("score_option:starships")
    # everyone scores; the fewest (blue and yellow, 0 Starships) lose 2 whatever they want
    assert [p.vp for p in game.state.players] == [7 + 2 + 3, 5, 5]


def test_or20_the_planner_chooses_even_when_nobody_gains():
    game = table(["red", "blue", "yellow"])
    _homes(game, ("energy", "energy", "energy"))
    resolve(game, ("produce", 0, "red-produce-2"))  # Xanthium or Zozodium: nobody has one
    assert game.pending.player == 0 and ids(game) == ["produce_type:xanthium",
                                                      "produce_type:zozodium"]


def test_or21_a_gain_takes_what_the_bank_holds_and_no_piece_means_no_build():
    from artemis.games.odyssey.rules.build import builds

    game = table(["red", "blue", "yellow"])
    _homes(game, ("energy", "food", "zozodium"))
    s = game.state
    planet(game, "aries.1", "water", owner=0, factory=1)
    s.bank[W] = 1
    resolve(game, ("produce", 0, "red-produce-3"))
    game.apply("produce_type:water")
    assert s.players[0].res[W] == 1 and s.bank[W] == 0  # 2 owed, 1 paid
    hand(game, 0, energy=1, xanthium=1, yoyodium=1, zozodium=1)
    assert [b[0] for b in builds(game, 0)] == ["starship", "starship"]
    s.players[0].supply[STARSHIP] = 0
    assert builds(game, 0) == []


def test_or22_a_card_must_be_placed_and_the_singularity_slot_takes_none():
    game = Game.new({"game": "odyssey", "players": 2, "seed": 1})
    s = game.state
    assert s.singularity_slot == 5 and 5 in s.slots
    slots = sorted({int(i.rsplit(":", 1)[1]) for i in ids(game)})
    assert slots == [1, 2, 3, 6, 7, 8]  # every empty slot in use but the Singularity's
    assert all(i.startswith("place:") for i in ids(game))  # no pass


def test_or23_the_hand_limit_waits_for_the_end_of_the_round_one_card_at_a_time():
    game = table(["red", "blue", "yellow"])
    _homes(game, ("energy", "food", "zozodium"))
    planet(game, "aries.1", "water", owner=0, factory=1)
    hand(game, 0, water=10, food=1)
    resolve(game, ("produce", 0, "red-produce-3"))
    game.apply("produce_type:water")
    assert game.state.players[0].res[W] == 12 and game.pending is None  # 13 in the round
    game.state.players[0].artifacts = ["replicator"]  # Artifacts do not count
    resolve(game, ("end_of_round",))
    asked = 0
    while game.pending and game.pending.kind == "hand_discard":
        assert game.pending.player == 0
        game.apply("hand_discard:water")
        asked += 1
    assert asked == 3 and game.state.players[0].res[:2] == [9, 1]


def test_or24_the_galaxy_of_a_seed_does_not_depend_on_the_other_streams():
    from artemis.games.odyssey.rules.setup import deal_galaxy
    from artemis.kernel.streams import stream

    game = table(["red", "blue", "yellow"])
    names = ("galaxy", "artifacts", "singularity", "setup", "team_deal")
    assert game.ruleset.streams == names
    first = {name: stream(9, name) for name in names}
    second = {name: stream(9, name) for name in names}
    second["artifacts"].shuffle(list(range(17)))  # other draws first
    second["setup"].randrange(3)
    a = deal_galaxy(game.catalog, 3, first["galaxy"])
    b = deal_galaxy(game.catalog, 3, second["galaxy"])
    assert deal_galaxy(game.catalog, 3, stream(10, "galaxy")) != a  # the seed does count
    played = Game.new({"game": "odyssey", "players": 3, "seed": 9}).state.planets
    assert [(p.id, p.type) for p in played] == [(p.id, p.type) for p in a]
    assert [(p.id, p.type) for p in a] == [(p.id, p.type) for p in b]


def test_or25_default_colours_and_turns_clockwise_by_seat():
    game = Game.new({"game": "odyssey", "players": 4, "seed": 2})
    s = game.state
    assert [p.colour for p in s.players] == ["red", "blue", "yellow", "green"]
    turns = []
    for _ in range(5):
        turns.append(game.pending.player)
        game.apply(ids(game)[0])
    assert turns == [(s.first + i) % 4 for i in range(5)]


def test_or26_setup_gives_one_card_of_each_type_and_the_start_is_no_discovery():
    game = Game.new({"game": "odyssey", "players": 3, "seed": 4})
    s = game.state
    assert [p.res for p in s.players] == [[1] * 6] * 3
    assert s.bank == [22] * 6
    assert [p.supply for p in s.players] == [[4, 3, 3, 4]] * 3  # Colony, Factory, Starship, TF
    sun = [p for p in s.planets if p.system == "sun"]
    assert len(sun) == 3 and all(p.up and p.pieces == [0, 1, 1, 0] for p in sun)
    assert not any(e["type"] in ("discovered", "gain") for e in game.log)


def test_or27_the_end_is_latched_at_77_even_after_falling_back():
    from artemis.games.odyssey.rules.track import move

    game = table(["red", "blue", "yellow"])
    _homes(game)
    s = game.state
    s.players[0].vp = 75
    move(game, 0, 2, "test")
    move(game, 0, -2, "test")
    assert s.players[0].vp == 75 and s.end == "77_vp"
    resolve(game, ("round_over",))
    assert game.is_over and game.result["end_reason"] == "77_vp"


def test_or28_the_round_limit_ends_a_game_nothing_else_ends():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    game.config.options["max_rounds"] = 3
    game.state.round = 2
    resolve(game, ("round_over",))
    assert not game.is_over
    game.tasks = []
    game.state.round = 3
    resolve(game, ("round_over",))
    assert game.is_over and game.result["end_reason"] == "round_limit"


def test_or29_the_planner_may_call_a_player_who_cannot_travel_and_the_calls_end_early():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    planet(game, "aries.1", "water", owner=0, starship=1)
    planet(game, "taurus.1", "water", owner=1, starship=1)
    # yellow has only the Sun planet's Factory: no Starship, cannot travel
    planet(game, "leo.1", "energy", up=False)
    planet(game, "leo.2", "food", up=False)
    resolve(game, ("travel", 0, "red-travel-2"))
    _answer(game, "travel_system:leo", "travel_go:go", "travel_move:aries.1>leo.1")
    assert ids(game) == ["travel_call:1", "travel_call:2"]
    assert [a.label for a in game.legal_actions()] == ["call Blue to travel",
                                                       "call Yellow to travel"]
    game.apply("travel_call:2")  # yellow passes; blue is then called without a question
    assert game.pending.player == 1 and game.pending.kind == "travel_go"
    _answer(game, "travel_go:go")
    assert game.state.planet("leo.2").owner == 1 and game.pending is None


def test_or29_travel_calls_end_once_no_uncalled_player_can_travel():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    planet(game, "aries.1", "water", owner=0, starship=1)
    planet(game, "taurus.1", "water", owner=1, starship=1)
    planet(game, "gemini.1", "water", owner=2, starship=1)
    planet(game, "leo.1", "energy", up=False)
    resolve(game, ("travel", 0, "red-travel-2"))
    _answer(game, "travel_system:leo", "travel_go:go")  # the one move: aries.1>leo.1
    assert game.state.planet("leo.1").owner == 0
    assert game.pending is None  # Leo is full: nobody is called


def test_or31_the_hand_limit_goes_clockwise_from_the_marker_holder():
    game = table(["red", "blue", "yellow"])
    _homes(game)
    game.state.first = 2
    hand(game, 0, water=10, food=1)
    hand(game, 2, water=1, food=10)
    resolve(game, ("end_of_round",))
    assert game.pending.player == 2
    game.apply("hand_discard:food")
    assert game.pending.player == 0


def test_or33_the_first_player_resolves_the_whole_card_then_the_other():
    game = _two_players(("stellar-nursery",))
    game.state.first = 1
    planet(game, "aries.1", "water", owner=0, colony=1)
    planet(game, "taurus.1", "food", owner=1, factory=1)
    resolve(game, ("singularity",))
    assert game.pending.player == 1 and game.pending.kind == "choose"
    game.apply(ids(game)[1])  # food
    assert game.state.players[1].res[F] == 2
    assert game.pending.player == 0
    game.apply(ids(game)[0])  # water
    assert game.state.players[0].res[W] == 1


def test_or33_singularity_scoring_has_no_tally_no_bonus_and_no_marker():
    game = _two_players(("golden-age",))
    game.state.first = 1
    planet(game, "aries.1", "water", owner=0, colony=2)
    resolve(game, ("singularity",))
    # red: 2 Colonies + a Factory = 4 VP, blue: a Factory = 2 VP; no +3, no -2
    assert [p.vp for p in game.state.players] == [11, 9]
    assert game.state.first == 1 and game.state.tally is None


def test_or33_reaching_42_is_checked_after_the_whole_card():
    game = _two_players(("construction-boom",))
    s = game.state
    s.players[0].vp, s.players[1].vp = 41, 10
    s.artifact_deck = ["stargate", "replicator"]
    planet(game, "aries.1", "water", owner=0, starship=1)
    planet(game, "taurus.1", "water", owner=1, starship=1)
    hand(game, 0, water=2, food=2)
    hand(game, 1, water=2, food=2)
    resolve(game, ("singularity",))
    game.apply("build:terraformer:aries.1:water+water+food+food")  # red 44
    assert game.pending.player == 1 and game.pending.kind == "build"  # no draft yet
    game.apply("build:terraformer:taurus.1:water+water+food+food")
    assert game.pending.kind == "draft_keep" and game.pending.player == 1
