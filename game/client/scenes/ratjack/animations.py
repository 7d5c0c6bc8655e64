"""Ratjack animations: one small handler per event type (see ``game.client.table.director``).

Handlers read positions from the table's layout and what it shows now, fly
images between them, hide what is in the air and leave what landed; the view
after the action replaces it all when the action's last step ends.
"""

from __future__ import annotations

from game.rules.ratjack.state import LIMIT

from ...animation import FlipTween, Step, Tween, ease_in_out
from ...i18n import t
from ...table.director import AnimationRegistry, banner_step, flip_step, land
from .layout import HAND_CARD, PILE_CARD, TOKEN
from .texts import ability_text, card_label

animations = AnimationRegistry()


def _source_center(table, ev_from, player: int):
    """Where a card comes from: ``"hand"``, ``"discard"``, ``"deck"``, ``"drawn"``."""
    lay = table.layout
    if ev_from == "discard":
        return lay.discard.center
    if ev_from == "deck":
        return lay.deck.center
    if player == table.viewer:
        return lay.hand_target(player)
    return lay.backs[player].center


# -------------------------------------------------------------------- rounds and turns
@animations.on("round_started")
def round_started(table, ev):
    lay = table.layout

    def start():
        table.summary = None
        table.show_final()
        table.sprites.hide(("hand",), ("backs",), ("area",), ("discard",), ("drawn",))

    def end():
        table.sprites.show(("hand",), ("backs",), ("area",), ("discard",), ("drawn",))

    back = table.card_image(None, PILE_CARD)
    tweens = []
    order = [(ev["start_player"] + k) % lay.players for k in range(lay.players)]
    for k in range(2):
        for j, q in enumerate(order):
            dest = lay.hand_rect(k, 2).center if q == table.viewer else lay.backs[q].center
            tweens.append(Tween(back, lay.deck.center, dest, 0.3, delay=0.06 * (k * lay.players + j), arc=20))
    top = ev["discard"][-1] if ev["discard"] else None
    flip = (
        [
            FlipTween(
                back,
                table.card_image(top, PILE_CARD),
                lay.discard.center,
                0.3,
                delay=0.06 * 2 * lay.players + 0.1,
            )
        ]
        if top
        else []
    )
    return Step(tweens + flip, on_start=start, on_end=end, sound="sfx.shuffle")


@animations.on("turn_started")
def turn_started(table, ev):
    # the option before it has resolved: its cards have landed, the gauges show the values after it
    return Step(hold=0.12, on_start=lambda: note_values(table, table.final_view["values"]))


def note_values(table, values) -> None:
    """Show ``values`` in the value gauges until the action's animation ends."""
    for q, v in enumerate(values):
        table.sprites.note(("value", q), v)


def note_discarded(table, n: int) -> None:
    """``n`` more cards have landed on the discard pile (its count follows them)."""
    table.sprites.note("discard_added", table.sprites.noted("discard_added", 0) + n)


# -------------------------------------------------------------------- cards
@animations.on("card_drawn")
def card_drawn(table, ev):
    lay = table.layout
    p = ev["player"]
    src = lay.discard.center if ev["source"] == "discard" else lay.deck.center
    shown = ev.get("card") if (p == table.viewer or ev["source"] == "discard") else None
    image = table.card_image(shown, HAND_CARD if p == table.viewer else PILE_CARD)
    dest = lay.hand_target(p)

    def start():
        if ev["source"] == "discard":
            table.sprites.hide(("discard",))
        table.sprites.note("deck_size", ev["deck_size"])

    landed = table.card_image(
        ev.get("card") if p == table.viewer else None, HAND_CARD if p == table.viewer else PILE_CARD
    )
    return Step(
        [Tween(image, src, dest, 0.38, arc=24)],
        on_start=start,
        on_end=land(table, landed, dest),
        sound="sfx.card",
    )


@animations.on("card_placed")
def card_placed(table, ev):
    lay = table.layout
    p, q, i = ev["player"], ev["owner"], ev["index"]
    card = ev.get("card")
    size = lay.card_size(q)
    dest = lay.area_rect(q, i).center
    src = _source_center(table, ev["from"], p)
    flying = table.card_image(card if (ev["face_up"] or ev["from"] == "discard") else None, size)
    landed = table.card_image(card if ev["face_up"] else None, size)

    def start():
        if ev["from"] == "discard":
            table.sprites.hide(("discard",))
        if ev["from"] in ("hand", "drawn") and p == table.viewer:
            key = table.hand_key_of(card) if ev["from"] == "hand" else ("drawn",)
            if key is not None:
                table.sprites.hide(key)
        if ev["from"] == "deck":
            table.sprites.note("deck_size", max(0, table.deck_size() - 1))

    return Step(
        [Tween(flying, src, dest, 0.4, arc=30)],
        on_start=start,
        on_end=land(table, landed, dest),
        sound="sfx.card",
    )


@animations.on("card_flipped")
def card_flipped(table, ev):
    lay = table.layout
    q, i = ev["owner"], ev["index"]
    size = lay.card_size(q)
    after = table.card_image(ev["card"] if ev["face_up"] else None, size)
    return flip_step(table, ("area", q, i), table.area_image(q, i), after, lay.area_rect(q, i).center)


@animations.on("card_peeked")
def card_peeked(table, ev):
    lay = table.layout
    q, i = ev["owner"], ev["index"]
    src = lay.area_rect(q, i).center
    if "card" not in ev:  # someone else looked: the card lifts a little and goes back
        back = table.area_image(q, i)
        up = (src[0], src[1] - 18)
        return [
            Step([Tween(back, src, up, 0.25)], on_start=lambda: table.sprites.hide(("area", q, i))),
            Step([Tween(back, up, src, 0.25)], hold=0.2),
        ]
    face = table.card_image(ev["card"], HAND_CARD)
    middle = table.banner_center()
    text = t("rj.banner.peek", card=card_label(ev["card"]))
    return [
        Step([Tween(face, src, middle, 0.35, end_scale=1.4)], sound="sfx.flip"),
        Step(
            [Tween(face, middle, middle, 0.01, end_scale=1.4)],
            hold=1.3,
            on_start=lambda: setattr(table, "banner_text", text),
            on_end=lambda: setattr(table, "banner_text", None),
        ),
        Step([Tween(table.area_image(q, i), middle, src, 0.3)]),
    ]


@animations.on("cards_swapped")
def cards_swapped(table, ev):
    lay = table.layout
    (a, b) = ev["cards"]
    ra, rb = lay.area_rect(a["owner"], a["index"]), lay.area_rect(b["owner"], b["index"])
    ia = table.area_image(a["owner"], a["index"], size=lay.card_size(b["owner"]))
    ib = table.area_image(b["owner"], b["index"], size=lay.card_size(a["owner"]))

    def start():
        table.sprites.hide(
            ("area", a["owner"], a["index"]),
            ("area", b["owner"], b["index"]),
            ("token", a["owner"], a["index"]),
            ("token", b["owner"], b["index"]),
        )

    def end():
        table.sprites.place(ia, rb.center)
        table.sprites.place(ib, ra.center)

    return Step(
        [
            Tween(ia, ra.center, rb.center, 0.45, arc=40, ease=ease_in_out),
            Tween(ib, rb.center, ra.center, 0.45, arc=-40, ease=ease_in_out),
        ],
        on_start=start,
        on_end=end,
        sound="sfx.card",
    )


@animations.on("card_moved")
def card_moved(table, ev):
    lay = table.layout
    src, dst = ev["from"], ev["to"]
    start_c = lay.area_rect(src["owner"], src["index"]).center
    dest = lay.area_rect(dst["owner"], dst["index"]).center
    image = table.card_image(ev["card"], lay.card_size(dst["owner"]))

    def start():
        table.sprites.hide(("area", src["owner"], src["index"]), ("token", src["owner"], src["index"]))

    return Step(
        [Tween(image, start_c, dest, 0.45, arc=40)],
        on_start=start,
        on_end=land(table, image, dest),
        sound="sfx.card",
    )


@animations.on("card_discarded")
def card_discarded(table, ev):
    lay = table.layout
    source = ev["from"]
    p = ev["player"]
    image = table.card_image(ev["card"], PILE_CARD)
    tweens = []
    hide = []
    if source == "hand":
        src = (
            lay.hand_target(p)
            if p != table.viewer
            else (lay.hand.rect_of(table.hand_key_of(ev["card"])) or lay.hand.rect).center
        )
        hide.append(table.hand_key_of(ev["card"]) if p == table.viewer else None)
    elif source == "drawn":
        src = (
            (lay.hand.rect_of(("drawn",)) or lay.hand.rect).center
            if p == table.viewer
            else lay.backs[p].center
        )
        hide.append(("drawn",))
    else:
        src = lay.area_rect(source["owner"], source["index"]).center
        hide += [("area", source["owner"], source["index"]), ("token", source["owner"], source["index"])]
        if ev.get("token_returned"):
            token = table.token_image(ev["token_returned"], TOKEN)
            tweens.append(
                Tween(
                    token,
                    lay.token_center(source["owner"], source["index"]),
                    lay.reserve_center(),
                    0.4,
                    delay=0.1,
                    arc=30,
                )
            )
    tweens.insert(0, Tween(image, src, lay.discard.center, 0.4, arc=30))

    def start():
        table.sprites.hide(*[k for k in hide if k is not None])

    def end():
        table.sprites.place(image, lay.discard.center)
        note_discarded(table, 1)

    return Step(tweens, on_start=start, on_end=end, sound="sfx.card")


@animations.on("cards_milled")
def cards_milled(table, ev):
    lay = table.layout
    tweens = []
    last = None
    for k, card in enumerate(ev["cards"]):
        last = table.card_image(card, PILE_CARD)
        tweens.append(Tween(last, lay.deck.center, lay.discard.center, 0.35, delay=0.15 * k, arc=20))

    def start():
        table.sprites.note("deck_size", ev["deck_size"])

    def end():
        table.sprites.place(last, lay.discard.center)
        note_discarded(table, len(ev["cards"]))

    return Step(tweens, on_start=start, on_end=end, sound="sfx.shuffle")


@animations.on("deck_shuffled")
def deck_shuffled(table, ev):
    lay = table.layout
    back = table.card_image(None, PILE_CARD)
    tweens = [
        Tween(
            table.card_image(card, PILE_CARD),
            lay.discard.center,
            lay.deck.center,
            0.35,
            delay=0.12 * k,
            arc=20,
        )
        for k, card in enumerate(ev["cards"])
    ]

    def start():
        table.sprites.hide(("discard",))
        table.sprites.note("discard_hidden", len(ev["cards"]))

    def end():
        table.sprites.note("deck_size", ev["deck_size"])
        table.sprites.place(back, lay.deck.center)

    return Step(tweens, on_start=start, on_end=end, sound="sfx.shuffle")


@animations.on("hands_exchanged")
def hands_exchanged(table, ev):
    lay = table.layout
    p, q = ev["player"], ev["with"]
    back = table.card_image(None, PILE_CARD)
    a, b = lay.hand_target(p), lay.hand_target(q)

    def start():
        table.sprites.hide(("hand",), ("backs", p), ("backs", q))

    return Step(
        [Tween(back, a, b, 0.45, arc=40), Tween(back, b, a, 0.45, arc=-40)], on_start=start, sound="sfx.card"
    )


# -------------------------------------------------------------------- tokens
@animations.on("token_placed")
def token_placed(table, ev):
    lay = table.layout
    q, i = ev["owner"], ev["index"]
    size = lay.token_size(q)
    image = table.token_image(ev["token"], size)
    dest = lay.token_center(q, i)
    if ev["from"] == "reserve":
        src = lay.reserve_center(ev["token"])
        hide = ("reserve", ev["token"])
    else:
        src = lay.token_center(ev["from"]["owner"], ev["from"]["index"])
        hide = ("token", ev["from"]["owner"], ev["from"]["index"])

    def start():
        table.sprites.hide(hide)

    return Step(
        [
            Tween(
                table.token_image(ev["token"], TOKEN),
                src,
                dest,
                0.4,
                arc=50,
                ease=ease_in_out,
                end_scale=size / TOKEN,
            )
        ],
        on_start=start,
        on_end=land(table, image, dest),
        sound="sfx.coin",
    )


@animations.on("token_returned")
def token_returned(table, ev):
    lay = table.layout
    q, i = ev["owner"], ev["index"]
    image = table.token_image(ev["token"], TOKEN)
    dest = lay.reserve_center()

    def start():
        table.sprites.hide(("token", q, i))

    return Step(
        [Tween(image, lay.token_center(q, i), dest, 0.4, arc=50, ease=ease_in_out)],
        on_start=start,
        on_end=land(table, image, dest),
        sound="sfx.coin",
    )


@animations.on("tokens_swapped")
def tokens_swapped(table, ev):
    lay = table.layout
    a, b = ev["cards"]
    ca, cb = lay.token_center(a["owner"], a["index"]), lay.token_center(b["owner"], b["index"])
    ia = table.token_image(b["token"], lay.token_size(a["owner"]))  # a's old token is b's new one
    ib = table.token_image(a["token"], lay.token_size(b["owner"]))

    def start():
        table.sprites.hide(("token", a["owner"], a["index"]), ("token", b["owner"], b["index"]))

    def end():
        table.sprites.place(ib, ca)
        table.sprites.place(ia, cb)

    return Step(
        [
            Tween(ia, ca, cb, 0.45, arc=40, ease=ease_in_out),
            Tween(ib, cb, ca, 0.45, arc=-40, ease=ease_in_out),
        ],
        on_start=start,
        on_end=end,
        sound="sfx.coin",
    )


# -------------------------------------------------------------------- abilities and scoring
@animations.on("ability_started")
def ability_started(table, ev):
    text = t(
        "rj.banner.ability",
        name=table.name(ev["player"]),
        card=card_label(ev["card"]),
        text=ability_text(ev["card"]),
    )
    return banner_step(table, text, hold=1.4 if not table.session.is_human(ev["player"]) else 0.9)


@animations.on("ability_blank")
def ability_blank(table, ev):
    return banner_step(table, t("rj.banner.blank", card=card_label(ev["card"])))


@animations.on("extra_turn")
def extra_turn(table, ev):
    return banner_step(table, t("rj.banner.extra", name=table.subject(ev["player"])), hold=0.8)


@animations.on("vp_scored")
def vp_scored(table, ev):
    p = ev["player"]
    key = "rj.banner.exact" if ev["reason"] == "exactly 25" else "rj.banner.scored"
    text = t(key, name=table.subject(p), points=ev["points"])  # "You score 1 VP", not "You scores"

    def start():
        table.banner_text = text
        table.sprites.note(("vp", p), ev["vp"][p])
        if ev["reason"] == "exactly 25":  # the gauge reads 25 under the banner, even before the next turn
            table.sprites.note(("value", p), LIMIT)

    return Step(on_start=start, on_end=lambda: setattr(table, "banner_text", None), hold=1.0, sound="sfx.win")


@animations.on("player_eliminated")
def player_eliminated(table, ev):
    p = ev["player"]
    text = t("rj.banner.out", name=table.subject(p), value=ev["value"])

    def start():
        table.banner_text = text
        table.sprites.note(("out", p), ev["reason"])
        table.sprites.note(("value", p), ev["value"])

    return Step(
        on_start=start, on_end=lambda: setattr(table, "banner_text", None), hold=1.0, sound="sfx.lose"
    )


@animations.on("round_ended")
def round_ended(table, ev):
    wait = bool(table.session.humans) and not table.demo

    def start():
        table.summary = dict(ev)
        note_values(table, ev["values"])  # the table shows the round's end, as the summary says

    def end():
        table.summary = None

    return Step(on_start=start, on_end=end, hold=1.4 if wait else 2.4, wait_click=wait)


@animations.on("game_over")
def game_over(table, ev):
    return Step(hold=0.4)
