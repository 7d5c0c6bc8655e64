"""The Hakkutsu!! map and movement: cells, areas, reachable destinations.

A move is chosen as its destination.  On a grid a walk of exactly ``L``
orthogonal steps (passing through anything) from ``a`` to ``b`` exists iff
``dist(a, b) <= L`` and ``L - dist(a, b)`` is even, so with movement ``m``:

* any other cell at Manhattan distance 1..m can be reached;
* the start cell only by a closed walk, whose length is even and >= 2; a mode
  that allows ending where you started "after at least k steps" allows it iff
  an even length ``L`` with ``max(k, 2) <= L <= m`` exists (Research: never).
"""

from __future__ import annotations

from .actions import MOVES, Action
from .data import DATA

ROWS, COLS, BASE = DATA.rows, DATA.cols, DATA.base
CELLS = ROWS * COLS
SITE_AREA = DATA.site_area  # "" for the base
SITES = tuple(c for c in range(CELLS) if c != BASE)
MAX_MOVE = ROWS + COLS  # more movement than this changes nothing


def rc(cell: int) -> tuple[int, int]:
    """``(row, column)`` of ``cell``."""
    return divmod(cell, COLS)


def cell_json(cell: int) -> list[int]:
    """``[row, column]`` of ``cell``, as events name a cell."""
    return list(divmod(cell, COLS))


def distance(a: int, b: int) -> int:
    ra, ca = divmod(a, COLS)
    rb, cb = divmod(b, COLS)
    return abs(ra - rb) + abs(ca - cb)


def start_allowed(movement: int, after_steps: int) -> bool:
    """May a move of up to ``movement`` steps end where it started?"""
    if after_steps <= 0:
        return False
    lo = max(after_steps, 2)
    lo += lo % 2
    return lo <= movement


def destinations(cell: int, movement: int, after_steps: int) -> list[int]:
    """Cells a move of 1..``movement`` steps from ``cell`` may end on, in cell order."""
    out = []
    for c in range(CELLS):
        d = distance(cell, c)
        if (d and d <= movement) or (not d and start_allowed(movement, after_steps)):
            out.append(c)
    return out


def _move_table(after_steps: int) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    return tuple(
        tuple(tuple(MOVES[c] for c in destinations(cell, m, after_steps)) for m in range(MAX_MOVE + 1))
        for cell in range(CELLS)
    )


#: MOVE_TABLE[after_steps][cell][min(movement, MAX_MOVE)] -> tuple of move actions.
MOVE_TABLE = {k: _move_table(k) for k in {m["end_on_start_after_steps"] for m in DATA.modes.values()}}
