"""Helpers for the Ratjack tests: positions, parsing and playing actions by text."""

from game.rules.ratjack import Action
from game.rules.ratjack.cards import parse_card
from game.rules.ratjack.positions import position

A = Action.parse

__all__ = ["A", "card", "play", "position", "strs", "area_cards"]


def card(text: str) -> int:
    return parse_card(text)


def strs(state) -> list:
    return [str(a) for a in state.legal_actions()]


def play(state, *texts) -> list:
    """Apply the actions written as text; return all their events."""
    events = []
    for t in texts:
        events += state.apply(A(t))
    return events


def area_cards(state, p: int) -> list:
    """``p``'s area as ``["U:rat-red 7@+5", ...]`` strings (the position notation)."""
    from game.rules.ratjack.cards import FACES, card_name

    out = []
    for c in state.areas[p]:
        s = ("U:" if state.face_up[c] else "D:") + card_name(c)
        t = state.token_on[c]
        if t >= 0:
            s += "@" + FACES[t * 2 + state.token_side[t]]
        out.append(s)
    return out
