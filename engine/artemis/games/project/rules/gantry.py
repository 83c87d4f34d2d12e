"""Gantry resolution (rulebook, The Resolution Phase, 4. Gantry; R7, R8, R32): tile by tile in
reveal order, offers from the highest die down; relief for players outbid by the buyer.

R8: the offer goes die by die, as the rulebook says ("the option goes to the player with the
next-highest value die, and so on"), so a player who declines one die may be offered the tile
again at a lower die of theirs. Rules version 1 took a decliner out for the whole tile; the
``gantry_decliner_out`` parameter (the ``old_rulings`` variant) keeps that reading.
"""

from __future__ import annotations

from operator import itemgetter

from artemis.games.project.ops import claim_building
from artemis.games.project.params import param
from artemis.games.project.records import (
    GANTRY_BOUGHT,
    GANTRY_DECLINED,
    GANTRY_DECLINED_AT,
    GANTRY_UNSOLD,
)
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
    return sorted(best.items(), key=_FACE, reverse=True)  # stable, reversed or not


def offers(game, tile) -> list[tuple[int, int]]:
    """The offers of a tile in the order they are made, as (player, face): every die from the
    highest down (rulebook; R8), or, with ``gantry_decliner_out``, each player's highest die
    only, since a player who turns one down is out for the tile (rules version 1)."""
    if len(tile.dice) == 1:  # one die: both readings offer it alone (the parameter is not read)
        return tile.dice[:]
    if param(game, "gantry_decliner_out"):
        return _bidders(tile)
    # stable (reverse keeps it so): equal faces in placement order
    return sorted(tile.dice, key=_FACE, reverse=True)


_FACE = itemgetter(1)  # of a (player, face) pair


def _on_gantry(s, tile_id: str):
    """The Gantry tile ``tile_id`` being resolved (a loop: no generator frame per offer)."""
    for g in s.gantry:
        if g.tile == tile_id:
            return g
    raise ValueError(f"tile {tile_id} is not on the Gantry")


@step("gantry_tile")
def resolve_tile(game, tile_id: str, declined: tuple = ()) -> None:
    """Offer the tile to the next (player, face) of `offers` not in ``declined`` (the offers
    already turned down or unaffordable); a tile nobody buys stays on the Gantry (R8)."""
    s = game.state
    tile = _on_gantry(s, tile_id)
    for player, face in offers(game, tile):
        if (player, face) in declined:
            continue
        cost = price(game, player, face)
        buy, decline = _offer(game.catalog.by_id[tile_id].name, cost)
        options = [buy, decline] if s.players[player].minerals >= cost else [decline]
        ask(game, player, "buy", options, (tile_id, player, face, cost, declined))
        return
    tile.dice = []  # nobody bought it: it stays on the Gantry (R8)
    if game.logging or game.observers:
        game.record((GANTRY_UNSOLD, tile_id))


def _offer(name: str, cost: int) -> tuple[Action, Action]:
    """The answers to an offer of the tile ``name`` at ``cost`` Minerals: buy, decline. Made
    once per name and cost (Actions are immutable values), so an offer makes no new ones."""
    key = (name, cost)
    made = _OFFERS.get(key)
    if made is None:
        if len(_OFFERS) >= 4096:  # bounded: a catalog has a few dozen tiles
            _OFFERS.clear()
        made = _OFFERS[key] = (Action("buy", ("buy",), f"buy {name} for {cost} Minerals"),
                               Action("buy", ("decline",), f"decline {name}"))
    return made


_OFFERS: dict[tuple[str, int], tuple[Action, Action]] = {}


@answer("buy")
def _buy(game, action: Action, ctx) -> None:
    tile_id, player, face, cost, declined = ctx
    s = game.state
    if action.args[0] == "decline":
        if game.logging or game.observers:  # here the parameter changes the record only
            if param(game, "gantry_decliner_out"):
                game.record((GANTRY_DECLINED, player, tile_id))
            else:  # the same player may be offered the tile again at a lower die
                game.record((GANTRY_DECLINED_AT, player, tile_id, face))
        push(game, ("gantry_tile", tile_id, (*declined, (player, face))))
        return
    tile = _on_gantry(s, tile_id)
    # outbid: a die below the buying one, and never offered the tile: a player who declined or
    # could not pay gains nothing (rulebook); every die offered was above the buying die, so
    # "not offered" is "not among the decliners"
    refused = {p for p, _ in declined}
    outbid = [p for p, f in _bidders(tile) if p != player and p not in refused and f < face]
    s.gantry.remove(tile)
    s.players[player].minerals -= cost
    if game.logging or game.observers:
        game.record((GANTRY_BOUGHT, player, tile_id, cost))
    # relief after the claim, in descending order of each outbid player's highest die (R32)
    push(game, *[("relief", p) for p in outbid])
    claim_building(game, player, tile_id)
