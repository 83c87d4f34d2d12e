"""A game's observation as a numpy array (`Encoder`): the game's ``observation`` part writes
index lists (`artemis.kernel.parts.Observation`), this module alone turns them into numbers,
so neither the kernel nor a game needs numpy. ``float32[layout.size]``, every cell within its
slice's bounds (`bounds`)."""

from __future__ import annotations

from artemis.rl import require

require("numpy")

import numpy as np  # noqa: E402

from artemis.kernel.parts import part  # noqa: E402


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

    def array(self, game, seat) -> np.ndarray:
        """A fresh float32[size]: ``seat``'s observation of ``game`` (None: a spectator)."""
        out = np.zeros(self.size, np.float32)
        self.write(game, seat, out)
        return out

    def write(self, game, seat, out: np.ndarray) -> None:
        """Fill ``out`` (float32[size], zeroed by the caller) with ``seat``'s observation."""
        ones, at, values = [], [], []
        self._write(game, seat, ones, at, values)
        # np.fromiter with the count: the cheapest way found from a list to an index array
        # (benchmarks/rl_bench.py: the writes cost about as much as the game's writer)
        if ones:
            out[np.fromiter(ones, np.intp, len(ones))] = 1.0
        if at:
            out[np.fromiter(at, np.intp, len(at))] = np.fromiter(values, np.float32,
                                                                 len(values))
