"""The Replays screen: the last finished games, newest first; pick one to replay it.

A row shows when the game finished, the game, who played and who won, the players named as at
the table and on the results screen ("You", "Easy bot").  A file that cannot be read is listed
(muted, "(cannot be read)") and left alone.  Click a row (or move with the arrow keys and press
Enter) to open it in the replay; the mouse wheel scrolls.
"""

from __future__ import annotations

import re
import time
from typing import NamedTuple

import pygame

from game.rules import GAMES, GameRecord

from .. import gfx
from ..history import seat_people
from ..i18n import join, t
from ..players import seat_names
from ..registry import has_table
from ..replay.session import UNKNOWN_SEAT
from ..replay.store import KEEP, list_replays
from ..scene import Scene
from .common import RowList, backdrop, button, heading

LIST = pygame.Rect(200, 110, 880, 520)
ROW = 40
COLUMNS = (12, 180, 310)  # date, game, players (the result is right-aligned)
#: A stored game's file name: ``YYYYmmdd-HHMMSS-<game>[-n].json``.
NAME = re.compile(r"(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})\d{2}-([a-z0-9_]+?)(?:-\d+)?$")


class Row(NamedTuple):
    """One stored game as listed: date, game, players, result; ``readable`` False for a broken file."""

    date: str
    game: str
    players: str
    result: str
    readable: bool = True


def file_row(path) -> Row:
    """The row of a file that cannot be read: the date and game its name gives, marked unreadable."""
    match = NAME.match(path.stem)
    if match is None:
        return Row(path.stem[:15], path.name, t("replays.unreadable"), "", readable=False)
    year, month, day, hour, minute, game = match.groups()
    title = t(f"game.{game}.title") if game in GAMES else game
    return Row(f"{year}-{month}-{day} {hour}:{minute}", title, t("replays.unreadable"), "", readable=False)


class ReplaysScene(RowList, Scene):
    def notice_place(self) -> tuple[str, tuple[int, int], int]:
        """Toasts (a file that cannot be opened) at the foot of the list, clear of the heading and the
        first rows, where the newest games are."""
        return ("midbottom", (640, 616), 800)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.paths = list_replays()
        self.lines = [self.describe(p) for p in self.paths]
        self.selected = 0
        self.top = 0  # the first row shown
        self.hover: int | None = None

    @staticmethod
    def describe(path) -> Row:
        """A stored game's row: date, game, who played, result (the file is read, not replayed)."""
        try:
            record = GameRecord.load(path)  # a regular file of a sane size, else a ValueError
        except (OSError, ValueError, RecursionError):
            return file_row(path)
        finished = record.meta.get("finished")
        date = (
            time.strftime("%Y-%m-%d %H:%M", time.localtime(finished))
            if isinstance(finished, int | float)
            else path.stem[:15]
        )
        seats = record.seat_specs() or [UNKNOWN_SEAT] * record.players
        names = seat_names(seats, seat_people(record.meta, record.players))
        result = ""
        if record.returns:
            winners = [p for p, r in enumerate(record.returns) if r == max(record.returns) and r > 0]
            if len(winners) > 1:
                result = t("replays.shared", names=join(names[p] for p in winners))
            elif winners and seats[winners[0]] == "human" and seats.count("human") == 1:
                result = t("replays.you_won")
            elif winners:
                result = t("replays.winner", name=names[winners[0]])
        return Row(date, t(f"game.{record.game}.title"), " / ".join(names), result)

    @property
    def rows(self) -> int:
        return LIST.height // ROW

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(LIST.left + 10, LIST.top + 10 + (i - self.top) * ROW, LIST.width - 20, ROW - 4)

    def build_ui(self) -> None:
        self.b_back = button(self, (40, 650, 180, 46), "common.back")
        self.b_open = button(
            self, (LIST.right - 220, 650, 220, 46), "replays.open", object_id="#primary_button"
        )
        if not self.paths:
            self.b_open.disable()

    def open(self, i: int) -> None:
        """Replay stored game ``i`` (a broken file or a game without a table is reported)."""
        from ..replay.scene import ReplayScene

        path = self.paths[i]
        try:
            record = GameRecord.read(path)
            if not has_table(record.game):
                raise ValueError(f"the client has no table for {record.game!r} yet")
        except ValueError as exc:
            self.app.notify(t("replays.broken", name=path.name), 6, detail=str(exc))
            if self.lines[i].readable:  # it parsed but does not replay: say so in the list too
                self.lines[i] = file_row(path)._replace(date=self.lines[i].date, game=self.lines[i].game)
            return
        self.app.scenes.push(ReplayScene(self.app, record, path=path))

    def row_count(self) -> int:
        return len(self.paths)

    def button_pressed(self, element) -> None:
        if element is self.b_back:
            self.app.scenes.pop()
        elif element is self.b_open and self.paths:
            self.open(self.selected)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
        else:
            self.list_event(event)

    def draw(self, surface) -> None:
        backdrop(self.app, surface, dim=120)
        heading(surface, t("replays.heading"))
        gfx.panel(surface, LIST, 200)
        if not self.paths:
            gfx.text_block(surface, t("replays.empty", n=KEEP), LIST.inflate(-60, -60), 18, gfx.MUTED)
            return
        for i in range(self.top, min(len(self.paths), self.top + self.rows)):
            rect = self.row_rect(i)
            if i == self.selected or i == self.hover:
                pygame.draw.rect(
                    surface, (60, 84, 70) if i == self.selected else (40, 58, 48), rect, border_radius=6
                )
            row = self.lines[i]
            colour = gfx.GOLD if i == self.selected else gfx.INK if row.readable else gfx.MUTED
            columns = (
                (row.date, colour),
                (row.game, colour),
                (row.players, colour if row.readable else gfx.MUTED),
            )
            for x, (text, shade) in zip(COLUMNS, columns, strict=True):
                gfx.text(surface, text, (rect.left + x, rect.centery), 17, shade, anchor="midleft")
            gfx.text(surface, row.result, (rect.right - 12, rect.centery), 17, colour, anchor="midright")
        if len(self.paths) > self.rows:
            gfx.text(
                surface,
                f"{self.top + 1}–{min(len(self.paths), self.top + self.rows)} / {len(self.paths)}",
                (LIST.right - 12, LIST.bottom + 8),
                14,
                gfx.MUTED,
                anchor="topright",
            )
