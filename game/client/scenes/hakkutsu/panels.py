"""Drawing one player's panel: coins, movement, score, equipment, museum, the cart (its track
with the loaded rocks) and the collection grouped by kind.

The panels draw :func:`panel_view`: the view shown, with what the events animated so far changed
(coins, cart, movement, score, collection, equipment, museum), so each panel changes when its
event's log line appears, not when the whole action's animation ends.

Items hidden by an animation: ``("cart", q, i)`` (a loaded rock), ``("collection", q, id)`` (a rock
on its way into the collection), ``("equipment", i)`` (a card of the viewer's hand).
"""

from __future__ import annotations

import pygame

from game.rules.hakkutsu.data import KINDS

from ... import gfx
from ...i18n import join, t, tn
from ...table import widgets
from . import COLOURS
from .layout import HAND_CARD, KIND_ICON, NAME_PAWN, OTHER_ROCK, OWN_ROCK, track_cell
from .texts import (
    bonus_now,
    equipment_name,
    equipment_tip,
    fossils_of,
    kind_name,
    museum_tip,
    rock_name,
    rock_tip,
    scoring_cards,
)

NAME_GAP = 16  # between another player's name and their coins

PLAYER_COLOURS = COLOURS  # the players' colours (the package's, which the replay graph reads too)


def note_field(table, field: str, q: int | None, value) -> None:
    """Show ``value`` for player ``q``'s entry of the view's ``field`` (``q`` ``None``: the whole field)
    until the action's animation ends (the view after it then takes over)."""
    table.sprites.note(("view", field, q), value)


def panel_view(table) -> dict:
    """``table.display`` with the fields noted by :func:`note_field` (the same dict when none are)."""
    d = table.display
    out = None
    for key, value in table.sprites.notes.items():
        if not (isinstance(key, tuple) and key[0] == "view"):
            continue
        if out is None:
            out = dict(d)
        _, field, q = key
        if q is None:
            out[field] = value
            continue
        if out[field] is d[field]:
            out[field] = list(d[field])
        out[field][q] = value
    return d if out is None else out


def by_kind(cards: list) -> dict[str, list]:
    out: dict[str, list] = {k: [] for k in KINDS}
    for card in cards:
        out[card["kind"]].append(card)
    return out


def draw_panel(table, surface, d: dict, q: int, ch) -> None:
    lay = table.layout.panels[q]
    rect = lay.rect
    active = d["current_player"] == q and not d["terminal"]
    name = (
        table.name(q)
        if lay.own
        else gfx.ellipsize(table.name(q), 18, lay.stats[0] - NAME_GAP - lay.name_left, bold=True, tail=3)
    )
    widgets.player_panel(surface, rect, name, active=active, icon=table.pawn_image(q, NAME_PAWN))
    pygame.draw.line(
        surface, PLAYER_COLOURS[q], (rect.left + 12, rect.top + 33), (rect.left + 150, rect.top + 33), 2
    )
    draw_stats(table, surface, d, q)
    draw_cart(table, surface, d, q)
    draw_collection(table, surface, d, q)
    draw_museum(table, surface, d, q)
    if lay.own:
        draw_hand(table, surface, d, ch)
    else:
        draw_backs(table, surface, d, q)


def draw_stats(table, surface, d: dict, q: int) -> None:
    lay = table.layout.panels[q]
    x, y = lay.stats
    coins = d["coins"][q]
    coin = table.coin_image(18 if not lay.own else 22)
    r = widgets.token_stack(surface, coin, (x, y), coins, most=5, step=2, size=16 if not lay.own else 18)
    table.tips.add(
        r, lambda q=q: t("hk.tip.coins", name=table.name(q), n=d["coins"][q], refill=d["refill"][q])
    )
    turn = d.get("turn") or {}
    jeep = (
        turn.get("jeep_bonus", 0) if turn.get("player") == q and d["phase"] == "move" else 0
    )  # until the move
    move = d["movement"][q] + jeep
    label = t("hk.move", n=move)
    mr = gfx.text(
        surface,
        label,
        (r.right + (14 if lay.own else 10), r.centery),
        16 if not lay.own else 18,
        gfx.INK,
        anchor="midleft",
        bold=True,
    )
    table.tips.add(
        mr, lambda q=q: t("hk.tip.move", name=table.name(q), n=d["movement"][q], units=d["cart_units"][q])
    )
    score = d["public_scores"][q]
    if lay.own:  # above "Scoring now: ...", clear of the equipment's key badges
        sr = gfx.text(
            surface,
            tn("hk.score", score),
            (lay.kinds_label[0], lay.rect.top + 6),
            18,
            gfx.GOLD,
            anchor="topleft",
            bold=True,
        )
    else:
        sr = gfx.text(
            surface,
            tn("hk.score", score),
            (lay.rect.right - 12, lay.rect.top + 8),
            18,
            gfx.GOLD,
            anchor="topright",
            bold=True,
        )
    table.tips.add(sr, lambda q=q: score_tip(table, d, q))


def score_tip(table, d: dict, q: int) -> str:
    """The public score explained, counting what the panel counts (collection and cart)."""
    cards = scoring_cards(d, q)
    n = fossils_of(cards)
    printed = sum(c["points"] for c in cards)
    text = tn(
        "hk.tip.score", n, name=table.name(q), printed=printed, n=n, fossils=n * n, total=printed + n * n
    )
    museum = d["museum"][q]
    if museum is not None:
        text += "\n" + t("hk.tip.score_museum", bonus=bonus_now(museum, cards))
    return text


def draw_cart(table, surface, d: dict, q: int) -> None:
    lay = table.layout.panels[q]
    track = table.cart_image(lay.track.size)
    surface.blit(track, lay.track)
    units = d["cart_units"][q]
    pygame.draw.rect(
        surface, widgets.HIGHLIGHT, track_cell(lay.track, units).inflate(4, 4), width=3, border_radius=6
    )
    table.tips.add(
        lay.track,
        lambda q=q: t(
            "hk.tip.cart",
            name=table.name(q),
            units=d["cart_units"][q],
            move=d["cart_track"][d["cart_units"][q]],
        ),
    )
    cart = d["carts"][q]
    zone = lay.cart
    zone.set_items(("cart", q, i) for i in range(len(cart)))
    size = OWN_ROCK if lay.own else OTHER_ROCK
    if not cart:
        gfx.text(
            surface,
            t("hk.cart_empty"),
            (zone.rect.left + 4, zone.rect.centery),
            13,
            gfx.MUTED,
            anchor="midleft",
        )
    for key, r in zone.rects():
        if table.sprites.is_hidden(key):
            continue
        card = cart[key[2]]
        surface.blit(table.rock_image(card, size), r)
        table.tips.add(r, lambda c=card: t("hk.tip.on_cart") + "\n" + rock_tip(c))


def draw_collection(table, surface, d: dict, q: int) -> None:
    """The rocks that score, by kind: the counters (and the fossils line) count the collection and the
    cart together, as the score does; the own panel also shows the collected rocks under each kind."""
    lay = table.layout.panels[q]
    collected = by_kind(d["collections"][q])
    loaded = by_kind(d["carts"][q])
    if lay.kinds_label is not None:
        gfx.text(surface, t("hk.scoring_label"), lay.kinds_label, 12, gfx.MUTED, anchor="bottomleft")
    counts = kind_counts(d, q)
    for kind, col in lay.kinds.items():
        cards, on_cart = collected[kind], loaded[kind]
        n = counts[kind]
        icon = table.kind_image(kind)
        surface.blit(icon, col.topleft)
        if lay.own:
            for i, card in enumerate(cards):
                if table.sprites.is_hidden(("collection", q, card["id"])):
                    continue  # still on its way from the cart
                r = table.layout.kind_slot(q, kind, i, len(cards))
                surface.blit(table.rock_image(card, r.size), r)
            last = table.layout.kind_slot(q, kind, max(0, len(cards) - 1), len(cards))
            area = pygame.Rect(col.left, col.top, col.width, last.bottom - col.top)
            gfx.text(
                surface,
                str(n),
                (col.left + KIND_ICON + 3, col.top + KIND_ICON // 2),
                14,
                gfx.INK if n else gfx.MUTED,
                anchor="midleft",
                bold=True,
            )
        else:
            gfx.text(
                surface,
                str(n),
                (col.left + KIND_ICON + 3, col.centery),
                15,
                gfx.INK if n else gfx.MUTED,
                anchor="midleft",
                bold=True,
            )
            area = col
        table.tips.add(area, lambda k=kind, cs=cards, oc=on_cart, q=q: collection_tip(table, q, k, cs, oc))
    fossils = fossils_of(scoring_cards(d, q))
    fr = gfx.text(
        surface,
        tn("hk.fossils", fossils * fossils, n=fossils),
        lay.fossils,
        13,
        gfx.INK if fossils else gfx.MUTED,
        anchor="midleft",
    )
    table.tips.add(fr, lambda: t("hk.tip.fossils"))


def kind_counts(d: dict, q: int) -> dict[str, int]:
    """What the panel's kind counters show: the rocks of each kind that score (collection and cart)."""
    return {k: len(v) for k, v in by_kind(scoring_cards(d, q)).items()}


def collection_tip(table, q: int, kind: str, cards: list, on_cart: list = ()) -> str:
    head = t(
        "hk.tip.collection",
        name=table.name(q),
        kind=kind_name(kind),
        n=len(cards) + len(on_cart),
        collected=len(cards),
        cart=len(on_cart),
    )
    names = [rock_name(c) for c in cards] + [t("hk.tip.on_cart_name", card=rock_name(c)) for c in on_cart]
    return head + ("\n" + join(names) if names else "")


def draw_museum(table, surface, d: dict, q: int) -> None:
    lay = table.layout.panels[q]
    museum = d["museum"][q]
    rect = lay.museum
    surface.blit(table.museum_image(museum, rect.size), rect)
    if museum is not None:
        cards = scoring_cards(d, q)
        public = q != table.viewer or d["draft"]
        note = t("hk.bonus_now", n=bonus_now(museum, cards))
        gfx.text(
            surface,
            note,
            (rect.centerx, rect.bottom + 2),
            12 if lay.own else 11,
            gfx.GOLD,
            anchor="midtop",
            bold=True,
        )
        table.tips.add(
            rect,
            lambda m=museum, pub=public: (
                museum_tip(m) + "\n" + t("hk.tip.museum_public" if pub else "hk.tip.museum_secret")
            ),
        )
    else:
        table.tips.add(rect, lambda q=q: t("hk.tip.museum_hidden", name=table.name(q)))
    if lay.own:
        gfx.text(surface, t("hk.museum"), (rect.centerx, rect.top - 4), 12, gfx.MUTED, anchor="midbottom")


def draw_hand(table, surface, d: dict, ch) -> None:
    zone = table.layout.hand
    hand = d["equipment"]
    zone.set_items(("equipment", i) for i in range(len(hand)))
    # the label rides above the cards' key badges, which sit on the cards' top edge (clear of the names)
    gfx.text(
        surface,
        t("hk.equipment_label"),
        (zone.rect.left, zone.rect.top - widgets.BADGE_ABOVE),
        12,
        gfx.MUTED,
        anchor="bottomleft",
    )
    if not hand:
        gfx.text(surface, t("hk.no_equipment"), (zone.rect.left, zone.rect.top + 20), 13, gfx.MUTED)
    hovered = zone.item_at(table.mouse) if table.mouse else None
    for key, r in zone.rects():
        if table.sprites.is_hidden(key):
            continue
        card = hand[key[1]]
        picked = key in ch
        chosen = picked and table.mode is not None and ch.picks[key].mode == table.mode
        widgets.draw_card(
            surface,
            table.equipment_image(card["key"], HAND_CARD),
            r,
            lift=14 if chosen else 8 if (picked and hovered == key) else 0,
            highlight=widgets.HIGHLIGHT if chosen else widgets.TARGET if picked else None,
            badge=ch.number_of(key) if table.my_turn else None,
            badge_above=True,
        )
        table.tips.add(r, lambda k=card["key"]: equipment_tip(k))


def draw_backs(table, surface, d: dict, q: int) -> None:
    """Another player's equipment: one card back and how many they hold (a replay with all cards open
    names them in the tooltip)."""
    zone = table.layout.panels[q].hand
    n = d["equipment_counts"][q]
    back = table.equipment_image(None, zone.item_size)
    opened = (d.get("open_hands") or [None] * (q + 1))[q]
    zone.set_items([("backs", q)])
    rect = zone.rect_of(("backs", q))
    if opened:
        surface.blit(table.equipment_image(opened[0]["key"], zone.item_size), rect)
    else:
        surface.blit(back if n else widgets.dimmed(back), rect)
    r = gfx.text(
        surface,
        f"×{n}",
        (rect.right + 4, rect.centery),
        15,
        gfx.INK if n else gfx.MUTED,
        anchor="midleft",
        bold=True,
    )

    def tip(q=q, opened=opened) -> str:
        text = t("hk.tip.equipment_backs", name=table.name(q), n=d["equipment_counts"][q])
        return text + ("\n" + join(equipment_name(e["key"]) for e in opened) if opened else "")

    table.tips.add(rect.union(r), tip)
