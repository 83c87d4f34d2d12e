"""The code of the Odyssey's own effect operations, quantities and targets
(docs/odyssey-authoring.md 4; the vocabulary in `artemis.games.odyssey.vocabulary`), and the
Singularity slot (Two-Player Rules, Action Phase; OR33) that runs them.

An operation runs as ``run(game, player, args, source)`` for the acting ``player``; one that
asks a question does so through the rule modules' questions (B1 for ``build``, T1/T4 for
``travel``, S3/S4 for ``discard_for_vp`` ...)."""

from __future__ import annotations

from artemis.games.odyssey.rules import galaxy
from artemis.games.odyssey.rules.flow import answer, ask, push, step
from artemis.games.odyssey.rules.teams import seat_for
from artemis.games.odyssey.state import ASSET_INDEX, FACTORY, RES_INDEX, STARSHIP
from artemis.games.odyssey.vocabulary import ASSETS
from artemis.games.odyssey.words import card_shows
from artemis.kernel.actions import Action

# -- operations -------------------------------------------------------------------------------


def by_artifact(source) -> bool:
    """Whether an effect runs for an Alien Artifact (its source ``("artifact", id)``): using
    the card is the decision, so its first question has no decline or stop (OR32)."""
    return bool(source) and source[0] == "artifact"


def produce_type(state, args) -> str | None:
    """The type a `produce` yields: its ``type``, or for ``same_as_trigger`` the type of
    the last Produce (None before any)."""
    kind = args["type"]
    return state.last_produce if kind == "same_as_trigger" else kind


def op_produce(game, player, args, source):
    """``produce: {type}``: the acting player's Produce yield of that type, as far as the
    bank goes (OR21); ``same_as_trigger``: the type of the last Produce action (OR33). A
    production that paid a card opens the player's ``after_own_produce`` window (OR33), but
    not inside an Artifact's own window (a Fusion Core's holder is being asked already)."""
    from artemis.games.odyssey.ops import KERNEL

    s = game.state
    resource = produce_type(s, args)
    if resource is None:
        return
    s.last_produce = resource
    due = galaxy.owed(s, resource)[player]
    game.emit("produce", player=player, resource=resource)
    before = s.players[player].res[RES_INDEX[resource]]
    if due:
        KERNEL.items.change(game, player, resource, due)
    if s.players[player].res[RES_INDEX[resource]] > before and not by_artifact(source):
        push(game, ("window", "after_own_produce", (player,), resource))


def travel_systems(game, player: int, to: str,
                   exclude: str | None = None) -> tuple[list[str], bool]:
    """The systems a `travel` of ``to`` may go to with a legal move (not moving the one
    Starship on ``exclude``), and whether the Starship must stay in its own system."""
    s = game.state
    stars = [x.id for x in game.catalog.systems if not x.start]
    same = to == "own_starship_system"
    if to == "own_travel_cards":
        colour = s.players[player].colour
        shown = {x for c in game.catalog.cards_of(colour) for x in c.systems}
        stars = [x for x in stars if x in shown]
    elif to == "same_system_as_trigger":
        last = getattr(s, "last_travel", None)
        stars = [last] if last else []
    return [x for x in stars if galaxy.can_travel(s, player, x, same, exclude)], same


def travel_exclude(state, args) -> str | None:
    """The planet whose Starship a `travel` may not move: for ``starship: another``, where
    the last travel landed (the Starship that just moved)."""
    return state.last_landed if args.get("starship") == "another" else None


def op_travel(game, player, args, source):
    """``travel: {to, starship}``: the acting player's ``own_travel_start`` window (OR32),
    then one travel: a system (T1-like, with ``decline`` unless an Artifact grants it), the
    peek and the move as in a Travel action (OR2, OR29)."""
    push(game, ("window", "own_travel_start", (player,), None),
         ("travel_op", player, args["to"], travel_exclude(game.state, args),
          by_artifact(source)))


@step("travel_op")
def travel_op(game, player: int, to: str, exclude, must: bool) -> None:
    from artemis.games.odyssey.rules.artifacts import redirect

    if redirect(game, player, None):
        return
    systems, same = travel_systems(game, player, to, exclude)
    if not systems:
        return
    options = [Action("travel_system", (x,), f"travel to {game.catalog.by_id[x].name}")
               for x in systems]
    if not must:
        options.append(Action("travel_system", ("decline",), "do not travel"))
    ask(game, player, "travel_system", options, ("op", player, same, exclude))


def build_args(state, args) -> tuple[tuple, object]:
    """A `build`'s Asset types (``any``: all four; ``same_as_trigger``: the type last built)
    and its cost as step data ("normal", "free", "minus_one" or sorted (item, n) pairs)."""
    types = args["types"]
    if types == "any":
        types = ASSETS
    elif types == "same_as_trigger":
        types = (state.last_build,) if state.last_build else ()
    cost = args["cost"]
    if not isinstance(cost, str):
        cost = tuple(sorted(cost.items()))
    return tuple(types), cost


def op_build(game, player, args, source):
    """``build: {types, count, cost}``: up to ``count`` builds (B1, stop allowed after the
    first; before it too, unless an Artifact grants them: OR32), with the usual placement
    rules and build VP (rulebook, Build)."""
    types, cost = build_args(game.state, args)
    push(game, ("build_turn", player, args["count"], types, cost, by_artifact(source)),
         ("check_42",))


def op_bank_trade(game, player, args, source):
    """``bank_trade: {rates}``: one exchange per rate, in order; stop after any (and before
    the first, unless an Artifact grants them: OR32)."""
    push(game, ("bank_exchange", player, tuple(args["rates"]), by_artifact(source)))


@step("bank_exchange")
def bank_exchange(game, player: int, rates: tuple, must: bool = False) -> None:
    from artemis.games.odyssey.rules.trade import bank_options

    if not rates:
        return
    options = bank_options(game.state, player, rates[0], "bank_exchange")
    if options and not must:
        options.append(Action("bank_exchange", ("done",), "done trading"))
    ask(game, player, "bank_exchange", options, (player, rates))


@answer("bank_exchange")
def _bank_exchange(game, action, ctx) -> None:
    from artemis.games.odyssey.rules.trade import bank_trade

    player, rates = ctx
    if action.args[0] == "done":
        return
    bank_trade(game, player, action.args[1], action.args[2], rates[0])
    push(game, ("bank_exchange", player, rates[1:]))


def op_score_option(game, player, args, source):
    """``score_option: {option}``: the option's effect for the acting player, its VP moving
    the marker at once: no tally, no most or fewest (OR33)."""
    from artemis.games.odyssey.ops import KERNEL
    from artemis.games.odyssey.rules.score import option_effect

    KERNEL.run_effect(game, player, option_effect(game, args["option"]),
                      ("score_option", args["option"]))


def op_discard_for_vp(game, player, args, source):
    """``discard_for_vp``: S3 or S4, a legal discard or pass (OR9)."""
    from artemis.games.odyssey.rules.score import discard_question

    discard_question(game, player, args)


def op_draw_artifacts(game, player, args, source):
    """``draw_artifacts: {draw, keep}``: draw as far as the deck goes, keep ``keep``; the rest
    to the bottom in the order drawn (OR10)."""
    from artemis.games.odyssey.rules.travel import draw_and_keep

    draw_and_keep(game, player, args["draw"], args["keep"])


def op_peek(game, player, args, source):
    """``peek: {what: system, count}``: look at the face-down planets of up to ``count``
    systems, one at a time; stop after the first (OR32)."""
    push(game, ("peek_systems", player, args["count"], True))


def _peeker(game, player: int) -> int:
    """The seat that learns what ``player``'s peek shows: with teams the seat acting for the
    team now, a peek being the peeking seat's alone (OR14); rules version 1 gave it to the
    seat whose number is the team's (its files replay so)."""
    if game.config.rules_version >= 2:
        return seat_for(game.state, player)
    return player


@step("peek_systems")
def peek_systems(game, player: int, left: int, first: bool) -> None:
    s = game.state
    if left <= 0:
        return
    known = s.known[_peeker(game, player)]
    systems = [x.id for x in game.catalog.systems
               if any(not p.up and p.id not in known for p in s.in_system(x.id))]
    options = [Action("peek_system", (x,), f"peek at {game.catalog.by_id[x].name}")
               for x in systems]
    if options and not first:
        options.append(Action("peek_system", ("stop",), "peek no more"))
    ask(game, player, "peek_system", options, (player, left))


@answer("peek_system")
def _peek_system(game, action, ctx) -> None:
    player, left = ctx
    if action.args[0] == "stop":
        return
    s = game.state
    hidden = [p for p in s.in_system(action.args[0]) if not p.up]
    peeker = _peeker(game, player)
    s.known[peeker].update(p.id for p in hidden)
    game.reveal()
    game.emit("peek", player=player, system=action.args[0])
    game.emit("peek_seen", to=[peeker], player=player, planets={p.id: p.type for p in hidden})
    push(game, ("peek_systems", player, left - 1, False))


def remove_targets(game, player: int, args: dict) -> list:
    """The planets a `remove_assets` may hit: another player's, outside the Sun if asked,
    holding a Starship (one_starship) or none of ``planet_without`` (all_on_planet)."""
    s = game.state
    sun = s.planets[0].system
    out = []
    for p in s.planets:
        if p.owner in (galaxy.NOBODY, player):
            continue
        if args.get("outside_start") and p.system == sun:
            continue
        if args["select"] == "one_starship" and not p.pieces[STARSHIP]:
            continue
        if any(p.pieces[ASSET_INDEX[a]] for a in args.get("planet_without", ())):
            continue
        out.append(p)
    return out


def op_remove_assets(game, player, args, source):
    """``remove_assets``: the acting player picks a planet of another player's; one Starship
    or all that player's Assets there return to their supply; the planet stays face up."""
    options = [Action("target_planet", (p.id,), f"target {p.id}")
               for p in remove_targets(game, player, args)]
    ask(game, player, "target_planet", options, (player, args["select"]))


@answer("target_planet")
def _target_planet(game, action, ctx) -> None:
    player, select = ctx
    s = game.state
    planet = s.planet(action.args[0])
    owner = s.players[planet.owner]
    kinds = [STARSHIP] if select == "one_starship" else range(4)
    for k in kinds:
        n = 1 if select == "one_starship" else planet.pieces[k]
        planet.pieces[k] -= n
        owner.supply[k] += n
    game.emit("assets_removed", player=player, owner=owner.seat, planet=planet.id,
              select=select)
    if planet.empty:
        planet.owner = galaxy.NOBODY


def op_take_planner_choice(game, player, args, source):
    """``take_planner_choice``: the acting player answers the revealed card's Planner choice
    (OR32)."""
    game.state.planner_choice = player
    game.emit("planner_choice_taken", player=player)


def op_cancel_action(game, player, args, source):
    """``cancel_action``: nobody resolves the revealed card (OR17)."""
    game.state.cancelled = True
    game.emit("action_cancelled", player=player)


def op_retrieve_score_card(game, player, args, source):
    """``retrieve_score_card: {count}``: Score cards of the player's choice from their Score
    discard pile back to hand."""
    push(game, ("retrieve", player, args["count"]))


@step("retrieve")
def retrieve(game, player: int, left: int) -> None:
    pile = game.state.players[player].score_discard
    if left <= 0:
        return
    ask(game, player, "score_card",
        [Action("score_card", (c,), f"take {c} ({card_shows(game.catalog.by_id[c])}) back")
         for c in sorted(set(pile))],
        (player, left))


@answer("score_card")
def _score_card(game, action, ctx) -> None:
    player, left = ctx
    p = game.state.players[player]
    p.score_discard.remove(action.args[0])
    p.hand.append(action.args[0])
    game.emit("score_card_back", player=player, card=action.args[0])
    push(game, ("retrieve", player, left - 1))


RUN = {
    "produce": op_produce, "travel": op_travel, "build": op_build,
    "bank_trade": op_bank_trade, "score_option": op_score_option,
    "discard_for_vp": op_discard_for_vp, "draw_artifacts": op_draw_artifacts,
    "peek": op_peek, "remove_assets": op_remove_assets,
    "take_planner_choice": op_take_planner_choice, "cancel_action": op_cancel_action,
    "retrieve_score_card": op_retrieve_score_card,
}

# -- quantities -------------------------------------------------------------------------------


def _assets(game, player, args):
    kinds = args.get("type")
    if isinstance(kinds, str):
        kinds = [kinds]
    idx = None if kinds is None else [ASSET_INDEX[k] for k in kinds]
    return galaxy.assets_in_play(game.state, player, idx, args.get("on"))


def _held(game, player, args):
    res = game.state.players[player].res
    return res[RES_INDEX[args["item"]]] if "item" in args else sum(res)


def _discovered(game, player, args):
    s = game.state
    sun = s.planets[0].system
    return sum(1 for p in s.planets if p.up and not (args.get("outside_start")
                                                       and p.system == sun))


def _factory_types(game, player, args):
    # Resource types: a Factory on an Alien planet adds none
    return len({p.type for p in game.state.planets
                if p.owner == player and p.pieces[FACTORY] and p.type != galaxy.ALIEN})


def _starship_systems(game, player, args):
    s = game.state
    sun = s.planets[0].system
    return len({p.system for p in s.planets
                if p.owner == player and p.pieces[STARSHIP] and p.system != sun})


COUNT = {
    "held": _held,
    "assets": _assets,
    "systems_present": lambda g, p, a: galaxy.systems_present(g.state, p),
    "alien_planets_present": lambda g, p, a: galaxy.alien_present(g.state, p),
    "concentration": lambda g, p, a: galaxy.concentration(g.state, p),
    "planets_discovered": _discovered,
    "score": lambda g, p, a: g.state.players[p].vp,
    "artifacts_used": lambda g, p, a: g.state.players[p].artifacts_used,
    "factory_resource_types": _factory_types,
    "distinct_types_held": lambda g, p, a: sum(1 for x in g.state.players[p].res if x),
    "terraformers_with_colony_or_factory":
        lambda g, p, a: galaxy.terraformers_with_colony_or_factory(g.state, p),
    "starship_star_systems": _starship_systems,
}

# -- targets ----------------------------------------------------------------------------------


def _quantity(game, player, q) -> int:
    (name, args), = q.items()
    return game.registry.quantities[name].count(game, player, args)


def _each(game, arg):
    s = game.state
    return s.order_from(s.first)


def _most(game, q):
    order = _each(game, None)
    values = {p: _quantity(game, p, q) for p in order}
    top = max(values.values())
    return [p for p in order if values[p] == top]  # 0 included (OR9)


def _fewest(game, q):
    order = _each(game, None)
    values = {p: _quantity(game, p, q) for p in order}
    low = min(values.values())
    return [p for p in order if values[p] == low]


SELECT = {"each_player": _each, "players_with_most": _most, "players_with_fewest": _fewest}

# -- the Singularity slot ---------------------------------------------------------------------


@step("singularity")
def singularity(game) -> None:
    """Reveal the top Singularity card; each player, from the First player, takes its effect
    (OR33), after the ``card_revealed`` window; the card leaves the game. With an empty deck
    the slot does nothing (OR5)."""
    s = game.state
    s.singularity_resolved = True
    if not s.singularity_deck:
        game.emit("singularity_empty")
        return
    card_id = s.singularity_deck.pop(0)
    for known in s.sing_known:
        known.discard(card_id)
    game.reveal()
    game.emit("singularity", card=card_id)
    push(game, ("window", "card_revealed", tuple(s.order_from(s.first)), None),
         ("singularity_effect", card_id))


@step("singularity_effect")
def singularity_effect(game, card_id: str) -> None:
    """Each player, from the First player, takes the Singularity card's effect (OR33);
    Reaching 42 is checked once, after the whole card (OR8)."""
    from artemis.games.odyssey.ops import KERNEL

    s = game.state
    card = game.catalog.by_id[card_id]
    # Reaching 42 is checked once, after the whole card (OR33), not after a build within it
    s.in_singularity = True
    push(game, ("singularity_over",))
    for seat in reversed(s.order_from(s.first)):
        KERNEL.run_effect(game, seat, card.effect, ("singularity", card_id))


@step("singularity_over")
def singularity_over(game) -> None:
    """Both players have resolved the Singularity card: now Reaching 42 (OR8, OR33)."""
    game.state.in_singularity = False
    push(game, ("check_42",))

