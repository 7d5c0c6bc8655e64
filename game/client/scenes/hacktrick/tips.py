"""Tooltip texts of the Hacktrick table, in the current language.

The scene registers them while drawing as callables, so the text is built only
when its item is hovered (and always in the language shown).
"""

from __future__ import annotations

from collections.abc import Callable

from ...i18n import t, tn
from . import view_model as vm

Namer = Callable[[int], str]


def hand_card(view: dict, card: int, playable: bool, x2_on: bool, name: Namer) -> str:
    """What playing ``card`` from the viewer's hand does now: which cell it marks, what it captures."""
    last = vm.last_card(view)
    if view["phase"] == "open" and playable:
        return t("ht.tip.card_open", card=card)
    if last is None:
        return t("ht.tip.card_plain", card=card)
    cell = vm.target_cell(view, card)
    if cell is None:
        return t("ht.tip.card_repeat", card=card, last=last)
    if not playable:
        return t("ht.tip.card_idle", card=card, last=last, cell=cell)
    text = t("ht.tip.card_play_x2" if x2_on else "ht.tip.card_play", card=card, last=last, cell=cell)
    rival = vm.opponent(view, view["player"])
    taken = [m for m in vm.cell_markers(view, cell) if m["owner"] == rival]
    if taken:
        text += " " + tn("ht.tip.card_capture", len(taken), name=name(rival))
    return text


def row_last(view: dict) -> str:
    return t("ht.tip.row_last", last=vm.last_card(view))


def cell(view: dict, number: int, name: Namer) -> str:
    """The cell's number and the markers on it."""
    markers = vm.cell_markers(view, number)
    head = t("ht.tip.cell", cell=number)
    if not markers:
        return f"{head} {t('ht.tip.cell_empty')}"
    x2 = t("ht.tip.cell_x2") if any(m["x2"] for m in markers) else ""
    return f"{head} " + tn("ht.tip.cell_markers", len(markers), name=name(markers[0]["owner"]), x2=x2)


def tray(view: dict, p: int, which: str, name: Namer) -> str:
    """What ``p``'s supply, captured or spent tray holds and what it is for."""
    count = {
        "supply": view["supply"][p]["normal"],
        "captured": view["captured"][p],
        "spent": view["spent"][p],
    }[which]
    return tn(f"ht.tip.{which}", count, name=name(p))


def x2_marker(view: dict, p: int, name: Namer) -> str:
    return t("ht.tip.x2_ready" if view["supply"][p]["x2"] else "ht.tip.x2_gone", name=name(p))
