"""Blind Auction against the engine's conformance checks, run from the installed package (no
checkout of the engine needed), and one seeded game to its exact result."""

from artemis.kernel.game import Game
from artemis.testing import CHEAP_SEEDS, check_game


def test_blind_auction_conforms():
    # 20 seeded random games checked at every decision, saves continued, a search-bot game
    assert check_game("blind_auction", seeds=CHEAP_SEEDS) >= 20 * 6


def test_seed_1_lowest_bids():
    """Seed 1 deals 1, 4, 8, 9 and 2, 3, 5, 6; both bid their lowest card every lot."""
    game = Game.new({"game": "blind_auction", "players": 2, "seed": 1})
    assert game.state.hands == [[1, 4, 8, 9], [2, 3, 5, 6]]
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.result == {"players": [{"seat": 0, "vp": 5}, {"seat": 1, "vp": 1}],
                           "ranking": [0, 1], "winner": 0}
    assert game.ruleset.words.account_lines(game, ["Ada", "Bo"]) == [
        "Lot 1: Ada 1, Bo 2; Bo takes 1 VP", "Lot 2: Ada 4, Bo 3; Ada takes 2 VP",
        "Lot 3: Ada 8, Bo 5; Ada takes 3 VP"]
