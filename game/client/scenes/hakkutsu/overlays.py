"""Panels drawn over the Hakkutsu!! table: the dig prompt, the setup choices (museum draft,
equipment deal) and the final scoring, revealed line by line.
"""

from __future__ import annotations

import pygame

from ... import gfx
from ...i18n import join, language, t, tn
from ...table import widgets
from .layout import BIG_CARD, SIDE, TABLE_AREA, track_cell
from .texts import (
    MUSEUM_VIEWS,
    Dig,
    bonus_text,
    dig_refusal,
    equipment_name,
    equipment_phase,
    equipment_text,
    equipment_tip,
    fossils_of,
    localized,
    museum_name,
    rock_name,
    rock_tip,
    scoring_cards,
)

CHOICE = SIDE.copy()  # the set-up choices: beside the map (over the other players' panels), the map in view
CHOICE_PAD, CHOICE_GAP = 14, 12
CHOICE_HINT = pygame.Rect(
    CHOICE.left + CHOICE_PAD, CHOICE.top + 42, CHOICE.width - 2 * CHOICE_PAD, 38
)  # 2 lines
CHOICE_TOP = 84  # the cards begin under the title and the hint (and an equipment card's key badge above it)
SCORES = pygame.Rect(TABLE_AREA.left + 40, 80, TABLE_AREA.width - 80, 540)
SCORE_ROWS = ("printed", "fossils", "museum", "total")


DIG_PAD = 18  # the dig dialog's margin around what it shows
DIG_TRACK_SCALE = 0.75
_dig_layers: dict[tuple, tuple] = {}  # the dialog's drawn contents, by what they show


def draw_dig(table, surface, dig: Dig) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The dig prompt: the card, its cost against the coins, and the cart before and after loading it.

    The dialog is as large as what it shows (the Treasure rules' cart β is wider than α, Japanese
    labels are longer than English ones): it is drawn on a scratch layer first, measured, then framed.
    Returns the dialog's rectangle and the rectangles of everything drawn in it (tests check that the
    frame holds them)."""
    turn = table.display.get("turn") or {}
    key = (
        language(),
        dig.card["id"],
        *dig[1:],
        bool(turn.get("drill")),
        bool(turn.get("crane")),
        table.display["mode"],
    )
    if key not in _dig_layers:
        if len(_dig_layers) > 8:
            _dig_layers.clear()
        _dig_layers[key] = _dig_layer(table, dig)
    layer, parts, card = _dig_layers[key]
    box = parts[0].unionall(parts[1:])
    rect = pygame.Rect(0, 0, box.right + DIG_PAD, box.bottom + DIG_PAD - 4)
    rect.topleft = (SIDE.left + 6, SIDE.top + 36)
    if rect.right > SIDE.right - 6:  # wider than the panels beside the map: it reaches over the map's edge
        rect.right = SIDE.right - 6
    rect.clamp_ip(TABLE_AREA)
    gfx.panel(surface, rect, 255, colour=(30, 26, 20), border=widgets.HIGHLIGHT)
    table.tips.cover(rect)
    surface.blit(layer, rect.topleft, pygame.Rect((0, 0), rect.size))
    table.tips.add(card.move(rect.topleft), lambda: rock_tip(dig.card))
    return rect, [p.move(rect.topleft) for p in parts]


def _dig_layer(table, dig: Dig) -> tuple[pygame.Surface, list[pygame.Rect], pygame.Rect]:
    """The dialog's contents on a transparent layer, the rectangles drawn, and the card's rectangle."""
    layer = pygame.Surface(TABLE_AREA.size, pygame.SRCALPHA)
    parts: list[pygame.Rect] = []
    x, y = DIG_PAD, 14
    parts.append(
        gfx.text(layer, t("hk.dig.title", card=rock_name(dig.card)), (x, y), 20, gfx.GOLD, bold=True)
    )
    card = pygame.Rect(x, y + 36, *BIG_CARD)
    layer.blit(table.rock_image(dig.card, BIG_CARD), card)
    parts.append(card)
    tx, ty = card.right + 16, card.top
    turn = table.display.get("turn") or {}
    cost_note = t("hk.dig.drill") if turn.get("drill") else ""
    parts.append(
        gfx.text(layer, t("hk.dig.cost", cost=dig.cost) + cost_note, (tx, ty), 17, gfx.INK, bold=True)
    )
    coin = table.coin_image(20)
    row = ty + 30
    before = widgets.token_stack(layer, coin, (tx, row), dig.coins_before, most=6, step=2)
    parts.append(before)
    if dig.coins_after < 0:  # no "after": the dig cannot be paid for
        parts.append(
            gfx.text(
                layer,
                tn("hk.dig.coins_short", -dig.coins_after),
                (before.right + 14, before.centery),
                14,
                gfx.RED,
                anchor="midleft",
            )
        )
    else:
        arrow = gfx.text(layer, "→", (before.right + 10, before.centery), 20, gfx.MUTED, anchor="midleft")
        after = widgets.token_stack(layer, coin, (arrow.right + 10, row), dig.coins_after, most=6, step=2)
        parts += [
            arrow,
            after,
            gfx.text(
                layer,
                t("hk.dig.coins_left", n=dig.coins_after),
                (after.right + 14, before.centery),
                14,
                gfx.MUTED,
                anchor="midleft",
            ),
        ]
    crane = t("hk.dig.crane") if turn.get("crane") else ""
    parts.append(
        gfx.text(
            layer,
            t("hk.dig.cart", before=dig.units_before, after=dig.units_after) + crane,
            (tx, max(ty + 72, before.bottom + 14)),
            15,
            gfx.INK,
        )
    )
    size = (round(table.cart_image(None).get_width() * DIG_TRACK_SCALE), round(74 * DIG_TRACK_SCALE))
    top = max(card.bottom, parts[-1].bottom) + 12
    for k, (units, move) in enumerate(
        ((dig.units_before, dig.move_before), (dig.units_after, dig.move_after))
    ):
        rect = pygame.Rect((x, top + k * (size[1] + 8)), size)
        layer.blit(table.cart_image(size), rect)
        if move is not None:
            pygame.draw.rect(
                layer,
                widgets.HIGHLIGHT if k else (200, 200, 200),
                track_cell(rect, units).inflate(4, 4),
                width=3,
                border_radius=6,
            )
        label = t("hk.dig.before" if not k else "hk.dig.after", move=move if move is not None else "×")
        parts += [
            rect,
            gfx.text(
                layer,
                label,
                (rect.right + 12, rect.centery),
                15,
                gfx.INK if move is not None else gfx.RED,
                anchor="midleft",
                bold=bool(k),
            ),
        ]
    reason = dig_refusal(dig)
    note = reason[:1].upper() + reason[1:] if reason else t("hk.dig.points", points=dig.card["points"])
    width = max(p.right for p in parts) - x
    y = max(p.bottom for p in parts) + 10
    lh = gfx.font(15).get_linesize()
    for line in gfx.wrap(note, 15, width):
        parts.append(gfx.text(layer, line, (x, y), 15, gfx.RED if reason else gfx.MUTED))
        y += lh
    return layer, parts, card


def choice_slots(n: int, badges_above: bool = False) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """Where the ``n`` offered cards and their captions go in the chooser: one column (two when more
    than three cards are offered), each caption right of its card, the cards as large as the rows
    allow (``badges_above``: room above each card for its key badge)."""
    cols = 1 if n <= 3 else 2
    rows = max(1, -(-n // cols))
    above = widgets.BADGE_ABOVE if badges_above else 0
    top = CHOICE.top + CHOICE_TOP + above
    col_w = (CHOICE.width - 2 * CHOICE_PAD - (cols - 1) * CHOICE_GAP) // cols
    row_h = (CHOICE.bottom - CHOICE_PAD - top - (rows - 1) * (CHOICE_GAP + above)) // rows
    h = min(BIG_CARD[1], row_h)
    w = round(h * BIG_CARD[0] / BIG_CARD[1])
    slots = []
    for i in range(n):
        x = CHOICE.left + CHOICE_PAD + (i % cols) * (col_w + CHOICE_GAP)
        y = top + (i // cols) * (row_h + CHOICE_GAP + above)
        card = pygame.Rect(x, y, w, h)
        slots.append((card, pygame.Rect(card.right + 10, y, x + col_w - card.right - 10, row_h)))
    return slots


def hint_size(hint: str) -> int:
    """The chooser's hint under its title: the largest size at which it fits its two lines."""
    return widgets.fitting_size(hint, CHOICE_HINT.width, CHOICE_HINT.height, sizes=(14, 13, 12))


def draw_choice(table, surface, d: dict, ch) -> None:
    """The museum draft or the equipment deal beside the map: the offered cards, clickable, each with
    its name and what it does."""
    draft = d["phase"] == "draft"
    me = d["player"]
    mine = table.my_turn
    gfx.panel(surface, CHOICE, 255, colour=(26, 30, 26), border=widgets.HIGHLIGHT)
    table.tips.cover(CHOICE)
    chooser = d["current_player"]
    if draft:
        title = t("hk.choice.draft_you") if mine else t("hk.choice.draft_wait", name=table.subject(chooser))
        pool = d["draft_pool"] or []
        items = [("draft", i) for i in range(len(pool))] if pool else []
        count = d["draft_pool_size"]
    else:
        title = t("hk.choice.keep_you") if mine else t("hk.choice.keep_wait", name=table.subject(chooser))
        pool = d["equipment_dealt"] if chooser == me else []
        items = [("dealt", i) for i in range(len(pool))]
        count = len(pool) or 2
    width = CHOICE.width - 2 * CHOICE_PAD
    gfx.text(
        surface,
        gfx.ellipsize(title, 20, width, bold=True),
        (CHOICE.centerx, CHOICE.top + 14),
        20,
        gfx.GOLD,
        anchor="midtop",
        bold=True,
    )
    hint = t("hk.choice.draft_hint") if draft else t("hk.choice.keep_hint")
    gfx.text_block(surface, hint, CHOICE_HINT, hint_size(hint), gfx.MUTED, line_gap=0)
    n = max(1, len(items) or count)
    table.choice_rects = {}
    for i, (rect, below) in enumerate(choice_slots(n, badges_above=not draft)):
        if not items:
            back = table.museum_image(None, rect.size) if draft else table.equipment_image(None, rect.size)
            surface.blit(back, rect)
            continue
        key = items[i]
        entry = pool[i]
        table.choice_rects[key] = rect
        picked = key in ch
        hovered = table.mouse is not None and rect.collidepoint(table.mouse)
        image = table.museum_image(entry, rect.size) if draft else table.equipment_image(entry, rect.size)
        widgets.draw_card(
            surface,
            image,
            rect,
            lift=10 if picked and hovered else 0,
            highlight=widgets.TARGET if picked else None,
            badge=ch.number_of(key) if mine else None,
            badge_above=not draft,
        )
        draw_caption(surface, choice_caption(entry, draft), below)
        table.tips.add(rect, localized(entry) + " — " + bonus_text(entry) if draft else equipment_tip(entry))


CAPTION_SIZES = (15, 14, 13, 12, 11)
NAME, PHASE, TEXT = (gfx.GOLD, True), (gfx.MUTED, False), (gfx.INK, False)  # a caption's parts: colour, bold


def choice_caption(entry, draft: bool) -> list[tuple[str, tuple]]:
    """What an offered card says, in the words of its face: a museum's name and bonus; an equipment
    card's name, when it is used and what it does."""
    if draft:
        return [(localized(entry), NAME), (bonus_text(entry), TEXT)]
    return [(equipment_name(entry), NAME), (equipment_phase(entry), PHASE), (equipment_text(entry), TEXT)]


def caption_lines(
    parts: list[tuple[str, tuple]], width: int, height: int
) -> tuple[int, list[tuple[str, tuple]]]:
    """The largest size at which a caption's parts wrap into ``width`` x ``height``, no word wider than
    the width (else the smallest), and its lines at that size (``(line, style)``)."""
    for size in CAPTION_SIZES:
        lines = [(line, style) for text, style in parts for line in gfx.wrap(text, size, width, style[1])]
        fits = all(
            gfx.font(size, bold).size(line)[0] <= width for line, (_, bold) in lines
        )  # no long word cut
        if fits and len(lines) * gfx.font(size).get_linesize() <= height:
            break
    return size, lines


def draw_caption(surface, parts: list[tuple[str, tuple]], rect: pygame.Rect) -> list[pygame.Rect]:
    """An offered card's caption beside it; returns the lines' rectangles."""
    size, lines = caption_lines(parts, rect.width, rect.height)
    lh = gfx.font(size).get_linesize()
    return [
        gfx.text(surface, line, (rect.left, rect.top + i * lh), size, colour, bold=bold)
        for i, (line, (colour, bold)) in enumerate(lines)
    ]


def draw_scores(table, surface, summary: dict) -> None:
    """The final scoring: per player printed points, fossils n², museum bonus, total - row by row."""
    d = table.display
    ev = summary["event"]
    players = len(ev["scores"])
    shown = summary["shown"]
    gfx.panel(surface, SCORES, 255, colour=(30, 24, 18), border=widgets.HIGHLIGHT)
    table.tips.cover(SCORES)
    gfx.text(
        surface,
        t("hk.scores.title"),
        (SCORES.centerx, SCORES.top + 16),
        28,
        gfx.GOLD,
        anchor="midtop",
        bold=True,
    )
    label_w = 200
    col_w = (SCORES.width - label_w - 40) // players
    x0 = SCORES.left + 20 + label_w
    y = SCORES.top + 66
    for q in range(players):
        cx = x0 + q * col_w + col_w // 2
        surface.blit(table.pawn_image(q, 30), (cx - 15, y))
        gfx.text(
            surface,
            gfx.ellipsize(table.name(q), 17, col_w - 10, bold=True, tail=3),
            (cx, y + 34),
            17,
            gfx.INK,
            anchor="midtop",
            bold=True,
        )
        museum = ev["museums"][q]
        if museum:
            gfx.text(
                surface,
                gfx.ellipsize(museum_name(museum), 13, col_w - 10),
                (cx, y + 58),
                13,
                gfx.MUTED,
                anchor="midtop",
            )
    y += 92
    for k, row in enumerate(SCORE_ROWS):
        top = y + k * 78
        if row == "total":
            pygame.draw.line(
                surface, widgets.HIGHLIGHT, (SCORES.left + 20, top - 8), (SCORES.right - 20, top - 8), 2
            )
        gfx.text(
            surface,
            t(f"hk.scores.{row}"),
            (SCORES.left + 24, top + 4),
            18 if row != "total" else 22,
            gfx.GOLD if row == "total" else gfx.INK,
            bold=row == "total",
        )
        gfx.text(surface, t(f"hk.scores.{row}_hint"), (SCORES.left + 24, top + 32), 12, gfx.MUTED)
        if k >= shown:
            continue
        for q in range(players):
            cx = x0 + q * col_w + col_w // 2
            value = ev["breakdown"][q][row]
            win = row == "total" and q in ev["winners"]
            gfx.text(
                surface,
                str(value),
                (cx, top),
                30 if row == "total" else 26,
                gfx.GOLD if win else gfx.INK,
                anchor="midtop",
                bold=True,
            )
            detail = score_detail(d, ev, q, row)
            parts = gfx.wrap(detail, 12, col_w - 12)
            if len(parts) > 2:  # two lines fit above the next row: the second ends in "…"
                parts = [parts[0], gfx.ellipsize(detail[len(parts[0]) :].lstrip(), 12, col_w - 12)]
            for i, part in enumerate(parts):
                gfx.text(surface, part, (cx, top + 34 + i * 15), 12, gfx.MUTED, anchor="midtop")
    if shown > len(SCORE_ROWS):
        gfx.text(
            surface,
            verdict(table, ev),
            (SCORES.centerx, SCORES.bottom - 70),
            20,
            gfx.GOLD,
            anchor="midtop",
            bold=True,
        )
    if table.timeline.waiting:
        gfx.text(
            surface,
            t("hk.scores.continue"),
            (SCORES.centerx, SCORES.bottom - 30),
            14,
            gfx.MUTED,
            anchor="midtop",
        )


def score_detail(d: dict, ev: dict, q: int, row: str) -> str:
    cards = scoring_cards(d, q)
    if row == "printed":
        return t("hk.scores.cards", n=len(cards))
    if row == "fossils":
        n = fossils_of(cards)
        return t("hk.scores.fossil_count", n=n)
    if row == "museum" and ev["museums"][q]:
        return bonus_text(MUSEUM_VIEWS[ev["museums"][q]])
    return ""


def verdict(table, ev: dict) -> str:
    """Who won, and how a tie on points was broken (unused equipment cards) or shared."""
    winners = ev["winners"]
    best = max(ev["scores"])
    tied = [q for q, s in enumerate(ev["scores"]) if s == best]
    names = join(table.name(q) for q in winners)
    if len(winners) == 1:
        names = table.subject(winners[0])  # "You win with 11 points!"
    if len(tied) == 1:
        return t("hk.scores.winner", name=names, points=best)
    counts = join(f"{table.name(q)} {ev['unused_equipment'][q]}" for q in tied)
    if len(winners) == 1:
        return t("hk.scores.tie_broken", name=names, counts=counts)
    return t("hk.scores.tie_shared", names=names, counts=counts)
