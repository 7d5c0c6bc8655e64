"""Hakkutsu!! actions: small immutable values with readable strings.

========================  =====================================================
``draft fossil-museum``   advanced setup: take this museum card from the draft
``keep equipment drill``  setup: keep this one of the equipment cards dealt to you
``move 1,3``              movement: end the move on row 1, column 3
``use jeep``              use an equipment card without a target (jeep, drill,
                          crane, joint-dig, grant)
``helicopter 0,4``        use a Helicopter: go to row 0, column 4 instead of moving
``detector 3,4 second``   use a Detector on the second card of the site at 3,4
``mine``                  mine the top card of the site you are on
``skip mining``           do not mine (ends the mining phase)
``end turn``              end the turn (offered when a Grant/Detector could still be used)
========================  =====================================================

Cells are numbered ``row * 5 + col``; ``str()`` shows ``row,col``.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core import JsonDict
from ..strictjson import expect_bool, expect_int, expect_list, expect_str, read_action_object
from .data import DATA

DRAFT, KEEP, MOVE, USE, HELICOPTER, DETECTOR, MINE, SKIP, END = (
    "draft",
    "keep",
    "move",
    "use",
    "helicopter",
    "detector",
    "mine",
    "skip",
    "end",
)
KINDS = (DRAFT, KEEP, MOVE, USE, HELICOPTER, DETECTOR, MINE, SKIP, END)
_COLS = DATA.cols
_CELLS = DATA.rows * DATA.cols
_EQUIPMENT_KEYS = tuple(e.key for e in DATA.equipment)
_MUSEUM_KEYS = tuple(m.key for m in DATA.museums)
_NEEDS_CELL = (MOVE, HELICOPTER, DETECTOR)
_NEEDS_NAME = (DRAFT, KEEP, USE)
#: The JSON keys of each kind besides ``kind``: (required, optional).
_JSON_KEYS = {
    kind: (
        ("cell",) if kind in _NEEDS_CELL else ("name",) if kind in _NEEDS_NAME else (),
        ("second",) if kind == DETECTOR else (),
    )
    for kind in KINDS
}


class Action(NamedTuple):
    """One Hakkutsu decision.

    ``cell`` is used by move/helicopter/detector, ``name`` (an equipment or
    museum key) by use/keep/draft, ``second`` by detector (second card of the
    site rather than the top one).
    """

    kind: str
    cell: int = -1
    name: str = ""
    second: bool = False

    def __str__(self) -> str:
        kind = self.kind
        if kind == MOVE or kind == HELICOPTER:
            return f"{kind} {self.cell // _COLS},{self.cell % _COLS}"
        if kind == DETECTOR:
            return f"detector {self.cell // _COLS},{self.cell % _COLS} {'second' if self.second else 'top'}"
        if kind == USE:
            return f"use {self.name}"
        if kind == KEEP:
            return f"keep equipment {self.name}"
        if kind == DRAFT:
            return f"draft {self.name}"
        if kind == SKIP:
            return "skip mining"
        if kind == END:
            return "end turn"
        return kind

    def to_json(self) -> JsonDict:
        d: JsonDict = {"kind": self.kind}
        if self.kind in _NEEDS_CELL:
            d["cell"] = [self.cell // _COLS, self.cell % _COLS]
        if self.kind in _NEEDS_NAME:
            d["name"] = self.name
        if self.kind == DETECTOR:
            d["second"] = self.second
        return d

    @classmethod
    def from_json(cls, given: object) -> Action:
        """Read :meth:`to_json` output strictly (``ValueError`` on a wrong key, type or value)."""
        kind, data = read_action_object("Hakkutsu", given, _JSON_KEYS)
        cell, name, second = -1, "", False
        if kind in _NEEDS_CELL:
            rc = expect_list(f"Hakkutsu {kind} cell [row, col]", data["cell"], 2)
            cell = expect_int(f"Hakkutsu {kind} row", rc[0], 0, DATA.rows - 1) * _COLS + expect_int(
                f"Hakkutsu {kind} column", rc[1], 0, _COLS - 1
            )
        if kind in _NEEDS_NAME:
            name = expect_str(
                f"Hakkutsu {kind} name", data["name"], _MUSEUM_KEYS if kind == DRAFT else _EQUIPMENT_KEYS
            )
        if kind == DETECTOR:
            second = expect_bool("Hakkutsu detector 'second'", data.get("second", False))
        return cls(kind, cell, name, second)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Inverse of ``str()``: ``Action.parse("detector 3,4 second")``."""
        parts = text.split()
        try:
            if parts == ["mine"]:
                return MINE_ACTION
            if parts == ["skip", "mining"]:
                return SKIP_ACTION
            if parts == ["end", "turn"]:
                return END_ACTION
            if len(parts) == 2 and parts[0] in (USE, DRAFT):
                return cls.from_json({"kind": parts[0], "name": parts[1]})
            if len(parts) == 3 and parts[:2] == ["keep", "equipment"]:
                return cls.from_json({"kind": KEEP, "name": parts[2]})
            if parts and parts[0] in _NEEDS_CELL and len(parts) in (2, 3):
                rc = [int(x) for x in parts[1].split(",")]
                d: JsonDict = {"kind": parts[0], "cell": rc}
                if parts[0] == DETECTOR:
                    if len(parts) != 3 or parts[2] not in ("top", "second"):
                        raise ValueError("detector needs 'top' or 'second'")
                    d["second"] = parts[2] == "second"
                elif len(parts) != 2:
                    raise ValueError("too many words")
                return cls.from_json(d)
        except ValueError as exc:
            raise ValueError(f"not a Hakkutsu action: {text!r} ({exc})") from None
        raise ValueError(f"not a Hakkutsu action: {text!r}")


MINE_ACTION = Action(MINE)
SKIP_ACTION = Action(SKIP)
END_ACTION = Action(END)
MOVES = tuple(Action(MOVE, c) for c in range(_CELLS))
HELICOPTERS = tuple(Action(HELICOPTER, c) for c in range(_CELLS))
DETECT_TOP = tuple(Action(DETECTOR, c, "", False) for c in range(_CELLS))
DETECT_SECOND = tuple(Action(DETECTOR, c, "", True) for c in range(_CELLS))
USES = tuple(Action(USE, -1, k) for k in _EQUIPMENT_KEYS)
KEEPS = tuple(Action(KEEP, -1, k) for k in _EQUIPMENT_KEYS)
DRAFTS = tuple(Action(DRAFT, -1, k) for k in _MUSEUM_KEYS)
