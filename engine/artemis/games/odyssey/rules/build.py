"""Build (rulebook, The Actions: Build; OR1, OR11, OR13, OR29): the Planner builds up to two
Assets, then calls each other player with a legal build to build at most one (B2,
`artemis.games.odyssey.rules.calls`). Each build is
one answer (B1): the Asset, the planet and the cards paid."""

from __future__ import annotations

from artemis.games.odyssey.ops import KERNEL
from artemis.games.odyssey.rules.calls import calling, calls
from artemis.games.odyssey.rules.flow import answer, ask, push, step
from artemis.games.odyssey.rules.galaxy import ALIEN
from artemis.games.odyssey.rules.track import move
from artemis.games.odyssey.state import ASSET_INDEX, COLONY, FACTORY, STARSHIP, TERRAFORMER
from artemis.games.odyssey.variants import rule
from artemis.games.odyssey.vocabulary import ASSET_NAMES, ASSETS, ORES, PLANET_NAMES, RESOURCES

TERRAFORMABLE = ("water", "food", ALIEN)  # rulebook, Build: Terraformer


def placements(state, seat: int, asset: str, one_terraformer: bool = False) -> list:
    """The planets where ``seat`` may build ``asset`` (rulebook, Build; OR11, OR13)."""
    out = []
    for p in state.planets:
        if p.owner != seat:
            continue
        pc = p.pieces
        if asset == "colony":
            ok = (pc[STARSHIP] or pc[TERRAFORMER]) and not (pc[COLONY] or pc[FACTORY])
        elif asset == "factory":
            ok = pc[COLONY] > 0
        elif asset == "starship":
            ok = True
        else:
            ok = (p.type in TERRAFORMABLE and (pc[COLONY] or pc[FACTORY] or pc[STARSHIP])
                  and not (one_terraformer and pc[TERRAFORMER]))
        if ok:
            out.append(p)
    return out


def payments(res: list[int], cost: dict) -> list[tuple[str, ...]]:
    """Every way to pay ``cost`` (a Resource map; ``ore`` any Ore) from ``res``: sorted
    tuples of Resource ids, one per card; [] when it cannot be paid."""
    need = [0] * 6
    for item, n in cost.items():
        if item != "ore":
            need[RESOURCES.index(item)] += n
    if any(need[i] > res[i] for i in range(6)):
        return []
    fixed = [r for i, r in enumerate(RESOURCES) for _ in range(need[i])]
    ores = cost.get("ore", 0)
    if not ores:
        return [tuple(fixed)]
    out = []

    def pick(k: int, start: int, chosen: list) -> None:
        if k == 0:
            out.append(tuple(sorted(fixed + chosen, key=RESOURCES.index)))
            return
        for j in range(start, len(ORES)):
            i = RESOURCES.index(ORES[j])
            if res[i] - need[i] - chosen.count(ORES[j]) > 0:
                pick(k - 1, j, [*chosen, ORES[j]])

    pick(ores, 0, [])
    return out


def cost_of(game, asset: str, cost) -> list[dict]:
    """The cost maps a build of ``asset`` may be paid with: ``cost`` "normal" (the Asset's),
    "free", "minus_one" (the Asset's less any one card) or a Resource map."""
    base = dict(next(a for a in game.catalog.assets if a.id == asset).cost)
    if cost == "normal":
        return [base]
    if cost == "free":
        return [{}]
    if cost == "minus_one":
        out = []
        for item in base:
            less = dict(base)
            less[item] -= 1
            out.append({k: v for k, v in less.items() if v})
        return out
    return [dict(cost)]


def builds(game, seat: int, types=ASSETS, cost="normal") -> list:
    """B1's answers for ``seat``: (Asset, planet id, cards paid) for every Asset of ``types``
    with a piece in supply, legal placement and payment."""
    s = game.state
    p = s.players[seat]
    one = bool(rule(game, "one_terraformer_per_planet"))
    out = []
    for asset in types:
        if not p.supply[ASSET_INDEX[asset]]:
            continue
        pays = sorted({pay for c in cost_of(game, asset, cost) for pay in payments(p.res, c)})
        if not pays:
            continue
        for planet in placements(s, seat, asset, one):
            out.extend((asset, planet.id, pay) for pay in pays)
    return out


def _label(asset: str, planet: str, pay: tuple) -> str:
    paid = " + ".join(PLANET_NAMES[r] for r in pay) if pay else "nothing"
    return f"build a {ASSET_NAMES[asset][0]} on {planet}, paying {paid}"


def build_options(game, seat: int, types=ASSETS, cost="normal", stop: bool = True) -> list:
    from artemis.kernel.actions import Action

    acts = [Action("build", (a, planet, "+".join(pay) or "free"), (_label, a, planet, pay))
            for a, planet, pay in builds(game, seat, types, cost)]
    if acts and stop:
        acts.append(Action("build", ("stop",), "build nothing more"))
    return acts


@step("build")
def build(game, planner: int, card_id: str) -> None:
    if game.state.cancelled:
        return
    push(game, ("build_turn", planner, 2, ASSETS, "normal"),
         calls("build_call", planner, (), (planner,)))


@step("build_turn")
def build_turn(game, seat: int, left: int, types: tuple, cost, must: bool = False) -> None:
    """B1: one build or stop (no stop when ``must``: an Artifact's build, OR32); ``left``
    builds may follow."""
    if left <= 0:
        return
    ask(game, seat, "build", build_options(game, seat, types, cost, stop=not must),
        (seat, left, types, cost))


@answer("build")
def _build(game, action, ctx) -> None:
    seat, left, types, cost = ctx
    if action.args[0] == "stop":
        return
    asset, planet_id, paid = action.args
    place(game, seat, asset, planet_id, [] if paid == "free" else paid.split("+"))
    # Reaching 42 comes before the build's own window (OR8)
    push(game, ("check_42",), ("window", "after_own_build", (seat,), asset),
         ("build_turn", seat, left - 1, types, cost))


def place(game, seat: int, asset: str, planet_id: str, paid: list[str]) -> None:
    """Pay ``paid`` to the bank, put the piece on the planet (a Factory sends the Colony back
    to the supply) and score its build VP at once (rulebook, Build; OR9)."""
    s = game.state
    p = s.players[seat]
    for r in paid:
        KERNEL.items.change(game, seat, r, -1)
    planet = s.planet(planet_id)
    k = ASSET_INDEX[asset]
    p.supply[k] -= 1
    s.last_build = asset
    planet.pieces[k] += 1
    if asset == "factory":
        planet.pieces[COLONY] -= 1
        p.supply[COLONY] += 1
    game.emit("built", player=seat, asset=asset, planet=planet_id, paid=paid)
    vp = next(a for a in game.catalog.assets if a.id == asset).build_vp
    gain = vp.get("always", 0) + (vp.get("on_alien", 0) if planet.type == ALIEN else 0)
    if gain:
        move(game, seat, gain, f"built {asset}")


def builders(game, planner: int, called: tuple, args) -> list[int]:
    """B2's answers: the uncalled players who have a legal build (OR29)."""
    return [seat for seat in range(game.state.n) if seat not in called and builds(game, seat)]


def _build_turn(game, seat: int, planner: int, args) -> tuple:
    return (("build_turn", seat, 1, ASSETS, "normal"),)


calling("build_call", "build", builders, _build_turn)
