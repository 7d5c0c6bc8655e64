"""The title screen: play, continue a saved game, replays of finished games, statistics, settings, quit;
in its corner, discreetly, whose record the games go to ("Playing as Aiko", a click to change it)."""

from __future__ import annotations

import pygame

from .. import gfx
from .. import history as client_history
from ..i18n import t
from ..scene import Scene
from ..session import list_saves
from .common import backdrop, button

#: Top of the logo.
LOGO_TOP = 40
#: Centre line of the tagline under the logo (the toasts' place too).
TAGLINE_Y = 300
#: Top of the first button.
BUTTONS_TOP = 350
#: The buttons' height and the distance from one button's top to the next.
BUTTON_HEIGHT, BUTTON_STEP = 46, 55
#: The active profile's line: its top right corner, its text size, its colour dot's diameter.
PROFILE_CORNER, PROFILE_SIZE, PROFILE_DOT = (1256, 18), 16, 12


class TitleScene(Scene):
    def notice_place(self) -> tuple[str, tuple[int, int], int]:
        """Toasts ("game saved", a broken save put aside) sit over the tagline, between the logo and
        the buttons: up to three lines fit there without covering either."""
        return ("center", (640, TAGLINE_Y), 800)

    def build_ui(self) -> None:
        self.me = client_history.local_profile(self.app)  # whose record the games go to
        self.profile_hover = False
        w = 320
        x = (self.app.size[0] - w) // 2
        y = BUTTONS_TOP
        h, step = BUTTON_HEIGHT, BUTTON_STEP
        self.b_play = button(self, (x, y, w, h), "title.play")
        self.b_learn = button(self, (x, y + step, w, h), "tutorial.learn")
        self.saves = list_saves()
        if self.saves:  # the newest save, named by its game: "Continue Ratjack"
            game = self.saves[-1].stem
            self.b_continue = button(
                self, (x, y + 2 * step, w, h), "title.continue_game", game=t(f"game.{game}.title")
            )
        else:
            self.b_continue = button(self, (x, y + 2 * step, w, h), "title.continue")
            self.b_continue.disable()
        half = (w - 10) // 2  # Replays and Statistics share a row
        self.b_replays = button(self, (x, y + 3 * step, half, h), "title.replays")
        self.b_statistics = button(self, (x + w - half, y + 3 * step, half, h), "title.statistics")
        self.b_settings = button(self, (x, y + 4 * step, w, h), "title.settings")
        self.b_quit = button(self, (x, y + 5 * step, w, h), "title.quit")

    def resumed(self) -> None:
        self.rebuild()

    def profile_text(self) -> str | None:
        """ "Playing as Aiko" (``None`` without a profile: not chosen yet, or no history)."""
        return t("profile.playing_as", name=self.me.name) if self.me is not None else None

    def profile_rect(self) -> pygame.Rect | None:
        """Where the active profile's line is drawn (its colour dot, then its text): the place to
        click to change the name or colour."""
        text = self.profile_text()
        if text is None:
            return None
        width, height = gfx.font(PROFILE_SIZE).size(text)
        rect = pygame.Rect(0, 0, PROFILE_DOT + 8 + width, height)
        rect.topright = PROFILE_CORNER
        return rect

    def edit_profile(self) -> None:
        from .profile import ProfileScene

        self.app.scenes.push(ProfileScene(self.app, "edit", self.me, on_done=lambda _: self.rebuild()))

    def handle_event(self, event: pygame.event.Event) -> None:
        rect = self.profile_rect()
        if rect is None:
            return
        if event.type == pygame.MOUSEMOTION:
            self.profile_hover = rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and rect.collidepoint(event.pos):
            self.edit_profile()

    def button_pressed(self, element) -> None:
        if element is self.b_play:
            from .choose import GameChoiceScene

            self.app.scenes.push(GameChoiceScene(self.app))
        elif element is self.b_learn:
            from .choose import GameChoiceScene

            self.app.scenes.push(GameChoiceScene(self.app, learn=True))
        elif element is self.b_continue:
            self.continue_game()
        elif element is self.b_replays:
            self.app.scenes.push_named("replays")
        elif element is self.b_statistics:
            self.app.scenes.push_named("statistics")
        elif element is self.b_settings:
            from .settings_menu import SettingsScene

            self.app.scenes.push(SettingsScene(self.app))
        elif element is self.b_quit:
            self.app.quit()

    def continue_game(self) -> None:
        """Resume the newest save; a broken one is left as it is, and the player is offered to put
        it aside (renamed, not deleted) so that Continue can move on."""
        from ..registry import has_table, open_game
        from ..session import SaveError, Session

        path = self.saves[-1]
        try:
            session = Session.load(path)
            if not has_table(session.game):
                raise SaveError(f"the client has no table for {session.game!r} yet", "table")
        except SaveError as exc:
            from .confirm import ConfirmScene

            self.app.report(str(exc))
            self.app.scenes.push(
                ConfirmScene(
                    self.app,
                    "title.save_broken_question",
                    "title.save_broken",
                    "title.put_aside",
                    lambda: self.put_aside(path),
                    name=path.name,
                    problem=t(f"title.save_problem.{exc.kind}"),
                )
            )
            return
        open_game(self.app, session, resumed=True)

    def put_aside(self, path) -> None:
        from ..session import put_aside

        try:
            target = put_aside(path)
        except OSError as exc:
            self.app.notify(t("title.put_aside_failed", error=str(exc)), 6)
            return
        self.app.notify(t("title.put_aside_done", name=target.name), 6)
        self.rebuild()

    def draw(self, surface) -> None:
        backdrop(self.app, surface)
        logo = gfx.image(self.app.assets, "ui.logo")
        surface.blit(logo, logo.get_rect(midtop=(self.app.size[0] // 2, LOGO_TOP)))
        if self.app.notice is None:  # a toast takes the tagline's place
            gfx.text(
                surface,
                t("title.subtitle"),
                (self.app.size[0] // 2, TAGLINE_Y),
                22,
                gfx.INK,
                anchor="center",
                shadow=True,
            )
        self.draw_profile(surface)
        gfx.text(surface, t("title.footer"), (self.app.size[0] // 2, 700), 15, gfx.MUTED, anchor="midbottom")

    def draw_profile(self, surface: pygame.Surface) -> None:
        """The active profile in the corner: its colour dot and "Playing as Aiko", muted (brighter
        under the mouse)."""
        rect, text = self.profile_rect(), self.profile_text()
        if rect is None or text is None or self.me is None:
            return
        pygame.draw.circle(
            surface,
            pygame.Color(self.me.colour),
            (rect.left + PROFILE_DOT // 2, rect.centery),
            PROFILE_DOT // 2,
        )
        colour = gfx.GOLD if self.profile_hover else gfx.MUTED
        gfx.text(surface, text, (rect.right, rect.top), PROFILE_SIZE, colour, anchor="topright")
