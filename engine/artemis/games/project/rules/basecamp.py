"""Basecamp resolution: each Expedition card in layout order (rulebook, Resolution 1; R5, R32).
"""

from __future__ import annotations

from artemis.effects.model import Step
from artemis.games.project.ops import run_effect
from artemis.games.project.params import param
from artemis.games.project.records import EXPEDITION, RETURNED
from artemis.games.project.rules import colonists as col
from artemis.games.project.rules.flow import answer, ask, push, step
from artemis.games.project.state import ENGINEER, PIONEER, SHELTERS, STEWARD, TYPES
from artemis.games.project.words import describe
from artemis.kernel.actions import Action
from artemis.kernel.log import GAIN
from artemis.util.frozen import FrozenMap


def standings(card) -> list[tuple[int, int, int]]:
    """(player, total, first die index) by rank: total = own faces + own Pioneers; a tie goes
    to the player whose first die on the card is lower (earlier) (rulebook; R5)."""
    totals: dict[int, list[int]] = {}
    for i, d in enumerate(card.dice):
        t = totals.setdefault(d.player, [0, i])
        t[0] += d.face + d.pioneers
    return sorted(((p, t, first) for p, (t, first) in totals.items()),
                  key=lambda r: (-r[1], r[2]))


def difficulty(game, card) -> int:
    """Printed difficulty plus expedition_difficulty_adjust, at least 0 (docs/authoring.md 4.5)."""
    printed = game.catalog.by_id[card.id].difficulty
    return max(0, printed + param(game, "expedition_difficulty_adjust"))


@step("basecamp")
def resolve_basecamp(game) -> None:
    """Schedule every card, closest to the deck (first laid) first."""
    push(game, *[("expedition", i) for i in range(len(game.state.cards))])


@step("expedition")
def resolve_expedition(game, index: int) -> None:
    """One card, in R32's order: success test; 1st: badges, Steward VP, chooses a reward;
    2nd: badges, the other reward; Engineer bonuses; relief; returns; on_expedition_success."""
    s = game.state
    card = s.cards[index]
    if not card.dice:
        return
    ranking = standings(card)
    total = sum(r[1] for r in ranking)  # every die's face and Pioneers, by player
    needed = difficulty(game, card)
    success = total >= needed
    if game.logging or game.observers:
        game.record((EXPEDITION, card.id, total, needed, success, [r[0] for r in ranking]))
    steps: list[tuple] = []
    if success:
        # the Stewards and Engineers each player sent, in one pass over the dice
        stewards = [0] * s.n
        engineers = [0] * s.n
        for d in card.dice:
            if d.sent == STEWARD:
                stewards[d.player] += 1
            elif d.sent == ENGINEER:
                engineers[d.player] += 1
        first = ranking[0][0]
        steps.append(("badge", first, stewards[first]))
        if len(ranking) == 1:
            steps.append(("lone_rewards", first, index))
        else:
            steps.append(("pick_reward", first, ranking[1][0], index))
        order = [r[0] for r in ranking]
        for player in order:
            for _ in range(engineers[player]):
                steps.append(("engineer", player))
        for player in order[2:]:
            steps.append(("relief", player))
    else:
        order = [r[0] for r in sorted(ranking, key=lambda r: r[2])]
        for player in order:
            steps.append(("relief", player))
    for player in order:
        steps.append(("return", player, index))
    steps.append(("clear_card", index))
    if success:
        for player in order:
            steps.append(("game_event", "on_expedition_success", player, None))
    push(game, *steps)


@step("badge")
def award_badge(game, player: int, stewards: int) -> None:
    """One badge award (expedition_badges badges) and, for the first chooser, 1 VP per
    Steward sent (R4)."""
    p = game.state.players[player]
    n = param(game, "expedition_badges", player)
    p.badges += n
    if game.logging or game.observers:
        game.record((GAIN, player, "badges", n))
    if stewards:
        p.vp += stewards
        game.emit("vp", player=player, amount=stewards, reason="steward")


@step("pick_reward")
def pick_reward(game, first: int, second: int, index: int) -> None:
    x = game.catalog.by_id[game.state.cards[index].id]
    options = [Action("reward", (r,), (describe, x.rewards[r])) for r in range(2)]
    ask(game, first, "reward", options, (first, second, index))


@answer("reward")
def _reward(game, action: Action, ctx) -> None:
    first, second, index = ctx
    r = action.args[0]
    x = game.catalog.by_id[game.state.cards[index].id]
    # the runner-up's badge and reward follow the first chooser's (R32)
    push(game, ("badge", second, 0), ("reward_effect", second, index, 1 - r))
    run_effect(game, first, x.rewards[r], ("reward", index, r))


@step("reward_effect")
def reward_effect(game, player: int, index: int, r: int) -> None:
    x = game.catalog.by_id[game.state.cards[index].id]
    run_effect(game, player, x.rewards[r], ("reward", index, r))


@step("lone_rewards")
def lone_rewards(game, player: int, index: int) -> None:
    """A lone player takes both rewards, choosing which resolves first (R32)."""
    x = game.catalog.by_id[game.state.cards[index].id]
    options = [Action("reward_first", (r,), (_first_label, x.rewards[r])) for r in range(2)]
    ask(game, player, "reward_first", options, (player, index))


def _first_label(reward) -> str:
    return f"first: {describe(reward)}"


@answer("reward_first")
def _first(game, action: Action, ctx) -> None:
    player, index = ctx
    r = action.args[0]
    push(game, ("reward_effect", player, index, r), ("reward_effect", player, index, 1 - r))


@step("engineer")
def engineer_bonus(game, player: int) -> None:
    """An Engineer sent on a successful card: gain any 2 resources (rulebook)."""
    run_effect(game, player, _ENGINEER_GAIN, ("engineer",))


_ENGINEER_GAIN = (Step("gain", FrozenMap({"resources": 2})),)  # an effect is an immutable value


@step("return")
def return_colonists(game, player: int, index: int) -> None:
    """Sent colonists go to expedition_return_to: an Expedition Hub's free slots first, the
    rest to the Shelters (R22, R30)."""
    card = game.state.cards[index]
    back = [0, 0, 0, 0]
    for d in card.dice:
        if d.player == player:
            back[PIONEER] += d.pioneers
            d.pioneers = 0
            if d.sent is not None:
                back[d.sent] += 1
                d.sent = None
    if not sum(back):
        return
    if game.logging or game.observers:
        game.record((RETURNED, player, back))
    to = param(game, "expedition_return_to", player)
    if to == "shelters":
        for t in range(4):
            col.put(game, player, SHELTERS, t, back[t])
        return
    p = game.state.players[player]
    p.arriving = [a + b for a, b in zip(p.arriving, back, strict=True)]
    push(game, ("return_to_hub", player, to[1]))


@step("return_to_hub")
def return_to_hub(game, player: int, building: int) -> None:
    """Returning colonists (waiting in ``arriving``) fill the Hub's free slots first; when not
    all fit, the owner picks which, one at a time; the rest go to the Shelters (R22, R30)."""
    p = game.state.players[player]
    back = p.arriving
    b = p.buildings[building]
    tile = game.catalog.by_id[b.tile]
    fitting = [t for t in range(4) if back[t] and col.has_room(tile.slots, b.staff, t)]
    if col.fits(tile.slots, [x + y for x, y in zip(b.staff, back, strict=True)]) or not fitting:
        into = building if fitting else SHELTERS
        for t in range(4):
            col.put(game, player, into, t, back[t])
        p.arriving = [0, 0, 0, 0]
        return
    options = [Action("hub_return", (TYPES[t],), f"put a returning {TYPES[t]} in {tile.name}")
               for t in fitting]
    ask(game, player, "hub_return", options, (player, building))


@answer("hub_return")
def _hub_return(game, action: Action, ctx) -> None:
    player, building = ctx
    t = TYPES.index(action.args[0])
    game.state.players[player].arriving[t] -= 1
    col.put(game, player, building, t)
    push(game, ("return_to_hub", player, building))


@step("clear_card")
def clear_card(game, index: int) -> None:
    game.state.cards[index].dice = []
