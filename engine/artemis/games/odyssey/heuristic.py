"""The Odyssey's heuristic worth of a position, in VP, for bots (`parts.Players.evaluate`): the
score, plus what the position is likely to bring, minus the best opponent's same figure.

An Alien Artifact held is worth `ARTIFACT`; using one gives that up, so a bot uses a card when
what its effect brings is worth more (OR7): while the seat's own Artifact is being used, the
position is worth the best answer to the effect's pending question (one question ahead)."""

from __future__ import annotations

from artemis.games.odyssey.rules import galaxy
from artemis.games.odyssey.state import COLONY, FACTORY, STARSHIP, TERRAFORMER

# what one more of each thing is worth in later VP (rough, from the Scoring Options: each
# Asset counts in several options, produces, and every Score card pays the most +3)
PIECE = {COLONY: 2.0, FACTORY: 3.5, STARSHIP: 2.2, TERRAFORMER: 1.5}
RESOURCE = 0.45  # a card: about 1/2 VP through a build or a Resources option
ALIEN_PLANET = 1.5
SYSTEM = 0.8
ARTIFACT = 1.0  # held: an option on a later window, worth less than a card well used


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
        value += sum(m.value for m in s.scoped_modifiers  # a Harmonic Amplifier's VP
                     if m.player == seat and m.param == "score_card_vp" and m.mode == "add")
    return value


def using_artifact(game, seat: int) -> bool:
    """Whether ``seat`` is answering a question of its own Artifact's effect (the effect's
    closing step, ``artifact_done``, is still queued)."""
    pending = game.pending
    return (pending is not None and pending.player == seat
            and any(t[0] == "artifact_done" and t[1] == seat for t in game.tasks))


def evaluate(game, seat: int) -> float:
    """``seat``'s worth minus the best other player's (higher is better); in the middle of
    its own Artifact's effect, the best of the effect's next answers; solo: its worth toward
    the Mission (`artemis.games.odyssey.solo_heuristic`)."""
    if game.final is None and using_artifact(game, seat):
        best = None
        for action in game.legal_actions():
            trial = game.clone()
            trial.logging = False
            trial.apply(action)
            value = _evaluate(trial, seat)
            best = value if best is None else max(best, value)
        return best
    return _evaluate(game, seat)


def _evaluate(game, seat: int) -> float:
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
