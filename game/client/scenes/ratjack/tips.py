"""The Ratjack table's tooltip texts that need the table (a card in a player's area); the others are
in :mod:`.texts`."""

from __future__ import annotations

from ...i18n import t
from .texts import card_tip_text, token_text


def card_tip(table, entry: dict, q: int) -> str:
    lines = []
    card = entry["card"]
    if entry["face_up"] or card is not None:
        lines.append(card_tip_text(card))
        if not entry["face_up"]:
            lines.append(t("rj.tip.face_down_own"))
    else:
        lines.append(t("rj.tip.face_down_unknown"))
    if entry["token"]:
        lines.append(token_text(entry["token"]))
    return "\n".join(lines)
