"""Actions as integers (issue 30), two codecs over one game config:

- `DeclaredActions`: the game's declared action space (``ruleset.tools.action_space``,
  docs/design.md "The action space"): an id's number is its index there, the same in every
  state of the config;
- `SlotActions`: a number is an index into the current decision's ``legal_actions()`` (its
  stable order), up to the widest decision (``max_options``): small, but its meaning changes
  from decision to decision.

Both give ``size``, ``legal(game)`` (ascending ints), ``action(game, n)`` (the legal
`Action`, or IllegalAction naming the number), ``name(game, n)`` (the id) and ``mask(game)``
(int8[size]).
"""

from __future__ import annotations

import operator

from artemis.kernel.actions import IllegalAction
from artemis.rl import require

require("numpy")

import numpy as np  # noqa: E402

CODECS = ("declared", "slots")


def number(n) -> int:
    """``n`` as an action number: an int, a numpy integer or a 0-d integer array. Raises
    IllegalAction naming it for anything else (a string, a float, None)."""
    if n.__class__ is bool:  # an int to Python, but a mask's value, not an action's number
        raise IllegalAction(f"{n!r} is not an action number: give a whole number, one of "
                            "the legal actions (the mask's 1s)")
    try:
        return operator.index(n)
    except TypeError:
        raise IllegalAction(f"{n!r} is not an action number: give a whole number, one of "
                            "the legal actions (the mask's 1s)") from None


class OutOfSpace(Exception):
    """A legal action whose id the game's declared action space does not list (a plugin's own
    question): the declaration is wrong; `artemis.testing.checks.check_action_space` finds
    such ids."""


class DeclaredActions:
    """Numbers from the declared action space ``space`` (an
    `artemis.kernel.action_space.ActionSpace`)."""

    kind = "declared"

    def __init__(self, space):
        self.ids = space.ids
        self.index = {i: n for n, i in enumerate(self.ids)}
        self.size = len(self.ids)
        self.widest = space.max_options
        # the last decision numbered: (its Decision, {number: Action}); a mask, the legal
        # numbers and the action chosen are asked of one decision in turn. A Decision's
        # options never change, and a clone shares them with its original
        self._last = (None, {})
        # {kind: {args: number}} of the actions met so far: an id is a function of the kind
        # and args, and their hashes cost less than joining the id's string (the Odyssey's
        # AEC step numbers some 11 options); a dict per kind spares a (kind, args) tuple
        self._met: dict = {}

    def _numbered(self, game) -> dict:
        """{number: Action} for the legal actions of ``game``'s decision now."""
        pending = game.pending
        last = self._last
        if last[0] is pending and pending is not None:
            return last[1]
        met = self._met
        numbered = {}
        for a in game.legal_actions():
            kind = met.get(a.kind)
            if kind is None:
                kind = met[a.kind] = {}
            n = kind.get(a.args)
            if n is None:
                n = kind[a.args] = self.code(a)  # OutOfSpace for an id not declared
            numbered[n] = a
        self._last = (pending, numbered)
        return numbered

    def code(self, action) -> int:
        """The number of ``action`` (an Action). Raises OutOfSpace for an id not declared."""
        n = self.index.get(action.id)
        if n is None:
            raise OutOfSpace(f"the legal action {action.id!r} is not in the declared action "
                             f"space ({self.size} ids): the game's tools part must list it")
        return n

    def legal(self, game) -> list[int]:
        """The legal numbers, ascending (OpenSpiel requires it)."""
        return sorted(self._numbered(game))

    def action(self, game, n: int):
        """The legal Action numbered ``n``; IllegalAction when it is not legal now or not a
        number."""
        n = number(n)
        found = self._numbered(game).get(n)
        if found is not None:
            return found
        if game.pending is None:
            raise IllegalAction(f"action {n}: the game is over, no action is legal")
        legal = self.legal(game)
        shown = ", ".join(map(str, legal[:8])) + (f" and {len(legal) - 8} more"
                                                  if len(legal) > 8 else "")
        if 0 <= n < self.size:
            raise IllegalAction(f"action {n} ({self.ids[n]}) is not legal now; the "
                                f"{len(legal)} legal: {shown}")
        raise IllegalAction(f"action {n} is not in the action space (0 to {self.size - 1}); "
                            f"the {len(legal)} legal now: {shown}")

    def name(self, game, n: int) -> str:
        """The id numbered ``n``. Raises IllegalAction for a number outside the space (a
        negative one included: it would name an id from the end)."""
        n = number(n)
        if not 0 <= n < self.size:
            raise IllegalAction(f"action {n} is not in the action space (0 to "
                                f"{self.size - 1})")
        return self.ids[n]

    def mask(self, game) -> np.ndarray:
        """int8[size]: 1 at each legal number."""
        m = np.zeros(self.size, np.int8)
        numbered = self._numbered(game)
        m[np.fromiter(numbered, np.intp, len(numbered))] = 1
        return m


class SlotActions:
    """Numbers as indices into the decision's legal actions, ``size`` the widest decision."""

    kind = "slots"

    def __init__(self, size: int):
        self.size = int(size)
        self.widest = self.size
        # size ones then size zeros: a mask of width w is the copy of the window starting
        # size - w in, one slice and one memcpy (less than zeros and a slice's assignment)
        self._ramp = np.concatenate([np.ones(self.size, np.int8),
                                     np.zeros(self.size, np.int8)])

    def legal(self, game) -> list[int]:
        """0 to the number of legal actions, less one."""
        return list(range(len(game.legal_actions())))

    def action(self, game, n: int):
        """The ``n``-th legal action; IllegalAction past the last, or for a non-number."""
        # the decision's own options (a list or an `Options` sequence), only read here:
        # legal_actions() would copy a list
        pending = game.pending
        n = number(n)
        if pending is None:
            raise IllegalAction(f"action slot {n}: the game is over, no action is legal")
        options = pending.options
        if not 0 <= n < len(options):
            width = f"the decision has {len(options)} options (0 to {len(options) - 1})"
            if not 0 <= n < self.size:  # never a slot, whatever the decision
                raise IllegalAction(f"action slot {n} is not in the action space (0 to "
                                    f"{self.size - 1}); {width}")
            raise IllegalAction(f"action slot {n} is not legal now: {width}")
        return options[n]

    def name(self, game, n: int) -> str:
        """The id of the ``n``-th legal action."""
        return self.action(game, n).id

    def mask(self, game) -> np.ndarray:
        """int8[size]: a prefix of ones, one per legal action. Raises OutOfSpace when the
        decision is wider than ``size``."""
        pending = game.pending  # the options' count, without legal_actions()'s copy
        width = 0 if pending is None else len(pending.options)
        if width > self.size:
            raise OutOfSpace(f"a decision with {width} options, wider than the {self.size} "
                             "slots declared")
        size = self.size
        return self._ramp[size - width:size + size - width].copy()
