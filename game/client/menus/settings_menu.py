"""Settings: the player's profile, language, animation speed, volume, mute, window size, fullscreen.

The volume slider shows its value and jumps to a click on its track; the Fullscreen
button follows F11 pressed while the screen is open.
"""

from __future__ import annotations

import pygame
import pygame_gui

from .. import gfx
from .. import history as client_history
from ..dropdowns import close_open_drop_down
from ..i18n import LANGUAGE_NAMES, LANGUAGES, t
from ..scene import Scene
from ..settings import ANIMATION_SPEEDS, window_sizes_for
from .common import backdrop, button, heading, label

#: The panel behind the fields; the fields' column (``FIELD_LEFT``, ``FIELD_W`` wide) sits 40 px
#: inside its right edge.
PANEL = pygame.Rect(280, 126, 720, 470)
FIELD_LEFT, FIELD_W = 600, 360
SWATCH, SWATCH_GAP = 20, 10  # the profile's colour, at the right end of the fields' column


class SettingsScene(Scene):
    def build_ui(self) -> None:
        s = self.app.settings
        ui, c = self.app.ui, self.container
        lx, cx, w = 320, FIELD_LEFT, FIELD_W
        rows = iter(range(140, 600, 62))
        y = next(rows)
        label(self, (lx, y, 260, 44), t("profile.settings_label"), "#setup_label")
        self.me = client_history.local_profile(self.app)
        self.b_profile = pygame_gui.elements.UIButton(  # narrower: its colour swatch ends the column
            pygame.Rect(cx, y, w - (SWATCH + SWATCH_GAP if self.me else 0), 44),
            t("profile.settings_change", name=self.me.name) if self.me else t("profile.new_choice"),
            ui,
            container=c,
        )
        y = next(rows)
        label(self, (lx, y, 260, 44), t("settings.language"), "#setup_label")
        self.lang = pygame_gui.elements.UIDropDownMenu(
            [LANGUAGE_NAMES[code] for code in LANGUAGES],
            LANGUAGE_NAMES[s.language],
            pygame.Rect(cx, y, w, 44),
            ui,
            container=c,
        )
        y = next(rows)
        label(self, (lx, y, 260, 44), t("settings.animation"), "#setup_label")
        speeds = [f"{v:g}x" for v in ANIMATION_SPEEDS]
        current = min(ANIMATION_SPEEDS, key=lambda v: abs(v - s.animation_speed))
        self.speed = pygame_gui.elements.UIDropDownMenu(
            speeds, f"{current:g}x", pygame.Rect(cx, y, w, 44), ui, container=c
        )
        y = next(rows)
        label(self, (lx, y, 260, 44), t("settings.volume"), "#setup_label")
        self.volume = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(cx, y + 6, w - 70, 32), round(s.volume * 100), (0, 100), ui, container=c
        )
        self.volume_value = label(self, (cx + w - 64, y, 64, 44), self.volume_text(), "#setup_label")
        y = next(rows)
        label(self, (lx, y, 260, 44), t("settings.mute"), "#setup_label")
        self.mute = pygame_gui.elements.UIButton(
            pygame.Rect(cx, y, w, 44), t("settings.on") if s.mute else t("settings.off"), ui, container=c
        )
        y = next(rows)
        label(self, (lx, y, 260, 44), t("settings.window"), "#setup_label")
        cur = f"{s.window_size[0]}x{s.window_size[1]}"
        sizes = [f"{a}x{b}" for a, b in window_sizes_for(self.app.desktop_size(), s.window_size)]
        self.size_menu = pygame_gui.elements.UIDropDownMenu(
            sizes, cur, pygame.Rect(cx, y, w, 44), ui, container=c
        )
        y = next(rows)
        label(self, (lx, y, 260, 44), t("settings.fullscreen"), "#setup_label")
        self.full = pygame_gui.elements.UIButton(
            pygame.Rect(cx, y, w, 44),
            t("settings.on") if s.fullscreen else t("settings.off"),
            ui,
            container=c,
        )
        self.b_back = button(self, (40, 646, 180, 46), "common.back")

    def swatch_rect(self) -> pygame.Rect:
        """The profile's colour beside its name: at the end of the fields' column, as far from the
        panel's edge as the fields are (it sat 10 px from it)."""
        rect = pygame.Rect(0, 0, SWATCH, SWATCH)
        rect.midright = (FIELD_LEFT + FIELD_W, self.b_profile.rect.centery)
        return rect

    def volume_text(self) -> str:
        return f"{round(self.app.settings.volume * 100)}%"

    def set_volume(self, percent: int) -> None:
        """Set, save and show the volume (0..100 %)."""
        percent = max(0, min(100, round(percent)))
        self.app.settings.volume = percent / 100
        if self.volume.get_current_value() != percent:
            self.volume.set_current_value(percent)
        self.volume_value.set_text(self.volume_text())
        self.app.save_settings()

    def track_value(self, pos) -> int | None:
        """The volume a click at ``pos`` on the slider's track (not on its buttons) asks for."""
        slider = self.volume
        left, right = slider.rect.left, slider.rect.right
        for arrow in (slider.left_button, slider.right_button):
            if arrow is not None and arrow.rect.collidepoint(pos):
                return None
        if slider.left_button is not None:
            left = slider.left_button.rect.right
        if slider.right_button is not None:
            right = slider.right_button.rect.left
        if not slider.rect.collidepoint(pos) or slider.sliding_button.rect.collidepoint(pos) or right <= left:
            return None
        return round(100 * (pos[0] - left) / (right - left))

    def settings_changed(self) -> None:
        """F11 (or anything else) changed a setting while this screen is open: show it."""
        s = self.app.settings
        self.full.set_text(t("settings.on") if s.fullscreen else t("settings.off"))
        self.mute.set_text(t("settings.on") if s.mute else t("settings.off"))

    def handle_ui(self, event) -> None:
        s = self.app.settings
        el = event.ui_element
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if el is self.lang:
                for code, name in LANGUAGE_NAMES.items():
                    if name == event.text and code != s.language:
                        self.app.set_language(code)
            elif el is self.speed:
                s.animation_speed = float(event.text.rstrip("x"))
                self.app.save_settings()
            elif el is self.size_menu:
                w, h = (int(v) for v in event.text.split("x"))
                self.app.set_window_size((w, h))
                self.rebuild()
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and el is self.volume:
            self.set_volume(self.volume.get_current_value())
        else:
            super().handle_ui(event)

    def button_pressed(self, element) -> None:
        s = self.app.settings
        if element is self.b_back:
            self.app.scenes.pop()
        elif element is self.b_profile:
            from .profile import ProfileScene

            mode = "edit" if self.me is not None else "first"
            self.app.scenes.push(ProfileScene(self.app, mode, self.me, on_done=lambda _: self.rebuild()))
        elif element is self.mute:
            s.mute = not s.mute
            self.app.save_settings()
            self.mute.set_text(t("settings.on") if s.mute else t("settings.off"))
        elif element is self.full:
            self.app.toggle_fullscreen()  # calls settings_changed

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not close_open_drop_down(self):
                self.app.scenes.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            value = self.track_value(event.pos)
            if value is not None:
                self.set_volume(value)

    def draw(self, surface) -> None:
        backdrop(self.app, surface, dim=140)
        heading(surface, t("settings.heading"))
        gfx.panel(surface, PANEL, 190)
        if self.me is not None:  # the profile's colour beside its name
            pygame.draw.rect(surface, pygame.Color(self.me.colour), self.swatch_rect(), border_radius=6)
        gfx.text(
            surface, t("settings.where"), (640, 606), 14, gfx.MUTED, anchor="midtop"
        )  # no file path: see README
