"""Shared helpers for the rule tests: a blank position to set up by hand, and a runner that
pushes steps and answers the questions they ask with scripted action ids.

A blank position is a real game after setup with the queue emptied and the board cleared:
no Expedition cards, no Gantry tiles, no dice anywhere, no Event and no modifiers in force,
every player on Relief space 1 with 0 VP. Stocks (bag, Doorstep, Vents, Quarry) keep their
setup values unless a test sets them.
"""

from __future__ import annotations

from artemis.effects.model import parse_effect
from artemis.games.project.rules import flow
from artemis.games.project.state import Owned
from artemis.kernel.game import Game

_TEMPLATES: dict[tuple, Game] = {}


def blank(players: int = 3, seed: int = 11, start: int = 0, **config) -> Game:
    """A cleared position (see the module docstring); ``config`` goes to ``Game.new``."""
    key = (players, seed, tuple(sorted((k, repr(v)) for k, v in config.items())))
    if key not in _TEMPLATES:
        _TEMPLATES[key] = Game.new({"players": players, "seed": seed, **config})
    g = _TEMPLATES[key].clone()
    g.pending = None
    g.tasks = []
    g.log = []
    s = g.state
    s.start = start
    s.event = None
    s.event_modifiers = []
    s.cards = []
    s.gantry = []
    s.vents_dice, s.quarry_dice, s.doorstep_dice, s.outfitter_dice = [], [], [], []
    s.academy = [None] * len(s.academy)
    s.log_round_turn_order = s.turn_order()
    for p in s.players:
        p.dice = []
        p.relief = 1
        p.vp = 0
    return g


def run(g: Game, *steps: tuple, answers=()) -> Game:
    """Push ``steps``, run them, and answer the questions asked with ``answers`` in order.

    Every scripted answer must be legal when it is used (the test fails otherwise, listing the
    legal ids). When the answers run out, a pending question is left for the test to inspect.
    """
    flow.push(g, *steps)
    flow.run(g)
    for want in answers:
        assert g.pending is not None, f"no question pending for scripted answer {want!r}"
        assert want in ids(g), f"{want!r} is not legal; legal: {ids(g)}"
        g.apply(want)
    return g


def ids(g: Game) -> list[str]:
    """The ids of the legal actions now."""
    return [a.id for a in g.legal_actions()]


def finish(g: Game, pick: int = 0) -> Game:
    """Answer every remaining question with option ``pick`` (0: the first)."""
    while g.pending is not None:
        g.apply(g.legal_actions()[pick].id)
    return g


def own(g: Game, player: int, tile: str, staff=(0, 0, 0, 0)) -> int:
    """Give ``player`` building ``tile`` with ``staff`` (counts by type); its index."""
    p = g.state.players[player]
    p.buildings.append(Owned(tile, list(staff)))
    return len(p.buildings) - 1


def effect(g: Game, data: list):
    """An effect from YAML-shaped data, e.g. ``[{"vp": 2}]``."""
    return parse_effect(data, g.registry.operations)


def logged(g: Game, kind: str) -> list[dict]:
    """The log entries of one type."""
    return [e for e in g.log if e["type"] == kind]
