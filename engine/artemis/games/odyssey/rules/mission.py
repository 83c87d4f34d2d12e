"""The solo Mission (rulebook, Solo Rules, Setup 6 and Winning the Game; docs/odyssey-rulings.md
OR16, OR31): which Mission is played, and whether its goals are met once round 13's End of the
Round is over.

A goal is data (the content's `missions`: ``{quantity, at_least}``); its quantity is one of
the vocabulary's named quantities (`artemis.games.odyssey.vocabulary.QUANTITIES`), counted
through the registry for the solo player, so a Mission of a fan pack needs no code.
"""

from __future__ import annotations

from artemis.util.frozen import thaw

#: The config option's value that draws the Mission with the ``setup`` stream.
RANDOM = "random"


def mission_ids(catalog) -> list[str]:
    """The ids of the Missions in the catalog, in load order."""
    return [m.id for m in catalog.missions]


def choose_mission(game, rng) -> str:
    """The Mission of a solo game: the config option ``mission`` (an id), or for ``random``
    or none one drawn with ``rng`` (the ``setup`` stream, OR24). Raises the kernel's
    OptionError for an id the catalog does not hold, naming the valid ones."""
    wanted = game.config.options.get("mission")
    ids = mission_ids(game.catalog)
    if wanted is None or wanted == RANDOM:
        return rng.choice(ids)
    if wanted not in ids:
        from artemis.content.problems import did_you_mean
        from artemis.kernel.game import OptionError

        raise OptionError(f"option mission: no Mission '{wanted}'; the Missions are "
                          f"{', '.join(ids)} (or {RANDOM})", ("mission",),
                          did_you_mean(wanted, ids) or f"name a Mission id or {RANDOM}")
    return wanted


def goal_value(game, seat: int, goal) -> int:
    """The value of ``goal``'s quantity for ``seat`` now (the registry's count)."""
    name, params = goal.quantity
    return game.registry.quantities[name].count(game, seat, params)


def check(game, seat: int = 0) -> dict:
    """The Mission's outcome for ``seat`` now: {"id", "name", "won", "goals": [{"quantity":
    name, "params": {...}, "at_least", "value", "met"}]}; ``won`` when every goal is met
    (Solo Rules, Winning the Game). Raises KeyError when the game has no Mission."""
    mission = game.catalog.by_id[game.state.mission]
    goals = []
    for goal in mission.goals:
        value = goal_value(game, seat, goal)
        name, params = goal.quantity
        goals.append({"quantity": name, "params": thaw(params), "at_least": goal.at_least,
                      "value": value, "met": value >= goal.at_least})
    return {"id": mission.id, "name": mission.name, "won": all(g["met"] for g in goals),
            "goals": goals}


def goal_line(goal: dict) -> str:
    """One goal's outcome in words: "VP: 48 (at least 50): not met"."""
    from artemis.games.odyssey.words import describe_quantity

    what = describe_quantity({goal["quantity"]: goal["params"]})
    return (f"{what}: {goal['value']} (at least {goal['at_least']}): "
            + ("met" if goal["met"] else "not met"))


def mission_lines(outcome: dict) -> list[str]:
    """The Mission's outcome for people: "Mission Trailblazer: won", then a line per goal."""
    head = f"Mission {outcome['name']}: {'won' if outcome['won'] else 'lost'}"
    return [head, *(f"  {goal_line(g)}" for g in outcome["goals"])]
