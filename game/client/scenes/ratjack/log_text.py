"""One log line per Ratjack event, in the current language (``describe(table, event)``).

Each event type has its own small function in :data:`lines` (a :class:`LogLines`); an event the
viewer was not allowed to see in full arrives without its private keys (see
``game.rules.events_for``) and gets the line that does not name the card.
"""

from __future__ import annotations

from ...i18n import join, t
from ...table.log import LogLines
from .texts import card_label, cards_label, reason_text, token_label

lines = LogLines()
line = lines.on


def describe(table, ev: dict) -> str | None:
    return lines.describe(table, ev)


@line("round_started")
def _round_started(table, ev):
    decks = join(t(f"rj.decks.{d}") for d in ev["decks"])
    return t("log.rj.round_started", round=ev["round"], name=table.log_name(ev["start_player"]), decks=decks)


@line("cards_dealt")
def _cards_dealt(table, ev):
    if "cards" in ev:
        return t("log.rj.dealt_you", cards=cards_label(ev["cards"]))
    return None  # everybody is dealt two cards; the round line says so


@line("turn_started")
def _turn_started(table, ev):
    if ev["player"] == table.viewer and table.session.is_human(ev["player"]) and not ev.get("extra"):
        return t("log.rj.turn_you")
    return t(
        "log.rj.extra_turn_start" if ev.get("extra") else "log.rj.turn", name=table.log_name(ev["player"])
    )


@line("card_drawn")
def _card_drawn(table, ev):
    name = table.log_name(ev["player"])
    if ev.get("to") == "ability":
        return (
            t("log.rj.drew_ability", name=name, card=card_label(ev["card"]))
            if "card" in ev
            else t("log.rj.drew_ability_hidden", name=name)
        )
    if ev["source"] == "discard":
        return t("log.rj.drew_discard", name=name, card=card_label(ev["card"]))
    if "card" in ev:
        return t("log.rj.drew_deck", name=name, card=card_label(ev["card"]))
    return t("log.rj.drew_deck_hidden", name=name)


@line("card_placed")
def _card_placed(table, ev):
    name, owner, card = (
        table.log_name(ev["player"]),
        table.log_owner(ev["owner"], actor=ev["player"]),
        ev.get("card"),
    )
    source = ev["from"]
    if source == "discard":
        return t("log.rj.placed_discard", name=name, card=card_label(card))
    if source == "deck":
        return t("log.rj.placed_deck", name=name)
    if source == "drawn":
        return (
            t("log.rj.placed_drawn_seen", name=name, owner=owner, card=card_label(card))
            if card
            else t("log.rj.placed_drawn", name=name, owner=owner)
        )
    if ev["face_up"]:
        return t("log.rj.placed_up", name=name, card=card_label(card))
    return (
        t("log.rj.placed_down", name=name, card=card_label(card))
        if card
        else t("log.rj.placed_down_hidden", name=name)
    )


@line("card_flipped")
def _card_flipped(table, ev):
    key = "log.rj.flipped_up" if ev["face_up"] else "log.rj.flipped_down"
    return t(key, owner=table.log_owner(ev["owner"]), card=card_label(ev["card"]))


@line("card_peeked")
def _card_peeked(table, ev):
    name, owner = table.log_name(ev["player"]), table.log_owner(ev["owner"])
    if "card" in ev:
        return t("log.rj.peeked", name=name, owner=owner, card=card_label(ev["card"]))
    return t("log.rj.peeked_hidden", name=name, owner=owner)


@line("card_seen")
def _card_seen(table, ev):
    return t("log.rj.seen", card=card_label(ev["card"])) if "card" in ev else None


@line("cards_swapped")
def _cards_swapped(table, ev):
    a, b = ev["cards"]
    return t(
        "log.rj.swapped", a=table.log_owner(a["owner"]), b=table.log_owner(b["owner"])
    )  # "Easy bot's", "your"


@line("card_moved")
def _card_moved(table, ev):
    return t(
        "log.rj.moved",
        name=table.log_name(ev["player"]),
        owner=table.log_owner(ev["from"]["owner"]),
        card=card_label(ev["card"]),
    )


@line("card_discarded")
def _card_discarded(table, ev):
    p = ev["player"]
    name, card = table.log_name(p), card_label(ev["card"])
    source = ev["from"]
    if source == "hand":
        text = t("log.rj.discarded_hand", name=name, card=card)
    elif source == "drawn":
        text = t("log.rj.discarded_drawn", name=name, card=card)
    else:
        text = t(
            "log.rj.discarded_area", name=name, owner=table.log_owner(source["owner"], actor=p), card=card
        )
    if ev.get("token_returned"):
        text += " " + t("log.rj.token_back", token=token_label(ev["token_returned"]))
    return text


@line("cards_milled")
def _cards_milled(table, ev):
    return t("log.rj.milled", cards=cards_label(ev["cards"]))


@line("deck_shuffled")
def _deck_shuffled(table, ev):
    return t("log.rj.shuffled", cards=cards_label(ev["cards"]), n=ev["deck_size"])


@line("hands_exchanged")
def _hands_exchanged(table, ev):
    return t("log.rj.exchanged", name=table.log_name(ev["player"]), other=table.log_name(ev["with"]))


@line("hand_received")
def _hand_received(table, ev):
    if "cards" not in ev:
        return None
    return t("log.rj.received", name=table.log_name(ev["player"]), cards=cards_label(ev["cards"]))


def card_in_area(table, q: int, i: int) -> str:
    """Card ``i`` of ``q``'s area as the viewer knows it: its name, or "face-down card"."""
    for view in (table.display, table.final_view):
        areas = (view or {}).get("areas") or []
        if q < len(areas) and i < len(areas[q]):
            entry = areas[q][i]
            if entry["card"] is None:
                return t("log.rj.face_down_card")
            label = card_label(entry["card"])
            return label if entry["face_up"] else t("log.rj.face_down_known", card=label)
    return t("log.rj.a_card")


@line("token_placed")
def _token_placed(table, ev):
    p, q = ev["player"], ev["owner"]
    common = dict(
        name=table.log_name(p),
        token=token_label(ev["token"]),
        owner=table.log_owner(q, actor=p),
        card=card_in_area(table, q, ev["index"]),
    )
    if ev["from"] == "reserve":
        return t("log.rj.token_placed", **common)
    src = ev["from"]
    return t(
        "log.rj.token_moved",
        **common,
        card_from=card_in_area(table, src["owner"], src["index"]),
        **{"from": table.log_owner(src["owner"], actor=p)},
    )


@line("token_returned")
def _token_returned(table, ev):
    p, q = ev["player"], ev["owner"]
    return t(
        "log.rj.token_returned",
        name=table.log_name(p),
        token=token_label(ev["token"]),
        owner=table.log_owner(q, actor=p),
        card=card_in_area(table, q, ev["index"]),
    )


@line("tokens_swapped")
def _tokens_swapped(table, ev):
    a, b = ev["cards"]
    return t(
        "log.rj.tokens_swapped",
        name=table.log_name(ev["player"]),
        t1=token_label(b["token"]),
        t2=token_label(a["token"]),
    )


@line("ability_started")
def _ability_started(table, ev):
    from .texts import ability_text

    return t(
        "log.rj.ability",
        name=table.log_name(ev["player"]),
        card=card_label(ev["card"]),
        text=ability_text(ev["card"]),
    )


@line("ability_blank")
def _ability_blank(table, ev):
    return t("log.rj.blank", card=card_label(ev["card"]))


@line("extra_turn")
def _extra_turn(table, ev):
    return t("log.rj.extra_turn", name=table.log_name(ev["player"]))


@line("vp_scored")
def _vp_scored(table, ev):
    return t(
        "log.rj.vp",
        name=table.log_name(ev["player"]),
        points=ev["points"],
        reason=reason_text(ev["reason"]),
        vp=ev["vp"][ev["player"]],
    )


@line("player_eliminated")
def _player_eliminated(table, ev):
    return t(
        "log.rj.out", name=table.log_name(ev["player"]), reason=reason_text(ev["reason"]), value=ev["value"]
    )


@line("round_ended")
def _round_ended(table, ev):
    return t("log.rj.round_ended", round=ev["round"], reason=reason_text(ev["reason"]))


@line("game_over")
def _game_over(table, ev):
    winners = [table.log_name(w) for w in ev["winners"]]
    if len(winners) == 1:  # "Easy bot wins the game!", "You win the game!"
        return t("log.rj.game_over_one", name=winners[0])
    return t("log.rj.game_over", names=join(winners))
