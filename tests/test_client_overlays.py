"""Toasts, the pause menu and dialogs: opaque panels, one overlay at a time (issue 30, item 3)."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.client.menus.confirm import ConfirmScene
from game.client.menus.pause import PauseScene
from game.client.scene import Scene

from .client_helpers import make_app

#: What the pause menu needs of the game it pauses.
GAME = SimpleNamespace(session=SimpleNamespace(game="hacktrick"))
#: Two very different screens beneath: lines of "text" in one colour on another.
BACKGROUNDS = (((200, 40, 40), (250, 250, 250)), ((20, 90, 200), (0, 0, 0)))


class Backdrop(Scene):
    """A screen of stripes, standing for a table full of text."""

    def __init__(self, app, colours) -> None:
        super().__init__(app)
        self.colours = colours

    def draw(self, surface) -> None:
        ground, ink = self.colours
        surface.fill(ground)
        for y in range(0, 720, 6):
            pygame.draw.line(surface, ink, (0, y), (1280, y + 40), 2)


@pytest.fixture
def app(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    yield app
    app.shutdown()


def pixels(app, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(app.canvas.subsurface(rect), "RGB")


def over_backdrops(app, open_overlay, rect_of) -> list[bytes]:
    """The pixels of ``rect_of()`` (shrunk past the rounded corners) with the overlay open over each
    of :data:`BACKGROUNDS`."""
    shots = []
    for colours in BACKGROUNDS:
        app.scenes.clear_to(Backdrop(app, colours))
        app.scenes.fade = 0
        app.render()
        open_overlay()
        app.render()
        shots.append(pixels(app, rect_of().inflate(-24, -24)))
    return shots


def test_a_dialog_hides_what_is_beneath_it(app):
    """ "Quit without saving?" let the text beneath show through its panel."""
    dialog = []

    def open_dialog():
        dialog[:] = [
            app.scenes.push(
                ConfirmScene(
                    app, "pause.quit_question", "pause.quit_unsaved", "pause.quit_anyway", lambda: None
                )
            )
        ]

    first, second = over_backdrops(app, open_dialog, lambda: dialog[0].panel_rect())
    assert first == second


def test_the_pause_menu_hides_what_is_beneath_it(app):
    pause = []

    def open_pause():
        pause[:] = [app.scenes.push(PauseScene(app, GAME))]

    first, second = over_backdrops(app, open_pause, lambda: pause[0].note_layout()[0])
    assert first == second


def test_a_toast_hides_what_is_beneath_it(app):
    def toast():
        app.notify("The game could not be saved: " + "a long reason " * 12, 30)

    first, second = over_backdrops(app, toast, lambda: app.notice_layout()[0])
    assert first == second


def test_a_dialog_from_the_pause_menu_replaces_the_menu_on_screen(app):
    """ "Quit without saving?" was drawn over a still-visible pause menu: now the menu is not drawn
    while the dialog is open (the game beneath is dimmed once, by the dialog), and it is back when
    the dialog closes."""
    drawn = []
    original = PauseScene.draw

    def spy(self, surface):
        drawn.append(self)
        original(self, surface)

    app.scenes.clear_to(Backdrop(app, BACKGROUNDS[0]))
    app.scenes.fade = 0
    app.render()
    pause = app.scenes.push(PauseScene(app, GAME))
    app.render()
    PauseScene.draw = spy
    try:
        dialog = app.scenes.push(
            ConfirmScene(app, "pause.quit_question", "pause.quit_unsaved", "pause.quit_anyway", lambda: None)
        )
        app.render()
        assert drawn == []
        with_menu = pixels(app, app.canvas.get_rect())
        # the same dialog opened straight over the game looks the same: no trace of the menu
        app.scenes.clear_to(Backdrop(app, BACKGROUNDS[0]))
        app.scenes.fade = 0
        app.render()
        app.scenes.push(
            ConfirmScene(app, "pause.quit_question", "pause.quit_unsaved", "pause.quit_anyway", lambda: None)
        )
        app.render()
        assert pixels(app, app.canvas.get_rect()) == with_menu
        # back to the menu: drawn again
        app.scenes.clear_to(Backdrop(app, BACKGROUNDS[0]))
        app.render()
        pause = app.scenes.push(PauseScene(app, GAME))
        dialog = app.scenes.push(
            ConfirmScene(app, "pause.quit_question", "pause.quit_unsaved", "pause.quit_anyway", lambda: None)
        )
        app.render()
        assert drawn == []
        dialog.button_pressed(dialog.b_cancel)
        app.render()
        assert drawn == [pause] and pause.b_title.visible
    finally:
        PauseScene.draw = original


def test_an_overlay_does_not_keep_a_toast_for_good(app):
    """The pause menu kept the frame it was opened on, toast and all: the toast stayed on screen
    under the menu after its time was up."""
    app.scenes.clear_to(Backdrop(app, BACKGROUNDS[0]))
    app.scenes.fade = 0
    app.render()
    clean = pixels(app, app.canvas.get_rect())
    app.notify("Saved game resumed.", 3)
    app.render()
    pause = app.scenes.push(PauseScene(app, GAME))
    assert pygame.image.tobytes(pause.backdrop, "RGB") == clean


def striped(colours) -> pygame.Surface:
    surface = pygame.Surface((1280, 720))
    Backdrop.draw(SimpleNamespace(colours=colours), surface)
    return surface


def drawn_the_same_over_anything(draw, monkeypatch) -> pygame.Rect:
    """``draw(surface)`` over two different screens: the inside of the panel it draws is the same.
    Returns that panel's rectangle."""
    from game.client import gfx

    panels = []
    real = gfx.panel

    def spy(surface, rect, *args, **kwargs):
        panels.append(pygame.Rect(rect))
        return real(surface, rect, *args, **kwargs)

    monkeypatch.setattr(gfx, "panel", spy)
    shots = []
    for colours in BACKGROUNDS:
        surface = striped(colours)
        panels.clear()
        draw(surface)
        inside = panels[0].inflate(-24, -24)
        shots.append(pygame.image.tobytes(surface.subsurface(inside), "RGB"))
    monkeypatch.setattr(gfx, "panel", real)
    assert shots[0] == shots[1]
    return panels[0]


def test_a_banner_over_the_table_hides_what_is_beneath_it(monkeypatch):
    from game.client.table.widgets import banner

    pygame.font.init()
    drawn_the_same_over_anything(
        lambda s: banner(s, "Easy bot asks: your hand sums to 7", (640, 300)), monkeypatch
    )


def test_table_dialogs_hide_what_is_beneath_them(app, monkeypatch):
    """A hand's summary (Hacktrick) and the discard pile's browser (Ratjack) let the table show through."""
    import random

    from game.client.registry import open_game
    from game.client.session import Session

    scene = open_game(app, Session.new("hacktrick", ["human", "random"], seed=5))
    rng = random.Random(5)
    for _ in range(20000):
        if scene.summary is not None and scene.timeline.waiting:
            break
        if scene.my_turn:
            scene.act(rng.choice(scene.legal_actions()))
        app.step(1 / 30)
    assert scene.summary is not None
    drawn_the_same_over_anything(scene.draw_summary, monkeypatch)

    table = open_game(app, Session.new("ratjack", ["human", "random"], seed=5))
    app.step(1 / 30)
    table.browsing = True
    drawn_the_same_over_anything(table.draw_popup, monkeypatch)  # the discard browser
