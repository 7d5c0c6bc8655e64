"""Zones: a rectangle with a layout that places items and hit-tests them.

A zone holds an ordered list of hashable items (whatever the game uses to name
them: ``("area", 2, 0)``, a card dict's key, a token face ...).  The layout
gives each item a rectangle; ``rect_of(item)`` and ``item_at(pos)`` are what
drawing, animation and input share, so that a card is drawn, animated to and
clicked at the same place.

Layouts:

* ``row``   - items side by side, centred; they overlap when the zone is too narrow;
* ``fan``   - like ``row`` but always overlapping by ``overlap`` (a hand of cards);
* ``stack`` - every item at the same place, each offset a little (a pile);
* ``grid``  - rows of ``columns`` items, shrinking the gap (overlapping) to fit.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

import pygame

LAYOUTS: dict[str, Callable[[Zone, int], list[pygame.Rect]]] = {}


def layout(name: str):
    """Register a layout function ``(zone, count) -> rects``."""

    def deco(fn):
        LAYOUTS[name] = fn
        return fn

    return deco


class Zone:
    """A rectangle that lays out ``items`` with a named layout."""

    def __init__(
        self,
        rect,
        item_size: tuple[int, int],
        kind: str = "row",
        gap: int = 8,
        align: str = "center",
        columns: int = 4,
        overlap: int = 30,
        offset: tuple[int, int] = (2, -2),
    ) -> None:
        if kind not in LAYOUTS:
            raise ValueError(f"unknown layout {kind!r}; known: {', '.join(LAYOUTS)}")
        self.rect = pygame.Rect(rect)
        self.item_size = tuple(item_size)
        self.kind = kind
        self.gap = gap
        self.align = align
        self.columns = columns
        self.overlap = overlap
        self.offset = offset
        self.items: list[Hashable] = []
        self._rects: list[pygame.Rect] = []

    def set_items(self, items: Iterable[Hashable]) -> Zone:
        """Lay out ``items`` (in order; later items are drawn on top)."""
        self.items = list(items)
        self._rects = self.slots(len(self.items))
        return self

    def slots(self, count: int) -> list[pygame.Rect]:
        """The rectangles of ``count`` items in this zone (also for a count it does not hold yet)."""
        return LAYOUTS[self.kind](self, count) if count > 0 else []

    def slot(self, index: int, count: int | None = None) -> pygame.Rect:
        """The rectangle of item ``index`` if the zone held ``count`` items (default: one more)."""
        count = max(index + 1, len(self.items) + 1 if count is None else count)
        return self.slots(count)[index]

    def rects(self) -> list[tuple[Hashable, pygame.Rect]]:
        return list(zip(self.items, self._rects, strict=True))

    def rect_of(self, item: Hashable) -> pygame.Rect | None:
        """Where ``item`` is drawn (``None`` if the zone does not hold it)."""
        try:
            return self._rects[self.items.index(item)]
        except ValueError:
            return None

    def item_at(self, pos) -> Hashable | None:
        """The topmost item under ``pos`` (``None`` if none)."""
        for item, rect in reversed(self.rects()):
            if rect.collidepoint(pos):
                return item
        return None

    def __contains__(self, item) -> bool:
        return item in self.items


def _line(zone: Zone, count: int, step: int, width: int) -> list[pygame.Rect]:
    w, h = zone.item_size
    r = zone.rect
    x0 = {"left": r.left, "right": r.right - width}.get(zone.align, r.centerx - width // 2)
    y = r.top + max(0, (r.height - h) // 2)
    return [pygame.Rect(x0 + i * step, y, w, h) for i in range(count)]


@layout("row")
def _row(zone: Zone, count: int) -> list[pygame.Rect]:
    w = zone.item_size[0]
    step = w + zone.gap
    if count > 1 and w + step * (count - 1) > zone.rect.width:
        step = max(8, (zone.rect.width - w) // (count - 1))
    return _line(zone, count, step, w + step * (count - 1))


@layout("fan")
def _fan(zone: Zone, count: int) -> list[pygame.Rect]:
    w = zone.item_size[0]
    step = max(8, w - zone.overlap)
    if count > 1 and w + step * (count - 1) > zone.rect.width:
        step = max(8, (zone.rect.width - w) // (count - 1))
    return _line(zone, count, step, w + step * (count - 1))


@layout("stack")
def _stack(zone: Zone, count: int) -> list[pygame.Rect]:
    w, h = zone.item_size
    base = pygame.Rect(0, 0, w, h)
    base.center = zone.rect.center
    dx, dy = zone.offset
    shown = min(count, 4)
    rects = [base.move(dx * min(i, shown - 1), dy * min(i, shown - 1)) for i in range(count)]
    return rects


@layout("grid")
def _grid(zone: Zone, count: int) -> list[pygame.Rect]:
    w, h = zone.item_size
    cols = max(1, zone.columns)
    rows = (count + cols - 1) // cols
    r = zone.rect
    step_x = w + zone.gap
    if cols > 1 and w + step_x * (cols - 1) > r.width:
        step_x = max(8, (r.width - w) // (cols - 1))
    step_y = h + zone.gap
    if rows > 1 and h + step_y * (rows - 1) > r.height:
        step_y = max(8, (r.height - h) // (rows - 1))
    x0 = r.left if zone.align == "left" else r.centerx - (w + step_x * (min(count, cols) - 1)) // 2
    return [pygame.Rect(x0 + (i % cols) * step_x, r.top + (i // cols) * step_y, w, h) for i in range(count)]
