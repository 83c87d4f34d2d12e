"""The one replay loop: apply recorded action ids to a game in order (logs, saves, a game
rebuilt after Ctrl-C all replay through it)."""

from __future__ import annotations

from collections.abc import Iterable


class ReplayFailed(Exception):
    """An action could not be applied: ``number`` (1-based, in the sequence given),
    ``action_id``, and ``cause`` (IllegalAction when it was not legal, else what the rules
    raised). The game is left at the decision before that action."""

    def __init__(self, number: int, action_id: str, cause: BaseException, over: bool = False):
        self.number, self.action_id, self.cause, self.over = number, action_id, cause, over
        super().__init__(f"action {number} '{action_id}': {cause}")


def apply_actions(game, action_ids: Iterable[str]):
    """Apply ``action_ids`` (ids, or Actions) to ``game`` in order; returns the game. Raises
    ReplayFailed at the first that cannot be applied (``over`` True when the game had already
    ended there)."""
    from artemis.kernel.actions import IllegalAction

    for number, action_id in enumerate(action_ids, start=1):
        if game.is_over:
            raise ReplayFailed(number, action_id,
                               IllegalAction("the game is over", "End of the Game"), over=True)
        try:
            game.apply(action_id)
        except Exception as exc:  # the caller words it: the file's fault, with its place
            raise ReplayFailed(number, getattr(action_id, "id", action_id), exc) from exc
    return game


def trace(game) -> list[tuple[int, list[int] | None]]:
    """For each of ``game.actions``, in order: (the seat that decided it, who saw it:
    `Ruleset.action_seen_by` at that decision, None for everyone), from a silent replay of
    the game (no log, no observer) from its config, or from its snapshot for a game changed
    outside apply (a determinized world, a scenario position: the actions before the
    snapshot are traced in the snapshot's own past, recursively). `Game.history` reads it.
    Raises ValueError when the game cannot be replayed (made by hand without a clone(), or
    a replay that no longer reaches the same decisions)."""
    from artemis.kernel.game import Game

    base = game._base
    if base is None:
        raise ValueError(f"this {game.config.game} game cannot be replayed (it was made "
                         "without Game.new and cannot be cloned), so its history is unknown")
    if base == "config":
        fresh = Game._start(game.config, game.catalog, game.registry, game.host, True)
        out: list = []
    else:
        snapshot, taken = base
        out = trace(snapshot)[:taken]
        fresh = snapshot.clone()
        fresh.logging = fresh.observers = False
    ruleset = fresh.ruleset
    for action in game.actions[len(out):]:
        pending = fresh.pending
        if pending is None:
            raise ValueError(f"the replay of this {game.config.game} game ended before its "
                             f"action '{action.id}'")
        out.append((pending.player, ruleset.action_seen_by(fresh, pending, action)))
        try:
            fresh.apply(action.id)
        except Exception as exc:  # the game's own actions: a replay that has gone astray
            raise ValueError(f"the replay of this {game.config.game} game could not apply "
                             f"its action '{action.id}': {exc}") from exc
    return out
