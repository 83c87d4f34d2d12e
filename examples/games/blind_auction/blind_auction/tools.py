"""Blind Auction's tools part (`artemis.kernel.parts.Tools`): the action space and score bounds
that OpenSpiel- or PettingZoo-style tools read, from the rules' own bounds."""

from __future__ import annotations

from artemis.kernel.action_space import ActionSpace, ids
from blind_auction.rules import CARDS, HAND, LOTS


def action_space(config) -> ActionSpace:
    """A bid of each card, 1 to 10 (``bid:CARD``); a hand holds four cards at most."""
    return ActionSpace({"bid": tuple(ids("bid", CARDS))}, {"bid": HAND})


def score_bounds(config) -> tuple[int, int]:
    """0 to 6: a seat takes each lot at most once (1 + 2 + 3 VP)."""
    return 0, sum(LOTS)
