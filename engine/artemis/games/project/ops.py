"""The interpreter of effects: one small function per operation, quantity and target
(content-data.md 2.2-2.4, R39). The vocabulary registers each with its schema fragment.

An effect runs as the step ``("effect", player, effect, index, source)``: the operation at
``index`` runs, and the rest of the effect follows unless the operation returns False (a `pay`
that cannot be met skips the rest, 2.2). ``player`` is the acting player (None for a board
effect); ``source`` says where it comes from, e.g. ("reward", card index, reward index).
"""

from __future__ import annotations

from artemis.games.project.rules import colonists as col
from artemis.games.project.rules.flow import answer, ask, push, step
from artemis.games.project.state import DOORSTEP_MAX, SHELTERS, TYPES
from artemis.games.project.words import with_article as article
from artemis.kernel.actions import Action

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


def run_effect(game, player, effect, source=None) -> None:
    """Schedule ``effect`` (a tuple of Steps) for the acting ``player``."""
    if effect:
        push(game, ("effect", player, effect, 0, source))


@step("effect")
def _effect(game, player, effect, index, source) -> None:
    s = effect[index]
    mark = len(game.tasks)
    go_on = game.registry.operations[s.op].run(game, player, s.args, source)
    if go_on is not False and index + 1 < len(effect):
        game.tasks.insert(mark, ("effect", player, effect, index + 1, source))


# -- items ---------------------------------------------------------------------------------

def _give(game, player, item, n) -> None:
    p = game.state.players[player]
    setattr(p, item, getattr(p, item) + n)
    if n:
        game.emit("gain" if n > 0 else "lose", player=player, item=item, amount=abs(n))


@runner("gain")
def _gain(game, player, items, source):
    for item in ("energy", "minerals", "toolkits"):
        if item in items:
            _give(game, player, item, items[item])
    if "resources" in items:
        n = items["resources"]
        ask(game, player, "split", [Action("split", (e,), f"{e} Energy and {n - e} Minerals")
                                    for e in range(n, -1, -1)], (player, n, 1))


def can_pay(game, player, items) -> bool:
    """Whether ``player`` can pay ``items`` in full (R39)."""
    p = game.state.players[player]
    e, m = p.energy - items.get("energy", 0), p.minerals - items.get("minerals", 0)
    return (e >= 0 and m >= 0 and p.toolkits >= items.get("toolkits", 0)
            and e + m >= items.get("resources", 0))


@runner("pay")
def _pay(game, player, items, source):
    if not can_pay(game, player, items):
        game.emit("pay_failed", player=player)
        return False
    for item in ("energy", "minerals", "toolkits"):
        if item in items:
            _give(game, player, item, -items[item])
    if items.get("resources"):
        _split_cost(game, player, items["resources"])
    return True


def _split_cost(game, player, n) -> None:
    p = game.state.players[player]
    options = [Action("split", (e,), f"pay {e} Energy and {n - e} Minerals")
               for e in range(min(n, p.energy), -1, -1) if n - e <= p.minerals]
    ask(game, player, "split", options, (player, n, -1))


@runner("lose")
def _lose(game, player, items, source):
    p = game.state.players[player]
    for item in ("energy", "minerals", "toolkits"):
        if item in items:
            _give(game, player, item, -min(items[item], getattr(p, item)))
    n = items.get("resources", 0)
    if n:
        if p.energy + p.minerals <= n:
            _give(game, player, "energy", -p.energy)
            _give(game, player, "minerals", -p.minerals)
        else:
            _split_cost(game, player, n)


@answer("split")
def _split(game, action, ctx):
    player, n, sign = ctx
    e = action.args[0]
    _give(game, player, "energy", sign * e)
    _give(game, player, "minerals", sign * (n - e))


@runner("vp")
def _vp(game, player, n, source):
    game.state.players[player].vp += n
    game.emit("vp", player=player, amount=n, source=list(source or ()))


# -- choices and repetition ------------------------------------------------------------------

def selectable(game, player, effect) -> bool:
    """An option is selectable unless it begins with a `pay` the player cannot meet (R39)."""
    return not (effect and effect[0].op == "pay" and not can_pay(game, player, effect[0].args))


@runner("choose")
def _choose(game, player, options, source):
    from artemis.games.project.words import describe

    acts = [Action("choose", (i,), (describe, opt)) for i, opt in enumerate(options)
            if selectable(game, player, opt)]
    ask(game, player, "choose", acts, (player, options, source))


@answer("choose")
def _chosen(game, action, ctx):
    player, options, source = ctx
    run_effect(game, player, options[action.args[0]], source)


@runner("per")
def _per(game, player, args, source):
    (qname, qargs), = args["count"].items()
    value = game.registry.quantities[qname].count(game, player, qargs)
    times = value // args["every"]
    if "max" in args:
        times = min(times, args["max"])
    for _ in range(times):
        run_effect(game, player, args["effect"], source)


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
    for _ in range(args["count"]):
        push(game, ("lose_colonist", player))


@step("lose_colonist")
def _lose_one(game, player):
    p = game.state.players[player]
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
    on_building_claimed fires (rulebook; content-data.md 2.8)."""
    from artemis.games.project.state import Owned

    p = game.state.players[player]
    p.buildings.append(Owned(tile))
    game.emit("building_claimed", player=player, tile=tile)
    push(game, ("fill_building", player, len(p.buildings) - 1),
         ("game_event", "on_building_claimed", player, len(p.buildings) - 1))


@runner("relief")
def _relief(game, player, n, source):
    for _ in range(n):
        push(game, ("relief", player))


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
        for _ in range(-changed):
            t = col.pick(rng, s.doorstep)
            s.doorstep[t] -= 1
            s.bag[t] += 1
    # the log says what happened, not what was asked (a full Doorstep takes nothing)
    game.emit("stock", region=region, amount=changed, asked=amount)


@runner("modify")
def _modify(game, player, args, source):
    from artemis.games.project.catalog import Modifier

    mode = "set" if "set" in args else "add"
    game.state.event_modifiers.append(Modifier(args["param"], mode, args[mode]))
    game.emit("modify", param=args["param"], mode=mode, value=args[mode])


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
