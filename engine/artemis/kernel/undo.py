"""Undo of a seat's own decisions, for every game (docs/design.md, "Undo").

The rule, as Board Game Arena and Terraforming Mars allow it: a seat may take back its last
decision, and the ones before it, as long as no other seat has decided since and nothing
hidden or random came out since (a die roll, a draw, a card turned: what a ruleset marks with
`Game.reveal`). An undone action leaves no trace: the game's actions and log are cut back to
what they were before it, so a save or a log written afterwards is the game as if the action
had never been taken.

Undo replays the game from its start (or from its snapshot, for a game set up from a
position) to learn who decided each action; it is a rare, human act, so it costs a replay
rather than a field on every `Game.apply`.
"""

from __future__ import annotations

from artemis.kernel.actions import Decision


class UndoRefused(ValueError):
    """An undo the rule does not allow; the message says why, in words for the player."""


def _replay_deciders(game) -> tuple[list[int], list[Decision]]:
    """(the seat that decided each of ``game.actions``, the decision pending before each),
    from a silent replay of the game from its start or snapshot."""
    from artemis.kernel.game import Game

    base = game._base
    if base is None:
        raise UndoRefused("this game cannot be replayed, so nothing can be undone")
    if base == "config":
        fresh = Game._start(game.config, game.catalog, game.registry, game.host, True)
        taken = 0
    else:
        snapshot, taken = base
        fresh = snapshot.clone()
        fresh.logging = fresh.observers = False
    deciders: list[int] = [-1] * taken  # before the snapshot: not undoable
    decisions: list = [None] * taken
    for action in game.actions[taken:]:
        pending = fresh.pending
        if pending is None:
            raise UndoRefused("the game's replay ended early, so nothing can be undone")
        deciders.append(pending.player)
        decisions.append(pending)
        fresh.apply(action.id)
    return deciders, decisions


def undo_start(game, seat: int) -> int:
    """The index into ``game.actions`` of the first action ``seat`` may take back: its own
    decisions at the end of the game's actions, the run cut where another seat decided or
    where something hidden or random came out.

    Raises UndoRefused naming why when there is nothing ``seat`` may undo: it has not
    decided yet, another seat decided after it, the game is over, or its last decision
    revealed something (Game.reveal)."""
    return _plan(game, seat)[0]


def _plan(game, seat: int) -> tuple[int, list]:
    if game.final is not None:
        raise UndoRefused("the game is over")
    if not game.actions:
        raise UndoRefused("nothing has been decided yet")
    deciders, decisions = _replay_deciders(game)
    if deciders[-1] != seat:
        if seat in deciders:
            raise UndoRefused("another player has decided since your last decision")
        raise UndoRefused("you have not decided anything yet")
    start = len(deciders)
    while start > 0 and deciders[start - 1] == seat:
        start -= 1
    # game.revealed_at is len(actions) just after the action whose consequences revealed:
    # the action at index i revealed when revealed_at == i + 1; every action before it stays
    start = max(start, game.revealed_at)
    if start >= len(game.actions):
        raise UndoRefused("your last decision revealed something hidden or random "
                          "(a roll, a draw or a card turned), so it stands")
    return start, decisions


def undo(game, seat: int) -> None:
    """Take back ``seat``'s last decision (the rule of `undo_start`): the game returns to the
    question that decision answered, its actions and log cut back to before it, so a save or
    log written now does not hold it. Raises UndoRefused, with nothing changed, when the rule
    does not allow it."""
    _, decisions = _plan(game, seat)
    keep = len(game.actions) - 1
    trial = game.clone()  # put back on a copy: a replay that went wrong changes nothing here
    trial._restore(decisions[keep], keep, _log_before(game.log, keep),
                   UndoRefused("the game could not be put back"))
    if trial.pending is None:
        raise UndoRefused("the game could not be put back to your last decision")
    for name in ("state", "tasks", "pending", "final", "revealed_at", "actions", "log",
                 "_left", "_left_tasks"):
        setattr(game, name, getattr(trial, name))


def _log_before(log: list[dict], action_index: int) -> int:
    """How many log records came before the action at ``action_index`` (counted by the
    ``action`` records; an unlogged game has none)."""
    seen = 0
    for i, record in enumerate(log):
        if record.get("type") == "action":
            if seen == action_index:
                return i
            seen += 1
    return len(log)
