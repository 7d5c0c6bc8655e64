"""Helpers shared by the menu scenes: themed buttons, labels and the backdrop."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from .. import gfx
from ..i18n import t


def button(scene, rect, key: str, object_id: str = "#menu_button", **fmt) -> pygame_gui.elements.UIButton:
    return pygame_gui.elements.UIButton(
        pygame.Rect(rect), t(key, **fmt), scene.app.ui, container=scene.container, object_id=object_id
    )


def label(scene, rect, msg: str, object_id: str = "#label") -> pygame_gui.elements.UILabel:
    return pygame_gui.elements.UILabel(
        pygame.Rect(rect), msg, scene.app.ui, container=scene.container, object_id=object_id
    )


def backdrop(app, surface, key: str = "ui.background", dim: int = 0) -> None:
    surface.blit(gfx.image(app.assets, key, app.size, opaque=True), (0, 0))
    if dim:
        veil = pygame.Surface(app.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, dim))
        surface.blit(veil, (0, 0))


def heading(surface, msg: str, y: int = 40, size: int = 40) -> None:
    gfx.text(
        surface, msg, (surface.get_width() // 2, y), size, gfx.INK, anchor="midtop", bold=True, shadow=True
    )


class RowList:
    """A scrolling list of rows picked with the arrow keys, Enter, the wheel and clicks (Replays, the
    Statistics' games).  The scene gives ``row_count()``, ``rows`` (how many fit), ``row_rect(i)`` and
    ``open(i)``, and keeps ``selected``, ``top`` (the first row shown) and ``hover``."""

    # What the scene keeps and gives (declared here, defined by each scene).
    selected: int
    top: int
    hover: int | None
    rows: int
    row_count: Callable[[], int]
    row_rect: Callable[[int], pygame.Rect]
    open: Callable[[int], None]

    def selection_changed(self) -> None:
        """Called after :meth:`select` (e.g. to enable an Open button)."""

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The shown row under ``pos``."""
        for i in range(self.top, min(self.row_count(), self.top + self.rows)):
            if self.row_rect(i).collidepoint(pos):
                return i
        return None

    def select(self, i: int) -> None:
        """Select row ``i`` (clamped) and scroll it into view."""
        if not self.row_count():
            return
        self.selected = max(0, min(self.row_count() - 1, i))
        self.top = min(max(self.top, self.selected - self.rows + 1), self.selected)
        self.selection_changed()

    def list_event(self, event: pygame.event.Event) -> None:
        """Move, scroll, hover or open by ``event``."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.row_count():
                self.open(self.selected)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.row_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(max(0, self.row_count() - self.rows), self.top - event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.row_at(event.pos)
            if i is not None:
                self.select(i)
                self.open(i)
