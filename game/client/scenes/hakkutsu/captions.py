"""Hakkutsu!!'s hooks for other players' turns a player can follow (see ``game.client.table.captions``):
the acting player's panel is spotlighted, a caption goes next to the site their pawn reached or dug,
clear of the map's sites where it can be, and a high-value rock dug or a museum bonus at the end is
called out."""

from __future__ import annotations

import pygame

from ...i18n import t
from ...table.captions import HARD
from .layout import COLS, ROWS, TABLE_AREA, card_rect
from .overlays import CHOICE
from .texts import rock_name

HIGH_VALUE = 5  # printed points of a rock whose dig is called out (9 of the 56 rocks)
SITE_EVENTS = ("card_mined", "card_flipped", "card_peeked", "mining_skipped")
CHOOSING = ("draft", "equip")  # the set-up phases whose choice is shown beside the map


class HakkutsuCaptions:
    caption_bounds = TABLE_AREA
    uncaptioned = frozenset(
        {"round_started", "turn_started", "turn_ended", "equipment_shuffled", "round_ended", "game_over"}
    )

    def seat_rect(self, p: int) -> pygame.Rect:
        return self.layout.panels[p].rect

    def caption_anchor(self, ev: dict, actor: int) -> pygame.Rect:
        if ev["type"] == "pawn_moved":
            return card_rect(*ev["to"])
        if ev["type"] in SITE_EVENTS and "cell" in ev:
            return card_rect(*ev["cell"])
        return self.layout.panels[actor].rect

    def caption_avoid(self) -> list[tuple[pygame.Rect, float]]:
        """The map's sites (their cards and pawns), then each panel's cart and collection; never the set-up
        choice (the museum draft, the equipment kept) while it is shown."""
        out: list[tuple[pygame.Rect, float]] = [
            (card_rect(r, c), 6) for r in range(ROWS) for c in range(COLS)
        ]
        for panel in self.layout.panels.values():
            out.append((panel.track, 3))
            out.append((panel.cart.rect, 3))
            out += [(rect, 2) for rect in panel.kinds.values()]
        if self.display["phase"] in CHOOSING:
            out.append((CHOICE, HARD))  # the cards offered at the set-up (a box lingered over your choice)
        return out

    def outcomes(self, ev: dict) -> list[tuple[int, str, str]]:
        if ev["type"] == "card_mined" and ev["card"]["points"] >= HIGH_VALUE:
            return [
                (
                    ev["player"],
                    t(
                        "caption.hk.dug",
                        name=self.subject(ev["player"]),
                        card=rock_name(ev["card"]),
                        points=ev["card"]["points"],
                    ),
                    "good",
                )
            ]
        if ev["type"] == "game_over":
            return [
                (q, t("caption.hk.museum", name=self.name(q), points=b["museum"]), "good")
                for q, b in enumerate(ev["breakdown"])
                if b.get("museum", 0) > 0
            ]
        return []
