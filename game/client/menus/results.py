"""The end of a game: winner, final scores; a rematch, a new setup, its replay or back to the title.

"Watch the replay" is offered when the finished game was kept for the Replays screen (the table
passes where: ``replay_path``); it opens over this screen, and Back returns here.

Each player's accuracy (0-100, :mod:`ai.review`) is shown beside their score once the game's review,
started in a background process when the screen first updates, is done; the review is saved where
the replay looks for it, so that the replay opens with it.  A game without a person at the table
(a demo of bots) is not reviewed.
"""

from __future__ import annotations

import pygame

from .. import gfx
from ..games import client_for
from ..i18n import join, t, tn
from ..ratings import result_lines
from ..scene import Scene
from .common import backdrop, button, heading

#: The space between the rating lines and the game's summary under them.
RATING_GAP = 14


class ResultsScene(Scene):
    #: Search iterations per decision of the accuracy's review (``None``: the game's default).
    analysis_budget: int | None = None

    def __init__(
        self, app, session, names: list[str], summary: list[str] | None = None, replay_path=None
    ) -> None:
        super().__init__(app)
        self.session = session
        self.names = names
        self.summary = summary or []
        self.replay_path = replay_path  # where the table kept this game for replays (None: not kept)
        self.b_replay = None
        self.review = None  # the game's review (ai.review.Review) once done
        self.analysis = None  # the AnalysisWorker computing it
        self.analysis_tried = False
        self.rating_lines = result_lines(app, session)  # the rating change, or why not rated

    def build_ui(self) -> None:
        keys = (
            ["results.rematch", "results.again"]
            + (["replay.results_button"] if self.replay_path else [])
            + ["results.title"]
        )
        width, gap = (260, 20) if len(keys) == 3 else (230, 16)
        x = self.app.size[0] // 2 - (len(keys) * width + (len(keys) - 1) * gap) // 2
        made = {}
        for i, key in enumerate(keys):
            made[key] = button(
                self,
                (x + i * (width + gap), 600, width, 52),
                key,
                object_id="#primary_button" if key == "results.rematch" else "#menu_button",
            )
        self.b_rematch, self.b_again, self.b_title = (
            made["results.rematch"],
            made["results.again"],
            made["results.title"],
        )
        self.b_replay = made.get("replay.results_button")

    def button_pressed(self, element) -> None:
        from .title import TitleScene

        s = self.session
        if element is self.b_rematch:
            self.rematch()
        elif element is self.b_again:  # a new setup, over the game list: Back goes there (not to the title)
            from .choose import GameChoiceScene
            from .setup import SetupScene

            self.app.scenes.clear_to(TitleScene(self.app))
            self.app.scenes.push(GameChoiceScene(self.app))
            self.app.scenes.push(SetupScene(self.app, s.game, s.seats, dict(s.record.options)))
        elif element is self.b_title:
            self.app.scenes.clear_to(TitleScene(self.app))
        elif element is self.b_replay and self.b_replay is not None:
            self.watch_replay()

    def watch_replay(self) -> None:
        """This game in the replay, over this screen (a file that no longer reads is reported)."""
        from game.rules import GameRecord

        try:
            record = GameRecord.read(self.replay_path)
        except ValueError as exc:
            self.app.notify(t("replays.broken", name=self.replay_path.name), 6, detail=str(exc))
            return
        self.app.scenes.push_named("replay", record, path=self.replay_path)

    def rematch(self) -> None:
        """The same game again: same seats and options, a new seed (the title stays below it)."""
        from ..session import Session
        from .setup import start_new_game
        from .title import TitleScene

        s = self.session
        session = Session.new(s.game, s.seats, **dict(s.record.options))
        if "profiles" in s.record.meta:  # the same people at the same seats
            session.record.meta = dict(session.record.meta, profiles=s.record.meta["profiles"])
        self.app.scenes.clear_to(TitleScene(self.app))
        start_new_game(self.app, session)

    # ------------------------------------------------------------------ accuracy
    def update(self, dt: float) -> None:
        if not self.analysis_tried:
            self.analysis_tried = True
            self.start_analysis()
        self.poll_analysis()

    def start_analysis(self) -> None:
        """Review the finished game in the background (a saved review of it is used as it is); only
        a game a person played: a demo of bots alone is not worth a core's minute."""
        from ..replay.analysis import AnalysisWorker
        from ..replay.scene import find_review

        record = self.session.record
        if not self.session.humans:
            return
        if not self.session.state.is_terminal or record.private_in_progress(self.session.state):
            return
        self.review = find_review(record, self.replay_path)
        if self.review is None:
            self.analysis = AnalysisWorker(record, budget=self.analysis_budget)

    def poll_analysis(self) -> None:
        if self.analysis is None:
            return
        review = self.analysis.poll_saved(self.replay_path, self.app.notify)  # kept for the replay
        if review is not None:
            self.review = review
        if not self.analysis.running:
            self.analysis = None

    def accuracy_text(self, p: int) -> str | None:
        """``p``'s accuracy ("Accuracy 84"), once the review is done."""
        if self.review is None or p >= len(self.review.accuracy) or self.review.accuracy[p] is None:
            return None
        return t("results.accuracy", a=round(self.review.accuracy[p]))

    def animating(self) -> bool:
        return self.analysis is not None

    def close(self) -> None:
        if self.analysis is not None:
            self.analysis.close()
            self.analysis = None

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
            gfx.text(
                surface, self.score_text(state.scores[p]), (box.right - 40, y), 24, colour, anchor="topright"
            )
            accuracy = self.accuracy_text(p)
            if accuracy:
                gfx.text(surface, accuracy, (box.centerx + 60, y + 4), 18, gfx.MUTED, anchor="midtop")
            y += 44
        if self.analysis is not None:
            pending = t("results.accuracy_pending", p=round(self.analysis.fraction * 100))
            gfx.text(surface, pending, (box.left + 40, y), 15, gfx.MUTED)
            y += 24
        y += 10
        rating = [part for entry in self.rating_lines for part in gfx.wrap(entry, 18, box.width - 80)]
        for line in rating:
            gfx.text(surface, line, (box.left + 40, y), 18, gfx.INK)
            y += 26
        if rating:  # the game's own summary apart from what it did to the ratings
            y += RATING_GAP
        for line in self.summary_lines(box.width - 80, box.bottom - 16 - y):
            gfx.text(surface, line, (box.left + 40, y), 17, gfx.MUTED)
            y += 26
        if self.review is not None:  # what the accuracy beside each score means, under the panel
            gfx.text(
                surface, self.accuracy_note(), (box.centerx, box.bottom + 6), 15, gfx.MUTED, anchor="midtop"
            )

    def accuracy_note(self) -> str:
        """One line under the scores' panel saying what the accuracy means (cut to the window's width)."""
        return gfx.wrap(t("results.accuracy_note"), 15, self.app.size[0] - 160)[0]

    def score_text(self, score: int) -> str:
        """A player's final score: Ratjack counts victory points, the others points."""
        client = client_for(self.session.game)
        return tn(client.score_key if client else "results.points", score)

    def you_won(self, p: int) -> bool:
        """``p`` is the one human at the table (a hot-seat game names its winner)."""
        return self.session.is_you(p)

    def summary_lines(self, width: int, height: int) -> list[str]:
        """The summary's last entries wrapped to ``width`` that fit in ``height`` ("…" first if some
        do not)."""
        rows = max(1, height // 26)
        lines = [part for entry in self.summary for part in gfx.wrap(entry, 17, width)]
        if len(lines) > rows:
            lines = ["…"] + lines[len(lines) - rows + 1 :]
        return lines
