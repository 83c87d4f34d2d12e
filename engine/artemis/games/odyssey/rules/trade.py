"""Trade (rulebook, The Actions: Trade; OR6; Two-Player Rules, Trade Action).

The Planner repeats R1: a bank trade (the k-th costs k identical cards for 1, the first any 1
for 1), an offer to a player built card by card (R2) and answered (R3), or done. Every Trade
ends (OR6): an offer may be sent only if it leads to a position (every hand plus k) not seen
in this Trade, and after a refused or withdrawn offer that partner gets no offer until some
trade is carried out. With two players the other player then trades with the bank at 2, 3,
... identical cards for 1 (R4)."""

from __future__ import annotations

from artemis.games.odyssey.ops import KERNEL
from artemis.games.odyssey.rules.flow import answer, ask, push, step
from artemis.games.odyssey.rules.teams import name_offer, offer_label, offer_targets
from artemis.games.odyssey.state import Trade
from artemis.games.odyssey.variants import rule
from artemis.games.odyssey.vocabulary import RESOURCE_NAMES, RESOURCES
from artemis.kernel.actions import Action


def position(state) -> tuple:
    """Every hand plus k (OR6)."""
    return (*(tuple(p.res) for p in state.players), state.trade.k)


def bank_options(state, seat: int, rate: int, kind: str) -> list[Action]:
    """Bank trades of ``rate`` cards of one type for 1 card of another the bank holds."""
    res = state.players[seat].res
    return [Action(kind, ("bank", give, take),
                   f"give {rate} {RESOURCE_NAMES[give]} to the bank for 1 {RESOURCE_NAMES[take]}")
            for gi, give in enumerate(RESOURCES) if res[gi] >= rate
            for ti, take in enumerate(RESOURCES) if ti != gi and state.bank[ti]]


def bank_trade(game, seat: int, give: str, take: str, rate: int) -> None:
    """Pay ``rate`` cards of ``give``, take 1 ``take`` from the bank; log ``bank_trade``."""
    KERNEL.items.change(game, seat, give, -rate)
    KERNEL.items.change(game, seat, take, 1)
    game.emit("bank_trade", player=seat, give=give, rate=rate, take=take)


@step("trade")
def trade(game, planner: int, card_id: str) -> None:
    s = game.state
    if s.cancelled:
        return
    s.trade = Trade(planner)
    s.trade.seen.add(position(s))
    push(game, ("trade_turn",))


@step("trade_turn")
def trade_turn(game) -> None:
    """R1."""
    s = game.state
    t = s.trade
    limit = rule(game, "trade_offer_limit")  # -1: no cap (the trade_offer_limit variant)
    options = bank_options(s, t.planner, t.k + 1, "trade")
    if s.players[t.planner].res and sum(s.players[t.planner].res) and (
            limit < 0 or t.offers < limit):
        to = [p for p in range(s.n) if p != t.planner and p not in t.blocked
              and sum(s.players[p].res)]
        options += [Action("trade", ("offer", seat), offer_label(s, seat))
                    for seat, _ in offer_targets(s, to)]
    options.append(Action("trade", ("done",), "done trading"))
    ask(game, t.planner, "trade", options, t.planner)


@answer("trade")
def _trade(game, action, planner) -> None:
    s = game.state
    t = s.trade
    what = action.args[0]
    if what == "bank":
        bank_trade(game, planner, action.args[1], action.args[2], t.k + 1)
        t.k += 1
        _traded(s)
        push(game, ("trade_turn",))
    elif what == "offer":
        # with teams the offer names a seat of the other team, which answers it (OR30)
        t.target, t.give, t.get = name_offer(s, action.args[1]), [0] * 6, [0] * 6
        t.offers += 1
        push(game, ("offer_edit",))
    else:
        s.trade = None
        game.emit("trade_done", player=planner)
        if s.n == 2:
            push(game, ("late_trade", 1 - planner, 2))


def _traded(state) -> None:
    t = state.trade
    t.seen.add(position(state))
    t.blocked.clear()


def _after_offer(state) -> tuple:
    t = state.trade
    hands = [list(p.res) for p in state.players]
    for i in range(6):
        hands[t.planner][i] += t.get[i] - t.give[i]
        hands[t.target][i] += t.give[i] - t.get[i]
    return (*(tuple(h) for h in hands), t.k)


@step("offer_edit")
def offer_edit(game) -> None:
    """R2: add a card given, a card asked, send or withdraw."""
    s = game.state
    t = s.trade
    mine, theirs = s.players[t.planner].res, s.players[t.target].res
    options = [Action("offer_edit", ("give", r), f"offer 1 {RESOURCE_NAMES[r]}")
               for i, r in enumerate(RESOURCES) if mine[i] > t.give[i]]
    options += [Action("offer_edit", ("get", r), f"ask for 1 {RESOURCE_NAMES[r]}")
                for i, r in enumerate(RESOURCES) if theirs[i] > t.get[i]]
    if sum(t.give) and sum(t.get) and _after_offer(s) not in t.seen:
        options.append(Action("offer_edit", ("send",), "send the offer"))
    options.append(Action("offer_edit", ("withdraw",), "withdraw the offer"))
    ask(game, t.planner, "offer_edit", options, t.planner)


@answer("offer_edit")
def _offer_edit(game, action, planner) -> None:
    s = game.state
    t = s.trade
    what = action.args[0]
    if what in ("give", "get"):
        (t.give if what == "give" else t.get)[RESOURCES.index(action.args[1])] += 1
        push(game, ("offer_edit",))
    elif what == "send":
        game.emit("offer", player=planner, target=t.target, give=_cards(t.give),
                  get=_cards(t.get))
        ask(game, t.target, "offer_reply",
            [Action("offer_reply", ("accept",), "accept the offer"),
             Action("offer_reply", ("refuse",), "refuse the offer")], t.target)
    else:
        game.emit("offer_withdrawn", player=planner, target=t.target)
        t.blocked.add(t.target)
        push(game, ("trade_turn",))


def _cards(counts) -> dict:
    return {r: counts[i] for i, r in enumerate(RESOURCES) if counts[i]}


@answer("offer_reply")
def _offer_reply(game, action, target) -> None:
    s = game.state
    t = s.trade
    if action.args[0] == "accept":
        change = KERNEL.items.change
        for i, r in enumerate(RESOURCES):
            if t.give[i]:
                change(game, t.planner, r, -t.give[i])
                change(game, t.target, r, t.give[i])
            if t.get[i]:
                change(game, t.target, r, -t.get[i])
                change(game, t.planner, r, t.get[i])
        game.emit("offer_accepted", player=target)
        _traded(s)
    else:
        game.emit("offer_refused", player=target)
        t.blocked.add(target)
    push(game, ("trade_turn",))


@step("late_trade")
def late_trade(game, seat: int, rate: int) -> None:
    """R4 (Two-Player Rules): the other player's bank trades, at 2, 3, ... for 1."""
    options = bank_options(game.state, seat, rate, "late_trade")
    options.append(Action("late_trade", ("done",), "done trading"))
    ask(game, seat, "late_trade", options, (seat, rate))


@answer("late_trade")
def _late_trade(game, action, ctx) -> None:
    seat, rate = ctx
    if action.args[0] == "done":
        return
    bank_trade(game, seat, action.args[1], action.args[2], rate)
    push(game, ("late_trade", seat, rate + 1))
