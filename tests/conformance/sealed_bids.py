"""A toy game with face-down answers for the kernel's tests: "Sealed Bids".

Every player starts with the same five cards, 1 to 5 (so every hand is public at the start).
A game is three rounds; in a round each player in seat order bids one card from their hand
face down (one decision kind, ``bid``: `action_seen_by` only the bidder, its public part only
that a bid was made). When everyone has bid the bids are revealed, the highest bid scores its
value (a tie scores for nobody), and the bid cards are discarded. The highest total wins, ties
to the lower seat.

Hidden information: a face-down bid, and so which of a player's unrevealed cards (its hand and
its face-down bid, public as a set: five cards less those revealed) is still in hand. The view
shows each player's unrevealed cards and hand size, never which card lies face down; the
`LeakyHandView` variant plants the leak the Odyssey had (it shows every hand: the face-down
card is the one missing). Not registered by an entry point: this folder's conftest registers
it around each test.
"""

from __future__ import annotations

import random

from artemis.kernel.action_space import ActionSpace, ids
from artemis.kernel.actions import Action
from artemis.kernel.flow import StepTable, ask, push, reask
from artemis.kernel.ruleset import Ruleset

CARDS = (1, 2, 3, 4, 5)
ROUNDS = 3

TABLE = StepTable()


class BidsState:
    """Hands by seat, the face-down bids of this round (None: not yet bid), totals, the
    round (1 to 3) and whose turn it is."""

    def __init__(self, n: int):
        self.hands: list[list[int]] = [list(CARDS) for _ in range(n)]
        self.bids: list[int | None] = [None] * n
        self.totals = [0] * n
        self.round = 1
        self.turn = 0

    def clone(self) -> BidsState:
        c = BidsState.__new__(BidsState)
        c.hands = [h[:] for h in self.hands]
        c.bids = self.bids[:]
        c.totals = self.totals[:]
        c.round = self.round
        c.turn = self.turn
        return c


def _options(hand: list[int]) -> list[Action]:
    return [Action("bid", (v,), f"bid a {v} face down") for v in sorted(set(hand))]


@TABLE.step("game_start")
def _game_start(game) -> None:
    game.emit("start", players=len(game.state.totals))
    push(game, ("turn",))


@TABLE.step("turn")
def _turn(game) -> None:
    s = game.state
    ask(game, s.turn, "bid", _options(s.hands[s.turn]))


@TABLE.answer("bid")
def _bid(game, action: Action, ctx) -> None:
    s = game.state
    s.hands[s.turn].remove(action.args[0])
    s.bids[s.turn] = action.args[0]
    # public: that a bid was made, not which card (a variant plants a record that names it)
    game.emit("bid", player=s.turn, **game.ruleset.bid_record(action.args[0]))
    if s.turn + 1 < len(s.hands):
        s.turn += 1
        push(game, ("turn",))
    else:
        push(game, ("reveal",))


@TABLE.step("reveal")
def _reveal(game) -> None:
    s = game.state
    game.reveal()
    bids = s.bids[:]
    best = max(bids)
    winners = [seat for seat, b in enumerate(bids) if b == best]
    if len(winners) == 1:
        s.totals[winners[0]] += best
    game.emit("revealed", bids=bids, scored=winners[0] if len(winners) == 1 else None)
    s.bids = [None] * len(s.hands)
    s.turn = 0
    if s.round == ROUNDS:
        ranking = sorted(range(len(s.totals)), key=lambda seat: (-s.totals[seat], seat))
        game.final = {"totals": s.totals[:], "ranking": ranking}
        return
    s.round += 1
    push(game, ("turn",))


def _action_space(config):
    """A bid of each card, 1 to 5; a hand holds five cards at most."""
    return ActionSpace({"bid": tuple(ids("bid", CARDS))}, {})


def _score_bounds(config):
    """0 to 5 + 4 + 3: a round scores the single highest bid, and a seat holds each
    card once, so its three scoring bids are at most its three highest cards."""
    return 0, sum(sorted(CARDS)[-ROUNDS:])


def _evaluate(game, seat: int) -> float:
    return float(game.state.totals[seat])


class SealedBidsRuleset(Ruleset):
    """Sealed Bids: see the module docstring."""

    id = "sealed_bids"
    name = "Sealed Bids"
    player_counts = (2, 3)
    streams = ()
    table = TABLE
    start_step = ("game_start",)
    max_decisions = ROUNDS * 3
    questions = {"bid": "Sealed Bids: bid one card face down"}
    scoring_parts = ()
    parts = {
        "tools": {
            "action_space": _action_space,
            "score_bounds": _score_bounds,
        },
        "players": {
            "evaluate": _evaluate,
        },
    }

    def setup(self, game, rng) -> BidsState:
        return BidsState(game.config.players)

    def result(self, game) -> dict:
        totals, ranking = game.final["totals"], game.final["ranking"]
        return {"players": [{"seat": seat, "vp": vp} for seat, vp in enumerate(totals)],
                "ranking": ranking[:], "winner": ranking[0]}

    def bid_record(self, card: int) -> dict:
        """What the public ``bid`` record says besides the bidder: nothing."""
        return {}

    def action_seen_by(self, game, decision, action):
        return [decision.player]

    def action_public(self, game, decision, action):
        return ("bid",)

    def view(self, game, seat: int | None) -> dict:
        s = game.state
        return {
            "round": s.round, "turn": s.turn, "totals": s.totals[:],
            "players": [{"seat": i, "hand_size": len(h), "bid": s.bids[i] is not None,
                         "unrevealed": sorted(h + ([] if s.bids[i] is None else [s.bids[i]]))}
                        for i, h in enumerate(s.hands)],
            "hand": sorted(s.hands[seat]) if seat is not None else None,
            "my_bid": s.bids[seat] if seat is not None else None,
        }

    def full_view(self, game) -> dict:
        s = game.state
        out = self.view(game, None)
        out["hidden"] = {"hands": [h[:] for h in s.hands], "bids": s.bids[:]}
        return out

    def determinize(self, game, seat: int, rng: random.Random):
        """Each other player's unrevealed cards dealt again between its hand and its
        face-down bid."""
        clone = game.clone()
        s = clone.state
        for other in range(len(s.hands)):
            if other == seat or s.bids[other] is None:
                continue
            cards = sorted(s.hands[other] + [s.bids[other]])
            rng.shuffle(cards)
            s.bids[other], s.hands[other] = cards[0], cards[1:]
        pending = clone.pending
        if pending is not None and pending.player != seat:
            reask(clone, _options(s.hands[pending.player]))
        return clone


class LeakyHandView(SealedBidsRuleset):
    """Sealed Bids with the leak planted: every player's hand in every view, so another seat
    names a face-down bid as the card missing from the bidder's hand."""

    def view(self, game, seat):
        out = super().view(game, seat)
        for row, hand in zip(out["players"], game.state.hands, strict=True):
            row["hand"] = sorted(hand)
        return out


class SeenByAll(SealedBidsRuleset):
    """Sealed Bids with every bid shown to every seat (`action_seen_by`: the log's ``to`` and
    `Game.history` name the card), while determinize still deals the bid again."""

    def action_seen_by(self, game, decision, action):
        return list(range(game.config.players))


class KeepsBids(SealedBidsRuleset):
    """Sealed Bids with a determinize that keeps every face-down bid and hand as they are and
    only reorders the other hands' lists (the full view changes, no seat's view does)."""

    def determinize(self, game, seat, rng):
        clone = game.clone()
        for other, hand in enumerate(clone.state.hands):
            if other != seat:
                rng.shuffle(hand)
        return clone


class KeepsFirstSeatsBid(SealedBidsRuleset):
    """Sealed Bids with a determinize that deals every other seat's bid again but seat 0's:
    its face-down bid and hand stay as they are in every world (the other seats' worlds
    differ, so the end-of-game resampling check alone is satisfied)."""

    def determinize(self, game, seat, rng):
        clone = game.clone()
        s = clone.state
        for other in range(len(s.hands)):
            if other in (seat, 0) or s.bids[other] is None:
                continue
            cards = sorted(s.hands[other] + [s.bids[other]])
            rng.shuffle(cards)
            s.bids[other], s.hands[other] = cards[0], cards[1:]
        pending = clone.pending
        if pending is not None and pending.player != seat:
            reask(clone, _options(s.hands[pending.player]))
        return clone


class PublicBids(SealedBidsRuleset):
    """Sealed Bids whose `action_seen_by` is the Ruleset default (None: everyone), a game
    author's likeliest slip: the face-down card is in every seat's history and log."""

    def action_seen_by(self, game, decision, action):
        return None


class PublicPartNamesTheBid(SealedBidsRuleset):
    """Sealed Bids whose `action_public` is the answer's id: what the other seats learn of a
    face-down bid is the card."""

    def action_public(self, game, decision, action):
        return action.id


class RecordNamesTheBid(SealedBidsRuleset):
    """Sealed Bids whose public ``bid`` record names the card."""

    def bid_record(self, card: int) -> dict:
        return {"card": card}


class SharedHands(SealedBidsRuleset):
    """Sealed Bids whose state copies share the hands' lists (a shallow copy): a world's
    deal reaches the real game."""

    def setup(self, game, rng):
        return _ShallowBids(game.config.players)


class _ShallowBids(BidsState):
    def clone(self) -> BidsState:
        c = BidsState.clone(self)
        c.hands = self.hands[:]  # the same list objects: the planted slip
        return c


RULESET = SealedBidsRuleset()
