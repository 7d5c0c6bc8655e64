"""Choose a game: the three games with a short description each, and their rules."""

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
    Learn to play (its tutorial, where the learner left it) and Rules.  Opened from the title's
    **Learn to play** (``learn``), the first button of each game opens its lesson."""

    def __init__(self, app, learn: bool = False) -> None:
        super().__init__(app)
        self.learn = learn

    @property
    def games(self) -> tuple[str, ...]:
        """The games shown, one column each, in the rules registry's order (every one with a table)."""
        return tables()

    def columns(self) -> list[pygame.Rect]:
        """One column per game, as wide as the screen allows (360 px for up to three)."""
        n = max(1, len(self.games))
        gap = 30
        w = min(360, (self.app.size[0] - 80 - (n - 1) * gap) // n)
        x0 = (self.app.size[0] - n * w - (n - 1) * gap) // 2
        return [pygame.Rect(x0 + i * (w + gap), 110, w, 530) for i in range(n)]

    def build_ui(self) -> None:
        from ..tutorial import available, progress

        self.buttons = {}
        self.rules_buttons = {}
        self.learn_buttons = {}
        lessons = available()
        for name, col in zip(self.games, self.columns(), strict=True):
            b = button(
                self,
                (col.x + 20, col.bottom - 66, col.w - 150, 48),
                "choose.play" if has_table(name) else "choose.not_built",
            )
            if not has_table(name):
                b.disable()
            self.buttons[b] = name
            self.rules_buttons[button(self, (col.right - 120, col.bottom - 66, 100, 48), "choose.rules")] = (
                name
            )
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

    def button_pressed(self, element) -> None:
        if element is self.b_back:
            self.app.scenes.pop()
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

    def draw(self, surface) -> None:
        backdrop(self.app, surface, dim=120)
        heading(surface, t("tutorial.learn") if self.learn else t("choose.heading"))
        for name, col in zip(self.games, self.columns(), strict=True):
            gfx.panel(surface, col, 200)
            thumb_w = col.w - 40  # 320 x 180 in a column of 360
            thumb = gfx.image(self.app.assets, f"ui.game.{name}", (thumb_w, thumb_w * 9 // 16))
            surface.blit(thumb, (col.x + 20, col.y + 20))
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
