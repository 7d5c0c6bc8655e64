"""The asset-preview window runs with synthetic events; `--sheet` writes a contact sheet."""

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame_gui  # noqa: E402

from game import cli  # noqa: E402
from game.client import asset_preview  # noqa: E402


@pytest.fixture()
def app():
    a = asset_preview.PreviewApp()
    yield a
    pygame.display.quit()


def _key(key, uni=""):
    return pygame.event.Event(pygame.KEYDOWN, key=key, unicode=uni, mod=0, scancode=0)


def _click(pos):
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def test_window_filters_zoom_select_and_animate(app):
    app.step()
    assert app.filter == "all" and len(app.visible) == len(app.assets.keys())
    # Keyboard filter change.
    app.step([_key(pygame.K_3, "3")])
    assert app.filter == "ratjack"
    assert app.visible and all(k.startswith("ratjack.") for k in app.visible)
    # Clicking the "Hakkutsu" button (pygame-gui) changes the filter too.
    button = app.buttons["hakkutsu"]
    app.step(_click(button.rect.center))
    app.step()
    assert app.filter == "hakkutsu"
    # Zoom with keys and with the slider event.
    cell = app.cell_size()
    app.step([_key(pygame.K_EQUALS, "=")])
    assert app.cell_size() > cell
    app.step([pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=app.slider, value=0.5)])
    assert app.zoom == 0.5
    app.step([_key(pygame.K_MINUS, "-")])
    assert app.zoom == 0.5  # clamped
    # Click the third grid cell: it gets selected; arrows move the selection.
    third = app.visible[2]
    app.step(_click(app.cell_rect(2).center))
    assert app.selected == third
    app.step([_key(pygame.K_RIGHT)])
    assert app.selected == app.visible[3]
    # Card flip and replay animations run for several frames.
    app.select("hakkutsu.rock.ruby")
    for _ in range(5):
        app.step([_key(pygame.K_f, "f")] if _ == 2 else None)
    assert app.flipped is True
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0)])
    assert app.scroll >= 0


def test_window_sounds_and_sprite_sheet(app):
    app.step([_key(pygame.K_5, "5")])
    assert app.filter == "sounds" and all(k.startswith("sfx.") for k in app.visible)
    app.step(_click(app.cell_rect(1).center))
    assert app.played == [app.visible[1]]
    app.step([_key(pygame.K_SPACE, " ")])
    assert app.played == [app.visible[1]] * 2
    app.set_filter("ui")
    app.select("ui.thinking")
    for _ in range(4):
        app.step()
    app.step([_key(pygame.K_ESCAPE)])
    assert app.running is False


def test_unknown_filter_is_refused(app):
    with pytest.raises(ValueError, match="unknown filter"):
        app.set_filter("chess")
    assert app.filter == "all"


def test_screenshot_and_sheet(tmp_path):
    shot = tmp_path / "shot.png"
    assert (
        asset_preview.main(
            ["--screenshot", str(shot), "--filter", "hacktrick", "--select", "hacktrick.card.5"]
        )
        == 0
    )
    # The window fits the (dummy driver's) desktop: at most 1280 x 800.
    assert pygame.image.load(str(shot)).get_size() == asset_preview.window_size()
    sheet = tmp_path / "sheet.png"
    assert asset_preview.main(["--sheet", str(sheet), "--game", "hacktrick"]) == 0
    img = pygame.image.load(str(sheet))
    assert img.get_width() > 1000 and img.get_height() > 300
    full = tmp_path / "full.png"
    asset_preview.contact_sheet(out=full)
    assert pygame.image.load(str(full)).get_height() > img.get_height()


# ------------------------------------------------------------------ bad command lines: one line, exit 2
def _fails(argv, capsys) -> str:
    assert cli.main(["assets", *argv]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert err.startswith("tabletop-trio assets: error: ")
    return err


def test_unknown_select_key(tmp_path, capsys):
    shot = tmp_path / "shot.png"
    assert "unknown asset key 'nope.key'" in _fails(
        ["--select", "nope.key", "--screenshot", str(shot)], capsys
    )
    assert "did you mean hacktrick.card.5?" in _fails(["--select", "hacktrick.card.55"], capsys)
    assert not shot.exists()


def test_missing_root(tmp_path, capsys):
    err = _fails(["--root", str(tmp_path / "nonexist"), "--sheet", str(tmp_path / "x.png")], capsys)
    assert "asset manifest not found" in err
    assert "manifest not found" in _fails(["--root", str(tmp_path / "nonexist")], capsys)
    assert not (tmp_path / "x.png").exists()


def test_unwritable_sheet_and_screenshot(tmp_path, capsys):
    assert "cannot write there" in _fails(["--sheet", "/proc/x.png"], capsys)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert "is not a folder" in _fails(["--sheet", str(blocker / "x.png")], capsys)
    (tmp_path / "dir.png").mkdir()
    assert "is a folder" in _fails(["--screenshot", str(tmp_path / "dir.png")], capsys)
    assert "cannot write there" in _fails(["--screenshot", "/proc/x.png"], capsys)


def test_sheet_folder_is_not_created(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    err = _fails(["--sheet", "out/dir/x.png"], capsys)
    assert "the folder out/dir does not exist" in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name", ["x.txt", "x.jpg", "sheet"])
def test_sheet_must_be_a_png(name, tmp_path, capsys):
    assert "ending in .png" in _fails(["--sheet", str(tmp_path / name)], capsys)
    assert list(tmp_path.iterdir()) == []


def test_bad_arguments_are_one_line(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["assets", "--filter", "chess"])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and len(err.splitlines()) == 1 and "invalid choice: 'chess'" in err


def test_no_traceback_in_a_real_process(tmp_path):
    root = Path(__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "-m", "tools.asset_preview", "--select", "nope.key"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=root,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )
    assert result.returncode == 2
    assert [line for line in result.stderr.splitlines() if not line.startswith("pygame-ce ")] == [
        "python -m tools.asset_preview: error: --select: unknown asset key 'nope.key'; "
        f"the keys are listed in {asset_preview.DEFAULT_ROOT / 'manifest.toml'}"
    ]


# ------------------------------------------------------------------ the window fits the desktop
@pytest.mark.parametrize(
    "desktop, expected",
    [
        ((1920, 1080), (1280, 800)),
        ((1280, 720), (1240, 620)),
        ((1366, 768), (1280, 668)),
        ((800, 600), (760, 500)),
        ((600, 400), (600, 400)),
    ],
)
def test_window_size_fits_the_desktop(desktop, expected):
    assert asset_preview.window_size(desktop) == expected


def test_window_size_asks_pygame_for_the_desktop(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 720), (3840, 2160)])
    assert asset_preview.window_size() == (1240, 620)


@pytest.mark.parametrize("desktop", [(1280, 720), (1024, 768), (800, 600), (1920, 1080)])
def test_layout_is_inside_the_window(desktop, monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    a = asset_preview.PreviewApp()
    try:
        screen = pygame.Rect(0, 0, a.width, a.height)
        assert a.width <= desktop[0] and a.height <= desktop[1] and a.screen.get_size() == screen.size
        elements = [*a.buttons.values(), a.slider] + ([a.title] if a.title else [])
        for el in elements:
            assert screen.contains(el.rect), (el, el.rect)
            assert el.rect.bottom <= a.top, (el, el.rect, a.top)
        rects = [el.rect for el in elements]
        assert not any(r.colliderect(o) for i, r in enumerate(rects) for o in rects[i + 1 :])
        a.select("hakkutsu.rock.ruby")
        for _ in range(3):
            a.step()
        assert a.cell_rect(0).right <= a.grid_w < a.width
        a.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_5, unicode="5", mod=0, scancode=0)])
        assert a.filter == "sounds"
    finally:
        pygame.display.quit()


def test_title_is_english(app):
    assert pygame.display.get_caption()[0] == "Tabletop Trio — asset preview"
    assert app.title is not None and app.title.text == "Asset preview"
    assert app.title.text.isascii()


# ------------------------------------------------------------------ the sound's ring
def _stage_tile(a):
    panel = pygame.Rect(a.grid_w + 10, a.top + 10, a.width - a.grid_w - 20, a.height - a.top - 20)
    stage = pygame.Rect(panel.x + 10, panel.y + 10, panel.w - 20, max(120, min(400, panel.h - 320)))
    size = max(40, min(300, stage.w - 60, stage.h - 40))
    return pygame.Rect(0, 0, size, size).move(stage.centerx - size // 2, stage.centery - size // 2), stage


def test_sound_ring_does_not_cover_the_tile(app):
    app.set_filter("sounds")
    app.select("sfx.card")
    tile, stage = _stage_tile(app)
    for t in (0.0, 0.1, 0.5, 0.9):
        ring = asset_preview.PreviewApp.sound_ring(tile, t)
        assert ring.inflate(-6, -6).contains(tile.inflate(2, 2)), (t, ring, tile)
    # The tile without its rounded corners (the ring's corners are concentric with the tile's).
    inside = [tile.inflate(-40, 0), tile.inflate(0, -40)]

    def pixels():
        return [pygame.image.tobytes(app.screen.subsurface(r), "RGBA") for r in inside]

    def above_the_tile(t):
        y = asset_preview.PreviewApp.sound_ring(tile, t).top + 1
        return [app.screen.get_at((x, y)) for x in range(tile.left + 40, tile.right - 40, 10)]

    for t in (0.0, 0.1, 0.3, 0.6):
        app.anim_t = t
        app.draw()  # the sound was just played: its ring is drawn
        with_ring, ring = pixels(), above_the_tile(t)
        app.played.append("sfx.other")
        app.draw()  # no ring
        assert pixels() == with_ring, t  # the speaker and the waveform are not covered
        if stage.contains(asset_preview.PreviewApp.sound_ring(tile, t)):  # (clipped to the stage)
            assert ring != above_the_tile(t), t  # but the ring is drawn, just outside the tile
        app.played.append("sfx.card")


# ------------------------------------------------------------------ sheet labels wrap before shortening
def test_long_sheet_labels_wrap_onto_two_lines():
    pygame.font.init()
    key = "hakkutsu.museum.natural-history-museum.ja"
    size, lines = asset_preview.label_lines(key, 140, 11, max_lines=2)
    assert len(lines) == 2 and "".join(lines) == key and "…" not in "".join(lines)
    font = asset_preview._font(size)
    assert all(font.size(line)[0] <= 140 for line in lines)
    assert asset_preview.label_lines("hakkutsu.rock.ruby", 140, 11, max_lines=2) == (
        11,
        ["hakkutsu.rock.ruby"],
    )
    # One line (the window's grid): shrink, then shorten the middle, as before.
    size, lines = asset_preview.label_lines(key, 140, 11)
    assert len(lines) == 1 and "…" in lines[0]
    # Nothing to break at: the two halves are shortened only when they cannot fit.
    size, lines = asset_preview.label_lines("x" * 200, 140, 11, max_lines=2)
    assert len(lines) == 2 and all(asset_preview._font(size).size(line)[0] <= 140 for line in lines)
    label = asset_preview._fit_label(key, 140, 11, max_lines=2)
    assert label.get_width() <= 140 and label.get_height() >= 2 * asset_preview._font(size).get_height() - 4
