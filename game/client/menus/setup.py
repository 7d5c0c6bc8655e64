"""Game setup: who sits at each seat (human or a bot and its level) and every rules option."""

from __future__ import annotations

import pygame
import pygame_gui

from game.rules import GAMES

from .. import gfx
from ..i18n import t
from ..i18n import table as i18n_table
from ..players import default_bot, seat_choices, seat_label  # noqa: F401  (re-exported)
from ..scene import Scene
from .common import backdrop, button, heading, label


def option_label(game: str, value, name: str | None = None) -> str:
    """How an option's value reads in the menu: ``option.<game>.<name>.<value>`` if the
    i18n tables have it, else ``option.<game>.<name>.value`` formatted, else the value itself."""
    if name is not None:
        for key, fmt in ((f"option.{game}.{name}.{value}", {}), (f"option.{game}.{name}.value", {"value": value})):
            if key in i18n_table("en"):
                return t(key, **fmt)
    return str(value)


class SetupScene(Scene):
    def __init__(self, app, game: str, seats: list[str] | None = None, options: dict | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.info = GAMES[game]
        n = self.info.min_players
        self.seats = list(seats) if seats else ["human"] + [default_bot()] * (n - 1)
        self.options = {k: o.default for k, o in self.info.options.items()}
        self.options.update(options or {})

    def build_ui(self) -> None:
        choices = seat_choices()
        texts = [t(k) for k, _ in choices]
        self.seat_menus = []
        left = 240
        y = 160
        for p, spec in enumerate(self.seats):
            label(self, (left, y, 220, 44), t("setup.seat", n=p + 1), "#setup_label")
            current = next((t(k) for k, s in choices if s == spec), texts[0])
            menu = pygame_gui.elements.UIDropDownMenu(texts, current, pygame.Rect(left + 240, y, 340, 44),
                                                      self.app.ui, container=self.container)
            self.seat_menus.append(menu)
            y += 60
        self.option_menus = {}
        y += 30
        for name, opt in self.info.options.items():
            label(self, (left, y, 220, 44), t(f"option.{self.game}.{name}"), "#setup_label")
            values = [option_label(self.game, c, name) for c in (opt.choices or (opt.default,))]
            menu = pygame_gui.elements.UIDropDownMenu(values, option_label(self.game, self.options[name], name),
                                                      pygame.Rect(left + 240, y, 340, 44),
                                                      self.app.ui, container=self.container,
                                                      expansion_height_limit=300)
            self.option_menus[name] = menu
            y += 60
        self.option_help_y = y
        self.b_start = button(self, (self.app.size[0] - 300, 640, 260, 52), "setup.start",
                              object_id="#primary_button")
        self.b_back = button(self, (40, 646, 180, 46), "common.back")
        self.b_rules = button(self, (240, 646, 200, 46), "setup.rules")

    def handle_ui(self, event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            choices = seat_choices()
            if event.ui_element in self.seat_menus:
                p = self.seat_menus.index(event.ui_element)
                for key, spec in choices:
                    if t(key) == event.text:
                        self.seats[p] = spec
            for name, menu in self.option_menus.items():
                if event.ui_element is menu:
                    opt = self.info.options[name]
                    for c in opt.choices or (opt.default,):
                        if option_label(self.game, c, name) == event.text:
                            self.options[name] = c
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        self.app.sound("sfx.click")
        if event.ui_element is self.b_back:
            self.app.scenes.pop()
        elif event.ui_element is self.b_rules:
            from .rules import RulesScene

            self.app.scenes.push(RulesScene(self.app, self.game))
        elif event.ui_element is self.b_start:
            self.start()

    def start(self) -> None:
        from ..registry import open_game
        from ..session import Session

        try:
            session = Session.new(self.game, self.seats, **self.options)
        except ValueError as exc:
            self.app.notify(str(exc))
            return
        open_game(self.app, session)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()

    def draw(self, surface) -> None:
        backdrop(self.app, surface, dim=130)
        heading(surface, t("setup.heading", game=t(f"game.{self.game}.title")))
        box = pygame.Rect(200, 116, 880, self.option_help_y - 76)
        gfx.panel(surface, box, 190)
        gfx.text(surface, t("setup.seats_hint"), (240, 130), 15, gfx.MUTED)
        y = self.option_help_y - 60 * len(self.info.options) - 16
        for name in self.info.options:
            gfx.text(surface, t(f"option.{self.game}.{name}.help"), (826, y + 30), 15, gfx.MUTED,
                     anchor="midleft")
            y += 60
