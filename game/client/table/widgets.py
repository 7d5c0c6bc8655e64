"""Small reusable table widgets, drawn from the game's view each frame.

Cards (face up/down, dimmed, lifted, highlighted, badged), piles with a count,
tokens, token stacks (coins), counters, pips, one :class:`Bar` (configured by :class:`ValueGauge`),
player panels, banners, the prompt line, chips and the thinking indicator.
Widgets only draw: they never change the game or the view.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from .. import gfx
from ..assets import AssetError
from ..i18n import t

HIGHLIGHT = (240, 200, 90)
TARGET = (120, 230, 140)
ACTIVE_BORDER = (240, 200, 90)
IDLE_BORDER = (90, 120, 100)
OUT_BORDER = (120, 70, 60)

_dimmed: dict[int, pygame.Surface] = {}


def dimmed(image: pygame.Surface) -> pygame.Surface:
    """A darker copy of ``image`` (cached by identity; scaled images are cached by gfx)."""
    key = id(image)
    out = _dimmed.get(key)
    if out is None or out.get_size() != image.get_size():
        if len(_dimmed) > 400:
            _dimmed.clear()
        out = image.copy()
        out.fill((105, 105, 105), special_flags=pygame.BLEND_RGB_MULT)
        _dimmed[key] = out
    return out


BADGE_SIZE = 13  # a card's key badge: text size (the chip is 9 px taller)
BADGE_ABOVE = 20  # how far a ``badge_above`` badge rises over the card's top edge (it overlaps 2 px)


def draw_card(
    surface,
    image: pygame.Surface,
    rect: pygame.Rect,
    *,
    dim: bool = False,
    lift: int = 0,
    highlight=None,
    badge: str | None = None,
    note: str | None = None,
    badge_above: bool = False,
    decorate=None,
) -> pygame.Rect:
    """A card image at ``rect`` (lifted by ``lift`` px), with an optional outline colour,
    a corner ``badge`` (a number key, say) and a ``note`` ribbon across the middle.
    ``decorate(rect)`` draws on the card before its badge, which stays on top (a known face, say).

    The badge sits on the top-right corner; ``badge_above`` lifts it onto the card's top edge, for
    cards whose name runs across their top."""
    r = rect.move(0, -lift)
    surface.blit(dimmed(image) if dim else image, r)
    if highlight is not None:
        pygame.draw.rect(surface, highlight, r.inflate(6, 6), width=3, border_radius=8)
    if note:
        strip = pygame.Rect(r.left + 2, r.centery - 8, r.width - 4, 16)
        gfx.panel(surface, strip, 210, colour=(30, 60, 90), border=None, radius=4)
        gfx.text(surface, note, strip.center, 11, (220, 235, 255), anchor="center", bold=True)
    if decorate is not None:
        decorate(r)
    if badge:
        top = r.top - (BADGE_ABOVE if badge_above else 6)
        chip(
            surface,
            badge,
            (r.right + 4, top),
            colour=(40, 40, 40),
            text_colour=HIGHLIGHT,
            size=BADGE_SIZE,
            anchor="topright",
        )
    return r


def chip(
    surface,
    label: str,
    topleft,
    colour=(200, 150, 60),
    text_colour=(30, 20, 10),
    size: int = 13,
    anchor: str = "topleft",
) -> pygame.Rect:
    """A rounded label ("Dealer", "Out", a key hint)."""
    w = gfx.font(size, True).size(label)[0] + 12
    r = pygame.Rect(0, 0, max(w, size + 9), size + 9)
    setattr(r, anchor, topleft)
    pygame.draw.rect(surface, colour, r, border_radius=r.height // 2)
    gfx.text(surface, label, r.center, size, text_colour, anchor="center", bold=True)
    return r


def draw_pile(
    surface,
    image: pygame.Surface | None,
    rect: pygame.Rect,
    count: int,
    *,
    label: str | None = None,
    highlight=None,
    dim: bool = False,
    back: pygame.Surface | None = None,
    badge: str | None = None,
) -> None:
    """A pile: a few offset cards (``back`` under ``image`` on top), its count and a label.

    ``badge`` (a key) goes in the top card's corner, where :func:`draw_card` puts it."""
    if count <= 0:
        pygame.draw.rect(surface, IDLE_BORDER, rect, width=2, border_radius=6)
    else:
        under = back or image
        for i in range(min(3, count) - 1, 0, -1):
            surface.blit(dimmed(under) if dim else under, rect.move(i * 2, -i * 2))
        draw_card(surface, image, rect, dim=dim, highlight=highlight, badge=badge)
    if label:
        gfx.text(surface, label, (rect.centerx, rect.top - 10), 14, gfx.MUTED, anchor="midbottom")
    gfx.text(surface, str(count), (rect.centerx, rect.bottom + 4), 18, gfx.INK, anchor="midtop", bold=True)


def draw_token(surface, image: pygame.Surface, center, highlight=None, dim: bool = False) -> pygame.Rect:
    r = image.get_rect(center=center)
    surface.blit(dimmed(image) if dim else image, r)
    if highlight is not None:
        pygame.draw.circle(surface, highlight, r.center, r.width // 2 + 3, width=3)
    return r


def token_stack(
    surface, image: pygame.Surface, topleft, count: int, *, most: int = 6, step: int = 3, size: int = 16
) -> pygame.Rect:
    """A pile of ``count`` tokens (coins) drawn as up to ``most`` offset images, its number beside it."""
    x, y = topleft
    w, h = image.get_size()
    shown = max(1, min(count, most))
    for i in range(shown):
        surface.blit(dimmed(image) if count <= 0 else image, (x, y + (shown - 1 - i) * step))
    rect = pygame.Rect(x, y, w, h + (shown - 1) * step)
    label = gfx.text(
        surface, str(count), (rect.right + 4, rect.centery), size, gfx.INK, anchor="midleft", bold=True
    )
    return rect.union(label)


def pips(surface, topleft, filled: int, total: int, radius: int = 7, colour=HIGHLIGHT) -> pygame.Rect:
    """``total`` circles, the first ``filled`` of them coloured (victory points).

    More points than ``total`` (a player who passed the target) shrink the circles to the same
    width, so they stay inside the panel."""
    x, y = topleft
    n = max(total, filled, 1)
    step = (2 * radius + 5) * max(total, 1) / n
    r = radius if n <= total else max(3, round(radius * total / n))
    for i in range(n):
        c = (round(x + radius + i * step), y + radius)
        if i < filled:
            pygame.draw.circle(surface, colour, c, r)
        pygame.draw.circle(surface, (230, 230, 220), c, r, width=2)
    return pygame.Rect(x, y, max(total, 1) * (2 * radius + 5), 2 * radius)


def counter(surface, label: str, value, pos, size: int = 18) -> pygame.Rect:
    """``label`` above a bold ``value``."""
    gfx.text(surface, label, pos, 13, gfx.MUTED)
    return gfx.text(surface, str(value), (pos[0], pos[1] + 16), size, gfx.INK, bold=True)


class Bar:
    """A horizontal bar showing ``value`` out of ``maximum``."""

    track = (45, 52, 48)
    fill = (120, 200, 140)
    border = (150, 160, 150)

    def __init__(self, rect, maximum: float) -> None:
        self.rect = pygame.Rect(rect)
        self.maximum = maximum

    def colour(self, value: float):
        return self.fill

    def draw(self, surface, value: float) -> None:
        r = self.rect
        pygame.draw.rect(surface, self.track, r, border_radius=r.height // 2)
        frac = max(0.0, min(1.0, value / self.maximum)) if self.maximum else 0
        if frac > 0:
            pygame.draw.rect(
                surface,
                self.colour(value),
                (r.x, r.y, max(r.height, int(r.w * frac)), r.h),
                border_radius=r.height // 2,
            )
        pygame.draw.rect(surface, self.border, r, width=1, border_radius=r.height // 2)


class ValueGauge(Bar):
    """A bar towards a limit (Ratjack's 25): gold at the limit, red past it, with a tick at the limit."""

    def __init__(self, rect, limit: int, overflow: int = 5) -> None:
        super().__init__(rect, limit + overflow)
        self.limit = limit

    def colour(self, value: float):
        if value > self.limit:
            return gfx.RED
        if value == self.limit:
            return HIGHLIGHT
        return self.fill

    def draw(self, surface, value: float) -> None:
        super().draw(surface, value)
        x = self.rect.x + int(self.rect.w * self.limit / self.maximum)
        pygame.draw.line(surface, (250, 250, 240), (x, self.rect.top - 3), (x, self.rect.bottom + 2), 2)


def name_left(rect_left: int, icon_width: int = 0) -> int:
    """Where :func:`player_panel` writes the name: after its margin and the icon, if any."""
    return rect_left + 12 + (icon_width + 8 if icon_width else 0)


def player_panel(
    surface,
    rect: pygame.Rect,
    name: str,
    *,
    active: bool,
    out: bool = False,
    icon: pygame.Surface | None = None,
    highlight=None,
) -> pygame.Rect:
    """The frame of a player's place: name (and icon), gold border when it is their turn,
    red and dimmed when out of the round.  Returns the content rectangle below the name."""
    border = OUT_BORDER if out else ACTIVE_BORDER if active else IDLE_BORDER
    gfx.panel(surface, rect, 150 if out else 185, border=border)
    if active and not out:
        pygame.draw.rect(surface, ACTIVE_BORDER, rect.inflate(4, 4), width=3, border_radius=14)
    if highlight is not None:
        pygame.draw.rect(surface, highlight, rect.inflate(8, 8), width=3, border_radius=16)
    if icon is not None:
        surface.blit(icon, (rect.left + 12, rect.top + 8))
    x = name_left(rect.left, icon.get_width() if icon is not None else 0)
    gfx.text(surface, name, (x, rect.top + 7), 18, gfx.MUTED if out else gfx.INK, bold=True)
    return pygame.Rect(rect.left + 10, rect.top + 34, rect.width - 20, rect.height - 40)


def banner_rect(msg: str, center, width: int = 560, size: int = 22) -> pygame.Rect:
    """Where :func:`banner` draws ``msg``."""
    lines = gfx.wrap(msg, size, width - 40, bold=True)
    rect = pygame.Rect(0, 0, width, len(lines) * gfx.font(size, True).get_linesize() + 26)
    rect.center = center
    return rect


def banner(surface, msg: str, center, width: int = 560, size: int = 22) -> None:
    """A gold message over the table (an ability announced, a score)."""
    lines = gfx.wrap(msg, size, width - 40, bold=True)
    lh = gfx.font(size, True).get_linesize()
    rect = banner_rect(msg, center, width, size)
    gfx.panel(surface, rect, 255, colour=(40, 28, 20), border=HIGHLIGHT)  # opaque: no text shows through
    for i, line in enumerate(lines):
        gfx.text(
            surface, line, (rect.centerx, rect.top + 13 + i * lh), size, gfx.GOLD, anchor="midtop", bold=True
        )


def prompt(surface, rect: pygame.Rect, msg: str, *, urgent: bool = False, reserve: int = 0) -> None:
    """The line that says what to do now, shrunk to fit its box; ``reserve`` keeps that many pixels at
    the right free of text (for a :class:`ThinkingIndicator` drawn in the same box)."""
    if not msg:
        return
    gfx.panel(surface, rect, 190, radius=10, border=HIGHLIGHT if urgent else IDLE_BORDER)
    area = rect.inflate(-20, -10)
    area.width -= reserve
    size = fitting_size(msg, area.width, area.height)
    gfx.text_block(surface, msg, area, size, gfx.GOLD if urgent else gfx.INK, line_gap=0)


@lru_cache(maxsize=256)
def fitting_size(msg: str, width: int, height: int, sizes=(15, 14, 13, 12)) -> int:
    """The largest of ``sizes`` at which ``msg`` wraps into ``width`` x ``height`` (else the smallest);
    cached, as the same prompt is drawn every frame."""
    for size in sizes:
        if len(gfx.wrap(msg, size, width)) * gfx.font(size).get_linesize() <= height:
            return size
    return sizes[-1]


class ThinkingIndicator:
    """Spinner, "thinking" label and the bot's progress bar (or a sweeping bar if unknown)."""

    def __init__(self, app) -> None:
        self.app = app
        self.spin = 0.0

    def update(self, dt: float) -> None:
        self.spin += dt

    def draw(self, surface, rect: pygame.Rect, progress: float | None, label: str | None = None) -> None:
        """Right-aligned in ``rect`` (at least 190x48)."""
        try:
            sheet = self.app.assets.image("ui.thinking")
            entry = self.app.assets.entry("ui.thinking")
            fw, fh = entry.get("frame_size", [48, 48])
            frames = int(entry.get("frames", 1))
            i = int(self.spin * 12) % frames
            frame = pygame.transform.smoothscale(sheet.subsurface(pygame.Rect(i * fw, 0, fw, fh)), (32, 32))
            surface.blit(frame, (rect.right - 44, rect.top + 8))
        except (AssetError, ValueError):
            pass
        gfx.text(
            surface,
            label or t("game.thinking"),
            (rect.right - 52, rect.top + 14),
            14,
            gfx.GOLD,
            anchor="midright",
        )
        bar = pygame.Rect(rect.right - 170, rect.top + 32, 118, 6)
        pygame.draw.rect(surface, (50, 50, 50), bar, border_radius=3)
        if progress is not None:
            pygame.draw.rect(
                surface, HIGHLIGHT, (bar.x, bar.y, int(bar.w * progress), bar.h), border_radius=3
            )
        else:
            x = bar.x + int((self.spin * 80) % (bar.w - 30))
            pygame.draw.rect(surface, HIGHLIGHT, (x, bar.y, 30, bar.h), border_radius=3)
