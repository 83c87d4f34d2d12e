"""The Exposure mechanism: the Vents, the Quarry and the Doorstep (rulebook, Resolution 2, 3
and 5; R9, R26). One mechanism, three regions with their own board data: dice resolve left to
right; a die that finds its region empty is exposed and its owner gains 1 on the Relief Track.
"""

from __future__ import annotations

from artemis.games.project.params import param
from artemis.games.project.records import EXPOSED, HARVESTED, RECRUITED
from artemis.games.project.regions import TABLE
from artemis.games.project.rules import colonists as col
from artemis.games.project.rules.flow import answer, ask, push, step
from artemis.games.project.state import TYPES
from artemis.games.project.words import with_article as article
from artemis.kernel.actions import Action

# region -> (state attribute of the stock, state attribute of the dice, item gained)
HARVEST = {r.id: (r.stock_field, r.dice_field, r.stock) for r in TABLE if r.stock is not None}


@step("exposure")
def resolve_exposure(game, region: str) -> None:
    """Schedule each die of ``region`` left to right, then clear the region's dice."""
    dice = getattr(game.state, f"{region}_dice")
    push(game, *[("exposure_die", region, player, face) for player, face in dice],
         ("clear_dice", region))


@step("clear_dice")
def clear_dice(game, region: str) -> None:
    setattr(game.state, f"{region}_dice", [])


@step("exposure_die")
def resolve_die(game, region: str, player: int, face: int) -> None:
    s = game.state
    if region in HARVEST:
        stock, _, item = HARVEST[region]
        have = getattr(s, stock)
        take = min(face, have)
        if take == 0:
            if game.logging or game.observers:
                game.record((EXPOSED, player, region, face))
            push(game, ("relief", player))
            return
        setattr(s, stock, have - take)
        p = s.players[player]
        setattr(p, item, getattr(p, item) + take)
        if game.logging or game.observers:
            game.record((HARVESTED, player, item, take, region, face))
        return
    # the Doorstep (R9): recruit up to the table limit, paying per colonist
    if sum(s.doorstep) == 0:
        if game.logging or game.observers:
            game.record((EXPOSED, player, region, face))
        push(game, ("relief", player))
        return
    limit = game.catalog.board.doorstep[face]
    push(game, ("recruit", player, limit))


@step("recruit")
def ask_recruit(game, player: int, left: int) -> None:
    """One colonist type at a time, or stop (docs/design.md)."""
    s = game.state
    cost = param(game, "doorstep_cost_per_colonist", player)
    options = [_STOP]
    if left > 0 and s.players[player].energy >= cost:
        for t in range(4):
            if s.doorstep[t]:
                action = _RECRUITS.get((t, cost))
                if action is None:  # made once per type and cost, then shared
                    action = _RECRUITS[(t, cost)] = Action("recruit", (TYPES[t],),
                                                           (_recruit_label, t, cost))
                options.append(action)
    ask(game, player, "recruit", options, (player, left))


_STOP = Action("recruit", ("stop",), "stop recruiting")  # shared: Actions are immutable values
_RECRUITS: dict[tuple[int, int], Action] = {}  # (type, Energy cost): the recruit's answer


def _recruit_label(t: int, cost: int) -> str:
    return f"recruit {article(TYPES[t])} for {cost} Energy"


@answer("recruit")
def _recruit(game, action: Action, ctx) -> None:
    player, left = ctx
    if action.args[0] == "stop":
        return
    s = game.state
    t = TYPES.index(action.args[0])
    cost = param(game, "doorstep_cost_per_colonist", player)
    s.players[player].energy -= cost
    s.doorstep[t] -= 1
    if game.logging or game.observers:
        game.record((RECRUITED, player, TYPES[t], cost))
    push(game, ("recruit", player, left - 1))
    col.gain_colonists(game, player, [int(t == i) for i in range(4)])
