"""Drawing helpers shared by the scenes: fonts that render Japanese, text
layout (anchors, wrapping), translucent panels and scaled asset images.

Fonts: the manifest's ``font`` entries if there are any, else the Noto Sans
JP files bundled with pygame-gui (Latin and Japanese in one face).
"""

from __future__ import annotations

from pathlib import Path

import pygame

from .assets import AssetError

_fonts: dict[tuple, pygame.font.Font] = {}
_font_files: dict[bool, str] = {}
_scaled: dict[tuple, pygame.Surface] = {}

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
    f = font(size, bold)
    img = f.render(msg, True, colour)
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(f.render(msg, True, (0, 0, 0)), rect.move(2, 2))
    surface.blit(img, rect)
    return rect


def wrap(msg: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``msg`` into lines that fit ``width`` pixels (by words, or by characters for Japanese)."""
    f = font(size, bold)
    lines: list[str] = []
    for para in msg.split("\n"):
        tokens = para.split(" ") if " " in para else list(para)
        joiner = " " if " " in para else ""
        line = ""
        for tok in tokens:
            trial = f"{line}{joiner}{tok}" if line else tok
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = tok
        lines.append(line)
    return lines


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
    """A rounded translucent panel."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(layer, (*border, 200), layer.get_rect(), width=2, border_radius=radius)
    surface.blit(layer, rect)


def image(assets, key: str, size: tuple[int, int] | None = None) -> pygame.Surface:
    """The asset ``key``, smoothly scaled to ``size`` (cached).

    A key the manifest does not (yet) provide gives a visibly empty frame of the
    right size instead of crashing the client; the console names the key once.
    """
    cache_key = (key, size)
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
    _scaled[cache_key] = surf
    return surf


def clear_cache() -> None:
    """Forget scaled images and fonts (a new App after ``pygame.quit``)."""
    _scaled.clear()
    _fonts.clear()
