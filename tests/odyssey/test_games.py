"""Whole Odyssey games: seeded random games at every declared player count finish without
error within the round bound (OR28), with the invariants of the rulebook's components at the
end; the end rules (OR16, OR27, OR28); the score floor (OR9); determinize (OR3)."""

from __future__ import annotations

import random

import pytest

from artemis.kernel.game import Game

from .positions import planet, resolve, table

COUNTS = (2, 3, 4, 5)
ROUND_BOUND = 50  # OR28's default


def play(players: int, seed: int, options=None) -> Game:
    game = Game.new({"game": "odyssey", "players": players, "seed": seed,
                     "options": options or {}})
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def check_invariants(game) -> None:
    """Resources conserved between bank and hands (25 per type), 4 pieces of each Asset per
    colour, no score below 0."""
    s = game.state
    for i in range(6):
        assert s.bank[i] + sum(p.res[i] for p in s.players) == 25
    for p in s.players:
        for k in range(4):
            in_play = sum(pl.pieces[k] for pl in s.planets if pl.owner == p.seat)
            assert in_play + p.supply[k] == 4
        assert p.vp >= 0
    for pl in s.planets:
        assert (pl.owner == -1) == (not any(pl.pieces))


def _games(seeds):
    return [pytest.param(n, seed, id=f"{n}p-seed{seed}") for n in COUNTS for seed in seeds]


@pytest.mark.parametrize("players, seed", _games(range(5)))
def test_random_games_finish_within_the_round_bound(players, seed):
    game = play(players, seed)
    result = game.result
    assert result["rounds"] <= ROUND_BOUND
    assert result["end_reason"] in ("77_vp", "last_planet")
    check_invariants(game)


@pytest.mark.slow
@pytest.mark.parametrize("players", COUNTS)
def test_a_hundred_random_games_per_player_count(players):
    for seed in range(100):
        game = play(players, 1000 + seed)
        assert game.result["rounds"] <= ROUND_BOUND
        check_invariants(game)


def test_the_round_limit_ends_a_game_that_nothing_else_ends():
    """OR28: ``max_rounds`` ends the game after that round, ``end_reason: round_limit``."""
    game = play(3, 7, {"max_rounds": 2})
    assert game.result["rounds"] == 2 and game.result["end_reason"] == "round_limit"


def test_reaching_77_ends_the_game_at_the_end_of_the_round_even_after_falling_back():
    """OR27: the trigger is latched when a marker reaches 77."""
    from artemis.games.odyssey.rules.track import move

    game = table(["red", "blue", "yellow"])
    s = game.state
    s.players[0].vp = 75
    move(game, 0, 2, "test")
    move(game, 0, -2, "test")
    assert s.players[0].vp == 75 and s.end == "77_vp"
    resolve(game, ("round_over",))
    assert game.is_over and game.result["end_reason"] == "77_vp"


def test_the_last_planet_discovered_ends_the_game():
    """OR16: no face-down planet left."""
    game = table(["red", "blue", "yellow"])
    s = game.state
    s.planets = [p for p in s.planets if p.up]
    planet(game, "sun.1", "energy", owner=0, factory=1)
    resolve(game, ("round_over",))
    assert game.is_over and game.result["end_reason"] == "last_planet"


def test_the_score_track_stops_at_zero():
    """OR9: a loss that would take a marker below 0 stops at 0."""
    from artemis.games.odyssey.rules.track import move

    game = table(["red", "blue", "yellow"])
    game.state.players[1].vp = 1
    move(game, 1, -2, "fewest")
    assert game.state.players[1].vp == 0


def test_all_tied_leaders_win():
    game = table(["red", "blue", "yellow"])
    for seat, vp in enumerate((80, 80, 30)):
        game.state.players[seat].vp = vp
    game.state.end = "77_vp"
    resolve(game, ("round_over",))
    assert game.result["winners"] == [0, 1] and game.result["winner"] == 0


def test_determinize_resamples_only_what_the_seat_cannot_see():
    """OR3: the other players' face-down cards change slots among their own, unpeeked planets
    change type; the seat's own view stays the same."""
    game = Game.new({"game": "odyssey", "players": 3, "seed": 4})
    rng = random.Random(0)
    while game.state.phase == "planning" and game.state.board.count(None) > 2:
        game.apply(rng.choice(game.legal_actions()))
    seat = game.current_player
    view = game.view(seat)
    changed_cards = changed_planets = False
    for k in range(20):
        world = game.determinize(seat, random.Random(k))
        assert world.view(seat) == view
        mine = [e for e in world.state.board if e and e[0] == seat]
        assert mine == [e for e in game.state.board if e and e[0] == seat]
        changed_cards |= world.state.board != game.state.board
        changed_planets |= [p.type for p in world.state.planets] != \
            [p.type for p in game.state.planets]
    assert changed_cards and changed_planets


def test_a_face_down_card_is_seen_by_its_player_only():
    game = Game.new({"game": "odyssey", "players": 3, "seed": 2})
    seat = game.current_player
    game.apply(game.legal_actions()[0])
    placed = [e for e in game.log if e["type"] == "placed_card"]
    assert placed and placed[-1]["to"] == [seat]
    slot = placed[-1]["slot"]
    for other in range(3):
        row = next(r for r in game.view(other)["board"] if r["slot"] == slot)
        assert row["player"] == seat
        assert (row["card"] is not None) == (other == seat)


def test_greedy_bots_finish_a_game():
    from artemis.players.bots import GreedyBot

    game = Game.new({"game": "odyssey", "players": 3, "seed": 5})
    bots = [GreedyBot(seat) for seat in range(3)]
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    assert game.result["rounds"] <= ROUND_BOUND
    check_invariants(game)
