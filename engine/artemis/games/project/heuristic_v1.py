"""The Project's heuristic of rules version 1 (`parts.Players.evaluate` for a game played under
that version, docs/rulings.md "Rules versions"): the greedy bot's reading before the heuristic
of `artemis.games.project.heuristic`, kept so that a version-1 save continued with greedy
seats plays on as it did. The score if the game ended now plus what is likely still to
come."""

from __future__ import annotations


def evaluate(game, seat: int) -> float:
    """A heuristic worth of ``seat``'s position, in VP: the score if the game ended now (VP
    plus every final-scoring step), plus what resources, Toolkits, Relief and producing Ocean
    buildings are likely still to bring, minus the best opponent's same figure."""
    from artemis.games.project.params import param
    from artemis.games.project.rules.colonists import fully_staffed
    from artemis.games.project.rules.scoring import final_scores

    s = game.state
    steps = final_scores(game)
    rounds_left = max(0, param(game, "rounds") - s.round)

    def worth(p) -> float:
        value = p.vp + sum(steps[p.seat].values())
        value += 0.35 * (p.energy + p.minerals) + 0.25 * p.toolkits + 0.3 * p.relief
        for b in p.buildings:
            tile = game.catalog.by_id[b.tile]
            if tile.kind == "ocean" and fully_staffed(tile.slots, b.staff):
                value += 0.8 * rounds_left
        return value

    dice = dice_on_board(game)
    mine = worth(s.players[seat]) + dice[seat]
    best_other = max(worth(p) + dice[p.seat] for p in s.players if p.seat != seat)
    return mine - best_other


RESOURCE, COLONIST, RELIEF, BADGE, REWARD, BUILDING, TRAINING = 0.35, 1.4, 0.9, 1.5, 2.5, 3.0, 1.2


def dice_on_board(game) -> dict[int, float]:
    """What each player's dice still on the board are likely to bring when their regions
    resolve, in VP: Exposure takes in order, the Gantry offer likely to buy each tile
    (`gantry_buyer`), the rank on each Expedition, a trainee at the Academy."""
    from artemis.games.project.params import param
    from artemis.games.project.rules.basecamp import difficulty, standings
    from artemis.games.project.rules.gantry import price

    s = game.state
    out = {p.seat: 0.0 for p in s.players}
    for stock, dice in ((s.vents, s.vents_dice), (s.quarry, s.quarry_dice)):
        for player, face in dice:
            take = min(face, stock)
            stock -= take
            out[player] += take * RESOURCE if take else RELIEF
    left = sum(s.doorstep)
    for player, face in s.doorstep_dice:
        cost = param(game, "doorstep_cost_per_colonist", player)
        k = min(game.catalog.board.doorstep[face], left,
                s.players[player].energy // cost if cost else left)
        left -= k
        out[player] += k * (COLONIST - cost * RESOURCE) if left or k else RELIEF
    for tile in s.gantry:
        buyer = gantry_buyer(game, tile)
        if buyer is not None:
            player, face = buyer
            out[player] += BUILDING - price(game, player, face) * RESOURCE
    for card in s.cards:
        if not card.dice:
            continue
        ranking = standings(card)
        total = sum(d.face + d.pioneers for d in card.dice)
        odds = min(1.0, total / max(1, difficulty(game, card)))
        for rank, (player, _, _) in enumerate(ranking):
            if rank < 2:
                out[player] += odds * (REWARD + BADGE) + (1 - odds) * RELIEF
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
