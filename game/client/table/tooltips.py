r"""Tooltips: hover regions registered while drawing, the one under the mouse shown on top.

Each frame the scene calls :meth:`Tooltips.begin`, then ``add(rect, text)`` for
every item it draws that has something to explain (``text`` may be a callable,
evaluated only when hovered, so it always follows the current language), and
:meth:`draw` after everything else.  The last region added wins (it is drawn on
top of the others); :meth:`cover` hides what was added so far under a panel drawn
over it (a dialog, a summary).  A click or a key :meth:`dismiss`\ es the tip until the mouse
moves: what the click opened (a dig dialog, a choice) is not hidden under it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import gfx

DELAY = 0.35  # seconds of hovering before the tip appears
WIDTH = 340


class Tooltips:
    def __init__(self) -> None:
        self.regions: list[tuple[pygame.Rect, str | Callable[[], str] | None]] = []
        self.mouse: tuple[int, int] | None = None
        self.hovered_for = 0.0
        self._last: int | None = None
        self.dismissed = False

    def begin(self) -> None:
        self.regions = []

    def add(self, rect: pygame.Rect, text: str | Callable[[], str]) -> None:
        self.regions.append((pygame.Rect(rect), text))

    def cover(self, rect: pygame.Rect) -> None:
        """A panel is drawn over ``rect``: the tips added before it stay hidden there (what the
        panel adds after this shows as usual)."""
        self.regions.append((pygame.Rect(rect), None))

    def move(self, pos) -> None:
        if self.mouse != tuple(pos):
            self.dismissed = False
        self.mouse = tuple(pos)

    def dismiss(self) -> None:
        """Hide the tip until the mouse moves (after a click or a key)."""
        self.dismissed = True

    def update(self, dt: float) -> None:
        idx = self._index()
        if idx != self._last:
            self.hovered_for = 0.0
            self._last = idx
        else:
            self.hovered_for += dt

    def _index(self) -> int | None:
        if self.mouse is None:
            return None
        for i in range(len(self.regions) - 1, -1, -1):
            if self.regions[i][0].collidepoint(self.mouse):
                return i
        return None

    def current(self) -> str | None:
        """The text under the mouse (regardless of the delay)."""
        idx = self._index()
        if idx is None:
            return None
        text = self.regions[idx][1]
        return text() if callable(text) else text or None

    def shown(self) -> str | None:
        """The tip on screen now: hovered long enough, not dismissed (None if there is none)."""
        if self.hovered_for < DELAY or self.dismissed:
            return None
        return self.current()

    def draw(self, surface: pygame.Surface) -> None:
        msg = self.shown()
        if not msg:
            return
        lines = gfx.wrap(msg, 15, WIDTH - 20)
        lh = gfx.font(15).get_linesize()
        rect = pygame.Rect(0, 0, WIDTH, len(lines) * lh + 16)
        x, y = self.mouse
        rect.topleft = (x + 16, y + 18)
        rect.clamp_ip(surface.get_rect())
        if rect.collidepoint(self.mouse):
            rect.bottom = y - 8
            rect.clamp_ip(surface.get_rect())
        gfx.panel(surface, rect, 240, colour=(28, 24, 20), border=(240, 200, 90), radius=8)
        for i, line in enumerate(lines):
            gfx.text(surface, line, (rect.left + 10, rect.top + 8 + i * lh), 15, gfx.INK)
