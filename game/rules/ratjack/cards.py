"""Ratjack cards and bonus tokens: ids, names, values and token effects.

Cards are small ints: ``card = deck * 12 + (value - 1)`` with ``deck`` the
index in :data:`DECKS` (so 0..47, of which a game uses the 24 of two decks).
The ability family of a card is rat (both rat decks), weasel or raccoon; the
ability id is ``family * 12 + value - 1`` (0..35).

Tokens are ints 0..5 with a side 0/1; the face id is ``token * 2 + side``
(0..11) and :data:`FACES` names it.  The pairs are the project's ruling:
``-1/+1``, ``-3/double``, ``-5/+5``, ``+10/zero``, ``half/locked``,
``protected/blank``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from ..strictjson import expect_object

DECKS: tuple[str, ...] = ("rat-red", "rat-blue", "weasel", "raccoon")
DECK_INDEX = {name: i for i, name in enumerate(DECKS)}
FAMILIES: tuple[str, ...] = ("rat", "weasel", "raccoon")
DECK_FAMILY = (0, 0, 1, 2)
CARDS_PER_DECK = 12
ALL_CARDS = 48

CARD_VALUE = tuple(c % 12 + 1 for c in range(ALL_CARDS))
CARD_DECK = tuple(c // 12 for c in range(ALL_CARDS))
CARD_ABILITY = tuple(DECK_FAMILY[c // 12] * 12 + c % 12 for c in range(ALL_CARDS))

# Token faces, face id = token * 2 + side.
FACES: tuple[str, ...] = (
    "-1",
    "+1",
    "-3",
    "double",
    "-5",
    "+5",
    "+10",
    "zero",
    "half",
    "locked",
    "protected",
    "blank",
)
FACE_INDEX = {name: i for i, name in enumerate(FACES)}
NUM_TOKENS = 6
LOCKED = FACE_INDEX["locked"]
PROTECTED = FACE_INDEX["protected"]
BLANK = FACE_INDEX["blank"]


def card_id(deck: str, value: int) -> int:
    """The id of card ``value`` of ``deck``; ``ValueError`` on bad input."""
    if not isinstance(deck, str) or deck not in DECK_INDEX:
        raise ValueError(f"unknown Ratjack deck {deck!r}; decks: {', '.join(DECKS)}")
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 12:
        raise ValueError(f"Ratjack card values are 1..12, not {value!r}")
    return DECK_INDEX[deck] * 12 + value - 1


def card_name(card: int) -> str:
    """``"rat-red 7"``."""
    return f"{DECKS[card // 12]} {card % 12 + 1}"


class CardJson(TypedDict):
    """A card as views and events show it."""

    deck: str
    value: int


def card_json(card: int) -> CardJson:
    """A card as the views show it: ``{"deck": ..., "value": ...}``."""
    return {"deck": DECKS[card // 12], "value": card % 12 + 1}


def card_from_json(d: object) -> int:
    """The id of a card given as ``{"deck": ..., "value": ...}`` (``ValueError`` if malformed)."""
    obj = expect_object("a Ratjack card", d, ("deck", "value"), ())
    return card_id(obj["deck"], obj["value"])


def parse_card(text: str) -> int:
    """Inverse of :func:`card_name`."""
    parts = text.split()
    if len(parts) != 2 or not parts[1].isdigit():
        raise ValueError(f"not a Ratjack card: {text!r}")
    return card_id(parts[0], int(parts[1]))


#: What each token face does to the printed value ``v`` of the face-up card it lies on
#: (never below 0); ``locked``, ``protected`` and ``blank`` leave the value alone.
TOKEN_EFFECT: dict[str, Callable[[int], int]] = {
    "-1": lambda v: max(v - 1, 0),
    "+1": lambda v: v + 1,
    "-3": lambda v: max(v - 3, 0),
    "double": lambda v: v * 2,
    "-5": lambda v: max(v - 5, 0),
    "+5": lambda v: v + 5,
    "+10": lambda v: v + 10,
    "zero": lambda v: 0,
    "half": lambda v: (v + 1) // 2,  # rounded up
}
#: The face id of "no token on the card".
NO_TOKEN = -1


def modified_value(value: int, face: int) -> int:
    """The value of a face-up card of printed ``value`` carrying token face ``face`` (``NO_TOKEN``: none)."""
    effect = TOKEN_EFFECT.get(FACES[face]) if face != NO_TOKEN else None
    return value if effect is None else effect(value)


#: Precomputed for speed: ``MOD[face][value]`` is :func:`modified_value`; ``MOD[NO_TOKEN]``
#: (the last row, so a face id of -1 indexes it) is the printed value.
MOD = tuple(tuple(modified_value(v, f) for v in range(13)) for f in (*range(len(FACES)), NO_TOKEN))
