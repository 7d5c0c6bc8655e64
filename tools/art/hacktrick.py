"""Hacktrick art: data cards 0-5, card back, markers (normal and x2), the magic-square board."""

from __future__ import annotations

import pygame

from tools.art import draw as D
from tools.art import palette as P
from tools.art.spec import AssetSpec

#: The game's colour in the shared UI art (its thumbnail's frame, the title's cards).
HUE = (58, 166, 160)
CARD_W, CARD_H = 100, 140
MARKER = 48
BOARD = 420
BOARD_MARGIN, BOARD_GAP, CELL = 21, 9, 120
MAGIC = [[4, 9, 2], [3, 5, 7], [8, 1, 6]]
HIGHLIGHT = 168

# One hue per card value, readable on cream paper.
VALUE_COLOURS = {
    0: (120, 120, 132),
    1: (58, 150, 200),
    2: (64, 170, 120),
    3: (236, 170, 50),
    4: (226, 110, 60),
    5: (196, 64, 96),
}
BACK_TOP, BACK_BOTTOM = (30, 74, 84), (14, 38, 46)
CIRCUIT = (90, 200, 190)

# Pip layouts on a 3x3 grid (like dice), value -> list of (col, row).
PIPS = {
    0: [],
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
}


def cell_rect(row: int, col: int) -> tuple[int, int, int, int]:
    """Pixel rectangle (x, y, w, h) of a board cell inside the 420x420 board image."""
    return (BOARD_MARGIN + col * (CELL + BOARD_GAP), BOARD_MARGIN + row * (CELL + BOARD_GAP), CELL, CELL)


def card_face(value: int) -> pygame.Surface:
    """The face of data card ``value``: big numeral, corner indices, pips, colour band."""
    hue = VALUE_COLOURS[value]
    surf, body = D.card_base(CARD_W, CARD_H, P.PAPER, P.PAPER_SHADE, D.darken(hue, 0.35), radius=10)
    # Coloured header band with the katakana label.
    band = D.surface(body.w, body.h)
    pygame.draw.rect(band, hue, (0, 0, body.w, 26))
    pygame.draw.rect(band, D.darken(hue, 0.15), (0, 26, body.w, 2))
    band = D.apply_mask(band, D.rounded_mask(body.w, body.h, 10))
    surf.blit(band, body.topleft)
    D.text(surf, "DATA", D.font(11, True), P.PAPER, center=(body.x + 24, body.y + 13))
    D.text(surf, "データ", D.font(11, True, jp=True), P.PAPER, center=(body.right - 26, body.y + 12))
    # Pips around a big numeral.
    canvas = D.SS_Canvas(CARD_W, CARD_H)
    cx, cy = body.centerx, body.y + 72
    big = D.font(58, True)
    for col, row in PIPS[value]:
        px = body.x + 15 + col * (body.w - 30) / 2
        py = body.y + 40 + row * 36
        if (col, row) == (1, 1):
            continue
        canvas.circle(D.darken(hue, 0.1), (px, py), 5)
        canvas.circle(D.lighten(hue, 0.35), (px - 1.2, py - 1.2), 2)
    canvas.circle(D.lighten(hue, 0.78), (cx, cy), 31)
    canvas.circle(hue, (cx, cy), 31, width=2.5)
    surf.blit(canvas.result(), (0, 0))
    D.text(surf, str(value), big, D.darken(hue, 0.45), center=(cx, cy - 2))
    # Corner index at the bottom.
    D.text(surf, "HACKTRICK", D.font(9, True), P.MUTED, center=(body.centerx, body.bottom - 12))
    return surf


def card_back() -> pygame.Surface:
    """The shared card back: circuit traces around a small magic-square emblem."""
    surf, body = D.card_base(
        CARD_W, CARD_H, BACK_TOP, BACK_BOTTOM, (8, 22, 28), radius=10, inner_line=(70, 150, 150)
    )
    canvas = D.SS_Canvas(CARD_W, CARD_H)
    trace = CIRCUIT + (120,)
    cx, cy = body.centerx, body.centery
    # Symmetric circuit traces.
    for sx in (-1, 1):
        for sy in (-1, 1):
            pts = [(cx + sx * 20, cy + sy * 22), (cx + sx * 30, cy + sy * 32), (cx + sx * 30, cy + sy * 52)]
            canvas.lines(trace, pts, 1.6)
            canvas.circle(CIRCUIT, pts[-1], 2.8)
            pts2 = [(cx + sx * 20, cy + sy * 8), (cx + sx * 38, cy + sy * 8), (cx + sx * 38, cy + sy * 26)]
            canvas.lines(trace, pts2, 1.6)
            canvas.circle(CIRCUIT, pts2[-1], 2.8)
    # 3x3 emblem.
    for r in range(3):
        for c in range(3):
            x = cx - 19 + c * 13
            y = cy - 19 + r * 13
            canvas.rect((CIRCUIT if (r + c) % 2 == 0 else (60, 140, 140)), (x, y, 11, 11), radius=2.5)
    surf.blit(canvas.result(), (0, 0))
    return surf


def marker(player: int, x2: bool) -> pygame.Surface:
    """A round glossy marker of ``player`` (0 white, 1 red); x2 markers get a gold ring and '×2'."""
    base = P.HACKTRICK_PLAYERS[player]
    rim = (150, 140, 128) if player == 0 else P.RED_DARK
    canvas = D.SS_Canvas(MARKER, MARKER)
    c = MARKER / 2
    canvas.circle((0, 0, 0, 70), (c, c + 1.8), 21)
    if x2:
        canvas.circle(P.GOLD, (c, c), 21.5)
        canvas.circle(D.darken(P.GOLD, 0.35), (c, c), 21.5, width=1.5)
        canvas.circle(base, (c, c), 16.5)
        canvas.circle(rim, (c, c), 16.5, width=1.3)
    else:
        canvas.circle(rim, (c, c), 20)
        canvas.circle(base, (c, c), 18.2)
        canvas.circle(D.darken(base, 0.08), (c, c), 12.5, width=1.4)
    # Gloss highlight.
    canvas.ellipse((255, 255, 255, 95), (c - 11, c - 15, 16, 8))
    surf = canvas.result()
    if x2:
        ink = P.INK if player == 0 else P.PAPER
        D.text(surf, "×2", D.font(17, True), ink, center=(c, c + 0.5))
    return surf


def board() -> pygame.Surface:
    """The 3x3 Lo Shu board (4 9 2 / 3 5 7 / 8 1 6) on a dark wooden panel."""
    surf = D.surface(BOARD, BOARD)
    sh = D.shadow(BOARD - 8, BOARD - 8, 22, blur=4, alpha=140)
    surf.blit(sh, (4 - 8, 4 - 8 + 3))
    surf.blit(
        D.rounded_panel(
            BOARD - 8, BOARD - 8, 22, (92, 66, 48), (60, 42, 32), (36, 24, 18), 3, inner_line=(130, 96, 70)
        ),
        (4, 4),
    )
    num_font = D.font(64, True)
    for r in range(3):
        for c in range(3):
            x, y, w, h = cell_rect(r, c)
            n = MAGIC[r][c]
            cell = D.rounded_panel(w, h, 14, (250, 242, 226), (228, 214, 188), (120, 88, 62), 2)
            surf.blit(cell, (x, y))
            # the number sits high: the cell's lower third holds the markers placed on it
            D.text(
                surf,
                str(n),
                num_font,
                (86, 62, 46),
                center=(x + w / 2, y + h / 2 - 13),
                drop=(255, 255, 255, 160),
            )
    return surf


def cell_highlight() -> pygame.Surface:
    """A transparent golden glow to put over a winning cell (cell centred, 24 px glow margin)."""
    surf = D.glow(HIGHLIGHT, HIGHLIGHT, (255, 200, 80, 255), 9)
    canvas = D.SS_Canvas(HIGHLIGHT, HIGHLIGHT)
    m = (HIGHLIGHT - CELL) / 2
    canvas.rect((255, 226, 130, 255), (m - 2, m - 2, CELL + 4, CELL + 4), width=4, radius=15)
    ring = canvas.result()
    hole = D.surface(HIGHLIGHT, HIGHLIGHT)
    pygame.draw.rect(hole, (255, 255, 255, 255), (m + 2, m + 2, CELL - 4, CELL - 4), border_radius=12)
    # Keep the cell itself mostly clear so its number stays readable.
    surf.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    tint = D.surface(HIGHLIGHT, HIGHLIGHT)
    pygame.draw.rect(tint, (255, 220, 110, 40), (m + 2, m + 2, CELL - 4, CELL - 4), border_radius=12)
    surf.blit(tint, (0, 0))
    surf.blit(ring, (0, 0))
    return surf


def thumbnail_art(art: pygame.Surface) -> None:
    """The game-choice thumbnail's picture (``tools.art.ui.thumbnail``): the board, three cards, two markers."""
    board_img = pygame.transform.smoothscale(board(), (132, 132))
    art.blit(board_img, (170, 24))
    for i, v in enumerate((2, 5, 4)):
        c = pygame.transform.rotozoom(card_face(v), 14 - i * 14, 0.8)
        art.blit(c, c.get_rect(center=(70 + i * 34, 88 + abs(i - 1) * 6)))
    m = pygame.transform.smoothscale(marker(1, True), (40, 40))
    art.blit(m, (222, 66))
    m0 = pygame.transform.smoothscale(marker(0, False), (40, 40))
    art.blit(m0, (178, 112))


def specs() -> list[AssetSpec]:
    """All Hacktrick assets."""
    out = [
        AssetSpec(
            f"hacktrick.card.{v}",
            f"hacktrick/card_{v}.png",
            "image",
            "hacktrick",
            f"face of the data card {v} ({CARD_W}x{CARD_H})",
            lambda v=v: card_face(v),
            {"back": "hacktrick.card.back"},
        )
        for v in range(6)
    ]
    out.append(
        AssetSpec(
            "hacktrick.card.back",
            "hacktrick/card_back.png",
            "image",
            "hacktrick",
            "back of a data card",
            card_back,
        )
    )
    for p, name in ((0, "white"), (1, "red")):
        out.append(
            AssetSpec(
                f"hacktrick.marker.{p}",
                f"hacktrick/marker_{p}.png",
                "image",
                "hacktrick",
                f"normal marker of player {p} ({name}, {MARKER}x{MARKER})",
                lambda p=p: marker(p, False),
            )
        )
        out.append(
            AssetSpec(
                f"hacktrick.marker.{p}.x2",
                f"hacktrick/marker_{p}_x2.png",
                "image",
                "hacktrick",
                f"x2 marker of player {p} ({name}, gold ring)",
                lambda p=p: marker(p, True),
            )
        )
    cells = [list(cell_rect(r, c)) for r in range(3) for c in range(3)]
    out.append(
        AssetSpec(
            "hacktrick.board",
            "hacktrick/board.png",
            "image",
            "hacktrick",
            "3x3 magic-square board 4 9 2 / 3 5 7 / 8 1 6; `cells` = [x, y, w, h] "
            "of each cell in row-major order",
            board,
            {"cells": cells, "numbers": [n for row in MAGIC for n in row]},
        )
    )
    out.append(
        AssetSpec(
            "hacktrick.cell_highlight",
            "hacktrick/cell_highlight.png",
            "image",
            "hacktrick",
            f"glow for a winning cell; centre it on the cell ({HIGHLIGHT}x{HIGHLIGHT})",
            cell_highlight,
        )
    )
    return out
