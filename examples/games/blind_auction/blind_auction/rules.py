"""The rules of Blind Auction: the state, the step table and its steps.

A deck of the cards 1 to 10; each of the two players is dealt four (hidden from the other).
Three lots are auctioned, worth 1, 2 and 3 VP: seat 0 then seat 1 bids one card face down
(question ``bid``), then both bids are revealed, the higher takes the lot (a tie: nobody) and
the bid cards are discarded. Most VP wins, a tie to seat 0.
"""

from __future__ import annotations

from artemis.kernel.actions import Action
from artemis.kernel.flow import StepTable, ask, push
from artemis.kernel.streams import shuffle

CARDS = tuple(range(1, 11))
HAND = 4
LOTS = (1, 2, 3)  # each lot's VP, in the order auctioned

TABLE = StepTable()


class AuctionState:
    """``rng`` the game's named streams (`artemis.kernel.streams.Streams`, one: ``deal``),
    ``hands`` [[card]] by seat, ``deck`` the cards nobody was dealt (hidden from both),
    ``bids`` this lot's face-down bids by seat (None: not yet), ``lot`` the index into LOTS,
    ``turn`` the seat to bid, ``vp`` by seat, ``discards`` the revealed bids."""

    def __init__(self, rng):
        self.rng = rng
        deck = list(CARDS)
        shuffle(rng["deal"], deck)  # draw from a named stream: game.state.rng[name]
        self.hands = [sorted(deck[:HAND]), sorted(deck[HAND:2 * HAND])]
        self.deck = deck[2 * HAND:]
        self.bids: list[int | None] = [None, None]
        self.lot = 0
        self.turn = 0
        self.vp = [0, 0]
        self.discards: list[int] = []

    def clone(self) -> AuctionState:
        """An independent copy; the streams forked (a generator is copied when first read)."""
        c = AuctionState.__new__(AuctionState)
        c.rng = self.rng.fork()
        c.hands = [h[:] for h in self.hands]
        c.deck = self.deck[:]
        c.bids = self.bids[:]
        c.lot, c.turn = self.lot, self.turn
        c.vp = self.vp[:]
        c.discards = self.discards[:]
        return c


def bid_options(hand: list[int]) -> list[Action]:
    """The ``bid`` question's answers for ``hand``: one per card, id ``bid:CARD``."""
    return [Action("bid", (card,), f"bid {card}") for card in sorted(hand)]


def worth(game, seat: int) -> float:
    """A position's worth for ``seat`` (the greedy bot's reading): its VP less the other's,
    and a tenth of its best card still in hand."""
    s = game.state
    return s.vp[seat] - s.vp[1 - seat] + max(s.hands[seat], default=0) / 10


@TABLE.step("game_start")
def _game_start(game) -> None:
    push(game, ("bid",))


@TABLE.step("bid")
def _bid_step(game) -> None:
    s = game.state
    ask(game, s.turn, "bid", bid_options(s.hands[s.turn]))


@TABLE.answer("bid")
def _bid(game, action: Action, ctx) -> None:
    s = game.state
    card = action.args[0]
    s.hands[s.turn].remove(card)
    s.bids[s.turn] = card
    game.emit("bid", player=s.turn)  # public: that a bid was made, not the card
    if s.turn == 0:
        s.turn = 1
        push(game, ("bid",))
    else:
        push(game, ("reveal",))


@TABLE.step("reveal")
def _reveal(game) -> None:
    s = game.state
    game.reveal()  # hidden information came out: a search's worlds must agree with it
    bids = s.bids[:]
    taker = None if bids[0] == bids[1] else bids.index(max(bids))
    if taker is not None:
        s.vp[taker] += LOTS[s.lot]
    game.emit("revealed", lot=s.lot + 1, bids=bids, taker=taker)
    s.discards += bids
    s.bids = [None, None]
    s.turn = 0
    s.lot += 1
    if s.lot < len(LOTS):
        push(game, ("bid",))
        return
    ranking = sorted((0, 1), key=lambda seat: (-s.vp[seat], seat))
    game.final = {"vp": s.vp[:], "ranking": ranking}
