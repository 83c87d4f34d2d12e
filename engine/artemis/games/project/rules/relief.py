"""The Relief Track (rulebook, The Relief Track; R11): one space right, then the reward above
the new space or any one already passed; nothing once the marker has reached the end."""

from __future__ import annotations

from functools import lru_cache

from artemis.games.project.ops import run_effect, selectable
from artemis.games.project.records import RELIEF
from artemis.games.project.rules.flow import answer, ask, push, step
from artemis.kernel.actions import Action


@step("relief")
def gain_relief(game, player: int, count: int = 1) -> None:
    """``count`` gains on the Relief Track for ``player``: one now, its reward taken, then the
    rest as one step; once the marker is at the end, every gain left is ignored at once."""
    p = game.state.players[player]
    track = game.catalog.relief_track
    if p.relief >= len(track):
        for _ in range(count):
            game.emit("relief_ignored", player=player)
        return
    if count > 1:
        push(game, ("relief", player, count - 1))  # after this gain's reward (R11)
    p.relief += 1
    if game.logging or game.observers:
        game.record((RELIEF, player, p.relief))
    options = []
    for sp in reversed(track[: p.relief]):  # the new space first, then back to the start
        if selectable(game, player, sp.reward):
            options.append(_reward_action(sp))
    ask(game, player, "relief_reward", options, player)


def _reward_action(sp) -> Action:
    """The answer taking the reward of the Relief Track space ``sp`` (a catalog space): made
    once per space, then shared (Actions are immutable values)."""
    made = _ACTIONS.get(id(sp))
    if made is None or made[0] is not sp:
        if len(_ACTIONS) >= 4096:  # bounded: a catalog's track has a dozen spaces
            _ACTIONS.clear()
        made = _ACTIONS[id(sp)] = (sp, Action("relief_reward", (sp.space,),
                                              (_label, sp.space, sp.reward)))
    return made[1]


_ACTIONS: dict[int, tuple] = {}  # id of a track space: (the space, its Action)


@lru_cache(maxsize=512)  # a reward's words never change; the log asks for them every game
def _label(space: int, reward) -> str:
    from artemis.games.project.words import describe

    return f"space {space}: {describe(reward)}"


@answer("relief_reward")
def _reward(game, action: Action, player: int) -> None:
    space = action.args[0]
    run_effect(game, player, game.catalog.relief_track[space - 1].reward, ("relief", space))
