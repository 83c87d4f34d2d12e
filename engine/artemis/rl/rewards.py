"""Rewards at the end of a game, one per seat (issue 30): ``win_loss`` (the default) or
``vp_margin``; a truncated game gives 0 to every seat (a draw)."""

from __future__ import annotations

from dataclasses import dataclass

REWARDS = ("win_loss", "vp_margin")


@dataclass(frozen=True)
class Reward:
    """How a finished game's result turns into returns. ``kind`` one of `REWARDS`;
    ``players`` the seats; ``low``/``high`` the least and most a seat can get; ``sum`` the
    returns' total (0.0, or None for solo, where the game is against itself); ``bounds``
    the VP bounds a ``vp_margin`` divides by."""

    kind: str
    players: int
    low: float
    high: float
    sum: float | None
    bounds: tuple[int, int] | None = None

    def returns(self, result: dict | None) -> list[float]:
        """One float per seat: for ``win_loss`` a sole winner gets 1 and the others
        -1/(N-1), a shared win shares (winners W: ``N/|W|/(N-1) - 1/(N-1)``), nobody winning
        gives 0 each; solo: 1 won, -1 lost. For ``vp_margin``: ``(vp - mean) / (hi - lo)``.
        ``result`` None (a truncated game): 0 each."""
        n = self.players
        if result is None:
            return [0.0] * n
        if self.kind == "vp_margin":
            vp = [0.0] * n
            for row in result["players"]:
                vp[row["seat"]] = float(row["vp"])
            mean = sum(vp) / n
            span = self.bounds[1] - self.bounds[0]
            return [(v - mean) / span for v in vp]
        winners = _winners(result, n)
        if n == 1:
            return [1.0 if winners else -1.0]
        if not winners:
            return [0.0] * n
        share = n / len(winners)
        return [((share if s in winners else 0.0) - 1.0) / (n - 1) for s in range(n)]


def _winners(result: dict, n: int) -> set[int]:
    """The winning seats: a result's ``winners`` where it lists them (the Odyssey's ties and
    teams), else its ``winner``."""
    listed = result.get("winners")
    if listed is not None:
        return {int(s) for s in listed}
    winner = result.get("winner")
    return set() if winner is None else {int(winner)}


def reward(kind: str, ruleset, config, players: int) -> Reward:
    """The `Reward` of ``kind`` for a game of ``players`` seats. Raises ValueError for an
    unknown kind, or for ``vp_margin`` solo or for a game that declares no score bounds (the
    game's reason in the message)."""
    if kind not in REWARDS:
        raise ValueError(f"unknown reward {kind!r}; rewards: {', '.join(REWARDS)}")
    if kind == "win_loss":
        if players == 1:
            return Reward(kind, 1, -1.0, 1.0, None)
        return Reward(kind, players, -1.0 / (players - 1), 1.0, 0.0)
    if players == 1:
        raise ValueError("the vp_margin reward needs 2 or more players (a solo game's margin "
                         "is 0); use win_loss")
    from artemis.kernel.ruleset import NoScoreBounds

    try:
        lo, hi = ruleset.tools.score_bounds(config)
    except NoScoreBounds as e:
        raise ValueError(f"the vp_margin reward needs score bounds: {e}") from None
    edge = (players - 1) / players
    return Reward(kind, players, -edge, edge, 0.0, (lo, hi))
