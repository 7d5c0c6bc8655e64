"""The game log: one line per event the viewing player may see, in the chosen language."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import gfx
from .i18n import t


class LogPanel:
    """Keeps the event lines and draws the newest ones that fit in a rectangle."""

    def __init__(self, describe: Callable[[dict], str | None], limit: int = 300) -> None:
        self.describe = describe
        self.entries: list[dict] = []  # events, re-described at draw time so language switches apply
        self.limit = limit

    def add(self, events: list[dict]) -> None:
        """``events`` must already be filtered with ``events_for`` for the viewer."""
        self.entries.extend(events)
        del self.entries[:-self.limit]

    def clear(self) -> None:
        self.entries.clear()

    def lines(self) -> list[str]:
        out = []
        for ev in self.entries:
            line = self.describe(ev)
            if line:
                out.append(line)
        return out

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int = 15) -> None:
        gfx.panel(surface, rect, 170)
        gfx.text(surface, t("log.heading"), (rect.left + 14, rect.top + 8), 16, gfx.GOLD, bold=True)
        inner = pygame.Rect(rect.left + 14, rect.top + 36, rect.width - 28, rect.height - 46)
        lh = gfx.font(size).get_linesize()
        wrapped: list[str] = []
        for line in self.lines()[-40:]:
            parts = gfx.wrap(line, size, inner.width)
            wrapped.extend(["• " + parts[0]] + ["  " + p for p in parts[1:]])
        visible = wrapped[-max(1, inner.height // lh):]
        y = inner.top
        for i, line in enumerate(visible):
            colour = gfx.INK if i >= len(visible) - 3 else gfx.MUTED
            gfx.text(surface, line, (inner.left, y), size, colour)
            y += lh
