"""The end of a game: winner, final scores; a rematch, a new setup or back to the title."""

from __future__ import annotations

import pygame

from .. import gfx
from ..i18n import join, t, tn
from ..scene import Scene
from .common import backdrop, button, heading


class ResultsScene(Scene):
    def __init__(self, app, session, names: list[str], summary: list[str] | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.names = names
        self.summary = summary or []

    def build_ui(self) -> None:
        x = self.app.size[0] // 2 - 410
        self.b_rematch = button(self, (x, 600, 260, 52), "results.rematch", object_id="#primary_button")
        self.b_again = button(self, (x + 280, 600, 260, 52), "results.again")
        self.b_title = button(self, (x + 560, 600, 260, 52), "results.title")

    def button_pressed(self, element) -> None:
        from .title import TitleScene

        s = self.session
        if element is self.b_rematch:
            self.rematch()
        elif element is self.b_again:
            from .setup import SetupScene

            self.app.scenes.clear_to(TitleScene(self.app))
            self.app.scenes.push(SetupScene(self.app, s.game, s.seats, dict(s.record.options)))
        elif element is self.b_title:
            self.app.scenes.clear_to(TitleScene(self.app))

    def rematch(self) -> None:
        """The same game again: same seats and options, a new seed (the title stays below it)."""
        from ..session import Session
        from .setup import start_new_game
        from .title import TitleScene

        s = self.session
        session = Session.new(s.game, s.seats, **dict(s.record.options))
        self.app.scenes.clear_to(TitleScene(self.app))
        start_new_game(self.app, session)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            from .title import TitleScene

            self.app.scenes.clear_to(TitleScene(self.app))

    def draw(self, surface) -> None:
        backdrop(self.app, surface, "ui.table", dim=120)
        state = self.session.state
        winners = state.winners()
        heading(surface, t("results.heading"), y=50, size=44)
        if len(winners) == 1 and self.you_won(winners[0]):
            msg = t("results.you_win")
        elif len(winners) == 1:
            msg = t("results.winner", name=self.names[winners[0]])
        else:
            msg = t("results.shared", names=join(self.names[w] for w in winners))
        gfx.text(surface, msg, (self.app.size[0] // 2, 130), 30, gfx.GOLD, anchor="midtop", bold=True)
        box = pygame.Rect(340, 200, 600, 370)
        gfx.panel(surface, box, 200)
        y = box.top + 24
        for p, name in enumerate(self.names):
            colour = gfx.GOLD if p in winners else gfx.INK
            gfx.text(surface, name, (box.left + 40, y), 24, colour)
            gfx.text(surface, self.score_text(state.scores[p]), (box.right - 40, y), 24, colour,
                     anchor="topright")
            y += 44
        y += 10
        for line in self.summary_lines(box.width - 80, box.bottom - 16 - y):
            gfx.text(surface, line, (box.left + 40, y), 17, gfx.MUTED)
            y += 26

    def score_text(self, score: int) -> str:
        """A player's final score: Ratjack counts victory points, the others points."""
        return tn("results.vp" if self.session.game == "ratjack" else "results.points", score)

    def you_won(self, p: int) -> bool:
        """``p`` is the one human at the table (a hot-seat game names its winner)."""
        humans = self.session.humans
        return len(humans) == 1 and p in humans

    def summary_lines(self, width: int, height: int) -> list[str]:
        """The summary's last entries wrapped to ``width`` that fit in ``height`` ("…" first if some
        do not)."""
        rows = max(1, height // 26)
        lines = [part for entry in self.summary for part in gfx.wrap(entry, 17, width)]
        if len(lines) > rows:
            lines = ["…"] + lines[len(lines) - rows + 1:]
        return lines
