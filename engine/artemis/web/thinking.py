"""Where the bots of served games think (docs/serve.md, "Bots think apart").

A bot whose decision may be long (a searching bot, ``mcts``, and any kind a game brings) thinks
in a worker process, never on the server's event loop nor in its process (Python threads
share one interpreter lock, so a bot searching in a thread would slow every page): the
`Thinker` hands the worker what the save holds (the config, the action ids, the seat's bot
spec and its random state), the worker rebuilds the game, lets the bot choose and answers the
action id and the bot's random state after it, which is exactly what the server's own copy of
the bot would have given. The server applies that answer to the game and saves it
(`artemis.web.session.Session.advance`): one game's actions are applied in order, one at a
time, by the server alone.

The workers (`multiprocessing.Pool`, started fresh with ``spawn`` the first time a bot needs
one, at a lower scheduling priority than the server so that its pages come first) load the
same plugins as the server; `Thinker.close` kills them, abandoning any decision under way (its
game stays at its last action, saved). The cheap bots (random, greedy) decide in the
request's worker thread, as quickly as a worker could be asked.

A seat's budget is capped (`check_budgets`, ``artemis serve --max-bot-budget``): a form asking
a bot for more search iterations per decision than the server allows is refused.
"""

from __future__ import annotations

import gc
import math
import os
import signal
import threading

from artemis.web.session import Refused

#: The default cap on a bot's budget a form may ask for (`artemis serve --max-bot-budget`):
#: search iterations per decision (an ``mcts`` decision of 2,000 iterations takes about a
#: second in a Project game and five in an Odyssey one on a 2-core machine).
DEFAULT_MAX_BOT_BUDGET = 2000
#: What a ``strong`` bot's budget counts against that cap, in mcts iterations of about the
#: same CPU time: each of its playouts, and each CPU second of ``strong:time=S``.
STRONG_PLAYOUT, STRONG_SECOND = 10, 2000
#: The bot kinds cheap enough to decide in the request's thread; every other kind thinks in
#: a worker process.
LIGHT_KINDS = frozenset({"random", "greedy", "human"})
#: How much lower the workers' scheduling priority is than the server's (os.nice).
WORKER_NICENESS = 10


def is_light(kind: str) -> bool:
    """Whether the bot spec ``kind`` decides in the request's thread (random, greedy)."""
    from artemis.players.spec import split_kind

    return split_kind(kind)[0] in LIGHT_KINDS


def budget_of(kind: str) -> int:
    """The search iterations per decision the bot spec ``kind`` asks for (0 for a bot that
    does not search): mcts's ``iterations``; a strong bot's in mcts iterations of about the
    same CPU time (`STRONG_PLAYOUT` a playout, `STRONG_SECOND` a second of ``time``)."""
    from artemis.players.spec import parse_options, split_kind

    name = split_kind(kind)[0]
    if name == "mcts":
        from artemis.players.mcts import OPTIONS

        return int(parse_options(kind, OPTIONS)["iterations"])
    if name == "strong":
        from artemis.players.strong import OPTIONS

        options = parse_options(kind, OPTIONS)
        if options["time"] > 0:
            return math.ceil(options["time"] * STRONG_SECOND)
        return int(options["iterations"]) * STRONG_PLAYOUT
    return 0


def check_budgets(kinds: list[str], cap: int) -> None:
    """Refuse (Refused, 400, naming the seat, its budget and the cap) a seat whose bot asks for
    more than ``cap`` search iterations per decision."""
    for seat, kind in enumerate(kinds):
        budget = budget_of(kind)
        if budget > cap:
            raise Refused(400, f"field 'seat{seat}': {kind} asks for {budget} search "
                          f"iterations a decision{_counted(kind)}; this server allows at "
                          f"most {cap} "
                          "(artemis serve --max-bot-budget)")


def _counted(kind: str) -> str:
    from artemis.players.spec import split_kind

    if split_kind(kind)[0] != "strong":
        return ""
    return (f" (a strong playout counts {STRONG_PLAYOUT}, a CPU second of time= "
            f"{STRONG_SECOND})")


class Thinker:
    """Asks the bots' decisions of worker processes (the module's docstring). ``plugins``
    says how the server's plugin host was made, for the workers to make the same one:
    ``(extra modules, disabled names)`` (``--plugin``, ``--disable-plugin``; ``((), ())``:
    the default host); None: no workers, every bot decides in the request's thread (a server
    given a plugin host it cannot describe). ``workers``: how many processes at most
    (default: one per core). Thread-safe."""

    def __init__(self, plugins: tuple[tuple[str, ...], tuple[str, ...]] | None = ((), ()),
                 workers: int | None = None):
        self.plugins = plugins
        self.workers = workers or os.cpu_count() or 1
        self._pool = None
        self._closed = False
        self._lock = threading.Lock()

    def in_process(self, kind: str) -> bool:
        """Whether the bot spec ``kind`` thinks in a worker process here."""
        return self.plugins is not None and not is_light(kind)

    def ask(self, config, actions: list[str], kind: str, seed: int, rng: dict | None):
        """Start a decision in a worker: the bot ``kind`` (seeded ``seed``, its random state
        ``rng``) choosing in the game of ``config`` after ``actions``. Returns the pending
        answer (`multiprocessing.pool.AsyncResult`: ``ready()``, ``wait(timeout)``, ``get()``
        gives (action id, the bot's random state after it) or raises what the worker
        raised)."""
        with self._lock:
            if self._closed:
                raise RuntimeError("the server is stopping: no bot decides any more")
            if self._pool is None:
                import multiprocessing

                self._pool = multiprocessing.get_context("spawn").Pool(
                    self.workers, initializer=_start_worker, initargs=(self.plugins,))
            return self._pool.apply_async(_decide, (config, actions, kind, seed, rng))

    def close(self) -> None:
        """Kill the workers, abandoning the decisions under way (the server is stopping:
        `ask` refuses from then on)."""
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.terminate()
            pool.join()
            del pool
            # the pool and its pending answers hold each other: collected now, their
            # semaphores are released before the process ends, however it ends
            gc.collect()


# -- in the worker process -----------------------------------------------------------------

_HOST = None


def _start_worker(plugins) -> None:
    """A worker's start: a lower priority than the server's, the server's plugins, and
    Ctrl-C ignored: the terminal sends SIGINT to the whole process group, and the server
    alone stops (closing its workers), without a traceback from each worker."""
    global _HOST
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        os.nice(WORKER_NICENESS)
    except (OSError, AttributeError):  # not allowed, or not Unix: the same priority then
        pass
    extra, disabled = plugins
    if extra or disabled:
        from artemis.kernel.plugins import load_plugins

        _HOST = load_plugins(disable=tuple(disabled), extra_modules=tuple(extra))


def _decide(config, actions: list[str], kind: str, seed: int, rng: dict | None):
    """The bot's decision in the game rebuilt from ``config`` and ``actions`` (in a worker):
    (the action's id, the bot's random state after it)."""
    from artemis.kernel.game import Game
    from artemis.kernel.replay import apply_actions
    from artemis.players.bots import make_bot, rng_state, set_rng_state

    game = Game.new(config, plugins=_HOST)
    apply_actions(game, actions)
    bot = make_bot(kind, seed, game.ruleset)
    set_rng_state(bot, rng)
    return bot.choose(game).id, rng_state(bot)
