"""Drawing the Hacktrick table from the view it shows, one function per area.

Every function takes the table (the :class:`~.scene.HacktrickScene`) and the
surface, reads ``table.display`` laid out in ``table.layout``, skips the items
the sprite layer hides (they are in the air) and registers the tooltips of
what it draws.
"""

from __future__ import annotations

import pygame

from ... import gfx
from ...i18n import t
from ...table import widgets
from . import tips
from . import view_model as vm
from .input import playable_cards, x2_choice
from .layout import (
    DECK,
    HAND,
    ICON,
    KEYS_HINT,
    MARKER_RIM,
    MARKER_SHADOW,
    ROW,
    ROW_SHOWN,
    SMALL,
    STATUS,
    TABLE,
    TINY,
    TOP,
)

THINKING_WIDTH = 180  # the part of the status box the thinking indicator uses
LIFT = 16  # how far a playable hovered hand card rises
RIM_COLOUR = (70, 52, 36)  # the dark ring around markers on the board
SHADOW_COLOUR = (150, 130, 100)


def top_bar(table, surface) -> None:
    """Hand number and dealer; the score (the hand summary's new score while it shows)."""
    d = table.display
    gfx.panel(surface, TOP.inflate(-8, -6), 200, radius=8)
    gfx.text(
        surface,
        t("ht.hand_no", n=d["hand_number"], dealer=table.name(d["dealer"])),
        (20, 25),
        17,
        gfx.INK,
        anchor="midleft",
    )
    scores = table.summary["scores"] if table.summary else d["scores"]
    gfx.text(surface, table.score_line(scores), (640, 25), 22, gfx.GOLD, anchor="center", bold=True)


def seat_panel(table, surface, p: int) -> None:
    """A player's panel: name, hand (card backs for the others), commands, trays and notes."""
    d, seat = table.display, table.layout.seat(p)
    widgets.player_panel(
        surface,
        seat.rect,
        table.name(p),
        active=d["current_player"] == p,
        icon=table.marker_image(p, False, 24),
    )
    if d["dealer"] == p:
        widgets.chip(surface, t("ht.dealer"), (seat.rect.right - 12, seat.rect.top + 12), anchor="topright")
    y = seat.info_top
    if p == table.viewer:
        info_x = seat.content_left
        held = [
            value
            for (key, _), value in zip(table.layout.hand.rects(), d["hand"], strict=True)
            if not table.sprites.is_hidden(key)
        ]
        gfx.text(surface, t("ht.your_cards", n=len(held), total=sum(held)), (info_x, y + 4), 17)
    else:
        slots = list(seat.backs.rects())
        backs = [rect for key, rect in slots if not table.sprites.is_hidden(key)]
        open_hand = (d.get("open_hands") or [None] * (p + 1))[p]  # a replay with all cards open
        for i, rect in enumerate(backs):
            value = open_hand[i] if open_hand and i < len(open_hand) else None
            surface.blit(table.card_image(value, TINY), rect)
        # right of every slot, also one a flying card is about to land in (it covered the count)
        info_x = (slots[-1][1].right if slots else seat.content_left) + 14
        gfx.text(surface, t("ht.cards", n=len(backs)), (info_x, y + 4), 17)
    x = info_x
    for label in vm.badges(d, p):
        x = (
            widgets.chip(surface, label, (x, y + 38), colour=(180, 60, 50), text_colour=(255, 255, 255)).right
            + 6
        )
    trays(table, surface, p)
    for i, line in enumerate(vm.notes(d, p, vm.known_sums(table.log.entries))):
        gfx.text(surface, line, (seat.content_left, seat.notes_top + i * 24), 15)


def trays(table, surface, p: int) -> None:
    """Supply (normal markers and the x2), captured markers and spent markers, with their tooltips."""
    d, seat = table.display, table.layout.seat(p)
    rival = vm.opponent(d, p)
    counts = {
        "supply": f"×{d['supply'][p]['normal']}",
        "captured": f"×{d['captured'][p]}",
        "spent": str(d["spent"][p]),
    }
    icons = {"supply": table.marker_image(p, False, ICON), "captured": table.marker_image(rival, False, ICON)}
    for tray, count in counts.items():
        box, icon = seat.tray_rect(tray), seat.tray_icon(tray)
        gfx.text(surface, t(f"ht.{tray}"), box.topleft, 13, gfx.MUTED)
        x = icon.left
        if tray in icons:
            surface.blit(icons[tray], icon)
            x = icon.right + 4
        gfx.text(surface, count, (x, icon.centery), 18, anchor="midleft")
        table.tips.add(box, lambda tray=tray: tips.tray(d, p, tray, table.name))
    x2 = table.marker_image(p, True, ICON)
    if not d["supply"][p]["x2"] or table.sprites.is_hidden(("supply_x2", p)):
        x2 = x2.copy()
        x2.set_alpha(60)
    surface.blit(x2, seat.x2_icon())
    table.tips.add(seat.x2_icon(), lambda: tips.x2_marker(d, p, table.name))


def deck_and_aside(table, surface) -> None:
    d = table.display
    gfx.panel(surface, TABLE, 170)
    gfx.text(surface, t("ht.deck"), (TABLE.left + 16, TABLE.top + 10), 15, gfx.MUTED)
    if d["deck_size"] and not table.sprites.is_hidden(("deck",)):
        back = table.card_image(None, SMALL)
        for i in range(min(3, d["deck_size"])):
            surface.blit(back, DECK.move(i * 2, -i * 2))
    else:
        pygame.draw.rect(surface, widgets.IDLE_BORDER, DECK, width=2, border_radius=6)
    gfx.text(surface, str(d["deck_size"]), (DECK.right + 14, DECK.centery), 26, anchor="midleft", bold=True)
    aside = table.layout.aside
    gfx.text(surface, t("ht.aside"), (aside.rect.left, TABLE.top + 10), 15, gfx.MUTED)
    for value, (_, rect) in zip(d["aside"], aside.rects(), strict=True):
        surface.blit(table.card_image(value, SMALL), rect)


def board(table, surface, legal: list) -> None:
    """The square, the cell the hovered card would mark, the winning cells' glow and the markers."""
    d, lay = table.display, table.layout
    surface.blit(table.image("hacktrick.board"), lay.board)
    card = table.hovered_card()
    if card is not None and d["phase"] == "main" and card in playable_cards(legal):
        cell = vm.target_cell(d, card)
        if cell is not None:
            pygame.draw.rect(
                surface, widgets.HIGHLIGHT, lay.cells[cell].inflate(4, 4), width=4, border_radius=10
            )
    if table.summary and table.summary.get("cells"):
        for cell in table.summary["cells"]:
            glow = lay.cells[cell].inflate(16, 16)
            surface.blit(table.image("hacktrick.cell_highlight", glow.size), glow)
    for cell, zone in lay.markers.items():
        markers = vm.cell_markers(d, cell)
        for (key, rect), m in zip(zone.rects(), markers, strict=False):
            if not table.sprites.is_hidden(key):
                image = table.board_marker(m["owner"], m["x2"])
                surface.blit(image, image.get_rect(center=rect.center))
        table.tips.add(lay.cells[cell], lambda cell=cell: tips.cell(d, cell, table.name))


def board_marker_image(marker: pygame.Surface) -> pygame.Surface:
    """``marker`` as it lies on the board (:func:`marker_on_cell`), centred on a transparent square,
    the same image on a cell, in flight and landed."""
    size = marker.get_width() + 2 * (MARKER_RIM + 2)
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    marker_on_cell(out, marker, marker.get_rect(center=(size // 2, size // 2)))
    return out


def marker_on_cell(surface, image: pygame.Surface, rect: pygame.Rect) -> None:
    """A marker on the cream board with a dark rim and a shadow, so white stays visible (all of it
    within ``layout.marker_footprint(rect)``)."""
    radius = rect.w // 2
    dx, dy = MARKER_SHADOW
    pygame.draw.circle(surface, SHADOW_COLOUR, (rect.centerx + dx, rect.centery + dy), radius + 1)
    pygame.draw.circle(surface, RIM_COLOUR, rect.center, radius + MARKER_RIM)
    surface.blit(image, rect)


def row(table, surface) -> None:
    """The row: the last card big (with its tooltip), up to seven earlier ones small."""
    d, lay = table.display, table.layout
    gfx.panel(surface, ROW, 170)
    gfx.text(surface, t("ht.row"), (ROW.left + 16, ROW.top + 10), 16, gfx.GOLD, bold=True)
    cards = d["row"]
    if not cards:
        return
    gfx.text(
        surface,
        t("ht.row_hint", last=cards[-1]),
        (ROW.right - 16, ROW.top + 12),
        14,
        gfx.MUTED,
        anchor="topright",
    )
    if len(cards) > ROW_SHOWN:
        gfx.text(
            surface, t("ht.row_more", n=len(cards) - ROW_SHOWN), (ROW.left + 70, ROW.top + 13), 14, gfx.MUTED
        )
    for zone in (lay.row_earlier, lay.row_last):
        for key, rect in zone.rects():
            if not table.sprites.is_hidden(key):
                surface.blit(table.card_image(cards[key[1]], rect.size), rect)
    table.tips.add(lay.row_last.rect, lambda: tips.row_last(d))


def status(table, surface) -> None:
    """What to do now (or whom we wait for), with the thinking indicator while a bot searches."""
    if table.summary:
        return  # the hand summary covers this box
    thinking = table.bot_thinking
    if table.timeline.busy and not thinking:
        return
    widgets.prompt(
        surface, STATUS, table.status_text(), urgent=table.my_turn, reserve=THINKING_WIDTH if thinking else 0
    )
    if thinking:
        table.thinking.draw(surface, STATUS.move(0, 4), table.worker.progress)


def hand(table, surface, legal: list) -> None:
    """The viewer's cards: unplayable ones dimmed on their turn, the hovered playable one lifted,
    an x2 badge on playable cards while the x2 is chosen."""
    if table.summary:
        return  # the hand summary covers the hand
    d = table.display
    playable = playable_cards(legal)
    choosing = table.my_turn and d["phase"] in ("main", "open")
    x2_on = d["phase"] == "main" and x2_choice(legal).on(table.x2_chosen)
    for (key, rect), value in zip(table.layout.hand.rects(), d["hand"], strict=True):
        if table.sprites.is_hidden(key):
            continue
        can_play = value in playable
        lift = LIFT if key == table.hover and can_play else 0
        drawn = widgets.draw_card(
            surface, table.card_image(value), rect, dim=choosing and not can_play, lift=lift
        )
        if can_play and x2_on:
            surface.blit(table.marker_image(table.viewer, True, 30), (drawn.right - 34, drawn.top + 4))
        table.tips.add(
            drawn,
            lambda value=value, can_play=can_play: tips.hand_card(d, value, can_play, x2_on, table.name),
        )


def keys_hint(table, surface) -> None:
    if table.my_turn and not table.hint_box_shown():  # the hint box takes the keys' place
        gfx.text_block(surface, table.keys_text(), KEYS_HINT, 13, gfx.MUTED, line_gap=0)


def summary(table, surface) -> None:
    """The hand's winner, why, the points and the new score, below the board (the winning cells stay visible)."""
    s = table.summary
    rect = pygame.Rect(0, 0, 440, HAND.bottom - STATUS.top)  # over the status box and the hand
    rect.midtop = STATUS.midtop
    gfx.panel(
        surface, rect, 255, colour=(30, 24, 18), border=widgets.HIGHLIGHT
    )  # opaque: no text shows through
    table.tips.cover(rect)
    gfx.text(
        surface,
        t("ht.summary_title", name=table.subject(s["player"])),
        (rect.centerx, rect.top + 22),
        26,
        gfx.GOLD,
        anchor="midtop",
        bold=True,
    )
    gfx.text(
        surface,
        t("ht.summary_points", reason=vm.reason_text(s["reason"], s["cells"]), points=s["points"]),
        (rect.centerx, rect.top + 70),
        18,
        anchor="midtop",
    )
    if vm.doubled(s):  # why +2: the x2 rule
        gfx.text(surface, t("ht.summary_x2"), (rect.centerx, rect.top + 100), 16, gfx.GOLD, anchor="midtop")
    gfx.text(
        surface,
        table.score_line(s["scores"]),
        (rect.centerx, rect.top + (134 if vm.doubled(s) else 112)),
        18,
        anchor="midtop",
    )
    if table.timeline.waiting:
        gfx.text(
            surface,
            t("ht.summary_continue"),
            (rect.centerx, rect.bottom - 18),
            15,
            gfx.MUTED,
            anchor="midbottom",
        )
