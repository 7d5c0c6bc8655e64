"""What one player sees of a Hacktrick state: ``view(state, player)`` and its helpers.

Hidden from ``player``: the opponent's hand (only its size, the sums announced by
Ask the Sum and the cards revealed at the end of a hand are shown) and the deck
order.  Everything on the table is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from ..core import BaseView, Event
from .board import SQUARE
from .equipment import SUPPLY

if TYPE_CHECKING:
    from .state import HacktrickState


class Marker(TypedDict):
    """A marker on a cell: its owner and whether it is the x2."""

    owner: int
    x2: bool


class Supply(TypedDict):
    """A player's supply: normal markers left and whether the x2 is there."""

    normal: int
    x2: bool


class Announcement(TypedDict):
    """A hand sum told to both players: ``by`` the deal (after the opening) or an ``ask``."""

    player: int
    sum: int
    by: str


class RevealedHand(TypedDict):
    """A hand shown under *Play!* with no playable card."""

    player: int
    cards: list[int]


class HandResult(TypedDict):
    """How a hand was won (``cells``: the triple's cell or the line; empty when exhausted)."""

    hand: int
    winner: int
    points: int
    reason: str
    cells: list[int]


class HacktrickView(BaseView):
    """What one player sees (:func:`view`)."""

    hand: list[int]
    hand_sizes: list[int]
    deck_size: int
    row: list[int]
    aside: list[int]
    #: Per cell 1..9: its markers, the x2 first.
    board: list[list[Marker]]
    square: list[list[int]]
    supply: list[Supply]
    captured: list[int]
    spent: list[int]
    dealer: int
    announced: list[Announcement]
    revealed: list[RevealedHand]
    must_play: list[bool]
    guarded: list[bool]
    phase: str
    asked: bool
    hand_number: int
    target: int
    last_hand: HandResult | None


# ``from`` is a Python keyword: the one key declared in the functional form.
_FromKey = TypedDict("_FromKey", {"from": int}, total=False)


class HacktrickEvent(_FromKey, Event, total=False):
    """Every key a Hacktrick event may carry; ``type`` says which it has.

    ``hand_started`` (hand, dealer, aside, hand_sizes, deck_size), ``cards_dealt`` (player,
    cards), ``card_played`` (player, card, opening or cell), ``sums_announced`` (sums),
    ``sum_asked`` (player, of, sum), ``marker_placed`` (player, cell, x2), ``markers_captured``
    (player, from, cell, count, x2), ``hand_revealed`` (player, cards), ``deck_rebuilt`` (size),
    ``card_drawn`` (player, card), ``declared`` (player, command, x2), ``hand_won`` (player,
    points, reason, cells, scores), ``game_over`` (winners, scores).
    """

    hand: int
    dealer: int
    aside: list[int]
    hand_sizes: list[int]
    deck_size: int
    player: int
    cards: list[int]
    card: int
    opening: bool
    cell: int
    sums: list[int]
    of: int
    sum: int
    x2: bool
    count: int
    command: str
    points: int
    reason: str
    cells: list[int]
    scores: list[int]
    winners: list[int]
    size: int


def board_markers(s: HacktrickState) -> list[list[Marker]]:
    """Markers per cell 1..9 as ``{"owner", "x2"}`` dicts (x2 first)."""
    board = []
    for c in range(1, 10):
        o = s.cell_owner[c]
        n = s.cell_count[c] if o >= 0 else 0
        cell: list[Marker] = []
        if n:
            has_x2 = s.x2_loc[o] == c
            if has_x2:
                cell.append({"owner": o, "x2": True})
            cell.extend({"owner": o, "x2": False} for _ in range(n - has_x2))
        board.append(cell)
    return board


def view(s: HacktrickState, player: int) -> HacktrickView:
    """The view of ``player`` (``docs/engine-api.md``: the keys every view has, then the game's own)."""
    return {
        **s.base_view(player),
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
        "announced": [a.copy() for a in s.announced],
        "revealed": [{"player": r["player"], "cards": list(r["cards"])} for r in s.revealed],
        "must_play": list(s.must_play),
        "guarded": list(s.guarded),
        "phase": s.phase,
        "asked": s.asked,
        "hand_number": s.hand_number,
        "target": s.target,
        "last_hand": {**s.last_hand, "cells": list(s.last_hand["cells"])} if s.last_hand else None,
    }
