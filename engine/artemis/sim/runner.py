"""Running N games: in this process, in a pool of worker processes, or on a Dask cluster.

Game-agnostic. A *task* is a picklable object with ``play(index) -> dict`` (one game's summary,
carrying ``"index"``; a game that raises is the task's to record, as a summary with
``"error"``) and ``failed(index, error) -> dict`` (the record of a game lost with its worker).
Game ``i`` of a run depends on the run seed and ``i`` only (`game_seed`), never on which worker
played it or when, so the results, sorted by index, are the same for any number of workers.

Worker processes are *spawned*, never forked: the parent runs threads (rich's progress refresh,
the pool's own manager thread), and a fork taken while another thread holds a lock can deadlock
the child; spawn is also what macOS and Windows use, so the behaviour is one everywhere. A
spawned worker pays the import and the content loading once (about a second), then plays
batches of games. Workers ignore SIGINT and SIGTERM: Ctrl-C (or SIGTERM: ``kill``, ``timeout``,
a CI cancel) reaches the parent, which stops the workers (kill, then join: no orphans) and keeps
the finished batches.
"""

from __future__ import annotations

import hashlib
import math
import re
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

DASK_MISSING = "--dask needs the dask extra: pip install 'artemis-engine[dask]'"
DASK_TIMEOUT = 10  # seconds to reach the scheduler before giving up

_DASK_ADDRESS = re.compile(r"(?:(?:tcp|tls|ws|wss|ucx)://)?(?:\[[0-9a-fA-F:.]+\]|[\w.-]+):\d{1,5}"
                           r"|inproc://\S+")


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread while a run is going on: handled as Ctrl-C."""


class RunError(RuntimeError):
    """A run that cannot start or go on for a reason outside the games: the dask extra is not
    installed, the Dask scheduler cannot be reached. The message is for a person."""


@dataclass
class RunOutcome:
    """What a run produced: ``results`` (one dict per game played, sorted by game index),
    ``interrupted`` (Ctrl-C or SIGTERM stopped it: ``results`` holds the games finished
    before), ``seconds`` (wall-clock time), ``where`` (how it ran, for the console),
    ``workers`` (worker processes started: 0 in this process or on Dask) and ``signal``
    ("SIGINT" or "SIGTERM" when interrupted, else None)."""

    results: list
    interrupted: bool
    seconds: float
    where: str
    workers: int = 0
    signal: str | None = None


def check_dask_address(address: str) -> None:
    """Raise RunError unless ``address`` has the form of a Dask scheduler address:
    [tcp|tls|ws|wss|ucx://]HOST:PORT or inproc://..., e.g. tcp://10.0.0.5:8786."""
    if not _DASK_ADDRESS.fullmatch(address):
        raise RunError(f"--dask '{address}' is not a scheduler address; write "
                       "[tcp://]HOST:PORT, e.g. tcp://10.0.0.5:8786")


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) of the run seeded ``run_seed``: the first 6 bytes of
    sha256("run_seed:game:index"), a whole number below 2**48 (exact in any JSON reader),
    stable on every machine and independent of workers."""
    digest = hashlib.sha256(f"{run_seed}:game:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def batches(games: int, workers: int, size: int | None = None) -> list[tuple[int, int]]:
    """Game index ranges [start, stop) covering 0..games-1: about eight batches per worker so
    the load evens out and progress moves, at most 25 games each so Ctrl-C loses little."""
    if size is None:
        size = max(1, min(25, math.ceil(games / (max(1, workers) * 8))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def play_batch(task, start: int, stop: int) -> list[dict]:
    """Play games ``start`` to ``stop - 1`` of ``task`` in this process (a worker's job)."""
    return [task.play(i) for i in range(start, stop)]


def run(task, games: int, workers: int = 1, dask_address: str | None = None,
        progress: Callable[[int], None] | None = None,
        batch_size: int | None = None) -> RunOutcome:
    """Play games 0..games-1 of ``task``: in this process when ``workers`` is 1, else in a pool
    of ``workers`` spawned processes, or on the Dask scheduler at ``dask_address``.
    ``progress(n)`` is called in this thread after every n games finished. At most one
    worker per batch is started (``RunOutcome.workers`` says how many were).

    Ctrl-C (KeyboardInterrupt) or SIGTERM (when called in the main thread) stops the run: the
    workers are stopped and the outcome, marked ``interrupted``, holds the games finished
    before. Raises RunError when Dask is asked for but not installed, the address is
    malformed or the scheduler is not reached within DASK_TIMEOUT seconds."""
    started = time.perf_counter()
    results: list[dict] = []
    started_workers = 0

    def done(out: list[dict]) -> None:
        results.extend(out)
        if progress is not None:
            progress(len(out))

    interrupted, stopped_by = False, None
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _raise_terminated) if main else None
    try:
        if dask_address:
            check_dask_address(dask_address)
            where = f"Dask scheduler {dask_address}"
            # the cluster's size is not known here: batches as for 8 workers
            _run_dask(task, batches(games, 8, batch_size), dask_address, done)
        elif workers <= 1:
            where = "1 process"
            for i in range(games):
                done([task.play(i)])
        else:
            ranges = batches(games, workers, batch_size)
            started_workers = min(workers, len(ranges))  # a worker per batch at most
            where = (f"{started_workers} worker process"
                     f"{'' if started_workers == 1 else 'es'}")
            _run_pool(task, ranges, started_workers, done)
    except KeyboardInterrupt as exc:
        interrupted = True
        stopped_by = "SIGTERM" if isinstance(exc, Terminated) else "SIGINT"
    finally:
        if main:
            signal.signal(signal.SIGTERM, previous)
    results.sort(key=lambda r: r["index"])
    return RunOutcome(results, interrupted, time.perf_counter() - started, where,
                      started_workers, stopped_by)


def _raise_terminated(signum, frame) -> None:
    raise Terminated


def _start_worker() -> None:
    """Worker initializer: Ctrl-C and SIGTERM are the parent's to handle (a signal sent to the
    whole process group must not kill a worker and lose its batch), and a worker whose parent is
    gone (killed, say) exits at once instead of playing on as an orphan."""
    import multiprocessing
    import os
    from multiprocessing.connection import wait

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # blocked by the parent while it spawned us
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    parent = multiprocessing.parent_process()
    if parent is not None:
        def watch() -> None:
            wait([parent.sentinel])
            os._exit(1)

        threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _run_pool(task, ranges, workers: int, done) -> None:
    import concurrent.futures as cf
    import multiprocessing

    pool = cf.ProcessPoolExecutor(max_workers=workers,
                                  mp_context=multiprocessing.get_context("spawn"),
                                  initializer=_start_worker)
    futures: dict = {}
    try:
        # workers are spawned by submit; SIGINT ignored meanwhile is inherited through exec, so
        # a Ctrl-C sent to the whole process group never reaches a worker, even mid-start-up.
        # SIGTERM cannot be ignored here (the parent must hear it): it is blocked in this
        # thread, a mask the workers inherit until their initializer ignores it, and held
        # back, then raised once the handlers are back
        main = threading.current_thread() is threading.main_thread()
        held: list = []
        masks = main and hasattr(signal, "pthread_sigmask")
        if main:
            previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
            previous_term = signal.signal(signal.SIGTERM, lambda *a: held.append(a))
        if masks:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
        try:
            for start, stop in ranges:
                futures[pool.submit(play_batch, task, start, stop)] = (start, stop)
        finally:
            if main:
                signal.signal(signal.SIGINT, previous)
                signal.signal(signal.SIGTERM, previous_term)
            if masks:  # a SIGTERM pending meanwhile reaches previous_term now
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
        if held and callable(previous_term):
            previous_term(*held[0])
        for future in cf.as_completed(futures):
            start, stop = futures[future]
            try:
                out = future.result()
            except Exception as exc:  # the worker died (BrokenProcessPool): its games are lost
                out = [task.failed(i, f"{type(exc).__name__}: {exc}") for i in range(start, stop)]
            done(out)
    except BaseException:
        _stop_pool(pool)
        raise
    pool.shutdown(wait=True)


def _stop_pool(pool) -> None:
    """Stop every worker now: cancel what has not started, kill what runs (workers ignore
    SIGTERM), join all."""
    # no public way to stop running workers before Python 3.14's terminate_workers()
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        if p.is_alive():
            p.kill()
    for p in processes:
        p.join(timeout=10)


def _run_dask(task, ranges, address: str, done) -> None:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RunError(DASK_MISSING) from None
    client = _connect(Client, address)
    futures: dict = {}
    try:
        for start, stop in ranges:
            futures[client.submit(play_batch, task, start, stop, pure=False)] = (start, stop)
        for future in as_completed(list(futures), loop=client.loop):
            start, stop = futures[future]
            try:
                out = future.result()
            except Exception as exc:  # a worker lost, or artemis missing on it
                out = [task.failed(i, f"{type(exc).__name__}: {exc}") for i in range(start, stop)]
            done(out)
    except BaseException:
        client.cancel(list(futures))
        raise
    finally:
        client.close()


def _connect(client_class, address: str):
    """A Client of the scheduler at ``address``, or RunError after DASK_TIMEOUT seconds.
    distributed's own teardown of a client that never connected ("Exception ignored in
    Client.__del__", its logged tracebacks) is silenced: the RunError says it all."""
    import gc
    import logging
    import sys
    import traceback

    logger = logging.getLogger("distributed")
    level, hook = logger.level, sys.unraisablehook
    logger.setLevel(logging.CRITICAL)
    sys.unraisablehook = lambda unraisable: None
    try:
        return client_class(address, timeout=DASK_TIMEOUT, set_as_default=False)
    except Exception as exc:  # OSError, TimeoutError, ValueError... all mean "not reached"
        error = str(exc) or type(exc).__name__
        traceback.clear_frames(exc.__traceback__)  # they hold the half-made client
    finally:
        gc.collect()  # the half-made client's __del__ runs now, while silenced
        sys.unraisablehook = hook
        logger.setLevel(level)
    raise RunError(f"cannot reach the Dask scheduler at {address} within {DASK_TIMEOUT} s: "
                   f"{error}")
