"""A closed App gives back its memory: the full suite opens hundreds of them in one process (which
grew to 8 GB)."""

from __future__ import annotations

import gc
import io
import weakref
from pathlib import Path

import pygame
import pygame_gui
import pytest
from pygame_gui.core.utility import get_default_manager, set_default_manager

from tests.client_helpers import collect_closed_apps, frames, make_app


def font_files_in_memory() -> int:
    gc.collect()
    return sum(isinstance(o, io.BytesIO) for o in gc.get_objects())


def test_a_closed_app_is_freed_with_its_fonts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """pygame-gui reads its fonts into memory (4.5 MB a face) and made the first UIManager the default
    for good, which kept that App alive, as did a widget's event still queued when the window closed;
    and a font freed after ``pygame.quit()`` kept its file."""
    from game.client.menus.title import TitleScene

    set_default_manager(None)  # as in a fresh process: this App's manager becomes pygame-gui's default
    before = font_files_in_memory()
    app = make_app(tmp_path, monkeypatch)
    title = app.scenes.push(TitleScene(app))
    frames(app, 3)
    assert get_default_manager() is app.ui
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=title.b_quit))
    del title
    assert font_files_in_memory() > before  # the fonts it loaded
    app.shutdown()
    assert get_default_manager() is None
    gone = weakref.ref(app)
    del app
    collect_closed_apps()
    assert gone() is None
    assert font_files_in_memory() == before
