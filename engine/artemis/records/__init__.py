"""Files a game leaves behind: game configs, logs, saves, digests."""
