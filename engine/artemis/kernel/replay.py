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
