"""Whole games between random bots (a seeded ``random.Random`` choosing uniformly among the
legal actions), across 2-5 players: every game finishes without an error after 6 rounds,
with a full ranking and a winner.

The 500 games take about 20 s on the development machine, under the issue's 3 minutes, so CI
runs them all (the 100-game figure the issue asks for is included).
"""

from __future__ import annotations

import random
from collections import Counter

from artemis.kernel.game import Game

ROUNDS = 6
MAX_DECISIONS = 2000  # a game takes about 100-400; more means the flow is looping


def play_random_game(players: int, seed: int) -> Game:
    g = Game.new({"players": players, "seed": seed})
    rng = random.Random(f"bot:{players}:{seed}")
    for _ in range(MAX_DECISIONS):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def check_finished(g: Game) -> None:
    n = g.config.players
    at = f"{n} players, seed {g.config.seed}"
    assert g.is_over, f"{at}: not over after {MAX_DECISIONS} decisions"
    assert g.state.round == ROUNDS, at
    assert sum(1 for e in g.log if e["type"] == "board_setup") == ROUNDS, at
    result = g.result
    assert [row["seat"] for row in result["players"]] == list(range(n)), at
    assert sorted(result["ranking"]) == list(range(n)), at
    winner = result["winner"]
    assert winner == result["ranking"][0], at
    vps = [row["vp"] for row in result["players"]]
    assert vps[winner] == max(vps), at
    ranked = [vps[seat] for seat in result["ranking"]]
    assert ranked == sorted(ranked, reverse=True), at
    final = [e for e in g.log if e["type"] == "final_scoring"]
    assert len(final) == 1 and final[0]["winner"] == winner, at


def play_many(games: int, first_seed: int) -> Counter:
    wins: Counter = Counter()
    for i in range(games):
        players = 2 + i % 4
        g = play_random_game(players, first_seed + i)
        check_finished(g)
        wins[(players, g.result["winner"])] += 1
    return wins


def test_500_random_games_finish_with_a_winner():
    wins = play_many(500, first_seed=100_000)
    assert sum(wins.values()) == 500
    for players in range(2, 6):
        assert sum(c for (n, _), c in wins.items() if n == players) == 125
