"""A tiny, fast, clonable random source for the engines.

Engines draw all chance (shuffles, random faces, start players) from an
:class:`Rng` kept inside the state.  Its whole state is one 64-bit integer,
so ``clone()`` copies it for free and ``to_json()`` saves it exactly
(``random.Random`` would cost a 625-word state copy on every clone).

The generator is SplitMix64 (Steele, Lea & Flood 2014): statistically sound
for game shuffles, and about as fast as pure Python gets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 generator with the few methods the engines need."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def clone(self) -> Rng:
        return Rng(self.state)

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def getrandbits(self, k: int) -> int:
        """Return ``k`` random bits (``k`` <= 64), like ``random.Random``."""
        return self.next64() >> (64 - k) if k else 0

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``range(n)`` (``n`` >= 1)."""
        # next64() inlined: this is the engines' and the bots' hottest call.
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((s ^ (s >> 31)) * n) >> 64

    randrange = randbelow

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randbelow(len(seq))]

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def shuffle(self, items: list[Any]) -> None:
        """Fisher–Yates shuffle in place (the same draws as ``randbelow(i + 1)``, inlined)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = (state + _GOLDEN) & _MASK
            s = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((s ^ (s >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state


class RandomSource(Protocol):
    """What determinization needs of a random source: :class:`Rng` or a ``random.Random``."""

    def getrandbits(self, k: int, /) -> int: ...

    def random(self) -> float: ...

    def shuffle(self, items: list[Any], /) -> None: ...


def seed_from(rng: RandomSource) -> int:
    """A fresh 64-bit seed drawn from any ``random.Random``-like source."""
    return rng.getrandbits(64)
