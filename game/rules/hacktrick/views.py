"""What one player sees of a Hacktrick state: ``view(state, player)`` and its helpers.

Hidden from ``player``: the opponent's hand (only its size, the sums announced by
Ask the Sum and the cards revealed at the end of a hand are shown) and the deck
order.  Everything on the table is public.
"""

from __future__ import annotations

from .board import SQUARE
from .equipment import SUPPLY


def board_markers(s) -> list:
    """Markers per cell 1..9 as ``{"owner", "x2"}`` dicts (x2 first)."""
    board = []
    for c in range(1, 10):
        o = s.cell_owner[c]
        n = s.cell_count[c] if o >= 0 else 0
        cell = []
        if n:
            has_x2 = s.x2_loc[o] == c
            if has_x2:
                cell.append({"owner": o, "x2": True})
            cell.extend({"owner": o, "x2": False} for _ in range(n - has_x2))
        board.append(cell)
    return board


def view(s, player: int) -> dict:
    """The view of ``player`` (``docs/engine-api.md``: the keys every view has, then the game's own)."""
    v = s.base_view(player)
    v.update(
        {
            "hand": sorted(s.hands[player]),
            "hand_sizes": [len(s.hands[0]), len(s.hands[1])],
            "deck_size": len(s.deck),
            "row": list(s.row),
            "aside": list(s.aside),
            "board": board_markers(s),
            "square": [list(r) for r in SQUARE],
            "supply": [{"normal": s.normal[q], "x2": s.x2_loc[q] == SUPPLY} for q in (0, 1)],
            "captured": list(s.captured),
            "spent": [s.spent_own[q] + s.spent_captured[q] for q in (0, 1)],
            "dealer": s.dealer,
            "announced": [dict(a) for a in s.announced],
            "revealed": [{"player": r["player"], "cards": list(r["cards"])} for r in s.revealed],
            "must_play": list(s.must_play),
            "guarded": list(s.guarded),
            "phase": s.phase,
            "asked": s.asked,
            "hand_number": s.hand_number,
            "target": s.target,
            "last_hand": dict(s.last_hand, cells=list(s.last_hand["cells"])) if s.last_hand else None,
        }
    )
    return v
