"""The Project's score bounds (docs/design.md, "Score bounds"): the least and the most VP a
seat can end a game with, from the rulebook and the content catalog, for tools that normalise
rewards.

A seat's VP is what the `vp` operations of content effects give it in play, the Stewards'
VP of an Expedition (R4), and the seven steps of final scoring (rulebook, End of the Game).
Each source is bounded by the most one resolution gives (`most_vp`: a per at most its max,
a choose its best option) times the most resolutions a seat gets:

- a building's upkeep: once a round (R33), every upkeep tile owned, ``rounds`` rounds;
- a trigger: ``on_building_claimed`` once a building claimed, at most every tile of the
  catalog; ``on_expedition_success`` once a card succeeded, players - 1 cards a round;
- an Expedition's rewards: both of a card's (a lone player takes both, R32), players - 1
  cards a round; its Stewards: one VP each, at most the five dice a seat places a round;
- an Event: one a round, each clause once for each seat it targets;
- the Relief Track: one reward a space gained, at most its spaces;
- final scoring: saved resources at most 3 + 3, every scoring tile's scoring, the charts'
  highest columns (counts past the end score the last), colonist sets and leftovers at most
  what the box holds (3 a set of four types, 1 a further three), the most Toolkits 2.

The least is the same sum of the negative parts (`least_vp`): the base game's only one is
the badge chart's 0-badge column. A game with a plugin's scoring item or a trigger on another
game event has no declared bounds (`NoScoreBounds`, naming it).
"""

from __future__ import annotations

from artemis.games.project.rules.placement import DICE_PER_PLAYER
from artemis.games.project.rules.scoring import colonist_points
from artemis.kernel.action_space import space_game
from artemis.kernel.operations import MAX_PER
from artemis.kernel.ruleset import NoScoreBounds

KNOWN_TRIGGERS = ("on_building_claimed", "on_expedition_success")


def most_vp(effect, sign: int = 1) -> int:
    """The most VP (``sign`` -1: the least, as a number <= 0) one resolution of ``effect``
    gives its player: each ``vp`` of that sign, a ``per`` its effect at most ``max`` times
    (`MAX_PER` without one), a ``choose`` its best option."""
    total = 0
    for st in effect or ():
        if st.op == "vp":
            total += st.args if st.args * sign > 0 else 0
        elif st.op == "per":
            times = min(st.args.get("max", MAX_PER), MAX_PER)
            total += times * most_vp(st.args["effect"], sign)
        elif st.op == "choose":
            options = [most_vp(option, sign) for option in st.args]
            total += (max if sign > 0 else min)(options, default=0)
    return total


def least_vp(effect) -> int:
    """The least VP (<= 0) one resolution of ``effect`` gives: `most_vp` of the losses."""
    return most_vp(effect, -1)


def score_bounds(config) -> tuple[int, int]:
    """(lowest, highest) VP of a seat in a game of ``config`` (module docstring). Raises
    NoScoreBounds for a plugin's scoring item or an unknown trigger, ConfigError for a bad
    config."""
    from artemis.games.project.params import param

    game = space_game(config)
    if game.scoring_items:
        names = ", ".join(name for name, _ in game.scoring_items)
        raise NoScoreBounds(f"The Artemis Project with a plugin's scoring items ({names}) "
                            "declares no score bounds: their points are the plugin's")
    catalog = game.catalog
    n = game.config.players
    rounds = param(game, "rounds")
    tiles = catalog.buildings
    for tile in tiles:
        if tile.trigger and tile.trigger.on not in KNOWN_TRIGGERS:
            raise NoScoreBounds(f"The Artemis Project with a trigger on '{tile.trigger.on}' "
                                f"({tile.id}) declares no score bounds")
    cards = (n - 1) * rounds

    def in_play(vp) -> int:
        triggers = {on: sum(vp(t.trigger.effect) for t in tiles
                            if t.trigger and t.trigger.on == on) for on in KNOWN_TRIGGERS}
        return (rounds * sum(vp(t.upkeep) for t in tiles if t.upkeep)
                + len(tiles) * triggers["on_building_claimed"]
                + cards * triggers["on_expedition_success"]
                + cards * max((vp(x.rewards[0]) + vp(x.rewards[1]) for x in
                               catalog.expeditions), key=abs, default=0)
                + rounds * max((sum(vp(c.effect) for c in e.clauses) for e in
                                catalog.events), key=abs, default=0)
                + len(catalog.relief_track) * max((vp(sp.reward) for sp in
                                                   catalog.relief_track), key=abs, default=0)
                + sum(vp(t.scoring) for t in tiles if t.scoring))

    board = catalog.board
    box = [c.count for c in board.components]
    highest = (in_play(most_vp) + rounds * DICE_PER_PLAYER  # the Stewards' VP (R4)
               + 3 + 3 + max(board.chart_buildings) + sum(colonist_points(box))
               + max(board.chart_badges) + 2)
    lowest = in_play(least_vp) + min(0, min(board.chart_buildings)) + min(board.chart_badges)
    return lowest, highest
