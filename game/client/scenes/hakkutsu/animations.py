"""Hakkutsu!! animations: one small handler per event type (see ``game.client.table.director``).

Handlers fly images between the places the layout names (map cells, the coin
supply, carts, collections, hands), hide what is in the air, leave what landed
and note counters (stack sizes, the empty sites) until the view after the action
takes over.  What an event changes on a player's panel (coins, cart, movement,
score, collection, equipment, museum) is noted when its log line appears
(:func:`.panels.note_field`), so the panels keep step with the log.
"""

from __future__ import annotations

from game.rules.hakkutsu.equipment import TYPE_BY_KEY
from game.rules.hakkutsu.scoring import public_score
from game.rules.hakkutsu.views import EQUIPMENT_VIEWS

from ...animation import Step, Tween, ease_in_out
from ...i18n import t
from ...table.director import AnimationRegistry, banner_step, flip_step, land
from .layout import (
    EQUIP_DECK,
    HAND_CARD,
    OTHER_ROCK,
    OWN_ROCK,
    SITE_CARD,
    SUPPLY,
    TABLE_AREA,
    card_rect,
    cell_rect,
    pawn_center,
    walk,
)
from .panels import note_field, panel_view
from .texts import equipment_name, equipment_text, ids, museum_name, rock_name

animations = AnimationRegistry()

STEP_SECONDS = 0.14  # a pawn's walk, per cell


def _cell_center(rc) -> tuple[int, int]:
    return cell_rect(*rc).center


def _card_center(rc) -> tuple[int, int]:
    """Where a site's top card lies (left in its cell)."""
    return card_rect(*rc).center


def _rock_size(table, q: int) -> tuple[int, int]:
    return OWN_ROCK if q == table.viewer else OTHER_ROCK


def _hand_with(hand: list, key: str) -> list:
    """The viewer's equipment hand with card ``key`` added, in the view's order (by card type)."""
    return sorted(hand + [dict(EQUIPMENT_VIEWS[TYPE_BY_KEY[key]])], key=lambda e: TYPE_BY_KEY[e["key"]])


def _to_hand(table, q: int, key: str | None) -> tuple:
    """``(on_start, on_end)`` of an equipment card flying to ``q``'s hand: their count goes up with the
    log line; the viewer's own card (``key``) joins the hand where it lands."""

    def start():
        note_field(table, "equipment_counts", q, panel_view(table)["equipment_counts"][q] + 1)

    def end():
        if q == table.viewer and key is not None:
            note_field(table, "equipment", None, _hand_with(panel_view(table)["equipment"], key))

    return start, end


# -------------------------------------------------------------------- setup
@animations.on("museum_drafted")
def museum_drafted(table, ev):
    q = ev["player"]
    museum = table.museum_view(ev["museum"])
    dest = table.layout.panels[q].museum
    return [
        banner_step(
            table, t("hk.banner.drafted", name=table.name(q), museum=museum_name(ev["museum"])), hold=0.7
        ),
        Step(
            [Tween(table.museum_image(museum, HAND_CARD), TABLE_AREA.center, dest.center, 0.45, arc=40)],
            on_end=lambda: note_field(table, "museum", q, museum),
            sound="sfx.card",
        ),
    ]


@animations.on("equipment_kept")
def equipment_kept(table, ev):
    q = ev["player"]
    image = table.equipment_image(ev.get("card"), HAND_CARD if q == table.viewer else (18, 25))
    start, end = _to_hand(table, q, ev.get("card"))
    return Step(
        [Tween(image, TABLE_AREA.center, table.layout.hand_target(q), 0.4, arc=30)],
        on_start=start,
        on_end=end,
        sound="sfx.card",
    )


@animations.on("equipment_shuffled")
def equipment_shuffled(table, ev):
    return Step(
        on_start=lambda: table.sprites.note("deck_size", ev["deck_size"]), hold=0.2, sound="sfx.shuffle"
    )


# -------------------------------------------------------------------- rounds and turns
@animations.on("round_started")
def round_started(table, ev):
    return banner_step(table, table.round_title(ev["round"]), hold=0.6)


@animations.on("turn_started")
def turn_started(table, ev):
    def start():  # the new player's panel lights up; no Jeep of the last turn counts any more
        note_field(table, "current_player", None, ev["player"])
        note_field(table, "turn", None, {"player": ev["player"], "movement": ev["movement"], "jeep_bonus": 0})

    return Step(on_start=start, hold=0.1)


@animations.on("pawn_moved")
def pawn_moved(table, ev):
    q = ev["player"]
    image = table.pawn_image(q)
    start, end = tuple(ev["from"]), tuple(ev["to"])
    pawns = table.display["pawns"]
    there = sorted([p for p, rc in enumerate(pawns) if p != q and tuple(rc) == end] + [q])
    dest = pawn_center(*end, there.index(q), len(there))  # where draw_pawns will stand it
    here = [p for p, rc in enumerate(pawns) if tuple(rc) == start]
    origin = pawn_center(*start, here.index(q), len(here)) if q in here else _cell_center(start)

    def leave():  # the pawn leaves: this turn's movement (a Jeep's too) is spent
        table.sprites.hide(("pawn", q))
        note_field(table, "turn", None, dict(panel_view(table).get("turn") or {}, jeep_bonus=0))

    hide = Step(on_start=leave)
    if ev.get("via") == "helicopter":
        banner = banner_step(table, t("hk.banner.helicopter", name=table.name(q)), hold=0.4)
        return [
            banner,
            hide,
            Step(
                [Tween(image, origin, dest, 0.7, arc=90, ease=ease_in_out)],
                on_end=land(table, image, dest),
                sound="sfx.card",
            ),
        ]
    path = [_cell_center(rc) for rc in walk(start, end)]
    path[0], path[-1] = origin, dest
    steps = [hide]
    for k in range(len(path) - 1):
        last = k == len(path) - 2
        steps.append(
            Step(
                [Tween(image, path[k], path[k + 1], STEP_SECONDS, arc=10, ease=ease_in_out)],
                on_end=land(table, image, dest) if last else None,
                sound="sfx.click" if k == 0 else None,
            )
        )
    return steps


@animations.on("card_flipped")
def card_flipped(table, ev):
    r, c = ev["cell"]
    site = table.display["map"][r][c]
    back = table.back_image(site["area"], SITE_CARD)
    face = table.rock_image(ev["card"], SITE_CARD)
    return flip_step(table, ("top", r, c), back, face, _card_center((r, c)))


@animations.on("card_mined")
def card_mined(table, ev):
    q = ev["player"]
    r, c = ev["cell"]
    src = _card_center((r, c))
    index = len(panel_view(table)["carts"][q])
    dest = table.layout.cart_slot(q, index).center
    size = _rock_size(table, q)
    site = table.display["map"][r][c]

    def start():
        table.sprites.hide(("top", r, c), ("cart", q, index))  # the rock is in the air
        table.sprites.note(("stack", r, c), ev["stack_size"])
        table.sprites.note("empty_sites", ev["empty_sites"])
        d = panel_view(table)
        cart = d["carts"][q] + [ev["card"]]
        note_field(table, "carts", q, cart)
        note_field(table, "cart_units", q, d["cart_units"][q] + ev["units"])
        note_field(table, "movement", q, ev["movement"])
        note_field(table, "public_scores", q, public_score(ids(d["collections"][q] + cart)))

    def end():
        table.sprites.show(("cart", q, index))
        if ev["stack_size"]:
            table.sprites.place(table.back_image(site["area"], SITE_CARD), src)

    return [
        Step(
            [
                Tween(
                    table.rock_image(ev["card"], SITE_CARD),
                    src,
                    dest,
                    0.5,
                    arc=40,
                    end_scale=size[0] / SITE_CARD[0],
                )
            ],
            on_start=start,
            on_end=end,
            sound="sfx.card",
        ),
        Step(hold=0.1),
    ]


@animations.on("coins_changed")
def coins_changed(table, ev):
    q = ev["player"]
    coin = table.coin_image(22)
    mine = table.layout.panels[q].coins
    supply = SUPPLY.center
    src, dest = (supply, mine) if ev["delta"] > 0 else (mine, supply)
    tweens = [Tween(coin, src, dest, 0.35, delay=0.06 * k, arc=30) for k in range(min(abs(ev["delta"]), 6))]

    def start():
        note_field(table, "coins", q, ev["coins"])
        table.sprites.note("supply", ev["supply"])

    return Step(tweens, on_start=start, sound="sfx.coin")


@animations.on("base_action")
def base_action(table, ev):
    return banner_step(
        table, t("hk.banner.base", name=table.name(ev["player"])), hold=0.6, sound="sfx.shuffle"
    )


@animations.on("cart_unloaded")
def cart_unloaded(table, ev):
    q = ev["player"]
    lay = table.layout
    collection = panel_view(table)["collections"][q]
    counts = {}
    for card in collection:
        counts[card["kind"]] = counts.get(card["kind"], 0) + 1
    final = dict(counts)
    for card in ev["cards"]:
        final[card["kind"]] = final.get(card["kind"], 0) + 1
    tweens = []
    for k, card in enumerate(ev["cards"]):
        i = counts.get(card["kind"], 0)
        counts[card["kind"]] = i + 1
        dest = lay.kind_slot(q, card["kind"], i, final[card["kind"]])
        src = lay.cart_slot(q, k).center
        image = table.rock_image(card, _rock_size(table, q))
        tweens.append(
            Tween(
                image, src, dest.center, 0.45, delay=0.1 * k, arc=30, end_scale=dest.width / image.get_width()
            )
        )
    flying = [("collection", q, card["id"]) for card in ev["cards"]]

    def start():
        table.sprites.hide(("cart", q), *flying)
        note_field(table, "carts", q, [])
        note_field(table, "cart_units", q, 0)
        note_field(table, "movement", q, ev["movement"])
        note_field(table, "collections", q, collection + ev["cards"])

    def end():
        table.sprites.show(*flying)

    return Step(tweens, on_start=start, on_end=end, sound="sfx.card")


@animations.on("equipment_drawn")
def equipment_drawn(table, ev):
    q = ev["player"]
    own = q == table.viewer
    image = table.equipment_image(ev.get("card") if own else None, HAND_CARD if own else (18, 25))

    joined, end = _to_hand(table, q, ev.get("card") if own else None)

    def start():
        table.sprites.note("deck_size", max(0, table.deck_size() - 1))
        joined()

    return Step(
        [Tween(image, EQUIP_DECK.center, table.layout.hand_target(q), 0.4, arc=30)],
        on_start=start,
        on_end=end,
        sound="sfx.card",
    )


@animations.on("equipment_used")
def equipment_used(table, ev):
    q = ev["player"]
    key = ev["card"]
    src = table.layout.hand_target(q)
    hide = None
    if q == table.viewer:
        for i, e in enumerate(panel_view(table)["equipment"]):
            if e["key"] == key:
                hide = ("equipment", i)
                rect = table.layout.hand.rect_of(hide)
                src = rect.center if rect else src
                break
    image = table.equipment_image(key, HAND_CARD)

    def start():
        if hide:
            table.sprites.hide(hide)
        d = panel_view(table)
        note_field(table, "equipment_counts", q, max(0, d["equipment_counts"][q] - 1))
        if "movement" in ev:  # a Jeep: this turn's movement, shown beside the coins
            turn = d.get("turn") or {}
            note_field(
                table, "turn", None, dict(turn, player=q, jeep_bonus=ev["movement"] - d["movement"][q])
            )

    text = t("hk.banner.equipment", name=table.name(q), card=equipment_name(key), text=equipment_text(key))
    middle = table.banner_center()
    return [
        Step(
            [Tween(image, src, (middle[0], middle[1] + 90), 0.35, end_scale=1.3)],
            on_start=start,
            sound="sfx.card",
        ),
        banner_step(table, text, hold=0.9 if table.session.is_human(q) else 1.3),
        Step(
            [Tween(table.equipment_image(key, (34, 48)), (middle[0], middle[1] + 90), EQUIP_DECK.center, 0.3)]
        ),
    ]


@animations.on("card_peeked")
def card_peeked(table, ev):
    r, c = ev["cell"]
    src = _card_center((r, c))
    site = table.display["map"][r][c]
    if "card" not in ev:  # another player looked: the card lifts a little and goes back
        back = table.back_image(site["area"], SITE_CARD)
        up = (src[0], src[1] - 16)
        return [Step([Tween(back, src, up, 0.25)]), Step([Tween(back, up, src, 0.25)], hold=0.2)]
    face = table.rock_image(ev["card"], HAND_CARD)
    middle = table.banner_center()
    text = t(f"hk.banner.peek_{ev['position']}", card=rock_name(ev["card"]))
    return [
        Step([Tween(face, src, middle, 0.35, end_scale=1.6)], sound="sfx.flip"),
        Step(
            [Tween(face, middle, middle, 0.01, end_scale=1.6)],
            hold=1.4,
            on_start=lambda: setattr(table, "banner_text", text),
            on_end=lambda: setattr(table, "banner_text", None),
        ),
        Step([Tween(table.back_image(site["area"], HAND_CARD), middle, src, 0.3, end_scale=0.6)]),
    ]


@animations.on("round_ended")
def round_ended(table, ev):
    return Step(hold=0.2)


@animations.on("mining_skipped", "turn_ended")
def nothing_to_show(table, ev):
    """The log line says it; nothing moves."""
    return None


@animations.on("game_over")
def game_over(table, ev):
    """The scoring screen: a row at a time (printed, fossils, museum, total), then the verdict."""
    wait = bool(table.session.humans) and not table.demo

    def begin():
        table.show_final()
        table.summary = {"event": ev, "shown": 0}

    def reveal():
        table.summary["shown"] += 1

    steps = [Step(on_start=begin, hold=0.5)]
    for _ in range(5):
        steps.append(Step(on_start=reveal, hold=0.55, sound="sfx.coin"))
    steps.append(Step(hold=1.5 if wait else 2.5, wait_click=wait, sound="sfx.win"))
    return steps
