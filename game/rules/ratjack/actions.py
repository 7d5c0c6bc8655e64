"""Ratjack actions: one small immutable NamedTuple with readable strings.

==================================  ==================================================
``draw deck``                       draw the top card of the deck
``draw discard``                    draw the top card of the discard pile
``face-down rat-red 7``             put that hand card face down in your area (also the
                                    set-up choice of a round)
``face-up rat-red 7``               put it face up in your area and resolve its ability
``flip weasel 5 discard rat-red 7`` discard the hand card, turn your face-down weasel 5
                                    face up and resolve its ability
``target p1 card 2``                an ability step: card 2 (0-based, left to right) of
                                    player 1's area (``p0`` ... are 0-based seats)
``target p1``                       an ability step that names a player
``token +5``                        an ability step: the reserve token showing ``+5``
``discard weasel 3``                an ability step: discard that card (weasel 3, raccoon 10)
==================================  ==================================================
"""

from __future__ import annotations

from typing import NamedTuple

from ..core import JsonDict
from ..strictjson import expect_int, expect_str, read_action_object
from .cards import ALL_CARDS, FACE_INDEX, FACES, card_from_json, card_json, card_name, parse_card

DRAW_DECK, DRAW_DISCARD, FACE_DOWN, FACE_UP, FLIP, TARGET, TOKEN, DISCARD = (
    "draw-deck",
    "draw-discard",
    "face-down",
    "face-up",
    "flip",
    "target",
    "token",
    "discard",
)
KINDS = (DRAW_DECK, DRAW_DISCARD, FACE_DOWN, FACE_UP, FLIP, TARGET, TOKEN, DISCARD)
_CARD_KINDS = (FACE_DOWN, FACE_UP, FLIP, DISCARD)
#: The JSON keys of each kind besides ``kind``: (required, optional).
_JSON_KEYS = {
    DRAW_DECK: ((), ()),
    DRAW_DISCARD: ((), ()),
    FACE_DOWN: (("card",), ()),
    FACE_UP: (("card",), ()),
    FLIP: (("card", "flip"), ()),
    TARGET: (("player",), ("index",)),
    TOKEN: (("token",), ()),
    DISCARD: (("card",), ()),
}
MAX_PLAYERS = 4


class Action(NamedTuple):
    """One Ratjack decision.

    ``card``: a hand card (face-down, face-up, flip: the discarded one, discard);
    ``card2``: the own face-down card turned by ``flip``; ``player``/``index``:
    a target (``index`` -1 when only a player is named); ``face``: a token face id.
    """

    kind: str
    card: int = -1
    card2: int = -1
    player: int = -1
    # The field hides ``tuple.index`` (a method no code calls on an action); the name is the
    # action's public API (``target p1 card 2`` has ``index`` 2).
    index: int = -1  # type: ignore[assignment]
    face: int = -1

    def __str__(self) -> str:
        k = self.kind
        if k == DRAW_DECK:
            return "draw deck"
        if k == DRAW_DISCARD:
            return "draw discard"
        if k == FLIP:
            return f"flip {card_name(self.card2)} discard {card_name(self.card)}"
        if k in _CARD_KINDS:
            return f"{k} {card_name(self.card)}"
        if k == TARGET:
            if self.index < 0:
                return f"target p{self.player}"
            return f"target p{self.player} card {self.index}"
        return f"token {FACES[self.face]}"

    def to_json(self) -> JsonDict:
        k = self.kind
        d: JsonDict = {"kind": k}
        if k in _CARD_KINDS:
            d["card"] = card_json(self.card)
        if k == FLIP:
            d["flip"] = card_json(self.card2)
        if k == TARGET:
            d["player"] = self.player
            if self.index >= 0:
                d["index"] = self.index
        if k == TOKEN:
            d["token"] = FACES[self.face]
        return d

    @classmethod
    def from_json(cls, given: object) -> Action:
        """Read :meth:`to_json` output strictly (``ValueError`` on a wrong key, type or value)."""
        k, data = read_action_object("Ratjack", given, _JSON_KEYS)
        if k in (DRAW_DECK, DRAW_DISCARD):
            return cls(k)
        if k == FLIP:
            return cls(k, card=card_from_json(data["card"]), card2=card_from_json(data["flip"]))
        if k in _CARD_KINDS:
            return cls(k, card=card_from_json(data["card"]))
        if k == TARGET:
            player = expect_int("Ratjack target player", data["player"], 0, MAX_PLAYERS - 1)
            index = (
                expect_int("Ratjack target index", data["index"], 0, ALL_CARDS - 1) if "index" in data else -1
            )
            return cls(k, player=player, index=index)
        face = expect_str("Ratjack token", data["token"], FACES)
        return cls(k, face=FACE_INDEX[face])

    @classmethod
    def parse(cls, text: str) -> Action:
        """Inverse of ``str()``: ``Action.parse("target p1 card 2")``."""
        t = text.strip()
        parts = t.split()
        try:
            if t == "draw deck":
                return cls(DRAW_DECK)
            if t == "draw discard":
                return cls(DRAW_DISCARD)
            if parts[0] == FLIP and len(parts) == 6 and parts[3] == "discard":
                return cls(FLIP, card=parse_card(" ".join(parts[4:])), card2=parse_card(" ".join(parts[1:3])))
            if parts[0] in (FACE_DOWN, FACE_UP, DISCARD) and len(parts) == 3:
                return cls(parts[0], card=parse_card(" ".join(parts[1:])))
            if parts[0] == TARGET and parts[1].startswith("p") and parts[1][1:].isdigit():
                if len(parts) == 2:
                    return cls(TARGET, player=int(parts[1][1:]))
                if len(parts) == 4 and parts[2] == "card" and parts[3].isdigit():
                    return cls(TARGET, player=int(parts[1][1:]), index=int(parts[3]))
            if parts[0] == TOKEN and len(parts) == 2 and parts[1] in FACE_INDEX:
                return cls(TOKEN, face=FACE_INDEX[parts[1]])
        except (IndexError, ValueError):
            pass
        raise ValueError(f"not a Ratjack action: {text!r}")


DRAW_DECK_ACTION = Action(DRAW_DECK)
DRAW_DISCARD_ACTION = Action(DRAW_DISCARD)
TOKEN_ACTIONS = tuple(Action(TOKEN, face=f) for f in range(len(FACES)))
