"""Running N games: in this process, in a pool of worker processes, or on a Dask cluster.

Game-agnostic. A *task* is a picklable object with ``play(index) -> dict`` (one game's summary,
carrying ``"index"``; a game that raises is the task's to record, as a summary with
``"error"``) and ``failed(index, error) -> dict`` (the record of a game lost with its worker);
optionally ``prepare()`` (what a worker does once before its first game: imports, content) and
``timed_out(index, seconds) -> dict`` (the record of a game stopped by the game timeout).
Game ``i`` of a run depends on the run seed and ``i`` only (`game_seed`), never on which worker
played it or when, so the results, sorted by index, are the same for any number of workers.

Worker processes are *spawned*, never forked: the parent runs threads (rich's progress refresh),
and a fork taken while another thread holds a lock can deadlock the child; spawn is also what
macOS and Windows use, so the behaviour is one everywhere. A spawned worker pays the import and
the content loading once (about a second), then plays the games it is given, one at a time,
saying when each starts. A game still playing after ``game_timeout`` seconds (a hook that never
returns) is reported as timed out: its worker is killed and replaced, and the run goes on; so
is a game whose worker dies, as an error. Workers ignore SIGINT and SIGTERM: Ctrl-C (or SIGTERM:
``kill``, ``timeout``, a CI cancel) reaches the parent, which stops the workers (kill, then
join: no orphans) and keeps the finished games.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import signal
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from artemis.util.plural import counted

DASK_MISSING = "--dask needs the dask extra: pip install 'artemis-engine[dask]'"
DASK_TIMEOUT = 10  # seconds to reach the scheduler before giving up
STARTUP_TIMEOUT = 120  # seconds a worker may take to start (imports, content) before its first game

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


def run(task, games: int, workers: int = 1, dask_address: str | None = None,
        progress: Callable[[int], None] | None = None,
        game_timeout: float | None = None, start: int = 0) -> RunOutcome:
    """Play games start..start+games-1 of ``task`` (an index range of a longer study: game i
    is seeded by the run seed and i alone, so the range plays exactly those games of the
    whole run): in this process when ``workers`` is 1 and there is
    no ``game_timeout``, else in ``workers`` spawned processes (at most one a game:
    ``RunOutcome.workers`` says how many were started), or on the Dask scheduler at
    ``dask_address`` (a task per game). ``progress(n)`` is called in this thread after every
    game finished (n = 1), so a progress bar moves game by game.

    ``game_timeout`` (seconds; None or 0: none) bounds each game in worker processes: a game
    still playing then is recorded by ``task.timed_out(index, seconds)`` (default: ``failed``
    with ``"timed_out": seconds``), its worker killed and replaced. A game whose worker dies is
    recorded by ``task.failed``, and the run goes on. Dask runs games in its workers' threads,
    which cannot be stopped: there ``game_timeout`` is not enforced.

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
            _run_dask(task, range(start, start + games), dask_address, done)
        elif workers <= 1 and not game_timeout:
            where = "1 process"
            for i in range(start, start + games):
                done([task.play(i)])
        else:
            started_workers = max(1, min(workers, games))  # a worker per game at most
            where = counted(started_workers, "worker process", "worker processes")
            _run_workers(task, range(start, start + games), started_workers,
                         game_timeout or None, done)
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


def _worker_main(conn, task) -> None:
    """A worker process: prepares the task once, says "ready", then plays the game indices it
    is sent (lists of them; None: stop) in order, sending ("done", summary) after each: the
    parent knows which game it plays, and since when (from the previous "done")."""
    _start_worker()
    prepare = getattr(task, "prepare", None)
    if prepare is not None:
        try:
            prepare()
        except Exception:  # noqa: S110 - each game meets the same error and records it
            pass
    todo: deque = deque()
    try:
        conn.send(("ready", None))
        while True:
            while not todo or conn.poll():
                message = conn.recv()
                if message is None:
                    return
                todo.extend(message)
            index = todo.popleft()
            try:
                summary = task.play(index)
            except Exception as exc:  # the task records its games' errors; a last resort
                summary = task.failed(index, f"{type(exc).__name__}: {exc}")
            conn.send(("done", summary))
    except (EOFError, OSError):  # the parent is gone (stopped by Ctrl-C): nothing to say
        return


@contextlib.contextmanager
def _signals_held():
    """While worker processes are spawned: SIGINT ignored (inherited through exec, so a Ctrl-C
    sent to the whole process group never reaches a worker, even mid-start-up) and SIGTERM held
    back (it cannot be ignored here: the parent must hear it; blocked in this thread, a mask
    the workers inherit until their initializer ignores it), then raised once the handlers are
    back."""
    main = threading.current_thread() is threading.main_thread()
    held: list = []
    masks = main and hasattr(signal, "pthread_sigmask")
    if main:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        previous_term = signal.signal(signal.SIGTERM, lambda *a: held.append(a))
    if masks:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    try:
        yield
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)
            signal.signal(signal.SIGTERM, previous_term)
        if masks:  # a SIGTERM pending meanwhile reaches previous_term now
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    if main and held and callable(previous_term):
        previous_term(*held[0])


class _Worker:
    """A worker process seen from the parent: its connection, the game indices sent to it and
    not yet done (in order), the one it is playing and since when."""

    def __init__(self, ctx, task):
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_worker_main, args=(child, task), daemon=True)
        with _signals_held():
            self.process.start()
        child.close()
        self.born = time.monotonic()
        self.ready = False
        self.sent: deque = deque()
        self.playing: int | None = None
        self.since = 0.0

    def send(self, indices: list) -> None:
        if not self.sent:  # idle: it starts the first of them now
            self.playing, self.since = indices[0], time.monotonic()
        self.sent.extend(indices)
        try:
            self.conn.send(indices)
        except OSError:  # it died meanwhile: its sentinel says so, and its games go back
            pass

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=10)
        self.conn.close()


def _run_workers(task, games: range, workers: int, game_timeout: float | None, done) -> None:
    """Play the game indices ``games`` in ``workers`` spawned processes, two games queued in
    each (one playing, the next ready), replacing a worker whose game passes
    ``game_timeout`` seconds or that dies. A game's time runs from when its worker was sent
    it while idle or reported the game before it done: never less than the game's own, so no
    game is stopped early."""
    import multiprocessing
    from multiprocessing.connection import wait

    ctx = multiprocessing.get_context("spawn")
    todo = deque(games)
    crew: list[_Worker] = []
    deaths = 0  # workers lost outside a game: a worker that cannot start, say

    def lost(worker: _Worker, record) -> None:
        """``worker`` is gone: ``record`` its current game (if any), the rest back in line."""
        nonlocal deaths
        crew.remove(worker)
        worker.kill()
        rest = [i for i in worker.sent if i != worker.playing]
        todo.extendleft(reversed(rest))
        if worker.playing is not None:
            done([record(worker.playing)])
        else:
            deaths += 1
        if todo and deaths >= 3:
            why = "the worker processes cannot start or keep dying"
            done([task.failed(i, f"WorkerLost: {why}") for i in todo])
            todo.clear()
        if todo:
            crew.append(_Worker(ctx, task))

    def timed_out(index: int):
        if hasattr(task, "timed_out"):
            return task.timed_out(index, game_timeout)
        return {**task.failed(index, f"timed out after {game_timeout} s"),
                "timed_out": game_timeout}

    try:
        for _ in range(workers):
            crew.append(_Worker(ctx, task))
        while crew:
            for worker in crew:  # two games queued in each ready worker
                while worker.ready and todo and len(worker.sent) < 2:
                    worker.send([todo.popleft()])
            for worker in [w for w in crew if not w.sent and not todo and w.ready]:
                with contextlib.suppress(OSError):
                    worker.conn.send(None)  # nothing left for it: it stops
                worker.process.join(timeout=10)
                worker.kill()
                crew.remove(worker)
            if not crew:
                break
            now = time.monotonic()
            deadlines = [w.since + game_timeout - now for w in crew
                         if game_timeout and w.playing is not None]
            deadlines += [w.born + STARTUP_TIMEOUT - now for w in crew if not w.ready]
            ready = wait([w.conn for w in crew] + [w.process.sentinel for w in crew],
                         timeout=max(0.0, min(deadlines)) if deadlines else None)
            for worker in list(crew):
                if worker.conn in ready or worker.process.sentinel in ready:
                    _read(worker, done)
                if worker.conn.closed or not worker.process.is_alive():
                    code = worker.process.exitcode
                    lost(worker, lambda i, code=code: task.failed(
                        i, f"WorkerDied: the worker process died (exit code {code}) "
                        "playing this game"))
            now = time.monotonic()
            for worker in list(crew):
                if (game_timeout and worker.playing is not None
                        and now - worker.since >= game_timeout):
                    lost(worker, timed_out)
                elif not worker.ready and now - worker.born >= STARTUP_TIMEOUT:
                    lost(worker, timed_out)
    except BaseException:
        _stop_all(crew)
        raise


def _stop_all(crew: list[_Worker]) -> None:
    """Kill every worker, then join them, with Ctrl-C ignored meanwhile: a second SIGINT (a
    Ctrl-C pressed twice, or `timeout`, which signals the process and then its group) must not
    cut the loop short and leave a worker running, orphaned."""
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        for worker in crew:
            if worker.process.is_alive():
                worker.process.kill()
        for worker in crew:
            worker.kill()
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)


def _read(worker: _Worker, done) -> None:
    """Read what ``worker`` said: ready, or a game done (it plays the next one it was sent, if
    any, from now); a worker that died has its connection closed here."""
    try:
        while worker.conn.poll():
            what, value = worker.conn.recv()
            if what == "ready":
                worker.ready = True
            else:
                worker.sent.popleft()
                worker.playing = worker.sent[0] if worker.sent else None
                worker.since = time.monotonic()
                done([value])
    except (EOFError, OSError):
        worker.conn.close()


def _run_dask(task, games: range, address: str, done) -> None:
    """Play the game indices ``games`` on the Dask scheduler at ``address``, a task per game (a game
    takes far longer than a task's overhead): each finished game counts at once, and Ctrl-C
    loses only the games under way."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RunError(DASK_MISSING) from None
    client = _connect(Client, address)
    futures: dict = {}
    try:
        for index in games:
            futures[client.submit(task.play, index, pure=False)] = index
        for future in as_completed(list(futures), loop=client.loop):
            index = futures[future]
            try:
                out = future.result()
            except Exception as exc:  # a worker lost, or artemis missing on it
                out = task.failed(index, f"{type(exc).__name__}: {exc}")
            done([out])
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
