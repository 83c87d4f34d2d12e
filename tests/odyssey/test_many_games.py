"""Many whole games of The Artemis Odyssey: 500 seeded random games spread over every declared
player count and 100 games with greedy bots, each checked at every decision:

- Resource cards are conserved: for each Resource, the bank and the hands hold the 25 cards
  of the box (rulebook, Components; a gain takes only what the bank holds, OR21);
- each colour's Assets are conserved: 4 pieces of each Asset between the player's supply and
  the planets holding its pieces (rulebook, Components);
- no Score marker is below 0 (OR9: a marker stops at 0);
- the game ends within the round bound (OR28, the ``max_rounds`` option: 50) and within the
  ruleset's decision bound, with a ranking and its tied leaders as the winners (Endgame); a
  solo game after its 13 rounds, won when every goal of its Mission is met (Solo Rules).

The games are played through the decision API (`Game.apply` on one shared catalog), not the
command line. The 500 random games take about 10 s and the first 50 games with one greedy seat
about 15 s in CI; the other 50 of those 100 and 100 games with every seat greedy take about 60 s
more, so they are marked ``slow`` (``pytest -m slow``: CI's 15-minute budget).
"""

from __future__ import annotations

import random

import pytest

from artemis.games.odyssey.vocabulary import RESOURCES
from artemis.kernel.game import Game, GameConfig
from artemis.kernel.games import get_game
from artemis.players.play import make_bots

RULESET = get_game("odyssey")
COUNTS = RULESET.player_counts
RANDOM_GAMES, GREEDY_GAMES = 500, 100
MAX_ROUNDS = 50  # OR28: the config option's default


def check_position(game: Game, cards: list[int], pieces: list[int]) -> None:
    """The invariants of the module docstring at this decision."""
    s = game.state
    at = f"{s.n} players, seed {game.config.seed}, round {s.round}, decision {len(game.actions)}"
    for i, r in enumerate(RESOURCES):
        held = s.bank[i] + sum(p.res[i] for p in s.players)
        assert held == cards[i], f"{at}: {held} {r} cards, not {cards[i]}"
        assert s.bank[i] >= 0 and all(p.res[i] >= 0 for p in s.players), at
    for p in s.players:
        assert p.vp >= 0, f"{at}: seat {p.seat} at {p.vp} VP"
        for a, total in enumerate(pieces):
            on_board = sum(pl.pieces[a] for pl in s.planets if pl.owner == p.seat)
            assert p.supply[a] >= 0 and p.supply[a] + on_board == total, (
                f"{at}: {p.colour} has {p.supply[a]} + {on_board} of Asset {a}")
    for pl in s.planets:
        assert (pl.owner == -1) == pl.empty, f"{at}: {pl.id} {pl.owner} {pl.pieces}"
    assert s.round <= MAX_ROUNDS, at


def play_checked(config: GameConfig, choose, catalog) -> Game:
    """Play ``config`` to the end with ``choose(game) -> action``, checking every decision."""
    game = Game.new(config, catalog=catalog)
    cat = game.catalog
    cards = [next(t.resource_cards for t in cat.planet_types if t.id == r) for r in RESOURCES]
    pieces = [a.pieces for a in cat.assets]
    while not game.is_over:
        check_position(game, cards, pieces)
        assert len(game.actions) < RULESET.max_decisions, "no end within the decision bound"
        game.apply(choose(game))
    check_position(game, cards, pieces)
    result = game.result
    assert result["rounds"] <= MAX_ROUNDS
    if config.players == 1:  # Solo Rules: 13 rounds, the Singularity deck runs out (OR16)
        assert (result["end_reason"], result["rounds"]) == ("singularity_exhausted", 13)
        assert result["won"] == all(g["met"] for g in result["mission"]["goals"])
    else:
        assert result["end_reason"] in ("77_vp", "last_planet", "round_limit")
    vps = [row["vp"] for row in result["players"]]
    assert sorted(result["ranking"]) == list(range(config.players))
    if config.players == 1:  # Solo Rules, Winning the Game: every goal met, or nobody wins
        assert result["winners"] == ([0] if result["won"] else [])
    else:
        assert result["winners"] == sorted(s for s in result["ranking"] if vps[s] == max(vps))
    return game


@pytest.fixture(scope="module")
def catalog():
    return Game.new(GameConfig(players=COUNTS[0], seed=0, game="odyssey")).catalog


def test_500_random_games_keep_the_invariants(catalog):
    rounds: dict[int, list[int]] = {n: [] for n in COUNTS}
    for i in range(RANDOM_GAMES):
        players = COUNTS[i % len(COUNTS)]
        rng = random.Random(f"odyssey:{i}")
        game = play_checked(GameConfig(players=players, seed=10_000 + i, game="odyssey"),
                            lambda g, rng=rng: rng.choice(g.legal_actions()), catalog)
        rounds[players].append(game.result["rounds"])
    assert all(len(r) >= RANDOM_GAMES // len(COUNTS) for r in rounds.values())
    # far inside the bound (docs/odyssey-rulings.md OR28): the longest random game so far
    # took 27 rounds
    assert max(max(r) for r in rounds.values()) < 35


def play_greedy(catalog, first_seed: int, all_greedy: bool, games=range(GREEDY_GAMES)) -> None:
    for i in games:
        players = COUNTS[i % len(COUNTS)]
        config = GameConfig(players=players, seed=first_seed + i, game="odyssey")
        kinds = ["random"] * players
        for seat in range(players) if all_greedy else [i % players]:
            kinds[seat] = "greedy"
        bots = make_bots(config, kinds)
        play_checked(config, lambda g, bots=bots: bots[g.current_player].choose(g), catalog)


def test_100_greedy_games_keep_the_invariants(catalog):
    """One greedy seat (the seat turning from game to game) among random ones: games 0-49."""
    play_greedy(catalog, 20_000, all_greedy=False, games=range(GREEDY_GAMES // 2))


@pytest.mark.slow
def test_100_greedy_games_keep_the_invariants_the_second_half(catalog):
    """Games 50-99 of the one-greedy-seat run."""
    play_greedy(catalog, 20_000, all_greedy=False, games=range(GREEDY_GAMES // 2, GREEDY_GAMES))


@pytest.mark.slow
def test_100_all_greedy_games_keep_the_invariants(catalog):
    """Every seat greedy: about 40 s of CPU, so marked slow."""
    play_greedy(catalog, 30_000, all_greedy=True)
