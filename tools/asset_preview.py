"""Browse, check and print the game's assets.

Usage::

    python -m tools.asset_preview                    # window: filter by game, zoom, animations, sounds
    python -m tools.asset_preview --sheet sheet.png  # labelled contact sheet, headless
    python -m tools.asset_preview --check [--verify-build]   # missing / unused / malformed assets
    python -m tools.asset_preview --screenshot shot.png      # run the window a few frames, save it

Window keys: 0-5 or the buttons pick a filter (all, ui, hacktrick, ratjack, hakkutsu, sounds);
+/- or the slider zoom; arrows move the selection; click an asset to select it (sounds play);
space replays the animation or sound; F flips a card; wheel / PageUp / PageDown scroll; Esc quits.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
import tomllib
import wave
from pathlib import Path

from game.client.assets import DEFAULT_ROOT, GAMES, KINDS, MANIFEST_NAME, is_asset_file

REQUIRED_FIELDS = ("key", "file", "kind", "game", "role")
FILTERS = ("all", "ui", "hacktrick", "ratjack", "hakkutsu", "sounds")


# ---------------------------------------------------------------------------------------- check
def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _malformed(path: Path, kind: str) -> str | None:
    """Why the file at ``path`` is not a valid ``kind`` asset, or None if it is fine."""
    import pygame

    try:
        if kind == "image":
            surf = pygame.image.load(str(path))
            if surf.get_width() == 0 or surf.get_height() == 0:
                return "image is empty"
        elif kind == "sound":
            with wave.open(str(path), "rb") as w:
                if w.getnframes() == 0:
                    return "WAV has no frames"
                if w.getsampwidth() not in (1, 2):
                    return f"WAV sample width {w.getsampwidth()} is not 8/16 bit"
        elif kind == "theme":
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                return "theme JSON is not an object"
        elif kind == "font":
            pygame.font.init()
            pygame.font.Font(str(path), 12)
    except (pygame.error, wave.Error, EOFError, json.JSONDecodeError, UnicodeDecodeError, OSError,
            ValueError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def check(root: Path | str = DEFAULT_ROOT, verify_build: bool = False) -> list[str]:
    """Problems with the assets under ``root`` (empty list = all fine).

    Reports manifest entries with missing/unknown fields, unknown kind or game, duplicate keys
    or files, unsafe paths; files that are missing, unused (not in the manifest) or malformed;
    with ``verify_build`` also files that differ from a fresh deterministic build.
    """
    _headless()
    import pygame

    pygame.init()
    root = Path(root)
    problems: list[str] = []
    manifest = root / MANIFEST_NAME
    try:
        data = tomllib.loads(manifest.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return [f"missing: {manifest} (the manifest itself)"]
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        return [f"malformed: {MANIFEST_NAME} is not valid TOML: {exc}"]
    entries = data.get("asset", [])
    if not isinstance(entries, list):
        return [f"malformed: {MANIFEST_NAME}: 'asset' must be an array of tables"]
    seen_keys: set[str] = set()
    seen_files: set[str] = set()
    listed: set[str] = set()
    for i, e in enumerate(entries):
        label = f"entry {i} ({e.get('key', '?')!r})" if isinstance(e, dict) else f"entry {i}"
        if not isinstance(e, dict):
            problems.append(f"malformed: {label} is not a table")
            continue
        absent = [f for f in REQUIRED_FIELDS if not isinstance(e.get(f), str) or not e.get(f)]
        if absent:
            problems.append(f"malformed: {label} lacks field(s) {', '.join(absent)}")
            continue
        key, file, kind, game = e["key"], e["file"], e["kind"], e["game"]
        if key in seen_keys:
            problems.append(f"malformed: duplicate key {key!r}")
        seen_keys.add(key)
        if kind not in KINDS:
            problems.append(f"malformed: {key}: unknown kind {kind!r} (expected one of {', '.join(KINDS)})")
        if game not in GAMES:
            problems.append(f"malformed: {key}: unknown game {game!r} (expected one of {', '.join(GAMES)})")
        rel = Path(file)
        if rel.is_absolute() or ".." in rel.parts or file == MANIFEST_NAME:
            problems.append(f"malformed: {key}: file path {file!r} must be relative, inside assets/")
            continue
        if file in seen_files:
            problems.append(f"malformed: {key}: file {file!r} is listed twice")
        seen_files.add(file)
        listed.add(rel.as_posix())
        path = root / rel
        if not path.is_file():
            problems.append(f"missing: {key}: {file}")
            continue
        if kind in KINDS:
            why = _malformed(path, kind)
            if why:
                problems.append(f"malformed: {key}: {file}: {why}")
        back = e.get("back")
        if back is not None and back not in {x.get("key") for x in entries if isinstance(x, dict)}:
            problems.append(f"malformed: {key}: back {back!r} is not a key of the manifest")
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if path.is_file() and is_asset_file(rel):
            if rel.as_posix() != MANIFEST_NAME and rel.as_posix() not in listed:
                problems.append(f"unused: {rel.as_posix()} is not in the manifest")
    if verify_build:
        problems.extend(verify_against_build(root))
    return problems


def verify_against_build(root: Path | str = DEFAULT_ROOT) -> list[str]:
    """Rebuild every asset into a temporary directory and report files that differ from ``root``."""
    from tools import build_assets

    root = Path(root)
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        build_assets.build(Path(tmp))
        fresh = Path(tmp)
        for path in sorted(fresh.rglob("*")):
            if not path.is_file():
                continue
            rel = path.relative_to(fresh).as_posix()
            mine = root / rel
            if not mine.is_file():
                problems.append(f"differs from build: {rel} would be built but is absent")
            elif mine.read_bytes() != path.read_bytes():
                problems.append(f"differs from build: {rel} (rerun `python -m tools.build_assets`)")
    return problems


# ------------------------------------------------------------------------------------ rendering
def _font(size: int, bold: bool = False):
    from tools.art import draw

    return draw.font(size, bold, jp=True)


def _fit_label(text: str, width: int, size: int = 11):
    """Render ``text`` into at most ``width`` px (shrinking, then eliding the middle)."""
    f = _font(size)
    while size > 8 and f.size(text)[0] > width:
        size -= 1
        f = _font(size)
    s = text
    while f.size(s)[0] > width and len(s) > 5:
        mid = len(s) // 2
        s = s[: mid - 1] + "…" + s[mid + 1:]
    return f.render(s, True, (236, 226, 210))


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
        chunk = samples[i * per:(i + 1) * per]
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
    pygame.draw.polygon(surf, (246, 236, 216), [(22 * k, 26 * k), (34 * k, 26 * k), (48 * k, 12 * k),
                                                (48 * k, 52 * k), (34 * k, 38 * k), (22 * k, 38 * k)])
    for r in (12, 20):
        pygame.draw.arc(surf, (246, 236, 216), (48 * k - r * k, 32 * k - r * k, 2 * r * k, 2 * r * k),
                        -0.8, 0.8, max(1, int(2 * k)))
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


def contact_sheet(root: Path | str = DEFAULT_ROOT, out: Path | str = "asset_sheet.png", game: str | None = None,
                  columns: int = 9, cell: int = 140) -> Path:
    """Write a labelled contact sheet of every asset (or one ``game``'s) to ``out``; returns its path."""
    _headless()
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
    pad, label_h, head_h = 10, 18, 34
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
            label = _fit_label(k, cell)
            sheet.blit(label, (x0 + (cell - label.get_width()) / 2, y0 + cell + 2))
        y += math.ceil(len(ks) / columns) * (cell + label_h + pad)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    return out


# ---------------------------------------------------------------------------------- the window
class PreviewApp:
    """The interactive asset browser (pygame + pygame-gui, themed with ``ui.theme``).

    ``step(events)`` handles one frame's events and draws; ``run()`` loops until quit. Tests drive
    it with synthetic events through ``step``.
    """

    WIDTH, HEIGHT = 1280, 800
    TOP = 60
    GRID_W = 850
    BASE_CELL = 96

    def __init__(self, root: Path | str = DEFAULT_ROOT) -> None:
        import pygame
        import pygame_gui

        from game.client.assets import Assets

        pygame.init()
        self.pg, self.gui = pygame, pygame_gui
        self.screen = pygame.display.set_mode((self.WIDTH, self.HEIGHT))
        pygame.display.set_caption("Tabletop Trio — asset preview")
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
        self.manager = pygame_gui.UIManager((self.WIDTH, self.HEIGHT), str(theme) if theme else None)
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
        x = 10
        widths = {"all": 78, "ui": 70, "hacktrick": 132, "ratjack": 118, "hakkutsu": 190, "sounds": 112}
        for i, name in enumerate(FILTERS):
            w = widths[name]
            text = {"hakkutsu": "Hakkutsu ハックツ", "ui": "UI"}.get(name, name.capitalize())
            self.buttons[name] = pygame_gui.elements.UIButton(pygame.Rect(x, 10, w, 40), f"{i} {text}",
                                                              self.manager)
            x += w + 6
        pygame_gui.elements.UILabel(pygame.Rect(x + 10, 14, 60, 32), "Zoom", self.manager)
        self.slider = pygame_gui.elements.UIHorizontalSlider(pygame.Rect(x + 70, 16, 180, 28), 1.0, (0.5, 3.0),
                                                             self.manager)
        self.title = pygame_gui.elements.UILabel(pygame.Rect(self.WIDTH - 230, 14, 220, 32),
                                                 "アセット・プレビュー", self.manager, object_id="@heading")
        self._update_filter_buttons()
        self.visible = self.visible_keys()
        self.selected = self.visible[0] if self.visible else None

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
        return max(1, (self.GRID_W - 10) // (self.cell_size() + 10))

    def cell_rect(self, index: int):
        """Screen rectangle of the grid cell ``index`` (scrolled)."""
        cs = self.cell_size()
        cols = self._columns()
        gap = (self.GRID_W - cols * cs) / (cols + 1)
        return self.pg.Rect(round(gap + index % cols * (cs + gap)),
                            self.TOP + 10 + index // cols * (cs + 28) - self.scroll, cs, cs)

    def _max_scroll(self) -> int:
        rows = math.ceil(len(self.visible) / self._columns())
        total = rows * (self.cell_size() + 28) + 20
        return max(0, total - (self.HEIGHT - self.TOP))

    def key_at(self, pos) -> str | None:
        """The asset key whose grid cell contains ``pos``."""
        if pos[0] >= self.GRID_W or pos[1] < self.TOP:
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
        elif uni and uni in "012345":
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
        if r.top < self.TOP:
            self.scroll -= self.TOP + 10 - r.top
        elif r.bottom + 28 > self.HEIGHT:
            self.scroll += r.bottom + 28 - self.HEIGHT
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
        pg.draw.rect(scr, (44, 36, 32), (0, 0, self.WIDTH, self.TOP))
        clip = pg.Rect(0, self.TOP, self.GRID_W, self.HEIGHT - self.TOP)
        scr.set_clip(clip)
        cs = self.cell_size()
        for i, k in enumerate(self.visible):
            r = self.cell_rect(i)
            if r.bottom + 28 < self.TOP or r.top > self.HEIGHT:
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
        panel = pg.Rect(self.GRID_W + 10, self.TOP + 10, self.WIDTH - self.GRID_W - 20, self.HEIGHT - self.TOP - 20)
        pg.draw.rect(scr, (44, 36, 32), panel, border_radius=12)
        pg.draw.rect(scr, (122, 97, 82), panel, width=1, border_radius=12)
        if not self.selected:
            return
        e = self.assets.entry(self.selected)
        stage = pg.Rect(panel.x + 10, panel.y + 10, panel.w - 20, 400)
        pg.draw.rect(scr, (36, 72, 58), stage, border_radius=10)
        self._draw_animated(e, stage)
        y = stage.bottom + 12
        lines = [(self.selected, 18, True), (f"{e['kind']} · {e['game']} · {e['file']}", 13, False)]
        if e["kind"] == "image":
            w, h = self.assets.image(self.selected).get_size()
            lines.append((f"{w} x {h} px", 13, False))
        elif e["kind"] == "sound":
            with wave.open(str(self.assets.path(self.selected)), "rb") as wf:
                lines.append((f"{wf.getnframes() / wf.getframerate():.2f} s, {wf.getframerate()} Hz, "
                              f"{8 * wf.getsampwidth()}-bit", 13, False))
        extras = {k: v for k, v in e.items() if k not in REQUIRED_FIELDS}
        for k, v in extras.items():
            text = json.dumps(v, ensure_ascii=False)
            lines.append((f"{k} = {text[:60]}{'…' if len(text) > 60 else ''}", 12, False))
        for text, size, bold in lines:
            img = _fit_label(text, panel.w - 24, size) if not bold else _font(size, True).render(
                text, True, (242, 165, 65))
            scr.blit(img, (panel.x + 12, y))
            y += img.get_height() + 4
        from tools.art.draw import wrap

        f = _font(14)
        for line in wrap(e["role"], f, panel.w - 24):
            scr.blit(f.render(line, True, (236, 226, 210)), (panel.x + 12, y))
            y += f.get_linesize()
        hint = _font(12).render("space: replay · F: flip · arrows: select · +/-: zoom", True, (150, 132, 118))
        scr.blit(hint, (panel.x + 12, panel.bottom - 24))

    def _draw_animated(self, e: dict, stage) -> None:
        """Draw the selected asset on the stage with its animation (flip, drop, sprite frames)."""
        pg = self.pg
        key = self.selected
        t = self.anim_t
        if e["kind"] != "image":
            thumb = self._thumb(key, 300)
            self.screen.blit(thumb, thumb.get_rect(center=stage.center))
            if e["kind"] == "sound" and key in self.played[-1:] and t < 1.0:
                pg.draw.circle(self.screen, (242, 165, 65), stage.center, int(40 + 200 * t), 3)
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
            img2 = pg.transform.smoothscale(big, (int(big.get_width() * bounce), int(big.get_height() * bounce)))
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


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m tools.asset_preview", description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=DEFAULT_ROOT, help="assets directory (default: assets/)")
    parser.add_argument("--sheet", type=Path, metavar="PATH", help="write a labelled contact sheet PNG and exit")
    parser.add_argument("--game", choices=GAMES, help="contact sheet: only this game's assets")
    parser.add_argument("--check", action="store_true", help="report missing, unused or malformed assets")
    parser.add_argument("--verify-build", action="store_true",
                        help="with --check: also rebuild into a temp dir and compare bytes")
    parser.add_argument("--screenshot", type=Path, metavar="PATH",
                        help="open the window headlessly, run a few frames, save a PNG and exit")
    parser.add_argument("--select", metavar="KEY", help="asset to select first (window / screenshot)")
    parser.add_argument("--filter", choices=FILTERS, default="all", help="initial filter of the window")
    args = parser.parse_args(argv)
    if args.check or args.verify_build:
        problems = check(args.root, verify_build=args.verify_build)
        for p in problems:
            print(p)
        n = len(tomllib.loads((args.root / MANIFEST_NAME).read_text("utf-8")).get("asset", [])) \
            if (args.root / MANIFEST_NAME).is_file() and not any("TOML" in p for p in problems) else 0
        print(f"{'FAILED' if problems else 'ok'}: {n} manifest entries, {len(problems)} problem(s)")
        return 1 if problems else 0
    if args.sheet:
        out = contact_sheet(args.root, args.sheet, args.game)
        print(f"wrote {out}")
        return 0
    if args.screenshot:
        _headless()
    app = PreviewApp(args.root)
    app.set_filter(args.filter)
    if args.select:
        app.select(args.select)
    if args.screenshot:
        for _ in range(12):
            app.step(dt=1 / 30)
        print(f"wrote {app.screenshot(args.screenshot)}")
        return 0
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
