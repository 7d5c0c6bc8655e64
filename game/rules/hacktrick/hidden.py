"""Hidden information of Hacktrick: determinization.

What a player does not know: the opponent's hand cards (except those revealed
at the end of an earlier hand and not played since) and the deck order.  What
they may know exactly: the opponent's hand sum, after Ask the Sum with no unseen
draw since (``known_sum``).
"""

from __future__ import annotations

from itertools import combinations

from .equipment import CARDS


def determinize(s, player: int, rng):
    """Resample the opponent's unknown cards and the deck order.

    Kept: everything ``player`` sees, the opponent cards ``player`` knows
    (from a revealed hand) and the opponent's hand sum when ``player``
    knows it exactly (an announcement with no unseen draw since).
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
    if target is not None:
        target -= sum(known)
    rng.shuffle(pool)
    if target is not None and sum(pool[:k]) != target:
        for _ in range(40):
            rng.shuffle(pool)
            if sum(pool[:k]) == target:
                break
        else:
            choices = [c for c in combinations(range(len(pool)), k)
                       if sum(pool[i] for i in c) == target]
            pick = set(choices[int(rng.random() * len(choices))])
            pool = [pool[i] for i in sorted(pick)] + [pool[i] for i in range(len(pool)) if i not in pick]
    d.hands[o] = known + pool[:k]
    d.deck = pool[k:]
    d._legal_cache = None
    return d
