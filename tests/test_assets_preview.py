"""The asset-preview window runs with synthetic events; `--sheet` writes a contact sheet."""

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame_gui  # noqa: E402

from tools import asset_preview  # noqa: E402


@pytest.fixture()
def app():
    a = asset_preview.PreviewApp()
    yield a
    pygame.display.quit()


def _key(key, uni=""):
    return pygame.event.Event(pygame.KEYDOWN, key=key, unicode=uni, mod=0, scancode=0)


def _click(pos):
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


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
    assert asset_preview.main(["--screenshot", str(shot), "--filter", "hacktrick",
                               "--select", "hacktrick.card.5"]) == 0
    assert pygame.image.load(str(shot)).get_size() == (1280, 800)
    sheet = tmp_path / "sheet.png"
    assert asset_preview.main(["--sheet", str(sheet), "--game", "hacktrick"]) == 0
    img = pygame.image.load(str(sheet))
    assert img.get_width() > 1000 and img.get_height() > 300
    full = tmp_path / "full.png"
    asset_preview.contact_sheet(out=full)
    assert pygame.image.load(str(full)).get_height() > img.get_height()
