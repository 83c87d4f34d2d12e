"""The interpreter of effects: the kernel operations bound to the Project's items
(``KERNEL``: gain, lose, pay, vp, choose, per, modify; `artemis.kernel.operations`), then one
small function per operation, quantity and target of the Project's own (docs/authoring.md
4.1-4.3, R39). The vocabulary registers each with its schema fragment.

An effect runs as the step ``("effect", player, effect, index, source)`` (`run_effect`): the
operation at ``index`` runs, and the rest of the effect follows unless the operation returns
False (a `pay` that cannot be met skips the rest). ``player`` is the acting player (None
for a board effect); ``source`` says where it comes from, e.g. ("reward", card index, reward
index).
"""

from __future__ import annotations

from functools import partial

from artemis.games.project.items import ITEMS
from artemis.games.project.records import BUILDING_CLAIMED
from artemis.games.project.rules import colonists as col
from artemis.games.project.rules.flow import TABLE, answer, ask, push, step
from artemis.games.project.state import DOORSTEP_MAX, SHELTERS, TYPES, Owned
from artemis.games.project.vocabulary import KERNEL_DESCRIPTIONS, KERNEL_EXAMPLES
from artemis.games.project.words import describe
from artemis.games.project.words import with_article as article
from artemis.kernel.actions import Action
from artemis.kernel.operations import KernelOps

# the core's code by name, read once by the vocabulary when it registers each operation,
# quantity and target; the interpreter reads them from the game's registry (game.registry), where
# a plugin's own stand beside them
RUNNERS: dict = {}
COUNTERS: dict = {}
SELECTORS: dict = {}


def _registrar(table: dict):
    """A decorator factory that files a function in ``table`` under a name."""
    def register(name):
        def deco(f):
            table[name] = f
            return f
        return deco
    return register


runner = _registrar(RUNNERS)
counter = _registrar(COUNTERS)
selector = _registrar(SELECTORS)


# the kernel operations (gain, lose, pay, vp, choose, per, modify) bound to the Project's
# items, in its words; they run the "effect" step and answer "choose" and "split"
KERNEL = KernelOps(ITEMS, describe, KERNEL_DESCRIPTIONS, KERNEL_EXAMPLES)
KERNEL.install(TABLE)
run_effect = KERNEL.run_effect
can_pay = KERNEL.can_pay
selectable = KERNEL.selectable
# pay_resources(game, player, n): ask how to pay n resources (Energy and Minerals in any mix)
# from what the player holds, the "split" question (the caller knows they can pay)
pay_resources = partial(KERNEL.pay_pool, "resources")


# -- colonists and buildings --------------------------------------------------------------------

@runner("gain_colonist")
def _gain_colonist(game, player, args, source):
    if args["from"] == "bag":
        col.gain_colonists(game, player, col.draw_from_bag(game, args.get("count", 1)))
    else:
        _, card, reward = source
        laid = game.state.cards[card].reward_colonists[reward]
        got = laid[:]
        laid[:] = [0, 0, 0, 0]
        col.gain_colonists(game, player, got)


@runner("lose_colonist")
def _lose_colonist(game, player, args, source):
    push(game, ("lose_colonist", player, args["count"]))


@step("lose_colonist")
def _lose_one(game, player, count=1):
    """Discard one of ``count`` colonists from the Shelters, the owner picking its type; the
    rest follow as one step after the answer while the Shelters hold another (one step per
    colonist discarded, however large the count; with no colonist, nothing is asked)."""
    p = game.state.players[player]
    if count > 1 and sum(p.shelters) > 1:  # after this one, another is there to lose
        push(game, ("lose_colonist", player, count - 1))
    ask(game, player, "discard", [Action("discard", (TYPES[t],), f"discard {article(TYPES[t])}")
                                  for t in range(4) if p.shelters[t]], player)


@answer("discard")
def _discard(game, action, player):
    t = TYPES.index(action.args[0])
    col.take(game, player, SHELTERS, t)
    game.state.discard[t] += 1
    game.emit("colonist_discarded", player=player, colonist=TYPES[t])


@runner("gain_building")
def _gain_building(game, player, args, source):
    _, card, reward = source
    tiles = game.state.cards[card].reward_tiles
    tile = tiles[reward]
    if tile is not None:
        tiles[reward] = None
        claim_building(game, player, tile)


def claim_building(game, player, tile) -> None:
    """``player`` gains building ``tile``: Shelter colonists may move in, then
    on_building_claimed fires (rulebook; docs/authoring.md 4.6)."""
    p = game.state.players[player]
    p.buildings.append(Owned(tile))
    if game.logging or game.observers:
        game.record((BUILDING_CLAIMED, player, tile))
    push(game, ("fill_building", player, len(p.buildings) - 1),
         ("game_event", "on_building_claimed", player, len(p.buildings) - 1))


@runner("relief")
def _relief(game, player, n, source):
    push(game, ("relief", player, n))  # rules/relief.py: one gain at a time, then the rest


# -- board effects -------------------------------------------------------------------------

@runner("stock")
def _stock(game, player, args, source):
    s = game.state
    region, amount = args["region"], args["amount"]
    if region in ("vents", "quarry"):
        before = getattr(s, region)
        setattr(s, region, max(0, before + amount))
        changed = getattr(s, region) - before
    elif amount > 0:
        room = max(0, DOORSTEP_MAX - sum(s.doorstep))
        drawn = col.draw_from_bag(game, min(amount, room))
        s.doorstep = [a + b for a, b in zip(s.doorstep, drawn, strict=True)]
        changed = sum(drawn)
    else:
        rng = s.rng["bag"]
        changed = -min(-amount, sum(s.doorstep))
        game.reveal()  # which colonists go back is random
        for _ in range(-changed):
            t = col.pick(rng, s.doorstep)
            s.doorstep[t] -= 1
            s.bag[t] += 1
    # the log says what happened, not what was asked (a full Doorstep takes nothing)
    if game.logging or game.observers:
        game.emit("stock", region=region, amount=changed, asked=amount)


# -- quantities ------------------------------------------------------------------------------

@counter("held")
def _held(game, player, args):
    return getattr(game.state.players[player], args["item"])


@counter("colonists")
def _colonists(game, player, args):
    counts = col.colony(game, player)
    return counts[TYPES.index(args["type"])] if "type" in args else sum(counts)


@counter("buildings")
def _buildings(game, player, args):
    n = 0
    for b in game.state.players[player].buildings:
        tile = game.catalog.by_id[b.tile]
        if "kind" in args and tile.kind != args["kind"]:
            continue
        if args.get("staffed") and not col.fully_staffed(tile.slots, b.staff):
            continue
        n += 1
    return n


@counter("dice_in")
def _dice_in(game, player, args):
    s = game.state
    region = args["region"]
    if region == "basecamp":
        return sum(1 for c in s.cards for d in c.dice if d.player == player)
    if region == "gantry":
        return sum(1 for g in s.gantry for pl, _ in g.dice if pl == player)
    if region == "academy":
        return sum(1 for a in s.academy if a is not None and a[0] == player)
    dice = {"vents": s.vents_dice, "quarry": s.quarry_dice, "doorstep": s.doorstep_dice,
            "outfitter": s.outfitter_dice}[region]
    return sum(1 for pl, _ in dice if pl == player)


def quantity(game, player, q) -> int:
    """Evaluate a quantity {name: args} for ``player``."""
    (name, args), = q.items()
    return game.registry.quantities[name].count(game, player, args)


# -- targets ---------------------------------------------------------------------------------

@selector("each_player")
def _each(game, arg):
    return game.state.turn_order()


@selector("players_with_most")
def _most(game, q):
    order = game.state.turn_order()
    values = {p: quantity(game, p, q) for p in order}
    top = max(values.values())
    return [p for p in order if values[p] == top] if top >= 1 else []


@selector("players_with_fewest")
def _fewest(game, q):
    order = game.state.turn_order()
    values = {p: quantity(game, p, q) for p in order}
    low = min(values.values())
    return [p for p in order if values[p] == low]


def targets(game, target) -> list[int]:
    """The players a clause target selects, in turn order, computed once (R18, R19)."""
    select = game.registry.targets
    if isinstance(target, str):
        return select[target].select(game, None)
    name, (qname, qargs) = target
    return select[name].select(game, {qname: qargs})
