"""Hacktrick actions: small immutable values with readable strings.

=================  ==========================================================
``open 3``         the dealer starts the row with a 3 (no marker)
``ask``            Ask the Sum: spend a captured marker, the opponent's hand sum is announced
``play 2``         play a 2 and place a normal marker on the cell it names
``play 2 x2``      the same, placing your x2 marker
``draw``           draw the top card (under *Play!* with no playable card: reveal, then draw)
``play!``          declare *Play!* (paid with one of your markers)
``guard!``         declare *Guard!* (paid with one of your markers)
``pass``           end the turn without declaring
=================  ==========================================================
"""

from __future__ import annotations

from typing import NamedTuple

from ..core import JsonDict
from ..strictjson import expect_bool, expect_int, read_action_object

OPEN, ASK, PLAY, DRAW, DECLARE_PLAY, DECLARE_GUARD, PASS = (
    "open",
    "ask",
    "play",
    "draw",
    "play!",
    "guard!",
    "pass",
)
KINDS = (OPEN, ASK, PLAY, DRAW, DECLARE_PLAY, DECLARE_GUARD, PASS)
#: The JSON keys of each kind besides ``kind``: (required, optional).
_JSON_KEYS = {kind: ((), ()) for kind in KINDS} | {OPEN: (("card",), ()), PLAY: (("card",), ("x2",))}


class Action(NamedTuple):
    """One Hacktrick decision.  ``card`` is used by ``open``/``play``, ``x2`` by ``play``."""

    kind: str
    card: int = -1
    x2: bool = False

    def __str__(self) -> str:
        if self.kind == OPEN:
            return f"open {self.card}"
        if self.kind == PLAY:
            return f"play {self.card} x2" if self.x2 else f"play {self.card}"
        return self.kind

    def to_json(self) -> JsonDict:
        d: JsonDict = {"kind": self.kind}
        if self.kind in (OPEN, PLAY):
            d["card"] = self.card
        if self.kind == PLAY:
            d["x2"] = self.x2
        return d

    @classmethod
    def from_json(cls, given: object) -> Action:
        """Read :meth:`to_json` output strictly (``ValueError`` on a wrong key, type or value)."""
        kind, data = read_action_object("Hacktrick", given, _JSON_KEYS)
        if kind not in (OPEN, PLAY):
            return cls(kind)
        card = expect_int("Hacktrick card", data["card"], 0, 5)
        x2 = expect_bool("Hacktrick x2", data.get("x2", False))
        return cls(kind, card, x2)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Inverse of ``str()``: ``Action.parse("play 2 x2")``."""
        parts = text.split()
        if len(parts) >= 2 and parts[0] in (OPEN, PLAY) and parts[1].isdigit():
            x2 = parts[0] == PLAY and parts[2:] == ["x2"]
            if len(parts) == 2 or x2:
                data = {"kind": parts[0], "card": int(parts[1])}
                return cls.from_json(data | {"x2": x2} if parts[0] == PLAY else data)
        if len(parts) == 1 and parts[0] in KINDS and parts[0] not in (OPEN, PLAY):
            return cls(parts[0])
        raise ValueError(f"not a Hacktrick action: {text!r}")


ASK_ACTION = Action(ASK)
DRAW_ACTION = Action(DRAW)
PASS_ACTION = Action(PASS)
DECLARE_PLAY_ACTION = Action(DECLARE_PLAY)
DECLARE_GUARD_ACTION = Action(DECLARE_GUARD)

#: Every Hacktrick action, in a fixed order: a fixed action space for adapters that number actions
#: (``ai/openspiel_adapter.py``); a game whose actions cannot be listed ahead has no ``ALL_ACTIONS``.
ALL_ACTIONS = (
    tuple(Action(OPEN, v) for v in range(6))
    + (ASK_ACTION,)
    + tuple(Action(PLAY, v) for v in range(6))
    + tuple(Action(PLAY, v, True) for v in range(6))
    + (DRAW_ACTION, DECLARE_PLAY_ACTION, DECLARE_GUARD_ACTION, PASS_ACTION)
)
