"""The kernel: the decision API, the step queue, named random streams, the Ruleset interface
and the registry of games, the plugin host. It knows no game."""
