"""The Project's players part (`artemis.kernel.parts.Players`): how the greedy, mcts and strong
bots read a position and order a question's options."""

from __future__ import annotations


def evaluate(game, seat: int) -> float:
    """The heuristic worth of ``seat``'s position in VP (`artemis.games.project.heuristic`); a
    game of rules version 1 reads the heuristic of its time (`heuristic_v1`), so a version-1
    save continued with greedy seats plays on as it did."""
    if game.config.rules_version == 1:
        from artemis.games.project.heuristic_v1 import evaluate
    else:
        from artemis.games.project.heuristic import evaluate

    return evaluate(game, seat)


def evaluate_all(game) -> list[float]:
    """`evaluate` of every seat, by seat number, from one reading of the position (the
    heuristic's `evaluate_all`; rules version 1 seat by seat)."""
    if game.config.rules_version == 1:
        return [evaluate(game, seat) for seat in range(game.config.players)]
    from artemis.games.project.heuristic import evaluate_all

    return evaluate_all(game)


def search_key(game, action) -> float:
    """A placement (``place:ROLLED:FINAL:REGION:TARGET``) by the Toolkits it costs,
    |FINAL - ROLLED| (The Placement Phase: a Toolkit changes a die by one): the search tries
    the dice as rolled first and rolls out with them; other questions alike (0)."""
    if action.kind == "place":
        return abs(action.args[1] - action.args[0])
    return 0
