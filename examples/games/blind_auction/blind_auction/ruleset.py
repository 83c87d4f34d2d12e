"""Blind Auction's core (`artemis.kernel.ruleset.Ruleset`): identity, player counts, streams,
setup, views, hidden information and the result; its words, tools and bots' evaluation are the
optional parts it names in ``parts`` (`artemis.kernel.parts`)."""

from __future__ import annotations

import random

from artemis.kernel.flow import reask
from artemis.kernel.ruleset import Ruleset
from artemis.kernel.streams import Streams, shuffle
from blind_auction.rules import LOTS, TABLE, AuctionState, bid_options


class BlindAuction(Ruleset):
    """Blind Auction (README.md): two players, hidden hands, face-down bids."""

    id = "blind_auction"
    name = "Blind Auction"
    player_counts = (2,)
    streams = ("deal",)
    table = TABLE
    start_step = ("game_start",)
    max_decisions = 2 * len(LOTS)
    questions = {"bid": "Blind Auction: bid one card face down"}
    parts = {
        "words": "blind_auction.words",
        "tools": "blind_auction.tools",
        "players": {"evaluate": "blind_auction.rules:worth"},
    }

    def setup(self, game, rng: Streams) -> AuctionState:
        """Shuffle and deal (the ``deal`` stream); the kernel then runs ``game_start``."""
        state = AuctionState(rng)
        game.emit("setup", players=2)  # never the seed: it names every card to come
        return state

    def result(self, game) -> dict:
        """{"players": [{"seat", "vp"}], "ranking": [seats, best first], "winner": seat}."""
        vp, ranking = game.final["vp"], game.final["ranking"]
        return {"players": [{"seat": seat, "vp": v} for seat, v in enumerate(vp)],
                "ranking": ranking[:], "winner": ranking[0]}

    def view(self, game, seat: int | None) -> dict:
        """What ``seat`` may know: its own hand and bid, the other's hand size and whether it
        has bid, the lot, VP and the revealed bids; a spectator (None) sees no hand."""
        s = game.state
        return {
            "lot": s.lot + 1, "turn": s.turn, "vp": s.vp[:], "discards": s.discards[:],
            "players": [{"seat": i, "hand_size": len(h), "has_bid": s.bids[i] is not None}
                        for i, h in enumerate(s.hands)],
            "hand": None if seat is None else s.hands[seat][:],
            "my_bid": None if seat is None else s.bids[seat],
        }

    def full_view(self, game) -> dict:
        """Everything: both hands, the face-down bids and the undealt deck."""
        s = game.state
        return {**self.view(game, None), "hands": [h[:] for h in s.hands],
                "bids": s.bids[:], "deck": sorted(s.deck)}

    def determinize(self, game, seat: int, rng: random.Random):
        """The cards ``seat`` has not seen (the other's hand, its face-down bid, the undealt
        deck) dealt again among those places, and the streams reseeded; the other's pending
        question is asked again from its new hand (`artemis.kernel.flow.reask`)."""
        clone = game.clone()
        s = clone.state
        other = 1 - seat
        bid = [] if s.bids[other] is None else [s.bids[other]]
        unseen = sorted(s.hands[other] + s.deck + bid)
        shuffle(rng, unseen)
        if s.bids[other] is not None:
            s.bids[other] = unseen.pop()
        n = len(s.hands[other])
        s.hands[other], s.deck = sorted(unseen[:n]), unseen[n:]
        s.rng = Streams.seeded((name, rng.getrandbits(64)) for name in self.streams)
        pending = clone.pending
        if pending is not None and pending.player == other:
            reask(clone, bid_options(s.hands[other]))
        return clone

    def action_seen_by(self, game, decision, action):
        """A bid is placed face down: its player alone sees which card."""
        return [decision.player]

    def action_public(self, game, decision, action):
        """What the other learns of a bid: that one was made."""
        return ("bid",)


RULESET = BlindAuction()
