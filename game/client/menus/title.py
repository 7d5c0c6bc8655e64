"""The title screen: play, continue a saved game, replays of finished games, statistics, settings, quit."""

from __future__ import annotations

from .. import gfx
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


class TitleScene(Scene):
    def notice_place(self) -> tuple[str, tuple[int, int], int]:
        """Toasts ("game saved", a broken save put aside) sit over the tagline, between the logo and
        the buttons: up to three lines fit there without covering either."""
        return ("center", (640, TAGLINE_Y), 800)

    def build_ui(self) -> None:
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
        gfx.text(surface, t("title.footer"), (self.app.size[0] // 2, 700), 15, gfx.MUTED, anchor="midbottom")
