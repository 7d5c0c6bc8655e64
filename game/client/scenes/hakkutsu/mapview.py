"""Drawing the Hakkutsu!! map: site tiles, stacks and top cards, pawns, reachable cells,
the path to the hovered cell and the preview of its card.

Items hidden by an animation: ``("top", r, c)`` (the top card of a site, in the air or
turning over) and ``("pawn", q)`` (a pawn on the move).
"""

from __future__ import annotations

import pygame

from ... import gfx
from ...i18n import language, t
from ...table import widgets
from .layout import BIG_CARD, CELL, COLS, MAP, PAWN, ROWS, SITE_CARD, cell_rect, pawn_center, walk
from .texts import rock_name, rock_tip

REACH = (120, 230, 140)
DETECT = (110, 170, 240)
PATH = (250, 220, 120)
_veils: dict[tuple, pygame.Surface] = {}


def veil(colour, alpha: int) -> pygame.Surface:
    """A translucent cell-sized square (cached)."""
    key = (tuple(colour), alpha)
    if key not in _veils:
        s = pygame.Surface((CELL, CELL), pygame.SRCALPHA)
        s.fill((*colour, alpha))
        _veils[key] = s
    return _veils[key]


def draw_map(table, surface, d: dict, ch) -> None:
    """The whole map as the viewer sees it now."""
    pygame.draw.rect(surface, (58, 44, 32), MAP.inflate(10, 10), width=5, border_radius=8)
    surface.blit(map_layer(table, d), MAP.topleft)
    table.tips.add(cell_rect(*d["base"]), lambda: t("hk.tip.base"))
    hovered = table.hovered_cell()
    mode_colour = DETECT if table.mode == "detector" else REACH
    for (r, c) in ch.cells:
        rect = cell_rect(r, c)
        surface.blit(veil(mode_colour, 46), rect)
        pygame.draw.rect(surface, mode_colour, rect.inflate(-4, -4), width=3, border_radius=6)
    if table.cursor is not None and table.my_turn:
        pygame.draw.rect(surface, widgets.HIGHLIGHT, cell_rect(*table.cursor).inflate(-2, -2), width=2,
                         border_radius=6)
    target = hovered if hovered in ch.cells else table.cursor if table.cursor in ch.cells else None
    if target is not None and table.mode is None and d["phase"] == "move":
        draw_path(surface, walk(tuple(d["pawns"][d["player"]]), target))
    if target is not None:
        pygame.draw.rect(surface, widgets.HIGHLIGHT, cell_rect(*target), width=3, border_radius=6)
    draw_pawns(table, surface, d)


def map_layer(table, d: dict) -> pygame.Surface:
    """The tiles, stacks and top cards, drawn once per change of what they show (not every frame)."""
    sprites = table.sprites
    key = (language(), tuple(
        (r, c, site.get("stack_size"), site.get("face_up"), (site.get("top") or {}).get("id"),
         tuple(p["card"]["id"] for p in site.get("peeked", ())), sprites.noted(("stack", r, c), None),
         sprites.is_hidden(("top", r, c)))
        for r, row in enumerate(d["map"]) for c, site in enumerate(row)))
    cached = table.map_cache
    if cached is not None and cached[0] == key:
        return cached[1]
    layer = pygame.Surface(MAP.size, pygame.SRCALPHA)
    for r in range(ROWS):
        for c in range(COLS):
            draw_cell(table, layer, d, r, c, MAP.topleft)
    table.map_cache = (key, layer)
    return layer


def draw_cell(table, surface, d: dict, r: int, c: int, origin=(0, 0)) -> None:
    """One map cell onto ``surface`` (whose top-left is at ``origin`` on the screen)."""
    site = d["map"][r][c]
    rect = cell_rect(r, c).move(-origin[0], -origin[1])
    if site["base"]:
        surface.blit(gfx.image(table.app.assets, "hakkutsu.base", (CELL, CELL)), rect)
        return
    surface.blit(gfx.image(table.app.assets, f"hakkutsu.site.{site['area']}", (CELL, CELL)), rect)
    n = table.sprites.noted(("stack", r, c), site["stack_size"])
    if n <= 0:
        surface.blit(veil((10, 10, 10), 120), rect)
        gfx.text(surface, t("hk.empty_site"), rect.center, 13, gfx.MUTED, anchor="center", bold=True)
        return
    card_rect = pygame.Rect(0, 0, *SITE_CARD)
    card_rect.center = (rect.centerx, rect.centery - 1)
    if not table.sprites.is_hidden(("top", r, c)):
        known = site["peeked"][0]["card"] if site["peeked"] and site["peeked"][0]["position"] == "top" else None
        image = table.site_card_image(site, SITE_CARD, known)
        widgets.draw_card(surface, image, card_rect, dim=known is not None and not site["face_up"])
        if known is not None and not site["face_up"]:
            pygame.draw.rect(surface, DETECT, card_rect, width=2, border_radius=5)
    widgets.chip(surface, str(n), (rect.right - 3, rect.top + 3), colour=(30, 30, 30), text_colour=gfx.INK,
                 size=12, anchor="topright")
    if any(p["position"] == "second" for p in site["peeked"]):
        widgets.chip(surface, t("hk.known_second"), (rect.left + 3, rect.bottom - 3), colour=DETECT,
                     text_colour=(10, 20, 40), size=10, anchor="bottomleft")


def draw_path(surface, path: list[tuple[int, int]]) -> None:
    points = [cell_rect(r, c).center for r, c in path]
    if len(points) > 1:
        pygame.draw.lines(surface, PATH, False, points, 5)
    for p in points[1:-1]:
        pygame.draw.circle(surface, PATH, p, 6)


def draw_pawns(table, surface, d: dict) -> None:
    by_cell: dict[tuple, list[int]] = {}
    for q, rc in enumerate(d["pawns"]):
        by_cell.setdefault(tuple(rc), []).append(q)
    for (r, c), players in by_cell.items():
        for k, q in enumerate(players):
            if table.sprites.is_hidden(("pawn", q)):
                continue
            center = pawn_center(r, c, k, len(players))
            image = table.pawn_image(q)
            surface.blit(image, image.get_rect(center=center))
            if q == d["current_player"] and not d["terminal"]:
                pygame.draw.circle(surface, widgets.HIGHLIGHT, center, PAWN // 2 + 2, width=2)
            table.tips.add(image.get_rect(center=center), lambda q=q: t("hk.tip.pawn", name=table.name(q)))


def cell_text(table, d: dict, r: int, c: int) -> str:
    """What the preview says about a cell: its card (or that it is face down), the stack, who is there."""
    site = d["map"][r][c]
    if site["base"]:
        return t("hk.tip.base")
    lines = [t("hk.tip.site", area=site["area"], n=site["stack_size"])]
    if site["stack_size"] <= 0:
        lines.append(t("hk.tip.site_empty"))
    elif site["face_up"]:
        lines.append(rock_tip(site["top"]))
    else:
        lines.append(t("hk.tip.face_down_treasure" if d["mode"] == "treasure" else "hk.tip.face_down"))
    for seen in site["peeked"]:
        lines.append(t(f"hk.tip.peeked_{seen['position']}", card=rock_name(seen["card"])))
    here = [table.name(q) for q, rc in enumerate(d["pawns"]) if rc == [r, c]]
    if here:
        lines.append(t("hk.tip.here", names=", ".join(here)))
    return "\n".join(lines)


def draw_preview(table, surface, d: dict, cell: tuple[int, int]) -> None:
    """The hovered cell's card, large, beside the map with its text."""
    r, c = cell
    site = d["map"][r][c]
    text = cell_text(table, d, r, c)
    pictured = site["base"] or site["stack_size"] > 0  # an empty site has no card to show
    text_width = 190 if pictured else 290
    lines = gfx.wrap(text, 14, text_width)
    lh = gfx.font(14).get_linesize()
    height = max(BIG_CARD[1] + 20 if pictured else 0, len(lines) * lh + 20)
    rect = pygame.Rect(MAP.right + 14, 0, 330 if pictured else text_width + 24, height)
    rect.centery = cell_rect(r, c).centery
    rect.clamp_ip(pygame.Rect(MAP.right + 14, 50, 500, 432))
    gfx.panel(surface, rect, 240, colour=(28, 24, 20), border=widgets.HIGHLIGHT, radius=10)
    card = pygame.Rect(rect.left + 10, rect.top + 10, *BIG_CARD)
    if site["base"]:
        surface.blit(gfx.image(table.app.assets, "hakkutsu.base", (BIG_CARD[0], BIG_CARD[0])), card)
    elif site["stack_size"] > 0:
        known = site["peeked"][0]["card"] if site["peeked"] and site["peeked"][0]["position"] == "top" else None
        surface.blit(table.site_card_image(site, BIG_CARD, known), card)
    x = card.right + 12 if pictured else rect.left + 12
    for i, line in enumerate(lines):
        gfx.text(surface, line, (x, rect.top + 10 + i * lh), 14, gfx.INK)
