"""End of the Game: final scoring in the rulebook's seven steps, then the tie-break (R15, R24).
"""

from __future__ import annotations

from artemis.games.project.rules import colonists as col
from artemis.games.project.rules.flow import step

STEPS = ("saved_resources", "surface_buildings", "buildings", "colonist_sets",
         "leftover_colonists", "badges", "most_toolkits")


def _score_effect(game, player: int, effect) -> int:
    """VP of a scoring effect (only vp and per -> vp: docs/authoring.md 4.4), evaluated without
    side effects."""
    total = 0
    for st in effect:
        if st.op == "vp":
            total += st.args
        elif st.op == "per":
            (qname, qargs), = st.args["count"].items()
            times = (game.registry.quantities[qname].count(game, player, qargs)
                     // st.args["every"])
            if "max" in st.args:
                times = min(times, st.args["max"])
            total += times * _score_effect(game, player, st.args["effect"])
    return total


def colonist_points(counts: list[int]) -> tuple[int, int]:
    """End of the Game, steps 4 and 5, of a colony's colonist counts by type (four ints):
    (3 VP a complete set of the four types, 1 VP every 3 colonists left over)."""
    sets = min(counts)
    return 3 * sets, (sum(counts) - 4 * sets) // 3


def final_scores(game) -> dict[int, dict[str, int]]:
    """Points of each step for each player (rulebook, End of the Game)."""
    s = game.state
    board = game.catalog.board
    out = {}
    for p in s.players:
        pts = {}
        pts["saved_resources"] = min(3, p.energy // 5) + min(3, p.minerals // 5)
        surface = 0
        for b in p.buildings:
            tile = game.catalog.by_id[b.tile]
            if tile.kind == "surface" and col.fully_staffed(tile.slots, b.staff):
                surface += _score_effect(game, p.seat, tile.scoring)
        pts["surface_buildings"] = surface
        pts["buildings"] = board.chart_value(board.chart_buildings, len(p.buildings))
        pts["colonist_sets"], pts["leftover_colonists"] = colonist_points(
            col.colony(game, p.seat))
        pts["badges"] = board.chart_value(board.chart_badges, p.badges)
        out[p.seat] = pts
    most = max(p.toolkits for p in s.players)
    for p in s.players:
        out[p.seat]["most_toolkits"] = 2 if p.toolkits == most else 0
        for name, points in game.scoring_items:  # plugins' items, after the seven steps
            out[p.seat][name] = points(game, p.seat)
    return out


@step("final_scoring")
def final_scoring(game) -> None:
    s = game.state
    s.phase = "over"
    scores = final_scores(game)
    for p in s.players:
        p.vp += sum(scores[p.seat].values())
    order = s.log_round_turn_order or s.turn_order()
    ranking = sorted(order, key=lambda seat: (-s.players[seat].vp, order.index(seat)))
    game.final = {"steps": scores, "ranking": ranking}
    game.emit("final_scoring", steps={str(k): v for k, v in scores.items()},
              totals={str(p.seat): p.vp for p in s.players}, winner=ranking[0])
