"""From the engine's legal ``Action`` objects to what the player clicks and presses.

Everything here compares ``Action`` fields (``kind``, ``card``, ``x2``); no
action is ever rebuilt from its text.

* a hand card (click or digit key 0-5) opens the row or plays the card, with
  the x2 marker when the x2 toggle is on (or when only the x2 is left);
* the bar's buttons and keys: A ask, D draw, X toggles x2, P Play!, G Guard!,
  Space / Enter pass.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pygame

from game.rules.hacktrick import Action
from game.rules.hacktrick.actions import ASK, DECLARE_GUARD, DECLARE_PLAY, DRAW, OPEN, PASS, PLAY

from ...i18n import t
from ...table.actionbar import BarButton

X2 = "x2"  # the bar's toggle (not an action)
CARD_KINDS = (OPEN, PLAY)  # the actions taken by pointing at a hand card

KEY_KINDS = {
    pygame.K_a: ASK,
    pygame.K_d: DRAW,
    pygame.K_p: DECLARE_PLAY,
    pygame.K_g: DECLARE_GUARD,
    pygame.K_SPACE: PASS,
    pygame.K_RETURN: PASS,
    pygame.K_KP_ENTER: PASS,
}
DIGIT_KEYS = {**{pygame.K_0 + v: v for v in range(6)}, **{pygame.K_KP0 + v: v for v in range(6)}}
TOGGLE_KEY = pygame.K_x

# the bar's buttons in order: (ident, label key); the x2 toggle sits after "draw"
BAR = (
    (ASK, "ht.ask"),
    (DRAW, "ht.draw"),
    (X2, ""),
    (DECLARE_PLAY, "ht.declare_play"),
    (DECLARE_GUARD, "ht.declare_guard"),
    (PASS, "ht.pass"),
)


class X2Choice(NamedTuple):
    """May the x2 marker be played now, and must it be (no normal marker left)?"""

    possible: bool
    forced: bool

    def on(self, chosen: bool) -> bool:
        """Is the x2 used for the next card, given the player's toggle?"""
        return self.forced or (self.possible and chosen)


def x2_choice(legal: list[Action]) -> X2Choice:
    plays = [a for a in legal if a.kind == PLAY]
    possible = any(a.x2 for a in plays)
    return X2Choice(possible, possible and not any(not a.x2 for a in plays))


def action_of_kind(legal: list[Action], kind: str) -> Action | None:
    """The legal action of ``kind`` (for the kinds that take no card)."""
    return next((a for a in legal if a.kind == kind), None)


def playable_cards(legal: list[Action]) -> set[int]:
    """The card values a click may open or play now."""
    return {a.card for a in legal if a.kind in (OPEN, PLAY)}


def card_action(legal: list[Action], card: int, x2_on: bool) -> Action | None:
    """The legal action a click on ``card`` performs: open with it, or play it with the
    chosen marker (the other marker if only that one is possible)."""
    options = [a for a in legal if a.card == card and a.kind in (OPEN, PLAY)]
    for a in options:
        if a.kind == OPEN:
            return a
    preferred = [a for a in options if a.x2 == x2_on]
    return (preferred or options or [None])[0]


def attempted_card_action(phase: str, card: int, x2_on: bool) -> Action:
    """What a click on an unplayable card tried to do (so that the engine can explain why not)."""
    return Action(OPEN, card) if phase == "open" else Action(PLAY, card, x2_on)


def bar_buttons(
    legal: list[Action],
    x2: X2Choice,
    x2_on: bool,
    act: Callable[[Action], object],
    toggle_x2: Callable[[], object],
) -> list[BarButton]:
    """The buttons for the legal actions (and the x2 toggle when the x2 may be played)."""
    buttons = []
    for ident, label in BAR:
        if ident == X2:
            if x2.possible:
                buttons.append(
                    BarButton(
                        t("ht.x2_on") if x2_on else t("ht.x2_off"),
                        toggle_x2,
                        enabled=not x2.forced,
                        primary=x2_on,
                        ident=X2,
                    )
                )
            continue
        action = action_of_kind(legal, ident)
        if action is not None:
            buttons.append(BarButton(t(label), lambda a=action: act(a), ident=ident))
    return buttons
