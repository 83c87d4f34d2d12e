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
batches of games. Workers ignore SIGINT: Ctrl-C reaches the parent, which stops the workers
(terminate, then join: no orphans) and keeps the finished batches.
"""

from __future__ import annotations

import hashlib
import math
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

DASK_MISSING = "--dask needs the dask extra: pip install 'artemis-engine[dask]'"


class RunError(RuntimeError):
    """A run that cannot start or go on for a reason outside the games: the dask extra is not
    installed, the Dask scheduler cannot be reached. The message is for a person."""


@dataclass
class RunOutcome:
    """What a run produced: ``results`` (one dict per game played, sorted by game index),
    ``interrupted`` (Ctrl-C stopped it: ``results`` holds the games finished before),
    ``seconds`` (wall-clock time) and ``where`` (how it ran, for the console)."""

    results: list
    interrupted: bool
    seconds: float
    where: str


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
    ``progress(n)`` is called in this thread after every n games finished.

    Ctrl-C (KeyboardInterrupt) stops the run: the workers are stopped and the outcome, marked
    ``interrupted``, holds the games finished before. Raises RunError when Dask is asked for
    but not installed or not reachable."""
    started = time.perf_counter()
    results: list[dict] = []

    def done(out: list[dict]) -> None:
        results.extend(out)
        if progress is not None:
            progress(len(out))

    interrupted = False
    try:
        if dask_address:
            where = f"Dask scheduler {dask_address}"
            # the cluster's size is not known here: batches as for 8 workers
            _run_dask(task, batches(games, 8, batch_size), dask_address, done)
        elif workers <= 1:
            where = "1 process"
            for i in range(games):
                done([task.play(i)])
        else:
            where = f"{workers} worker processes"
            _run_pool(task, batches(games, workers, batch_size), workers, done)
    except KeyboardInterrupt:
        interrupted = True
    results.sort(key=lambda r: r["index"])
    return RunOutcome(results, interrupted, time.perf_counter() - started, where)


def _start_worker() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle, and a worker whose parent is gone
    (killed, say) exits at once instead of playing on as an orphan."""
    import multiprocessing
    import os
    from multiprocessing.connection import wait

    signal.signal(signal.SIGINT, signal.SIG_IGN)
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
        # a Ctrl-C sent to the whole process group never reaches a worker, even mid-start-up
        main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
        try:
            for start, stop in ranges:
                futures[pool.submit(play_batch, task, start, stop)] = (start, stop)
        finally:
            if main:
                signal.signal(signal.SIGINT, previous)
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
    """Stop every worker now: cancel what has not started, terminate what runs, join all."""
    # no public way to stop running workers before Python 3.14's terminate_workers()
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        if p.is_alive():
            p.terminate()
    for p in processes:
        p.join(timeout=10)
        if p.is_alive():
            p.kill()
            p.join()


def _run_dask(task, ranges, address: str, done) -> None:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RunError(DASK_MISSING) from None
    try:
        client = Client(address, timeout=10, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise RunError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
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
