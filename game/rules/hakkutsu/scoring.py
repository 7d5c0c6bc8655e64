"""Scoring: printed points + fossil points (n x n) + museum bonus.

``n`` is the number of fossils, where a card counts as its ``fossil_value``
(the Dinosaur skull counts 2).  Museum bonuses come from the data file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypedDict

from .data import DATA, KINDS

ROCKS = DATA.rocks
MUSEUMS = DATA.museums
POINTS = tuple(r.points for r in ROCKS)
FOSSIL = tuple(r.fossil_value for r in ROCKS)
KIND = tuple(r.kind for r in ROCKS)
AREA = tuple(r.area for r in ROCKS)


def printed_points(cards: Iterable[int]) -> int:
    return sum(POINTS[c] for c in cards)


def fossil_count(cards: Iterable[int]) -> int:
    return sum(FOSSIL[c] for c in cards)


def fossil_points(cards: Iterable[int]) -> int:
    n = fossil_count(cards)
    return n * n


def museum_bonus(museum: int, cards: Sequence[int]) -> int:
    """The bonus museum card ``museum`` (an id, or -1 for none) gives for ``cards``."""
    if museum < 0:
        return 0
    m = MUSEUMS[museum]
    if m.bonus == "kind":
        return m.points * sum(1 for c in cards if KIND[c] == m.kind)
    if m.bonus == "fossils":
        return m.points * fossil_count(cards)
    if m.bonus == "set":
        counts = [sum(1 for c in cards if KIND[c] == k) for k in m.kinds]
        return m.points * min(counts)
    if m.bonus == "area":
        return m.points * sum(1 for c in cards if AREA[c] in m.areas)
    raise ValueError(f"unknown museum bonus {m.bonus!r}")


def public_score(cards: Sequence[int]) -> int:
    """Printed + fossil points: what everybody can count (no secret museum)."""
    return printed_points(cards) + fossil_points(cards)


class Breakdown(TypedDict):
    """A player's final points by source."""

    printed: int
    fossils: int
    museum: int
    total: int


def breakdown(cards: Sequence[int], museum: int) -> Breakdown:
    """``{"printed", "fossils", "museum", "total"}`` for a player's cards and museum."""
    printed = printed_points(cards)
    fossils = fossil_points(cards)
    bonus = museum_bonus(museum, cards)
    return {"printed": printed, "fossils": fossils, "museum": bonus, "total": printed + fossils + bonus}


def kind_counts(cards: Sequence[int]) -> dict[str, int]:
    return {k: sum(1 for c in cards if KIND[c] == k) for k in KINDS}
