"""Who decides: the bot registry, the random bot, the human seat, and the one play loop."""
