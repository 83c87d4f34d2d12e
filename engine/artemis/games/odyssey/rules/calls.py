"""The Planner calls the players one after the other (rulebook, The Actions: Travel, Build and
the Identical and Different Resources Scoring Options: "The Planner determines the order in
which the players ..., calling the players one after the other"; OR1, OR29).

One mechanism for the three Actions. A `Calling` names the question (T2 ``travel_call``, B2
``build_call``, S2 ``score_call``), who the Planner may call now and the steps of a called
player's turn. The step ``("calls", kind, planner, called, args)`` asks the Planner to pick
the next player among those who may be called (a question with one answer is not asked); when
none may be, the calls are over. ``args`` is what the Action's rules carry (the system
declared, the option scored), ``called`` the players called so far, in order. With teams the
Planner calls a seat of each team, which then answers for its team for the rest of the card
(OR30; `artemis.games.odyssey.rules.teams.call_options`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from artemis.games.odyssey.rules.flow import answer, ask, push, step
from artemis.games.odyssey.rules.teams import call_options, call_seat
from artemis.games.odyssey.words import player_name
from artemis.kernel.actions import Action


@dataclass(frozen=True)
class Calling:
    """How one Action calls its players: ``kind`` the question, ``verb`` what a called player
    does (its label: "call Blue to travel"), ``who(game, planner, called, args)`` the seats
    the Planner may call now (a list; empty: the calls are over) and ``turn(game, seat,
    planner, args)`` the steps of a called player's turn (a tuple)."""

    kind: str
    verb: str
    who: Callable[..., list[int]]
    turn: Callable[..., tuple]


CALLINGS: dict[str, Calling] = {}


def calling(kind: str, verb: str, who: Callable[..., list[int]],
            turn: Callable[..., tuple]) -> None:
    """Register the calls of one Action under its question ``kind`` (see `Calling`)."""
    CALLINGS[kind] = Calling(kind, verb, who, turn)
    answer(kind)(_called)


def calls(kind: str, planner: int, args=(), called: tuple = ()) -> tuple:
    """The step that starts (or goes on with) the calls of ``kind``: push it after the
    Planner's own turn, with ``called`` holding the Planner when it does not call itself."""
    return ("calls", kind, planner, called, args)


def _label(verb: str, name: str) -> str:
    return f"call {name} to {verb}"


@step("calls")
def next_call(game, kind: str, planner: int, called: tuple, args) -> None:
    """T2, B2 or S2: the Planner picks the next player among those who may be called."""
    c = CALLINGS[kind]
    who = c.who(game, planner, called, args)
    if game.state.teams is None:
        options = [Action(kind, (seat,), (_label, c.verb, player_name(game, seat)))
                   for seat in who]
    else:
        options = call_options(game.state, kind, who, c.verb)
    ask(game, planner, kind, options, (kind, planner, called, args))


def _called(game, action, ctx) -> None:
    kind, planner, called, args = ctx
    seat = call_seat(game.state, action.args[0])  # with teams: the seat named resolves (OR30)
    push(game, *CALLINGS[kind].turn(game, seat, planner, args),
         calls(kind, planner, args, (*called, seat)))
