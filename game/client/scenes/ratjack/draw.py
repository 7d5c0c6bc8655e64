"""Drawing the Ratjack table from the view it shows, one function per area (as Hacktrick's ``draw``).

Every function takes the table (the :class:`~.scene.RatjackScene`) and the surface, reads
``table.display`` laid out in ``table.layout``, skips the items the sprite layer hides (they are in
the air) and registers the tooltips of what it draws (their texts: :mod:`.tips`).
"""

from __future__ import annotations

import pygame

from game.rules.ratjack.state import LIMIT

from ... import gfx
from ...i18n import t, tn
from ...table import widgets
from . import tips
from .input import Choices
from .layout import BOTTOM, HAND_CARD, KEYS, LOG, PILE_CARD, PROMPT, TOKEN, TOP_BAR
from .texts import card_label, card_of, card_tip_text, reason_text, token_text

BROWSE = pygame.Rect(120, 110, 820, 460)
KNOWN_BLUE = (90, 150, 220)  # the frame of a face-down card the viewer knows
CHOSEN = gfx.GOLD  # the frame of what an earlier step of the ability chose
OUT_CHIP = (34, 18, 16)  # the backing of a player's "Out" line, drawn under their cards


def tabletop(table, surface) -> None:
    surface.blit(gfx.image(table.app.assets, "ui.table", table.app.size, opaque=True), (0, 0))
    d = table.display
    table.layout.reserve.set_items(("reserve", f) for f in d["reserve"])
    hand_items = [("hand", i) for i in range(len(d["hand"]))]
    if (d.get("pending") or {}).get("drawn"):
        hand_items.append(("drawn",))
    table.layout.hand.set_items(hand_items)
    for q in range(len(d["areas"])):
        table.layout.areas[q].set_items(("area", q, i) for i in range(len(d["areas"][q])))
    ch = table.current_choices()
    targeting = bool(ch.picks) and d["phase"] == "ability" or table.selected is not None
    top_bar(table, surface, d)
    for q in range(len(d["areas"])):
        player(table, surface, d, q, ch, targeting)
    center(table, surface, d, ch, targeting)
    hand(table, surface, d, ch)
    table.log.draw(surface, LOG)
    table.draw_prompt(surface, PROMPT, KEYS)


def top_bar(table, surface, d) -> None:
    gfx.panel(surface, TOP_BAR.inflate(-8, -6), 200, radius=8)
    gfx.text(surface, t("rj.round", n=d["round"]), (20, 22), 18, gfx.GOLD, anchor="midleft", bold=True)
    gfx.text(surface, t("rj.goal", n=d["target_vp"]), (150, 22), 15, gfx.INK, anchor="midleft")


def pick_badge(table, ch: Choices, key) -> str | None:
    if key in ch.picks and table.my_turn:
        n = ch.order.index(key) + 1
        return str(n) if n <= 9 else None
    return None


def shown_value(table, q: int) -> int:
    """``q``'s value as the gauge shows it: the shown view's, or one an animation noted (the values
    after the option once its cards landed, the values at the end of a round while its summary shows)."""
    return table.sprites.noted(("value", q), table.display["values"][q])


def player(table, surface, d, q: int, ch: Choices, targeting: bool) -> None:
    lay = table.layout
    panel = lay.panels[q]
    out = d["eliminated"][q]
    active = d["current_player"] == q and not d["terminal"]
    seat_pick = ("seat", q) in ch.picks
    widgets.player_panel(
        surface, panel, table.name(q), active=active, out=out, highlight=widgets.TARGET if seat_pick else None
    )
    if seat_pick and pick_badge(table, ch, ("seat", q)):
        widgets.chip(
            surface,
            pick_badge(table, ch, ("seat", q)),
            (panel.right - 8, panel.top - 8),
            colour=(40, 40, 40),
            text_colour=widgets.HIGHLIGHT,
            anchor="topright",
        )
    # the name strip only: a tip over the whole panel popped up wherever the mouse rested
    name_strip = pygame.Rect(panel.left, panel.top, panel.width, 34)
    table.tips.add(
        name_strip,
        lambda q=q: (
            t("rj.tip.panel_out", name=table.subject(q))
            if d["eliminated"][q]
            else t("rj.tip.vp", name=table.name(q), vp=d["vp"][q], target=d["target_vp"])
        ),
    )
    vp = table.sprites.noted(("vp", q), d["vp"][q])
    pip_rect = widgets.pips(surface, lay.pips[q], vp, d["target_vp"])
    table.tips.add(
        pip_rect, lambda q=q, vp=vp: t("rj.tip.vp", name=table.name(q), vp=vp, target=d["target_vp"])
    )
    value = shown_value(table, q)
    gauge = widgets.ValueGauge(lay.gauges[q], LIMIT)
    gauge.draw(surface, value)
    colour = gfx.RED if value > LIMIT else gfx.GOLD if value == LIMIT else gfx.INK
    gfx.text(
        surface,
        str(value),
        (gauge.rect.right + 8, gauge.rect.centery),
        24 if q == table.viewer else 20,
        colour,
        anchor="midleft",
        bold=True,
    )
    gfx.text(
        surface,
        t("rj.value_label"),
        (gauge.rect.left, gauge.rect.top - 3),
        12,
        gfx.MUTED,
        anchor="bottomleft",
    )
    table.tips.add(
        gauge.rect.inflate(60, 14), lambda q=q, v=value: t("rj.tip.gauge", name=table.name(q), value=v)
    )
    if q != table.viewer:
        backs(table, surface, d, q)
    size = lay.card_size(q)
    chosen_keys = table.chosen_keys()
    for key, rect in lay.areas[q].rects():
        if table.sprites.is_hidden(key):
            continue
        entry = d["areas"][q][key[2]]
        shown = entry["card"] if entry["face_up"] else None
        img = table.card_image(shown, size)  # a face-down card shows its back, known or not
        known_down = not entry["face_up"] and entry["card"] is not None
        picked = key in ch.picks
        chosen = key in chosen_keys
        widgets.draw_card(
            surface,
            img,
            rect,
            dim=(targeting and not picked and not chosen) or out,
            lift=4 if picked else 0,
            highlight=widgets.TARGET if picked else CHOSEN if chosen else None,
            badge=pick_badge(table, ch, key),
            decorate=(lambda r, c=entry["card"]: known_face(table, surface, c, r)) if known_down else None,
        )
        if entry["token"] and not table.sprites.is_hidden(("token", q, key[2])):
            ts = lay.token_size(q)
            widgets.draw_token(
                surface,
                table.token_image(entry["token"], ts),
                lay.token_center(q, key[2])
                if not picked
                else (lay.token_center(q, key[2])[0], lay.token_center(q, key[2])[1] - 4),
            )
        table.tips.add(rect, lambda e=entry, q=q: tips.card_tip(table, e, q))


def out_chips(table, surface) -> None:
    for q, label in out_labels(table).items():
        out_chip(table, surface, q, label)


def out_chip_rect(table, q: int, label: str) -> pygame.Rect:
    """Where ``q``'s "Out" chip goes: under their cards (never over a card's value), inside their panel."""
    lay = table.layout
    rects = [rect for _, rect in lay.areas[q].rects()]
    top = max(r.bottom for r in rects) + 4 if rects else lay.areas[q].rect.top
    size = 12
    rect = pygame.Rect(0, 0, gfx.font(size, True).size(label)[0] + 12, size + 9)
    rect.topleft = (lay.areas[q].rect.left, top)
    return rect.clamp(lay.panels[q].inflate(-8, -8))


def out_labels(table) -> dict[int, str]:
    """The "Out" chip's text of each player out of the round (or going out in the move being shown)."""
    out = {}
    for q in range(len(table.display["areas"])):
        reason = table.sprites.noted(("out", q), None) or out_reason(table, q)
        if table.display["eliminated"][q] or reason:
            out[q] = t("rj.out_reason", reason=reason_text(reason)) if reason else t("rj.out")
    return out


def out_chip(table, surface, q: int, label: str) -> None:
    """Why ``q`` is out, on a dark chip under their (dimmed) cards; drawn after the landed cards, so a
    card that has just arrived does not cover it."""
    widgets.chip(
        surface, label, out_chip_rect(table, q, label).topleft, colour=OUT_CHIP, text_colour=gfx.RED, size=12
    )


def out_reason(table, q: int) -> str | None:
    """Why ``q`` is out of the current round (from the log)."""
    if not table.display["eliminated"][q]:
        return None
    for ev in reversed(table.log.entries):
        if ev["type"] == "round_started":
            return None
        if ev["type"] == "player_eliminated" and ev["player"] == q:
            return ev["reason"]
    return None


def known_face(table, surface, card: dict, rect: pygame.Rect) -> None:
    """A face-down card the viewer knows: a small picture of its face on its back, framed in blue."""
    w, h = round(rect.width * 0.7), round(rect.height * 0.7)
    face = table.card_image(card, (w, h))
    mini = face.get_rect(midbottom=(rect.centerx, rect.bottom - 4))
    surface.blit(face, mini)
    pygame.draw.rect(surface, KNOWN_BLUE, mini.inflate(2, 2), width=2, border_radius=5)
    pygame.draw.rect(surface, KNOWN_BLUE, rect, width=2, border_radius=6)


def backs(table, surface, d, q: int) -> None:
    rect = table.layout.backs[q]
    n = d["hand_sizes"][q]
    if table.sprites.is_hidden(("backs", q)):
        n = 0
    open_hand = (d.get("open_hands") or [None] * (q + 1))[q]  # a replay with all cards open
    for i in range(n):
        card = open_hand[i] if open_hand and i < len(open_hand) else None
        surface.blit(table.card_image(card, (22, 31)), (rect.left + i * 12, rect.top))
    gfx.text(
        surface,
        t("rj.in_hand", n=d["hand_sizes"][q]),
        (rect.left + 24 + 12 * max(0, n - 1) + 6, rect.top + 15),
        13,
        gfx.MUTED,
        anchor="midleft",
    )
    table.tips.add(rect, lambda: tn("rj.tip.hand_back", d["hand_sizes"][q], name=table.name(q)))


def center(table, surface, d, ch: Choices, targeting: bool) -> None:
    lay = table.layout
    back = table.card_image(None, PILE_CARD)
    deck_pick = ("deck",) in ch.picks
    widgets.draw_pile(
        surface,
        back,
        lay.deck,
        table.deck_size(),
        label=t("rj.deck"),
        highlight=widgets.TARGET if deck_pick else None,
        dim=targeting,
        badge="D" if deck_pick else None,
    )
    table.tips.add(lay.deck, lambda: tn("rj.tip.deck", table.deck_size()))
    pile = list(d["discard"])
    if table.sprites.is_hidden(("discard",)):
        pile = pile[: -max(1, int(table.sprites.noted("discard_hidden", 1)))]
    top = pile[-1] if pile else None
    count = len(pile) + table.sprites.noted("discard_added", 0)  # cards landed on it in this action
    disc_pick = ("discard",) in ch.picks
    widgets.draw_pile(
        surface,
        table.card_image(top, PILE_CARD) if top else back,
        lay.discard,
        count,
        label=t("rj.discard"),
        highlight=widgets.TARGET if disc_pick else None,
        dim=targeting and not disc_pick,
        badge="T" if disc_pick else None,
    )
    if pile:
        pygame.draw.rect(surface, (40, 50, 45), lay.discard_all, border_radius=8)
        gfx.text(surface, t("rj.see_all", n=count), lay.discard_all.center, 12, gfx.MUTED, anchor="center")
    table.tips.add(
        lay.discard.union(lay.discard_all),
        lambda: (
            tn("rj.tip.discard", len(d["discard"]), card=card_label(d["discard"][-1]))
            if d["discard"]
            else t("rj.tip.discard_empty")
        ),
    )
    zone = lay.reserve
    gfx.text(
        surface, t("rj.reserve"), (zone.rect.left, zone.rect.top - 8), 14, gfx.MUTED, anchor="bottomleft"
    )
    if not zone.items:
        gfx.text(surface, t("rj.reserve_empty"), zone.rect.topleft, 14, gfx.MUTED)
    chosen_keys = table.chosen_keys()
    for key, rect in zone.rects():
        if table.sprites.is_hidden(key):
            continue
        picked, chosen = key in ch.picks, key in chosen_keys
        widgets.draw_token(
            surface,
            table.token_image(key[1], TOKEN),
            rect.center,
            highlight=widgets.TARGET if picked else CHOSEN if chosen else None,
            dim=targeting and not picked and not chosen,
        )
        badge = pick_badge(table, ch, key)
        if badge:
            widgets.chip(
                surface,
                badge,
                (rect.left - 6, rect.top - 8),
                colour=(40, 40, 40),
                text_colour=widgets.HIGHLIGHT,
            )
        table.tips.add(rect, lambda f=key[1]: t("rj.tip.reserve") + "\n" + token_text(f))


def hand(table, surface, d, ch: Choices) -> None:
    lay = table.layout
    label = t("rj.hand") if table.session.is_human(table.viewer) else table.name(table.viewer)
    gfx.text(surface, label, (lay.hand.rect.left, lay.panels[table.viewer].top + 10), 14, gfx.MUTED)
    hovered = lay.hand.item_at(table.mouse) if table.mouse else None
    pending = d.get("pending") or {}
    for key, rect in lay.hand.rects():
        if table.sprites.is_hidden(key):
            continue
        card = pending.get("drawn") if key == ("drawn",) else d["hand"][key[1]]
        picked = key in ch.picks
        chosen = key != ("drawn",) and table.selected is not None and card_of(card) == table.selected
        lift = 22 if chosen else 12 if (picked and hovered == key) else 0
        widgets.draw_card(
            surface,
            table.card_image(card, HAND_CARD),
            rect,
            dim=bool(ch.picks) and not picked and not chosen and table.my_turn,
            lift=lift,
            highlight=widgets.HIGHLIGHT if chosen else widgets.TARGET if picked else None,
            badge=pick_badge(table, ch, key),
            note=t("rj.drawn") if key == ("drawn",) else None,
        )
        table.tips.add(rect, lambda c=card: card_tip_text(c))


def discard_browser(table, surface) -> None:
    pile = table.display["discard"]
    gfx.panel(surface, BROWSE, 255, colour=(24, 30, 26), border=widgets.HIGHLIGHT)  # opaque
    table.tips.cover(BROWSE)
    gfx.text(
        surface,
        tn("rj.discard_heading", len(pile)),
        (BROWSE.left + 20, BROWSE.top + 14),
        20,
        gfx.GOLD,
        bold=True,
    )
    cols = 11
    for i, card in enumerate(pile):
        x = BROWSE.left + 20 + (i % cols) * 72
        y = BROWSE.top + 56 + (i // cols) * 98
        surface.blit(table.card_image(card, (64, 90)), (x, y))
        table.tips.add(pygame.Rect(x, y, 64, 90), lambda c=card: card_tip_text(c))
    gfx.text(
        surface,
        t("rj.discard_close"),
        (BROWSE.centerx, BROWSE.bottom - 12),
        14,
        gfx.MUTED,
        anchor="midbottom",
    )


def summary_rect(table, players: int) -> pygame.Rect:
    """The round summary's box: over the centre, clear of your own panel and its VP pips."""
    rect = pygame.Rect(0, 0, 520, 120 + 34 * players)
    rect.center = table.layout.center.center
    return rect.clamp(pygame.Rect(0, 44, 956, BOTTOM.top - 4 - 44))


def summary(table, surface) -> None:
    s = table.summary
    rect = summary_rect(table, len(s["values"]))
    table.tips.cover(rect)
    gfx.panel(surface, rect, 255, colour=(30, 24, 18), border=widgets.HIGHLIGHT)  # opaque
    gfx.text(
        surface,
        t("rj.summary.title", n=s["round"]),
        (rect.centerx, rect.top + 14),
        24,
        gfx.GOLD,
        anchor="midtop",
        bold=True,
    )
    gfx.text(
        surface,
        t("rj.summary.reason", reason=reason_text(s["reason"])),
        (rect.centerx, rect.top + 50),
        16,
        gfx.INK,
        anchor="midtop",
    )
    scored = round_scorers(table)
    y = rect.top + 80
    for q, value in enumerate(s["values"]):
        colour = gfx.GOLD if q in scored else gfx.MUTED if table.display["eliminated"][q] else gfx.INK
        gfx.text(
            surface,
            t("rj.summary.line", name=table.name(q), value=value, vp=s["vp"][q]),
            (rect.left + 30, y),
            18,
            colour,
        )
        if q in scored:
            gfx.text(
                surface,
                t("rj.summary.scored", points=scored[q]),
                (rect.right - 30, y),
                18,
                gfx.GOLD,
                anchor="topright",
                bold=True,
            )
        y += 34
    if table.timeline.waiting:
        last = (table.final_view or {}).get("terminal")  # the round that ended the game
        gfx.text(
            surface,
            t("rj.summary.results" if last else "rj.summary.continue"),
            (rect.centerx, rect.bottom - 10),
            14,
            gfx.MUTED,
            anchor="midbottom",
        )


def round_scorers(table) -> dict[int, int]:
    """Who scored in the round being summarised, from the log."""
    out: dict[int, int] = {}
    for ev in reversed(table.log.entries):
        if ev["type"] == "round_started":
            break
        if ev["type"] == "vp_scored":
            out[ev["player"]] = out.get(ev["player"], 0) + ev["points"]
    return out
