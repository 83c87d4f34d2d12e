"""Gantry resolution (rulebook, Resolution 4; R7, R8, R32): tile by tile in reveal order,
offers per player from the highest die down; relief for players outbid by the buyer."""

from __future__ import annotations

from artemis.games.project.ops import claim_building
from artemis.games.project.params import param
from artemis.games.project.rules.flow import answer, ask, push, step
from artemis.kernel.actions import Action


def price(game, player: int, face: int) -> int:
    """Die face plus the player's gantry_price_adjust, at least 0 (docs/authoring.md 4.5)."""
    return max(0, face + param(game, "gantry_price_adjust", player))


@step("gantry")
def resolve_gantry(game) -> None:
    s = game.state
    push(game, *[("gantry_tile", g.tile) for g in s.gantry if g.dice])


def _bidders(tile) -> list[tuple[int, int]]:
    """(player, highest die) by highest die, descending."""
    best: dict[int, int] = {}
    for player, face in tile.dice:
        best[player] = max(face, best.get(player, 0))
    return sorted(best.items(), key=lambda kv: -kv[1])


@step("gantry_tile")
def resolve_tile(game, tile_id: str, declined: tuple = ()) -> None:
    s = game.state
    tile = next(g for g in s.gantry if g.tile == tile_id)
    for player, face in _bidders(tile):
        if player in declined:
            continue
        cost = price(game, player, face)
        name = game.catalog.by_id[tile_id].name
        options = [Action("buy", ("decline",), f"decline {name}")]
        if s.players[player].minerals >= cost:
            options.insert(0, Action("buy", ("buy",), f"buy {name} for {cost} Minerals"))
        ask(game, player, "buy", options, (tile_id, player, face, cost, declined))
        return
    tile.dice = []  # nobody bought it: it stays on the Gantry (R8)
    game.emit("gantry_unsold", tile=tile_id)


@answer("buy")
def _buy(game, action: Action, ctx) -> None:
    tile_id, player, face, cost, declined = ctx
    s = game.state
    if action.args[0] == "decline":
        game.emit("gantry_declined", player=player, tile=tile_id)
        push(game, ("gantry_tile", tile_id, (*declined, player)))
        return
    tile = next(g for g in s.gantry if g.tile == tile_id)
    outbid = [p for p, f in _bidders(tile) if p != player and p not in declined and f < face]
    s.gantry.remove(tile)
    s.players[player].minerals -= cost
    game.emit("gantry_bought", player=player, tile=tile_id, price=cost)
    # relief after the claim, in descending order of each outbid player's highest die (R32)
    push(game, *[("relief", p) for p in outbid])
    claim_building(game, player, tile_id)
