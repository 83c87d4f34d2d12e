"""The stable codes of scenario problems and scenario run results (docs/scenarios.md).

A scenario file is read with the content reader, so its YAML problems keep their E1xx codes and
its schema problems their E2xx codes (docs/errors.md). The S codes below are the scenario's own:
S1xx the file is another kind of file or names something the engine does not know, S2xx the
given position is not consistent, S3xx a step could not run, S4xx an expectation does not hold.
A game's own position codes are the game's (the Project's S201, S203 and S205:
`artemis.games.project.codes.SCENARIO_CODES`).
"""

from __future__ import annotations

CODES: dict[str, str] = {
    # S1xx: the file is not a scenario, or names something unknown
    "S100": "not a scenario file",
    "S101": "bad game config",
    "S102": "unknown player",
    "S103": "unknown content id",
    "S104": "unknown rule parameter or bad modifier",
    "S105": "bad player names",
    "S199": "internal error while loading (a bug)",
    # S2xx: the given position
    "S202": "an item is in two places",
    "S204": "value out of range for this game",
    "S206": "position does not fit the phase",
    # S3xx: running the steps
    "S301": "illegal action",
    "S302": "unanswered decision",
    "S303": "no decision pending",
    "S304": "decision belongs to another player",
    "S305": "the game ended first",
    "S306": "engine error",
    # S4xx: expectations
    "S401": "value differs",
    "S402": "path not found",
    "S403": "expected error did not happen",
    "S404": "a different error happened",
}
