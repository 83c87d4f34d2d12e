"""The Odyssey's players part (`artemis.kernel.parts.Players`): how the greedy, mcts and strong
bots read a position (`artemis.games.odyssey.heuristic`), a team's worth being its seats'."""

from __future__ import annotations


def evaluate(game, seat: int) -> float:
    """The heuristic worth of ``seat``'s position (`heuristic.evaluate`); with teams, its
    team's (OR14)."""
    from artemis.games.odyssey.heuristic import evaluate
    from artemis.games.odyssey.rules.teams import team_of

    return evaluate(game, team_of(game.state, seat))  # a team's worth is its seats'


def value_all(game) -> list[float]:
    """Each seat's estimated final VP margin over the best other player (the strong bot's
    reading, `artemis.kernel.parts.Players.value_all`): the heuristic's worth
    (`heuristic.worth`) of each player read once, so a 3-player position costs a third of
    `evaluate_all`; a finished game by its VP margin (where `evaluate` says +-1000 for a win
    or a loss). Solo, team games and a seat in the middle of its own Artifact's effect read
    `evaluate`."""
    from artemis.games.odyssey.heuristic import using_artifact, worth

    s = game.state
    if s.n == 1 or s.teams is not None:
        return game.ruleset.players.evaluate_all(game)
    if game.final is not None:
        vps = [p.vp for p in s.players]
    else:
        vps = [worth(game, p.seat) for p in s.players]
    out = []
    for seat in range(len(vps)):
        if game.final is None and using_artifact(game, seat):
            out.append(evaluate(game, seat))
        else:
            out.append(vps[seat] - max(v for other, v in enumerate(vps) if other != seat))
    return out
