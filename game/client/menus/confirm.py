"""A small question over the current screen: confirm or cancel (nothing is lost without asking).

Its panel is opaque and the screen around it dimmed; opened from the pause menu, it replaces the
menu on screen (see :meth:`~game.client.scene.SceneManager.draw`)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import gfx
from ..i18n import t
from ..scene import Scene
from ..table.widgets import fitting_size
from .common import button

#: Each answer's width: room for the longest ("No thanks, set up a game", "今はいい、ゲームを設定する").
BUTTON_W = 260


class ConfirmScene(Scene):
    """``question`` and ``note`` (i18n keys, ``note`` formatted with ``fmt``) with two buttons.

    The confirm button (``confirm`` key) closes the dialog and calls ``on_confirm``; Cancel or
    Esc only closes it.  Cancel is the highlighted choice: the safe one.
    """

    overlay = True
    #: The other button's text, and what it does besides closing the dialog (an offer's "No thanks").
    cancel_key = "common.cancel"
    on_cancel: Callable[[], None] | None = None
    #: The confirm button is the highlighted choice (an offer, where nothing is at risk); else Cancel is.
    confirm_is_primary = False

    def __init__(
        self, app, question: str, note: str, confirm: str, on_confirm: Callable[[], None], **fmt
    ) -> None:
        super().__init__(app)
        self.question, self.note, self.confirm = question, note, confirm
        self.on_confirm = on_confirm
        self.fmt = fmt

    def build_ui(self) -> None:
        cx = self.app.size[0] // 2
        primary, plain = "#primary_button", "#menu_button"
        self.b_confirm = button(
            self,
            (cx - 10 - BUTTON_W, 400, BUTTON_W, 50),
            self.confirm,
            object_id=primary if self.confirm_is_primary else plain,
        )
        self.b_cancel = button(
            self,
            (cx + 10, 400, BUTTON_W, 50),
            self.cancel_key,
            object_id=plain if self.confirm_is_primary else primary,
        )

    def button_pressed(self, element) -> None:
        if element is self.b_cancel:
            self.app.scenes.pop()
            if self.on_cancel is not None:
                self.on_cancel()
        elif element is self.b_confirm:
            self.app.scenes.pop()
            self.on_confirm()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()

    def panel_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 620, 260)
        rect.midtop = (self.app.size[0] // 2, 210)
        return rect

    def draw(self, surface) -> None:
        gfx.panel(surface, surface.get_rect(), 170, colour=(0, 0, 0), radius=0, border=None)  # dim the rest
        rect = self.panel_rect()
        gfx.panel(surface, rect, 255)  # opaque: the text beneath does not show through the question
        gfx.text(
            surface,
            t(self.question, **self.fmt),
            (rect.centerx, rect.top + 28),
            30,
            gfx.GOLD,
            anchor="midtop",
            bold=True,
        )
        note = t(self.note, **self.fmt)
        area = pygame.Rect(rect.left + 30, rect.top + 80, rect.w - 60, 108)
        gfx.text_block(
            surface,
            note,
            area,
            fitting_size(note, area.w, area.h, sizes=(18, 16, 15, 14, 13)),
            gfx.INK,
            line_gap=0,
        )
