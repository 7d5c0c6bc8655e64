"""Drawing the Hakkutsu!! map: site tiles, stacks and top cards, pawns, reachable cells,
the path to the hovered cell and the preview of its card.

Items hidden by an animation: ``("top", r, c)`` (the top card of a site, in the air or
turning over) and ``("pawn", q)`` (a pawn on the move).
"""

from __future__ import annotations

import math

import pygame

from ... import gfx
from ...i18n import join, language, t
from ...table import widgets
from .layout import (
    BIG_CARD,
    COLS,
    MAP,
    PAWN,
    ROWS,
    SIDE,
    SITE_CARD,
    STAT_SIZE,
    card_rect,
    cell_rect,
    count_rect,
    kind_icon_rect,
    pawn_center,
    stat_rects,
    walk,
)
from .texts import rock_name, rock_tip

REACH = (120, 230, 140)
DETECT = (110, 170, 240)
PATH = (250, 220, 120)
_veils: dict[tuple, pygame.Surface] = {}


def veil(colour, alpha: int) -> pygame.Surface:
    """A translucent cell-sized rectangle (cached)."""
    key = (tuple(colour), alpha)
    if key not in _veils:
        s = pygame.Surface(cell_rect(0, 0).size, pygame.SRCALPHA)
        s.fill((*colour, alpha))
        _veils[key] = s
    return _veils[key]


def draw_map(table, surface, d: dict, ch) -> None:
    """The whole map as the viewer sees it now."""
    pygame.draw.rect(surface, (58, 44, 32), MAP.inflate(10, 10), width=5, border_radius=8)
    surface.blit(map_layer(table, d), MAP.topleft)
    hovered = table.hovered_cell()
    mode_colour = DETECT if table.mode == "detector" else REACH
    for r, c in ch.cells:
        rect = cell_rect(r, c)
        surface.blit(veil(mode_colour, 46), rect)
        pygame.draw.rect(surface, mode_colour, rect.inflate(-4, -4), width=3, border_radius=6)
    if table.cursor is not None and table.my_turn:
        pygame.draw.rect(
            surface, widgets.HIGHLIGHT, cell_rect(*table.cursor).inflate(-2, -2), width=2, border_radius=6
        )
    target = hovered if hovered in ch.cells else table.cursor if table.cursor in ch.cells else None
    if target is not None and table.mode is None and d["phase"] == "move":
        draw_path(surface, walk(tuple(d["pawns"][d["player"]]), target))
    if target is not None:
        pygame.draw.rect(surface, widgets.HIGHLIGHT, cell_rect(*target), width=3, border_radius=6)
    draw_pawns(table, surface, d)


def map_layer(table, d: dict) -> pygame.Surface:
    """The tiles, stacks and top cards, drawn once per change of what they show (not every frame)."""
    sprites = table.sprites
    key = (
        language(),
        tuple(
            (
                r,
                c,
                site.get("stack_size"),
                site.get("face_up"),
                (site.get("top") or {}).get("id"),
                tuple(p["card"]["id"] for p in site.get("peeked", ())),
                sprites.noted(("stack", r, c), None),
                sprites.is_hidden(("top", r, c)),
            )
            for r, row in enumerate(d["map"])
            for c, site in enumerate(row)
        ),
    )
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
    """One map cell onto ``surface`` (whose top-left is at ``origin`` on the screen): the site tile, its
    top card on the left with its numbers redrawn large enough to read, the stack's count right of it."""
    site = d["map"][r][c]
    rect = cell_rect(r, c).move(-origin[0], -origin[1])
    if site["base"]:
        surface.blit(gfx.image(table.app.assets, "hakkutsu.base", rect.size), rect)
        return
    surface.blit(gfx.image(table.app.assets, f"hakkutsu.site.{site['area']}", rect.size), rect)
    n = table.sprites.noted(("stack", r, c), site["stack_size"])
    if n <= 0:
        surface.blit(veil((10, 10, 10), 120), rect)
        gfx.text(surface, t("hk.empty_site"), rect.center, 13, gfx.MUTED, anchor="center", bold=True)
        return
    card = card_rect(r, c).move(-origin[0], -origin[1])
    if not table.sprites.is_hidden(("top", r, c)):
        known = (
            site["peeked"][0]["card"] if site["peeked"] and site["peeked"][0]["position"] == "top" else None
        )
        image = table.site_card_image(site, SITE_CARD, known)
        seen_only = known is not None and not site["face_up"]
        widgets.draw_card(surface, image, card, dim=seen_only)
        face = site["top"] if site["face_up"] else known
        if face is not None:
            draw_card_marks(table, surface, face, card)
        if seen_only:
            pygame.draw.rect(surface, DETECT, card, width=2, border_radius=5)
    badge = count_rect(r, c).move(-origin[0], -origin[1])
    widgets.chip(
        surface, str(n), badge.midtop, colour=(30, 30, 30), text_colour=gfx.INK, size=12, anchor="midtop"
    )
    if any(p["position"] == "second" for p in site["peeked"]):
        widgets.chip(
            surface,
            t("hk.known_second"),
            (card.centerx, card.top + 2),
            colour=DETECT,
            text_colour=(10, 20, 40),
            size=10,
            anchor="midtop",
        )


def draw_card_marks(table, surface, card: dict, rect: pygame.Rect) -> None:
    """Over a small rock card: its kind icon and its cost / carry / points on chips large enough to read
    on the map (the card's own print is a few pixels high there)."""
    surface.blit(table.kind_image(card["kind"], kind_icon_rect(rect).width), kind_icon_rect(rect))
    surface.blit(stat_chips(card["cost"], card["carry"], card["points"]), stat_row(rect))


def stat_row(card: pygame.Rect) -> pygame.Rect:
    """The three chips' area over a map card (see :func:`layout.stat_rects`)."""
    rects = stat_rects(card)
    return rects[0].unionall(rects[1:])


_chips: dict[tuple, pygame.Surface] = {}
COIN_FILL, COIN_RING, COIN_INK = (238, 196, 82), (150, 100, 20), (90, 52, 8)
WEIGHT_FILL = (64, 66, 78)
STAR_FILL, STAR_RING = (214, 64, 54), (120, 28, 24)
RIM = (30, 20, 20)
PLATE = (246, 240, 226)  # under the chips: the card's printed numbers do not show between them
SCALE = 4  # shapes drawn large and smoothed down: round edges without an antialiasing library


def stat_chips(cost: int, carry: int, points: int) -> pygame.Surface:
    """Coin (cost), weight (carry) and star (points) with their numbers on a plate over the card's own
    printed row, as on the card but large enough to read on the map (cached)."""
    key = (cost, carry, points)
    if key in _chips:
        return _chips[key]
    rects = stat_rects(pygame.Rect(0, 0, *SITE_CARD))
    row = rects[0].unionall(rects[1:])
    local = [r.move(-row.left, -row.top) for r in rects]
    big = pygame.Surface((row.width * SCALE, row.height * SCALE), pygame.SRCALPHA)
    pygame.draw.rect(
        big,
        PLATE,
        big.get_rect(),
        border_bottom_left_radius=6 * SCALE,
        border_bottom_right_radius=6 * SCALE,
        border_top_left_radius=3 * SCALE,
        border_top_right_radius=3 * SCALE,
    )
    coin, weight, star = (
        pygame.Rect(r.left * SCALE, r.top * SCALE, r.width * SCALE, r.height * SCALE) for r in local
    )
    R = coin.width / 2
    pygame.draw.circle(big, COIN_RING, coin.center, R)
    pygame.draw.circle(big, COIN_FILL, coin.center, R - 5)
    # a weight: a ring handle over a trapezoid body as wide as its chip, the digit on the body
    top, bottom = weight.top + weight.height * 0.24, weight.bottom - SCALE
    pygame.draw.polygon(
        big,
        WEIGHT_FILL,
        [
            (weight.left + weight.width * 0.16, top),
            (weight.right - weight.width * 0.16, top),
            (weight.right, bottom),
            (weight.left, bottom),
        ],
    )
    pygame.draw.circle(
        big, WEIGHT_FILL, (weight.centerx, weight.top + weight.height * 0.16), weight.height * 0.13, width=5
    )
    # a fat star: room inside for the digit
    cx, cy = star.centerx, star.centery + SCALE
    outer = star.height / 2
    corners = [
        (
            cx + math.cos(math.radians(-90 + 36 * k)) * outer * (1 if k % 2 == 0 else 0.64),
            cy + math.sin(math.radians(-90 + 36 * k)) * outer * (1 if k % 2 == 0 else 0.64),
        )
        for k in range(10)
    ]
    pygame.draw.polygon(big, STAR_RING, corners)
    pygame.draw.polygon(big, STAR_FILL, [(cx + (x - cx) * 0.87, cy + (y - cy) * 0.87) for x, y in corners])
    out = pygame.transform.smoothscale(big, row.size)
    for r, value, colour, dy in zip(
        local, (cost, carry, points), (COIN_INK, gfx.INK, gfx.INK), (0, 2, 2), strict=True
    ):
        label = str(value)
        centre = (r.centerx, r.centery + dy)
        if colour != COIN_INK:  # a dark rim keeps the light digit readable on grey and red
            for ox, oy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                gfx.text(
                    out, label, (centre[0] + ox, centre[1] + oy), STAT_SIZE, RIM, anchor="center", bold=True
                )
        gfx.text(out, label, centre, STAT_SIZE, colour, anchor="center", bold=True)
    _chips[key] = out
    return out


_path_layers: list[pygame.Surface] = []


def _path_layer() -> pygame.Surface:
    """A cleared map-sized layer, made once (the path is drawn every frame while a cell is hovered)."""
    if not _path_layers:
        _path_layers.append(pygame.Surface(MAP.size, pygame.SRCALPHA))
    layer = _path_layers[0]
    layer.fill((0, 0, 0, 0))
    return layer


def draw_path(surface, path: list[tuple[int, int]]) -> None:
    """The steps to the hovered cell, translucent: the cards' names and numbers show through."""
    points = [cell_rect(r, c).center for r, c in path]
    layer = _path_layer()
    local = [(x - MAP.left, y - MAP.top) for x, y in points]
    if len(local) > 1:
        pygame.draw.lines(layer, PATH, False, local, 5)
    for p in local[1:-1]:
        pygame.draw.circle(layer, PATH, p, 6)
    layer.set_alpha(150)
    surface.blit(layer, MAP.topleft)


def draw_pawns(table, surface, d: dict) -> None:
    """The pawns, beside the card of their site (or along the top of the base), side by side."""
    for (r, c), players in pawns_by_cell(d).items():
        for k, q in enumerate(players):
            if table.sprites.is_hidden(("pawn", q)):
                continue
            center = pawn_center(r, c, k, len(players))
            image = table.pawn_image(q)
            surface.blit(image, image.get_rect(center=center))
            if q == d["current_player"] and not d["terminal"]:
                pygame.draw.circle(surface, widgets.HIGHLIGHT, center, PAWN // 2 + 2, width=2)
            table.tips.add(image.get_rect(center=center), lambda q=q: t("hk.tip.pawn", name=table.subject(q)))


def pawns_by_cell(d: dict) -> dict[tuple[int, int], list[int]]:
    """The players on each occupied cell, in seat order (the order they stand in)."""
    by_cell: dict[tuple[int, int], list[int]] = {}
    for q, rc in enumerate(d["pawns"]):
        by_cell.setdefault(tuple(rc), []).append(q)
    return by_cell


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
    here = [q for q, rc in enumerate(d["pawns"]) if rc == [r, c]]
    if here:
        lines.append(t("hk.tip.here", names=join(table.name(q) for q in here)))
    joint = (d.get("turn") or {}).get("joint_dig")
    if site["stack_size"] > 0 and not joint and any(q != table.viewer for q in here):
        lines.append(t("hk.tip.no_dig_here", reason=t("hk.dig.blocked")))  # before the move is wasted
    return "\n".join(lines)


def draw_preview(table, surface, d: dict, cell: tuple[int, int]) -> None:
    """The hovered cell's card, large, beside the map with its text."""
    r, c = cell
    site = d["map"][r][c]
    text = cell_text(table, d, r, c)
    pictured = site["base"] or site["stack_size"] > 0  # an empty site has no card to show
    text_width = 200 if pictured else 290
    lines = gfx.wrap(text, 14, text_width)
    lh = gfx.font(14).get_linesize()
    height = max(BIG_CARD[1] + 20 if pictured else 0, len(lines) * lh + 20)
    rect = pygame.Rect(
        SIDE.left + 4, 0, BIG_CARD[0] + text_width + 40 if pictured else text_width + 24, height
    )
    rect.centery = cell_rect(r, c).centery
    rect.clamp_ip(SIDE)
    gfx.panel(surface, rect, 240, colour=(28, 24, 20), border=widgets.HIGHLIGHT, radius=10)
    card = pygame.Rect(rect.left + 10, rect.top + 10, *BIG_CARD)
    if site["base"]:
        surface.blit(gfx.image(table.app.assets, "hakkutsu.base", (BIG_CARD[0], BIG_CARD[0])), card)
    elif site["stack_size"] > 0:
        known = (
            site["peeked"][0]["card"] if site["peeked"] and site["peeked"][0]["position"] == "top" else None
        )
        surface.blit(table.site_card_image(site, BIG_CARD, known), card)
    x = card.right + 12 if pictured else rect.left + 12
    for i, line in enumerate(lines):
        gfx.text(surface, line, (x, rect.top + 10 + i * lh), 14, gfx.INK)
