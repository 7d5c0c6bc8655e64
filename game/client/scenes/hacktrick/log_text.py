"""The game log's line for each Hacktrick event, one describe function per event type.

Each function takes the event and ``name(player) -> str`` (players are named as
on their panels; the player at the screen is an :class:`~game.client.i18n.You`,
so a line about them reads "You draw a card") and returns the line, or ``None``
to leave the event out of the log.
"""

from __future__ import annotations

from collections.abc import Callable

from ...i18n import You, join, t, tn
from .view_model import cards_text, doubled, reason_text

Namer = Callable[[int], str]
LINES: dict[str, Callable[[dict, Namer], str | None]] = {}


def line(kind: str):
    """Register the describe function of event type ``kind``."""

    def deco(fn):
        LINES[kind] = fn
        return fn

    return deco


def describe(ev: dict, name: Namer) -> str | None:
    """The log line of ``ev`` in the current language (``None``: not logged)."""
    fn = LINES.get(ev["type"])
    return fn(ev, name) if fn is not None else None


@line("hand_started")
def hand_started(ev, name):
    return t("log.hand_started", hand=ev["hand"], name=name(ev["dealer"]), aside=cards_text(ev["aside"]))


@line("cards_dealt")
def cards_dealt(ev, name):
    if "cards" not in ev:
        return None
    return t("log.dealt", name=name(ev["player"]), cards=cards_text(ev["cards"]))


@line("card_played")
def card_played(ev, name):
    if ev.get("opening"):
        return t("log.opened", name=name(ev["player"]), card=ev["card"])
    return t("log.played", name=name(ev["player"]), card=ev["card"], cell=ev["cell"])


@line("marker_placed")
def marker_placed(ev, name):
    if not ev.get("x2"):
        return None  # the played card's line names the cell already
    return t("log.x2", name=name(ev["player"]), cell=ev["cell"])


@line("markers_captured")
def markers_captured(ev, name):
    return tn("log.captured", ev["count"], name=name(ev["player"]), cell=ev["cell"])


@line("sums_announced")
def sums_announced(ev, name):
    sums = ev["sums"]
    return t("log.sums", a=name(0), sa=sums[0], b=name(1), sb=sums[1])


@line("sum_asked")
def sum_asked(ev, name):
    of = name(ev["of"])
    if isinstance(of, You):  # "Easy bot asks the sum: you hold 7."
        return t("log.asked_you", name=name(ev["player"]), sum=ev["sum"])
    return t("log.asked", name=name(ev["player"]), of=of, sum=ev["sum"])


@line("card_drawn")
def card_drawn(ev, name):
    if "card" in ev:
        return t("log.drew_card", name=name(ev["player"]), card=ev["card"])
    return t("log.drew", name=name(ev["player"]))


@line("deck_rebuilt")
def deck_rebuilt(ev, name):
    return t("log.rebuilt", size=ev["size"])


@line("hand_revealed")
def hand_revealed(ev, name):
    if not ev["cards"]:
        return t("log.revealed_none", name=name(ev["player"]))
    return t("log.revealed", name=name(ev["player"]), cards=cards_text(ev["cards"]))


@line("declared")
def declared(ev, name):
    key = "log.declared_play" if ev["command"] == "play" else "log.declared_guard"
    return t(key, name=name(ev["player"]))


@line("hand_won")
def hand_won(ev, name):
    key = "log.hand_won_x2" if doubled(ev) else "log.hand_won"
    return t(key, name=name(ev["player"]), reason=reason_text(ev["reason"]), points=ev["points"])


@line("game_over")
def game_over(ev, name):
    names = [name(w) for w in ev["winners"]]
    return t("log.game_over", name=names[0] if len(names) == 1 else join(names))
