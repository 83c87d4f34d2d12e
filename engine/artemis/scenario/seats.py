"""Player names as values in a scenario's ``expect`` (docs/scenarios.md, `expect`).

A value whose place in the view is a seat (``decision.player``, ``result.winner``, the player of
a die on the board ...) may be written as a player's name, as a step's player may: the loader
turns it into the seat number the view holds, and reports a name that is no player's (S102).
The kernel knows the seats of the shapes it makes (``decision``, ``result``: `KERNEL_PATHS`);
a game names the seats of its own view in its scenario support's ``SEAT_PATHS``.

A path pattern is dotted, ``*`` standing for any one part (a list index or a key):
``board.vents_dice.*.0`` is the player of every die in the Vents.
"""

from __future__ import annotations

from collections.abc import Callable

from artemis.content.problems import did_you_mean

#: The seats in the shapes the runner and the kernel make: the decision pending
#: (artemis.scenario.runner) and `Game.result` ({players: [{seat, ...}], ranking, winner}).
KERNEL_PATHS = ("decision.player", "result.winner", "result.ranking.*",
                "result.players.*.seat")

#: Matchers whose items are entries of the value (a seat inside them is one too).
_ITEM_MATCHERS = ("includes", "excludes")


def seat_paths(support) -> tuple[tuple[str, ...], ...]:
    """Every seat-valued path pattern of a game (its scenario ``support``), split into parts:
    `KERNEL_PATHS` and the game's ``SEAT_PATHS`` (none when it gives none)."""
    return tuple(tuple(p.split(".")) for p in (*KERNEL_PATHS,
                                                *getattr(support, "SEAT_PATHS", ())))


def is_seat(parts: tuple, patterns) -> bool:
    """Whether the path ``parts`` (a tuple of str) matches one of ``patterns``."""
    return any(len(p) == len(parts) and all(a in ("*", b) for a, b in zip(p, parts, strict=True))
               for p in patterns)


def name_seats(value, parts: tuple, patterns, names: list,
               unknown: Callable[[tuple, str], None],
               to_value: Callable[[tuple, int], int] | None = None):
    """``value`` (expected at the path ``parts``) with every player's name standing where a
    seat belongs replaced by its seat number (the first seat of ``names`` holding it); a text
    there that is no player's name is reported through ``unknown(where, text)`` (``where``:
    the path inside ``value``) and kept. Matchers are walked into: the items of ``includes``
    and ``excludes``, and ``count``'s ``where``, are entries of the value.
    ``to_value(parts, seat)``, when given, is what the view holds at ``parts`` for ``seat``
    (a team game's team)."""
    from artemis.scenario.matchers import is_matcher

    def walk(v, at: tuple, inside: tuple):
        if isinstance(v, str):
            if not is_seat(at, patterns):
                return v
            if v in names:
                seat = names.index(v)
                return seat if to_value is None else to_value(at, seat)
            unknown(inside, v)
            return v
        if is_matcher(v):
            return {k: ([walk(item, (*at, "*"), (*inside, k, i)) for i, item in
                         enumerate(arg)] if k in _ITEM_MATCHERS and isinstance(arg, list)
                        else walk(arg, (*at, "*"), (*inside, k))
                        if k in _ITEM_MATCHERS
                        # count's where is an entry of the list, as an item of includes
                        else {**arg, "where": walk(arg["where"], (*at, "*"),
                                                   (*inside, k, "where"))}
                        if k == "count" and isinstance(arg, dict) and "where" in arg
                        else arg)
                    for k, arg in v.items()}
        if isinstance(v, dict):
            return {k: walk(x, (*at, str(k)), (*inside, k)) for k, x in v.items()}
        if isinstance(v, list):
            return [walk(x, (*at, str(i)), (*inside, i)) for i, x in enumerate(v)]
        return v

    return walk(value, parts, ())


def player_seat(n: int, names: list, value, path: tuple, report: Callable) -> int | None:
    """The seat a player reference names (a seat number or a given name); None after
    reporting S102 through ``report(path, code, message, hint)``."""
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < n:
            return value
        report(path, "S102", f"there is no seat {value}: the game has {n} players",
               f"seats are 0 to {n - 1}")
        return None
    if isinstance(value, str) and value in names:
        return names.index(value)
    known = [x for x in names if x]
    near = did_you_mean(value, known)
    report(path, "S102", f"unknown player {value!r}",
           near if near.startswith("did you mean") else (
               f"the players are {', '.join(known)} (or seats 0 to {n - 1})" if known
               else f"give a seat, 0 to {n - 1}"))
    return None
