"""Where everything sits on the Ratjack table (logical 1280x720), for 2, 3 and 4 players.

The viewer's place is at the bottom (their area and hand), the others around
the table in play order (:func:`game.client.table.seats.seat_slots`); the deck,
the discard pile and the token reserve sit in the middle; the log, the prompt
and the action bar in the right-hand column.  Every item the table draws,
animates to or hit-tests has a key, the same everywhere:

``("deck",)``, ``("discard",)``, ``("reserve", face)``, ``("hand", i)`` (the
viewer's hand, then a drawn card waiting for weasel 3 as ``("drawn",)``),
``("backs", q)`` (another player's hand), ``("area", q, i)``, ``("token", q, i)``
(the token on that card) and ``("seat", q)`` (a player's panel).
"""

from __future__ import annotations

import pygame

from ...table.seats import seat_slots
from ...table.zones import Zone

TOP_BAR = pygame.Rect(0, 0, 1280, 44)
LOG = pygame.Rect(960, 50, 312, 232)
PROMPT = pygame.Rect(960, 288, 312, 148)
BAR = pygame.Rect(960, 442, 312, 222)
KEYS = pygame.Rect(962, 662, 308, 52)  # ends above the window's edge

BOTTOM = pygame.Rect(8, 470, 944, 244)
HAND_CARD = (100, 140)
OWN_CARD = (84, 118)
OTHER_CARD = (64, 90)
PILE_CARD = (72, 100)
TOKEN = 40
CARD_TOKEN = {HAND_CARD: 36, OWN_CARD: 34, OTHER_CARD: 28}

# the animal medallion on a card face (tools/art/ratjack.py, card_face): centre (60, 45) of 100 x 140
MEDALLION = (60 / 100, 45 / 140)


def medallion_center(card: pygame.Rect) -> tuple[int, int]:
    """Where the animal medallion of a card drawn in ``card`` is."""
    return (card.left + round(card.width * MEDALLION[0]), card.top + round(card.height * MEDALLION[1]))


SLOT_RECTS: dict[int, dict[str, pygame.Rect]] = {
    2: {"top": pygame.Rect(8, 50, 944, 200), "center": pygame.Rect(8, 256, 944, 208)},
    3: {
        "left": pygame.Rect(8, 50, 300, 414),
        "right": pygame.Rect(652, 50, 300, 414),
        "center": pygame.Rect(316, 50, 328, 414),
    },
    4: {
        "left": pygame.Rect(8, 50, 300, 414),
        "top": pygame.Rect(316, 50, 328, 200),
        "right": pygame.Rect(652, 50, 300, 414),
        "center": pygame.Rect(316, 256, 328, 208),
    },
}


class RatjackLayout:
    """Panels and zones for ``players`` seats seen by ``viewer``."""

    def __init__(self, players: int, viewer: int) -> None:
        self.players = players
        self.viewer = viewer
        self.slots = seat_slots(players, viewer)
        rects = SLOT_RECTS[players]
        self.panels: dict[int, pygame.Rect] = {}
        self.areas: dict[int, Zone] = {}
        self.backs: dict[int, pygame.Rect] = {}
        self.gauges: dict[int, pygame.Rect] = {}
        self.pips: dict[int, tuple[int, int]] = {}
        for p, slot in self.slots.items():
            panel = BOTTOM if slot == "bottom" else rects[slot]
            self.panels[p] = panel
            if slot == "bottom":
                self.areas[p] = Zone(
                    (panel.left + 12, panel.top + 76, 566, OWN_CARD[1] + 24),
                    OWN_CARD,
                    kind="row",
                    gap=10,
                    align="left",
                )
                self.gauges[p] = pygame.Rect(panel.left + 200, panel.top + 48, 300, 12)
                self.pips[p] = (panel.left + 200, panel.top + 10)
                self.backs[p] = pygame.Rect(panel.left + 600, panel.top + 60, 330, HAND_CARD[1] + 20)
            else:
                y = panel.top + 74
                if slot == "top":  # one row, top-aligned like the side seats' grids
                    zone = Zone(
                        (panel.left + 12, y, panel.width - 24, OTHER_CARD[1]),
                        OTHER_CARD,
                        kind="row",
                        gap=8,
                        align="left",
                    )
                else:
                    zone = Zone(
                        (panel.left + 12, y, panel.width - 24, panel.bottom - y - 8),
                        OTHER_CARD,
                        kind="grid",
                        gap=8,
                        columns=4,
                        align="left",
                    )
                self.areas[p] = zone
                self.gauges[p] = pygame.Rect(panel.left + 12, panel.top + 52, min(300, panel.width - 170), 10)
                self.pips[p] = (panel.right - 70, panel.top + 10)
                self.backs[p] = pygame.Rect(panel.right - 110, panel.top + 40, 100, 32)
        self.hand = Zone(self.backs[viewer], HAND_CARD, kind="row", gap=12, align="left")  # under "Your hand"
        self.center = rects["center"]
        c = self.center
        self.deck = pygame.Rect(c.left + 24, c.top + 44, *PILE_CARD)
        self.discard = pygame.Rect(c.left + 124, c.top + 44, *PILE_CARD)
        self.discard_all = pygame.Rect(self.discard.left - 6, self.discard.bottom + 28, PILE_CARD[0] + 12, 22)
        if c.width >= 600:
            reserve = pygame.Rect(c.left + 250, c.top + 64, 6 * (TOKEN + 10), TOKEN + 10)
            self.reserve = Zone(reserve, (TOKEN, TOKEN), kind="row", gap=10, align="left")
        elif c.height >= 300:
            reserve = pygame.Rect(c.left + 24, c.top + 230, 3 * (TOKEN + 14), 2 * (TOKEN + 14))
            self.reserve = Zone(reserve, (TOKEN, TOKEN), kind="grid", gap=14, columns=3, align="left")
        else:
            reserve = pygame.Rect(c.left + 220, c.top + 44, 2 * (TOKEN + 12), 3 * (TOKEN + 12))
            self.reserve = Zone(reserve, (TOKEN, TOKEN), kind="grid", gap=12, columns=2, align="left")

    # -- positions -----------------------------------------------------------------
    def card_size(self, q: int) -> tuple[int, int]:
        return self.areas[q].item_size

    def area_rect(self, q: int, i: int) -> pygame.Rect:
        """Card ``i`` of ``q``'s area (also a slot the area does not fill yet)."""
        zone = self.areas[q]
        return zone.rect_of(("area", q, i)) or zone.slot(i, max(i + 1, len(zone.items)))

    def token_center(self, q: int, i: int) -> tuple[int, int]:
        """A token lies on the card's animal medallion, clear of its value, name and ability text."""
        return medallion_center(self.area_rect(q, i))

    def token_size(self, q: int) -> int:
        return CARD_TOKEN[self.card_size(q)]

    def hand_rect(self, i: int, count: int | None = None) -> pygame.Rect:
        return self.hand.slot(i, count if count is not None else max(i + 1, len(self.hand.items)))

    def hand_target(self, q: int) -> tuple[int, int]:
        """Where a card flies to join ``q``'s hand."""
        if q == self.viewer:
            return self.hand_rect(len(self.hand.items), len(self.hand.items) + 1).center
        return self.backs[q].center

    def reserve_center(self, face: str | None = None) -> tuple[int, int]:
        """The reserve slot of ``face`` (or the next free slot)."""
        zone = self.reserve
        if face is not None:
            r = zone.rect_of(("reserve", face))
            if r is not None:
                return r.center
        return zone.slot(len(zone.items), len(zone.items) + 1).center

    def seat_at(self, pos) -> int | None:
        for p, rect in self.panels.items():
            if rect.collidepoint(pos):
                return p
        return None
