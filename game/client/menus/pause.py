"""The pause menu over a game: resume, save and quit, rules, settings, quit to title."""

from __future__ import annotations

import pygame

from .. import gfx
from ..games import client_for
from ..i18n import continue_label, t
from ..scene import Scene
from .common import button


class PauseScene(Scene):
    overlay = True

    def __init__(self, app, game_scene) -> None:
        super().__init__(app)
        self.game_scene = game_scene

    def build_ui(self) -> None:
        w = 340
        x = (self.app.size[0] - w) // 2
        y = 220
        self.b_resume = button(self, (x, y, w, 50), "pause.resume", object_id="#primary_button")
        lesson = getattr(self.game_scene, "guide", None) is not None
        self.b_save = button(self, (x, y + 62, w, 50), "pause.leave_lesson" if lesson else "pause.save_quit")
        self.b_rules = button(self, (x, y + 124, w, 50), "pause.rules")
        self.b_settings = button(self, (x, y + 186, w, 50), "pause.settings")
        self.b_title = button(self, (x, y + 248, w, 50), "pause.quit_title")

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()

    def button_pressed(self, element) -> None:
        el = element
        if el is self.b_resume:
            self.app.scenes.pop()
        elif el is self.b_save:
            self.save_and_quit()
        elif el is self.b_rules:
            game = self.game_scene.session.game
            client = client_for(game)
            self.app.scenes.push_named("rules", game, client.pause_section if client else None)
        elif el is self.b_settings:
            from .settings_menu import SettingsScene

            self.app.scenes.push(SettingsScene(self.app))
        elif el is self.b_title:
            self.quit_to_title()

    def save_and_quit(self) -> None:
        """Save the game and go to the title.  A save of this game that is not this session's own
        (another window saved another game since this one was opened) is replaced only after asking,
        as closing the window never replaces it at all."""
        session = self.game_scene.session
        if session.save_slot_is_mine():
            self._save_then_title()
            return
        from .confirm import ConfirmScene

        self.app.scenes.push(
            ConfirmScene(
                self.app,
                "pause.other_save_question",
                "pause.other_save_note",
                "pause.other_save_replace",
                self._save_then_title,
                game=t(f"game.{session.game}.title"),
            )
        )

    def _save_then_title(self) -> None:
        if self.game_scene.save_game():
            self.to_title()

    def quit_to_title(self) -> None:
        """Leave the game; ask first if that would lose moves (nothing is lost without asking)."""
        if not self.game_scene.session.has_unsaved_moves():
            self.to_title()
            return
        from .confirm import ConfirmScene

        self.app.scenes.push(
            ConfirmScene(
                self.app, "pause.quit_question", "pause.quit_unsaved", "pause.quit_anyway", self.abandon
            )
        )

    def abandon(self) -> None:
        """Drop the game's moves and go to the title: the game counts as abandoned in the history."""
        self.game_scene.abandon()
        self.to_title()

    def to_title(self) -> None:
        from .title import TitleScene

        self.app.scenes.clear_to(TitleScene(self.app))

    #: The panel: its width, its top, where the note under the buttons starts, the note's size.
    PANEL_W, PANEL_TOP, NOTE_TOP, NOTE_SIZE = 460, 130, 400, 14

    def note_text(self) -> str:
        """What quitting and closing do, naming the title screen's button as it reads ("Continue
        Hacktrick")."""
        if (
            getattr(self.game_scene, "guide", None) is not None
        ):  # a lesson: its place is kept, nothing is saved
            return t("pause.lesson_note")
        return t("pause.quit_note", button=continue_label(self.game_scene.session.game))

    def note_layout(self) -> tuple[pygame.Rect, pygame.Rect, list]:
        """The panel, the note's box and the note's lines: the panel grows with the note, so a
        longer note (or another language) is never cut."""
        width = self.PANEL_W - 48
        lines = gfx.wrap(self.note_text(), self.NOTE_SIZE, width)
        height = len(lines) * gfx.font(self.NOTE_SIZE).get_linesize()
        rect = pygame.Rect(0, 0, self.PANEL_W, self.NOTE_TOP + height + 22)
        rect.midtop = (self.app.size[0] // 2, self.PANEL_TOP)
        note = pygame.Rect(rect.left + 24, rect.top + self.NOTE_TOP, width, height)
        return rect, note, lines

    def draw(self, surface) -> None:
        veil = pygame.Surface(self.app.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 170))
        surface.blit(veil, (0, 0))
        rect, note, _ = self.note_layout()
        gfx.panel(surface, rect, 255)  # opaque: the table's text does not show through the menu
        gfx.text(
            surface,
            t("pause.heading"),
            (rect.centerx, rect.top + 24),
            32,
            gfx.GOLD,
            anchor="midtop",
            bold=True,
        )
        gfx.text_block(surface, self.note_text(), note, self.NOTE_SIZE, gfx.MUTED, line_gap=0)
