"""Hot-seat play: a privacy screen between two humans' turns hides every hand."""

from __future__ import annotations

import pygame
import pygame_gui

from . import gfx
from .i18n import t
from .menus.common import backdrop, button
from .scene import Scene


class PrivacyScene(Scene):
    """Covers the table until the next human says they are ready.

    ``their_turn`` is False when bots play before that human moves: the screen then asks to pass it
    on rather than saying it is their turn."""

    def __init__(self, app, name: str, their_turn: bool = True) -> None:
        super().__init__(app)
        self.name = name
        self.their_turn = their_turn

    def build_ui(self) -> None:
        self.b_ready = button(
            self, (self.app.size[0] // 2 - 160, 420, 320, 56), "hotseat.ready", object_id="#primary_button"
        )

    def handle_ui(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.b_ready:
            self.app.scenes.pop()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            self.app.scenes.pop()

    def draw(self, surface) -> None:
        backdrop(self.app, surface, "ui.table", dim=200)
        title, hint = (
            ("hotseat.pass_to", "hotseat.hint")
            if self.their_turn
            else ("hotseat.pass_screen", "hotseat.hint_bots")
        )
        gfx.text(
            surface,
            t(title, name=self.name),
            (self.app.size[0] // 2, 260),
            40,
            gfx.GOLD,
            anchor="center",
            bold=True,
        )
        gfx.text(surface, t(hint), (self.app.size[0] // 2, 330), 20, gfx.INK, anchor="center")
