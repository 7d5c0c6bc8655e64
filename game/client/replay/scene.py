"""``ReplayScene``: a recorded game at its own table, move by move, with its review.

The game's registered table (``"table.<game>"``) is built on a :class:`ReplaySession` and
set non-interactive: it only draws positions (no bots, no input to the engine).  It is drawn
at full size off screen and shown scaled into the top-left of the window; around it:

* the side panel: who is watched (any seat, or all cards open), the position, the decision
  at the cursor (the player's win chance from their own information, the move played and the
  move the search preferred) and the mistakes;
* the win-chance graph (one line per player, mistakes ringed) over the timeline: click or drag
  either to jump; arrow keys step, PageUp/PageDown (or Shift+arrows) jump between hand/round
  starts, Home/End, M/Shift+M to the next/previous mistake, V the next seat, O all cards open,
  A analyses the game in a background process (the review is saved next to the record).
"""

from __future__ import annotations

from pathlib import Path

import pygame

from ai.review import Review, record_digest
from game.rules import action_from_json, events_for

from .. import gfx
from ..i18n import t
from ..menus.common import button
from ..registry import make_scene
from ..scene import Scene
from ..table import widgets
from .analysis import AnalysisWorker
from .graph import MISTAKE, WinGraph, player_colour
from .session import ReplaySession
from .store import review_dir_for

OPEN = "open"
TABLE_SCALE = 0.8
SIDE = pygame.Rect(1032, 8, 240, 568)
GRAPH = pygame.Rect(8, 584, 1264, 100)
SLIDER_Y = 702
STEP_KEYS = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1}
SECTION_KEYS = {pygame.K_PAGEDOWN: 1, pygame.K_PAGEUP: -1}


def find_review(record, path: Path | None) -> Review | None:
    """The saved review of ``record`` next to ``path`` (its ``-review`` folder, or ``review.json``
    in the same folder), if one matches the record."""
    if path is None:
        return None
    digest = record_digest(record)
    for candidate in (review_dir_for(path) / "review.json", path.with_name("review.json")):
        try:
            review = Review.load(candidate)
        except (OSError, ValueError):
            continue
        if review.record_digest == digest:
            return review
    return None


class ReplayScene(Scene):
    """Replay ``record`` (read from ``path``, if any) from ``seat`` (a player, or ``"open"``)."""

    def __init__(self, app, record, path=None, move: int | None = None, seat: int | str | None = None) -> None:
        super().__init__(app)
        self.record = record
        self.path = Path(path) if path is not None else None
        self.session = ReplaySession(record)
        self.table = make_scene(app, f"table.{record.game}", self.session)
        self.table.interactive = False
        self.open_cards = seat == OPEN
        if isinstance(seat, int):
            self.table.viewer = seat
        self.table_rect = pygame.Rect(0, 0, round(app.size[0] * TABLE_SCALE), round(app.size[1] * TABLE_SCALE))
        self.canvas = pygame.Surface(app.size)
        self.graph = WinGraph(GRAPH, self.session.length)
        self.slider = pygame.Rect(self.graph.plot.left, SLIDER_Y - 8, self.graph.plot.width, 16)
        self.review = find_review(record, self.path)
        self.analysis: AnalysisWorker | None = None
        self.dragging = False
        self.seek(self.session.length if move is None else move)

    # ------------------------------------------------------------------ position and viewer
    @property
    def cursor(self) -> int:
        return self.session.cursor

    def seek(self, k: int) -> None:
        """Show the position after ``k`` actions, as the watched seat saw it (or all open)."""
        self.session.seek(k)
        self.show()

    def shown_view(self) -> dict:
        """The view of the current position for the watched seat (or with every card open)."""
        table = self.table
        return table.open_view(self.session.views()) if self.open_cards else self.session.state.view(table.viewer)

    def show(self) -> None:
        table = self.table
        table.timeline.clear()
        table.summary = None
        table.banner_text = None
        table.show_view(self.shown_view())
        table.rebuild_log()

    def step(self, delta: int) -> None:
        """One action forwards is animated as at the live table; anything else jumps."""
        if delta == 1 and self.cursor < self.session.length:
            self.play_next()
        else:
            self.seek(self.cursor + delta)

    def play_next(self) -> None:
        """Play the next action with its animations and log lines (a step still playing lands first)."""
        table = self.table
        k = self.cursor
        if table.timeline.busy:
            self.show()
        before = self.shown_view()
        self.session.seek(k + 1)
        events = self.session.events[k]
        visible = events if self.open_cards else events_for(events, table.viewer)
        table.summary = None
        table.banner_text = None
        table.director.play(visible, before, self.shown_view())

    def watch(self, seat: int | str) -> None:
        """Watch from player ``seat`` or with all cards open (``"open"``)."""
        self.open_cards = seat == OPEN
        if not self.open_cards and seat != self.table.viewer:
            self.table.viewer = seat
            self.table.on_viewer_changed()
        self.show()
        self.rebuild()

    def next_watch(self) -> None:
        """The next seat, then all cards open, then the first seat again."""
        if self.open_cards:
            self.watch(0)
        elif self.table.viewer + 1 < self.record.players:
            self.watch(self.table.viewer + 1)
        else:
            self.watch(OPEN)

    def jump_mistake(self, direction: int) -> None:
        if self.review is None:
            return
        spots = [d.index for d in self.review.mistakes()]
        target = (next((i for i in spots if i > self.cursor), None) if direction > 0
                  else next((i for i in reversed(spots) if i < self.cursor), None))
        if target is not None:
            self.seek(target)

    # ------------------------------------------------------------------ analysis
    def analyse(self) -> None:
        if self.analysis is None and self.review is None:
            self.analysis = AnalysisWorker(self.record)
            self.rebuild()

    def poll_analysis(self) -> None:
        if self.analysis is None:
            return
        review = self.analysis.poll()
        if review is not None:
            self.review = review
            self.save_review(review)
        if not self.analysis.running:
            if self.analysis.error:
                self.app.notify(t("replay.analysis_failed", error=self.analysis.error), 6)
            self.analysis = None
            self.rebuild()

    def save_review(self, review: Review) -> None:
        if self.path is None:
            return
        try:
            folder = review_dir_for(self.path)
            folder.mkdir(parents=True, exist_ok=True)
            review.save(folder / "review.json")
        except OSError as exc:
            self.app.notify(t("replay.review_not_saved", error=str(exc)), 5)

    # ------------------------------------------------------------------ widgets
    def build_ui(self) -> None:
        x, w = SIDE.left + 10, SIDE.width - 20
        watching = t("replay.all_open") if self.open_cards else self.table.name(self.table.viewer)
        self.b_watch = button(self, (x, SIDE.bottom - 138, w, 40), "replay.watch", name=watching)
        self.b_analyse = button(self, (x, SIDE.bottom - 92, w, 40), "replay.analyse")
        if self.review is not None or self.analysis is not None:
            self.b_analyse.disable()
        self.b_back = button(self, (x, SIDE.bottom - 46, w, 40), "common.back")

    def button_pressed(self, element) -> None:
        if element is self.b_watch:
            self.next_watch()
        elif element is self.b_analyse:
            self.analyse()
        elif element is self.b_back:
            self.leave()

    def leave(self) -> None:
        if len(self.app.scenes.stack) > 1:
            self.app.scenes.pop()
        else:
            self.app.quit()

    # ------------------------------------------------------------------ input
    def to_table(self, pos) -> tuple[int, int]:
        return (round(pos[0] / TABLE_SCALE), round(pos[1] / TABLE_SCALE))

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.slider.collidepoint(event.pos) or self.graph.rect.collidepoint(event.pos):
                self.dragging = True
                self.seek(self.graph.position_at(event.pos[0]))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        elif event.type == pygame.MOUSEMOTION:
            if self.dragging:
                self.seek(self.graph.position_at(event.pos[0]))
            elif self.table_rect.collidepoint(event.pos):
                self.table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=self.to_table(event.pos),
                                                           rel=(0, 0), buttons=(0, 0, 0)))
        elif event.type == pygame.MOUSEWHEEL and self.table.mouse is not None:
            self.table.handle_event(event)

    def on_key(self, event) -> None:
        k, shift = event.key, event.mod & pygame.KMOD_SHIFT
        if k in STEP_KEYS and shift:
            self.seek(self.session.section_start(self.cursor, STEP_KEYS[k]))
        elif k in STEP_KEYS:
            self.step(STEP_KEYS[k])
        elif k in SECTION_KEYS:
            self.seek(self.session.section_start(self.cursor, SECTION_KEYS[k]))
        elif k == pygame.K_HOME:
            self.seek(0)
        elif k == pygame.K_END:
            self.seek(self.session.length)
        elif k == pygame.K_m:
            self.jump_mistake(-1 if shift else 1)
        elif k == pygame.K_v:
            self.next_watch()
        elif k == pygame.K_o:
            self.watch(self.table.viewer if self.open_cards else OPEN)
        elif k == pygame.K_a:
            self.analyse()
        elif k == pygame.K_ESCAPE:
            self.leave()

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.table.update_display(dt)
        self.poll_analysis()

    def animating(self) -> bool:
        """A step playing on the table, or the analysis' progress bar moving."""
        return self.table.timeline.busy or (self.analysis is not None and self.analysis.running)

    def draw(self, surface) -> None:
        surface.fill((12, 22, 18))
        self.table.draw(self.canvas)
        self.table.draw_over(self.canvas)
        surface.blit(pygame.transform.smoothscale(self.canvas, self.table_rect.size), self.table_rect)
        pygame.draw.rect(surface, (90, 120, 100), self.table_rect, width=1)
        self.draw_side(surface)
        self.draw_graph(surface)
        self.draw_slider(surface)

    def draw_side(self, surface) -> None:
        gfx.panel(surface, SIDE, 200, radius=10)
        x, y, w = SIDE.left + 12, SIDE.top + 10, SIDE.width - 24
        gfx.text(surface, t("replay.heading", game=t(f"game.{self.record.game}.title")), (x, y), 20, gfx.GOLD,
                 bold=True)
        y += 32
        section = sum(1 for s in self.session.sections if s <= self.cursor)
        gfx.text(surface, t("replay.position", k=self.cursor, n=self.session.length), (x, y), 15)
        gfx.text(surface, t("replay.section", n=section), (SIDE.right - 12, y), 15, gfx.MUTED, anchor="topright")
        y += 26
        y += gfx.text_block(surface, self.decision_text(), pygame.Rect(x, y, w, 230), 14, line_gap=2) + 8
        if self.review is not None:
            self.draw_mistakes(surface, pygame.Rect(x, y, w, SIDE.bottom - 212 - y))
        gfx.text_block(surface, t("replay.keys"), pygame.Rect(x, SIDE.bottom - 206, w, 64), 11, gfx.MUTED,
                       line_gap=0)

    def decision_text(self) -> str:
        """The move at the cursor: who plays what, and what the review says about it."""
        s = self.session
        if self.cursor >= s.length:
            return t("replay.end")
        player = s.actor(self.cursor)
        action = self.record.actions[self.cursor]
        lines = [t("replay.next_move", name=self.table.name(player), action=self.table.action_label(action))]
        d = self.review.at(self.cursor) if self.review is not None else None
        if d is not None:
            lines.append(t("replay.win_chance", p=round(d.win_chance * 100)))
            if d.best_text != d.action_text:
                played = "?" if d.chosen_value is None else round(d.chosen_value * 100)
                lines.append(t("replay.played_value", p=played))
                best = action_from_json(self.record.game, d.best)
                lines.append(t("replay.preferred", action=self.table.action_label(best), p=round(d.win_chance * 100)))
            else:
                lines.append(t("replay.best_played"))
            if d.mistake:
                lines.append(t("replay.mistake", p=round(d.drop * 100)))
        elif self.review is not None:
            lines.append(t("replay.forced"))
        return "\n".join(lines)

    def draw_mistakes(self, surface, rect: pygame.Rect) -> None:
        mistakes = self.review.mistakes()
        gfx.text(surface, t("replay.mistakes", n=len(mistakes)), rect.topleft, 15, gfx.GOLD, bold=True)
        y = rect.top + 22
        rows = max(1, (rect.bottom - y) // 18)
        upcoming = next((n for n, d in enumerate(mistakes) if d.index >= self.cursor), len(mistakes))
        first = max(0, min(upcoming - 1, len(mistakes) - rows))  # keep the mistakes near the cursor in sight
        for d in mistakes[first:first + rows]:
            colour = gfx.GOLD if d.index == self.cursor else gfx.INK
            gfx.text(surface, t("replay.mistake_line", k=d.index, name=self.table.name(d.player),
                                p=round(d.drop * 100)), (rect.left + 4, y), 13, colour)
            y += 18

    def draw_graph(self, surface) -> None:
        note = None
        if self.analysis is not None:
            note = t("replay.analysing", p=round(self.analysis.fraction * 100))
        elif self.review is None:
            note = t("replay.no_review")
        names = [self.table.name(p) for p in range(self.record.players)]
        self.graph.draw(surface, self.review, cursor=self.cursor, sections=self.session.sections, names=names,
                        note=note, mistake_label=t("replay.mistake_label"))

    def draw_slider(self, surface) -> None:
        track = self.slider
        pygame.draw.line(surface, (90, 120, 100), (track.left, track.centery), (track.right, track.centery), 4)
        for s in self.session.sections:
            x = self.graph.x_of(s)
            pygame.draw.line(surface, gfx.MUTED, (x, track.top + 2), (x, track.bottom - 2), 2)
        if self.review is not None:
            for d in self.review.mistakes():
                x = self.graph.x_of(d.index)
                pygame.draw.line(surface, MISTAKE, (x, track.top), (x, track.bottom), 3)
        knob = (self.graph.x_of(self.cursor), track.centery)
        pygame.draw.circle(surface, widgets.HIGHLIGHT, knob, 8)
        mover = self.session.actor(self.cursor)
        if mover is not None:
            pygame.draw.circle(surface, player_colour(mover), knob, 4)

    def close(self) -> None:
        if self.analysis is not None:
            self.analysis.close()
            self.analysis = None
        self.table.close()
