"""Drawing helpers shared by the asset generators: fonts, gradients, rounded cards, shadows, text.

Everything is deterministic: no randomness except from explicitly seeded ``random.Random``
objects, and anti-aliasing comes from supersampling (draw at ``SS`` times the size, then
``smoothscale``) or from pygame's ``aa*`` primitives.
"""

from __future__ import annotations

import math
import os
from functools import cache
from itertools import combinations, pairwise
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

SS = 4  # supersampling factor for shapes

Colour = tuple[int, ...]


def init() -> None:
    """Initialise the pygame modules the generators need (headless); forgets the fonts loaded before
    (they are invalid once ``pygame.quit`` ran, e.g. after a client test in the same process)."""
    pygame.init()
    pygame.font.init()
    font.cache_clear()


def font_dir() -> Path:
    """Directory of pygame-gui's bundled fonts (Noto Sans, Noto Sans JP, ...)."""
    import pygame_gui.data

    return Path(pygame_gui.data.__file__).resolve().parent


@cache
def font(size: int, bold: bool = False, jp: bool = False) -> pygame.font.Font:
    """A Noto Sans font (Japanese-capable Noto Sans JP when ``jp``) of pixel ``size``."""
    if jp:
        name = "NotoSansJP-Bold.otf" if bold else "NotoSansJP-Regular.otf"
    else:
        name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    return pygame.font.Font(str(font_dir() / name), size)


def surface(w: int, h: int) -> pygame.Surface:
    """A transparent 32-bit surface."""
    return pygame.Surface((w, h), pygame.SRCALPHA, 32)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Linear blend of two colours (t=0 gives a, t=1 gives b); keeps alpha if both have it."""
    n = min(len(a), len(b))
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(n))


def lighten(c: Colour, t: float) -> Colour:
    """Blend towards white."""
    return mix(c[:3], (255, 255, 255), t)


def darken(c: Colour, t: float) -> Colour:
    """Blend towards black."""
    return mix(c[:3], (0, 0, 0), t)


def vgradient(w: int, h: int, top: Colour, bottom: Colour) -> pygame.Surface:
    """A vertical gradient surface from ``top`` to ``bottom``."""
    s = surface(w, h)
    for y in range(h):
        t = y / max(1, h - 1)
        pygame.draw.line(s, mix(top, bottom, t), (0, y), (w - 1, y))
    return s


def radial_gradient(
    w: int, h: int, inner: Colour, outer: Colour, centre=(0.5, 0.45), radius: float = 0.75, steps: int = 96
) -> pygame.Surface:
    """A soft radial gradient (inner colour at ``centre``), drawn small and smoothscaled up."""
    sw, sh = max(8, w // 8), max(8, h // 8)
    small = surface(sw, sh)
    small.fill(outer)
    cx, cy = centre[0] * sw, centre[1] * sh
    rmax = radius * math.hypot(sw, sh)
    for i in range(steps, 0, -1):
        t = i / steps
        pygame.draw.circle(small, mix(inner, outer, t**1.4), (cx, cy), max(1.0, rmax * t))
    return pygame.transform.smoothscale(small, (w, h))


def rounded_mask(w: int, h: int, radius: int) -> pygame.Surface:
    """An anti-aliased white rounded-rectangle mask (alpha carries the shape)."""
    big = surface(w * SS, h * SS)
    pygame.draw.rect(big, (255, 255, 255, 255), big.get_rect(), border_radius=radius * SS)
    return pygame.transform.smoothscale(big, (w, h))


def apply_mask(src: pygame.Surface, mask: pygame.Surface) -> pygame.Surface:
    """Multiply ``src`` alpha by ``mask`` alpha (same size)."""
    out = src.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def shadow(w: int, h: int, radius: int, blur: int = 4, alpha: int = 110) -> pygame.Surface:
    """A blurred dark rounded rectangle of size (w + 4*blur, h + 4*blur), shape centred."""
    pad = blur * 2
    s = surface(w + 2 * pad, h + 2 * pad)
    pygame.draw.rect(s, (0, 0, 0, alpha), (pad, pad, w, h), border_radius=radius)
    return pygame.transform.gaussian_blur(s, blur)


def rounded_panel(
    w: int,
    h: int,
    radius: int,
    top: Colour,
    bottom: Colour,
    border: Colour | None = None,
    border_w: int = 2,
    inner_line: Colour | None = None,
) -> pygame.Surface:
    """A rounded gradient panel with an anti-aliased border and optional inner keyline."""
    body = apply_mask(vgradient(w, h, top, bottom), rounded_mask(w, h, radius))
    if border is not None:
        big = surface(w * SS, h * SS)
        pygame.draw.rect(big, border, big.get_rect(), width=border_w * SS, border_radius=radius * SS)
        if inner_line is not None:
            inset = (border_w + 3) * SS
            pygame.draw.rect(
                big,
                inner_line,
                big.get_rect().inflate(-2 * inset, -2 * inset),
                width=max(1, SS),
                border_radius=max(0, radius - border_w - 3) * SS,
            )
        body.blit(pygame.transform.smoothscale(big, (w, h)), (0, 0))
    return body


def card_base(
    w: int,
    h: int,
    top: Colour,
    bottom: Colour,
    border: Colour,
    radius: int = 10,
    inner_line: Colour | None = None,
    margin: tuple[int, int, int, int] = (2, 1, 2, 4),
) -> tuple[pygame.Surface, pygame.Rect]:
    """A card of outer size (w, h): soft drop shadow plus a rounded gradient body.

    ``margin`` is (left, top, right, bottom) space left for the shadow. Returns the surface
    and the body rectangle to draw the face into.
    """
    left, top_m, right, bottom_m = margin
    body_rect = pygame.Rect(left, top_m, w - left - right, h - top_m - bottom_m)
    out = surface(w, h)
    sh = shadow(body_rect.w, body_rect.h, radius, blur=2, alpha=120)
    pad = 4
    out.blit(sh, (body_rect.x - pad, body_rect.y - pad + 2))
    out.blit(
        rounded_panel(body_rect.w, body_rect.h, radius, top, bottom, border, 2, inner_line), body_rect.topleft
    )
    return out, body_rect


def text(
    dest: pygame.Surface,
    s: str,
    fnt: pygame.font.Font,
    colour: Colour,
    center=None,
    topleft=None,
    outline: Colour | None = None,
    outline_w: int = 1,
    drop: Colour | None = None,
) -> pygame.Rect:
    """Blit anti-aliased text at ``center`` or ``topleft`` with optional outline and drop shadow."""
    img = fnt.render(s, True, colour)
    rect = img.get_rect()
    if center is not None:
        rect.center = (round(center[0]), round(center[1]))
    elif topleft is not None:
        rect.topleft = (round(topleft[0]), round(topleft[1]))
    if drop is not None:
        d = fnt.render(s, True, drop[:3])
        if len(drop) > 3:
            d.set_alpha(drop[3])
        dest.blit(d, rect.move(0, max(1, fnt.get_height() // 18)))
    if outline is not None:
        o = fnt.render(s, True, outline)
        for dx in range(-outline_w, outline_w + 1):
            for dy in range(-outline_w, outline_w + 1):
                if dx * dx + dy * dy <= outline_w * outline_w + 1 and (dx or dy):
                    dest.blit(o, rect.move(dx, dy))
    dest.blit(img, rect)
    return rect


def fit_font(
    s: str, max_w: int, size: int, bold: bool = False, jp: bool = False, min_size: int = 8
) -> pygame.font.Font:
    """The largest font (at most ``size``) in which ``s`` fits into ``max_w`` pixels."""
    while size > min_size and font(size, bold, jp).size(s)[0] > max_w:
        size -= 1
    return font(size, bold, jp)


NO_LINE_START = set("、。，．・：；？！ー）」』】〉》…っゃゅょぁぃぅぇぉッャュョァィゥェォ")  # kinsoku
NO_LINE_END = set("（「『【〈《")


def has_cjk(s: str) -> bool:
    """Whether ``s`` holds Japanese (or other CJK) characters."""
    return any(ord(c) >= 0x2E80 for c in s)


def _fill_lines(pieces, too_wide, may_break=lambda cur, piece: True) -> list[str]:
    """Greedy filling: pieces joined into lines, a new line when the next piece would make the
    line ``too_wide`` (and a break is allowed there)."""
    lines: list[str] = []
    cur = ""
    for piece in pieces:
        if cur and too_wide(cur + piece) and may_break(cur, piece):
            lines.append(cur)
            cur = piece
        else:
            cur += piece
    if cur:
        lines.append(cur)
    return lines


def _break_chars(word: str, fnt: pygame.font.Font, max_w: int) -> list[str]:
    """``word`` (Japanese) cut between characters into pieces no wider than ``max_w`` where possible:
    never before 、。ー）… nor after （「 (kinsoku)."""
    return _fill_lines(
        word,
        lambda text: fnt.size(text)[0] > max_w,
        lambda cur, ch: ch not in NO_LINE_START and cur[-1] not in NO_LINE_END,
    )


def wrap(s: str, fnt: pygame.font.Font, max_w: int) -> list[str]:
    """Greedy word wrap of ``s`` into lines no wider than ``max_w`` (long words kept whole, except
    Japanese ones, which break between characters)."""
    lines: list[str] = []
    cur = ""
    for word in s.split():
        parts = _break_chars(word, fnt, max_w) if has_cjk(word) and fnt.size(word)[0] > max_w else [word]
        for i, part in enumerate(parts):
            trial = f"{cur}{'' if i else ' '}{part}".strip()
            if cur and fnt.size(trial)[0] > max_w:
                lines.append(cur)
                cur = part
            else:
                cur = trial
    if cur:
        lines.append(cur)
    return lines


def wrap_ja(s: str, fnt: pygame.font.Font, max_w: int) -> list[str]:
    """Wrap Japanese text: its spaces mark where a line may break and are not printed (so a card's
    text breaks between phrases, 自分の 表向きの カードに); the lines are balanced (as many as a
    greedy fill needs, the widest as narrow and then the shortest as long as possible). A phrase wider than the line breaks
    between characters."""
    phrases: list[str] = []
    for phrase in s.split():
        phrases += _break_chars(phrase, fnt, max_w) if fnt.size(phrase)[0] > max_w else [phrase]
    lines = _fill_lines(phrases, lambda text: fnt.size(text)[0] > max_w)
    if 1 < len(lines) and len(phrases) <= 16:
        best = None
        for cuts in combinations(range(1, len(phrases)), len(lines) - 1):
            bounds = (0, *cuts, len(phrases))
            trial = ["".join(phrases[a:b]) for a, b in pairwise(bounds)]
            widths = [fnt.size(line)[0] for line in trial]
            score = (max(widths), -min(widths))  # the widest as narrow, the shortest as long as can be
            if best is None or score < best[0]:
                best = (score, trial)
        lines = best[1]
    return lines


def block_layout(
    s: str,
    rect: pygame.Rect,
    size: int,
    bold: bool = False,
    jp: bool = False,
    min_size: int = 8,
    line_gap: int = 0,
) -> tuple[pygame.font.Font, list[str], int, bool]:
    """How :func:`text_block` sets ``s`` into ``rect``: the largest font from ``size`` down to
    ``min_size`` whose wrapped lines fit. Returns (font, lines, line height, whether it fits)."""
    size_now = size
    while True:
        fnt = font(size_now, bold, jp)
        lines = wrap_ja(s, fnt, rect.w) if jp else wrap(s, fnt, rect.w)
        lh = fnt.get_linesize() + line_gap
        widest = max((fnt.size(line)[0] for line in lines), default=0)
        fits = lh * len(lines) <= rect.h and widest <= rect.w
        if fits or size_now <= min_size:
            return fnt, lines, lh, fits
        size_now -= 1


def text_block(
    dest: pygame.Surface,
    s: str,
    rect: pygame.Rect,
    colour: Colour,
    size: int,
    bold: bool = False,
    jp: bool = False,
    min_size: int = 8,
    line_gap: int = 0,
) -> bool:
    """Word-wrap ``s`` centred into ``rect``, shrinking the font until it fits (``jp``: Japanese
    text, see :func:`wrap_ja`). Returns whether it fits even at ``min_size``."""
    fnt, lines, lh, fits = block_layout(s, rect, size, bold, jp, min_size, line_gap)
    y = rect.centery - lh * len(lines) / 2 + lh / 2
    for line in lines:
        text(dest, line, fnt, colour, center=(rect.centerx, y))
        y += lh
    return fits


class SS_Canvas:
    """A supersampled drawing canvas: draw in final coordinates, get an anti-aliased surface.

    Coordinates and lengths passed to the helpers are in final pixels and get multiplied by
    ``SS`` internally; ``result()`` smoothscales down to the final size. Colours with an alpha
    below 255 are alpha-blended over what is already drawn (pygame's draw functions would
    otherwise overwrite the pixels, punching holes).
    """

    def __init__(self, w: int, h: int, scale: int = SS) -> None:
        self.w, self.h, self.k = w, h, scale
        self.big = surface(w * scale, h * scale)

    def _p(self, p):
        return (p[0] * self.k, p[1] * self.k)

    def _draw(self, colour: Colour, fn) -> None:
        """Call ``fn(target)``; translucent colours go through a layer blended on top."""
        if len(colour) > 3 and colour[3] < 255:
            layer = surface(self.big.get_width(), self.big.get_height())
            fn(layer)
            self.big.blit(layer, (0, 0))
        else:
            fn(self.big)

    def circle(self, colour: Colour, centre, r: float, width: float = 0) -> None:
        """Filled (or ring with ``width``) circle."""
        self._draw(
            colour,
            lambda t: pygame.draw.circle(t, colour, self._p(centre), r * self.k, round(width * self.k)),
        )

    def ellipse(self, colour: Colour, rect, width: float = 0) -> None:
        """Ellipse inside ``rect`` (x, y, w, h)."""
        x, y, w, h = rect
        self._draw(
            colour,
            lambda t: pygame.draw.ellipse(
                t, colour, (x * self.k, y * self.k, w * self.k, h * self.k), round(width * self.k)
            ),
        )

    def rect(self, colour: Colour, rect, width: float = 0, radius: float = 0) -> None:
        """Rectangle, optionally rounded."""
        x, y, w, h = rect
        self._draw(
            colour,
            lambda t: pygame.draw.rect(
                t,
                colour,
                (x * self.k, y * self.k, w * self.k, h * self.k),
                round(width * self.k),
                border_radius=round(radius * self.k),
            ),
        )

    def polygon(self, colour: Colour, points, width: float = 0) -> None:
        """Polygon through ``points``."""
        pts = [self._p(p) for p in points]
        self._draw(colour, lambda t: pygame.draw.polygon(t, colour, pts, round(width * self.k)))

    def line(self, colour: Colour, a, b, width: float = 1) -> None:
        """Thick line with round caps."""
        self.lines(colour, [a, b], width)

    def lines(self, colour: Colour, points, width: float = 1, closed: bool = False) -> None:
        """Polyline with round joints (drawn as one shape, so translucency stays even)."""
        pts = [self._p(p) for p in points] + ([self._p(points[0])] if closed else [])
        w = max(1, round(width * self.k))
        opaque = colour[:3] + (255,)

        def fn(t):
            layer = t if len(colour) == 3 or colour[3] == 255 else surface(t.get_width(), t.get_height())
            for pa, pb in zip(pts, pts[1:], strict=False):
                pygame.draw.line(layer, opaque, pa, pb, w)
            if w > 2:
                for p in pts:
                    pygame.draw.circle(layer, opaque, p, w / 2)
            if layer is not t:
                layer.fill((255, 255, 255, colour[3]), special_flags=pygame.BLEND_RGBA_MULT)
                t.blit(layer, (0, 0))

        fn(self.big)

    def arc(self, colour: Colour, rect, start: float, stop: float, width: float = 1) -> None:
        """Arc of the ellipse in ``rect`` from ``start`` to ``stop`` radians."""
        x, y, w, h = rect
        self._draw(
            colour,
            lambda t: pygame.draw.arc(
                t,
                colour,
                (x * self.k, y * self.k, w * self.k, h * self.k),
                start,
                stop,
                max(1, round(width * self.k)),
            ),
        )

    def blit(self, src: pygame.Surface, pos) -> None:
        """Blit a final-size surface, scaled up to canvas resolution."""
        big = pygame.transform.smoothscale(src, (src.get_width() * self.k, src.get_height() * self.k))
        self.big.blit(big, self._p(pos))

    def result(self) -> pygame.Surface:
        """The anti-aliased final-size surface."""
        return pygame.transform.smoothscale(self.big, (self.w, self.h))


def star_points(cx: float, cy: float, r_out: float, r_in: float, n: int = 5, rot: float = -90):
    """Vertices of an n-pointed star."""
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def regular_polygon(cx: float, cy: float, r: float, n: int, rot: float = -90):
    """Vertices of a regular n-gon."""
    return [
        (
            cx + r * math.cos(math.radians(rot + i * 360 / n)),
            cy + r * math.sin(math.radians(rot + i * 360 / n)),
        )
        for i in range(n)
    ]


def glow(w: int, h: int, colour: Colour, blur: int) -> pygame.Surface:
    """A soft glow: ``colour`` rectangle inset by 2*blur, gaussian-blurred."""
    s = surface(w, h)
    pygame.draw.rect(s, colour, (2 * blur, 2 * blur, w - 4 * blur, h - 4 * blur), border_radius=blur * 2)
    return pygame.transform.gaussian_blur(s, blur)
