"""The Replays screen: the last finished games, newest first; pick one to replay it.

A row shows when the game finished, the game, who played and who won.  Click a row (or move
with the arrow keys and press Enter) to open it in the replay; the mouse wheel scrolls.
"""

from __future__ import annotations

import time

import pygame

from game.rules import GameRecord

from .. import gfx
from ..i18n import join, t
from ..players import seat_label
from ..registry import has_table
from ..replay.store import KEEP, list_replays
from ..scene import Scene
from .common import backdrop, button, heading

LIST = pygame.Rect(200, 110, 880, 520)
ROW = 40
COLUMNS = (12, 180, 310)  # date, game, players (the result is right-aligned)


class ReplaysScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.paths = list_replays()
        self.lines = [self.describe(p) for p in self.paths]
        self.selected = 0
        self.top = 0  # the first row shown
        self.hover: int | None = None

    @staticmethod
    def describe(path) -> tuple[str, str, str, str]:
        """A stored game's row: date, game, who played, result (the file is read, not replayed)."""
        try:
            record = GameRecord.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            return (path.stem[:15], path.name, "", "")
        finished = record.meta.get("finished")
        date = time.strftime("%Y-%m-%d %H:%M", time.localtime(finished)) if isinstance(finished, int | float) \
            else path.stem[:15]
        seats = record.seat_specs() or ["?"] * record.players
        names = [t("seat.you") if s == "human" and seats.count("human") == 1 else
                 t("seat.player", n=p + 1) if s == "human" else seat_label(s) for p, s in enumerate(seats)]
        result = ""
        if record.returns:
            winners = [names[p] for p, r in enumerate(record.returns) if r == max(record.returns) and r > 0]
            result = t("replays.winner", name=join(winners)) if winners else ""
        return (date, t(f"game.{record.game}.title"), " / ".join(names), result)

    @property
    def rows(self) -> int:
        return LIST.height // ROW

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(LIST.left + 10, LIST.top + 10 + (i - self.top) * ROW, LIST.width - 20, ROW - 4)

    def row_at(self, pos) -> int | None:
        for i in range(self.top, min(len(self.paths), self.top + self.rows)):
            if self.row_rect(i).collidepoint(pos):
                return i
        return None

    def build_ui(self) -> None:
        self.b_back = button(self, (40, 650, 180, 46), "common.back")
        self.b_open = button(self, (LIST.right - 220, 650, 220, 46), "replays.open", object_id="#primary_button")
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
            self.app.notify(t("replays.broken", error=str(exc)), 6)
            return
        self.app.scenes.push(ReplayScene(self.app, record, path=path))

    def select(self, i: int) -> None:
        if not self.paths:
            return
        self.selected = max(0, min(len(self.paths) - 1, i))
        self.top = min(max(self.top, self.selected - self.rows + 1), self.selected)

    def button_pressed(self, element) -> None:
        if element is self.b_back:
            self.app.scenes.pop()
        elif element is self.b_open and self.paths:
            self.open(self.selected)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.paths:
                self.open(self.selected)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.row_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(max(0, len(self.paths) - self.rows), self.top - event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.row_at(event.pos)
            if i is not None:
                self.select(i)
                self.open(i)

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
                pygame.draw.rect(surface, (60, 84, 70) if i == self.selected else (40, 58, 48), rect,
                                 border_radius=6)
            colour = gfx.GOLD if i == self.selected else gfx.INK
            date, game, players, result = self.lines[i]
            for x, text in zip(COLUMNS, (date, game, players), strict=True):
                gfx.text(surface, text, (rect.left + x, rect.centery), 17, colour, anchor="midleft")
            gfx.text(surface, result, (rect.right - 12, rect.centery), 17, colour, anchor="midright")
        if len(self.paths) > self.rows:
            gfx.text(surface, f"{self.top + 1}–{min(len(self.paths), self.top + self.rows)} / {len(self.paths)}",
                     (LIST.right - 12, LIST.bottom + 8), 14, gfx.MUTED, anchor="topright")
