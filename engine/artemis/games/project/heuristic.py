"""The Project's heuristic worth of a position, in VP, for bots (`parts.Players.evaluate`): the
score if the game ended now, plus what the position is likely still to bring, minus the best
opponent's same figure.

It values what the rulebook's End of the Game rewards (docs/design.md; the scoring steps of
`artemis.games.project.rules.scoring`): buildings (a Surface tile's VP once fully staffed,
part of it while staffing goes on; Ocean tiles producing each round; the buildings chart),
colonists (each one toward the sets and a building's staff), Expedition badges by the badges
chart, and resources by what they still buy (Minerals a building, Energy colonists) while
rounds remain. Games of rules version 1 read `heuristic_v1` instead (`parts.Players.evaluate`).
"""

from __future__ import annotations

# VP a thing is worth while rounds remain (a later step or use counts it when it comes)
MINERAL, ENERGY, TOOLKIT, RELIEF_SPACE = 0.45, 0.4, 0.3, 0.3
COLONIST = 1.0  # a colonist owned: toward a set (3 VP for 4 types) and a building's staff
STAFFING = 0.6  # the share of an unfinished Surface tile's VP its staff already promise
OCEAN_ROUND = 0.9  # a fully staffed Ocean tile: what it produces, per round left
SET_TYPE = 0.6  # each colonist type held beyond the complete sets: a step toward the next


def evaluate(game, seat: int) -> float:
    """A heuristic worth of ``seat``'s position, in VP (see the module docstring): its
    `worth` plus what its dice on the board are likely to bring (`dice_on_board`), minus
    the best opponent's same figure."""
    return evaluate_all(game)[seat]


def evaluate_all(game) -> list[float]:
    """`evaluate` of every seat, by seat, from one reading of the position (a search scores
    each seat of every position it reaches): the same values, each player's worth counted
    once instead of once per seat."""
    from artemis.games.project.rules.scoring import final_scores

    steps = final_scores(game)
    dice = dice_on_board(game)
    players = game.state.players
    totals = [worth(game, p, steps) + dice[p.seat] for p in players]
    return [totals[seat] - max(t for other, t in enumerate(totals) if other != seat)
            for seat in range(len(players))]


def worth(game, p, steps: dict) -> float:
    """Player ``p``'s VP if the game ended now (``steps``: `final_scores`) plus, while rounds
    remain, what its resources, Toolkits, Relief, colonists and unfinished buildings
    promise."""
    from artemis.games.project.params import param
    from artemis.games.project.rules.colonists import fully_staffed
    from artemis.games.project.rules.scoring import _score_effect

    s = game.state
    value = p.vp + sum(steps[p.seat].values())
    rounds_left = max(0, param(game, "rounds") - s.round)
    if game.final is not None:
        return float(value)
    late = 0.35 if rounds_left == 0 else 1.0  # in the last round little is still bought
    value += late * (MINERAL * p.minerals + ENERGY * p.energy + TOOLKIT * p.toolkits
                     + RELIEF_SPACE * p.relief)
    owned = sum(p.shelters) + sum(p.arriving) + sum(sum(b.staff) for b in p.buildings)
    value += late * COLONIST * owned
    kinds = [p.shelters[t] + p.arriving[t] + sum(b.staff[t] for b in p.buildings)
             for t in range(len(p.shelters))]
    value += late * SET_TYPE * sum(1 for k in kinds if k > min(kinds))  # toward the next set
    by_id = game.catalog.by_id
    for b in p.buildings:
        tile = by_id[b.tile]
        if fully_staffed(tile.slots, b.staff):
            if tile.kind == "ocean":
                value += OCEAN_ROUND * rounds_left
        elif tile.kind == "surface" and tile.slots:
            vp = _score_effect(game, p.seat, tile.scoring)
            value += STAFFING * vp * sum(b.staff) / len(tile.slots)
        elif tile.kind == "ocean" and tile.slots:
            value += 0.5 * OCEAN_ROUND * rounds_left * sum(b.staff) / len(tile.slots)
    return value


RELIEF, REWARD, TRAINING = 0.9, 2.2, 1.2


def dice_on_board(game) -> dict[int, float]:
    """What each player's dice still on the board are likely to bring when their regions
    resolve, in VP: Exposure takes in order, the Gantry offer likely to buy each tile
    (`gantry_buyer`), the rank on each Expedition, a trainee at the Academy."""
    from artemis.games.project.params import param
    from artemis.games.project.rules.basecamp import difficulty, standings
    from artemis.games.project.rules.gantry import price

    s = game.state
    out = {p.seat: 0.0 for p in s.players}
    for stock, dice, worth_one in ((s.vents, s.vents_dice, ENERGY),
                                   (s.quarry, s.quarry_dice, MINERAL)):
        for player, face in dice:
            take = min(face, stock)
            stock -= take
            out[player] += take * worth_one if take else RELIEF
    left = sum(s.doorstep)
    for player, face in s.doorstep_dice:
        cost = param(game, "doorstep_cost_per_colonist", player)
        k = min(game.catalog.board.doorstep[face], left,
                s.players[player].energy // cost if cost else left)
        left -= k
        out[player] += k * (COLONIST + 1.0 - cost * ENERGY) if left or k else RELIEF
    for tile in s.gantry:
        buyer = gantry_buyer(game, tile)
        if buyer is not None:
            player, face = buyer
            out[player] += _building(game, player, tile) - price(game, player, face) * MINERAL
    for card in s.cards:
        if not card.dice:
            continue
        ranking = standings(card)
        total = sum(d.face + d.pioneers for d in card.dice)
        odds = min(1.0, total / max(1, difficulty(game, card)))
        for rank, (player, _, _) in enumerate(ranking):
            if rank < 2:
                out[player] += odds * (REWARD + _badge(game, player)) + (1 - odds) * RELIEF
            else:
                out[player] += RELIEF
    for space in s.academy:
        if space is not None:
            out[space[0]] += TRAINING
    return out


def gantry_buyer(game, tile) -> tuple[int, int] | None:
    """The (player, face) the heuristic expects to buy a Gantry tile, or None (The
    Resolution Phase, 4. Gantry; R8): the first offer its owner can pay, die by die, so a
    leader short of Minerals leaves the tile to the next die. With ``gantry_decliner_out``
    (rules version 1, the ``old_rulings`` variant) it is the estimate the greedy bot made
    under that version, the top die alone if its owner can pay, so that a version-1 save
    continued with greedy seats plays on as it did."""
    from artemis.games.project.params import param
    from artemis.games.project.rules.gantry import offers, price

    minerals = [p.minerals for p in game.state.players]
    if param(game, "gantry_decliner_out"):
        if not tile.dice:
            return None
        chosen = [max(tile.dice, key=lambda d: d[1])]  # the first top die in placement order
    else:
        chosen = offers(game, tile)
    for player, face in chosen:
        if minerals[player] >= price(game, player, face):
            return player, face
    return None


def _badge(game, player: int) -> float:
    """What one more Expedition badge adds on the badges chart (End of the Game, step 6)."""
    board = game.catalog.board
    badges = game.state.players[player].badges
    return (board.chart_value(board.chart_badges, badges + 1)
            - board.chart_value(board.chart_badges, badges))


def _building(game, player: int, tile) -> float:
    """What buying a Gantry tile is worth before it is staffed: one more building on the
    buildings chart (step 3) and part of what it brings once staffed."""
    from artemis.games.project.params import param
    from artemis.games.project.rules.scoring import _score_effect

    board = game.catalog.board
    n = len(game.state.players[player].buildings)
    value = (board.chart_value(board.chart_buildings, n + 1)
             - board.chart_value(board.chart_buildings, n))
    item = game.catalog.by_id[tile.tile]
    rounds_left = max(0, param(game, "rounds") - game.state.round)
    if item.kind == "surface":
        value += 0.5 * _score_effect(game, player, item.scoring)
    else:
        value += 0.5 * OCEAN_ROUND * rounds_left
    return value
