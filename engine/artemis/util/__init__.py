"""Small helpers below every layer: where the shipped data is, immutable catalog values, and
the id of the game a file that names none is for."""

#: The game of a file (log, save, config, scenario, pack manifest) that names none: every file
#: written before the engine hosted several games is a Project file.
DEFAULT_GAME = "project"
