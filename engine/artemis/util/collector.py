"""The pace of CPython's cyclic garbage collector in processes that play games
(docs/performance.md, "The garbage collector").

A game allocates many short-lived objects and makes almost no reference cycles (its state is
a tree), while the collector's default thresholds (700, 10, 10) run a young collection every
700 allocations and a full one, which walks every object loaded (modules, content, schemas),
every 100 young ones: about 8 % of the instructions of a 4-player random game. The processes
that play games (the `artemis` command, simulate's worker processes, a game played on a Dask
worker) raise the thresholds once with `pace_for_games`; cycles are still collected, less
often, so memory stays bounded. A program that imports the engine keeps its own setting
unless it calls `pace_for_games` too.
"""

from __future__ import annotations

import gc

#: (young, middle, old) thresholds: a young collection every 20,000 allocations net, a full
#: one every 400 young ones (gc.set_threshold)
THRESHOLDS = (20_000, 20, 20)


def pace_for_games() -> None:
    """Raise the collector's thresholds to at least `THRESHOLDS`; a threshold already higher
    is kept, and a collector switched off (``gc.disable()`` or a first threshold of 0) stays
    off. Calling it again changes nothing. Raises nothing."""
    current = gc.get_threshold()
    if not gc.isenabled() or current[0] == 0:
        return
    gc.set_threshold(*(max(have, want) for have, want in zip(current, THRESHOLDS, strict=True)))
