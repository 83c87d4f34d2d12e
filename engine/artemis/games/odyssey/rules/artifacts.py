"""Alien Artifacts used in their windows (rulebook, Alien Artifacts; OR7, OR32).

A window is a step ``("window", name, seats, trigger)``: ``name`` one of the nine windows
(`artemis.games.odyssey.vocabulary.WINDOWS`), ``seats`` the players it asks, in the order the
rules give (the rule modules open each window at its moment, with that order), and
``trigger`` what opened it (the revealed card as (Planner seat, card id), the declared
system, the Asset built, the Resource produced, the option scored, or None). Each seat in
turn is asked W1 (``artifact``) only if it holds a card usable there: one naming the window
whose effect can start (OR7); it uses one (the effect runs, then it is asked again) or
passes, and the window moves on. Nothing here names a card: the windows, the ``target`` and
the effect are the content's (`artemis.games.odyssey.items.Artifact`), and an effect runs
through the effect engine with the source ``("artifact", card id)``.
"""

from __future__ import annotations

from artemis.games.odyssey.ops import KERNEL
from artemis.games.odyssey.rules import effects, galaxy
from artemis.games.odyssey.rules.build import builds
from artemis.games.odyssey.rules.flow import answer, ask, push, step
from artemis.games.odyssey.rules.trade import bank_options
from artemis.games.odyssey.state import RES_INDEX
from artemis.games.odyssey.words import describe
from artemis.kernel.actions import Action

# -- can an effect start? (OR7: "a card may be used only if its effect can start") ------------


def _can_gain(game, seat, args, trigger) -> bool:
    bank = game.state.bank
    return any(bank[RES_INDEX[r]] for r in args if r in RES_INDEX) or "ore" in args


def _can_choose(game, seat, options, trigger) -> bool:
    return any(can_start(game, seat, option, trigger) for option in options)


def _can_pay(game, seat, args, trigger) -> bool:
    return KERNEL.can_pay(game, seat, args)


def _can_produce(game, seat, args, trigger) -> bool:
    s = game.state
    kind = effects.produce_type(s, args)
    return (kind is not None and galaxy.owed(s, kind)[seat] > 0
            and s.bank[RES_INDEX[kind]] > 0)


def _can_travel(game, seat, args, trigger) -> bool:
    exclude = effects.travel_exclude(game.state, args)
    return bool(effects.travel_systems(game, seat, args["to"], exclude)[0])


def _can_build(game, seat, args, trigger) -> bool:
    types, cost = effects.build_args(game.state, args)
    if not isinstance(cost, str):
        cost = dict(cost)
    return bool(builds(game, seat, types, cost))


def _can_bank_trade(game, seat, args, trigger) -> bool:
    return bool(bank_options(game.state, seat, args["rates"][0], "bank_exchange"))


def _can_draw(game, seat, args, trigger) -> bool:
    return bool(game.state.artifact_deck)  # OR32: not with an empty deck


def _can_peek(game, seat, args, trigger) -> bool:
    s = game.state
    return any(not p.up and p.id not in s.known[seat] for p in s.planets)


def _can_remove(game, seat, args, trigger) -> bool:
    return bool(effects.remove_targets(game, seat, args))


def _can_take_choice(game, seat, args, trigger) -> bool:
    s = game.state
    return trigger is not None and not s.cancelled and s.planner_choice is None


def _can_cancel(game, seat, args, trigger) -> bool:
    return trigger is not None and not game.state.cancelled


def _can_retrieve(game, seat, args, trigger) -> bool:
    return bool(game.state.players[seat].score_discard)


def _can_modify(game, seat, args, trigger) -> bool:
    if args["param"] == "travel_destination":
        return bool(stargate_systems(game, seat, trigger))
    if args["param"] == "score_card_vp":
        return game.state.tally is not None  # OR32: inside a Score action only
    return True


START = {
    "gain": _can_gain, "choose": _can_choose, "pay": _can_pay, "produce": _can_produce,
    "travel": _can_travel, "build": _can_build, "bank_trade": _can_bank_trade,
    "draw_artifacts": _can_draw, "peek": _can_peek, "remove_assets": _can_remove,
    "take_planner_choice": _can_take_choice, "cancel_action": _can_cancel,
    "retrieve_score_card": _can_retrieve, "modify": _can_modify,
}


def can_start(game, seat: int, effect, trigger) -> bool:
    """Whether ``effect`` (a tuple of Steps) can start for ``seat``: its first operation
    would do something (an operation without a test here, a plugin's, always can)."""
    if not effect:
        return False
    first = effect[0]
    test = START.get(first.op)
    return test is None or test(game, seat, first.args, trigger)


def on_target(game, seat: int, card, trigger) -> bool:
    """Whether a card's ``target`` ({card_owner: other, actions?}) fits the revealed Action
    card ``trigger`` (Planner seat, card id): another player's card, of one of the actions
    listed. A card with a target is never used on the Singularity card, which has no
    Planner (Alien Artifacts, 4.2)."""
    target = card.target
    if target is None:
        return True
    if not isinstance(trigger, tuple) or len(trigger) != 2:
        return False
    planner, card_id = trigger
    if target.get("card_owner") == "other" and planner == seat:
        return False
    actions = target.get("actions")
    return not actions or game.catalog.by_id[card_id].action in actions


def usable(game, seat: int, window: str, trigger) -> list[str]:
    """The Artifacts ``seat`` holds that it may use in ``window`` now (OR7), in the
    content's order."""
    held = game.state.players[seat].artifacts
    if not held:
        return []
    out = []
    for card in game.catalog.artifacts:
        if (card.id in held and window in card.windows and card.id not in out
                and on_target(game, seat, card, trigger)
                and can_start(game, seat, card.effect, trigger)):
            out.append(card.id)
    return out


# -- the window ------------------------------------------------------------------------------


def _use_label(name: str, effect) -> str:
    return f"use {name}: {describe(effect)}"


@step("window")
def window(game, name: str, seats: tuple, trigger) -> None:
    """W1 (``artifact``): the first seat of ``seats`` holding a card usable in ``name`` is
    asked which to use, or ``pass``; seats holding none are not asked (OR7)."""
    while seats:
        cards = usable(game, seats[0], name, trigger)
        if cards:
            break
        seats = seats[1:]
    else:
        return
    ask(game, seats[0], "artifact", window_options(game, cards), (name, seats, trigger))


def window_options(game, cards: list[str]) -> list[Action]:
    """The answers to a W1 question over ``cards`` (Artifact ids the asked seat may use now):
    one ``artifact:<id>`` a card, then ``artifact:pass``."""
    by_id = game.catalog.by_id
    options = [Action("artifact", (c,), (_use_label, by_id[c].name, by_id[c].effect))
               for c in cards]
    options.append(Action("artifact", ("pass",), "use no Alien Artifact now"))
    return options


@answer("artifact")
def _artifact(game, action, ctx) -> None:
    name, seats, trigger = ctx
    if action.args[0] == "pass":
        push(game, ("window", name, seats[1:], trigger))
        return
    seat, card_id = seats[0], action.args[0]
    use(game, seat, card_id, name)
    # the effect, then Reaching 42 (one Artifact is one step, OR8), then the same seat again
    push(game, ("artifact_done", seat, card_id), ("check_42",),
         ("window", name, seats, trigger))
    KERNEL.run_effect(game, seat, game.catalog.by_id[card_id].effect, ("artifact", card_id))


def use(game, seat: int, card_id: str, window: str) -> None:
    """``seat`` reveals ``card_id`` and it leaves the game: out of its hand, counted in
    ``artifacts_used`` and listed in ``artifacts_played``; log ``artifact_used`` {player,
    card, window} (public: a used card is revealed, OR7)."""
    s = game.state
    p = s.players[seat]
    p.artifacts.remove(card_id)
    p.artifacts_used += 1
    p.artifacts_played.append(card_id)
    for known in s.art_known:
        known.pop(card_id, None)
    game.emit("artifact_used", player=seat, card=card_id, window=window)


@step("artifact_done")
def artifact_done(game, seat: int, card_id: str) -> None:
    """The card's effect has been carried out (OR7); the bots' heuristic reads this step,
    still queued, as "an Artifact of ``seat`` is being used"."""


# -- the Stargate's parameter: travel_destination ----------------------------------------------


def stargate_systems(game, seat: int, declared: str | None) -> list[str]:
    """The star systems a travel whose ``travel_destination`` is ``any_star`` may go to: any
    but the Sun (OR13) and the ``declared`` one, where ``seat`` has a legal move (OR32)."""
    s = game.state
    return [x.id for x in game.catalog.systems
            if not x.start and x.id != declared and galaxy.can_travel(s, seat, x.id)]


def redirect(game, seat: int, declared: str | None) -> bool:
    """If ``seat``'s travel has ``travel_destination`` set to ``any_star`` (a Stargate),
    use that change up and ask which star it travels to instead of ``declared``, committed:
    no decline (OR32). Returns whether it did."""
    s = game.state
    found = [m for m in s.scoped_modifiers
             if m.player == seat and m.param == "travel_destination" and m.mode == "set"]
    if not found:
        return False
    for m in found:
        s.scoped_modifiers.remove(m)
    if found[-1].value != "any_star":
        return False
    systems = stargate_systems(game, seat, declared)
    if not systems:
        return False
    ask(game, seat, "travel_system",
        [Action("travel_system", (x,), f"travel to {game.catalog.by_id[x].name}")
         for x in systems], ("op", seat, False, None))
    return True
