"""Choose a game: every game that has a table, side by side (a page at a time when they are more than
fit), with a short description each, and their rules."""

from __future__ import annotations

import pygame

from game.rules import GAMES

from .. import gfx
from ..i18n import t
from ..registry import has_table, tables
from ..scene import Scene
from .common import backdrop, button, heading


def players_text(info) -> str:
    """ "2–4 players" / "2〜4人用" (each language writes its own range), "2 players", or "?"."""
    if info is None:
        return t("choose.players", n="?")
    if info.min_players == info.max_players:
        return t("choose.players", n=info.min_players)
    return t("choose.players_range", min=info.min_players, max=info.max_players)


class GameChoiceScene(Scene):
    """The games side by side, each with Play (its setup; the first time, its lesson is offered),
    Learn to play (its tutorial, where the learner left it) and Rules; more games than fit are
    shown a page at a time (Previous / Next, or the arrow keys).  Opened from the title's
    **Learn to play** (``learn``), the first button of each game opens its lesson."""

    #: The narrowest column; more games than fit side by side at this width are shown a page at a time.
    MIN_COLUMN = 270
    GAP = 30

    def __init__(self, app, learn: bool = False) -> None:
        super().__init__(app)
        self.learn = learn
        self.page = 0

    @property
    def games(self) -> tuple[str, ...]:
        """Every game that can be played here, in the rules registry's order (every one with a table)."""
        return tables()

    def per_page(self) -> int:
        """How many columns fit side by side."""
        return max(1, (self.app.size[0] - 80 + self.GAP) // (self.MIN_COLUMN + self.GAP))

    def pages(self) -> int:
        return max(1, -(-len(self.games) // self.per_page()))

    @property
    def shown(self) -> tuple[str, ...]:
        """The games on the current page, one column each."""
        k = self.per_page()
        return self.games[self.page * k : (self.page + 1) * k]

    def turn_page(self, delta: int) -> None:
        """Show the next (``delta`` 1) or previous (-1) page of games, if there is one."""
        page = max(0, min(self.pages() - 1, self.page + delta))
        if page != self.page:
            self.page = page
            self.app.sound("sfx.click")
            self.rebuild()

    def columns(self) -> list[pygame.Rect]:
        """One column per game shown, as wide as the screen allows (360 px for up to three)."""
        n = max(1, len(self.shown))
        w = min(360, (self.app.size[0] - 80 - (n - 1) * self.GAP) // n)
        x0 = (self.app.size[0] - n * w - (n - 1) * self.GAP) // 2
        return [pygame.Rect(x0 + i * (w + self.GAP), 110, w, 530) for i in range(n)]

    def build_ui(self) -> None:
        from ..tutorial import available, progress

        self.buttons = {}
        self.rules_buttons = {}
        self.learn_buttons = {}
        lessons = available()
        for name, col in zip(self.shown, self.columns(), strict=True):
            rules_w = 100 if col.w >= 320 else 80  # a narrow column leaves Set up its room
            b = button(
                self,
                (col.x + 20, col.bottom - 66, col.w - 50 - rules_w, 48),
                "choose.play" if has_table(name) else "choose.not_built",
            )
            if not has_table(name):
                b.disable()
            self.buttons[b] = name
            rules = button(self, (col.right - 20 - rules_w, col.bottom - 66, rules_w, 48), "choose.rules")
            self.rules_buttons[rules] = name
            if name in lessons and has_table(name):
                key = "tutorial.continue_lesson" if progress.place(name).started else "tutorial.learn"
                lesson = button(
                    self,
                    (col.x + 20, col.bottom - 122, col.w - 40, 46),
                    key,
                    object_id="#primary_button" if self.learn else "#menu_button",
                )
                self.learn_buttons[lesson] = name
        self.b_back = button(self, (40, 650, 180, 46), "common.back")
        self.b_previous = self.b_next = None
        if self.pages() > 1:
            mid = self.app.size[0] // 2
            self.b_previous = button(self, (mid - 250, 650, 180, 46), "choose.previous")
            self.b_next = button(self, (mid + 70, 650, 180, 46), "choose.next")
            if self.page == 0:
                self.b_previous.disable()
            if self.page == self.pages() - 1:
                self.b_next.disable()

    def button_pressed(self, element) -> None:
        if element is self.b_back:
            self.app.scenes.pop()
        elif element is not None and element in (self.b_previous, self.b_next):
            self.turn_page(-1 if element is self.b_previous else 1)
        elif element in self.buttons:
            self.play(self.buttons[element])
        elif element in self.learn_buttons:
            from ..tutorial import open_tutorial

            open_tutorial(self.app, self.learn_buttons[element])
        elif element in self.rules_buttons:
            self.app.scenes.push_named("rules", self.rules_buttons[element])

    def play(self, game: str) -> None:
        """Set up a game of ``game``; the first time, its lesson is offered first (never forced)."""
        from ..tutorial import available, open_tutorial, progress

        place = progress.place(game)
        if game not in available() or place.offered or place.done:
            self.app.scenes.push_named("setup", game)
            return
        progress.remember(game, offered=True)
        from .confirm import ConfirmScene

        title = t(f"game.{game}.title")
        offer = ConfirmScene(
            self.app,
            "tutorial.offer_heading",
            "tutorial.offer_text",
            "tutorial.offer_yes",
            lambda: open_tutorial(self.app, game),
            game=title,
        )
        offer.cancel_key = "tutorial.offer_no"
        offer.confirm_is_primary = True  # learning is the suggested choice; declining loses nothing either
        offer.on_cancel = lambda: self.app.scenes.push_named("setup", game)
        self.app.scenes.push(offer)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.turn_page(-1 if event.key == pygame.K_LEFT else 1)

    def draw_thumbnail(self, surface, game: str, rect: pygame.Rect) -> None:
        """The game's picture (asset ``ui.game.<game>``); a game that has none yet shows its title."""
        key = f"ui.game.{game}"
        if key in self.app.assets:
            surface.blit(gfx.image(self.app.assets, key, rect.size), rect)
            return
        gfx.panel(surface, rect, 230, colour=(30, 52, 44))
        gfx.text(surface, t(f"game.{game}.title"), rect.center, 26, gfx.GOLD, anchor="center", bold=True)

    def draw(self, surface) -> None:
        backdrop(self.app, surface, dim=120)
        heading(surface, t("tutorial.learn") if self.learn else t("choose.heading"))
        if self.pages() > 1:
            page = t("choose.page", n=self.page + 1, total=self.pages())
            gfx.text(surface, page, (self.app.size[0] // 2, 673), 18, gfx.MUTED, anchor="center")
        for name, col in zip(self.shown, self.columns(), strict=True):
            gfx.panel(surface, col, 200)
            thumb_w = col.w - 40  # 320 x 180 in a column of 360
            self.draw_thumbnail(
                surface, name, pygame.Rect(col.x + 20, col.y + 20, thumb_w, thumb_w * 9 // 16)
            )
            info = GAMES.get(name)
            gfx.text(surface, t(f"game.{name}.title"), (col.x + 20, col.y + 212), 28, gfx.GOLD, bold=True)
            gfx.text(surface, players_text(info), (col.x + 20, col.y + 254), 17, gfx.MUTED)
            desc = t(f"game.{name}.description")
            if not has_table(name):
                engine = t("choose.engine_ready") if info else t("choose.engine_missing")
                desc = f"{desc}\n{t('choose.scene_missing')} {engine}"
            bottom = 132 if any(g == name for g in self.learn_buttons.values()) else 76
            gfx.text_block(
                surface,
                desc,
                pygame.Rect(col.x + 20, col.y + 282, col.w - 40, col.h - 282 - bottom),
                15,
                line_gap=2,
            )
