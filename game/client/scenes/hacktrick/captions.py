"""Hacktrick's hooks for other players' turns a player can follow (see ``game.client.table.captions``):
the opponent's panel is spotlighted, a caption goes next to the cell or the row that changed, clear of
the board's cells and your hand, and several markers captured or a hand won are called out."""

from __future__ import annotations

import pygame

from ...i18n import t
from .layout import DECK, STATUS

HIGH_CAPTURE = 2  # markers captured at once that are called out


class HacktrickCaptions:
    caption_bounds = pygame.Rect(8, 52, 776, 660)  # left of the row and the log
    caption_width = STATUS.width
    caption_spots = [
        STATUS.inflate(0, 24)
    ]  # the prompt line under the board: meanwhile it only says whose turn
    uncaptioned = frozenset({"hand_started", "cards_dealt", "game_over"})

    def seat_rect(self, p: int) -> pygame.Rect:
        return self.layout.seat(p).rect

    def caption_anchor(self, ev: dict, actor: int) -> pygame.Rect:
        if ev["type"] in ("marker_placed", "markers_captured"):
            return self.layout.cells[ev["cell"]]
        return self.layout.seat(actor).rect

    def caption_avoid(self) -> list[tuple[pygame.Rect, float]]:
        """The board's cells and markers, your hand, the prompt line, each panel's trays."""
        lay = self.layout
        out: list[tuple[pygame.Rect, float]] = [(cell, 8) for cell in lay.cells.values()]
        out += [(rect, 30) for _, rect in lay.hand.rects()]
        out += [(STATUS, 1), (DECK, 30), (lay.aside.rect, 30)]
        for seat in lay.seats.values():
            out += [(seat.tray_rect(tray), 6) for tray in ("supply", "captured", "spent")]
            out += [(rect, 4) for _, rect in seat.backs.rects()]
            out.append((pygame.Rect(seat.rect.left, seat.rect.top, seat.rect.width, 40), 20))  # the name
        return out

    def outcomes(self, ev: dict) -> list[tuple[int, str, str]]:
        if ev["type"] == "markers_captured" and ev["count"] >= HIGH_CAPTURE:
            return [
                (
                    ev["player"],
                    t("caption.ht.captured", name=self.subject(ev["player"]), count=ev["count"]),
                    "good",
                )
            ]
        if ev["type"] == "hand_won":
            return [
                (
                    ev["player"],
                    t("caption.ht.hand_won", name=self.subject(ev["player"]), points=ev["points"]),
                    "good",
                )
            ]
        return []
