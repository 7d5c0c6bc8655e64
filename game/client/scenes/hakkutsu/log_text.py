"""One log line per Hakkutsu!! event, in the current language (``describe(table, event)``).

Each event type has its own small function in :data:`lines`; an event the viewer
may not see in full (another player's equipment, a Detector's peek) arrives
without its private keys (``game.rules.events_for``) and gets the line that
does not name the card.
"""

from __future__ import annotations

from ...i18n import join, t, tn
from ...table.log import LogLines
from .texts import equipment_name, museum_name, place_name, rock_name, rocks_label

lines = LogLines()
line = lines.on
PLACED = {"pawn_moved": "to", "card_peeked": "cell"}  # events naming a cell -> the key of that cell


def describe(table, ev: dict) -> str | None:
    return lines.describe(table, ev)


def with_places(events: list[dict], view: dict | None) -> list[dict]:
    """``events`` whose cell is named in the log, given what the viewer saw there just before them
    (``view``: the position before the action): copies with the cell's ``site`` view added.  The map
    shows no coordinates, so the log names a cell by what lies on it (see :func:`texts.place_name`)."""
    if view is None:
        return list(events)
    out = []
    for ev in events:
        key = PLACED.get(ev["type"])
        if key is not None and "site" not in ev:
            r, c = ev[key]
            ev = {**ev, "site": view["map"][r][c]}
        out.append(ev)
    return out


def _place(ev: dict, key: str) -> str:
    return place_name(ev[key], ev.get("site"))


@line("museum_drafted")
def _museum_drafted(table, ev):
    return t("log.hk.drafted", name=table.log_name(ev["player"]), museum=museum_name(ev["museum"]))


@line("equipment_kept")
def _equipment_kept(table, ev):
    name = table.log_name(ev["player"])
    if "card" in ev:
        returned = join(equipment_name(k) for k in ev["returned"])
        return t("log.hk.kept_you", name=name, card=equipment_name(ev["card"]), returned=returned)
    return t("log.hk.kept", name=name)


@line("equipment_shuffled")
def _equipment_shuffled(table, ev):
    return t("log.hk.shuffled", n=ev["deck_size"])


@line("round_started")
def _round_started(table, ev):
    return table.round_title(ev["round"])


@line("turn_started")
def _turn_started(table, ev):
    if ev["player"] == table.viewer and table.session.is_human(ev["player"]):
        return t("log.hk.turn_you", n=ev["movement"])
    return t("log.hk.turn", name=table.log_name(ev["player"]), n=ev["movement"])


@line("pawn_moved")
def _pawn_moved(table, ev):
    key = "log.hk.flew" if ev.get("via") == "helicopter" else "log.hk.moved"
    return t(key, name=table.log_name(ev["player"]), place=_place(ev, "to"))


@line("card_flipped")
def _card_flipped(table, ev):
    return t("log.hk.flipped", card=rock_name(ev["card"]))  # where the previous line (move or dig) was


@line("mining_skipped")
def _mining_skipped(table, ev):
    return t("log.hk.skipped", name=table.log_name(ev["player"]))


@line("card_mined")
def _card_mined(table, ev):
    return t(
        "log.hk.mined",
        name=table.log_name(ev["player"]),
        card=rock_name(ev["card"]),
        cost=ev["cost"],
        units=ev["units"],
        move=ev["movement"],
    )


@line("coins_changed")
def _coins_changed(table, ev):
    if ev["reason"] == "mining":
        return None  # the mining line says what it cost
    n = abs(ev["delta"])
    return tn(f"log.hk.coins_{ev['reason']}", n, name=table.log_name(ev["player"]), n=n, coins=ev["coins"])


@line("base_action")
def _base_action(table, ev):
    return t("log.hk.base", name=table.log_name(ev["player"]))


@line("cart_unloaded")
def _cart_unloaded(table, ev):
    return t(
        "log.hk.unloaded",
        name=table.log_name(ev["player"]),
        cards=rocks_label(ev["cards"]),
        move=ev["movement"],
    )


@line("equipment_drawn")
def _equipment_drawn(table, ev):
    if "card" in ev:
        return t("log.hk.drew_you", name=table.log_name(ev["player"]), card=equipment_name(ev["card"]))
    return t("log.hk.drew", name=table.log_name(ev["player"]))


@line("equipment_used")
def _equipment_used(table, ev):
    name, card = table.log_name(ev["player"]), equipment_name(ev["card"])
    if ev["effect"] == "jeep":
        return t("log.hk.used_jeep", name=name, card=card, n=ev["movement"])
    return t("log.hk.used", name=name, card=card)


@line("card_peeked")
def _card_peeked(table, ev):
    name = table.log_name(ev["player"])
    position = t(f"hk.position.{ev['position']}")
    place = _place(ev, "cell")
    if "card" in ev:
        return t("log.hk.peeked_you", name=name, position=position, place=place, card=rock_name(ev["card"]))
    return t("log.hk.peeked", name=name, position=position, place=place)


@line("turn_ended")
def _turn_ended(table, ev):
    return None  # the next turn's line follows


@line("round_ended")
def _round_ended(table, ev):
    return tn("log.hk.round_ended", ev["empty_sites"], round=ev["round"], n=ev["empty_sites"])


@line("game_over")
def _game_over(table, ev):
    names = join(table.log_name(w) for w in ev["winners"])
    return t("log.hk.game_over", names=names, scores=" / ".join(str(s) for s in ev["scores"]))
