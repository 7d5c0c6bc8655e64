"""``ReplayScene``: a recorded game at its own table, move by move, with its review.

The game's registered table (``"table.<game>"``) is built on a :class:`ReplaySession` and
set non-interactive: it only draws positions (no bots, no input to the engine).  It is drawn
at full size off screen and shown scaled into the top-left of the window; around it:

* the side panel: the title (sized to fit), the position and its hand or round, each player's
  accuracy, the decision at the cursor (the best move the search found and its win chance, the
  move played's, the difference and its grade; in a game of hands or rounds the same for the
  hand/round; at a critical moment, that the hand was lost here and the better move, outlined on
  the table when the watched seat may see it), all from the player's own information, and the
  graded errors; the keys' help, each group on one line; who is watched (any seat, or all open);
* the win-chance graph (one line per player in their table colour, errors as triangles in the
  same colour edged by grade, critical moments ringed) over the timeline: click or drag either to
  jump; G (or a click on the graph's "G: game / hand" label) switches the graph between the whole
  game's chances and each hand's/round's; arrow keys step, PageUp/PageDown (or Shift+arrows) jump
  between hand/round starts, Home/End, M/Shift+M to the next/previous error, C to the next critical
  moment, V the next seat, O all cards open, A analyses the game in a background process (the
  review is saved next to the record).

An unfinished game a person plays (:meth:`GameRecord.private_in_progress`) is shown from a human
seat only, the one it was opened at: V, O and the analysis are refused, with the reason, since its
record could show the hidden cards of the bots and of the other players.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from ai.review import Decision, Review, record_digest
from ai.review.grading import ERRORS
from game.rules import action_from_json, events_for

from .. import gfx
from ..i18n import t
from ..menus.common import button
from ..registry import make_scene
from ..scene import Scene
from ..table import widgets
from ..table.scene import HINT_COLOUR
from .analysis import AnalysisWorker
from .graph import WinGraph, colour_names, grade_marker
from .session import ReplaySession
from .store import review_dir_for

OPEN = "open"
TABLE_SCALE = 0.8
SIDE = pygame.Rect(1032, 8, 240, 568)
ERROR_SIZE = 12  # the errors list's rows: a bot's name, the loss and what of fit its ~200 px in Japanese too
GRAPH = pygame.Rect(8, 580, 1264, 112)
SLIDER_Y = 706
PAD = 12  # the side panel's margin
TITLE_SIZES = (20, 18, 16)  # the title's size: the largest that fits the panel
KEYS_SIZE, KEYS_LINE = 12, 17  # the keys' help
#: The errors' list keeps room for its heading and three rows: the note on the numbers (the same at
#: every move) gives way to it when the decision's lines leave less.
ERRORS_ROOM = 22 + 3 * 18 + 6
STEP_KEYS = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1}
SECTION_KEYS = {pygame.K_PAGEDOWN: 1, pygame.K_PAGEUP: -1}


def fit_lines(msg: str, width: int, sizes=TITLE_SIZES, bold: bool = False) -> tuple[list[str], int]:
    """``msg`` on one line at the largest of ``sizes`` whose text fits ``width``, else wrapped at the
    smallest size; returns the lines and the size."""
    for size in sizes:
        if gfx.font(size, bold).size(msg)[0] <= width:
            return [msg], size
    return gfx.wrap(msg, sizes[-1], width, bold), sizes[-1]


def pack_groups(groups: list[str], size: int, width: int, sep: str = " · ") -> list[str]:
    """Lines of ``groups`` joined by ``sep``: a group goes on the line before if it fits there whole,
    else it starts a new line (only a group wider than ``width`` itself is wrapped)."""
    f = gfx.font(size)
    lines: list[str] = []
    for group in (g.strip() for g in groups):
        if lines and f.size(lines[-1] + sep + group)[0] <= width:
            lines[-1] += sep + group
        else:
            lines.extend(gfx.wrap(group, size, width))
    return lines


def percent(value: float) -> int:
    return round(value * 100)


def shown_drop(d) -> int:
    """A decision's loss in whole percent, as the difference of the two percentages shown (so that
    "74% · 52% (−22%)" always adds up)."""
    if d.chosen_value is None:
        return percent(d.drop)
    return percent(d.win_chance) - percent(d.chosen_value)


def shown_hand_drop(d: Decision) -> int | None:
    """The hand's/round's loss in whole percent, as the difference of its two percentages shown
    (``None``: no hand chances)."""
    if d.hand_win is None or d.hand_value is None:
        return None
    return percent(d.hand_win) - percent(d.hand_value)


def graded_loss(d: Decision) -> tuple[int, str]:
    """The loss a decision is listed with, in whole percent, and what it is the loss of: ``"game"``
    (the chance to win the game) or ``"hand"`` (the hand's or round's), the larger of the two as the
    review's ``loss`` is; the panel gives the grade on that line, with the same number."""
    game, hand = shown_drop(d), shown_hand_drop(d)
    if hand is not None and hand > game:
        return hand, "hand"
    return game, "game"


def grade_word(grade: str) -> str:
    """A grade's name in the current language ("blunder")."""
    return t(f"review.grade_{grade}")


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

    def __init__(
        self, app, record, path=None, move: int | None = None, seat: int | str | None = None
    ) -> None:
        super().__init__(app)
        self.record = record
        self.path = Path(path) if path is not None else None
        self.session = ReplaySession(record)
        self.table = make_scene(app, f"table.{record.game}", self.session)
        self.table.interactive = False
        #: an unfinished game a person plays: shown from one human seat only, never all open, never analysed
        self.private = record.private_in_progress(self.session.states[-1])
        self.open_cards = seat == OPEN and not self.private
        humans = record.human_seats()
        if isinstance(seat, int) and (not self.private or seat in humans):
            self.table.viewer = seat
        elif self.private and self.table.viewer not in humans:
            self.table.viewer = humans[0]
        self.table_rect = pygame.Rect(
            0, 0, round(app.size[0] * TABLE_SCALE), round(app.size[1] * TABLE_SCALE)
        )
        self.canvas = pygame.Surface(app.size)
        self.graph = WinGraph(GRAPH, self.session.length, game=record.game)
        self.slider = pygame.Rect(self.graph.plot.left, SLIDER_Y - 8, self.graph.plot.width, 16)
        self.review = None if self.private else find_review(record, self.path)
        self.analysis: AnalysisWorker | None = None
        self.hand_graph = False  # the graph shows each hand's/round's chances, not the game's
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
        return (
            table.open_view(self.session.views())
            if self.open_cards
            else self.session.state.view(table.viewer)
        )

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

    def refused_privately(self) -> bool:
        """True (and the player is told why) when this game may not be watched from another seat,
        all open, or analysed: an unfinished game a person plays."""
        if self.private:
            self.app.notify(t("replay.private", name=self.table.name(self.table.viewer)), 6)
        return self.private

    def watch(self, seat: int | str) -> None:
        """Watch from player ``seat`` or with all cards open (``"open"``)."""
        if seat != self.table.viewer and self.refused_privately():
            return
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
        """To the next (``direction`` 1) or previous (-1) decision graded an error."""
        if self.review is None:
            return
        self.jump_to([d.index for d in self.review.errors()], direction)

    def jump_critical(self) -> None:
        """To the next critical moment (after the last, the first)."""
        if self.review is None or not self.review.critical:
            return
        spots = [c.index for c in self.review.critical]
        self.seek(next((i for i in spots if i > self.cursor), spots[0]))

    def toggle_graph(self) -> None:
        """The graph: the whole game's chances, or each hand's/round's (games of hands or rounds)."""
        if self.review is not None and self.review.hands:
            self.hand_graph = not self.hand_graph

    def toggle_rect(self) -> pygame.Rect | None:
        """Where the graph's "G: game / hand" label is (a click there switches it), if shown."""
        if self.review is None or not self.review.hands:
            return None
        label = t("replay.graph_toggle", unit=self.unit_word())
        w, h = gfx.font(12).size(label)
        header = self.graph.header
        return pygame.Rect(header.right - w - 12, header.centery - h // 2 - 1, w + 10, h + 2)

    def unit_word(self) -> str:
        return t(f"replay.unit_{self.session.section_unit or 'section'}")

    def jump_to(self, spots: list[int], direction: int) -> None:
        """To the first of ``spots`` after the cursor (``direction`` 1) or the last before it (-1)."""
        target = (
            next((i for i in spots if i > self.cursor), None)
            if direction > 0
            else next((i for i in reversed(spots) if i < self.cursor), None)
        )
        if target is not None:
            self.seek(target)

    # ------------------------------------------------------------------ analysis
    def analyse(self) -> None:
        if self.refused_privately():
            return
        if self.analysis is None and self.review is None:
            self.analysis = AnalysisWorker(self.record)
            self.rebuild()

    def poll_analysis(self) -> None:
        if self.analysis is None:
            return
        review = self.analysis.poll_saved(self.path, self.app.notify)
        if review is not None:
            self.review = review
        if not self.analysis.running:
            if self.analysis.error:
                self.app.notify(t("replay.analysis_failed", error=self.analysis.error), 6)
            self.analysis = None
            self.rebuild()

    # ------------------------------------------------------------------ widgets
    def build_ui(self) -> None:
        x, w = SIDE.left + 10, SIDE.width - 20
        watching = t("replay.all_open") if self.open_cards else self.table.name(self.table.viewer)
        self.b_watch = button(self, (x, self.buttons_top(), w, 40), "replay.watch", name=watching)
        self.b_analyse = None  # a game already reviewed has no use for it: its room goes to the review
        if self.review is None:
            self.b_analyse = button(self, (x, SIDE.bottom - 92, w, 40), "replay.analyse")
            if self.analysis is not None or self.private:
                self.b_analyse.disable()
        self.b_back = button(self, (x, SIDE.bottom - 46, w, 40), "common.back")

    def buttons_top(self) -> int:
        """The top of the panel's buttons: Watch, Analyse (until the game is reviewed) and Back."""
        return SIDE.bottom - (92 if self.review is not None else 138)

    def button_pressed(self, element) -> None:
        if element is self.b_watch:
            self.next_watch()
        elif element is self.b_analyse and self.b_analyse is not None:
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
            toggle = self.toggle_rect()
            if toggle is not None and toggle.collidepoint(event.pos):
                self.toggle_graph()
            elif self.slider.collidepoint(event.pos) or self.graph.rect.collidepoint(event.pos):
                self.dragging = True
                self.seek(self.graph.position_at(event.pos[0]))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        elif event.type == pygame.MOUSEMOTION:
            if self.dragging:
                self.seek(self.graph.position_at(event.pos[0]))
            elif self.table_rect.collidepoint(event.pos):
                self.table.handle_event(
                    pygame.event.Event(
                        pygame.MOUSEMOTION, pos=self.to_table(event.pos), rel=(0, 0), buttons=(0, 0, 0)
                    )
                )
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
        elif k == pygame.K_c:
            self.jump_critical()
        elif k == pygame.K_g:
            self.toggle_graph()
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
        self.draw_better_move(self.canvas)
        surface.blit(pygame.transform.smoothscale(self.canvas, self.table_rect.size), self.table_rect)
        pygame.draw.rect(surface, (90, 120, 100), self.table_rect, width=1)
        self.draw_side(surface)
        self.draw_graph(surface)
        self.draw_slider(surface)

    def draw_side(self, surface) -> None:
        gfx.panel(surface, SIDE, 200, radius=10)
        x, w = SIDE.left + PAD, SIDE.width - 2 * PAD
        y = self.draw_title(surface, x, SIDE.top + 10, w) + 4
        position = gfx.text(surface, t("replay.position", k=self.cursor, n=self.session.length), (x, y), 15)
        section = self.section_text()
        if position.right + 12 + gfx.font(15).size(section)[0] <= x + w:
            gfx.text(surface, section, (x + w, y), 15, gfx.MUTED, anchor="topright")
            y += 26
        else:  # no room beside the position: under it
            gfx.text(surface, section, (x, position.bottom), 15, gfx.MUTED)
            y = position.bottom + 24
        keys = self.key_lines(w)
        keys_top = self.buttons_top() - 8 - len(keys) * KEYS_LINE  # above the buttons (build_ui)
        accuracy = self.accuracy_text()
        if accuracy:
            y += 4 + gfx.text_block(surface, accuracy, pygame.Rect(x, y, w, 60), 14, gfx.GOLD, line_gap=0)
        y += gfx.text_block(
            surface, self.decision_text(), pygame.Rect(x, y, w, keys_top - 48 - y), 14, line_gap=2
        )
        note = self.decision_note()
        note_height = len(gfx.wrap(note, 12, w)) * gfx.font(12).get_linesize() if note else 0
        errors_room = ERRORS_ROOM if self.review is not None else 0
        if note and keys_top - 6 - (y + 4 + note_height) >= errors_room:  # else the errors' room
            y += 2 + gfx.text_block(
                surface, note, pygame.Rect(x, y + 2, w, keys_top - 48 - y), 12, gfx.MUTED, line_gap=0
            )
        if self.review is not None:
            self.draw_errors(surface, pygame.Rect(x, y + 6, w, keys_top - 6 - y - 6))
        for i, line in enumerate(keys):
            gfx.text(surface, line, (x, keys_top + i * KEYS_LINE), KEYS_SIZE, gfx.MUTED)

    def draw_title(self, surface, x: int, y: int, width: int) -> int:
        """The title ("Replay: <game>") at the largest size that fits the panel, wrapped if none does;
        returns the y under it."""
        lines, size = fit_lines(self.title_text(), width, TITLE_SIZES, bold=True)
        for line in lines:
            y = gfx.text(surface, line, (x, y), size, gfx.GOLD, bold=True).bottom
        return y

    def title_text(self) -> str:
        return t("replay.heading", game=t(f"game.{self.record.game}.title"))

    def section_text(self) -> str:
        """The hand or round shown, in the game's own word: "Hand 2", "Round 3" ("Setup" before the first,
        as Hakkutsu!!'s table says during its draft)."""
        s = self.session
        n = s.section_number(self.cursor)
        if s.section_unit is None:
            return t("replay.section", n=n)
        if n < 1:
            return t("replay.setup")
        return t(f"replay.{s.section_unit}", n=n)

    def key_lines(self, width: int) -> list[str]:
        """The keys' help: its groups (" · " between them) packed into lines, none split across two."""
        unit = t(f"replay.unit_{self.session.section_unit or 'section'}")
        return pack_groups(t("replay.keys", unit=unit).split(" · "), KEYS_SIZE, width)

    def decision_text(self) -> str:
        """The move at the cursor: who plays what, and what the review says about it (the best move's
        win chance, the move played's and the difference)."""
        s = self.session
        if self.cursor >= s.length:
            if s.over:
                return t("replay.end")
            return t("replay.unfinished", name=self.table.name(s.to_move))
        player = s.actor(self.cursor)
        action = self.record.actions[self.cursor]
        seen = self.seen_of_hidden_move(self.cursor)
        if seen is not None:  # another player's move the watched seat does not see: only what it sees
            lines = [
                t("replay.next_hidden", seen=seen or t("replay.nothing_seen", name=self.table.name(player)))
            ]
            if self.review is not None:
                lines.append(t("replay.review_hidden"))
            return "\n".join(lines)
        lines = [t("replay.next_move", name=self.table.name(player), action=self.table.action_label(action))]
        d = self.review.at(self.cursor) if self.review is not None else None
        if d is not None:
            lines.extend(self.review_lines(d))
        elif self.review is not None:
            lines.append(t("replay.forced"))
        return "\n".join(lines)

    def review_lines(self, d) -> list[str]:
        """What the review says of decision ``d``: the best move and its win chance, the move played's
        and its grade; the hand's/round's chances; at a critical moment, first, that the hand was lost
        here (the panel may not have room for every line)."""
        game = self.record.game
        where = graded_loss(d)[1]  # the line the grade goes with: the game's or the hand's
        best = percent(d.win_chance)
        if d.best_text == d.action_text:
            lines = [t("replay.best_played", p=best)]
        else:
            label = self.table.action_label(action_from_json(game, d.best))
            lines = [t("replay.best_move", action=label, p=best)]
            if d.chosen_value is None:
                lines.append(t("replay.played_unknown"))
            elif d.error and where == "game":
                lines.append(
                    t(
                        "replay.played_graded",
                        p=percent(d.chosen_value),
                        drop=shown_drop(d),
                        grade=grade_word(d.grade),
                    )
                )
            elif shown_drop(d) > 0:
                lines.append(t("replay.played_drop", p=percent(d.chosen_value), drop=shown_drop(d)))
            else:
                lines.append(t("replay.played_value", p=percent(d.chosen_value)))
        hand_drop = shown_hand_drop(d)
        if d.hand_win is not None and d.hand_value is not None and hand_drop is not None:
            unit = self.unit_word()
            hand = []
            if d.hand_best is not None and d.hand_best_text not in (d.best_text, d.action_text):
                label = self.table.action_label(action_from_json(game, d.hand_best))
                hand.append(t("replay.hand_best", unit=unit, action=label))
            values = {"unit": unit, "p": percent(d.hand_win), "q": percent(d.hand_value), "drop": hand_drop}
            if d.error and where == "hand":  # graded by the hand's loss: the grade goes with it
                hand.append(t("replay.hand_graded", grade=grade_word(d.grade), **values))
            elif hand_drop > 0:
                hand.append(t("replay.hand_drop", **values))
            else:
                hand.append(t("replay.hand_values", **values))
            lines = hand + lines if self.hand_graph else lines + hand  # what the graph shows first
        critical = self.review.critical_at(d.index)
        if critical is not None:
            label = self.table.action_label(action_from_json(game, critical.best))
            move = self.better_move()
            outlined = move is not None and bool(self.table.hint_rects(move))
            if critical.best_text in (d.best_text, d.hand_best_text):  # a line below names the move
                key = "replay.critical_here_outlined" if outlined else "replay.critical_here"
            else:
                key = "replay.critical_outlined" if outlined else "replay.critical"
            lines.insert(0, t(key, unit=self.unit_word(), n=critical.section + 1, action=label))
        return lines

    def better_move(self):
        """The better move of the critical moment at the cursor, when the watched seat may see it
        (the player's own seat or all cards open), else ``None``."""
        if self.review is None:
            return None
        critical = self.review.critical_at(self.cursor)
        if critical is None or not (self.open_cards or self.table.viewer == critical.player):
            return None
        return action_from_json(self.record.game, critical.best)

    def draw_better_move(self, canvas) -> None:
        """Outline the better move of a critical moment on the table (as a hint is outlined)."""
        move = self.better_move()
        if move is None or self.table.timeline.busy:
            return
        for rect in self.table.hint_rects(move):
            pygame.draw.rect(canvas, HINT_COLOUR, rect.inflate(10, 10), width=3, border_radius=10)

    def accuracy_text(self) -> str | None:
        """Each player's accuracy ("Accuracy: You 84 · Normal bot 91"), once there is a review."""
        if self.review is None or not self.review.accuracy:
            return None
        items = [
            t("replay.accuracy_item", name=self.table.name(p), a="–" if a is None else round(a))
            for p, a in enumerate(self.review.accuracy)
        ]
        return t("replay.accuracy", list=" · ".join(items))

    def seen_of_hidden_move(self, k: int) -> str | None:
        """``None`` when the watched seat may see what action ``k`` is (its own move, a public one, or
        all cards open); else what that seat's log says of it (``""`` if nothing): the replay never
        names another player's hidden choice (the equipment kept, the card put face down).  An
        action's first event is the action itself; what follows (a card drawn at the base) are its
        consequences, which the log shows as they happen."""
        if self.open_cards or self.session.actor(k) == self.table.viewer:
            return None
        events = self.session.events[k][:1]
        viewer = self.table.viewer
        if not events or events[0].get("visible_to") is None or viewer in events[0]["visible_to"]:
            return None
        visible = events_for(events, viewer)
        if self.table.log_needs_before:
            visible = self.table.log_context(visible, self.shown_view())
        return " ".join(line for line in (self.table.describe(ev) for ev in visible) if line)

    def decision_note(self) -> str | None:
        """What the numbers and the graph's lines are (once there is a review)."""
        return t("replay.line_note") if self.review is not None else None

    def draw_errors(self, surface, rect: pygame.Rect) -> None:
        """The decisions graded an error, those near the cursor in sight."""
        errors = self.review.errors()
        gfx.text(surface, t("replay.errors", n=len(errors)), rect.topleft, 15, gfx.GOLD, bold=True)
        y = rect.top + 22
        rows = max(1, (rect.bottom - y) // 18)
        upcoming = next((n for n, d in enumerate(errors) if d.index >= self.cursor), len(errors))
        # keep the errors near the cursor in sight: the one before it too, unless one row is all there is
        first = max(0, min(upcoming - (1 if rows > 1 else 0), len(errors) - rows))
        for d in errors[first : first + rows]:
            colour = gfx.GOLD if d.index == self.cursor else gfx.INK
            grade_marker(surface, self.graph.colour(d.player), (rect.left + 6, y + 9), d.grade)
            loss, where = graded_loss(d)
            what = t("replay.loss_game") if where == "game" else t("replay.loss_unit", unit=self.unit_word())
            # the marker before it shows the grade (the graph's legend names the marks): the list's
            # room (about 200 px) holds a name, the loss and what it is the loss of, not a grade too
            line = t("replay.error_line", k=d.index, name=self.table.name(d.player), p=loss, what=what)
            marks = [i for i in (line.rfind("−"), line.rfind(what)) if i >= 0]
            tail = len(line) - min(marks) if marks else 0  # the loss and what it is of stay in sight
            gfx.text(
                surface,
                gfx.ellipsize(line, ERROR_SIZE, rect.width - 18, tail=tail),
                (rect.left + 16, y),
                ERROR_SIZE,
                colour,
            )
            y += 18

    def draw_graph(self, surface) -> None:
        note = None
        if self.analysis is not None:
            note = t("replay.analysing", p=round(self.analysis.fraction * 100))
        elif self.review is None:
            note = t("replay.no_review")
        hand = self.hand_graph and self.review is not None and self.review.hands
        self.graph.draw(
            surface,
            self.review,
            cursor=self.cursor,
            sections=self.session.sections,
            names=self.legend_names(),
            note=note,
            grade_labels={g: grade_word(g) for g in ERRORS},
            hand=hand,
        )
        toggle = self.toggle_rect()
        if toggle is not None:
            gfx.panel(surface, toggle, 230, radius=4)
            label = t("replay.graph_toggle", unit=self.unit_word())
            gfx.text(surface, label, toggle.center, 12, gfx.GOLD if hand else gfx.INK, anchor="center")
            title = t("replay.graph_hand", unit=self.unit_word()) if hand else t("replay.graph_game")
            gfx.text(surface, title, (toggle.left - 10, toggle.centery), 12, gfx.MUTED, anchor="midright")

    def legend_names(self) -> list[str]:
        """The players as the table names them, with their colour's name where the table uses one
        ("You (White)" in Hacktrick, whose log names players by colour)."""
        names = [self.table.name(p) for p in range(self.record.players)]
        colours = colour_names(self.record.game, self.record.players)
        if colours is None:
            return names
        return [t("replay.legend_colour", name=n, colour=c) for n, c in zip(names, colours, strict=True)]

    def draw_slider(self, surface) -> None:
        track = self.slider
        pygame.draw.line(
            surface, (90, 120, 100), (track.left, track.centery), (track.right, track.centery), 4
        )
        for s in self.session.sections:
            x = self.graph.x_of(s)
            pygame.draw.line(surface, gfx.MUTED, (x, track.top + 2), (x, track.bottom - 2), 2)
        if self.review is not None:
            for d in self.review.errors():
                x = self.graph.x_of(d.index)
                pygame.draw.line(surface, self.graph.colour(d.player), (x, track.top), (x, track.bottom), 3)
        knob = (self.graph.x_of(self.cursor), track.centery)
        pygame.draw.circle(surface, widgets.HIGHLIGHT, knob, 8)
        mover = self.session.actor(self.cursor)
        if mover is not None:
            pygame.draw.circle(surface, self.graph.colour(mover), knob, 4)

    def close(self) -> None:
        if self.analysis is not None:
            self.analysis.close()
            self.analysis = None
        self.table.close()
