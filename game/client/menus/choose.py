"""Choose a game: the three games with a short description each, and their rules."""

from __future__ import annotations

import pygame

from game.rules import GAMES

from .. import gfx
from ..i18n import t
from ..registry import has_table
from ..scene import Scene
from .common import backdrop, button, heading

ORDER = ("hacktrick", "ratjack", "hakkutsu")


def players_text(info) -> str:
    """"2–4 players" / "2〜4人用" (each language writes its own range), "2 players", or "?"."""
    if info is None:
        return t("choose.players", n="?")
    if info.min_players == info.max_players:
        return t("choose.players", n=info.min_players)
    return t("choose.players_range", min=info.min_players, max=info.max_players)


class GameChoiceScene(Scene):
    def columns(self):
        w, gap = 360, 30
        x0 = (self.app.size[0] - 3 * w - 2 * gap) // 2
        return [pygame.Rect(x0 + i * (w + gap), 110, w, 530) for i in range(3)]

    def build_ui(self) -> None:
        self.buttons = {}
        self.rules_buttons = {}
        for name, col in zip(ORDER, self.columns(), strict=True):
            b = button(self, (col.x + 20, col.bottom - 66, col.w - 150, 48),
                       "choose.play" if has_table(name) else "choose.not_built")
            if not has_table(name):
                b.disable()
            self.buttons[b] = name
            self.rules_buttons[button(self, (col.right - 120, col.bottom - 66, 100, 48), "choose.rules")] = name
        self.b_back = button(self, (40, 650, 180, 46), "common.back")

    def button_pressed(self, element) -> None:
        if element is self.b_back:
            self.app.scenes.pop()
        elif element in self.buttons:
            self.app.scenes.push_named("setup", self.buttons[element])
        elif element in self.rules_buttons:
            self.app.scenes.push_named("rules", self.rules_buttons[element])

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()

    def draw(self, surface) -> None:
        backdrop(self.app, surface, dim=120)
        heading(surface, t("choose.heading"))
        for name, col in zip(ORDER, self.columns(), strict=True):
            gfx.panel(surface, col, 200)
            thumb = gfx.image(self.app.assets, f"ui.game.{name}", (320, 180))
            surface.blit(thumb, (col.x + 20, col.y + 20))
            info = GAMES.get(name)
            gfx.text(surface, t(f"game.{name}.title"), (col.x + 20, col.y + 212), 28, gfx.GOLD, bold=True)
            gfx.text(surface, players_text(info), (col.x + 20, col.y + 254), 17, gfx.MUTED)
            desc = t(f"game.{name}.description")
            if not has_table(name):
                engine = t("choose.engine_ready") if info else t("choose.engine_missing")
                desc = f"{desc}\n{t('choose.scene_missing')} {engine}"
            gfx.text_block(surface, desc, pygame.Rect(col.x + 20, col.y + 282, col.w - 40, col.h - 282 - 76), 15,
                           line_gap=2)
