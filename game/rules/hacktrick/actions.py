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

OPEN, ASK, PLAY, DRAW, DECLARE_PLAY, DECLARE_GUARD, PASS = (
    "open", "ask", "play", "draw", "play!", "guard!", "pass")
KINDS = (OPEN, ASK, PLAY, DRAW, DECLARE_PLAY, DECLARE_GUARD, PASS)


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

    def to_json(self) -> dict:
        d: dict = {"kind": self.kind}
        if self.kind in (OPEN, PLAY):
            d["card"] = self.card
        if self.kind == PLAY:
            d["x2"] = self.x2
        return d

    @classmethod
    def from_json(cls, data: dict) -> Action:
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise ValueError(f"not a Hacktrick action: {data!r}")
        kind = data["kind"]
        if kind in (OPEN, PLAY):
            card = data.get("card")
            if not isinstance(card, int) or not 0 <= card <= 5:
                raise ValueError(f"Hacktrick card must be 0..5, got {card!r}")
            return cls(kind, card, bool(data.get("x2", False)) if kind == PLAY else False)
        return cls(kind)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Inverse of ``str()``: ``Action.parse("play 2 x2")``."""
        parts = text.split()
        if len(parts) >= 2 and parts[0] in (OPEN, PLAY) and parts[1].isdigit():
            x2 = len(parts) == 3 and parts[2] == "x2"
            if len(parts) == 2 or x2:
                return cls.from_json({"kind": parts[0], "card": int(parts[1]), "x2": x2})
        if len(parts) == 1 and parts[0] in KINDS and parts[0] not in (OPEN, PLAY):
            return cls(parts[0])
        raise ValueError(f"not a Hacktrick action: {text!r}")


ASK_ACTION = Action(ASK)
DRAW_ACTION = Action(DRAW)
PASS_ACTION = Action(PASS)
DECLARE_PLAY_ACTION = Action(DECLARE_PLAY)
DECLARE_GUARD_ACTION = Action(DECLARE_GUARD)
