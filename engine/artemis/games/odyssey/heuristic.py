"""The Odyssey's heuristic worth of a position, in VP, for bots (`Ruleset.evaluate`): the
score, plus what the position is likely to bring, minus the best opponent's same figure."""

from __future__ import annotations

from artemis.games.odyssey.rules import galaxy
from artemis.games.odyssey.state import COLONY, FACTORY, STARSHIP, TERRAFORMER

# what one more of each thing is worth in later VP (rough, from the Scoring Options: each
# Asset counts in several options, produces, and every Score card pays the most +3)
PIECE = {COLONY: 2.0, FACTORY: 3.5, STARSHIP: 2.2, TERRAFORMER: 1.5}
RESOURCE = 0.45  # a card: about 1/2 VP through a build or a Resources option
ALIEN_PLANET = 1.5
SYSTEM = 0.8
ARTIFACT = 2.0


def worth(game, seat: int) -> float:
    """``seat``'s score plus the later VP its pieces, cards and presence promise."""
    s = game.state
    p = s.players[seat]
    value = float(p.vp)
    for planet in s.planets:
        if planet.owner != seat:
            continue
        for k, w in PIECE.items():
            value += w * planet.pieces[k]
        value += 0.6 * galaxy.yield_of(planet)
    value += ALIEN_PLANET * galaxy.alien_present(s, seat)
    value += SYSTEM * galaxy.systems_present(s, seat)
    value += 0.3 * galaxy.concentration(s, seat)
    held = sum(p.res)
    value += RESOURCE * min(held, 10) + 0.1 * max(0, held - 10)
    value += 0.3 * sum(1 for x in p.res if x)  # variety builds and scores Different Resources
    value += ARTIFACT * len(p.artifacts)
    if s.tally is not None:
        value += s.tally.get(seat, 0)
    return value


def evaluate(game, seat: int) -> float:
    """``seat``'s worth minus the best other player's (higher is better); solo: its worth
    toward the Mission (`artemis.games.odyssey.solo_heuristic`)."""
    s = game.state
    if s.n == 1:
        from artemis.games.odyssey.solo_heuristic import solo_worth

        return solo_worth(game, seat)
    mine = worth(game, seat)
    best = max(worth(game, p.seat) for p in s.players if p.seat != seat)
    if game.final is not None:
        top = max(p.vp for p in s.players)
        return 1000.0 if s.players[seat].vp == top else -1000.0 + mine - best
    return mine - best
