"""Drawing helpers shared by the scenes: fonts that render Japanese, text
layout (anchors, wrapping), translucent panels and scaled asset images.

Fonts: the manifest's ``font`` entries if there are any, else the Noto Sans
JP files bundled with pygame-gui (Latin and Japanese in one face).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pygame

from .assets import AssetError
from .i18n import language

_fonts: dict[tuple, pygame.font.Font] = {}
_font_files: dict[bool, str] = {}
_scaled: dict[tuple, pygame.Surface] = {}
_texts: dict[tuple, pygame.Surface] = {}
_panels: dict[tuple, pygame.Surface] = {}
TEXT_CACHE = 800
NO_LINE_START = set("。、，．・：；）」』】！？ー〜～ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…")  # never start a line
NO_LINE_END = set("（「『【")  # Japanese characters that never end a line

INK = (240, 236, 226)
MUTED = (170, 176, 170)
GOLD = (240, 200, 90)
RED = (226, 92, 80)
PANEL = (14, 26, 22)


def _bundled_font(bold: bool) -> str:
    import pygame_gui

    data = Path(pygame_gui.__file__).parent / "data"
    return str(data / ("NotoSansJP-Bold.otf" if bold else "NotoSansJP-Regular.otf"))


def font_file(assets, bold: bool = False) -> str:
    """The Japanese-capable font file: manifest ``font`` entries first, then pygame-gui's."""
    if bold in _font_files:
        return _font_files[bold]
    path = None
    if assets is not None:
        keys = assets.keys(kind="font")
        wanted = [k for k in keys if ("bold" in k) == bold] or keys
        for key in wanted:
            p = assets.path(key)
            if p.is_file():
                path = str(p)
                break
    _font_files[bold] = path or _bundled_font(bold)
    return _font_files[bold]


def font(size: int, bold: bool = False, assets=None) -> pygame.font.Font:
    key = (size, bold)
    f = _fonts.get(key)
    if f is None:
        f = _fonts[key] = pygame.font.Font(font_file(assets, bold), size)
    return f


def text(surface, msg: str, pos, size: int = 20, colour=INK, anchor: str = "topleft",
         bold: bool = False, shadow: bool = False) -> pygame.Rect:
    """Draw one line; ``anchor`` is a ``pygame.Rect`` attribute name (``center``, ``midright``...)."""
    img = _render(msg, size, tuple(colour), bold)
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(_render(msg, size, (0, 0, 0), bold), rect.move(2, 2))
    surface.blit(img, rect)
    return rect


def _render(msg: str, size: int, colour: tuple, bold: bool) -> pygame.Surface:
    """Rendered text, cached (the same labels are drawn every frame)."""
    key = (msg, size, colour, bold)
    img = _texts.get(key)
    if img is None:
        if len(_texts) >= TEXT_CACHE:
            _texts.clear()
        img = _texts[key] = font(size, bold).render(msg, True, colour)
    return img


# Inside a word with Japanese in it, the unbreakable pieces: a run of Latin letters, digits and signs
# ("25", "×2", "+5", "−3", "VP"), with a number range ("2〜4") and the counter after a number ("4人",
# "3つ", "2コイン") kept on it; a katakana word of up to 10 characters ("オパール"); or else one
# Japanese character.
_KATAKANA = "[\u30a1-\u30fa\u30fc]"
_JA_PIECE = re.compile(r"[^\u2e80-\U0010ffff]+(?:(?<=\d)[〜～]\d+)?(?:(?<=\d)(?:[\u3400-\u9fffつ]|"
                       + _KATAKANA + r"{1,6}))?|" + _KATAKANA + r"{2,10}|.")
# The same without katakana words: for a piece too wide for its line on its own.
_JA_PIECE_FINE = re.compile(r"[^\u2e80-\U0010ffff]+(?:(?<=\d)[〜～]\d+)?(?:(?<=\d)[\u3400-\u9fffつ])?|.")
OPERATORS = set("×÷=+−±")  # a formula ("3 × 3 = 9") does not break beside its signs


def pieces(para: str) -> list[tuple[int, int, bool]]:
    """The unbreakable pieces of a paragraph as (start, end, a space comes before): Latin words; in
    Japanese single characters, but a run of Latin letters, digits and signs stays whole ("25", "×2",
    "+5", "2〜4人"), and so does a katakana word ("オパール"): see ``_JA_PIECE``."""
    out = []
    for word in re.finditer("[^ ]+", para):
        space = word.start() > 0
        if not any(_is_cjk(c) for c in word.group()):
            out.append((word.start(), word.end(), space))
            continue
        for m in _JA_PIECE.finditer(word.group()):
            out.append((word.start() + m.start(), word.start() + m.end(), space and m.start() == 0))
    return out


def _breakable(para: str, pieces: list[tuple[int, int, bool]], k: int) -> bool:
    """May a line break before ``pieces[k]``?  At a space or beside a Japanese character, but never
    before a character of ``NO_LINE_START``, after one of ``NO_LINE_END`` or beside a lone sign."""
    (a0, a1, _), (b0, b1, space) = pieces[k - 1], pieces[k]
    if para[b0] in NO_LINE_START or para[a1 - 1] in NO_LINE_END:
        return False
    if set(para[a0:a1]) <= OPERATORS or set(para[b0:b1]) <= OPERATORS:
        return False
    return space or _is_cjk(para[a1 - 1]) or _is_cjk(para[b0])


def break_lines(text: str, width: int, measure: Callable[[int, int], int]) -> list[tuple[int, int]]:
    """Where the lines of ``text`` wrapped to ``width`` pixels start and end (``text[start:end]``),
    ``measure(start, end)`` being the width of ``text[start:end]`` (so that styled text, such as the
    rules' bold runs, wraps by the same rules as :func:`wrap`).

    Lines break at ``\\n``, at spaces and between Japanese characters, never inside a piece of
    :func:`pieces`, and keep the kinsoku rules: no ``NO_LINE_START`` character starts a line (the
    one before ``ー`` or ``。`` goes down with it), no ``NO_LINE_END`` character ends one, and a
    paragraph does not end on one Japanese character alone.  What cannot go down hangs past ``width``.
    The spaces at a break are left out."""
    out: list[tuple[int, int]] = []
    offset = 0
    for para in text.split("\n"):
        lines = _break_para(para, width, lambda s, e, o=offset: measure(o + s, o + e))
        out += [(offset + s, offset + e) for s, e in lines]
        offset += len(para) + 1
    return out


def _narrow_pieces(para: str, parts: list, width: int, measure) -> list:
    """``parts`` with every Japanese piece wider than ``width`` on its own (a long katakana word in
    a narrow box) cut into the finer pieces of ``_JA_PIECE_FINE``."""
    out = []
    for start, end, space in parts:
        if end - start > 1 and any(_is_cjk(c) for c in para[start:end]) and measure(start, end) > width:
            for m in _JA_PIECE_FINE.finditer(para[start:end]):
                out.append((start + m.start(), start + m.end(), space and m.start() == 0))
        else:
            out.append((start, end, space))
    return out


def _break_para(para: str, width: int, measure) -> list[tuple[int, int]]:
    parts = _narrow_pieces(para, pieces(para), width, measure)
    if not parts:
        return [(0, 0)]
    ok = [False] + [_breakable(para, parts, k) for k in range(1, len(parts))]  # a break before piece k

    def fits(i: int, j: int) -> bool:  # parts[i:j] on one line
        return measure(parts[i][0], parts[j - 1][1]) <= width

    starts = [0]  # the first piece of each line
    for j in range(2, len(parts) + 1):
        while j - starts[-1] > 1 and not fits(starts[-1], j):
            cut = None  # the last break before which the line fits, else the last break at all
            for k in range(j - 1, starts[-1], -1):
                if ok[k]:
                    if fits(starts[-1], k):
                        cut = k
                        break
                    cut = cut or k
            if cut is None:
                break  # nothing may go down: it hangs
            starts.append(cut)
    _no_orphan(para, parts, ok, starts, fits)
    ends = [*starts[1:], len(parts)]
    return [(parts[i][0], parts[j - 1][1]) for i, j in zip(starts, ends, strict=True)]


def _no_orphan(para: str, parts, ok: list[bool], starts: list[int], fits) -> None:
    """A paragraph must not end on one Japanese character (and its closing punctuation) alone: the
    previous line gives it its last piece (with the ``。`` or ``ー`` after it)."""
    if len(starts) < 2:
        return
    last = para[parts[starts[-1]][0]:parts[-1][1]]
    if not _is_cjk(last[0]) or len(last.rstrip("".join(NO_LINE_START))) > 1:
        return
    first = starts[-2]
    k = next((k for k in range(starts[-1] - 1, first, -1) if ok[k]), None)
    if k is not None and parts[k - 1][1] - parts[first][0] >= 2 and fits(k, len(parts)):
        starts[-1] = k


def wrap(msg: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``msg`` into lines that fit ``width`` pixels: by words, between Japanese characters
    (:func:`break_lines`)."""
    f = font(size, bold)
    return [msg[s:e] for s, e in break_lines(msg, width, lambda s, e: f.size(msg[s:e])[0])]


def _is_cjk(ch: str) -> bool:
    return ord(ch) >= 0x2E80


def ellipsize(msg: str, size: int, width: int, bold: bool = False, tail: int = 0) -> str:
    """``msg`` shortened with "…" so that it fits ``width`` pixels (unchanged if it fits), keeping its
    last ``tail`` characters ("Bot · heur… #2": what tells two names apart is often at the end)."""
    f = font(size, bold)
    if f.size(msg)[0] <= width:
        return msg
    end = msg[len(msg) - tail:] if tail else ""
    head = msg[:len(msg) - len(end)]
    while head and f.size(head + "…" + end)[0] > width:
        head = head[:-1]
    return head.rstrip() + "…" + end


def text_block(surface, msg: str, rect: pygame.Rect, size: int = 18, colour=INK,
               line_gap: int = 4, bold: bool = False) -> int:
    """Draw wrapped text inside ``rect``; returns the height used."""
    y = rect.top
    h = font(size, bold).get_linesize()
    for line in wrap(msg, size, rect.width, bold):
        if y + h > rect.bottom:
            break
        text(surface, line, (rect.left, y), size, colour, bold=bold)
        y += h + line_gap
    return y - rect.top


def panel(surface, rect: pygame.Rect, alpha: int = 170, colour=PANEL, radius: int = 12,
          border=(90, 120, 100)) -> None:
    """A rounded translucent panel (the layer is cached per size and colours)."""
    key = (tuple(rect.size), alpha, tuple(colour), radius, tuple(border) if border else None)
    layer = _panels.get(key)
    if layer is None:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=radius)
        if border is not None:
            pygame.draw.rect(layer, (*border, 200), layer.get_rect(), width=2, border_radius=radius)
        if len(_panels) > 200:
            _panels.clear()
        _panels[key] = layer
    surface.blit(layer, rect)


def localized(assets, key: str) -> str:
    """The key of ``key``'s face in the current language: its ``<key>.<lang>`` variant if the manifest
    has one (a card whose printed text is translated), else ``key``. Pass the result to :func:`image`,
    whose cache is keyed by it, so a change of language shows the other faces at once."""
    return assets.localized(key, language())


def image(assets, key: str, size: tuple[int, int] | None = None, opaque: bool = False) -> pygame.Surface:
    """The asset ``key``, smoothly scaled to ``size`` (cached).

    A key the manifest does not (yet) provide gives a visibly empty frame of the
    right size instead of crashing the client; the console names the key once.
    """
    cache_key = (key, size, opaque)
    surf = _scaled.get(cache_key)
    if surf is not None:
        return surf
    try:
        base = assets.image(key)
    except AssetError as exc:
        if (key, None) not in _scaled:
            print(f"tabletop-trio: missing asset: {exc}")
        base = pygame.Surface(size or (64, 64), pygame.SRCALPHA)
        pygame.draw.rect(base, (200, 60, 200, 180), base.get_rect(), width=2)
        _scaled[(key, None)] = base
    surf = base if size is None or base.get_size() == tuple(size) else pygame.transform.smoothscale(base, size)
    if opaque and pygame.display.get_surface() is not None:
        surf = surf.convert()  # full-screen backgrounds: an opaque blit is much faster
    _scaled[cache_key] = surf
    return surf


def clear_cache() -> None:
    """Forget scaled images and fonts (a new App after ``pygame.quit``)."""
    _scaled.clear()
    _fonts.clear()
    _texts.clear()
    _panels.clear()
