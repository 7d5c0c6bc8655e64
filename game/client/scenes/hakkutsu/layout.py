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

from ...table import widgets
from ...table.seats import seat_slots
from ...table.zones import Zone, layout

ROWS, COLS = DATA.rows, DATA.cols

TOP_BAR = pygame.Rect(0, 0, 1280, 44)
LOG = pygame.Rect(960, 50, 312, 292)
PROMPT = pygame.Rect(960, 348, 312, 104)
BAR = pygame.Rect(960, 458, 312, 206)
KEYS = pygame.Rect(962, 666, 308, 48)  # ends above the window's edge

# A map cell: the site's top card on the left, a strip on its right for the stack's count (top)
# and the pawns standing there (below it), so that neither hides the card's kind icon or numbers.
CELL_W, CELL_H = 98, 92
MAP = pygame.Rect(12, 52, COLS * CELL_W, ROWS * CELL_H)
SIDE = pygame.Rect(MAP.right + 12, 50, 952 - MAP.right - 12, MAP.bottom + 4 - 50)  # the other players' panels
PANEL_GAP = 6
OTHER_H = (SIDE.height - 2 * PANEL_GAP) // 3  # three other players at most
BOTTOM = pygame.Rect(8, SIDE.bottom + 6, 944, 714 - SIDE.bottom - 6)
TABLE_AREA = pygame.Rect(8, 50, 944, 664)  # map + panels: where overlays go

SUPPLY = pygame.Rect(640, 8, 130, 28)  # the coin supply in the top bar
EQUIP_DECK = pygame.Rect(790, 6, 200, 32)  # the equipment deck and discards
SITE_CARD = (62, 87)  # the top card drawn on a map cell
CARD_PAD = (5, 2)  # the site card's offset in its cell
STRIP_X = CARD_PAD[0] + SITE_CARD[0] + 1  # the strip right of the card (count badge, pawns)
# The cost / carry / points chips drawn over a map card's own numbers (printed a few pixels high there):
# a row across the card's bottom edge (left of the pawns' strip), with digits 14 px high at 1280x720.
STAT_CHIP = (20, 24)  # one chip (coin, weight, star)
STAT_GAP = 1
STAT_SIZE = 18  # their digits' font size (bold): 14 px glyphs
PAWN = 28
BIG_CARD = (100, 140)
HAND_CARD = (64, 90)
OTHER_ROCK = (36, 50)
OWN_ROCK = (46, 64)
KIND_ICON = 24
NAME_PAWN = 24  # the pawn beside a panel's name

# the cart-track image's geometry (tools/art/hakkutsu.py, cart_track): cell i at x = 34 + 40 i, 36 wide
TRACK_X0, TRACK_STEP, TRACK_CELL_W, TRACK_Y0, TRACK_H = 34, 40, 36, 8, 74


def track_size(cells: int, scale: float) -> tuple[int, int]:
    """The cart-track image size for a track of ``cells`` values (plus the "too much" cell)."""
    return round((24 + (cells + 1) * TRACK_STEP + 8) * scale), round(TRACK_H * scale)


def track_cell(rect: pygame.Rect, units: int) -> pygame.Rect:
    """The cell of ``units`` loaded on a cart-track image drawn at ``rect``."""
    s = rect.height / TRACK_H
    return pygame.Rect(
        rect.left + round((TRACK_X0 + units * TRACK_STEP) * s),
        rect.top + round(TRACK_Y0 * s),
        round(TRACK_CELL_W * s),
        round((TRACK_H - 2 * TRACK_Y0) * s),
    )


def cell_rect(r: int, c: int) -> pygame.Rect:
    return pygame.Rect(MAP.left + c * CELL_W, MAP.top + r * CELL_H, CELL_W, CELL_H)


def cell_at(pos) -> tuple[int, int] | None:
    if pos is None or not MAP.collidepoint(pos):
        return None
    return ((pos[1] - MAP.top) // CELL_H, (pos[0] - MAP.left) // CELL_W)


def card_rect(r: int, c: int) -> pygame.Rect:
    """Where a site's top card lies in its cell (left; the strip on the right is for badge and pawns)."""
    cell = cell_rect(r, c)
    return pygame.Rect(cell.left + CARD_PAD[0], cell.top + CARD_PAD[1], *SITE_CARD)


def stat_rects(card: pygame.Rect) -> list[pygame.Rect]:
    """The cost, carry and points chips over a map card: side by side across its bottom edge, over its
    printed numbers."""
    w, h = STAT_CHIP
    x0 = card.centerx - (3 * w + 2 * STAT_GAP) // 2
    return [pygame.Rect(x0 + i * (w + STAT_GAP), card.bottom - h, w, h) for i in range(3)]


def kind_icon_rect(card: pygame.Rect) -> pygame.Rect:
    """The kind icon in a map card's top-right corner (drawn larger than the card's own)."""
    return pygame.Rect(card.right - 19, card.top + 1, 18, 18)


def count_rect(r: int, c: int) -> pygame.Rect:
    """The stack's count badge: top of the strip right of the card."""
    cell = cell_rect(r, c)
    return pygame.Rect(cell.left + STRIP_X + 1, cell.top + 3, cell.right - 3 - (cell.left + STRIP_X + 1), 21)


def pawn_center(r: int, c: int, slot: int, count: int, base: bool | None = None) -> tuple[int, int]:
    """Where pawn number ``slot`` of ``count`` pawns on a cell stands, none hiding another's head: on a
    site, one above the other in the strip right of the card (below the count badge); on the base,
    side by side along its top edge (the tent and the BASE label stay visible)."""
    rect = cell_rect(r, c)
    if base is None:
        base = r * COLS + c == DATA.base
    half = PAWN // 2
    if base:  # from the top-left corner rightwards: one pawn leaves the tent and its flag in view
        width = rect.width - 8
        step = PAWN + 2 if count * (PAWN + 2) - 2 <= width else (width - PAWN) // max(1, count - 1)
        return (rect.left + 4 + half + slot * step, rect.top + half + 2)
    x = rect.left + STRIP_X + (rect.width - STRIP_X) // 2
    top, bottom = rect.top + 27 + half, rect.bottom - 3 - half
    if count == 1:
        return (x, bottom)
    step = min(PAWN + 4, (bottom - top) // (count - 1))
    return (x, bottom - (count - 1 - slot) * step)


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


NAME_STRIP = 24  # the top of an equipment card (its name) that stays visible when the hand overlaps


@layout("hk_hand")
def hand_layout(zone: Zone, count: int) -> list[pygame.Rect]:
    """The viewer's equipment hand: side by side while they fit; then in rows that overlap downwards,
    each card's top (its name) left visible; only when even that does not fit, columns overlap too."""
    w, h = zone.item_size
    r = zone.rect
    gap = zone.gap
    if count <= 0:
        return []
    fit = max(1, (r.width + gap) // (w + gap))  # cards side by side without overlapping
    most_rows = max(1, (r.height - h) // NAME_STRIP + 1)
    cols = max(fit, -(-count // most_rows))
    rows = -(-count // cols)
    step_x = w + gap if cols <= fit else (r.width - w) // (cols - 1)
    step_y = 0 if rows == 1 else min(h + gap, (r.height - h) // (rows - 1))
    return [
        pygame.Rect(r.left + (i % cols) * step_x, r.top + (i // cols) * step_y, w, h) for i in range(count)
    ]


class PanelLayout:
    """The parts of one player's panel: header line, cart track, loaded rocks, collection, museum."""

    def __init__(self, rect: pygame.Rect, own: bool, track_cells: int) -> None:
        self.rect = rect
        self.own = own
        x, y = rect.left, rect.top
        if own:
            self.track = pygame.Rect((x + 14, y + 38), track_size(track_cells, 1.0))
            self.cart = Zone(
                (x + 14, self.track.bottom + 4, self.track.width, OWN_ROCK[1] + 8),
                OWN_ROCK,
                kind="row",
                gap=6,
                align="left",
            )
            self.kinds = {
                k: pygame.Rect(x + 390 + i * 44, y + 52, 42, rect.height - 52 - 30)
                for i, k in enumerate(KINDS)
            }
            self.kinds_label = (x + 390, y + 48)  # below the score (panels.draw_stats)
            self.fossils = (x + 390, rect.bottom - 16)
            self.hand = Zone(
                (x + 662, y + 44, 3 * HAND_CARD[0] + 2 * 4, rect.height - 44 - 6),
                HAND_CARD,
                kind="hk_hand",
                gap=4,
            )
            self.museum = pygame.Rect(x + 872, y + 48, *HAND_CARD)
            self.stats = (x + 200, y + 8)
        else:
            scale = 0.75
            self.track = pygame.Rect((x + 10, y + 38), track_size(track_cells, scale))
            self.museum = pygame.Rect(rect.right - 54, y + 36, 44, 62)
            self.cart = Zone(
                (
                    self.track.right + 10,
                    y + 36,
                    self.museum.left - 8 - self.track.right - 10,
                    OTHER_ROCK[1] + 6,
                ),
                OTHER_ROCK,
                kind="row",
                gap=4,
                align="left",
            )
            row = rect.bottom - 12 - KIND_ICON // 2  # the centre line of the collection row
            self.kinds = {
                k: pygame.Rect(x + 10 + i * 46, row - KIND_ICON // 2, 44, KIND_ICON)
                for i, k in enumerate(KINDS)
            }
            self.kinds_label = None
            self.fossils = (x + 10 + 6 * 46 + 6, row)
            self.hand = Zone(
                (x + 314, y + 9, 15, 22), (15, 21), kind="stack", offset=(0, 0)
            )  # one back, "×n"
            self.stats = (x + 214, y + 8)
        self.name_left = widgets.name_left(x, NAME_PAWN)  # where widgets.player_panel writes the name
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
            rect = pygame.Rect(SIDE.left, SIDE.top + k * (OTHER_H + PANEL_GAP), SIDE.width, OTHER_H)
            self.panels[q] = PanelLayout(rect, False, track_cells)
        self.hand = self.panels[viewer].hand

    def seat_at(self, pos) -> int | None:
        for p, panel in self.panels.items():
            if panel.rect.collidepoint(pos):
                return p
        return None

    def kind_slot(self, q: int, kind: str, index: int, count: int | None = None) -> pygame.Rect:
        """Where rock ``index`` of the ``count`` rocks of ``kind`` sits in ``q``'s collection (the own
        panel stacks them below the kind's icon, squeezed to stay in the column)."""
        panel = self.panels[q]
        col = panel.kinds[kind]
        if not panel.own:
            return pygame.Rect(col.left, col.top, KIND_ICON, KIND_ICON)
        count = max(index + 1, count or 0)
        w, h = 40, 56
        room = col.height - KIND_ICON - 4 - h
        step = 14 if count <= 1 else max(3, min(14, room // (count - 1)))
        return pygame.Rect(col.left, col.top + KIND_ICON + 4 + index * step, w, h)

    def cart_slot(self, q: int, index: int) -> pygame.Rect:
        zone = self.panels[q].cart
        return zone.rect_of(("cart", q, index)) or zone.slot(index, max(index + 1, len(zone.items)))

    def hand_target(self, q: int) -> tuple[int, int]:
        """Where an equipment card flies to join ``q``'s hand."""
        zone = self.panels[q].hand
        return zone.slot(len(zone.items), len(zone.items) + 1).center
