"""Hidden information: determinization and the card/coin accounting check.

What a player does not know: face-down site cards (except those they saw
with a Detector), the set-aside cards, other players' secret museum cards
(basic setup), a draft pool they have not seen yet, other players'
equipment cards (also those still being chosen in the setup and the ones
they returned; a player remembers the cards they returned themselves), and
the order of the equipment deck.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..core import PHASE_OVER
from ..rng import RandomSource
from . import equipment as eqm
from .board import SITES
from .data import DATA

if TYPE_CHECKING:
    from .state import HakkutsuState

AREA = tuple(r.area for r in DATA.rocks)
N_ROCKS = len(DATA.rocks)
N_MUSEUMS = len(DATA.museums)


def returned_range(s: HakkutsuState, player: int) -> range:
    """Where the equipment cards ``player`` returned in the setup lie in ``s.eq_returned``.

    In the equipment setup players choose in turn from the start player on
    (``setup_order`` holds those still to choose); each keeps one dealt card and
    returns the others to the end of ``eq_returned``.  An empty range when
    ``player`` has not chosen yet, or once the returned cards are shuffled back.
    """
    n = s.num_players
    chosen = n - len(s.setup_order) if s.phase == "equip" else 0
    order = [(s.start_player + i) % n for i in range(chosen)]
    if player not in order:
        return range(0)
    per_player = DATA.equipment_dealt - 1
    start = order.index(player) * per_player
    return range(start, start + per_player)


def determinize(s: HakkutsuState, player: int, rng: RandomSource) -> HakkutsuState:
    """A full state ``player`` cannot tell apart from ``s``, chance reseeded from ``rng``."""
    d = s.clone()
    d._legal_cache = None
    d.reseed(rng)
    if s.phase == PHASE_OVER:
        return d
    _resample_rocks(s, d, player, rng)
    _resample_museums(s, d, player, rng)
    _resample_equipment(s, d, player, rng)
    return d


def _resample_rocks(s: HakkutsuState, d: HakkutsuState, player: int, rng: RandomSource) -> None:
    known = s.peek[player]
    positions: list[tuple[int, int, int]] = []
    pools: dict[str, list[int]] = {}
    for cell in SITES:
        n = s.site_n[cell]
        st = s.stacks[cell]
        for i in range(n):
            if i == n - 1 and s.face_up[cell]:
                continue
            c = st[i]
            if (known >> c) & 1:
                continue
            positions.append((cell, i, c))
            pools.setdefault(AREA[c], []).append(c)
    for c in s.set_aside:
        pools.setdefault(AREA[c], []).append(c)
    for pool in pools.values():
        pool.sort()  # the sample must depend only on what the player knows, not on the real order
        rng.shuffle(pool)
    stacks = [list(st) for st in s.stacks]
    changed = []
    for cell, i, old in positions:
        new = pools[AREA[old]].pop()
        stacks[cell][i] = new
        changed.append((old, new))
    d.stacks = [tuple(st) for st in stacks]
    d.set_aside = tuple(sorted(c for pool in pools.values() for c in pool))
    cleared = 0
    for old, _ in changed:
        cleared |= 1 << old
    for q in range(s.num_players):
        if q == player or not s.peek[q]:
            continue
        mask = s.peek[q]
        new_mask = mask & ~cleared
        for old, new in changed:
            if (mask >> old) & 1:
                new_mask |= 1 << new
        d.peek[q] = new_mask


def _resample_museums(s: HakkutsuState, d: HakkutsuState, player: int, rng: RandomSource) -> None:
    seen_pool = (s.draft_seen >> player) & 1
    pool = list(s.museum_deck)
    if not seen_pool:
        pool.extend(s.draft_pool)
    secret = [q for q in range(s.num_players) if q != player and s.museum[q] >= 0 and not s.museum_public[q]]
    pool.extend(s.museum[q] for q in secret)
    pool.sort()
    rng.shuffle(pool)
    for q in secret:
        d.museum[q] = pool.pop()
    if not seen_pool:
        d.draft_pool = sorted(pool.pop() for _ in s.draft_pool)
    d.museum_deck = pool


def _resample_equipment(s: HakkutsuState, d: HakkutsuState, player: int, rng: RandomSource) -> None:
    """Resample other players' equipment (hands, deals, returned cards) and the deck order.

    ``player``'s own hand, deal and returned cards stay where they are.
    """
    others = [q for q in range(s.num_players) if q != player]
    own = returned_range(s, player)
    pool = list(s.eq_deck) + [c for i, c in enumerate(s.eq_returned) if i not in own]
    for q in others:
        pool.extend(s.eq_hand[q])
        pool.extend(s.eq_deal[q])
    pool.sort()
    rng.shuffle(pool)
    for q in others:
        d.eq_hand[q] = [pool.pop() for _ in s.eq_hand[q]]
        d.eq_deal[q] = [pool.pop() for _ in s.eq_deal[q]]
    d.eq_returned = [c if i in own else pool.pop() for i, c in enumerate(s.eq_returned)]
    d.eq_deck = pool


def check_accounting(s: HakkutsuState) -> None:
    """Raise ``ValueError`` unless every rock card, coin, museum and equipment card is somewhere once."""
    n = s.num_players
    for key in (
        "pos",
        "coins",
        "carts",
        "cart_units",
        "collections",
        "magnet",
        "refill",
        "eq_hand",
        "eq_deal",
        "museum",
        "museum_public",
        "peek",
    ):
        if len(getattr(s, key)) != n:
            raise ValueError(f"saved state: {key!r} must have one entry per player ({n})")
    if len(s.stacks) != len(DATA.site_area) or len(s.site_n) != len(s.stacks):
        raise ValueError("saved state: the map does not have the data file's cells")
    rocks = list(s.set_aside)
    for cell, st in enumerate(s.stacks):
        if not 0 <= s.site_n[cell] <= len(st):
            raise ValueError(f"saved state: site {cell} has {s.site_n[cell]} of {len(st)} cards")
        rocks.extend(st[: s.site_n[cell]])
    for p in range(n):
        rocks.extend(s.carts[p])
        rocks.extend(s.collections[p])
    if sorted(rocks) != list(range(N_ROCKS)):
        raise ValueError(f"saved state: the rock cards are not the {N_ROCKS} cards of the game")
    if any(c < 0 for c in s.coins) or s.supply < 0 or sum(s.coins) + s.supply != DATA.coins_total:
        raise ValueError(f"saved state: coins do not add up to {DATA.coins_total}")
    eq = list(s.eq_deck) + list(s.eq_discard) + list(s.eq_returned)
    for p in range(n):
        eq.extend(s.eq_hand[p])
        eq.extend(s.eq_deal[p])
    if Counter(eq) != Counter(eqm.FULL_DECK):
        raise ValueError(
            f"saved state: the equipment cards are not the {len(eqm.FULL_DECK)} cards of the game"
        )
    museums = [m for m in s.museum if m >= 0] + list(s.museum_deck) + list(s.draft_pool)
    if sorted(museums) != list(range(N_MUSEUMS)):
        raise ValueError(f"saved state: the museum cards are not the {N_MUSEUMS} cards of the game")
    for p in range(n):
        if not 0 <= s.pos[p] < len(s.stacks):
            raise ValueError(f"saved state: pawn {p} is off the map")
        if not 0 <= s.cart_units[p] <= s.max_units:
            raise ValueError(f"saved state: cart {p} holds {s.cart_units[p]} units")
