"""The greedy heuristic's worth of a solo position (rulebook, Solo Rules, Winning the Game): the
multi-player worth (`artemis.games.odyssey.heuristic.worth`) plus the Mission's progress, so
that a one-step greedy bot pursues its goals.

Its terms, all in rough VP: each goal other than VP pays `GOAL_STEP` per unit up to its
threshold and `GOAL_MET` once met (goals about the hand weigh in full in round 13 only), with
half a step for what leads to a unit (a Colony toward a Factory goal, a Starship more toward
a goal of spreading out, `SPREAD`); the Resource cards held toward the cost of an Asset an
open goal needs (`COVER`); the Action cards placed and not yet revealed (`CARD`, more for the
action an open goal needs, a Build only when some Asset can be paid for); and through a
travel the bot looks to the move it leads to (`THROUGH`), since declaring a system or
committing to go changes nothing by itself. A won Mission is worth 1000 once the game is
over. The weights were tried with benchmarks/odyssey_missions.py.
"""

from __future__ import annotations

from artemis.games.odyssey.rules.build import builds
from artemis.games.odyssey.state import COLONY, STARSHIP

GOAL_STEP = 5.0
GOAL_MET = 6.0
SOLO_ROUNDS = 13  # Solo Rules, Winning the Game
#: Goals read at the end about the hand: they weigh in full in the last round only (before,
#: `EARLY`), so that cards are spent on the way.
AT_THE_END = ("held", "distinct_types_held")
EARLY = 0.1
#: What an Action card placed promises, by action.
CARD = {"produce": 3.0, "score": 3.0, "travel": 2.5, "build": 5.0, "trade": 1.5}
#: What a Build card placed promises when nothing can be paid for now.
BUILD_IDLE = 0.5
#: Fewer Resource cards than this, and a Produce is what a wanted Asset needs; more, a Trade.
SHORT_HAND = 6
#: The goals each action serves.
NEEDS = {
    "travel": {"systems_present", "planets_discovered", "starship_star_systems",
               "alien_planets_present"},
    "build": {"assets", "factory_resource_types", "terraformers_with_colony_or_factory",
              "systems_present", "starship_star_systems", "alien_planets_present"},
    "produce": {"held", "distinct_types_held"},
    "trade": {"distinct_types_held"},
    "score": set(),
}
#: The Assets whose building serves a goal (an ``assets`` goal names its own types).
BUILDS_FOR = {
    "factory_resource_types": ("colony", "factory"),
    "terraformers_with_colony_or_factory": ("terraformer",),
    "starship_star_systems": ("starship",),
    "systems_present": ("starship", "colony"),
    "alien_planets_present": ("starship",),
}
#: Goals a Starship more helps toward by travelling.
SPREAD = ("systems_present", "starship_star_systems", "alien_planets_present")
#: A whole Asset cost held in hand, toward an open goal's Asset, is worth this many VP.
COVER = 4.0
#: How many copies of a wanted Asset's cost the hand is valued toward (2 was tried: worse).
COPIES = 1
#: The questions through which the bot looks one answer further (a travel's steps).
THROUGH = ("travel_system", "travel_go", "travel_move")
#: How many of them: a declared system is judged by its best move after going.
LOOK = 2


def solo_worth(game, seat: int, through: int = LOOK) -> float:
    """``seat``'s worth toward its Mission (the module's terms), looking through at most
    ``through`` more travel questions."""
    from artemis.games.odyssey.heuristic import worth
    from artemis.games.odyssey.rules.mission import goal_value

    s = game.state
    pending = game.pending
    if (through and game.final is None and pending is not None and pending.player == seat
            and pending.kind in THROUGH):
        return max(_after(game, action, seat, through - 1) for action in pending.options)
    value = worth(game, seat)
    if game.final is not None:
        return value + (1000.0 if game.final.get("mission", {}).get("won") else 0.0)
    if s.mission is None:
        return value
    late = 1.0 if s.round >= SOLO_ROUNDS else EARLY
    open_goals, wanted = set(), []
    for goal in game.catalog.by_id[s.mission].goals:
        name, params = goal.quantity
        if name == "score":
            continue
        got = min(goal_value(game, seat, goal), goal.at_least)
        if got < goal.at_least:
            open_goals.add(name)
            kinds = params.get("type") if name == "assets" else BUILDS_FOR.get(name, ())
            kinds = [kinds] if isinstance(kinds, str) else list(kinds or ())
            wanted.extend(kinds)
            if "factory" in kinds:  # a Factory is built on a Colony: a step toward it
                colonies = sum(p.pieces[COLONY] for p in s.mine(seat))
                value += GOAL_STEP / 2 * min(colonies, goal.at_least - got)
            if name in SPREAD:  # each Starship more can claim one more system or planet
                ships = sum(p.pieces[STARSHIP] for p in s.mine(seat))
                value += GOAL_STEP / 2 * min(ships - 1, goal.at_least - got)
        weight = late if name in AT_THE_END else 1.0
        value += weight * (GOAL_STEP * got + (GOAL_MET if got >= goal.at_least else 0.0))
    covered = cover(game, seat, wanted)
    return value + COVER * covered + planned(game, seat, open_goals, wanted, covered)



def _after(game, action, seat: int, through: int) -> float:
    trial = game.clone()
    trial.logging = False
    trial.apply(action)
    return solo_worth(trial, seat, through)


def cover(game, seat: int, assets: list[str]) -> float:
    """How many copies (0 to `COPIES`, in fractions) of a wanted Asset's cost ``seat``'s hand
    holds, the best of ``assets``, so that Produce and trades gather what the goal needs."""
    if not assets:
        return 0.0
    from artemis.games.odyssey.state import RES_INDEX
    from artemis.games.odyssey.vocabulary import ORES

    res = game.state.players[seat].res
    best = 0.0
    for asset in dict.fromkeys(assets):
        cost = next(a.cost for a in game.catalog.assets if a.id == asset)
        total = sum(cost.values()) * COPIES
        named = {item: n * COPIES for item, n in cost.items() if item != "ore"}
        held = sum(min(n, res[RES_INDEX[item]]) for item, n in named.items())
        spare = sum(max(0, res[RES_INDEX[o]] - named.get(o, 0)) for o in ORES)
        held += min(cost.get("ore", 0) * COPIES, spare)
        best = max(best, COPIES * held / total)
    return best


def planned(game, seat: int, open_goals: set, wanted: list[str], covered: float) -> float:
    """What the Action cards ``seat`` placed and not yet revealed promise (`CARD`), more for
    an action an open goal needs: a Build when some Asset can be paid for (`NEEDS`), a
    Produce while the hand does not cover a wanted Asset, a Travel while no wanted Asset has
    a planet to stand on. A Build placed later and a Produce earlier by a hair, so that the
    cards gathered are built with."""
    from artemis.games.odyssey.rules.build import placements

    s = game.state
    cards = game.catalog.by_id
    needs = set()
    for action, goals in NEEDS.items():
        if open_goals & goals:
            needs.add(action)
    affordable = bool(builds(game, seat))
    held = sum(s.players[seat].res)
    if wanted and covered < 1.0:
        needs.add("produce" if held < SHORT_HAND else "trade")
    if wanted and not any(placements(s, seat, a) for a in dict.fromkeys(wanted)):
        needs.add("travel")
    value = 0.0
    gathered = False  # a Produce or Trade placed before: a Build after it may be paid
    for i, entry in enumerate(s.board):
        if entry is None or s.revealed[i] or entry[0] != seat:
            continue
        action = cards[entry[1]].action
        if action == "build" and not affordable:
            value += CARD["build"] / 2 if gathered else BUILD_IDLE
            continue
        gathered = gathered or action in ("produce", "trade")
        promise = CARD[action] + (GOAL_STEP if action in needs else 0.0)
        if action == "build":
            promise += 0.01 * i
        elif action in ("produce", "trade"):
            promise -= 0.01 * i
        value += promise
    return value
