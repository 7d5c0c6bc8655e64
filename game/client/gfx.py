"""Drawing helpers shared by the scenes: fonts that render Japanese, text
layout (anchors, wrapping), translucent panels and scaled asset images.

Fonts: the manifest's ``font`` entries if there are any, else the Noto Sans
JP files bundled with pygame-gui (Latin and Japanese in one face).
"""

from __future__ import annotations

import functools
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
NO_LINE_START = set(
    "。、，．・：；）」』】！？ー〜～ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…"
)  # never start a line
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


def text(
    surface,
    msg: str,
    pos,
    size: int = 20,
    colour=INK,
    anchor: str = "topleft",
    bold: bool = False,
    shadow: bool = False,
) -> pygame.Rect:
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


# Japanese lines break between phrases (BudouX, Google's phrase segmenter: "この / 手番に / カードを /
# 出さなければなりません。"), at spaces, and only where no phrase fits its line, between words: a run
# of Latin letters, digits and signs with a range and a counter on it ("25", "×2", "2〜4人", "3つ"),
# or a katakana word ("オパール"); only where no word fits either, between characters.
PHRASE, WORD, CHARACTER = 2, 1, 0  # how good a place to break a line is
_ATOM = re.compile(r"[^\u2e80-\U0010ffff ]+|[^ ]")  # a run of Latin, digits and signs; else one character
_KATAKANA = "[\u30a1-\u30fa\u30fc]"
_WORD = re.compile(
    r"[^\u2e80-\U0010ffff ]+(?:(?<=\d)[〜～]\d+)?(?:(?<=\d)(?:[\u3400-\u9fffつ]|"
    + _KATAKANA
    + r"+))?|"
    + _KATAKANA
    + r"{2,}|[^ ]"
)
OPERATORS = set("×÷=+−±")
SHORT_LAST = 0.3  # a Japanese paragraph's last line shorter than this part of the width evens out the lines
BALANCE_STEP = 4  # pixels between the narrower widths tried then  # a formula ("3 × 3 = 9") does not break beside its signs


@functools.cache
def _phrase_parser():
    import budoux

    return budoux.load_default_japanese_parser()


@functools.lru_cache(maxsize=1024)
def _phrase_starts(para: str) -> frozenset[int]:
    """Where BudouX starts a new phrase in ``para`` (offsets)."""
    starts, at = set(), 0
    for phrase in _phrase_parser().parse(para):
        starts.add(at)
        at += len(phrase)
    return frozenset(starts)


def pieces(para: str) -> list[tuple[int, int, int | None]]:
    """The unbreakable atoms of a paragraph as (start, end, how good a break before it is): a Latin word,
    in Japanese one character or a run of Latin letters, digits and signs ("25", "×2"). The quality
    is ``PHRASE`` (between BudouX phrases, at a space), ``WORD``, ``CHARACTER`` (inside a phrase; the
    space between a name and its number, "赤ネズミ 11", ranks as a break between words) or ``None`` (never there:
    the kinsoku rules, beside a lone sign, inside a Latin word); the first atom's is ``None``."""
    atoms = []  # (start, end, a space before)
    for word in re.finditer("[^ ]+", para):
        if not any(_is_cjk(c) for c in word.group()):
            atoms.append((word.start(), word.end(), word.start() > 0))
            continue
        for m in _ATOM.finditer(word.group()):
            atoms.append(
                (word.start() + m.start(), word.start() + m.end(), word.start() > 0 and m.start() == 0)
            )
    japanese = any(_is_cjk(c) for c in para)
    phrases = _phrase_starts(para) if japanese else frozenset()
    words = {word.start() for word in _WORD.finditer(para)} if japanese else set()
    out = []
    for k, (start, end, space) in enumerate(atoms):
        out.append(
            (
                start,
                end,
                None if k == 0 else _break_quality(para, atoms[k - 1], (start, end, space), phrases, words),
            )
        )
    return out


def _break_quality(para: str, before, atom, phrases: frozenset[int], words: set[int]) -> int | None:
    """How good a line break between the atoms ``before`` and ``atom`` is (see :func:`pieces`)."""
    (a0, a1, _), (b0, b1, space) = before, atom
    if para[b0] in NO_LINE_START or para[a1 - 1] in NO_LINE_END:
        return None
    if set(para[a0:a1]) <= OPERATORS or set(para[b0:b1]) <= OPERATORS:
        return None
    if space:  # a name with its number ("赤ネズミ 11") is one word
        return WORD if _is_cjk(para[a1 - 1]) and para[b0].isdigit() else PHRASE
    if not (_is_cjk(para[a1 - 1]) or _is_cjk(para[b0])):
        return None  # inside a Latin word
    if b0 in phrases:
        return PHRASE
    return WORD if b0 in words else CHARACTER


def break_lines(text: str, width: int, measure: Callable[[int, int], int]) -> list[tuple[int, int]]:
    """Where the lines of ``text`` wrapped to ``width`` pixels start and end (``text[start:end]``),
    ``measure(start, end)`` being the width of ``text[start:end]`` (so that styled text, such as the
    rules' bold runs, wraps by the same rules as :func:`wrap`).

    Lines break at ``\\n``; then each line takes as many atoms (:func:`pieces`) as fit and ends at
    the best place there is: between phrases or at a space; only where the line's first phrase
    alone is too wide, between words; only where its first word is, between characters. No
    ``NO_LINE_START`` character starts a line (the one before ``ー`` or ``。`` goes down with it),
    no ``NO_LINE_END`` character ends one, and a paragraph does not end on one Japanese character
    alone. What cannot go down hangs past ``width``. The spaces at a break are left out."""
    out: list[tuple[int, int]] = []
    offset = 0
    for para in text.split("\n"):
        lines = _break_para(para, width, lambda s, e, o=offset: measure(o + s, o + e))
        out += [(offset + s, offset + e) for s, e in lines]
        offset += len(para) + 1
    return out


def _break_para(para: str, width: int, measure) -> list[tuple[int, int]]:
    parts = pieces(para)
    if not parts:
        return [(0, 0)]
    quality = [q for _, _, q in parts]  # of a break before part k
    starts = _starts(para, parts, quality, width, measure)
    if len(starts) > 1 and any(_is_cjk(c) for c in para):
        starts = _balanced(para, parts, quality, width, measure, starts)
    ends = [*starts[1:], len(parts)]
    return [(parts[i][0], parts[j - 1][1]) for i, j in zip(starts, ends, strict=True)]


def _starts(para: str, parts, quality: list, width: int, measure) -> list[int]:
    """The first part of each line when each line takes as many parts as fit ``width``."""

    def fits(i: int, j: int) -> bool:  # parts[i:j] on one line
        return measure(parts[i][0], parts[j - 1][1]) <= width

    starts = [0]
    for j in range(2, len(parts) + 1):
        while j - starts[-1] > 1 and not fits(starts[-1], j):
            cut = _best_break(quality, starts[-1], j, fits)
            if cut is None:
                break  # nothing may go down: it hangs
            starts.append(cut)
    _no_orphan(para, parts, quality, starts, fits)
    return starts


def _balanced(para: str, parts, quality: list, width: int, measure, starts: list[int]) -> list[int]:
    """A Japanese paragraph whose last line is short (less than :data:`SHORT_LAST` of ``width``, or one
    phrase alone in less than half of it: "使います。") is broken as if a little narrower: the widest
    width at which its last line fills half of it, in as many lines, no line wider than that and no
    break worse than before (between phrases stays between phrases)."""

    def widths(st: list[int]) -> list[int]:
        ends = [*st[1:], len(parts)]
        return [measure(parts[i][0], parts[j - 1][1]) for i, j in zip(st, ends, strict=True)]

    last = widths(starts)[-1]
    one_phrase = all(q is None or q < PHRASE for q in quality[starts[-1] + 1 :])
    if last >= SHORT_LAST * width and not (one_phrase and last < width / 2):
        return starts
    worst = min(quality[k] for k in starts[1:])

    def lines_at(w: int) -> tuple[list[int], bool]:  # the lines at ``w`` and whether they will do
        st = _starts(para, parts, quality, w, measure)
        ok = len(st) == len(starts) and max(widths(st)) <= w and min(quality[k] for k in st[1:]) >= worst
        return st, ok

    lo, hi = width // 2, width  # the narrowest width that will do (narrower, more lines)
    while lo < hi:
        mid = (lo + hi) // 2
        if lines_at(mid)[1]:
            hi = mid
        else:
            lo = mid + 1
    for w in range(width - BALANCE_STEP, lo, -BALANCE_STEP):  # the widest at which the last is half full
        st, ok = lines_at(w)
        if ok and widths(st)[-1] >= w / 2:
            return st
    st, ok = lines_at(lo)
    return st if ok and widths(st)[-1] > last else starts


def _best_break(quality: list, first: int, j: int, fits) -> int | None:
    """Where the line starting at part ``first`` ends, part ``j`` not fitting on it: the last break of
    the best quality before which the line fits; else the last break at all (the line hangs)."""
    for level in (PHRASE, WORD, CHARACTER):
        for k in range(j - 1, first, -1):
            if quality[k] is not None and quality[k] >= level and fits(first, k):
                return k
    return next((k for k in range(j - 1, first, -1) if quality[k] is not None), None)


def _no_orphan(para: str, parts, quality: list, starts: list[int], fits) -> None:
    """A paragraph must not end on one Japanese character (and its closing punctuation) alone: the
    previous line gives it its last phrase, word or character (with the ``。`` or ``ー`` after it)."""
    if len(starts) < 2:
        return
    last = para[parts[starts[-1]][0] : parts[-1][1]]
    if not _is_cjk(last[0]) or len(last.rstrip("".join(NO_LINE_START))) > 1:
        return
    first = starts[-2]
    for level in (PHRASE, WORD, CHARACTER):
        for k in range(starts[-1] - 1, first, -1):
            if (
                quality[k] is not None
                and quality[k] >= level
                and parts[k - 1][1] - parts[first][0] >= 2
                and fits(k, len(parts))
            ):
                starts[-1] = k
                return


def wrap(msg: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``msg`` into lines that fit ``width`` pixels: at spaces, between Japanese phrases
    (:func:`break_lines`)."""
    return list(_wrap(msg, size, width, bold))


@functools.lru_cache(maxsize=2048)
def _wrap(msg: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    """:func:`wrap`, cached (the same texts are wrapped every frame; :func:`clear_cache` forgets)."""
    f = font(size, bold)
    return tuple(msg[s:e] for s, e in break_lines(msg, width, lambda s, e: f.size(msg[s:e])[0]))


def _is_cjk(ch: str) -> bool:
    return ord(ch) >= 0x2E80


def ellipsize(msg: str, size: int, width: int, bold: bool = False, tail: int = 0) -> str:
    """``msg`` shortened with "…" so that it fits ``width`` pixels (unchanged if it fits), keeping its
    last ``tail`` characters ("Bot · heur… #2": what tells two names apart is often at the end)."""
    f = font(size, bold)
    if f.size(msg)[0] <= width:
        return msg
    end = msg[len(msg) - tail :] if tail else ""
    head = msg[: len(msg) - len(end)]
    while head and f.size(head + "…" + end)[0] > width:
        head = head[:-1]
    return head.rstrip() + "…" + end


def text_block(
    surface, msg: str, rect: pygame.Rect, size: int = 18, colour=INK, line_gap: int = 4, bold: bool = False
) -> int:
    """Draw wrapped text inside ``rect``; returns the height used."""
    y = rect.top
    h = font(size, bold).get_linesize()
    for line in wrap(msg, size, rect.width, bold):
        if y + h > rect.bottom:
            break
        text(surface, line, (rect.left, y), size, colour, bold=bold)
        y += h + line_gap
    return y - rect.top


def panel(
    surface, rect: pygame.Rect, alpha: int = 170, colour=PANEL, radius: int = 12, border=(90, 120, 100)
) -> None:
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
    surf = (
        base if size is None or base.get_size() == tuple(size) else pygame.transform.smoothscale(base, size)
    )
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
    _wrap.cache_clear()
