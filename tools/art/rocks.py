"""Procedural rock, mineral and fossil illustrations for Hakkutsu!! rock cards.

Each card id maps to a style (lump, layered, banded, crystal, gem, nugget, ammonite, trilobite,
skull, amber, tusk, shell, meteorite) and colours. Shapes are drawn in a 100x100 design
space on a supersampled canvas; irregularity comes from ``random.Random(crc32(card id))``.
"""

from __future__ import annotations

import math
import random
import zlib

import pygame

from tools.art import draw as D

# card id -> (style, base colour, accent colour)
ROCK_STYLE = {
    "granite": ("speckled", (200, 170, 160), (60, 56, 60)),
    "basalt": ("lump", (72, 74, 82), (110, 112, 120)),
    "sandstone": ("layered", (222, 176, 112), (190, 136, 80)),
    "mudstone": ("layered", (136, 104, 80), (110, 82, 62)),
    "limestone": ("layered", (226, 220, 198), (196, 188, 160)),
    "slate": ("banded", (78, 92, 110), (104, 120, 140)),
    "shell-fossil": ("shell", (230, 208, 170), (180, 150, 110)),
    "obsidian": ("glassy", (36, 34, 44), (120, 120, 150)),
    "pumice": ("porous", (214, 210, 196), (170, 164, 150)),
    "marble": ("veined", (240, 238, 232), (170, 170, 180)),
    "gneiss": ("banded", (170, 150, 140), (70, 62, 64)),
    "quartz": ("crystal", (230, 236, 246), (180, 196, 224)),
    "magnetite": ("nugget", (56, 58, 66), (150, 160, 176)),
    "ammonite": ("ammonite", (196, 150, 96), (140, 100, 60)),
    "trilobite": ("trilobite", (120, 110, 100), (80, 72, 66)),
    "gold-ore": ("nugget", (120, 110, 100), (246, 196, 60)),
    "ruby": ("gem", (210, 30, 60), (255, 120, 140)),
    "jade": ("lump", (70, 160, 110), (150, 210, 170)),
    "peridotite": ("speckled", (110, 130, 80), (40, 50, 36)),
    "dinosaur-skull": ("skull", (226, 214, 186), (150, 132, 104)),
    "amber": ("amber", (232, 150, 40), (255, 210, 110)),
    "iron-meteorite": ("meteorite", (90, 86, 90), (170, 170, 180)),
    "silver-ore": ("nugget", (110, 106, 104), (220, 226, 236)),
    "opal": ("opal", (200, 220, 236), (255, 160, 200)),
    "diamond": ("diamond", (220, 240, 255), (150, 200, 240)),
    "mammoth-tusk": ("tusk", (240, 228, 200), (190, 170, 130)),
    "stony-meteorite": ("meteorite", (120, 100, 84), (60, 48, 40)),
    "coal": ("layered", (40, 40, 44), (70, 70, 78)),
    "schist": ("sparkly", (120, 128, 116), (220, 220, 210)),
}

KIND_COLOURS = {
    "igneous": (214, 84, 50),
    "sedimentary": (210, 160, 80),
    "metamorphic": (110, 110, 170),
    "mineral": (60, 160, 200),
    "fossil": (150, 120, 80),
    "meteorite": (90, 80, 120),
}
KIND_JA = {
    "igneous": "火成岩",
    "sedimentary": "堆積岩",
    "metamorphic": "変成岩",
    "mineral": "鉱物",
    "fossil": "化石",
    "meteorite": "隕石",
}


def _rng(key: str) -> random.Random:
    return random.Random(zlib.crc32(key.encode("utf-8")))


def _lump_points(rng: random.Random, cx=50.0, cy=54.0, rx=38.0, ry=30.0, n=11):
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n + rng.uniform(-0.12, 0.12)
        r = rng.uniform(0.82, 1.0)
        pts.append((cx + rx * r * math.cos(a), cy + ry * r * math.sin(a)))
    return pts


def _clip(pattern: pygame.Surface, shape: pygame.Surface) -> pygame.Surface:
    """Keep ``pattern`` only where ``shape`` is opaque (alpha multiply)."""
    mask = shape.copy()
    mask.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
    out = pattern.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _lump(c: D.SS_Canvas, rng, base, pts) -> None:
    """A faceted rock lump: outline, body, lit upper-left facet, shaded lower-right facet."""
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    c.polygon(D.darken(base, 0.45), pts, width=0)
    inner = [(cx + (x - cx) * 0.94, cy + (y - cy) * 0.94) for x, y in pts]
    c.polygon(base, inner)
    n = len(inner)
    lit = [(cx - 4, cy - 3)] + inner[n // 2 - 1 : n // 2 + 3]
    c.polygon(D.lighten(base, 0.22), lit)
    dark = [(cx + 2, cy + 3)] + inner[0:3]
    c.polygon(D.darken(base, 0.18), dark)
    top = [(cx - 6, cy - 6)] + inner[n // 2 + 2 : n - 1]
    if len(top) >= 3:
        c.polygon(D.lighten(base, 0.1), top)


def _pattern_on_lump(rng, base, accent, pts, draw_pattern) -> pygame.Surface:
    """A lump with a pattern (drawn by ``draw_pattern(canvas)``) clipped to its outline."""
    body = D.SS_Canvas(100, 100)
    _lump(body, rng, base, pts)
    body_s = body.result()
    pat = D.SS_Canvas(100, 100)
    draw_pattern(pat)
    out = body_s.copy()
    shape = D.SS_Canvas(100, 100)
    shape.polygon((255, 255, 255), [(50 + (x - 50) * 0.92, 54 + (y - 54) * 0.92) for x, y in pts])
    out.blit(_clip(pat.result(), shape.result()), (0, 0))
    return out


def _crystal(c: D.SS_Canvas, x, y, w, h, base, accent, lean=0.0) -> None:
    """A hexagonal prism crystal standing at (x, y) bottom-centre."""
    tip = (x + lean, y - h)
    left, right = x - w / 2, x + w / 2
    shoulder = y - h + w * 0.9
    c.polygon(
        D.darken(accent, 0.35),
        [(left - 1, y + 1), (left - 1, shoulder), tip, (right + 1, shoulder), (right + 1, y + 1)],
    )
    c.polygon(accent, [(left, y), (left, shoulder), tip, (x + lean * 0.3, shoulder + 2), (x, y)])
    c.polygon(base, [(x, y), (x + lean * 0.3, shoulder + 2), tip, (right, shoulder), (right, y)])
    c.line((255, 255, 255, 180), (left + 2, shoulder + 2), (left + 2, y - 4), 1.2)


def illustration(key: str, size: int = 64) -> pygame.Surface:
    """The illustration of rock card ``key`` scaled to ``size`` x ``size``."""
    style, base, accent = ROCK_STYLE[key]
    rng = _rng(key)
    c = D.SS_Canvas(100, 100)
    # Ground shadow.
    c.ellipse((0, 0, 0, 60), (16, 80, 68, 12))
    pts = _lump_points(rng)
    surf = None
    if style in ("lump", "glassy", "speckled", "porous", "sparkly", "meteorite"):

        def pattern(p: D.SS_Canvas):
            if style == "speckled":
                for _ in range(70):
                    col = accent if rng.random() < 0.6 else (240, 236, 230)
                    p.circle(col, (rng.uniform(12, 88), rng.uniform(24, 86)), rng.uniform(0.8, 2.2))
            elif style == "porous":
                for _ in range(36):
                    p.circle(
                        D.darken(accent, 0.1), (rng.uniform(12, 88), rng.uniform(24, 86)), rng.uniform(1, 2.8)
                    )
            elif style == "sparkly":
                for _ in range(40):
                    p.circle(
                        accent + (230,), (rng.uniform(12, 88), rng.uniform(24, 86)), rng.uniform(0.6, 1.5)
                    )
                for i in range(5):
                    y0 = 32 + i * 11
                    p.lines(D.darken(base, 0.25), [(10, y0), (40, y0 + 5), (70, y0 - 2), (92, y0 + 4)], 2)
            elif style == "glassy":
                p.polygon((255, 255, 255, 70), [(30, 36), (52, 30), (40, 52)])
                p.polygon((255, 255, 255, 40), [(58, 46), (72, 44), (62, 62)])
            elif style == "meteorite":
                for _ in range(9):
                    x, y, r = rng.uniform(20, 80), rng.uniform(32, 78), rng.uniform(3, 7)
                    p.circle(D.darken(base, 0.3), (x, y), r)
                    p.circle(D.lighten(base, 0.15), (x - r * 0.25, y - r * 0.25), r * 0.7)
                if key == "iron-meteorite":
                    p.polygon(accent + (150,), [(36, 34), (60, 30), (46, 46)])

        surf = _pattern_on_lump(rng, base, accent, pts, pattern)
        if style == "meteorite":
            trail = D.SS_Canvas(100, 100)
            for i in range(3):
                trail.line(
                    (255, 170, 60, 150 - i * 40), (86 - i * 3, 22 + i * 6), (98, 6 + i * 6), 3 - i * 0.6
                )
            surf.blit(trail.result(), (0, 0))
    elif style in ("layered", "banded", "veined"):

        def pattern(p: D.SS_Canvas):
            if style == "layered":
                for i in range(8):
                    y0 = 20 + i * 9
                    col = accent if i % 2 else D.lighten(base, 0.12)
                    p.polygon(col, [(0, y0), (100, y0 + 6), (100, y0 + 10), (0, y0 + 4)])
            elif style == "banded":
                for i in range(7):
                    y0 = 22 + i * 10
                    pts_w = [(x, y0 + 4 * math.sin(x / 9 + i)) for x in range(0, 101, 5)]
                    p.lines(accent, pts_w, 3 if i % 2 else 1.6)
            else:
                for _ in range(4):
                    x, y = rng.uniform(15, 40), rng.uniform(30, 70)
                    pts_v = [(x, y)]
                    for _ in range(6):
                        x += rng.uniform(6, 12)
                        y += rng.uniform(-6, 6)
                        pts_v.append((x, y))
                    p.lines(accent, pts_v, 1.3)

        surf = _pattern_on_lump(rng, base, accent, pts, pattern)
    elif style == "crystal":
        c.ellipse((170, 160, 150), (18, 70, 64, 20))
        _crystal(c, 38, 80, 16, 46, base, accent, -4)
        _crystal(c, 62, 82, 14, 40, base, accent, 5)
        _crystal(c, 50, 84, 20, 64, base, accent, 0)
    elif style == "nugget":

        def pattern(p: D.SS_Canvas):
            for _ in range(12):
                x, y = rng.uniform(20, 80), rng.uniform(32, 78)
                p.polygon(accent, D.regular_polygon(x, y, rng.uniform(2.5, 6), 5, rng.uniform(0, 90)))
                p.circle(D.lighten(accent, 0.5), (x - 1, y - 1), 1)

        surf = _pattern_on_lump(rng, base, accent, pts, pattern)
        if key == "magnetite":
            m = D.SS_Canvas(100, 100)
            m.polygon(D.darken(base, 0.3), [(50, 20), (78, 52), (50, 84), (22, 52)])
            m.polygon(D.lighten(base, 0.18), [(50, 20), (50, 52), (22, 52)])
            m.polygon(base, [(50, 20), (78, 52), (50, 52)])
            m.polygon(D.darken(base, 0.15), [(22, 52), (50, 52), (50, 84)])
            m.lines(accent, [(50, 20), (22, 52), (50, 84), (78, 52)], 1.2, closed=True)
            surf = m.result()
    elif style in ("gem", "diamond"):
        top, mid, bot = 26, 44, 84
        c.polygon(D.darken(base, 0.4), [(22, mid), (36, top), (64, top), (78, mid), (50, bot)])
        c.polygon(base, [(24, mid), (37, top + 2), (63, top + 2), (76, mid), (50, bot - 3)])
        c.polygon(D.lighten(base, 0.3), [(37, top + 2), (50, mid), (24, mid)])
        c.polygon(accent, [(37, top + 2), (63, top + 2), (50, mid)])
        c.polygon(D.lighten(base, 0.15), [(63, top + 2), (76, mid), (50, mid)])
        c.polygon(D.darken(base, 0.15), [(24, mid), (50, mid), (50, bot - 3)])
        c.polygon(D.darken(base, 0.05), [(50, mid), (76, mid), (50, bot - 3)])
        c.polygon((255, 255, 255, 200), D.star_points(34, 32, 6, 1.5, 4, 0))
    elif style == "opal":
        body = D.SS_Canvas(100, 100)
        body.ellipse(D.darken(base, 0.3), (18, 32, 64, 46))
        body.ellipse(base, (20, 34, 60, 42))
        body_s = body.result()
        pat = D.SS_Canvas(100, 100)
        cols = [(255, 150, 190), (140, 220, 200), (160, 170, 255), (255, 220, 130), (170, 240, 150)]
        for _ in range(22):
            pat.circle(
                rng.choice(cols) + (170,), (rng.uniform(22, 78), rng.uniform(36, 74)), rng.uniform(3, 8)
            )
        body_s.blit(_clip(pat.result(), body_s), (0, 0))
        hl = D.SS_Canvas(100, 100)
        hl.ellipse((255, 255, 255, 140), (30, 38, 22, 8))
        body_s.blit(hl.result(), (0, 0))
        surf = body_s
    elif style == "ammonite":
        cx, cy = 50, 54
        c.circle(D.darken(base, 0.4), (cx, cy), 33)
        c.circle(base, (cx, cy), 31)
        spiral = []
        for i in range(160):
            a = i * 0.085
            r = 30 * math.exp(-0.085 * i / 3.3)
            spiral.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        c.lines(accent, spiral, 2.2)
        for i in range(0, 140, 4):
            a = i * 0.085
            r = 30 * math.exp(-0.085 * i / 3.3)
            r2 = r * 0.62
            c.line(
                D.darken(base, 0.2),
                (cx + r * math.cos(a), cy + r * math.sin(a)),
                (cx + r2 * math.cos(a + 0.25), cy + r2 * math.sin(a + 0.25)),
                1,
            )
    elif style == "trilobite":
        c.ellipse(D.darken(base, 0.4), (28, 14, 44, 74))
        c.ellipse(base, (30, 16, 40, 70))
        c.ellipse(D.lighten(base, 0.15), (33, 17, 34, 20))
        c.rect(D.lighten(base, 0.2), (45, 30, 10, 52), radius=5)
        for i in range(10):
            y = 38 + i * 4.6
            c.line(accent, (33 + i * 0.4, y), (67 - i * 0.4, y), 1.4)
        for sx in (-1, 1):
            c.circle((30, 26, 24), (50 + sx * 10, 24), 2.6)
    elif style == "skull":
        bone, shade = base, accent
        c.polygon(
            D.darken(bone, 0.45),
            [(8, 52), (20, 32), (56, 24), (88, 34), (94, 54), (80, 70), (40, 72), (14, 66)],
        )
        c.polygon(bone, [(11, 52), (22, 34), (56, 27), (86, 36), (91, 53), (78, 67), (40, 69), (16, 63)])
        c.circle((40, 32, 28), (66, 42), 8)
        c.ellipse((40, 32, 28), (36, 38, 16, 11))
        c.circle((40, 32, 28), (18, 46), 3)
        for i in range(8):
            x = 20 + i * 7.5
            c.polygon((250, 246, 236), [(x, 64), (x + 5, 64), (x + 2.5, 74)])
        c.polygon(shade, [(20, 74), (84, 68), (82, 76), (30, 82)])
        c.lines(D.darken(bone, 0.3), [(44, 52), (60, 56), (76, 52)], 1.2)
    elif style == "amber":
        body = D.SS_Canvas(100, 100)
        body.polygon(D.darken(base, 0.35), [(50, 16), (76, 50), (72, 76), (50, 86), (28, 76), (24, 50)])
        body.polygon(base, [(50, 19), (73, 50), (69, 74), (50, 83), (31, 74), (27, 50)])
        body.polygon(accent + (160,), [(50, 19), (62, 40), (44, 50), (30, 48)])
        # A tiny insect inside.
        body.ellipse((70, 40, 20, 220), (46, 54, 8, 14))
        body.circle((70, 40, 20, 220), (50, 52), 3)
        for sy in (-1, 1):
            body.ellipse((255, 255, 255, 110), (38 if sy < 0 else 52, 52, 10, 5))
        surf = body.result()
    elif style == "tusk":
        pts_t = []
        for i in range(21):
            t = i / 20
            a = math.pi * (0.95 - 0.85 * t)
            r = 36
            pts_t.append((50 + r * math.cos(a), 82 - r * math.sin(a) * 1.25 + 20 * t))
        outer = pts_t
        inner = [(x + 3 + 7 * (1 - i / 20), y + 8 * (1 - i / 20)) for i, (x, y) in enumerate(pts_t)]
        poly = outer + list(reversed(inner))
        c.polygon(D.darken(base, 0.4), poly)
        c.polygon(base, [(x + 0.6, y + 0.6) for x, y in poly])
        c.lines(accent, [(x + 3, y + 3) for x, y in outer[:-3]], 1.2)
    elif style == "shell":
        cx, by = 50, 80
        c.polygon(
            D.darken(base, 0.4),
            [(cx - 8, by), (cx + 8, by)]
            + [
                (cx + 38 * math.cos(a), by - 8 - 46 * math.sin(a))
                for a in [i * math.pi / 16 for i in range(17)]
            ],
        )
        fan = [
            (cx + 35 * math.cos(a), by - 9 - 43 * math.sin(a)) for a in [i * math.pi / 16 for i in range(17)]
        ]
        c.polygon(base, [(cx - 6, by - 2), (cx + 6, by - 2)] + fan)
        for i in range(1, 16, 2):
            a = i * math.pi / 16
            c.line(accent, (cx, by - 4), (cx + 33 * math.cos(a), by - 9 - 41 * math.sin(a)), 1.8)
        c.rect(D.darken(base, 0.2), (cx - 10, by - 4, 20, 8), radius=3)
    if surf is None:
        surf = c.result()
    else:
        shadow_layer = c.result()
        shadow_layer.blit(surf, (0, 0))
        surf = shadow_layer
    return pygame.transform.smoothscale(surf, (size, size))


def kind_icon(kind: str, size: int = 40) -> pygame.Surface:
    """A round icon for a rock kind (flame, layers, waves, crystal, spiral, comet)."""
    hue = KIND_COLOURS[kind]
    c = D.SS_Canvas(100, 100)
    c.circle((0, 0, 0, 70), (50, 53), 46)
    c.circle(D.darken(hue, 0.4), (50, 50), 46)
    c.circle(hue, (50, 50), 41)
    w = (252, 248, 240)
    if kind == "igneous":
        c.polygon(w, [(50, 18), (68, 46), (70, 64), (60, 78), (40, 78), (30, 64), (34, 48), (42, 56)])
        c.polygon(hue, [(50, 48), (60, 62), (56, 74), (44, 74), (40, 64)])
    elif kind == "sedimentary":
        for i, y in enumerate((32, 46, 60, 74)):
            c.rect(w if i % 2 == 0 else D.lighten(hue, 0.6), (24, y - 5, 52, 9), radius=3)
    elif kind == "metamorphic":
        for y in (34, 50, 66):
            c.lines(w, [(22 + x, y + 6 * math.sin(x / 8)) for x in range(0, 57, 4)], 5)
    elif kind == "mineral":
        c.polygon(w, [(50, 16), (66, 34), (66, 70), (50, 84), (34, 70), (34, 34)])
        c.polygon(D.lighten(hue, 0.55), [(50, 16), (66, 34), (50, 42), (34, 34)])
        c.line(hue, (50, 42), (50, 84), 2)
    elif kind == "fossil":
        spiral = [
            (50 + 30 * math.exp(-i / 40) * math.cos(i / 6), 52 + 30 * math.exp(-i / 40) * math.sin(i / 6))
            for i in range(110)
        ]
        c.lines(w, spiral, 5)
    else:
        for a, b, width in (((54, 54), (20, 20), 7), ((60, 48), (40, 18), 4), ((48, 60), (18, 40), 4)):
            c.line(w + (200,), a, b, width)
        c.circle(w, (60, 60), 14)
        c.circle(hue, (56, 56), 4)
        c.circle(hue, (65, 64), 2.5)
    return pygame.transform.smoothscale(c.result(), (size, size))
