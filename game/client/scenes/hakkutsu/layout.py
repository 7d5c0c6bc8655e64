"""Where everything sits on the Hakkutsu!! table (logical 1280x720), for 2, 3 and 4 players.

The 5x5 map fills the left; the other players' panels are stacked beside it in
play order (the player after the viewer on top); the viewer's panel (cart,
collection, equipment hand, museum) runs along the bottom; the log, the prompt
and the action bar are in the right-hand column, the round counter, the coin
supply and the equipment deck in the top bar.  Every item the table draws,
animates to or hit-tests has a key, the same everywhere:

``("cell", r, c)`` (a map cell), ``("equipment", i)`` (the viewer's equipment
card ``i``), ``("dealt", i)`` / ``("draft", i)`` (a card offered in the setup
choice), ``("seat", q)`` (a player's panel).
"""

from __future__ import annotations

import pygame

from game.rules.hakkutsu.data import DATA, KINDS

from ...table.seats import seat_slots
from ...table.zones import Zone

ROWS, COLS = DATA.rows, DATA.cols

TOP_BAR = pygame.Rect(0, 0, 1280, 44)
LOG = pygame.Rect(960, 50, 312, 292)
PROMPT = pygame.Rect(960, 348, 312, 104)
BAR = pygame.Rect(960, 458, 312, 206)
KEYS = pygame.Rect(962, 666, 308, 48)  # ends above the window's edge

CELL = 86
MAP = pygame.Rect(10, 52, COLS * CELL, ROWS * CELL)
SIDE = pygame.Rect(450, 50, 502, 432)  # the other players' panels
OTHER_H = 140
BOTTOM = pygame.Rect(8, 490, 944, 224)
TABLE_AREA = pygame.Rect(8, 50, 944, 664)  # map + panels: where overlays go

SUPPLY = pygame.Rect(640, 8, 130, 28)  # the coin supply in the top bar
EQUIP_DECK = pygame.Rect(790, 6, 200, 32)  # the equipment deck and discards
SITE_CARD = (54, 76)  # the top card drawn on a map cell
PAWN = 30
BIG_CARD = (100, 140)
HAND_CARD = (64, 90)
OTHER_ROCK = (36, 50)
OWN_ROCK = (46, 64)
KIND_ICON = 24

# the cart-track image's geometry (tools/art/hakkutsu.py, cart_track): cell i at x = 34 + 40 i, 36 wide
TRACK_X0, TRACK_STEP, TRACK_CELL_W, TRACK_Y0, TRACK_H = 34, 40, 36, 8, 74


def track_size(cells: int, scale: float) -> tuple[int, int]:
    """The cart-track image size for a track of ``cells`` values (plus the "too much" cell)."""
    return round((24 + (cells + 1) * TRACK_STEP + 8) * scale), round(TRACK_H * scale)


def track_cell(rect: pygame.Rect, units: int) -> pygame.Rect:
    """The cell of ``units`` loaded on a cart-track image drawn at ``rect``."""
    s = rect.height / TRACK_H
    return pygame.Rect(rect.left + round((TRACK_X0 + units * TRACK_STEP) * s), rect.top + round(TRACK_Y0 * s),
                       round(TRACK_CELL_W * s), round((TRACK_H - 2 * TRACK_Y0) * s))


def cell_rect(r: int, c: int) -> pygame.Rect:
    return pygame.Rect(MAP.left + c * CELL, MAP.top + r * CELL, CELL, CELL)


def cell_at(pos) -> tuple[int, int] | None:
    if pos is None or not MAP.collidepoint(pos):
        return None
    return ((pos[1] - MAP.top) // CELL, (pos[0] - MAP.left) // CELL)


def pawn_center(r: int, c: int, slot: int, count: int) -> tuple[int, int]:
    """Where pawn number ``slot`` of ``count`` pawns on a cell stands (corners, so all stay visible)."""
    rect = cell_rect(r, c)
    if count == 1:
        return (rect.right - PAWN // 2 - 2, rect.bottom - PAWN // 2 - 2)
    corners = [(rect.left + PAWN // 2 + 1, rect.bottom - PAWN // 2 - 2),
               (rect.right - PAWN // 2 - 1, rect.bottom - PAWN // 2 - 2),
               (rect.left + PAWN // 2 + 1, rect.top + PAWN // 2 + 14),
               (rect.right - PAWN // 2 - 1, rect.top + PAWN // 2 + 14)]
    return corners[slot % 4]


def walk(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int]]:
    """A shortest orthogonal path of cells from ``start`` to ``end`` (both included): along the row
    first, then the column.  Ending where it started (Treasure rules) goes to a neighbour and back."""
    (r, c), (r2, c2) = start, end
    if (r, c) == (r2, c2):
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            if 0 <= r + dr < ROWS and 0 <= c + dc < COLS:
                return [(r, c), (r + dr, c + dc), (r, c)]
    path = [(r, c)]
    while c != c2:
        c += 1 if c2 > c else -1
        path.append((r, c))
    while r != r2:
        r += 1 if r2 > r else -1
        path.append((r, c))
    return path


class PanelLayout:
    """The parts of one player's panel: header line, cart track, loaded rocks, collection, museum."""

    def __init__(self, rect: pygame.Rect, own: bool, track_cells: int) -> None:
        self.rect = rect
        self.own = own
        x, y = rect.left, rect.top
        if own:
            self.track = pygame.Rect((x + 14, y + 44), track_size(track_cells, 1.0))
            self.cart = Zone((x + 14, y + 124, self.track.width, OWN_ROCK[1] + 8), OWN_ROCK, kind="row", gap=6,
                             align="left")
            self.kinds = {k: pygame.Rect(x + 390 + i * 48, y + 40, 44, rect.height - 72) for i, k in enumerate(KINDS)}
            self.fossils = (x + 390, rect.bottom - 26)
            self.hand = Zone((x + 688, y + 48, 160, HAND_CARD[1] + 10), HAND_CARD, kind="fan", overlap=26,
                             align="left")
            self.museum = pygame.Rect(x + 862, y + 48, *HAND_CARD)
            self.stats = (x + 200, y + 8)
        else:
            scale = 0.75
            self.track = pygame.Rect((x + 10, y + 40), track_size(track_cells, scale))
            self.cart = Zone((self.track.right + 10, y + 38, rect.right - 70 - self.track.right - 10, OTHER_ROCK[1] + 6),
                             OTHER_ROCK, kind="row", gap=4, align="left")
            self.kinds = {k: pygame.Rect(x + 10 + i * 54, y + 104, 52, KIND_ICON) for i, k in enumerate(KINDS)}
            self.fossils = (x + 10 + 6 * 54 + 4, y + 116)
            self.hand = Zone((x + 334, y + 9, 60, 22), (15, 21), kind="row", gap=2, align="left")
            self.museum = pygame.Rect(rect.right - 54, y + 36, 44, 62)
            self.stats = (x + 200, y + 8)
        self.coins = (self.stats[0], self.stats[1] + 13)


class HakkutsuLayout:
    """Panels for ``players`` seats seen by ``viewer``: the viewer at the bottom, the others beside the map."""

    def __init__(self, players: int, viewer: int, track_cells: int) -> None:
        self.players = players
        self.viewer = viewer
        self.track_cells = track_cells
        slots = seat_slots(players, viewer)
        order = sorted((p for p in slots if p != viewer), key=lambda p: (p - viewer) % players)
        self.panels: dict[int, PanelLayout] = {viewer: PanelLayout(BOTTOM, True, track_cells)}
        for k, q in enumerate(order):
            rect = pygame.Rect(SIDE.left, SIDE.top + k * (OTHER_H + 6), SIDE.width, OTHER_H)
            self.panels[q] = PanelLayout(rect, False, track_cells)
        self.hand = self.panels[viewer].hand

    def seat_at(self, pos) -> int | None:
        for p, panel in self.panels.items():
            if panel.rect.collidepoint(pos):
                return p
        return None

    def kind_slot(self, q: int, kind: str, index: int) -> pygame.Rect:
        """Where rock ``index`` of ``kind`` sits in ``q``'s collection."""
        panel = self.panels[q]
        col = panel.kinds[kind]
        if not panel.own:
            return pygame.Rect(col.left, col.top, KIND_ICON, KIND_ICON)
        step = 14 if index < 7 else max(4, (col.height - KIND_ICON - OWN_ROCK[1]) // max(1, index))
        return pygame.Rect(col.left, col.top + KIND_ICON + 4 + index * step, 40, 56)

    def cart_slot(self, q: int, index: int) -> pygame.Rect:
        zone = self.panels[q].cart
        return zone.rect_of(("cart", q, index)) or zone.slot(index, max(index + 1, len(zone.items)))

    def hand_target(self, q: int) -> tuple[int, int]:
        """Where an equipment card flies to join ``q``'s hand."""
        zone = self.panels[q].hand
        return zone.slot(len(zone.items), len(zone.items) + 1).center
