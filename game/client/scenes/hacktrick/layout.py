"""Where everything sits on the Hacktrick table (logical 1280x720).

Top bar with the scores; on the left the players' panels (placed with
:func:`~game.client.table.seats.seat_slots`: the viewer at the bottom, the
opponent at the top) around the deck and the set-aside cards; the magic-square
board in the centre with the viewer's hand below it; the row, the log and the
action bar on the right.

Items are named by keys that drawing, animation (``SpriteLayer.hide``) and
input share:

* ``("hand", i)``         - the viewer's i-th hand card (the hand is sorted);
* ``("backs", p, i)``     - player ``p``'s i-th face-down card (other players);
* ``("row", k)``          - the k-th card of the row (0 = the opening card);
* ``("marker", cell, i)`` - the i-th marker drawn on ``cell`` (x2 first), side by side
  in the cell's lower third, under its printed number;
* ``("supply_x2", p)``    - player ``p``'s x2 marker while it is in their supply;
* ``("aside", i)``        - the i-th card set aside for the hand;
* ``("deck",)``           - the deck.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...assets import AssetError
from ...table.seats import seat_slots
from ...table.zones import Zone

CARD = (100, 140)
SMALL = (64, 90)
TINY = (52, 73)
MARKER = 40
BOARD_MARKER = 32  # on a cell: three fit side by side under the printed number
MARKER_RIM = 2  # the dark ring drawn around a marker on the board
MARKER_SHADOW = (2, 3)  # the offset of its shadow (one pixel wider than the marker)
MARKER_GAP = 5  # between the markers on a cell: their rims and shadows stay apart
CELL_FACE_INSET = 2  # the cell's printed border, inside its rectangle
ICON = 26

TOP = pygame.Rect(0, 0, 1280, 50)
TABLE = pygame.Rect(16, 304, 324, 156)
BOARD_AT = (356, 60)
STATUS = pygame.Rect(356, 488, 420, 56)
HAND = pygame.Rect(356, 560, 420, 140)
ROW = pygame.Rect(792, 60, 472, 204)
LOG = pygame.Rect(792, 274, 472, 270)
BAR = pygame.Rect(792, 556, 472, 92)
KEYS_HINT = pygame.Rect(792, 662, 472, 48)  # two lines of 13 px
UNDO = pygame.Rect(1050, 8, 104, 34)
MENU = pygame.Rect(1164, 8, 104, 34)
SEAT_PANELS = {"top": pygame.Rect(16, 60, 324, 236), "bottom": pygame.Rect(16, 468, 324, 240)}

ROW_SHOWN = 8  # the last card big and up to seven earlier ones small
DECK = pygame.Rect(TABLE.left + 16, TABLE.top + 40, *SMALL)
SQUARE_NUMBERS = [4, 9, 2, 3, 5, 7, 8, 1, 6]  # the magic square, row by row
TRAY_X = {"supply": 0, "captured": 110, "spent": 220}  # from the panel's content left edge


@dataclass
class SeatArea:
    """One player's panel: the frame, their face-down cards and their three trays."""

    player: int
    slot: str
    rect: pygame.Rect
    backs: Zone

    @property
    def content_left(self) -> int:
        return self.rect.left + 16

    @property
    def info_top(self) -> int:
        """The line under the name: hand size (or the viewer's hand sum) and the badges below it."""
        return self.rect.top + 44

    @property
    def trays_top(self) -> int:
        return self.rect.top + 124

    @property
    def notes_top(self) -> int:
        """The announced sum and the revealed hands."""
        return self.rect.top + 184

    def tray_rect(self, tray: str) -> pygame.Rect:
        """The label, icon and count of ``tray`` ("supply", "captured" or "spent")."""
        return pygame.Rect(self.content_left + TRAY_X[tray], self.trays_top, 100, 20 + ICON)

    def tray_icon(self, tray: str) -> pygame.Rect:
        r = self.tray_rect(tray)
        return pygame.Rect(r.left, r.top + 20, ICON, ICON)

    def tray_anchor(self, tray: str) -> tuple[int, int]:
        """Where markers fly to (or from) in ``tray``."""
        return self.tray_icon(tray).center

    def x2_icon(self) -> pygame.Rect:
        """The x2 marker's place in the supply tray."""
        return self.tray_icon("supply").move(66, 0)


def board_cells(assets) -> dict[int, pygame.Rect]:
    """Cell number -> its rectangle on the screen (from the board image's asset entry)."""
    try:
        entry = assets.entry("hacktrick.board")
        cells = entry.get("cells")
        numbers = entry.get("numbers") or SQUARE_NUMBERS
    except AssetError:
        cells, numbers = None, SQUARE_NUMBERS
    if not cells:
        cells = [[21 + c * 129, 21 + r * 129, 120, 120] for r in range(3) for c in range(3)]
    return {
        n: pygame.Rect(BOARD_AT[0] + x, BOARD_AT[1] + y, w, h)
        for n, (x, y, w, h) in zip(numbers, cells, strict=True)
    }


def marker_footprint(rect: pygame.Rect) -> pygame.Rect:
    """What a board marker at ``rect`` covers: the marker in its rim, and its shadow (``draw.marker_on_cell``)."""
    rim = rect.inflate(2 * MARKER_RIM, 2 * MARKER_RIM)
    shadow = pygame.Rect(0, 0, rect.w + 2, rect.h + 2)
    shadow.center = (rect.centerx + MARKER_SHADOW[0], rect.centery + MARKER_SHADOW[1])
    return rim.union(shadow)


def marker_zone(cell: pygame.Rect) -> Zone:
    """The markers on ``cell``: a centred row along the bottom of the cell's face, wholly inside the
    cell (they sat across its edge, where one could not tell which cell they were on)."""
    face = cell.inflate(-2 * CELL_FACE_INSET, -2 * CELL_FACE_INSET)
    marker = pygame.Rect(0, 0, BOARD_MARKER, BOARD_MARKER)
    foot = marker_footprint(marker)
    rect = pygame.Rect(
        face.left - foot.left, face.bottom - foot.bottom, face.width - foot.width + BOARD_MARKER, BOARD_MARKER
    )
    return Zone(rect, (BOARD_MARKER, BOARD_MARKER), kind="row", gap=MARKER_GAP)


def board_size(assets) -> tuple[int, int]:
    try:
        return assets.image("hacktrick.board").get_size()
    except AssetError:
        return (420, 420)


class TableLayout:
    """The zones of one table, seen by one viewer; :meth:`arrange` fills them from a view."""

    def __init__(self, assets) -> None:
        self.cells = board_cells(assets)
        self.board = pygame.Rect(BOARD_AT, board_size(assets))
        self.hand = Zone(HAND, CARD, kind="row", gap=8)
        self.row_last = Zone(pygame.Rect(ROW.right - 20 - CARD[0], ROW.top + 48, *CARD), CARD, kind="stack")
        earlier_right = self.row_last.rect.left - 14
        self.row_earlier = Zone(
            pygame.Rect(
                ROW.left + 16, self.row_last.rect.bottom - SMALL[1], earlier_right - ROW.left - 16, SMALL[1]
            ),
            SMALL,
            kind="fan",
            overlap=SMALL[0] - 40,
            align="right",
        )
        self.aside = Zone(
            pygame.Rect(TABLE.left + 150, DECK.top, 160, SMALL[1]), SMALL, kind="row", align="left"
        )
        self.markers = {cell: marker_zone(r) for cell, r in self.cells.items()}
        self.seats: dict[int, SeatArea] = {}
        self.viewer = 0

    # ------------------------------------------------------------------ seats
    def place_seats(self, players: int, viewer: int) -> None:
        """Seat ``viewer`` at the bottom and the others around the table."""
        self.viewer = viewer
        self.seats = {}
        for p, slot in seat_slots(players, viewer).items():
            rect = SEAT_PANELS[slot]
            backs = Zone(
                pygame.Rect(rect.left + 16, rect.top + 44, 180, TINY[1]),
                TINY,
                kind="fan",
                overlap=TINY[0] - 34,
                align="left",
            )
            self.seats[p] = SeatArea(p, slot, rect, backs)

    def seat(self, p: int) -> SeatArea:
        return self.seats[p]

    def player_at(self, slot: str) -> int | None:
        """The player sitting at ``slot`` ("top" is the viewer's opponent)."""
        return next((p for p, s in self.seats.items() if s.slot == slot), None)

    @property
    def others(self) -> list[int]:
        """Every player but the viewer, in seat order."""
        return [p for p in self.seats if p != self.viewer]

    # ------------------------------------------------------------------ items
    def arrange(self, view: dict) -> None:
        """Lay out the items ``view`` shows (call whenever the shown view changes)."""
        if view["player"] != self.viewer or len(self.seats) != view["num_players"]:
            self.place_seats(view["num_players"], view["player"])
        self.hand.set_items(("hand", i) for i in range(len(view["hand"])))
        for p in self.others:
            self.seats[p].backs.set_items(("backs", p, i) for i in range(view["hand_sizes"][p]))
        row = view["row"]
        last = len(row) - 1
        self.row_last.set_items([("row", last)] if row else [])
        self.row_earlier.set_items(("row", k) for k in range(max(0, last - ROW_SHOWN + 1), max(0, last)))
        self.aside.set_items(("aside", i) for i in range(len(view["aside"])))
        for cell, zone in self.markers.items():
            zone.set_items(("marker", cell, i) for i in range(min(3, len(view["board"][cell - 1]))))

    def hand_slot(self, index: int, count: int) -> pygame.Rect:
        """Where the viewer's ``index``-th card sits in a hand of ``count`` cards."""
        return self.hand.slot(index, count)

    def backs_slot(self, p: int, index: int, count: int) -> pygame.Rect:
        return self.seats[p].backs.slot(index, count)

    def marker_slot(self, cell: int, index: int, count: int) -> pygame.Rect:
        """Where the ``index``-th of ``count`` markers on ``cell`` sits (at most three fit: a triple ends the hand)."""
        count = min(count, 3)
        return self.markers[cell].slot(min(index, count - 1), count)
