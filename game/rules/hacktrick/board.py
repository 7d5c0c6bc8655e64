"""The Hacktrick board: the Lo Shu magic square and its eight lines."""

from __future__ import annotations

#: The square as printed, row by row.  Every row, column and diagonal sums to 15.
SQUARE: tuple[tuple[int, ...], ...] = ((4, 9, 2), (3, 5, 7), (8, 1, 6))

#: The 8 lines: exactly the triples of distinct numbers 1..9 that sum to 15.
LINES: tuple[tuple[int, int, int], ...] = tuple(
    [(row[0], row[1], row[2]) for row in SQUARE]
    + [(SQUARE[0][c], SQUARE[1][c], SQUARE[2][c]) for c in range(3)]
    + [(SQUARE[0][0], SQUARE[1][1], SQUARE[2][2]), (SQUARE[0][2], SQUARE[1][1], SQUARE[2][0])]
)

#: For each cell number 1..9 (index 0 unused), the lines through it.
LINES_THROUGH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(line for line in LINES if cell in line) for cell in range(10)
)

#: (row, column) of each cell number on the printed square.
POSITION: dict[int, tuple[int, int]] = {SQUARE[r][c]: (r, c) for r in range(3) for c in range(3)}
