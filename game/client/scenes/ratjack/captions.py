"""Ratjack's hooks for other players' turns a player can follow (see ``game.client.table.captions``):
the player's panel is spotlighted, a caption goes next to the card, token or pile that changed, clear
of the cards' values, and a player out, exactly 25 and any VP are called out."""

from __future__ import annotations

import pygame

from ...i18n import t
from . import draw
from .log_text import card_in_area

VALUE_CORNER = (0.45, 0.3)  # the part of a card face that holds its value (width, height fractions)


class RatjackCaptions:
    uncaptioned = frozenset(
        {"round_started", "cards_dealt", "turn_started", "card_seen", "round_ended", "game_over"}
    )

    def seat_rect(self, p: int) -> pygame.Rect:
        return self.layout.panels[p]

    def caption_anchor(self, ev: dict, actor: int) -> pygame.Rect:
        """The card, token, pile or hand ``ev`` changed (a swap: the card that is not the actor's)."""
        lay, kind = self.layout, ev["type"]
        if kind in ("card_placed", "card_flipped", "card_peeked", "token_placed", "token_returned"):
            return lay.area_rect(ev["owner"], ev["index"])
        if kind in ("cards_swapped", "tokens_swapped"):
            a, b = ev["cards"]
            other = b if a["owner"] == actor else a
            return lay.area_rect(other["owner"], other["index"])
        if kind == "card_drawn" and ev.get("to") != "ability":
            return lay.backs[ev["player"]]  # their hand (the viewer's: under "Your hand")
        if kind == "card_moved":
            return lay.area_rect(ev["to"]["owner"], ev["to"]["index"])
        if kind in ("card_discarded", "cards_milled", "deck_shuffled"):
            return lay.discard
        if kind == "hands_exchanged":
            return lay.panels[ev["with"]]
        return lay.panels[actor]

    def caption_avoid(self) -> list[tuple[pygame.Rect, float]]:
        """Card values above all, then the cards, the value gauges and the piles."""
        lay = self.layout
        out: list[tuple[pygame.Rect, float]] = []
        for zone in (*lay.areas.values(), lay.hand):
            for _, rect in zone.rects():
                out.append((rect, 1))
                out.append(
                    (
                        pygame.Rect(
                            rect.left,
                            rect.top,
                            round(rect.width * VALUE_CORNER[0]),
                            round(rect.height * VALUE_CORNER[1]),
                        ),
                        600,
                    )
                )
        for gauge in lay.gauges.values():
            out.append((gauge.inflate(70, 20).move(35, -6), 5))  # the bar, its label and the value after it
        corner = pygame.Rect(
            lay.discard.left,
            lay.discard.top,
            round(lay.discard.width * VALUE_CORNER[0]),
            round(lay.discard.height * VALUE_CORNER[1]),
        )
        out += [(lay.deck, 3), (lay.discard, 3), (corner, 600), (lay.reserve.rect, 1)]
        out += [(draw.out_chip_rect(self, q, label), 600) for q, label in draw.out_labels(self).items()]
        return out

    def caption_text(self, ev: dict, actor: int) -> str | None:
        """Which cards a swap exchanged (the log line names only their owners); no line for an ability
        being used: its banner shows the card's text."""
        if ev["type"] == "ability_started":
            return None
        if ev["type"] == "cards_swapped":
            a, b = ev["cards"]
            return t(
                "caption.rj.swapped",
                name=self.name(actor),
                owner_a=self.log_owner(a["owner"], actor=actor),
                card_a=card_in_area(self, a["owner"], a["index"]),
                owner_b=self.log_owner(b["owner"], actor=actor),
                card_b=card_in_area(self, b["owner"], b["index"]),
            )
        return super().caption_text(ev, actor)

    def outcomes(self, ev: dict) -> list[tuple[int, str, str]]:
        """A player out, exactly 25 and any other VP scored."""
        if ev["type"] == "player_eliminated":
            return [
                (ev["player"], t("caption.rj.out", name=self.subject(ev["player"]), value=ev["value"]), "bad")
            ]
        if ev["type"] == "vp_scored":
            key = "caption.rj.exact" if ev["reason"] == "exactly 25" else "caption.rj.scored"
            return [(ev["player"], t(key, name=self.subject(ev["player"]), points=ev["points"]), "good")]
        return []
