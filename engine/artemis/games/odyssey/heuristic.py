"""The Odyssey's heuristic worth of a position, in VP, for bots (`Ruleset.evaluate`): the
score, plus what the position is likely to bring, minus the best opponent's same figure."""

from __future__ import annotations

from artemis.games.odyssey.rules import galaxy
from artemis.games.odyssey.rules.build import builds
from artemis.games.odyssey.state import COLONY, FACTORY, STARSHIP, TERRAFORMER

# what one more of each thing is worth in later VP (rough, from the Scoring Options: each
# Asset counts in several options, produces, and every Score card pays the most +3)
PIECE = {COLONY: 2.0, FACTORY: 3.5, STARSHIP: 2.2, TERRAFORMER: 1.5}
RESOURCE = 0.45  # a card: about 1/2 VP through a build or a Resources option
ALIEN_PLANET = 1.5
SYSTEM = 0.8
ARTIFACT = 2.0
# solo: what a unit of progress toward a Mission goal, and a goal met, are worth in VP
GOAL_STEP = 5.0
GOAL_MET = 6.0
SOLO_ROUNDS = 13  # Solo Rules, Winning the Game
# solo: what an Action card placed promises (`planned`), and which goals each action serves
CARD = {"produce": 3.0, "score": 3.0, "travel": 2.5, "build": 5.0, "trade": 1.5}
NEEDS = {
    "travel": {"systems_present", "planets_discovered", "starship_star_systems",
               "alien_planets_present"},
    "build": {"assets", "factory_resource_types", "terraformers_with_colony_or_factory",
              "systems_present"},
    "produce": {"held", "distinct_types_held"},
    "trade": {"distinct_types_held"},
    "score": set(),
}
# goals about the hand: only the last round's counts, so they weigh more as the game goes on
AT_THE_END = ("held", "distinct_types_held")


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
    toward the Mission (`solo_worth`)."""
    s = game.state
    if s.n == 1:
        return solo_worth(game, seat)
    mine = worth(game, seat)
    best = max(worth(game, p.seat) for p in s.players if p.seat != seat)
    if game.final is not None:
        top = max(p.vp for p in s.players)
        return 1000.0 if s.players[seat].vp == top else -1000.0 + mine - best
    return mine - best


def solo_worth(game, seat: int) -> float:
    """Solo (Solo Rules, Winning the Game): the worth of the position plus the Mission's
    progress: each goal other than VP pays `GOAL_STEP` per unit up to its threshold and
    `GOAL_MET` once met (the goals read at the end, hand cards, count more as the 13 rounds
    pass); once the game is over, 1000 more for a Mission won."""
    from artemis.games.odyssey.rules.mission import goal_value

    s = game.state
    value = worth(game, seat)
    if game.final is not None:
        return value + (1000.0 if game.final.get("mission", {}).get("won") else 0.0)
    if s.mission is None:
        return value
    late = min(1.0, s.round / SOLO_ROUNDS)
    open_goals = set()
    for goal in game.catalog.by_id[s.mission].goals:
        name = goal.quantity[0]
        if name == "score":
            continue
        got = min(goal_value(game, seat, goal), goal.at_least)
        if got < goal.at_least:
            open_goals.add(name)
        weight = late if name in AT_THE_END else 1.0
        value += weight * (GOAL_STEP * got + (GOAL_MET if got >= goal.at_least else 0.0))
    return value + planned(game, seat, open_goals)


def planned(game, seat: int, open_goals: set) -> float:
    """Solo: what the Action cards placed on the Planning board and not yet revealed promise,
    so that the Planning phase is not a coin toss: `CARD` by action, a Build only when some
    Asset can be paid for, more for the action an open goal needs (`NEEDS`)."""
    s = game.state
    cards = game.catalog.by_id
    value = 0.0
    for i, entry in enumerate(s.board):
        if entry is None or s.revealed[i] or entry[0] != seat:
            continue
        action = cards[entry[1]].action
        worth_ = CARD[action]
        if action == "build" and not builds(game, seat):
            worth_ = CARD["trade"]
        if open_goals & NEEDS[action]:
            worth_ += GOAL_STEP
        value += worth_
    return value
