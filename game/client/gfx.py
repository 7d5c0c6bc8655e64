"""Drawing helpers shared by the scenes: fonts that render Japanese, text
layout (anchors, wrapping), translucent panels and scaled asset images.

Fonts: the manifest's ``font`` entries if there are any, else the Noto Sans
JP files bundled with pygame-gui (Latin and Japanese in one face).
"""

from __future__ import annotations

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
NO_LINE_START = set("。、，．・：；）」』】！？ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…")  # never start a line
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


def tokens(para: str) -> list[tuple[str, bool]]:
    """Words (Latin) or single characters (Japanese), each with "a space comes before"."""
    out = []
    for wi, word in enumerate(para.split(" ")):
        if any(ord(c) >= 0x2E80 for c in word):
            out.extend((ch, wi > 0 and ci == 0) for ci, ch in enumerate(word))
        else:
            out.append((word, wi > 0))
    return out


def wrap(msg: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``msg`` into lines that fit ``width`` pixels (by words, or by characters for Japanese)."""
    f = font(size, bold)
    lines: list[str] = []
    for para in msg.split("\n"):
        start = len(lines)
        line = ""
        for tok, space in tokens(para):
            trial = f"{line}{' ' if space and line else ''}{tok}"
            if f.size(trial)[0] <= width or not line:
                line = trial
                continue
            # the break goes before the last character that may start a line (``ー`` or ``。`` never
            # do: the character before them goes down too) and after one that may end it (not ``「``)
            cut = len(line) if tok not in NO_LINE_START else len(line) - 1
            while 0 < cut < len(line) and line[cut] in NO_LINE_START:
                cut -= 1
            while cut > 0 and line[cut - 1] in NO_LINE_END:
                cut -= 1
            if 0 < cut < len(line) and not _is_cjk(line[cut]):  # "8）": the Latin word goes down whole
                cut = line.rfind(" ", 0, cut)
                if cut > 0:
                    lines.append(line[:cut])
                    line = line[cut + 1:] + (" " if space else "") + tok
                    continue
            if cut <= 0:
                line = trial  # nothing can go down with it: it hangs
                continue
            lines.append(line[:cut])
            line = line[cut:] + (" " if space and cut < len(line) else "") + tok if cut < len(line) else tok
        lines.append(line)
        _no_orphan(lines, start)
    return lines


def _no_orphan(lines: list[str], first: int) -> None:
    """A paragraph (``lines[first:]``) must not end on one Japanese character (and its closing
    punctuation) alone: the previous line gives it one more."""
    last = lines[-1]
    if len(lines) - first < 2 or not last or not _is_cjk(last[0]) or len(last.rstrip("".join(NO_LINE_START))) > 1:
        return
    prev = lines[-2]
    cut = len(prev) - 1
    while cut > 0 and prev[cut] in NO_LINE_START:
        cut -= 1
    if cut < 2 or not _is_cjk(prev[cut]) or prev[cut - 1] in NO_LINE_END:
        return
    lines[-2], lines[-1] = prev[:cut], prev[cut:] + last


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
