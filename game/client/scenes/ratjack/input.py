"""From the engine's legal ``Action`` objects to what the player points at.

:func:`choices` turns the legal actions of the viewer (plus the hand card they
have selected, in the play phase) into :class:`Choices`: which table item does
what when clicked, the order used by the number keys, and the buttons of the
action bar.  Nothing here parses ``str(action)``: actions are matched by their
fields.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.ratjack.actions import (
    DISCARD,
    DRAW_DECK,
    DRAW_DISCARD,
    FACE_DOWN,
    FACE_UP,
    FLIP,
    TARGET,
    TOKEN,
    Action,
)
from game.rules.ratjack.cards import FACES

from ...table.picks import Picks
from .texts import card_of


class Pick(NamedTuple):
    """What clicking an item does: perform ``action``, or select hand card ``select`` (a card id)."""

    action: Action | None = None
    select: int | None = None


class Choices(Picks):
    """The clickable items of this moment, in the engine's order."""

    def __init__(self) -> None:
        super().__init__()
        self.face_down: Action | None = None
        self.face_up: Action | None = None
        self.flips: list[tuple[tuple, Action]] = []  # (own face-down card's key, action)
        self.players: list[tuple[int, Action]] = []  # actions naming a player (weasel 1 and 3)
        self.discards: list[tuple[tuple, Action]] = []  # ability steps that discard a card


def _hand_index(view: dict) -> dict[int, int]:
    return {card_of(c): i for i, c in enumerate(view["hand"])}


def _area_index(view: dict, q: int) -> dict[int, int]:
    return {card_of(e["card"]): i for i, e in enumerate(view["areas"][q]) if e["card"] is not None}


def choices(view: dict, legal: list[Action], selected: int | None = None) -> Choices:
    """What the viewer can click now.  ``selected``: the hand card chosen in the play phase.

    ``view`` is the viewer's view of the same state as ``legal`` (an action that names
    a card the view does not show is left out rather than guessed).
    """
    out = Choices()
    if not legal:
        return out
    me = view["player"]
    hand = _hand_index(view)
    phase = view["phase"]
    if phase == "play":
        playable = {a.card for a in legal if a.kind in (FACE_DOWN, FACE_UP, FLIP)}
        if selected not in playable:
            selected = None
        for c in sorted(playable, key=lambda c: hand.get(c, 99)):
            if c != selected and c in hand:
                out.add(("hand", hand[c]), Pick(select=c))
        if selected is not None:
            own = _area_index(view, me)
            for a in legal:
                if a.card != selected:
                    continue
                if a.kind == FACE_DOWN:
                    out.face_down = a
                elif a.kind == FACE_UP:
                    out.face_up = a
                elif a.kind == FLIP and a.card2 in own:
                    key = ("area", me, own[a.card2])
                    out.flips.append((key, a))
                    out.add(key, Pick(action=a))
        return out
    for a in legal:
        kind = a.kind
        if kind == DRAW_DECK:
            out.add(("deck",), Pick(action=a))
        elif kind == DRAW_DISCARD:
            out.add(("discard",), Pick(action=a))
        elif kind == FACE_DOWN and a.card in hand:  # the set-up choice of a round
            out.add(("hand", hand[a.card]), Pick(action=a))
        elif kind == TARGET and a.index >= 0:
            out.add(("area", a.player, a.index), Pick(action=a))
        elif kind == TARGET:
            out.players.append((a.player, a))
            out.add(("seat", a.player), Pick(action=a))
        elif kind == TOKEN:
            out.add(("reserve", FACES[a.face]), Pick(action=a))
        elif kind == DISCARD:
            key = ("hand", hand[a.card]) if a.card in hand else ("drawn",)
            out.discards.append((key, a))
            out.add(key, Pick(action=a))
    return out
