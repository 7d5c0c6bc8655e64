"""``TableScene``: a game session at an animated table, built from the framework's parts.

:class:`~game.client.scenes.base.GameScene` drives the session (bots, hot-seat,
save, undo, the end).  ``TableScene`` adds what every table shows and how it
takes input:

* the view being shown (``display``), the sprite layer and the animation
  :class:`~.director.Director` fed from the game's handler registry;
* input from ``Action`` objects: ``legal_actions()`` comes from the human's
  :class:`~game.rules.Seat`; ``act(action)`` performs one;
* the Menu and Undo buttons (Undo only with one human, enabled when there is something to undo);
* the :class:`~.actionbar.ActionBar`, rebuilt from ``bar_buttons()`` whenever
  the state, the viewer, the selection, the language or the window changes;
* clicks and keys made while an animation plays are queued (a few) and handled
  when it ends; a waiting summary is dismissed by a click, Space or Enter;
* the scrollable log, tooltips, banner and thinking indicator;
* hints (:mod:`.hints`): ``H`` asks a bot searching from the human's own seat for a move,
  which the table outlines (``hint_rects(action)``, a game's hook) and ``W`` toggles a live
  win-chance meter; both show in ``hint_rect``;
* other players' turns a player can follow (:mod:`.captions`): the acting player's area spotlighted
  (``seat_rect(p)``), each event captioned next to what changed (``caption_anchor(ev, actor)``,
  clear of ``caption_avoid()``), outcomes that matter called out (``outcomes(ev)``), ``Tab`` hurries;
  and **since your last turn** (:mod:`.since_last_turn`, ``R``) on the human's turn;
* for replays: ``interactive = False``, ``update_display(dt)`` and ``open_view(views)``.

A game's scene subclasses it and provides: ``animations`` (an
:class:`~.director.AnimationRegistry`), ``log_lines`` (a :class:`~.log.LogLines`),
``bar_buttons()``, ``on_click(pos)``, ``on_key(event)``, ``draw_table(surface)``
and optionally ``draw_summary(surface)`` and ``hint_rects(action)``.  The Menu and Undo buttons
(``menu_rect``, ``undo_rect``) are the same on every table.
"""

from __future__ import annotations

from collections import deque

import pygame
import pygame_gui

from game.rules import Seat, events_for

from .. import gfx
from ..i18n import You, language, t
from ..scenes.base import UNDO_REFUSED, GameScene
from .actionbar import ActionBar, BarButton
from .captions import Captions
from .director import AnimationRegistry, Director, SpriteLayer
from .hints import Hints
from .log import LogLines, ScrollLog
from .since_last_turn import SinceLastTurn
from .tooltips import Tooltips
from .widgets import ThinkingIndicator, banner, banner_rect, fitting_size, prompt

QUEUE_LIMIT = 3
HINT_COLOUR = (120, 200, 255)
CONFIRM_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
HURRY_KEY = pygame.K_TAB  # the other players' turns play faster
RECAP_KEY = pygame.K_r  # "since your last turn"


class TableScene(GameScene):
    animations = AnimationRegistry()
    log_lines: LogLines | None = None  # the game's log lines (``describe`` uses them)
    menu_rect = pygame.Rect(1164, 5, 104, 34)  # the Menu and Undo buttons in the top bar
    undo_rect = pygame.Rect(1050, 5, 104, 34)
    bar_rect = pygame.Rect(960, 520, 304, 190)
    bar_columns = 1
    bar_height = 40
    hint_rect = pygame.Rect(960, 666, 312, 50)

    def __init__(self, app, session, resumed: bool = False, demo: bool = False) -> None:
        super().__init__(app, session, resumed=resumed, demo=demo)
        self.sprites = SpriteLayer()
        self.director = Director(self, self.animations)
        self.tips = Tooltips()
        self.log = ScrollLog(self.describe)
        self.thinking = ThinkingIndicator(app)
        self.bar: ActionBar | None = None
        self.banner_text: str | None = None
        self.summary: dict | None = None
        self.mouse: tuple[int, int] | None = None
        self.pending_input: deque = deque(maxlen=QUEUE_LIMIT)
        self.drawn_settled = True  # the table was drawn since its view last changed (queued clicks hit it)
        self._choices_key: tuple | None = None
        self._choices = None
        self.final_view: dict | None = None
        self.hints = Hints(self)
        self.hinted_action = None  # the move a hint outlines on the table
        self.captions = Captions(self)
        self.recap = SinceLastTurn(self)
        self._banner_rect: tuple | None = None  # ((text, centre), rect) of the banner last measured
        self.action_log: list[list[dict]] = []  # each action's events as the viewer's log keeps them
        self.rebuild_log()

    # ------------------------------------------------------------------ actions
    def choices_for(self, build, *selection):
        """``build(display, legal, *selection)``, computed once per position and selection: the bar,
        the drawing, the prompt and the input of one frame all ask for the same choices."""
        key = (id(self.display), len(self.session.record.actions), self.my_turn, self.viewer, selection)
        if self._choices_key != key:
            self._choices_key = key
            self._choices = build(self.display, self.legal_actions(), *selection)
        return self._choices

    def legal_actions(self) -> list:
        """The human viewer's legal actions, from their seat (empty unless they may act now)."""
        if not self.my_turn:
            return []
        return Seat(self.session.state, self.viewer).legal_actions()

    def _apply(self, action) -> None:
        before = self.session.state.view(self.viewer)
        actor = self.session.to_move
        events = self.session.apply(action)
        visible = events_for(events, self.viewer)
        after = self.session.state.view(self.viewer)
        # sets final_view when this action's animation begins
        self.action_log.append(self.director.play(visible, before, after, actor=actor))

    # ------------------------------------------------------------------ what is shown
    def show_view(self, view: dict) -> None:
        self.display = view
        self.sprites.clear()
        self._view_shown()

    def show_final(self) -> None:
        """Show the view after the animating action now (handlers of a new deal use it)."""
        if self.final_view is not None:
            self.display = self.final_view
            self._view_shown()

    def settle(self, view: dict) -> None:
        """The end of an action's animation: its final view is the truth."""
        self.display = view
        self.sprites.clear()
        self.banner_text = None
        self._view_shown()

    def _view_shown(self) -> None:
        self.drawn_settled = False  # what is drawn moves: queued clicks wait for the next frame drawn
        self.on_view_shown()

    def on_view_shown(self) -> None:
        """Hook: the displayed view changed (drop a selection that no longer applies, say)."""

    # ------------------------------------------------------------------ hints
    def highlight_action(self, action) -> None:
        """Outline ``action`` on the table (a hint; ``None`` clears it)."""
        self.hinted_action = action

    def action_label(self, action) -> str:
        """Hook: ``action`` named for players in the current language (hints, replays)."""
        return str(action)

    def hint_rects(self, action) -> list[pygame.Rect]:
        """Hook: where ``action`` is taken on the table now (hand cards, piles, buttons)."""
        return []

    def tutorial_click(self, action) -> pygame.Rect | None:
        """Where a learner clicks next to take ``action`` (a tutorial's autoplay follows it): the
        first of :meth:`hint_rects`.  A table whose action takes several clicks (a toggle, then a
        card) overrides it to name the next one."""
        rects = self.hint_rects(action)
        return rects[0] if rects else None

    def tutorial_anchor(self, name: str) -> list[pygame.Rect]:
        """Hook: the rects a tutorial step named ``name`` is about (``"board"``, ``"deck"``...)."""
        return []

    def tutorial_keep_clear(self) -> list[pygame.Rect]:
        """Hook: what a tutorial's note had better not cover (the hand, the buttons), if it can sit elsewhere."""
        return [self.bar_rect]

    def ask_hint(self) -> None:
        outcome = self.hints.ask()
        self.app.sound("sfx.click" if outcome == "asked" else "sfx.error")
        if outcome == "agreed":
            self.app.notify(
                t(
                    "hint.agreed",
                    name=self.name(self.viewer),
                    n=len(self.hints.agreed),
                    total=len(self.session.humans),
                ),
                4,
            )
        elif outcome != "asked":
            self.app.notify(t(f"hint.{outcome}"), 3)

    def toggle_meter(self) -> None:
        on = self.hints.toggle_meter()
        if not on and not self.hints.allowed():
            self.app.notify(t("hint.off"), 3)

    def open_view(self, views: list[dict]) -> dict:
        """The viewer's view with every player's hidden cards shown, for replays (a finished game
        has no secrets left).  ``views`` holds each player's own view of one position.

        The default adds ``open_hands`` (each player's ``hand``), which a table draws face up in
        place of the card backs; a table whose views hide more (face-down cards) merges more.
        """
        view = dict(views[self.viewer])
        view["open_hands"] = [v.get("hand") for v in views]
        return view

    # ------------------------------------------------------------------ log
    def describe(self, ev: dict) -> str | None:
        line = self.log_lines.describe(self, ev) if self.log_lines is not None else None
        return (
            line[0].upper() + line[1:] if line and line[0].islower() else line
        )  # "your card ..." starts one

    def log_name(self, p: int) -> str:
        """Players in the log, named as on their panels: the one human at the screen as "you" (as a
        sentence's subject, the line's second-person form where the language has one: "You draw a
        card"), others by name ("Easy bot", "Player 2")."""
        if p == self.viewer and self.session.is_human(p) and len(self.session.humans) == 1:
            return You(t("log.you"))
        return self.name(p)

    def log_owner(self, p: int, actor: int | None = None) -> str:
        """Players as owners in the log, a possessive: "your" for the viewer, "their" for the acting
        player's own (``actor``), else "Kai's"."""
        if p == self.viewer and self.session.is_human(p) and len(self.session.humans) == 1:
            return t("log.your")
        if p == actor:
            return t("log.own")
        return t("log.owner", name=self.name(p))

    def start_events(self, view: dict) -> list[dict]:
        """Hook: the log events of the first deal, made from the start ``view``.

        The engines deal the first hand or round when the game is created, before any action,
        so its events are not in the record's replay.
        """
        return []

    def rebuild_log(self) -> None:
        """Re-read the whole game so far as the viewer saw it (with :attr:`log_needs_before`, the game is
        replayed alongside for the view before each action)."""
        self.log.clear()
        self.action_log = []
        state = self.session.record.new_state()
        self.log.add(self.start_events(state.view(self.viewer)))
        for action, events in zip(self.session.record.actions, self.session.past_events()):
            visible = events_for(events, self.viewer)
            if self.log_needs_before:
                visible = self.log_context(visible, state.view(self.viewer))
                state.apply(action)
            self.log.add(visible)
            self.action_log.append(visible)

    #: Whether :meth:`log_context` reads the view before an action (a rebuilt log then replays the game).
    log_needs_before = False

    def log_context(self, events: list[dict], before: dict) -> list[dict]:
        """Hook: an action's events as the log keeps them, given the ``before`` view (the log re-describes
        its events at every draw, so what a line needs from that moment goes into its event)."""
        return events

    def after_undo(self) -> None:
        self.rebuild_log()
        self.captions.clear()
        self.sprites.clear()
        self.summary = None
        self.banner_text = None
        self.pending_input.clear()
        self._view_shown()

    def on_viewer_changed(self) -> None:
        self.rebuild_log()
        self.captions.clear()
        self.recap.open = False
        self.pending_input.clear()
        self._view_shown()

    # ------------------------------------------------------------------ action bar
    def build_ui(self) -> None:
        ui, c = self.app.ui, self.container
        self.b_menu = pygame_gui.elements.UIButton(self.menu_rect, t("game.menu"), ui, container=c)
        self.b_undo = pygame_gui.elements.UIButton(self.undo_rect, t("game.undo"), ui, container=c)
        self.sync_undo()
        self.bar = ActionBar(self, self.bar_rect, columns=self.bar_columns, height=self.bar_height)
        self.build_table_ui()
        self.refresh_bar()

    def build_table_ui(self) -> None:
        """Hook: the game's own fixed widgets."""

    def sync_undo(self) -> None:
        """Undo shows in games with one human (not hot-seat), enabled when there is something to undo."""
        s = self.session
        # a covered table (the results screen, a menu) keeps updating: its button must stay hidden
        show = bool(s.humans) and not self.hotseat and self.app.scenes.top is self
        (self.b_undo.show if show else self.b_undo.hide)()
        ok = show and not s.over and s.undo_point() is not None and not self.timeline.busy
        if ok != self.b_undo.is_enabled:
            (self.b_undo.enable if ok else self.b_undo.disable)()

    def add_undo_tip(self) -> None:
        """A disabled Undo button says why when hovered (a finished hand, something hidden seen since)."""
        button = getattr(self, "b_undo", None)
        if button is None or not button.visible or button.is_enabled:
            return
        reason = self.session.undo_refusal()
        if reason is not None:
            self.tips.add(self.undo_rect, lambda: t(UNDO_REFUSED[reason]))

    def bar_buttons(self) -> list[BarButton]:
        return []

    def refresh_bar(self) -> None:
        if self.bar is not None and self.container is not None:
            self.bar.set(self.bar_buttons() if not self.timeline.busy else [])

    @property
    def bar_key(self) -> tuple:
        """What the bar depends on beyond the buttons' own texts (for subclasses' caches)."""
        return (len(self.session.record.actions), self.viewer, language(), self.app.size)

    def handle_ui(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_menu:
                self.app.sound("sfx.click")
                self.pause()
                return
            if event.ui_element is self.b_undo:
                self.undo()
                return
        if self.bar is not None and self.bar.handle_ui(event):
            self.app.sound("sfx.click")

    def uncovered(self) -> None:
        super().uncovered()
        # the mouse moved while another screen was on top (a privacy screen, the pause menu): hover
        # where it is now, not where the last player left it
        self.mouse = self.app.to_logical(pygame.mouse.get_pos()) if pygame.mouse.get_focused() else None
        if self.mouse is not None:
            self.tips.move(self.mouse)
            self.on_hover(self.mouse)

    # ------------------------------------------------------------------ input
    def handle_event(self, event) -> None:
        if self.guide is not None and self.guide.handle_event(event):
            return  # a tutorial took it (a step's button, or a click the lesson refuses)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.tips.move(event.pos)
            self.on_hover(event.pos)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.log.handle_event(event, self.mouse)
            return
        if event.type == pygame.KEYDOWN and (
            event.key == pygame.K_ESCAPE or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL)
        ):
            super().handle_event(event)
            return
        is_click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if not (is_click or event.type == pygame.KEYDOWN):
            return
        self.tips.dismiss()
        if self.timeline.waiting and (is_click or event.key in CONFIRM_KEYS):
            self.timeline.release()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_h, pygame.K_w):
            (self.ask_hint if event.key == pygame.K_h else self.toggle_meter)()
            return
        if event.type == pygame.KEYDOWN and event.key == HURRY_KEY:
            self.captions.hurry_up()  # never queued: on the human's own turn it does nothing
            return
        if (event.type == pygame.KEYDOWN and event.key == RECAP_KEY) or (
            is_click and self.recap.chip_rect is not None and self.recap.chip_rect.collidepoint(event.pos)
        ):
            if self.recap.toggle():
                self.app.sound("sfx.click")
                return
        if self.timeline.busy:
            self.pending_input.append(event)
            return
        self.dispatch(event)

    def dispatch(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.on_click(event.pos)
        else:
            self.on_key(event)

    def on_hover(self, pos) -> None:
        """Hook: the mouse moved."""

    def on_click(self, pos) -> None:
        """Hook: a left click on the table (not on a button)."""

    def on_key(self, event) -> None:
        """Hook: a key press."""

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        super().update(dt)
        self.captions.update(dt * self.timeline.speed)
        self.thinking.update(dt)
        self.tips.update(dt)
        self.hints.update()
        if not self.timeline.busy and self.pending_input and self.drawn_settled:
            queued = list(self.pending_input)
            self.pending_input.clear()
            for event in queued:
                self.dispatch(event)
        if self.app.scenes.top is self:
            self.refresh_bar()
        if self.container is not None:
            self.sync_undo()

    def update_display(self, dt: float) -> None:
        """Advance only what is drawn (animations, tooltips), never the game: for replays."""
        self.timeline.update(dt)
        self.thinking.update(dt)
        self.tips.update(dt)

    def draw(self, surface) -> None:
        self.tips.begin()
        self.draw_table(surface)
        self.captions.draw_spotlight(surface)
        self.sprites.draw(surface)
        self.draw_labels(surface)
        self.drawn_settled = True

    def draw_table(self, surface) -> None:
        """Draw the table from ``self.display`` (registering tooltips with ``self.tips.add``)."""

    def draw_labels(self, surface) -> None:
        """Hook: labels that stay readable over the cards an animation has just landed."""

    def draw_over(self, surface) -> None:
        self.timeline.draw(surface)
        self.draw_hint(surface)
        if self.banner_text:
            banner(surface, self.banner_text, self.banner_center())
        self.captions.draw(surface)  # over a banner: a caption must stay readable while it is shown
        if self.summary is not None:
            self.draw_summary(surface)
        self.recap.draw_chip(surface, self.log.rect)
        self.recap.draw_panel(surface, self.log.rect)
        self.draw_popup(surface)
        self.add_undo_tip()
        if self.guide is not None:
            self.guide.draw(
                surface
            )  # under the tooltips: a hovered thing is explained above the lesson's veil
        self.tips.draw(surface)

    def draw_popup(self, surface) -> None:
        """Hook: a panel opened over the table (drawn over everything, under the tooltips; it calls
        ``self.tips.cover(rect)`` so the table's tips under it stay hidden)."""

    def banner_center(self) -> tuple[int, int]:
        return (480, 330)

    def banner_rect(self) -> pygame.Rect | None:
        """Where the banner being shown is (None: none is)."""
        if not self.banner_text:
            return None
        key = (self.banner_text, self.banner_center())
        if self._banner_rect is None or self._banner_rect[0] != key:
            self._banner_rect = (key, banner_rect(*key))
        return self._banner_rect[1]

    # ------------------------------------------------------------------ captions (see .captions)
    #: Where caption boxes and outcome callouts may go (the table, left of the log column).
    caption_bounds = pygame.Rect(8, 48, 944, 666)
    #: Event types never captioned (nor listed since the viewer's last turn): the round's start, whose turn.
    uncaptioned: frozenset[str] = frozenset()

    def pace(self) -> float:
        """The other players' turns hurried with ``Tab``."""
        return self.captions.pace

    def seat_rect(self, p: int) -> pygame.Rect:
        """Hook: player ``p``'s area (spotlighted while their turn is shown)."""
        return pygame.Rect(self.caption_bounds.left, self.caption_bounds.top, 300, 200)

    def caption_anchor(self, ev: dict, actor: int) -> pygame.Rect:
        """Hook: what ``ev`` changed on the table (the caption goes next to it); the actor's area by default."""
        return self.seat_rect(actor)

    def caption_avoid(self) -> list[tuple[pygame.Rect, float]]:
        """Hook: what captions should not cover, with weights (a card's value far more than the card)."""
        return []

    def captioned(self, ev: dict) -> bool:
        return ev["type"] not in self.uncaptioned

    def caption_text(self, ev: dict, actor: int) -> str | None:
        """Hook: ``ev``'s caption: its log line, unless the game has a shorter or clearer form."""
        return self.describe(ev)

    def outcomes(self, ev: dict) -> list[tuple[int, str, str]]:
        """Hook: the outcomes worth calling out on the table that ``ev`` brings, each ``(player, text,
        tone)`` (tone ``good``, ``bad`` or ``info``)."""
        return []

    # ------------------------------------------------------------------ the prompt
    prompt_keys = (
        "table"  # i18n prefix: ``<prefix>.prompt.over``, ``<prefix>.prompt.wait``, ``<prefix>.keys``
    )

    def prompt_text(self) -> tuple[str, bool]:
        """What to do now and whether it is the viewer's to do (urgent)."""
        s = self.session
        if s.over:  # once the last moves have been shown: the bots' may still be on their way
            return (t(f"{self.prompt_keys}.prompt.over") if not self.timeline.busy else ""), False
        p = s.to_move
        if p is None:
            return "", False
        if not self.my_turn:
            if self.timeline.busy:
                return "", False
            key = (
                f"{self.prompt_keys}.prompt.wait" if self.interactive else "replay.to_move"
            )  # nobody plays a replay
            return t(key, name=self.name(p)), False
        return self.turn_prompt(), True

    def turn_prompt(self) -> str:
        """Hook: the prompt of the viewer's own decision."""
        return ""

    def draw_prompt(self, surface, rect: pygame.Rect, keys_rect: pygame.Rect) -> None:
        """The prompt line (with the thinking indicator while a bot thinks) and, on the viewer's turn, the keys."""
        msg, urgent = self.prompt_text()
        if self.bot_thinking:
            prompt(surface, rect, msg)
            self.thinking.draw(
                surface, pygame.Rect(rect.right - 200, rect.bottom - 50, 196, 48), self.worker.progress
            )
        else:
            prompt(surface, rect, msg, urgent=urgent)
        if self.my_turn and not self.hint_box_shown():  # the hint box takes the keys' place
            keys = self.keys_text()
            size = fitting_size(keys, keys_rect.width, keys_rect.height, sizes=(12, 11, 10))
            gfx.text_block(surface, keys, keys_rect, size, gfx.MUTED, line_gap=0)

    def keys_text(self) -> str:
        """The keys legend shown on the viewer's turn."""
        return t(f"{self.prompt_keys}.keys")

    def hint_box_shown(self) -> bool:
        """A hint, the win-chance meter or "thinking about your move" is in ``hint_rect``."""
        hints = self.hints
        meter = hints.meter if hints.meter_on and hints.meter is not None else hints.shown
        return (
            hints.shown is not None
            or meter is not None
            or (hints.thinking and (hints.wanted or hints.meter_on))
        )

    def draw_hint(self, surface) -> None:
        """The hinted move's outline, and the hint / win-chance meter box."""
        hints = self.hints
        if self.hinted_action is not None and hints.shown is not None:
            for rect in self.hint_rects(self.hinted_action):
                pygame.draw.rect(surface, HINT_COLOUR, rect.inflate(10, 10), width=3, border_radius=10)
        if not self.hint_box_shown():
            return
        shown = hints.shown
        meter = hints.meter if hints.meter_on and hints.meter is not None else shown
        box = self.hint_rect
        gfx.panel(surface, box, 255, colour=(20, 40, 56), border=HINT_COLOUR, radius=8)
        inner = box.inflate(-16, -8)
        if shown is not None:
            line = t("hint.move", action=self.action_label(shown.action))
        elif hints.thinking:
            line = t("hint.thinking")
        elif meter is not None and (meter.position, meter.player) != hints.position():
            line = t("hint.meter_last")  # measured at the viewer's last decision, not this position
        else:
            line = t("hint.meter")
        gfx.text(surface, line, inner.topleft, 14, HINT_COLOUR, bold=True)
        if meter is not None and meter.win_chance is not None:
            percent = round(meter.win_chance * 100)
            # under a hint the line names the move, so the number says what it is
            reading = t("hint.percent_to_win", p=percent) if shown is not None else f"{percent}%"
            # the reading is centred on the bar; its line (Japanese fonts are tall) stays inside the box
            half_line = gfx.font(15, True).get_linesize() // 2
            bar = pygame.Rect(
                inner.left,
                min(inner.bottom - 12, box.bottom - 3 - half_line - 5),
                inner.width - gfx.font(15, True).size(reading)[0] - 10,
                10,
            )
            pygame.draw.rect(surface, (50, 64, 72), bar, border_radius=5)
            fill = bar.copy()
            fill.width = max(4, round(bar.width * meter.win_chance))
            pygame.draw.rect(surface, HINT_COLOUR, fill, border_radius=5)
            gfx.text(surface, reading, (inner.right, bar.centery), 15, gfx.INK, anchor="midright", bold=True)

    def draw_summary(self, surface) -> None:
        """Hook: the end-of-hand / end-of-round summary."""

    def close(self) -> None:
        self.hints.close()
        super().close()

    def animating(self) -> bool:
        """Animations playing, a bot or a hint thinking (their progress bars move), or a finished
        hot-seat turn standing on screen (its pause is counted in frames, so they must run)."""
        return self.timeline.busy or self.bot_thinking or self.hints.thinking or self.hand_over_wait > 0

    @property
    def bot_thinking(self) -> bool:
        return self.worker.busy and not self.session.is_human(self.session.to_move)
