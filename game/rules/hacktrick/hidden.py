"""Hidden information of Hacktrick: determinization.

What a player does not know: the opponent's hand cards (except those revealed
at the end of an earlier hand and not played since) and the deck order.  What
they may know exactly: the opponent's hand sum, after Ask the Sum with no unseen
draw since (``known_sum``).
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING

from ..rng import RandomSource
from .equipment import CARDS

if TYPE_CHECKING:
    from .state import HacktrickState

_VALUES = range(6)


def determinize(s: HacktrickState, player: int, rng: RandomSource) -> HacktrickState:
    """Resample the opponent's unknown cards and the deck order.

    Kept: everything ``player`` sees, the opponent cards ``player`` knows
    (from a revealed hand) and the opponent's hand sum when ``player``
    knows it exactly (an announcement with no unseen draw since).  With a
    known sum the unknown hand is drawn exactly (:func:`hands_with_sum`), each
    set of cards as likely as under a uniform deal conditioned on the sum.
    """
    d = s.clone()
    d.reseed(rng)
    if d.is_terminal:
        return d
    o = 1 - player
    known = list(s.known_cards[player])
    pool = list(CARDS)
    for group in (s.aside, s.row, s.hands[player], known):
        for c in group:
            pool.remove(c)
    k = len(s.hands[o]) - len(known)
    target = s.known_sum[player]
    if target is None:
        rng.shuffle(pool)
        hand, deck = pool[:k], pool[k:]
    else:
        counts = tuple(pool.count(v) for v in _VALUES)
        hands, cumulative = hands_with_sum(counts, k, target - sum(known))
        pick = rng.random() * cumulative[-1]
        i = 0
        while cumulative[i] <= pick:
            i += 1
        hand = list(hands[i])
        deck = pool
        for c in hand:
            deck.remove(c)
        rng.shuffle(hand)
        rng.shuffle(deck)
    d.hands[o] = known + hand
    d.deck = deck
    d._legal_cache = None
    return d


@lru_cache(maxsize=512)
def hands_with_sum(
    counts: tuple[int, ...], k: int, target: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Every hand of ``k`` cards from a pool with ``counts[v]`` cards of value ``v`` summing to
    ``target``, and the running total of their weights.

    A hand's weight is the number of ways to deal it from the pool (the product of
    ``comb(counts[v], m_v)``), so drawing by weight is the same as dealing ``k`` cards at random
    and keeping the deals with that sum.  Only public counts are the key, so the cache (one entry
    per information set, as a search asks again and again) carries nothing hidden.
    """
    hands: list[tuple[int, ...]] = []
    cumulative: list[int] = []
    total = 0

    def extend(v: int, left: int, rest: int, cards: list[int], weight: int) -> None:
        nonlocal total
        if v == len(counts):
            if left == 0 and rest == 0:
                total += weight
                hands.append(tuple(cards))
                cumulative.append(total)
            return
        for m in range(min(counts[v], left) + 1):
            if v * m > rest:
                break
            extend(v + 1, left - m, rest - v * m, cards + [v] * m, weight * comb(counts[v], m))

    extend(0, k, target, [], 1)
    if not hands:
        raise ValueError(f"no hand of {k} cards from {counts} sums to {target}")
    return tuple(hands), tuple(cumulative)
