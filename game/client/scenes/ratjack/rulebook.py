"""Ratjack's directives of the rules screen: ``!abilities FAMILY`` lists every card ability of ``rat``,
``weasel`` or ``raccoon`` and ``!tokens`` every token face, each with its picture and the client's own
text (``rj.ability.*``, ``rj.token.*``: written once, for the table and the rules).  Each is a function
``(page, block)`` of :class:`game.client.menus.rules.Page`."""

from __future__ import annotations

from ...i18n import t

CARD_H = 84  # card pictures of the ability list
TOKEN = 40
FAMILY_DECK = {"rat": "rat-red", "weasel": "weasel", "raccoon": "raccoon"}


def abilities(page, block) -> None:
    deck = FAMILY_DECK[block.arg]
    for value in range(1, 13):
        card = page.picture(f"ratjack.card.{deck}.{value}", CARD_H)
        page.icon_row(card, t(f"rj.ability.{block.arg}.{value}"), page.width)


def tokens(page, block) -> None:
    from game.rules.ratjack.cards import FACES

    half = (page.width - 24) // 2
    for front, back in zip(FACES[0::2], FACES[1::2], strict=True):
        top = page.y
        page.icon_row(page.picture(f"ratjack.token.{front}", TOKEN), t(f"rj.token.{front}"), half)
        left_end, page.y = page.y, top
        page.icon_row(
            page.picture(f"ratjack.token.{back}", TOKEN), t(f"rj.token.{back}"), half, offset=half + 24
        )
        page.y = max(page.y, left_end)
