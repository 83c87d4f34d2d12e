"""The solo game of The Artemis Odyssey (rulebook, Solo Rules; docs/odyssey-rulings.md OR4,
OR5, OR16, OR18, OR28, OR31, OR33): its setup, the 13 rounds, each Mission goal's quantity on
a position built by hand, the Mission won or lost, the config option ``mission``, and seeded
games of random and greedy bots that finish."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from typer.testing import CliRunner

from artemis.games.odyssey.rules.mission import check, goal_line, mission_lines
from artemis.games.odyssey.rules.setup import travel_stars
from artemis.kernel.game import ConfigError, Game, OptionError

from .positions import hand, ids, planet, resolve, table

SOLO_REMOVED = ["amnesia-beam", "black-hole-bomb", "black-hole-grenade", "hypnotic-device"]


def solo(seed: int = 1, **options) -> Game:
    return Game.new({"game": "odyssey", "players": 1, "seed": seed, "options": options})


def play(seed: int, options=None) -> Game:
    game = solo(seed, **(options or {}))
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


# -- setup (Solo Rules, Setup) -------------------------------------------------------------------


def test_solo_setup_counts():
    """Setup 2-7: 28 planets (4 of each type, 4 Alien), one at the Sun with a Factory and a
    Starship, the rest around the six stars of the player's Travel cards; a Resource card of
    each type; 13 Artifacts (the four named ones removed); 13 Singularity cards; a Mission."""
    game = solo(1)
    s, cat = game.state, game.catalog
    assert len(s.planets) == 28
    assert Counter(p.type for p in s.planets) == {t: 4 for t in (
        "water", "food", "energy", "xanthium", "yoyodium", "zozodium", "alien")}
    sun = [p for p in s.planets if p.system == "sun"]
    assert [(p.id, p.up, p.owner, p.pieces) for p in sun] == [("sun.1", True, 0, [0, 1, 1, 0])]
    stars = {p.system for p in s.planets} - {"sun"}
    assert stars == travel_stars(cat, "red") == {"cancer", "gemini", "leo", "libra",
                                                 "scorpio", "virgo"}
    assert all(3 <= sum(p.system == x for p in s.planets) <= 7 for x in stars)
    assert not any(p.up for p in s.planets if p.system != "sun")
    assert s.players[0].res == [1] * 6 and s.bank == [24] * 6
    assert len(s.artifact_deck) == 13
    assert sorted(set(a.id for a in cat.artifacts) - set(s.artifact_deck)) == SOLO_REMOVED
    assert sorted(s.singularity_deck) == sorted(c.id for c in cat.singularity_cards)
    assert len(s.singularity_deck) == 13
    assert s.slots == (1, 3, 5, 7) and s.singularity_slot == 5
    assert s.mission in {m.id for m in cat.missions}


def test_solo_galaxy_is_the_colours_own_stars():
    """Solo Rules, Setup 2: "the six Stars that appear on your Travel Action cards"."""
    game = solo(2, colours=["blue"])
    assert {p.system for p in game.state.planets} - {"sun"} == travel_stars(game.catalog,
                                                                             "blue")


def test_or18_the_starting_planet_is_one_random_planet_of_all_28():
    """OR18: the rulebook's "one random planet" wins over the reconstruction's production
    planets only: seed 4 starts on an Alien planet, and over 70 seeds every type starts."""
    assert solo(4).state.planets[0].type == "alien"
    starts = Counter(solo(seed).state.planets[0].type for seed in range(70))
    assert set(starts) == {"water", "food", "energy", "xanthium", "yoyodium", "zozodium",
                           "alien"}


def test_setup_at_two_to_five_players_is_unchanged_by_solo():
    """The solo galaxy has its own branch: 3 players still deal 40 planets over 8 stars and
    keep all 17 Artifacts and no Mission."""
    game = Game.new({"game": "odyssey", "players": 3, "seed": 1})
    s = game.state
    assert len(s.planets) == 40 and len({p.system for p in s.planets}) == 9
    assert len(s.artifact_deck) == 17 and s.mission is None and s.singularity_deck == []


# -- the option mission (Solo Rules, Setup 6) --------------------------------------------------


def test_the_mission_option_names_the_mission_and_every_view_shows_it():
    game = solo(1, mission="gaia-architect")
    assert game.state.mission == "gaia-architect"
    assert game.view(0)["mission"] == game.view(None)["mission"] == "gaia-architect"
    assert "mission" not in Game.new({"game": "odyssey", "players": 2, "seed": 1}).view(0)


def test_a_random_mission_is_drawn_with_the_setup_stream():
    """OR24: absent or ``random``, the Mission comes from the seed (the same seed, the same
    Mission), and the galaxy of a seed does not depend on it."""
    assert solo(1).state.mission == solo(1, mission="random").state.mission
    drawn = {solo(seed).state.mission for seed in range(30)}
    assert len(drawn) == 5
    a, b = solo(3).state, solo(3, mission="xenologist").state
    assert [(p.id, p.type) for p in a.planets] == [(p.id, p.type) for p in b.planets]


def test_an_unknown_mission_is_a_config_error_naming_the_valid_ids():
    with pytest.raises(OptionError) as err:
        solo(1, mission="trailblazr")
    assert str(err.value) == ("option mission: no Mission 'trailblazr'; the Missions are "
                              "trailblazer, industrial-magnate, xenologist, gaia-architect, "
                              "fleet-admiral (or random)")
    assert err.value.path == ("mission",) and err.value.hint == "did you mean 'trailblazer'?"


def test_a_mission_with_more_than_one_player_is_a_config_error():
    with pytest.raises(ConfigError, match="only a solo game has a Mission, and this one has "
                                          "3 players"):
        Game.new({"game": "odyssey", "players": 3, "seed": 1,
                  "options": {"mission": "trailblazer"}})


def test_the_memory_aid_with_more_than_one_player_is_a_config_error_naming_it():
    # OR4 is a Solo Rule, refused outside solo as the Mission is; off (its default) is fine
    with pytest.raises(ConfigError, match="option memory_aid: only a solo game has the memory "
                                          "aid \\(OR4\\), and this one has 3 players"):
        Game.new({"game": "odyssey", "players": 3, "seed": 1, "options": {"memory_aid": True}})
    game = Game.new({"game": "odyssey", "players": 3, "seed": 1,
                     "options": {"memory_aid": False}})
    assert game.state.n == 3
    from artemis.cli import app

    result = CliRunner().invoke(app, ["play", "--game", "odyssey", "--players", "3",
                                      "--game-option", "memory_aid=true"])
    assert result.exit_code == 2 and "option memory_aid: only a solo game" in result.output


# -- the rounds (Solo Rules, Gameplay Changes and Winning the Game) ------------------------------


def test_13_rounds_of_3_cards_and_a_singularity_card_then_the_end():
    """OR5/OR16: three Action cards a round into slots 1, 3 and 7, the Singularity card on
    slot 5 every round; the game ends after round 13, when the deck is empty."""
    game = play(5)
    placed = Counter(e["round"] for e in _with_round(game.log) if e["type"] == "placed")
    assert placed == {r: 3 for r in range(1, 14)}
    assert {e["slot"] for e in game.log if e["type"] == "placed"} == {1, 3, 7}
    assert sum(e["type"] == "singularity" for e in game.log) == 13
    result = game.result
    assert result["rounds"] == 13 and result["end_reason"] == "singularity_exhausted"
    assert game.state.singularity_deck == []


def _with_round(log):
    rnd = 0
    for e in log:
        if e["type"] == "round":
            rnd = e["round"]
        yield {**e, "round": rnd}


def test_or16_reaching_77_does_not_end_a_solo_game():
    """OR16: solo ends only after round 13; a marker at 77 latches nothing."""
    from artemis.games.odyssey.rules.track import move

    game = solo(1)
    move(game, 0, 80, "test")
    assert game.state.end is None
    resolve(game, ("round_over",))
    assert not game.is_over and game.state.round == 2


def test_or16_the_last_planet_discovered_does_not_end_a_solo_game():
    game = solo(1)
    for p in game.state.planets:
        p.up = True
    resolve(game, ("round_over",))
    assert not game.is_over and game.state.round == 2


def test_or28_the_round_limit_is_ignored_in_solo():
    game = play(6, {"max_rounds": 2})
    assert game.result["rounds"] == 13


def test_or17_solo_has_no_first_player_marker_to_move():
    """OR17: the one seat stays First player whatever Score cards it plays."""
    game = play(7)
    assert {e["first"] for e in game.log if e["type"] == "round"} == {0}


# -- rulings ------------------------------------------------------------------------------------


def test_or04_memory_aid_shows_earlier_peeks_only_when_set():
    """OR4: a human seat relies on memory for earlier peeks; ``memory_aid`` shows them."""
    for aid, shown in ((False, False), (True, True)):
        game = solo(1, memory_aid=aid)
        s = game.state
        s.known[0].add("leo.1")
        summary = game.ruleset.words.seat_summary(game, 0)
        kind = s.planet("leo.1").type.capitalize()
        assert (f"; peeked at: leo.1 {kind}" in summary) is shown, summary


def test_or05_a_solo_landing_on_an_alien_planet_peeks_at_the_singularity_card():
    game = table(["red"])
    s = game.state
    planet(game, "sun.1", "energy", owner=0, factory=1, starship=1)
    planet(game, "cancer.1", "alien", up=False)
    planet(game, "cancer.2", "water", up=False)
    s.singularity_deck = ["deep-survey", "time-warp", "solar-wind"]
    resolve(game, ("travel_turn", 0, "cancer", False))
    game.apply("travel_go:go")
    game.apply("travel_move:sun.1>cancer.1")
    assert ids(game) == ["singularity_peek:current", "singularity_peek:next"]
    game.apply("singularity_peek:next")
    assert s.sing_known[0] == {"time-warp"}


def test_or31_the_mission_is_checked_after_the_hand_limit_of_round_13():
    """OR31: round 13's End of the Round (the hand limit first), then the Mission: 12 cards
    are cut to 10 before `held` is read."""
    game = table(["red"])
    s = game.state
    s.mission = "industrial-magnate"
    s.round, s.singularity_deck = 13, []
    planet(game, "sun.1", "energy", owner=0, factory=1, starship=1)
    hand(game, 0, water=3, food=2, energy=2, xanthium=2, yoyodium=2, zozodium=1)
    resolve(game, ("end_of_round",))
    game.apply("hand_discard:water")
    game.apply("hand_discard:food")
    assert game.is_over
    goals = {g["quantity"]: g for g in game.result["mission"]["goals"]}
    assert goals["held"]["value"] == 10 and goals["held"]["met"]
    assert goals["distinct_types_held"]["value"] == 6
    types = [e["type"] for e in game.log]
    assert types[-3:] == ["round_end", "mission", "game_end"]


def test_or33_the_solo_player_takes_the_singularity_card_at_once():
    """OR33: Deep Survey scores the Systems option for the one player, the marker moving at
    once (no tally); the card leaves the game."""
    game = table(["red"])
    s = game.state
    planet(game, "sun.1", "energy", owner=0, factory=1)
    planet(game, "leo.1", "water", owner=0, starship=1)
    planet(game, "virgo.2", "food", owner=0, colony=1, starship=1)
    s.singularity_deck = ["deep-survey", "time-warp"]
    s.players[0].vp = 20
    resolve(game, ("singularity",))
    assert s.players[0].vp == 23 and s.tally is None
    assert s.singularity_deck == ["time-warp"]


def test_or08_reaching_42_in_solo_draws_one_card():
    game = table(["red"])
    s = game.state
    s.artifact_deck = ["replicator", "stargate", "jump-drive"]
    s.players[0].vp = 42
    resolve(game, ("check_42",))
    assert s.players[0].artifacts == ["replicator"]
    assert s.artifact_deck == ["stargate", "jump-drive"]


# -- the Mission goals (content `missions`, checked by OR31) ------------------------------------


def _position():
    """Red alone: 6 systems, Assets on 2 Alien planets, 10 cards of 4 types, 61 VP, 2
    Artifacts used."""
    game = table(["red"])
    s = game.state
    planet(game, "sun.1", "energy", owner=0, factory=1, starship=1)
    planet(game, "cancer.3", "alien", owner=0, colony=1, starship=1)
    planet(game, "gemini.1", "food", owner=0, starship=1)
    planet(game, "gemini.2", "xanthium", owner=0, factory=1)
    planet(game, "leo.1", "yoyodium", up=False)
    planet(game, "libra.1", "water", owner=0, colony=1, terraformer=2)
    planet(game, "virgo.2", "alien", owner=0, factory=1, terraformer=1)
    hand(game, 0, water=2, food=1, energy=3, zozodium=4)
    s.players[0].vp = 61
    s.players[0].artifacts_used = 2
    return game


@pytest.mark.parametrize("quantity, value", [
    ({"systems_present": {}}, 5),
    ({"planets_discovered": {"outside_start": True}}, 5),
    ({"planets_discovered": {}}, 6),
    ({"score": {}}, 61),
    ({"assets": {"type": "factory"}}, 3),
    ({"assets": {"type": "starship"}}, 3),
    ({"assets": {"type": "terraformer"}}, 3),
    ({"assets": {"type": ["colony", "factory"], "on": "alien"}}, 2),
    ({"assets": {}}, 11),
    ({"factory_resource_types": {}}, 2),  # energy, xanthium: an Alien planet is no type
    ({"held": {}}, 10),
    ({"held": {"item": "zozodium"}}, 4),
    ({"distinct_types_held": {}}, 4),
    ({"alien_planets_present": {}}, 2),
    ({"artifacts_used": {}}, 2),
    ({"terraformers_with_colony_or_factory": {}}, 3),
    ({"starship_star_systems": {}}, 2),  # cancer, gemini: the Sun is no star
], ids=lambda v: str(v) if isinstance(v, int) else "-".join(
    [next(iter(v)), *[str(x) for x in next(iter(v.values())).values()]]))
def test_each_goal_quantity_on_a_built_position(quantity, value):
    game = _position()
    (name, params), = quantity.items()
    assert game.registry.quantities[name].count(game, 0, params) == value


def _mission_game(mission: str):
    game = _position()
    s = game.state
    s.mission, s.round, s.singularity_deck = mission, 13, []
    return game


def _vp_goal(game) -> int:
    mission = game.catalog.by_id[game.state.mission]
    return next(g.at_least for g in mission.goals if g.quantity[0] == "score")


def test_the_mission_won_when_every_goal_is_met():
    """Gaia Architect: a fourth Terraformer (beside the Colony of libra.1) and exactly the
    VP goal; the result says won, each goal's value and the final VP."""
    game = _mission_game("gaia-architect")
    game.state.planet("libra.1").pieces[3] += 1
    game.state.players[0].vp = _vp_goal(game)
    resolve(game, ("round_over",))
    result = game.result
    assert result["won"] is True and result["players"] == [{"seat": 0, "vp": _vp_goal(game)}]
    # Solo Rules, Winning the Game: a Mission won is the one seat among the winners
    assert result["winners"] == [0] and result["winner"] == 0
    assert next(e for e in game.log if e["type"] == "game_end")["winners"] == [0]
    assert result["mission"]["id"] == "gaia-architect"
    assert [(g["quantity"], g["value"], g["met"]) for g in result["mission"]["goals"]] == [
        ("assets", 4, True), ("terraformers_with_colony_or_factory", 4, True),
        ("score", _vp_goal(game), True)]


def test_the_mission_lost_by_one_vp():
    game = _mission_game("gaia-architect")
    game.state.planet("libra.1").pieces[3] += 1
    game.state.players[0].vp = _vp_goal(game) - 1
    resolve(game, ("round_over",))
    assert game.result["won"] is False
    assert [g["met"] for g in game.result["mission"]["goals"]] == [True, True, False]
    # a Mission lost: nobody won, though the seat still heads the ranking
    assert game.result["winners"] == [] and game.result["ranking"] == [0]
    assert game.result["winner"] is None
    assert next(e for e in game.log if e["type"] == "game_end")["winners"] == []


def test_the_mission_lost_on_a_goal_other_than_vp():
    """Fleet Admiral: 2 star systems hold a Starship, 4 are needed."""
    game = _mission_game("fleet-admiral")
    outcome = check(game)
    assert outcome["won"] is False
    assert (outcome["goals"][0]["quantity"], outcome["goals"][0]["value"],
            outcome["goals"][0]["met"]) == ("starship_star_systems", 2, False)


def test_mission_lines_in_words():
    game = _mission_game("fleet-admiral")
    outcome = check(game)
    goal = _vp_goal(game)
    assert mission_lines(outcome) == [
        "Mission Fleet Admiral: lost",
        "  star system holding your Starship: 2 (at least 4): not met",
        "  system where you have an Asset: 5 (at least 6): not met",
        f"  VP: 61 (at least {goal}): " + ("met" if 61 >= goal else "not met"),
    ]
    assert goal_line({"quantity": "held", "params": {}, "at_least": 10, "value": 10,
                      "met": True}) == "Resource card held: 10 (at least 10): met"


def test_a_mission_goal_in_content_is_counted_without_code(tmp_path):
    """A fan pack's Mission needs no code: its goals are quantities of the vocabulary."""
    from artemis.games.odyssey.catalog import Goal, Mission
    from artemis.util.frozen import FrozenMap

    game = _position()
    fan = Mission("collector", "Collector", (Goal(("held", FrozenMap({"item": "energy"})), 3),
                                             Goal(("concentration", FrozenMap()), 4)), "fan-made")
    game.catalog = _with_mission(game.catalog, fan)
    game.state.mission = "collector"
    assert [(g["value"], g["met"]) for g in check(game)["goals"]] == [(3, True), (3, False)]


def _with_mission(catalog, mission):
    from dataclasses import replace

    from artemis.util.frozen import FrozenMap

    return replace(catalog, missions=(*catalog.missions, mission),
                   by_id=FrozenMap({**catalog.by_id, mission.id: mission}))


# -- whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_seeded_random_solo_games_finish(seed):
    game = play(seed)
    result = game.result
    assert result["rounds"] == 13 and isinstance(result["won"], bool)
    assert result["mission"]["id"] == game.state.mission
    s = game.state
    for i in range(6):
        assert s.bank[i] + s.players[0].res[i] == 25
    assert sum(s.players[0].res) <= 10


def test_the_same_seed_plays_the_same_solo_game():
    assert play(3).log == play(3).log


@pytest.mark.parametrize("seed", range(2))
def test_seeded_greedy_solo_games_finish(seed):
    from artemis.kernel.game import GameConfig
    from artemis.players.play import play_game

    game = play_game(GameConfig(players=1, seed=seed, game="odyssey"), ["greedy"])
    assert game.result["rounds"] == 13 and "won" in game.result


@pytest.mark.parametrize(("seed", "won"), [(0, True), (1, False)])  # greedy's Missions
def test_a_played_solo_game_has_a_winner_only_when_its_mission_is_won(seed, won):
    """`artemis play --json` of a whole solo game: the seat is the winner of a Mission won,
    and a Mission lost has none (winner None beside winners [], Solo Rules, Winning the
    Game); the final table says the Mission's outcome, never "Winner"."""
    import json

    from artemis.cli import app

    args = ["play", "--game", "odyssey", "--players", "1", "--seed", str(seed), "--bots",
            "greedy"]
    result = json.loads(CliRunner().invoke(app, [*args, "--json"]).stdout)
    assert (result["won"], result["winner"], result["winners"]) == (
        (True, 0, [0]) if won else (False, None, []))
    for extra in ([], ["--quiet"]):
        shown = CliRunner().invoke(app, args + extra)
        assert shown.exit_code == 0, shown.output
        assert shown.stdout.splitlines()[-1].endswith(": won" if won else ": lost")
        assert "winner" not in shown.stdout.lower()


def test_artemis_play_solo_prints_the_mission_and_its_goals():
    from artemis.cli import app

    result = CliRunner().invoke(app, ["play", "--game", "odyssey", "--players", "1", "--seed",
                                      "3", "--game-option", "mission=trailblazer"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("  Mission Trailblazer: "))
    assert lines[head + 1].startswith("    system where you have an Asset: ")
    assert lines[head + 3].startswith("    VP: ")
    assert lines[-1] in ("Mission Trailblazer: won", "Mission Trailblazer: lost")
    quiet = CliRunner().invoke(app, ["play", "--game", "odyssey", "--players", "1", "--seed",
                                     "3", "--game-option", "mission=trailblazer", "--quiet"])
    assert quiet.stdout.splitlines()[-1] == lines[-1]


def test_artemis_play_solo_with_an_unknown_mission_exits_2():
    from artemis.cli import app

    result = CliRunner().invoke(app, ["play", "--game", "odyssey", "--players", "1",
                                      "--game-option", "mission=nope"])
    assert result.exit_code == 2
    assert "option mission: no Mission 'nope'; the Missions are trailblazer" in result.stderr


# -- the greedy heuristic in solo ----------------------------------------------------------------


def test_the_solo_heuristic_values_a_step_toward_an_open_goal():
    """A Colony in a new system is worth more to Trailblazer (a system more, goal open) than
    the same Colony where Red already is: a step of the goal, less the half step the spare
    Starships' promise loses now that one system fewer is left to claim."""
    from artemis.games.odyssey.solo_heuristic import GOAL_STEP, solo_worth

    def with_colony(where: str) -> float:
        game = _position()
        game.state.mission = "trailblazer"
        planet(game, where, "water", owner=0, colony=1)
        return solo_worth(game, 0)

    assert with_colony("leo.2") - with_colony("gemini.3") >= GOAL_STEP / 2


def test_the_solo_heuristic_looks_through_a_travel_to_its_best_move():
    """Committing to a travel is judged by the best move it leads to, not as a tie with
    declining: going to a new system is worth more here."""
    from artemis.games.odyssey.solo_heuristic import solo_worth

    game = _position()
    game.state.mission = "trailblazer"
    planet(game, "scorpio.2", "energy", up=False)
    resolve(game, ("travel_turn", 0, "scorpio", False))
    assert game.pending.kind == "travel_go"
    values = {}
    for action in game.legal_actions():
        trial = game.clone()
        trial.apply(action)
        values[action.id] = solo_worth(trial, 0)
    assert values["travel_go:go"] > values["travel_go:decline"]
