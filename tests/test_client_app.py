"""The App: a closed one gives back its memory (the full suite opens hundreds of them in one process,
which grew to 8 GB), and an idle window slows its loop down."""

from __future__ import annotations

import gc
import io
import weakref
from pathlib import Path

import pygame
import pygame_gui
import pytest
from pygame_gui.core.utility import get_default_manager, set_default_manager

from game.client.session import Session
from tests.client_helpers import collect_closed_apps, frames, make_app, run_until


def files_in_memory() -> set[int]:
    """The ids of the in-memory files (pygame-gui reads its fonts into ``io.BytesIO`` objects)."""
    gc.collect()
    return {id(o) for o in gc.get_objects() if isinstance(o, io.BytesIO)}


def test_a_closed_app_is_freed_with_its_fonts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """pygame-gui reads its fonts into memory (4.5 MB a face) and made the first UIManager the default
    for good, which kept that App alive, as did a widget's event still queued when the window closed;
    and a font freed after ``pygame.quit()`` kept its file."""
    from game.client.menus.title import TitleScene

    set_default_manager(None)  # as in a fresh process: this App's manager becomes pygame-gui's default
    before = files_in_memory()
    app = make_app(tmp_path, monkeypatch)
    title = app.scenes.push(TitleScene(app))
    frames(app, 3)
    assert get_default_manager() is app.ui
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=title.b_quit))
    del title
    fonts = [weakref.ref(o) for o in gc.get_objects() if isinstance(o, io.BytesIO) and id(o) not in before]
    assert fonts  # the fonts it loaded
    app.shutdown()
    assert get_default_manager() is None
    gone = weakref.ref(app)
    del app
    collect_closed_apps()
    assert gone() is None
    assert not [f for f in fonts if f() is not None]


def test_an_idle_window_slows_down_and_wakes_on_input_or_animation(app):
    """With no input for a while and nothing moving, the loop may wait for input between frames
    (an idle table took 60% of a core redrawing the same picture); input, a notice, a fade, an
    animation or a thinking bot keep the full frame rate."""
    import time

    from game.client import app as app_module
    from game.client.menus.title import TitleScene
    from game.client.registry import open_game

    app.scenes.push(TitleScene(app))
    frames(app, 30)
    app.last_input = time.perf_counter() - app_module.ACTIVE_SECONDS - 1
    assert app.idle()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert not app.idle()  # input: full speed again
    app.last_input -= app_module.ACTIVE_SECONDS + 1
    app.notify("a notice")
    assert not app.idle()
    app.notice = None
    scene = open_game(app, Session.new("hacktrick", ["human", "heuristic"], seed=2))
    assert app.scenes.fade > 0 and not app.idle()  # the fade into the table
    assert run_until(
        app,
        lambda: (
            scene.session.to_move == 0
            and not scene.timeline.busy
            and not scene.bot_thinking
            and app.scenes.fade == 0
        ),
    )
    app.last_input = time.perf_counter() - app_module.ACTIVE_SECONDS - 1
    assert app.idle()  # the human's turn, nothing moving
    scene.act(scene.legal_actions()[0])
    assert scene.animating() and not app.idle()
    assert run_until(app, lambda: not scene.animating())
    # the run loop with an idle window still handles input at once
    app.last_input = time.perf_counter() - app_module.ACTIVE_SECONDS - 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.run(max_seconds=0.3)
    assert type(app.scenes.top).__name__ == "PauseScene"  # Esc opened the pause menu
