"""Flat vector animal heads for Ratjack (rat, weasel, raccoon).

Each is drawn in a 100x100 design space on a supersampled canvas and scaled to the size asked.
"""

from __future__ import annotations

import pygame

from tools.art import draw as D


def _finish(c: D.SS_Canvas, size: int) -> pygame.Surface:
    """Scale a 100x100 design-space canvas to ``size``."""
    return pygame.transform.smoothscale(c.result(), (size, size))


def rat(size: int, fur=(150, 150, 160)) -> pygame.Surface:
    """A rat head: big round ears, pointed snout, whiskers."""
    c = D.SS_Canvas(100, 100)
    k = 1.0
    dark = D.darken(fur, 0.3)
    pink = (240, 160, 170)
    for sx in (-1, 1):
        c.circle(dark, (50 + sx * 27 * k, 30 * k), 19 * k)
        c.circle(fur, (50 + sx * 27 * k, 30 * k), 17 * k)
        c.circle(pink, (50 + sx * 27 * k, 31 * k), 10.5 * k)
    c.ellipse(dark, (21 * k, 30 * k, 58 * k, 52 * k))
    c.ellipse(fur, (23 * k, 32 * k, 54 * k, 48 * k))
    c.polygon(fur, [(30 * k, 62 * k), (70 * k, 62 * k), (50 * k, 94 * k)])
    c.ellipse(D.lighten(fur, 0.45), (37 * k, 60 * k, 26 * k, 30 * k))
    c.circle(pink, (50 * k, 91 * k), 5 * k)
    for sx in (-1, 1):
        c.circle((30, 26, 30), (50 + sx * 13 * k, 55 * k), 4.6 * k)
        c.circle((255, 255, 255), (50 + sx * 13 * k - 1.4 * k, 53.5 * k), 1.5 * k)
        for dy in (-3, 3):
            c.line(
                (70, 64, 64, 200),
                (50 + sx * 10 * k, (84 + dy * 0.3) * k),
                (50 + sx * 36 * k, (82 + dy * 2.5) * k),
                1.1 * k,
            )
    return _finish(c, size)


def weasel(size: int, fur=(196, 132, 70)) -> pygame.Surface:
    """A weasel head: long narrow face, cream chin and cheeks, small round ears."""
    c = D.SS_Canvas(100, 100)
    k = 1.0
    dark = D.darken(fur, 0.35)
    cream = (250, 236, 210)
    for sx in (-1, 1):
        c.circle(dark, (50 + sx * 22 * k, 22 * k), 11 * k)
        c.circle(fur, (50 + sx * 22 * k, 22 * k), 9.5 * k)
        c.circle(D.darken(fur, 0.2), (50 + sx * 22 * k, 23 * k), 5 * k)
    c.ellipse(dark, (24 * k, 14 * k, 52 * k, 82 * k))
    c.ellipse(fur, (26 * k, 16 * k, 48 * k, 78 * k))
    c.ellipse(cream, (31 * k, 52 * k, 38 * k, 42 * k))
    c.ellipse(fur, (36 * k, 44 * k, 28 * k, 20 * k))
    c.ellipse((40, 28, 24), (43 * k, 78 * k, 14 * k, 9 * k))
    for sx in (-1, 1):
        c.ellipse((30, 22, 20), (50 + sx * 12 * k - 4.5 * k, 38 * k, 9 * k, 11 * k))
        c.circle((255, 255, 255), (50 + sx * 12 * k - 1.3 * k, 41 * k), 1.6 * k)
        c.line((90, 70, 60, 200), (50 + sx * 9 * k, 84 * k), (50 + sx * 32 * k, 80 * k), 1.1 * k)
    return _finish(c, size)


def raccoon(size: int, fur=(140, 140, 150)) -> pygame.Surface:
    """A raccoon head: pointed ears, black mask with white brows, white muzzle."""
    c = D.SS_Canvas(100, 100)
    k = 1.0
    dark = D.darken(fur, 0.4)
    white = (246, 244, 240)
    mask = (40, 38, 44)
    for sx in (-1, 1):
        ear = [(50 + sx * 14 * k, 30 * k), (50 + sx * 40 * k, 8 * k), (50 + sx * 42 * k, 42 * k)]
        c.polygon(dark, ear)
        inner = [(50 + sx * 22 * k, 30 * k), (50 + sx * 38 * k, 16 * k), (50 + sx * 38 * k, 38 * k)]
        c.polygon(white, inner)
    c.polygon(
        dark,
        [
            (8 * k, 52 * k),
            (30 * k, 22 * k),
            (70 * k, 22 * k),
            (92 * k, 52 * k),
            (62 * k, 88 * k),
            (38 * k, 88 * k),
        ],
    )
    c.polygon(
        fur,
        [
            (12 * k, 52 * k),
            (32 * k, 25 * k),
            (68 * k, 25 * k),
            (88 * k, 52 * k),
            (60 * k, 85 * k),
            (40 * k, 85 * k),
        ],
    )
    for sx in (-1, 1):
        c.ellipse(white, (50 + sx * 19 * k - 14 * k, 32 * k, 28 * k, 12 * k))
    c.polygon(
        mask,
        [
            (14 * k, 50 * k),
            (30 * k, 40 * k),
            (46 * k, 46 * k),
            (54 * k, 46 * k),
            (70 * k, 40 * k),
            (86 * k, 50 * k),
            (70 * k, 62 * k),
            (54 * k, 56 * k),
            (46 * k, 56 * k),
            (30 * k, 62 * k),
        ],
    )
    c.ellipse(white, (34 * k, 58 * k, 32 * k, 28 * k))
    c.ellipse(mask, (43 * k, 62 * k, 14 * k, 9 * k))
    for sx in (-1, 1):
        c.circle((250, 250, 250), (50 + sx * 17 * k, 50 * k), 5 * k)
        c.circle((20, 20, 24), (50 + sx * 17 * k, 50.5 * k), 3.4 * k)
        c.circle((255, 255, 255), (50 + sx * 17 * k - 1.2 * k, 49 * k), 1.2 * k)
    c.line(mask, (50 * k, 71 * k), (50 * k, 77 * k), 1.4 * k)
    return _finish(c, size)


HEADS = {"rat": rat, "weasel": weasel, "raccoon": raccoon}
