"""Conformance for any game: the checks every registered game must pass, shipped with the
engine so that a game written as a package of its own runs them from its own tests, with no
checkout of this repository (docs/design.md, "Adding a game")::

    from artemis.testing import check_game

    def test_my_game_conforms():
        check_game("my_game")  # registered by its entry point, or register_game(...) first

`check_game` plays seeded random games of the game at each of its player counts through the
decision API, checking every decision (`artemis.testing.checks`: unique and stable legal ids;
clones; an illegal answer refused without a trace; determinize keeps the seat's view and legal
ids and lists only answers that apply in the world, keeps an answer a seat was shown
(`Ruleset.action_seen_by`) and, somewhere in the game, resamples what only other seats know;
answers hidden from a seat with the same public part cannot be told apart; the end within
max_decisions with a consistent result inside the declared score bounds; every legal id in the
declared action space), and saves every few decisions, loads and continues them; a search-bot
game of each player count is held to the declared action space too. Each failure is an
AssertionError naming the game, the seed, the decision and the check.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from artemis.testing.checks import check_save_continues, check_search_game, play_checked

__all__ = ["check_game", "CHEAP_SEEDS", "SEEDS"]

#: Seeds per player count for a costly game (the Project: a game is ~300 decisions, each
#: determinized for every seat), and for a cheap one (a toy game's few dozen decisions):
#: a planted determinize bug that shows in one world in ten is caught in most games, and in
#: twenty seeds all but surely.
SEEDS = 3
CHEAP_SEEDS = 20


def check_game(game_id: str, players: Iterable[int] | None = None,
               seeds: Iterable[int] | int = SEEDS, saves: bool = True,
               options: dict | None = None, search: int = 1) -> int:
    """Run the conformance checks over the registered game ``game_id``: for each of
    ``players`` (default: every one of its player counts) and each of ``seeds`` (seeds, or a
    count: seeds 0 to n - 1), one random game checked at every decision (`play_checked`,
    its moves from ``random.Random(f"conformance:{game_id}:{players}:{seed}")``) and, with
    ``saves``, one game saved, loaded and continued (`check_save_continues`); then, for each
    player count, ``search`` games of the search bot checked against the declared action
    space and score bounds (`check_search_game`, seeds 0 to search - 1). ``options``: the
    game's own config options. Returns the number of decisions checked.

    Raises AssertionError at the first check that fails (its message names the game, the
    player count, the seed and the decision), ConfigError for an unknown game or player
    count."""
    from artemis.kernel.game import ConfigError, Game
    from artemis.kernel.games import UnknownGame, get_game

    try:
        ruleset = get_game(game_id)
    except UnknownGame as exc:
        raise ConfigError(str(exc)) from None
    seeds = range(seeds) if isinstance(seeds, int) else list(seeds)
    counts = list(players) if players is not None else list(ruleset.player_counts)
    decisions = 0
    for n in counts:
        for seed in seeds:
            config = {"game": game_id, "players": n, "seed": seed, "options": options or {}}
            game = play_checked(Game.new(dict(config)),
                                random.Random(f"conformance:{game_id}:{n}:{seed}"))
            decisions += len(game.actions)
            if saves:
                check_save_continues(dict(config))
        for seed in range(search):
            config = {"game": game_id, "players": n, "seed": seed, "options": options or {}}
            decisions += len(check_search_game(config).actions)
    return decisions

