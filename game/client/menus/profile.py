"""Who plays: a name and a colour.  Asked once at first start (Enter keeps the suggested name),
changed from Settings, and made for a hot-seat seat from the setup screen.

:class:`ProfileScene` is a dialog over the current screen in one of three modes: ``first`` (the
player at this screen, never asked before: Esc also keeps the suggestion, so it is asked once),
``edit`` (the local profile, from Settings) and ``new`` (another player, for a hot-seat seat).
What it made or changed goes to ``on_done(profile)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from game.history import PALETTE, HistoryStore, Profile, ProfileError
from game.history.profiles import NAME_MAX

from .. import gfx
from .. import history as client_history
from ..i18n import t
from ..scene import Scene
from .common import button

SWATCH, SWATCH_GAP = 40, 12
NOTE_HEIGHT = 80  # the first start's note under the heading
NOTE_SIZE = 16
#: The history could not be read (a fault, said once): unlike ``None``, no profile is asked for.
UNKNOWN = object()


class ProfileScene(Scene):
    overlay = True

    def __init__(
        self,
        app: Any,
        mode: str = "first",
        profile: Profile | None = None,
        on_done: Callable[[Profile], None] | None = None,
    ) -> None:
        super().__init__(app)
        if mode not in ("first", "edit", "new"):
            raise ValueError(f"unknown mode {mode!r}")
        self.mode = mode
        self.profile = profile
        self.on_done = on_done
        used = [p.colour for p in client_history.profiles(app)]
        self.name = profile.name if profile else client_history.suggested_name(app)
        free = [c for c in PALETTE if c not in used]
        self.colour = profile.colour if profile else (free or list(PALETTE))[0]
        self.error: str | None = None

    def note_height(self) -> int:
        """The room for the first start's note under the heading (none when renaming or adding a
        player: the name comes right under the heading, with no empty band)."""
        return NOTE_HEIGHT if self.mode == "first" else 0

    def note_area(self) -> pygame.Rect:
        """Where the first start's note is wrapped (its lines, :data:`NOTE_SIZE` px, one under the other)."""
        rect = self.panel_rect()
        return pygame.Rect(rect.left + 40, rect.top + 74, rect.w - 80, NOTE_HEIGHT - 4)

    def panel_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 660, 400 - NOTE_HEIGHT + self.note_height())
        rect.midtop = (self.app.size[0] // 2, 150)
        return rect

    def body_top(self) -> int:
        """Where the name's row starts its band (the panel's top as if there were a note above)."""
        return self.panel_rect().top - NOTE_HEIGHT + self.note_height()

    def swatch_rects(self) -> list[pygame.Rect]:
        panel = self.panel_rect()
        left = panel.left + 180
        return [
            pygame.Rect(left + i * (SWATCH + SWATCH_GAP), self.body_top() + 230, SWATCH, SWATCH)
            for i in range(len(PALETTE))
        ]

    def build_ui(self) -> None:
        panel = self.panel_rect()
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(panel.left + 180, self.body_top() + 160, 420, 44),
            self.app.ui,
            container=self.container,
            initial_text=self.name,
        )
        self.entry.set_text_length_limit(NAME_MAX)
        self.entry.focus()
        # the caret after the name; a suggested name (first start, a new player) selected, so that
        # typing replaces it
        self.entry.select_range = [0, len(self.name)] if self.profile is None else [0, 0]
        self.entry.edit_position = len(self.name)
        self.entry.cursor_has_moved_recently = True  # the caret drawn where it now is
        y = panel.bottom - 74
        first = self.mode == "first"
        self.b_ok = button(
            self,
            (panel.centerx - (115 if first else 250), y, 230, 50),
            "profile.ok",
            object_id="#primary_button",
        )
        self.b_cancel = None if first else button(self, (panel.centerx + 20, y, 230, 50), "common.cancel")

    def typed_name(self) -> str:
        return self.entry.get_text() if getattr(self, "entry", None) is not None else self.name

    def accept(self) -> None:
        """Save the name and colour (an unusable name is explained, and the dialog stays)."""
        name = self.typed_name()

        def work(store: HistoryStore) -> Profile:
            if self.mode == "edit" and self.profile is not None:
                return store.update_profile(self.profile.id, name=name, colour=self.colour)
            made = store.create_profile(name, colour=self.colour)
            if self.mode == "first":
                store.set_local_profile(made.id)
            return made

        try:
            saved = client_history.use(self.app, work, None)
        except ProfileError as exc:
            self.error = t(f"profile.error.{exc.kind}")
            self.app.sound("sfx.error")
            return
        self.app.scenes.pop()
        if saved is not None and self.on_done is not None:
            self.on_done(saved)

    def cancel(self) -> None:
        if self.mode == "first":
            self.accept()  # asked once: leaving keeps the suggested name
        else:
            self.app.scenes.pop()

    def button_pressed(self, element: object) -> None:
        if element is self.b_ok:
            self.accept()
        elif element is self.b_cancel and self.b_cancel is not None:
            self.cancel()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.accept()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for colour, rect in zip(PALETTE, self.swatch_rects(), strict=True):
                if rect.collidepoint(event.pos):
                    self.colour = colour

    def draw(self, surface: pygame.Surface) -> None:
        gfx.panel(surface, surface.get_rect(), 170, colour=(0, 0, 0), radius=0, border=None)
        rect = self.panel_rect()
        gfx.panel(surface, rect, 255)
        heading = {
            "first": "profile.first_heading",
            "edit": "profile.edit_heading",
            "new": "profile.new_heading",
        }
        gfx.text(
            surface,
            t(heading[self.mode]),
            (rect.centerx, rect.top + 24),
            28,
            gfx.GOLD,
            anchor="midtop",
            bold=True,
        )
        if self.mode == "first":
            gfx.text_block(surface, t("profile.first_note"), self.note_area(), NOTE_SIZE, gfx.INK, line_gap=0)
        top = self.body_top()
        gfx.text(surface, t("profile.name"), (rect.left + 40, top + 170), 20, gfx.INK)
        gfx.text(surface, t("profile.colour"), (rect.left + 40, top + 238), 20, gfx.INK)
        for colour, swatch in zip(PALETTE, self.swatch_rects(), strict=True):
            pygame.draw.rect(surface, pygame.Color(colour), swatch, border_radius=8)
            if colour == self.colour:
                pygame.draw.rect(surface, gfx.GOLD, swatch.inflate(8, 8), width=3, border_radius=10)
        if self.error:
            gfx.text(surface, self.error, (rect.left + 180, top + 282), 16, gfx.RED)


def offer_first_profile(app: Any) -> bool:
    """At first start (no local profile yet, and the history readable), ask for the player's name
    over the current screen; True if asked."""
    found = client_history.use(app, lambda s: s.local_profile(), UNKNOWN)
    if found is not None:
        return False
    if app.scenes.top is not None:
        app.scenes.fade = 0.0
        app.render()  # the dialog is drawn over the screen below, not over an empty canvas
    app.scenes.push(ProfileScene(app, "first"))
    return True
