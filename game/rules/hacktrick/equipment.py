"""The Hacktrick equipment: the 18 data cards and the markers (where each one lies).

Cards are their values: three each of 0..5.  Each player has 10 markers, one of
them the x2; ``x2_loc[p]`` is ``SUPPLY``, a cell 1..9, ``CAPTURED`` (in the
opponent's captured pile) or ``SPENT``.
"""

from __future__ import annotations

#: The 18 data cards.
CARDS: tuple[int, ...] = tuple(v for v in range(6) for _ in range(3))
MARKERS_PER_PLAYER = 10
#: Where an x2 marker may lie besides the cells 1..9.
SUPPLY, CAPTURED, SPENT = 0, 10, 11
