"""A game's observation as a numpy array (`Encoder`): the game's ``observation`` part writes
index lists (`artemis.kernel.parts.Observation`), this module alone turns them into numbers,
so neither the kernel nor a game needs numpy. ``float32[layout.size]``, every cell within its
slice's bounds (`bounds`).

`Encoder.array` is incremental where the game's writer takes a memo
(`artemis.kernel.observation.Memo`): it keeps a buffer per seat and writes again only the
sections whose inputs changed since that seat's last observation (of any game of the config:
a section's key is a snapshot of what it reads, not the game's identity), so an agent's loop
pays for what a decision changed. `Encoder.write` always writes from scratch; both give the
same numbers (tests/rl/test_observe.py checks it at every decision of seeded games).

`Encoder.fresh` writes into a bytearray where the game's writer takes ``dense`` (every cell a
byte, read as float32 in one cast: no index lists to pack; a cell past 255 the writer puts in
its lists), and starts from a template where the game's writer takes ``base``
(`artemis.kernel.observation.Cells`: the cells it keeps because a game rarely changes them):
a float32[size] array per combination of those cells, made once (at most `TEMPLATES` kept
per encoder), copied for each call as zeros would be, so only the other cells are packed."""

from __future__ import annotations

from artemis.rl import require

require("numpy")

import inspect  # noqa: E402
import struct  # noqa: E402

import numpy as np  # noqa: E402

from artemis.kernel.observation import Memo  # noqa: E402
from artemis.kernel.parts import part  # noqa: E402

_SHARED = object()  # the memo slot of the sections every seat sees alike

_PACKS: dict[int, struct.Struct] = {}  # n -> the Struct of n native Py_ssize_t ("n")


_INTP, _F32 = np.dtype(np.intp), np.dtype(np.float32)  # dtype objects: read faster than types


def _ints(xs: list, dtype=_INTP) -> np.ndarray:
    """``xs`` (a list of Python ints) as an array: packed in C by `struct` and read back by
    ``np.frombuffer``, about 85 instructions a number against 210 for ``np.fromiter``
    (callgrind, docs/performance.md), which converts each number on its own. A number that
    is not an int (a float) or out of range: through ``np.fromiter`` as ``dtype``."""
    n = len(xs)
    pack = _PACKS.get(n)
    if pack is None:
        pack = struct.Struct(f"{n}n")
        if n <= 4096:  # the lengths a writer gives are few; a freak length is not kept
            _PACKS[n] = pack
    try:
        return np.frombuffer(pack.pack(*xs), _INTP)
    except struct.error:
        return np.fromiter(xs, dtype, n)


_U8 = np.dtype(np.uint8)


def _floats(xs: list) -> np.ndarray:
    """``xs`` (a list of numbers) as float32: where every one is an int from 0 to 255 (as
    a rule: counts, faces, a score), through ``bytes``, which converts the list in one C
    loop, about a third less than `_ints` and its cast (timeit, docs/performance.md);
    otherwise (a float, a negative score, a count past 255) through `_ints`."""
    try:
        return np.frombuffer(bytes(xs), _U8).astype(_F32)
    except (TypeError, ValueError):  # a float; a number outside 0..255
        return _ints(xs, _F32).astype(_F32, copy=False)


class Encoder:
    """The observation of one game config: ``layout`` (`artemis.kernel.observation.Layout`),
    ``size``, ``low``/``high`` (float32 arrays of the cells' bounds) and `array`. Built from
    a ruleset and a config (a GameConfig or its dict); raises `artemis.kernel.parts.NoPart`
    for a game without an observation encoder, ConfigError for a bad config."""

    def __init__(self, ruleset, config):
        obs = part(ruleset, "observation")
        self.layout = obs.observation_layout(config)
        self.version = obs.layout_version
        self.size = self.layout.size
        low, high = self.layout.bounds()
        self.low = np.asarray(low, np.float32)
        self.high = np.asarray(high, np.float32)
        self._write = obs.write_observation
        self._rotation = obs.observation_rotation
        try:
            params = inspect.signature(obs.write_observation).parameters
        except (TypeError, ValueError):  # a builtin or C callable: no memo
            params = {}
        #: whether the game's writer writes incrementally (takes a `Memo`)
        self.incremental = "memo" in params
        #: whether the game's writer gives the cells it keeps (takes ``base``)
        self.based = "base" in params
        #: whether the game's writer writes bytes into a bytearray (takes ``dense``)
        self.dense = "dense" in params
        self._zero_bytes = bytes(self.size)
        # tuple of Cells (by identity) -> its template, float32[size], never handed out;
        # tuple of runs (Cells) -> their indices end to end, intp[n]
        self._templates: dict = {}
        self._runs: dict = {}
        self._memos: dict = {}  # seat, or SHARED -> (Memo, its float32 buffer)
        self._perms: dict = {}  # (id(runs), players, me) -> (runs, the gather's indices)
        self._catalog = None  # the catalog the memos were written for
        self._zeros = np.zeros(self.size, np.float32)  # copied: less than np.zeros costs

    def array(self, game, seat) -> np.ndarray:
        """A fresh float32[size]: ``seat``'s observation of ``game`` (None: a spectator);
        incremental where the game's writer is (see the module docstring), from scratch
        otherwise. Raises what the game's writer raises (the memo it was writing is then
        dropped)."""
        if not self.incremental:
            return self.fresh(game, seat)
        if game.catalog is not self._catalog:  # another catalog: the plans' cells differ
            self._memos.clear()
            self._catalog = game.catalog
        turn = self._rotation(game, seat)
        if turn is None:
            return self._update(game, seat, seat).copy()
        runs, players, me = turn
        shared = self._update(game, seat, _SHARED)
        out = shared[self._perm(runs, players, me)] if me else shared.copy()
        out += self._update(game, seat, seat)
        return out

    def _update(self, game, seat, slot) -> np.ndarray:
        """The buffer of ``slot`` (a seat, or `_SHARED`) brought up to ``game``: its memo's
        changed sections written again, their old cells zeroed first."""
        kept = self._memos.get(slot)
        if kept is None:
            kept = self._memos[slot] = (Memo(shared=slot is _SHARED),
                                        np.zeros(self.size, np.float32))
        memo, buf = kept
        ones, at, values = [], [], []
        memo.begin(ones, at)
        try:
            self._write(game, seat, ones, at, values, memo)
            memo.end()
        except BaseException:
            del self._memos[slot]  # its keys may name cells never written
            raise
        stale = memo.stale
        if stale:  # before the new cells: a section may write a cell it held before
            buf[_ints(stale)] = 0.0
        _put(buf, ones, at, values)
        return buf

    def _perm(self, runs, players: int, me: int) -> np.ndarray:
        """The gather that turns the shared cells (player 0's) into ``me``'s: each run's
        block j takes block (j + me) % players; made once per (runs, players, me)."""
        key = (id(runs), players, me)
        kept = self._perms.get(key)
        if kept is None or kept[0] is not runs:
            perm = np.arange(self.size, dtype=np.intp)
            for start, blocks, width in runs:
                for j in range(min(blocks, players)):
                    src = start + ((j + me) % players) * width
                    perm[start + j * width:start + (j + 1) * width] = np.arange(src,
                                                                                src + width)
            kept = self._perms[key] = (runs, perm)
        return kept[1]

    def fresh(self, game, seat) -> np.ndarray:
        """A fresh float32[size]: ``seat``'s observation of ``game`` written from scratch,
        the same numbers as `array`. Cheaper than `array` where one seat is read a decision
        (an agent's loop: the incremental shared buffer is then brought up to date and
        turned for every call), dearer where every seat is (docs/performance.md). Where the
        writer takes ``base``, a copy of the template of the cells it keeps, the other cells
        written on it (the module docstring)."""
        ones, at, values = [], [], []  # `write`, inlined: one Python call fewer
        if self.dense:  # every cell a byte but the few in ``at``: no index lists to pack
            cells = bytearray(self._zero_bytes)
            try:
                self._write(game, seat, ones, at, values, dense=cells)
            except ValueError:  # a cell past 255: the index lists, as `write` makes them
                out = self._zeros.copy()
                self.write(game, seat, out)
                return out
            out = np.frombuffer(cells, _U8).astype(_F32)
            if at or ones:
                _put(out, ones, at, values)
            return out
        if self.based:
            base = []
            self._write(game, seat, ones, at, values, base=base)
            key = tuple(base)  # Cells hash by identity: a few pointers
            template = self._templates.get(key)
            if template is None:
                template = self._template(key)
            out = template.copy()
            if at:  # runs of indices (Cells), their array kept by the runs
                key = tuple(at)
                index = self._runs.get(key)
                if index is None:
                    index = self._index(key)
                out[index] = _floats(values)
            if ones:
                out[_ints(ones)] = 1.0
            return out
        else:
            out = self._zeros.copy()
            self._write(game, seat, ones, at, values)
        _put(out, ones, at, values)
        return out

    def _index(self, key: tuple) -> np.ndarray:
        """intp[cells]: the indices of the runs (`Cells`) in ``key``, end to end; kept (the
        oldest dropped past `TEMPLATES`)."""
        index = _ints([i for run in key for i in run])
        kept = self._runs
        if len(kept) >= TEMPLATES:
            del kept[next(iter(kept))]
        kept[key] = index
        return index

    def _template(self, key: tuple) -> np.ndarray:
        """float32[size]: 1 at every cell of the `Cells` in ``key``, 0 elsewhere; kept (the
        oldest dropped past `TEMPLATES`), never handed out: `fresh` copies it."""
        template = np.zeros(self.size, np.float32)
        for cells in key:
            if cells:
                template[_ints(list(cells))] = 1.0
        kept = self._templates
        if len(kept) >= TEMPLATES:
            del kept[next(iter(kept))]
        kept[key] = template
        return template

    def write(self, game, seat, out: np.ndarray) -> None:
        """Fill ``out`` (float32[size], zeroed by the caller) with ``seat``'s observation."""
        ones, at, values = [], [], []
        self._write(game, seat, ones, at, values)
        _put(out, ones, at, values)


def _put(out: np.ndarray, ones: list, at: list, values: list) -> None:
    """Set ``out``'s cells ``ones`` to 1 and ``at`` to ``values`` (a writer's lists)."""
    if at:
        if len(ones) <= _FEW_ONES:  # one assignment: packing a 1 costs less than a second
            values = [1] * len(ones) + values
            at = ones + at
        elif ones:
            out[_ints(ones)] = 1.0
        # cast to float32 first: the assignment's own cast costs about twice as much
        # (callgrind)
        out[_ints(at)] = _floats(values)
    elif ones:
        out[_ints(ones)] = 1.0


#: the templates an `Encoder` keeps (float32[size] each: 7 KB for the Odyssey's 1,796 cells);
#: a game's kept cells change a few dozen times a game
TEMPLATES = 64

#: up to this many ones are written with the other cells in one numpy assignment (about
#: 7k instructions saved, 85 a one packed as a value: callgrind)
_FEW_ONES = 64
