"""Game setup: who sits at each seat (human or a bot and its level) and every rules option."""

from __future__ import annotations

import pygame
import pygame_gui

from game.rules import GAMES

from .. import gfx
from ..dropdowns import close_open_drop_down
from ..games import client_for
from ..i18n import t
from ..i18n import table as i18n_table
from ..players import default_bot, seat_about, seat_choices, seat_label  # noqa: F401  (re-exported)
from ..ratings import level_label, rated_bot_seated, scale_legend
from ..scene import Scene
from .common import backdrop, button, heading, label
from .seat_profiles import SeatProfiles

ROW = 52  # vertical distance between the rows of the form
CONTROL_H = 40
LEFT = 240
NOTE_X, NOTE_W, NOTE_SIZE = 826, 238, 13  # the notes beside the drop-downs (what a choice means)
HINT_AT, HINT_SIZE = (LEFT, 130), 15  # the line over the seats saying what they are
HEADING_SIZE = 14  # the hot-seat profiles' column heading
LEGEND_H = 14  # the rows pushed down for the line under the seats on the ratings' scale
ABOUT_H = 40  # the line under an option whose chosen value is described (a game's ``option_about``)


def option_values(game: str, name: str, option) -> list:
    """The values offered for a rules option: the game's own list (its client's ``option_values``),
    else the engine's choices, else only the default."""
    client = client_for(game)
    own = client.option_values(name, option) if client and client.option_values else None
    if own is not None:
        return own
    return list(option.choices) if option.choices else [option.default]


def option_label(game: str, name: str, value) -> str:
    """How an option value reads on screen: the game's own label (its client's ``option_label``),
    else ``option.<game>.<name>.<value>`` if the i18n tables have it, else ``option.<game>.<name>.value``
    formatted with it, else the value itself."""
    client = client_for(game)
    own = client.option_label(name, value) if client and client.option_label else None
    if own is not None:
        return own
    if isinstance(value, (tuple, list)):
        return " + ".join(str(v) for v in value)
    table = i18n_table("en")
    for key, fmt in (
        (f"option.{game}.{name}.{value}", {}),
        (f"option.{game}.{name}.value", {"value": value}),
    ):
        if key in table:
            return t(key, **fmt)
    return str(value)


def option_about(game: str, name: str, value) -> str | None:
    """What the chosen value of an option means, for the line under it (its client's ``option_about``;
    ``None``: nothing to add)."""
    client = client_for(game)
    return client.option_about(name, value) if client and client.option_about else None


def start_new_game(app, session) -> None:
    """Show the new ``session``; if its game has a saved game, first ask before replacing it.

    Replace deletes the save (the player agreed) and starts; Cancel leaves everything as it was.
    """
    from ..registry import open_game
    from ..session import save_path

    path = save_path(session.game)
    if not path.exists():
        open_game(app, session)
        return

    def replace() -> None:
        from ..history import record_replaced_save

        record_replaced_save(app, path)  # the game given up counts as abandoned
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            app.notify(t("setup.replace_failed", error=str(exc)))
            return
        open_game(app, session)

    from .confirm import ConfirmScene

    app.scenes.push(
        ConfirmScene(
            app,
            "setup.replace_question",
            "setup.replace_note",
            "setup.replace",
            replace,
            game=t(f"game.{session.game}.title"),
        )
    )


class SetupScene(Scene):
    """The seats and options of a new game: those given, else the ones last started for this game
    (remembered in the settings), else a human against the default bot."""

    def __init__(self, app, game: str, seats: list[str] | None = None, options: dict | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.info = GAMES[game]
        n = self.info.min_players
        remembered = app.settings.remembered_setup(game) if seats is None and options is None else None
        if remembered is not None:
            seats, options = remembered
            offered = {spec for _, spec in seat_choices()}
            seats = [s if s in offered else default_bot() for s in seats]
        self.seats = list(seats) if seats else ["human"] + [default_bot()] * (n - 1)
        self.options = {k: o.default for k, o in self.info.options.items()}
        self.options.update(options or {})
        self.seat_profiles = SeatProfiles(self)  # hot-seat: who sits at each human seat

    def set_players(self, n: int) -> None:
        """Seat ``n`` players: keep the seats chosen so far, fill new ones with the default bot."""
        n = max(self.info.min_players, min(self.info.max_players, n))
        self.seats = (self.seats + [default_bot()] * n)[:n]
        self.rebuild()

    def seat_texts(self) -> list[tuple[str, str]]:
        """(text, seat spec) of each seat choice: a bot level with its rating in this game and
        player count ("Bot — normal · about 1610")."""
        n = len(self.seats)
        return [(level_label(t(key), self.game, n, spec), spec) for key, spec in seat_choices()]

    def build_ui(self) -> None:
        choices = self.seat_texts()
        texts = [text for text, _ in choices]
        ui, c = self.app.ui, self.container
        y = 160
        self.players_menu = None
        if self.info.min_players != self.info.max_players:
            label(self, (LEFT, y, 220, CONTROL_H), t("setup.players"), "#setup_label")
            counts = [str(n) for n in range(self.info.min_players, self.info.max_players + 1)]
            self.players_menu = pygame_gui.elements.UIDropDownMenu(
                counts, str(len(self.seats)), pygame.Rect(LEFT + 240, y, 340, CONTROL_H), ui, container=c
            )
            y += ROW
        self.seat_menus = []
        self.seat_rows: list[int] = []
        for p, spec in enumerate(self.seats):
            self.seat_rows.append(y)
            label(self, (LEFT, y, 220, CONTROL_H), t("setup.seat", n=p + 1), "#setup_label")
            current = next((text for text, s in choices if s == spec), texts[0])
            menu = pygame_gui.elements.UIDropDownMenu(
                texts, current, pygame.Rect(LEFT + 240, y, 340, CONTROL_H), ui, container=c
            )
            self.seat_menus.append(menu)
            y += ROW
        self.seat_profiles.build(self.seats, self.seat_rows, lambda row: (NOTE_X, row, NOTE_W, CONTROL_H))
        # what the bots' "about 1610" is measured against, once, under the seats' drop-downs
        self.legend = scale_legend(self.app, self.game, self.seats)
        self.legend_top = y - ROW + CONTROL_H + 4
        if self.legend is not None:
            y += LEGEND_H
        self.option_menus = {}
        self.option_rows: list[tuple[str, int]] = []
        y += 16
        for name, opt in self.info.options.items():
            label(self, (LEFT, y, 220, CONTROL_H), t(f"option.{self.game}.{name}"), "#setup_label")
            values = option_values(self.game, name, opt)
            if self.options[name] not in values:
                values.insert(0, self.options[name])
            labels = [option_label(self.game, name, v) for v in values]
            menu = pygame_gui.elements.UIDropDownMenu(
                labels,
                option_label(self.game, name, self.options[name]),
                pygame.Rect(LEFT + 240, y, 340, CONTROL_H),
                ui,
                container=c,
                expansion_height_limit=300,
            )
            self.option_menus[name] = (menu, values, labels)
            self.option_rows.append((name, y))
            y += ROW
            if option_about(self.game, name, self.options[name]) is not None:
                y += ABOUT_H  # room for the line saying what the choice means
        self.form_bottom = y
        self.b_start = button(
            self, (self.app.size[0] - 300, 640, 260, 52), "setup.start", object_id="#primary_button"
        )
        self.b_back = button(self, (40, 646, 180, 46), "common.back")
        self.b_rules = button(self, (240, 646, 200, 46), "setup.rules")

    def handle_ui(self, event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if self.seat_profiles.handle_ui(event):
                return
            people = self.seats.count("human")
            if event.ui_element in self.seat_menus:
                p = self.seat_menus.index(event.ui_element)
                for text, spec in self.seat_texts():
                    if text == event.text:
                        self.seats[p] = spec  # its note beside it changes with it (drawn every frame)
            if event.ui_element is self.players_menu:
                self.set_players(int(event.text))
                return
            now = self.seats.count("human")
            if now != people and max(now, people) > 1:
                self.rebuild()  # the hot-seat profiles' drop-downs come or go
            elif rated_bot_seated(self.game, self.seats) != (self.legend is not None):
                self.rebuild()  # the line on the ratings' scale comes or goes with the rated bots
            for name, (menu, values, labels) in self.option_menus.items():
                if event.ui_element is menu and event.text in labels:
                    had_about = option_about(self.game, name, self.options[name]) is not None
                    self.options[name] = values[labels.index(event.text)]
                    if had_about != (option_about(self.game, name, self.options[name]) is not None):
                        self.rebuild()  # the rows below move for the line under it
            return
        super().handle_ui(event)

    def button_pressed(self, element) -> None:
        if element is self.b_back:
            self.app.scenes.pop()
        elif element is self.b_rules:
            self.app.scenes.push_named("rules", self.game)
        elif element is self.b_start:
            self.start()

    def resumed(self) -> None:
        self.rebuild()  # a profile made for a seat shows there

    def start(self) -> None:
        from ..history import attach_profiles
        from ..session import Session

        problem = self.seat_profiles.problem(self.seats)
        if problem:
            self.app.notify(problem)
            return
        try:
            session = Session.new(self.game, self.seats, **self.options)
        except ValueError as exc:
            self.app.notify(str(exc))
            return
        chosen = self.seat_profiles.chosen(self.seats)
        if chosen is not None:
            attach_profiles(self.app, session, chosen)
        self.app.settings.remember_setup(self.game, self.seats, self.options)
        self.app.save_settings()
        start_new_game(self.app, session)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE,
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
        ):
            if close_open_drop_down(self):  # Esc or Enter on an open list closes it, nothing more
                return
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            else:
                self.start()

    def draw(self, surface) -> None:
        backdrop(self.app, surface, dim=130)
        heading(surface, t("setup.heading", game=t(f"game.{self.game}.title")))
        box = pygame.Rect(200, 116, 880, min(510, self.form_bottom - 100))
        gfx.panel(surface, box, 190)
        gfx.text(surface, t("setup.seats_hint"), HINT_AT, HINT_SIZE, gfx.MUTED)
        heading_rect = self.profile_heading_rect()
        if heading_rect is not None:  # the hot-seat profiles' column: who plays at each human seat
            gfx.text(surface, t("profile.seat_column"), heading_rect.topleft, HEADING_SIZE, gfx.INK)
        if self.legend is not None:
            gfx.text(surface, self.legend, (LEFT + 240, self.legend_top), NOTE_SIZE, gfx.MUTED)
        for p, y in enumerate(self.seat_rows):  # what each seat's choice is: a person, a bot and its level
            about = seat_about(self.seats[p])
            if about and p not in self.seat_profiles.menus:  # a hot-seat seat's profile is there
                self.side_note(surface, about, y)
        for name, y in self.option_rows:  # each help beside its drop-down, centred on it
            self.side_note(surface, t(f"option.{self.game}.{name}.help"), y)
            about = option_about(self.game, name, self.options[name])
            if about:  # what the chosen value means, under it
                area = pygame.Rect(
                    LEFT, y + CONTROL_H + 4, NOTE_X + NOTE_W - LEFT, ABOUT_H + ROW - CONTROL_H - 8
                )
                gfx.text_block(surface, about, area, NOTE_SIZE + 1, gfx.INK, line_gap=0)

    def profile_heading_rect(self) -> pygame.Rect | None:
        """Where the hot-seat profiles' column is headed ("Played by"): centred over its drop-downs,
        just above the first; ``None`` when the column is not there (one person, or none)."""
        if not self.seat_profiles.menus:
            return None
        first = self.seat_profiles.menus[min(self.seat_profiles.menus)].rect
        width, height = gfx.font(HEADING_SIZE).size(t("profile.seat_column"))
        rect = pygame.Rect(0, 0, width, height)
        rect.midbottom = (first.centerx, first.top - 2)
        return rect

    @staticmethod
    def side_note(surface, text: str, y: int) -> None:
        """``text`` beside the drop-down at ``y``, centred on it."""
        height = len(gfx.wrap(text, NOTE_SIZE, NOTE_W)) * gfx.font(NOTE_SIZE).get_linesize()
        top = max(y - (ROW - CONTROL_H) // 2, y + (CONTROL_H - height) // 2)
        gfx.text_block(
            surface, text, pygame.Rect(NOTE_X, top, NOTE_W, ROW - 4), NOTE_SIZE, gfx.MUTED, line_gap=0
        )
