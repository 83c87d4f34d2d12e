"""The Score track and what watches it: markers stop at 0 (OR9), the end trigger latched at 77
VP or the last planet discovered (OR16, OR27), and Reaching 42 with its draft (rulebook,
Reaching 42; OR8)."""

from __future__ import annotations

from artemis.games.odyssey.rules.flow import answer, ask, push, step
from artemis.games.odyssey.rules.galaxy import face_down_left
from artemis.games.odyssey.rules.teams import viewers
from artemis.kernel.actions import Action

END_VP = 77  # rulebook, Endgame
GREAT_DISCOVERY = 42  # rulebook, Reaching 42


def move(game, seat: int, n: int, why: str) -> None:
    """Move ``seat``'s marker by ``n`` (stopping at 0, OR9), log ``vp`` {player, amount,
    why, vp} and latch the end at 77 (OR27)."""
    p = game.state.players[seat]
    p.vp = max(0, p.vp + n)
    p.scored[why] = p.scored.get(why, 0) + n  # as logged: a -2 at 0 counts (stats.vp_by_option)
    game.emit("vp", player=seat, amount=n, why=why, vp=p.vp)
    latch(game)


def latch(game) -> None:
    """Mark the game to end at the end of this round (OR27) once a marker stands at 77 or
    more, or no planet is face down; never in solo, which ends after round 13 (OR16)."""
    s = game.state
    if s.end is None and s.n > 1:  # solo ends only after round 13 (OR16)
        if any(p.vp >= END_VP for p in s.players):
            s.end = "77_vp"
        elif face_down_left(s) == 0:
            s.end = "last_planet"
        else:
            return
        game.emit("end_triggered", reason=s.end, round=s.round)


def draft_order(state) -> list[int]:
    """Reaching 42's order: lowest score first; a tie goes to whoever comes first clockwise
    from the First Player marker, who counts as lower (OR8)."""
    order = state.order_from(state.first)
    return sorted(order, key=lambda seat: (state.players[seat].vp, order.index(seat)))


@step("check_42")
def check_42(game) -> None:
    """Once per game, after a step that moved a marker to 42 or beyond: the player with the
    lowest score draws one Alien Artifact per player, keeps one and passes the rest (OR8). A
    Singularity card is one step: inside it the check waits for its end (OR33)."""
    s = game.state
    latch(game)
    if s.reached_42 or s.in_singularity or not any(p.vp >= GREAT_DISCOVERY
                                                   for p in s.players):
        return  # during a Singularity card the check waits for the whole card (OR33)
    s.reached_42 = True
    order = draft_order(s)
    packet = tuple(s.artifact_deck[:s.n])
    del s.artifact_deck[:len(packet)]
    game.emit("reaching_42", order=order, cards=len(packet))
    if packet:
        game.reveal()
        forget_drawn(game, packet)
        push(game, ("draft", tuple(order), packet))


def forget_drawn(game, cards) -> None:
    """Cards leave the deck: a seat that knew them there no longer knows where they are."""
    for known in game.state.art_known:
        for c in cards:
            if known.get(c) == -1:
                del known[c]


@step("draft")
def draft(game, order: tuple, packet: tuple) -> None:
    """The drafter ``order[0]`` keeps one card of ``packet`` (K1 ``draft_keep``) and passes
    the rest; the last drafter, or one card, is kept without a question."""
    if not order or not packet:
        return
    seat = order[0]
    if game.config.rules_version >= 2:
        # the drafter sees cards hidden until now: the answer that led here (the previous
        # drafter's keep) cannot be undone past this look (rules version 1 did not mark it)
        game.reveal()
    game.emit("draft_look", to=viewers(game.state, seat), player=seat, cards=list(packet))
    ask(game, seat, "draft_keep",
        [Action("draft_keep", (c,), f"keep {artifact_name(game, c)}")
         for c in sorted(set(packet), key=packet.index)], (order, packet))


@answer("draft_keep")
def _draft_keep(game, action, ctx) -> None:
    order, packet = ctx
    seat, card = order[0], action.args[0]
    keep(game, seat, card)
    rest = list(packet)
    rest.remove(card)
    if rest and len(order) > 1:
        push(game, ("draft", order[1:], tuple(rest)))


def keep(game, seat: int, card: str) -> None:
    """``seat`` takes Alien Artifact ``card`` into its hidden hand."""
    s = game.state
    s.players[seat].artifacts.append(card)
    s.art_known[seat][card] = seat
    game.emit("artifact_kept", to=viewers(s, seat), player=seat, card=card)
    game.emit("artifact_gained", player=seat, held=len(s.players[seat].artifacts))


def artifact_name(game, card: str) -> str:
    return game.catalog.by_id[card].name
