"""Blind Auction, an example game for the artemis engine: two players, hidden hands, face-down
bids (README.md). Registered by the ``artemis.games`` entry point ``blind_auction``
(`blind_auction.ruleset.RULESET`)."""
