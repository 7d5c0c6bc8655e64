"""Where the players sit: the viewer at the bottom, the others clockwise around the table.

``seat_slots(n, viewer)`` maps each player to a slot name; a game's layout maps
slot names to rectangles.  Play order runs clockwise: the player after the
viewer sits on their left, then across, then on their right.
"""

from __future__ import annotations

SLOTS_BY_COUNT: dict[int, tuple[str, ...]] = {
    1: ("bottom",),
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
}


def seat_slots(players: int, viewer: int) -> dict[int, str]:
    """``{player: slot}`` with ``viewer`` at the bottom and the others in play order."""
    if players not in SLOTS_BY_COUNT:
        raise ValueError(f"the table seats 1 to 4 players, not {players}")
    if not 0 <= viewer < players:
        viewer = 0
    slots = SLOTS_BY_COUNT[players]
    return {(viewer + k) % players: slots[k] for k in range(players)}
