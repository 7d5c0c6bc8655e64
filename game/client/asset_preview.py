"""Browse, check and print the game's assets.

Usage (``python -m tools.asset_preview`` in a checkout takes the same arguments, and ``--verify-build``)::

    tabletop-trio assets                    # window: filter by game, zoom, animations, sounds
    tabletop-trio assets --sheet sheet.png  # labelled contact sheet, headless
    tabletop-trio assets --check            # missing / unused / malformed assets (game.asset_check)
    tabletop-trio assets --screenshot shot.png      # run the window a few frames, save it

Window keys: the digits or the buttons pick a filter (0 all, 1 ui, then each game, then sounds);
+/- or the slider zoom; arrows move the selection; click an asset to select it (sounds play);
space replays the animation or sound; F flips a card; wheel / PageUp / PageDown scroll; Esc quits.
The window is 1280 x 800, or smaller to fit the desktop.

Bad input (an unknown ``--select`` key, a ``--root`` without a usable manifest, a ``--sheet`` or
``--screenshot`` path that is not a writable ``.png`` in an existing folder) is one line on stderr and
exit code 2; nothing is written.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
import wave
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is for the command's own lines

from game.asset_check import REQUIRED_FIELDS, headless, report
from game.client.assets import DEFAULT_ROOT, GAMES, MANIFEST_NAME

#: The window's filters: everything, the UI's own assets, each game's (``game.rules.GAMES``), the sounds.
FILTERS = ("all", "ui", *(g for g in GAMES if g != "ui"), "sounds")
#: The filter buttons' labels and widths, but the games' (:func:`filter_label`).
FILTER_LABELS = {"all": ("All", 78), "ui": ("UI", 70), "sounds": ("Sounds", 112)}
SHEET_LABEL_SIZE = 11
PROG = "tabletop-trio assets"


def filter_label(name: str) -> tuple[str, int]:
    """The filter button's text and width (a game's: its title, about 10 px a letter)."""
    if name in FILTER_LABELS:
        return FILTER_LABELS[name]
    from game.rules import GAMES as RULES_GAMES

    text = RULES_GAMES[name].title
    return text, 50 + 10 * len(text)


# ------------------------------------------------------------------------------------ rendering
def _font(size: int, bold: bool = False):
    from game.client import gfx

    return gfx.font(size, bold)


LABEL_BREAKS = ".-_/ "  # a key may wrap after one of these


def _split_label(text: str, f, width: int) -> list[str] | None:
    """``text`` as two lines no wider than ``width`` in font ``f``, broken after a ``.``, ``-``, ``_``,
    ``/`` or space (the most even break that fits), or None if no break fits."""
    best = None
    for i, ch in enumerate(text[:-1]):
        if ch in LABEL_BREAKS:
            first, second = text[: i + 1].rstrip(), text[i + 1 :].lstrip()
            widest = max(f.size(first)[0], f.size(second)[0])
            if first and second and widest <= width and (best is None or widest < best[0]):
                best = (widest, [first, second])
    return best[1] if best else None


def _elide(text: str, f, width: int) -> str:
    """``text`` shortened in the middle (with ``…``) until it fits ``width``."""
    s = text
    while f.size(s)[0] > width and len(s) > 5:
        mid = len(s) // 2
        s = s[: mid - 1] + "…" + s[mid + 1 :]
    return s


def label_lines(text: str, width: int, size: int = 11, max_lines: int = 1) -> tuple[int, list[str]]:
    """The font size and the lines to print ``text`` within ``width`` px.

    One line: shrink the font (down to 8 px), then shorten the middle.  With ``max_lines=2``: one line
    at ``size`` or a pixel smaller, else two lines broken at a separator (shrinking down to 8 px),
    and only if that fails, the two halves shortened.
    """
    if max_lines < 2:
        while size > 8 and _font(size).size(text)[0] > width:
            size -= 1
        return size, [_elide(text, _font(size), width)]
    for sz in (size, size - 1):
        if _font(sz).size(text)[0] <= width:
            return sz, [text]
    for sz in range(size, 7, -1):
        lines = _split_label(text, _font(sz), width)
        if lines:
            return sz, lines
    f = _font(8)
    lines = _split_label(text, f, 10**6) or [text[: len(text) // 2], text[len(text) // 2 :]]
    return 8, [_elide(line, f, width) for line in lines]


def _fit_label(text: str, width: int, size: int = 11, max_lines: int = 1, colour=(236, 226, 210)):
    """Render ``text`` into at most ``width`` px (see :func:`label_lines`), lines centred."""
    import pygame

    size, lines = label_lines(text, width, size, max_lines)
    f = _font(size)
    images = [f.render(line, True, colour) for line in lines]
    if len(images) == 1:
        return images[0]
    surf = pygame.Surface(
        (max(i.get_width() for i in images), f.get_linesize() * len(images)), pygame.SRCALPHA
    )
    for n, img in enumerate(images):
        surf.blit(img, ((surf.get_width() - img.get_width()) // 2, n * f.get_linesize()))
    return surf


def waveform(path: Path, w: int, h: int):
    """A surface with the waveform of the WAV at ``path`` (amplitude envelope bars)."""
    from array import array

    import pygame

    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    with wave.open(str(path), "rb") as wf:
        n = wf.getnframes()
        raw = wf.readframes(n)
        width = wf.getsampwidth()
    if width == 2:
        samples = array("h")
        samples.frombytes(raw[: len(raw) // 2 * 2])
        if sys.byteorder == "big":
            samples.byteswap()
        scale = 32768.0
    else:
        samples = array("h", (b - 128 for b in raw))
        scale = 128.0
    bars = max(1, w // 3)
    per = max(1, len(samples) // bars)
    mid = h / 2
    for i in range(bars):
        chunk = samples[i * per : (i + 1) * per]
        peak = max((abs(x) for x in chunk), default=0) / scale
        bh = max(1, int(peak * (h - 4)))
        pygame.draw.rect(surf, (242, 165, 65), (i * 3, mid - bh / 2, 2, bh), border_radius=1)
    return surf


def sound_tile(path: Path, size: int):
    """A square tile for a sound: speaker glyph plus its waveform."""
    import pygame

    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(surf, (58, 46, 40), surf.get_rect(), border_radius=max(4, size // 10))
    pygame.draw.rect(surf, (122, 97, 82), surf.get_rect(), width=2, border_radius=max(4, size // 10))
    k = size / 100
    pygame.draw.polygon(
        surf,
        (246, 236, 216),
        [
            (22 * k, 26 * k),
            (34 * k, 26 * k),
            (48 * k, 12 * k),
            (48 * k, 52 * k),
            (34 * k, 38 * k),
            (22 * k, 38 * k),
        ],
    )
    for r in (12, 20):
        pygame.draw.arc(
            surf,
            (246, 236, 216),
            (48 * k - r * k, 32 * k - r * k, 2 * r * k, 2 * r * k),
            -0.8,
            0.8,
            max(1, int(2 * k)),
        )
    surf.blit(waveform(path, int(84 * k), int(36 * k)), (8 * k, 58 * k))
    return surf


def theme_tile(path: Path, size: int):
    """A square tile for the theme: its colours as swatches and a Japanese sample line."""
    import pygame

    data = json.loads(path.read_text(encoding="utf-8"))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    colours = data.get("defaults", {}).get("colours", {})
    pygame.draw.rect(surf, (40, 32, 28), surf.get_rect(), border_radius=max(4, size // 10))
    sw = [v for v in colours.values() if isinstance(v, str) and v.startswith("#")][:12]
    cell = size / 4
    for i, hexv in enumerate(sw):
        c = pygame.Color(hexv[:7])
        pygame.draw.rect(surf, c, (i % 4 * cell + 3, i // 4 * cell + 3, cell - 6, cell - 6), border_radius=4)
    label = _font(max(9, size // 9), True).render("テーマ theme", True, (246, 236, 216))
    surf.blit(label, label.get_rect(center=(size / 2, size - size / 8)))
    return surf


def thumbnail(root: Path, entry: dict, size: int):
    """A thumbnail of the asset ``entry`` fitting into ``size`` x ``size``."""
    import pygame

    path = root / entry["file"]
    kind = entry["kind"]
    if kind == "sound":
        return sound_tile(path, size)
    if kind == "theme":
        return theme_tile(path, size)
    if kind == "font":
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        f = pygame.font.Font(str(path), max(10, size // 4))
        surf.blit(f.render("Aaあ", True, (246, 236, 216)), (4, size // 3))
        return surf
    img = pygame.image.load(str(path))
    if "frames" in entry and "frame_size" in entry:
        fw, fh = entry["frame_size"]
        img = img.subsurface((0, 0, fw, fh)).copy()
    w, h = img.get_size()
    scale = min(size / w, size / h)
    if scale < 1:
        img = pygame.transform.smoothscale(img, (max(1, round(w * scale)), max(1, round(h * scale))))
    elif scale >= 2:
        f = int(scale)
        img = pygame.transform.smoothscale(img, (w * f, h * f))
    return img


def contact_sheet(
    root: Path | str = DEFAULT_ROOT,
    out: Path | str = "asset_sheet.png",
    game: str | None = None,
    columns: int = 9,
    cell: int = 140,
) -> Path:
    """Write a labelled contact sheet of every asset (or one ``game``'s) to ``out`` (its folder must
    exist); returns its path."""
    import pygame

    sheet = render_contact_sheet(root, game, columns, cell)
    out = Path(out)
    pygame.image.save(sheet, str(out))
    return out


def render_contact_sheet(
    root: Path | str = DEFAULT_ROOT, game: str | None = None, columns: int = 9, cell: int = 140
):
    """A labelled contact sheet of every asset (or one ``game``'s), as a surface."""
    headless()
    import pygame

    from game.client.assets import Assets

    pygame.init()
    root = Path(root)
    assets = Assets(root)
    keys = assets.keys(game=game)
    sections: dict[str, list[str]] = {}
    for k in keys:
        e = assets.entry(k)
        sections.setdefault("sounds" if e["kind"] == "sound" else e["game"], []).append(k)
    pad, head_h = 10, 34
    label_h = 2 * _font(SHEET_LABEL_SIZE).get_linesize() + 2  # room for a key wrapped onto two lines
    width = pad + columns * (cell + pad)
    height = pad
    for ks in sections.values():
        rows = math.ceil(len(ks) / columns)
        height += head_h + rows * (cell + label_h + pad)
    sheet = pygame.Surface((width, height + pad))
    sheet.fill((30, 25, 22))
    y = pad
    head_font = _font(20, True)
    checker = pygame.Surface((cell, cell))
    for cy in range(0, cell, 10):
        for cx in range(0, cell, 10):
            checker.fill((52, 44, 40) if (cx + cy) // 10 % 2 else (64, 54, 48), (cx, cy, 10, 10))
    for name, ks in sections.items():
        sheet.blit(head_font.render(f"{name}  ({len(ks)})", True, (242, 165, 65)), (pad, y + 4))
        pygame.draw.line(sheet, (122, 97, 82), (pad, y + head_h - 4), (width - pad, y + head_h - 4), 1)
        y += head_h
        for i, k in enumerate(ks):
            col, row = i % columns, i // columns
            x0 = pad + col * (cell + pad)
            y0 = y + row * (cell + label_h + pad)
            sheet.blit(checker, (x0, y0))
            thumb = thumbnail(root, assets.entry(k), cell - 6)
            sheet.blit(thumb, thumb.get_rect(center=(x0 + cell / 2, y0 + cell / 2)))
            label = _fit_label(k, cell, SHEET_LABEL_SIZE, max_lines=2)
            sheet.blit(label, (x0 + (cell - label.get_width()) / 2, y0 + cell + 2))
        y += math.ceil(len(ks) / columns) * (cell + label_h + pad)
    return sheet


# ---------------------------------------------------------------------------------- the window
WANTED_SIZE = (1280, 800)
MIN_SIZE = (640, 480)
#: Room left on the desktop for the window's frame and title bar and the desktop's panels / task bar.
DESKTOP_MARGIN = (40, 100)


def window_size(
    desktop: tuple[int, int] | None = None, wanted: tuple[int, int] = WANTED_SIZE
) -> tuple[int, int]:
    """The window size: ``wanted``, made smaller to fit ``desktop`` (default: the first display's
    size, :func:`pygame.display.get_desktop_sizes`) less :data:`DESKTOP_MARGIN`; never smaller than
    :data:`MIN_SIZE` unless the desktop itself is."""
    if desktop is None:
        import pygame

        try:
            if not pygame.display.get_init():
                pygame.display.init()
            sizes = pygame.display.get_desktop_sizes()
        except pygame.error:
            sizes = []
        if not sizes:
            return wanted
        desktop = sizes[0]
    size = []
    for want, desk, margin, least in zip(wanted, desktop, DESKTOP_MARGIN, MIN_SIZE, strict=True):
        size.append(max(min(want, desk - margin), min(least, desk)))
    return size[0], size[1]


class PreviewApp:
    """The interactive asset browser (pygame + pygame-gui, themed with ``ui.theme``).

    The window is :data:`WANTED_SIZE` or smaller to fit the desktop (:func:`window_size`); the top
    bar wraps onto a second row when it is narrow and the grid and detail panel share the rest.
    ``step(events)`` handles one frame's events and draws; ``run()`` loops until quit. Tests drive
    it with synthetic events through ``step``.
    """

    CAPTION = "Tabletop Trio — asset preview"
    HEADING = "Asset preview"
    BASE_CELL = 96
    ROW_H = 40  # a row of the top bar
    PANEL_W = 410  # the detail panel at full size

    def __init__(self, root: Path | str = DEFAULT_ROOT, size: tuple[int, int] | None = None) -> None:
        import pygame
        import pygame_gui

        from game.client.assets import Assets

        pygame.init()
        self.pg, self.gui = pygame, pygame_gui
        self.width, self.height = size or window_size()
        self.screen = pygame.display.set_mode((self.width, self.height))
        pygame.display.set_caption(self.CAPTION)
        self.assets = Assets(root)
        try:
            pygame.display.set_icon(self.assets.image("ui.icon"))
        except KeyError:
            pass
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(22050, -16, 1, 512)
        except pygame.error:
            pass
        theme = self.assets.path("ui.theme") if "ui.theme" in self.assets else None
        self.manager = pygame_gui.UIManager((self.width, self.height), str(theme) if theme else None)
        self.clock = pygame.time.Clock()
        self.filter = "all"
        self.zoom = 1.0
        self.scroll = 0
        self.selected: str | None = None
        self.anim_t = 0.0
        self.flipped = False
        self.running = True
        self.played: list[str] = []
        self._thumbs: dict[tuple[str, int], object] = {}
        self.buttons = {}
        self._layout_top_bar()
        panel_w = max(240, min(self.PANEL_W, self.width // 3))
        self.grid_w = self.width - panel_w - 20
        self._update_filter_buttons()
        self.visible = self.visible_keys()
        self.selected = self.visible[0] if self.visible else None

    def _layout_top_bar(self) -> None:
        """Filter buttons, then zoom, left to right, wrapping onto another row where the window is
        too narrow; the heading goes right-aligned on the last row if there is room (the window
        caption says it too).  Sets ``top``, where the grid starts."""
        pg, gui = self.pg, self.gui
        x, y = 10, 10

        def place(w: int) -> tuple[int, int]:
            nonlocal x, y
            if x > 10 and x + w > self.width - 10:
                x, y = 10, y + self.ROW_H + 6
            at = (x, y)
            x += w + 6
            return at

        for i, name in enumerate(FILTERS):
            text, width = filter_label(name)
            bx, by = place(width)
            label = f"{i} {text}" if i < 10 else text  # the digit keys pick the first ten
            self.buttons[name] = gui.elements.UIButton(
                pg.Rect(bx, by, width, self.ROW_H), label, self.manager
            )
        x += 10
        zx, zy = place(250)
        gui.elements.UILabel(pg.Rect(zx, zy + 4, 60, 32), "Zoom", self.manager)
        self.slider = gui.elements.UIHorizontalSlider(
            pg.Rect(zx + 60, zy + 6, 180, 28), 1.0, (0.5, 3.0), self.manager
        )
        self.title = gui.elements.UILabel(
            pg.Rect(0, y + 4, -1, 32), self.HEADING, self.manager, object_id="@heading"
        )
        if x + 10 + self.title.rect.width <= self.width - 10:
            self.title.set_relative_position((self.width - 10 - self.title.rect.width, y + 4))
        else:
            self.title.kill()
            self.title = None
        self.top = y + self.ROW_H + 10

    # --- state ------------------------------------------------------------------------------
    def visible_keys(self) -> list[str]:
        """Keys shown under the current filter."""
        if self.filter == "all":
            return self.assets.keys()
        if self.filter == "sounds":
            return self.assets.keys(kind="sound")
        return [k for k in self.assets.keys(game=self.filter) if self.assets.entry(k)["kind"] != "sound"]

    def set_filter(self, name: str) -> None:
        """Show only one game's assets (or ``all`` / ``sounds``)."""
        if name not in FILTERS:
            raise ValueError(f"unknown filter {name!r}; expected one of {', '.join(FILTERS)}")
        self.filter = name
        self.scroll = 0
        self.visible = self.visible_keys()
        if self.selected not in self.visible:
            self.selected = self.visible[0] if self.visible else None
        self._restart_anim()
        self._update_filter_buttons()

    def set_zoom(self, zoom: float) -> None:
        """Grid zoom factor, clamped to 0.5 .. 3."""
        self.zoom = max(0.5, min(3.0, round(zoom, 2)))
        self.slider.set_current_value(self.zoom)
        self.scroll = min(self.scroll, self._max_scroll())

    def select(self, key: str) -> None:
        """Select ``key`` (plays it if it is a sound)."""
        self.selected = key
        self._restart_anim()
        if key in self.visible:
            self._scroll_to(self.visible.index(key))
        if self.assets.entry(key)["kind"] == "sound":
            self.play(key)

    def play(self, key: str) -> None:
        """Play a sound asset (silently skipped without an audio device)."""
        self.played.append(key)
        snd = self.assets.sound(key)
        if snd is not None:
            snd.play()

    def _restart_anim(self) -> None:
        self.anim_t = 0.0
        self.flipped = False

    def _update_filter_buttons(self) -> None:
        for name, b in self.buttons.items():
            if name == self.filter:
                b.select()
            else:
                b.unselect()

    # --- layout -----------------------------------------------------------------------------
    def cell_size(self) -> int:
        """Grid cell size at the current zoom."""
        return int(self.BASE_CELL * self.zoom)

    def _columns(self) -> int:
        return max(1, (self.grid_w - 10) // (self.cell_size() + 10))

    def cell_rect(self, index: int):
        """Screen rectangle of the grid cell ``index`` (scrolled)."""
        cs = self.cell_size()
        cols = self._columns()
        gap = (self.grid_w - cols * cs) / (cols + 1)
        return self.pg.Rect(
            round(gap + index % cols * (cs + gap)),
            self.top + 10 + index // cols * (cs + 28) - self.scroll,
            cs,
            cs,
        )

    def _max_scroll(self) -> int:
        rows = math.ceil(len(self.visible) / self._columns())
        total = rows * (self.cell_size() + 28) + 20
        return max(0, total - (self.height - self.top))

    def key_at(self, pos) -> str | None:
        """The asset key whose grid cell contains ``pos``."""
        if pos[0] >= self.grid_w or pos[1] < self.top:
            return None
        for i, k in enumerate(self.visible):
            if self.cell_rect(i).collidepoint(pos):
                return k
        return None

    # --- events -----------------------------------------------------------------------------
    def handle(self, event) -> None:
        """Process one pygame / pygame-gui event."""
        pg, gui = self.pg, self.gui
        self.manager.process_events(event)
        if event.type == pg.QUIT:
            self.running = False
        elif event.type == gui.UI_BUTTON_PRESSED:
            for name, b in self.buttons.items():
                if event.ui_element is b:
                    self.set_filter(name)
        elif event.type == gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            self.set_zoom(float(event.value))
        elif event.type == pg.MOUSEBUTTONDOWN and event.button == 1:
            k = self.key_at(event.pos)
            if k is not None:
                self.select(k)
        elif event.type == pg.MOUSEWHEEL:
            self.scroll = max(0, min(self._max_scroll(), self.scroll - event.y * 60))
        elif event.type == pg.KEYDOWN:
            self._key(event.key, getattr(event, "unicode", ""))

    def _key(self, key: int, uni: str) -> None:
        pg = self.pg
        if key in (pg.K_ESCAPE, pg.K_q):
            self.running = False
        elif uni and uni.isdigit() and int(uni) < len(FILTERS):
            self.set_filter(FILTERS[int(uni)])
        elif key in (pg.K_PLUS, pg.K_EQUALS, pg.K_KP_PLUS):
            self.set_zoom(self.zoom + 0.25)
        elif key in (pg.K_MINUS, pg.K_KP_MINUS):
            self.set_zoom(self.zoom - 0.25)
        elif key in (pg.K_RIGHT, pg.K_LEFT, pg.K_UP, pg.K_DOWN) and self.visible:
            i = self.visible.index(self.selected) if self.selected in self.visible else 0
            step = {pg.K_RIGHT: 1, pg.K_LEFT: -1, pg.K_DOWN: self._columns(), pg.K_UP: -self._columns()}[key]
            self.select(self.visible[max(0, min(len(self.visible) - 1, i + step))])
            self._scroll_to(self.visible.index(self.selected))
        elif key == pg.K_SPACE and self.selected:
            if self.assets.entry(self.selected)["kind"] == "sound":
                self.play(self.selected)
            self._restart_anim()
        elif key == pg.K_f:
            self.flipped = not self.flipped
            self.anim_t = 0.0
        elif key == pg.K_PAGEDOWN:
            self.scroll = min(self._max_scroll(), self.scroll + 400)
        elif key == pg.K_PAGEUP:
            self.scroll = max(0, self.scroll - 400)

    def _scroll_to(self, index: int) -> None:
        r = self.cell_rect(index)
        if r.top < self.top:
            self.scroll -= self.top + 10 - r.top
        elif r.bottom + 28 > self.height:
            self.scroll += r.bottom + 28 - self.height
        self.scroll = max(0, min(self._max_scroll(), self.scroll))

    # --- drawing ----------------------------------------------------------------------------
    def _thumb(self, key: str, size: int):
        ck = (key, size)
        if ck not in self._thumbs:
            self._thumbs[ck] = thumbnail(self.assets.root, self.assets.entry(key), size)
        return self._thumbs[ck]

    def draw(self) -> None:
        """Draw the grid, the detail panel and the UI."""
        pg = self.pg
        scr = self.screen
        scr.fill((30, 25, 22))
        pg.draw.rect(scr, (44, 36, 32), (0, 0, self.width, self.top))
        clip = pg.Rect(0, self.top, self.grid_w, self.height - self.top)
        scr.set_clip(clip)
        cs = self.cell_size()
        for i, k in enumerate(self.visible):
            r = self.cell_rect(i)
            if r.bottom + 28 < self.top or r.top > self.height:
                continue
            sel = k == self.selected
            pg.draw.rect(scr, (84, 68, 58) if sel else (46, 38, 34), r.inflate(6, 6), border_radius=8)
            if sel:
                pg.draw.rect(scr, (242, 165, 65), r.inflate(6, 6), width=2, border_radius=8)
            t = self._thumb(k, cs - 6)
            scr.blit(t, t.get_rect(center=r.center))
            label = _fit_label(k.split(".", 1)[1] if "." in k else k, cs + 8, 10)
            scr.blit(label, (r.centerx - label.get_width() / 2, r.bottom + 5))
        scr.set_clip(None)
        self._draw_detail()
        self.manager.draw_ui(scr)

    def _draw_detail(self) -> None:
        pg = self.pg
        scr = self.screen
        panel = pg.Rect(
            self.grid_w + 10, self.top + 10, self.width - self.grid_w - 20, self.height - self.top - 20
        )
        pg.draw.rect(scr, (44, 36, 32), panel, border_radius=12)
        pg.draw.rect(scr, (122, 97, 82), panel, width=1, border_radius=12)
        if not self.selected:
            return
        scr.set_clip(panel)
        try:
            self._draw_detail_in(panel)
        finally:
            scr.set_clip(None)

    def _draw_detail_in(self, panel) -> None:
        pg = self.pg
        scr = self.screen
        e = self.assets.entry(self.selected)
        # The stage is 400 px high in a full-size window; a shorter one keeps ~300 px for the text.
        stage = pg.Rect(panel.x + 10, panel.y + 10, panel.w - 20, max(120, min(400, panel.h - 320)))
        pg.draw.rect(scr, (36, 72, 58), stage, border_radius=10)
        self._draw_animated(e, stage)
        y = stage.bottom + 12
        lines = [(self.selected, 18, True), (f"{e['kind']} · {e['game']} · {e['file']}", 13, False)]
        if e["kind"] == "image":
            w, h = self.assets.image(self.selected).get_size()
            lines.append((f"{w} x {h} px", 13, False))
        elif e["kind"] == "sound":
            with wave.open(str(self.assets.path(self.selected)), "rb") as wf:
                lines.append(
                    (
                        f"{wf.getnframes() / wf.getframerate():.2f} s, {wf.getframerate()} Hz, "
                        f"{8 * wf.getsampwidth()}-bit",
                        13,
                        False,
                    )
                )
        extras = {k: v for k, v in e.items() if k not in REQUIRED_FIELDS}
        for k, v in extras.items():
            text = json.dumps(v, ensure_ascii=False)
            lines.append((f"{k} = {text[:60]}{'…' if len(text) > 60 else ''}", 12, False))
        for text, size, bold in lines:
            img = (
                _fit_label(text, panel.w - 24, size)
                if not bold
                else _font(size, True).render(text, True, (242, 165, 65))
            )
            scr.blit(img, (panel.x + 12, y))
            y += img.get_height() + 4
        from game.client.gfx import wrap

        f = _font(14)
        hint_y = panel.bottom - 24
        for line in wrap(e["role"], 14, panel.w - 24):
            if y + f.get_linesize() > hint_y:
                break
            scr.blit(f.render(line, True, (236, 226, 210)), (panel.x + 12, y))
            y += f.get_linesize()
        hint = _fit_label(
            "space: replay · F: flip · arrows: select · +/-: zoom", panel.w - 24, 12, colour=(150, 132, 118)
        )
        scr.blit(hint, (panel.x + 12, hint_y))

    @staticmethod
    def sound_ring(tile, t: float):
        """The pulse while a sound plays, ``t`` seconds after it started: a ring around the sound's
        tile ``tile``, outside it (so it never covers the speaker or the waveform), growing."""
        grow = 8 + int(24 * min(1.0, max(0.0, t)))
        return tile.inflate(2 * grow, 2 * grow)

    def _draw_animated(self, e: dict, stage) -> None:
        """Draw the selected asset on the stage with its animation (flip, drop, sprite frames)."""
        pg = self.pg
        key = self.selected
        t = self.anim_t
        if e["kind"] != "image":
            thumb = self._thumb(key, max(40, min(300, stage.w - 60, stage.h - 40)))
            tile = thumb.get_rect(center=stage.center)
            self.screen.blit(thumb, tile)
            if e["kind"] == "sound" and key in self.played[-1:] and t < 1.0:
                clip = self.screen.get_clip()
                self.screen.set_clip(stage.clip(clip))
                ring = self.sound_ring(tile, t)
                pg.draw.rect(
                    self.screen,
                    (242, 165, 65),
                    ring,
                    width=3,
                    border_radius=max(4, tile.w // 10) + (ring.w - tile.w) // 2,
                )
                self.screen.set_clip(clip)
            return
        img = self.assets.image(key)
        if "frames" in e and "frame_size" in e:
            fw, fh = e["frame_size"]
            frame = int(t * 12) % int(e["frames"])
            img = img.subsurface((frame * fw, 0, fw, fh))
        w, h = img.get_size()
        scale = min((stage.w - 20) / w, (stage.h - 20) / h, 3.0)
        big = pg.transform.smoothscale(img, (max(1, int(w * scale)), max(1, int(h * scale))))
        back_key = e.get("back")
        if back_key and back_key in self.assets:
            # Card flip (0.6 s): from the other side to the target side (``flipped`` = back).
            p = min(1.0, t / 0.6)
            show_back = self.flipped if p >= 0.5 else not self.flipped
            src = pg.transform.smoothscale(self.assets.image(back_key), big.get_size()) if show_back else big
            sx = abs(math.cos(p * math.pi)) if p < 1.0 else 1.0
            card = pg.transform.smoothscale(src, (max(1, int(src.get_width() * sx)), src.get_height()))
            self.screen.blit(card, card.get_rect(center=stage.center))
            return
        name = key.split(".")
        if any(w in name for w in ("marker", "token", "pawn", "coin", "vp")):
            # Drop onto the table with a small bounce, 0.5 s.
            p = min(1.0, t / 0.5)
            bounce = 1.0 + 0.5 * (1 - p) ** 2 * abs(math.cos(p * math.pi * 2.5))
            img2 = pg.transform.smoothscale(
                big, (int(big.get_width() * bounce), int(big.get_height() * bounce))
            )
            img2.set_alpha(int(255 * min(1.0, p * 3)))
            self.screen.blit(img2, img2.get_rect(center=stage.center))
            return
        self.screen.blit(big, big.get_rect(center=stage.center))

    def step(self, events=None, dt: float = 1 / 30) -> None:
        """One frame: handle queued + given events, advance animations by ``dt`` seconds, draw."""
        for ev in list(self.pg.event.get()) + list(events or []):
            self.handle(ev)
        self.anim_t += dt
        self.manager.update(dt)
        self.draw()
        self.pg.display.flip()

    def run(self, max_frames: int | None = None) -> None:
        """Run the window until Esc/close (or ``max_frames``)."""
        frames = 0
        while self.running and (max_frames is None or frames < max_frames):
            dt = self.clock.tick(60) / 1000.0
            self.step(dt=dt)
            frames += 1

    def screenshot(self, path: Path | str) -> Path:
        """Save the current window contents as PNG."""
        path = Path(path)
        self.pg.image.save(self.screen, str(path))
        return path


def output_problem(option: str, path: Path) -> str | None:
    """Why the PNG ``path`` given to ``option`` cannot be written, or None.

    Nothing is created: the folder must exist (a mistyped folder is not made silently) and the name
    must end in ``.png`` (pygame would write another format under any other name).
    """
    if path.suffix.lower() != ".png":
        return f"{option} {path}: the image is saved as PNG, give a path ending in .png"
    if path.is_dir():
        return f"{option} {path}: is a folder, give a file name ending in .png"
    folder = path.parent
    if not folder.exists():
        return f"{option} {path}: the folder {folder} does not exist (create it first)"
    if not folder.is_dir():
        return f"{option} {path}: {folder} is not a folder"
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".asset-preview-", suffix=".png"):
            pass
        if path.exists() and not os.access(path, os.W_OK):
            raise PermissionError(f"{path} is read-only")
    except OSError as exc:
        return f"{option} {path}: cannot write there: {exc.strerror or exc}"
    return None


def _unknown_key(assets, key: str) -> str:
    import difflib

    close = difflib.get_close_matches(key, assets.keys(), n=1, cutoff=0.6)
    hint = (
        f"; did you mean {close[0]}?" if close else f"; the keys are listed in {assets.root / MANIFEST_NAME}"
    )
    return f"--select: unknown asset key {key!r}{hint}"


def add_arguments(parser: argparse.ArgumentParser, verify_build: bool = False) -> None:
    """The command's arguments on ``parser`` (``tabletop-trio assets``; ``python -m tools.asset_preview``
    also has ``--verify-build``)."""
    parser.add_argument("--root", type=Path, default=DEFAULT_ROOT, help="assets directory (default: assets/)")
    parser.add_argument(
        "--sheet",
        type=Path,
        metavar="PNG",
        help="write a labelled contact sheet to this .png file (its folder must exist) and exit",
    )
    parser.add_argument("--game", choices=GAMES, help="contact sheet: only this game's assets")
    parser.add_argument("--check", action="store_true", help="report missing, unused or malformed assets")
    if verify_build:
        parser.add_argument(
            "--verify-build",
            action="store_true",
            help="with --check: also rebuild into a temp dir and compare bytes",
        )
    parser.add_argument(
        "--screenshot",
        type=Path,
        metavar="PNG",
        help="open the window headlessly, run a few frames, save this .png file and exit",
    )
    parser.add_argument("--select", metavar="KEY", help="asset to select first (window / screenshot)")
    parser.add_argument("--filter", choices=FILTERS, default="all", help="initial filter of the window")


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point (``tabletop-trio assets``'s arguments)."""
    from game.cli_args import OneLineArgumentParser

    parser = OneLineArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


def run(
    args: argparse.Namespace, prog: str = PROG, verify_build: Callable[[Path], list[str]] | None = None
) -> int:
    """Run the command for parsed ``args``.  Bad input (unknown key, missing or broken manifest, an
    output path that cannot be written) is one line on stderr and exit code 2, before anything is
    written; ``--check`` prints the problems and exits 1 if there are any (with ``--verify-build``,
    also those ``verify_build(root)`` finds)."""

    def fail(message: str) -> int:
        print(f"{prog}: error: {' '.join(message.split())}", file=sys.stderr)
        return 2

    verify = getattr(args, "verify_build", False)
    if args.check or verify:
        return report(args.root, verify_build if verify else None)
    import pygame

    from game.client.assets import AssetError, Assets

    for option, path in (("--sheet", args.sheet), ("--screenshot", args.screenshot)):
        why = output_problem(option, path) if path is not None else None
        if why:
            return fail(why)
    try:
        assets = Assets(args.root)
    except AssetError as exc:
        return fail(f"--root {args.root}: {exc}")
    if args.select and args.select not in assets:
        return fail(_unknown_key(assets, args.select))
    broken = (AssetError, pygame.error, OSError, wave.Error, EOFError, ValueError)
    try:
        if args.sheet:
            image = render_contact_sheet(args.root, args.game)
        else:
            if args.screenshot:
                headless()
            app = PreviewApp(args.root)
            app.set_filter(args.filter)
            if args.select:
                app.select(args.select)
            if not args.screenshot:
                app.run()
                return 0
            for _ in range(12):
                app.step(dt=1 / 30)
            image = app.screen
    except broken as exc:
        return fail(f"cannot show the assets in {args.root}: {exc} ({prog} --check lists every problem)")
    option, out = ("--sheet", args.sheet) if args.sheet else ("--screenshot", args.screenshot)
    try:
        pygame.image.save(image, str(out))
    except (pygame.error, OSError) as exc:
        return fail(f"{option} {out}: cannot write it: {exc}")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
