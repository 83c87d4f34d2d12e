"""Named random streams (docs/design.md): each game draws from streams named by its ruleset
(dice, bag, decks, ...), each seeded from the one game seed and its name, so a variant that
draws more from one stream does not shift the others."""

from __future__ import annotations

import hashlib
import random


def stream(seed: int, name: str) -> random.Random:
    """A named random stream: seeded from sha256 of "seed:name", stable on any machine."""
    return random.Random(stream_seed(seed, name))


def stream_seed(seed: int, name: str) -> int:
    """The seed of `stream` (seed, name): the first 8 bytes of sha256 of "seed:name"."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{name}".encode()).digest()[:8], "big")


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for a whole number n > 0, the same draw without its checks and
    calls (CPython's: the bits of n drawn again while the number is n or more;
    tests/test_streams.py pins the equality)."""
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)``, in place, the same order from the same draws (a setup shuffles
    four decks: CPython's shuffle makes two Python calls per card, this one none: each card's
    draw is `below`'s, written out)."""
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        k = (i + 1).bit_length()
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _copy_random(r: random.Random) -> random.Random:
    c = random.Random.__new__(random.Random)  # skips seeding from the OS
    c.setstate(r.getstate())
    return c


class Streams(dict):
    """The named random streams of a game: {name: random.Random}, a plain dict to read.

    Copying a Mersenne Twister state costs ~20 us, most of a `State.clone()`, and a clone
    usually draws from few streams (a bot's trial move, none), so `fork` shares the generators
    and each side copies a stream the first time it reads it afterwards (copy-on-write). Read
    streams only through ``streams[name]``, ``get``, ``values`` or ``items``, which copy."""

    __slots__ = ("shared",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # the names whose generator another Streams may also hold; replaced, never changed in
        # place, as forks start out with the same frozenset
        self.shared: frozenset = frozenset()

    @classmethod
    def seeded(cls, seeds) -> Streams:
        """Streams from (name, int seed) pairs: each generator made when first read."""
        return cls(seeds)

    def __getitem__(self, name: str) -> random.Random:
        r = dict.__getitem__(self, name)
        if r.__class__ is int:  # a seed: the generator is made now, this side's own
            r = random.Random(r)
            if name in self.shared:
                self.shared = self.shared - {name}
            dict.__setitem__(self, name, r)
            return r
        if name in self.shared:
            self.shared = self.shared - {name}
            r = _copy_random(r)
            dict.__setitem__(self, name, r)
        return r

    def __setitem__(self, name: str, r: random.Random) -> None:
        self.shared = self.shared - {name}
        dict.__setitem__(self, name, r)

    def _own_all(self) -> None:
        self.seed_all()
        for name in list(self.shared):
            self[name]  # noqa: B018 - reading copies a shared stream

    def seed_all(self) -> None:
        """Make the generator of every stream still held as its seed (nothing is copied)."""
        for name, r in list(dict.items(self)):
            if r.__class__ is int:
                self[name]  # noqa: B018 - reading a seed makes its generator

    def get(self, name, default=None):
        return self[name] if name in self else default

    def values(self):
        self._own_all()
        return dict.values(self)

    def items(self):
        self._own_all()
        return dict.items(self)

    def fork(self) -> Streams:
        """An independent copy: both sides now share every generator until first read."""
        other = dict.__new__(Streams)
        dict.update(other, self)  # dict's own copy: no reads, so no generator is copied yet
        shared = self.shared
        if len(shared) != len(self):
            shared = frozenset(dict.keys(self))
        other.shared = self.shared = shared
        return other

    def __reduce__(self):
        return (Streams, (dict(self.items()),))
