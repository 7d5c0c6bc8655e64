"""What a first-time player saw unexplained in the real-window review of the profiles, the setup
screen and the ratings: whose record the games go to on the title screen, the hot-seat profile
column's heading, the Settings swatch's margin, the Japanese first-start note's line breaks, what a
bot's rating is measured against, and how the person at a table is named."""

from __future__ import annotations

import getpass

import pygame
import pytest

from game.client.menus.settings_menu import PANEL, SettingsScene
from game.history import HistoryStore, Profile
from tests.client_helpers import frames


@pytest.fixture(autouse=True)
def account(monkeypatch):
    monkeypatch.setattr(getpass, "getuser", lambda: "anna")


def local(name: str = "Aiko", colour: str | None = None) -> Profile:
    store = HistoryStore()  # TRIO_DATA_DIR is the test's (make_app)
    made = store.create_profile(name, colour=colour) if colour else store.create_profile(name)
    store.set_local_profile(made.id)
    return made


def near(a, b, tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_settings_colour_swatch_keeps_the_fields_margin(app, size):
    """The swatch beside the profile's name sat 10 px from the panel's edge: it ends the fields'
    column now, as far inside the panel as the drop-downs, at the smallest and a large window."""
    me = local("Aiko", colour="#e05a4a")
    app.set_window_size(size)
    settings = app.scenes.push(SettingsScene(app))
    frames(app, 2)
    swatch, button = settings.swatch_rect(), settings.b_profile.rect
    field_margin = PANEL.right - settings.lang.rect.right
    assert field_margin >= 30 and PANEL.right - swatch.right >= field_margin
    assert swatch.left >= button.right + 6 and swatch.centery == button.centery
    app.render()
    colour = pygame.Color(me.colour)
    assert near(app.canvas.get_at(swatch.center), colour)
    band = [
        (x, y)
        for x in range(PANEL.right - field_margin + 1, PANEL.right)
        for y in range(button.top, button.bottom)
    ]
    assert not any(near(app.canvas.get_at(p), colour, 40) for p in band)  # nothing of it near the edge
    window = pygame.display.get_surface()
    assert window.get_size() == size
    assert near(window.get_at(app.to_window(swatch.center)), colour, 30)  # drawn there in the window too
