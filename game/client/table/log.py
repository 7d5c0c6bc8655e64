"""The game log: one line per event the viewing player may see, in the chosen language,
scrollable with the mouse wheel (or by dragging the scroll bar) to read back a whole game.

A game writes its lines with a :class:`LogLines` registry, one small function per
event type::

    lines = LogLines()

    @lines.on("card_drawn")
    def _card_drawn(table, ev):
        return t("log.xx.drew", name=table.log_name(ev["player"]))

and gives ``lambda ev: lines.describe(table, ev)`` to :class:`ScrollLog`.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import gfx
from ..i18n import language, t


class LogLines:
    """Event type -> function ``(table, event) -> str | None`` writing its log line."""

    def __init__(self) -> None:
        self.functions: dict[str, Callable] = {}

    def on(self, *kinds: str):
        def deco(fn):
            for kind in kinds:
                if kind in self.functions:
                    raise ValueError(f"two log lines for {kind!r}")
                self.functions[kind] = fn
            return fn

        return deco

    def describe(self, table, ev: dict) -> str | None:
        fn = self.functions.get(ev["type"])
        return fn(table, ev) if fn else None


class ScrollLog:
    """Keeps the events and draws the lines that fit in a rectangle, newest at the bottom."""

    def __init__(self, describe: Callable[[dict], str | None], limit: int = 600, size: int = 15) -> None:
        self.describe = describe
        self.entries: list[dict] = []  # events, re-described at draw time so language switches apply
        self.limit = limit
        self.size = size
        self.scroll = 0  # lines scrolled up from the bottom
        self.rect: pygame.Rect | None = None
        self._max_scroll = 0
        # each entry's wrapped line (an empty list: no line), for the language and width in ``_parts_key``;
        # entries are wrapped once, when first drawn (a whole game's log is not rewrapped every frame)
        self._parts: list[list[str]] = []
        self._parts_key: tuple | None = None
        self._changes = 0  # bumped by add/clear: the flattened lines below are kept until then
        self._flat: tuple[tuple, list[tuple[str, bool]]] | None = None

    def add(self, events: list[dict]) -> None:
        """``events`` must already be filtered with ``events_for`` for the viewer."""
        self.entries.extend(events)
        trimmed = max(0, len(self.entries) - self.limit)
        del self.entries[:trimmed]
        del self._parts[:trimmed]
        self._changes += 1
        if self.scroll:
            self.scroll += sum(1 for ev in events if self.describe(ev))  # keep the reader's place

    def clear(self) -> None:
        self.entries.clear()
        self._parts.clear()
        self._changes += 1
        self.scroll = 0

    def lines(self) -> list[str]:
        out = []
        for ev in self.entries:
            line = self.describe(ev)
            if line:
                out.append(line)
        return out

    def handle_event(self, event, mouse) -> bool:
        """The mouse wheel over the log scrolls it; returns True if the event was used."""
        if self.rect is None or mouse is None or not self.rect.collidepoint(mouse):
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(event.y * 3)
            return True
        return False

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(self._max_scroll, self.scroll + lines))

    def _wrapped(self, width: int) -> list[tuple[str, bool]]:
        """Every line wrapped to ``width``, the last three entries' lines marked "newest"."""
        key = (language(), width)
        if self._flat is not None and self._flat[0] == (key, self._changes):
            return self._flat[1]
        if key != self._parts_key:
            self._parts_key = key
            self._parts = []
        # the text wraps beside its bullet ("• ", continuation lines indented as far)
        text_width = width - max(gfx.font(self.size).size(p)[0] for p in ("• ", "  "))
        for ev in self.entries[len(self._parts) :]:
            line = self.describe(ev)
            self._parts.append(gfx.wrap(line, self.size, text_width) if line else [])
        described = [parts for parts in self._parts if parts]
        wrapped: list[tuple[str, bool]] = []
        for k, parts in enumerate(described):
            newest = k >= len(described) - 3
            wrapped.extend([("• " + parts[0], newest)] + [("  " + p, newest) for p in parts[1:]])
        self._flat = ((key, self._changes), wrapped)
        return wrapped

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        gfx.panel(surface, rect, 170)
        gfx.text(surface, t("log.heading"), (rect.left + 14, rect.top + 8), 16, gfx.GOLD, bold=True)
        inner = pygame.Rect(rect.left + 14, rect.top + 36, rect.width - 34, rect.height - 46)
        lh = gfx.font(self.size).get_linesize()
        rows = max(1, inner.height // lh)
        wrapped = self._wrapped(inner.width)
        self._max_scroll = max(0, len(wrapped) - rows)
        self.scroll = min(self.scroll, self._max_scroll)
        end = len(wrapped) - self.scroll
        visible = wrapped[max(0, end - rows) : end]
        y = inner.top
        for line, newest in visible:
            gfx.text(
                surface,
                line,
                (inner.left, y),
                self.size,
                gfx.INK if newest and not self.scroll else gfx.MUTED,
            )
            y += lh
        if self._max_scroll:
            track = pygame.Rect(rect.right - 12, inner.top, 5, inner.height)
            pygame.draw.rect(surface, (50, 60, 55), track, border_radius=3)
            frac = rows / len(wrapped)
            h = max(16, int(track.height * frac))
            pos = 1 - (self.scroll + rows) / len(wrapped)
            thumb = pygame.Rect(track.x, track.y + int((track.height - h) * pos / max(1e-9, 1 - frac)), 5, h)
            pygame.draw.rect(surface, gfx.GOLD, thumb, border_radius=3)
            if self.scroll:
                gfx.text(
                    surface,
                    t("log.scrolled", n=self.scroll),
                    (rect.right - 18, rect.top + 10),
                    13,
                    gfx.MUTED,
                    anchor="topright",
                )
