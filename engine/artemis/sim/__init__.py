"""Simulation at scale: N seeded bot games, played in-process, in worker processes or on a Dask
cluster, summed up in a report that is the same whatever ran them (`artemis simulate`).

The parts, from game-agnostic to Artemis-specific:

- `runner`: game seeds (``game_seed``), the process pool, Dask, Ctrl-C. It knows only a
  *task*: a picklable object with ``play(index) -> dict`` and ``failed(index, error) -> dict``.
- `report`: sums per-game summaries ({index, seed, winner, vp, in_game, steps, decisions,
  items}) into the report (win rates, VP statistics, items); no game rules in it.
- `task`: `GameTask`, one Artemis game per index with the seats, variants, expansions and
  plugins of `artemis play`, and `summarize`, which reads a finished game's log and state.
- `plot`: PNG charts of a report (matplotlib, the ``plot`` extra).
"""

from artemis.sim.report import build_report
from artemis.sim.runner import RunError, RunOutcome, game_seed, run
from artemis.sim.task import GameTask, summarize

__all__ = ["GameTask", "RunError", "RunOutcome", "build_report", "game_seed", "run",
           "summarize"]
