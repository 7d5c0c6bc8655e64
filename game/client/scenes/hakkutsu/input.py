"""From the engine's legal ``Action`` objects to what the player points at on the Hakkutsu!! table.

:func:`choices` turns the viewer's legal actions (and the equipment mode they
chose: a Helicopter or Detector waiting for its cell) into :class:`Choices`:
the map cells that can be clicked and what each does, the numbered items
(equipment cards in hand, the cards offered in the draft and the equipment
deal) and the plain decisions (dig, leave it, end turn).  Nothing here parses
``str(action)``: actions are matched by their fields.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.hakkutsu.actions import (
    DETECTOR,
    DRAFT,
    END,
    HELICOPTER,
    KEEP,
    MINE,
    MOVE,
    SKIP,
    USE,
    Action,
)
from game.rules.hakkutsu.data import DATA

from ...table.picks import Picks

HELICOPTER_MODE = "helicopter"
DETECTOR_MODE = "detector"


class Pick(NamedTuple):
    """What clicking an item does: perform ``action``, or enter equipment ``mode`` (choose a cell next)."""

    action: Action | None = None
    mode: str | None = None


class Choices(Picks):
    """The numbered items (``("equipment", i)``, ``("dealt", i)``, ``("draft", i)``) and, apart, the map cells."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: dict[tuple[int, int], Pick] = {}
        self.detector: dict[tuple[int, int], list[Action]] = {}  # cell -> top/second actions
        self.uses: dict[str, Pick] = {}  # equipment key -> what using it does
        self.mine: Action | None = None
        self.skip: Action | None = None
        self.end: Action | None = None
        self.can_detect = False
        self.can_fly = False

    @property
    def empty(self) -> bool:
        return not (self.picks or self.cells or self.mine or self.skip or self.end)


def _rc(cell: int) -> tuple[int, int]:
    return divmod(cell, DATA.cols)


def choices(view: dict, legal: list[Action], mode: str | None = None) -> Choices:
    """What the viewer can click now; ``mode``: a Helicopter or Detector chosen, waiting for its cell."""
    out = Choices()
    if not legal:
        return out
    helis, detects = [], []
    for a in legal:
        kind = a.kind
        if kind == MOVE:
            if mode is None:
                out.cells[_rc(a.cell)] = Pick(action=a)
        elif kind == HELICOPTER:
            helis.append(a)
        elif kind == DETECTOR:
            detects.append(a)
        elif kind == USE:
            out.uses[a.name] = Pick(action=a)
        elif kind == MINE:
            out.mine = a
        elif kind == SKIP:
            out.skip = a
        elif kind == END:
            out.end = a
        elif kind == KEEP:
            keys = view["equipment_dealt"]
            if a.name in keys:
                out.add(("dealt", keys.index(a.name)), Pick(action=a))
        elif kind == DRAFT:
            keys = [m["key"] for m in view["draft_pool"] or []]
            if a.name in keys:
                out.add(("draft", keys.index(a.name)), Pick(action=a))
    out.can_fly = bool(helis)
    out.can_detect = bool(detects)
    if helis:
        out.uses["helicopter"] = Pick(mode=HELICOPTER_MODE)
    if detects:
        out.uses["detector"] = Pick(mode=DETECTOR_MODE)
        for a in detects:
            out.detector.setdefault(_rc(a.cell), []).append(a)
    if mode == HELICOPTER_MODE:
        out.cells = {_rc(a.cell): Pick(action=a) for a in helis}
    elif mode == DETECTOR_MODE:
        out.cells = {
            rc: Pick(action=acts[0] if len(acts) == 1 else None, mode=DETECTOR_MODE)
            for rc, acts in out.detector.items()
        }
    if mode is None:
        for i, e in enumerate(view["equipment"]):
            pick = out.uses.get(e["key"])
            if pick is not None and not any(
                out.picks.get(("equipment", j)) == pick
                for j in range(i)
                if view["equipment"][j]["key"] == e["key"]
            ):
                out.add(("equipment", i), pick)
    return out


def detector_action(ch: Choices, cell: tuple[int, int], second: bool) -> Action | None:
    """The Detector action looking at the top (or second) card of ``cell``, if legal."""
    for a in ch.detector.get(cell, []):
        if a.second == second:
            return a
    return None
