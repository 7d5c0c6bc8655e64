"""The guide of a tutorial: it walks the learner through a scenario on a real game table.

A :class:`Guide` is attached to a table scene (``table.guide``); the table asks it first about
every input event and every action, lets it play the scripted seats, and draws it last:

* ``explain`` steps: the text in a panel next to the thing it is about (the anchor's rects,
  outlined; the rest of the table dimmed), with **Back** / **Next** (``←`` / ``→``, Enter);
* ``do`` steps: the action to take is outlined (the table's ``hint_rects``, as hints are) and
  every click elsewhere is refused with a reason; an action other than the step's is refused by
  :meth:`allows` and changes nothing;
* ``watch`` steps: the script plays the coach's actions, animated as in a game, then the note
  waits for **Next** (it is read at the reader's pace); ``auto`` steps play several turns of
  every seat and go on by themselves;
* ``finish``: a real game against the easy bot, the lesson again, or the title screen.

Each step reached is remembered (:mod:`.progress`), so the learner can leave at any step and
come back to it.  The guide moves nothing but the game it scripts; the table draws the game.
With ``autoplay`` the guide follows its own instructions: it clicks Next, and clicks what each
``do`` step outlines (through the same event path as a mouse), so a test or
``tabletop-trio tutorial GAME --autoplay`` proves every step can be done as told.
"""

from __future__ import annotations

import pygame

from .. import gfx
from ..i18n import language, t
from . import progress
from .scenario import Scenario, find_action

OUTLINE = (255, 214, 102)
PANEL_COLOUR = (22, 36, 48)
PANEL_BORDER = (255, 214, 102)
PANEL_WIDTH = 400
#: The note's widths, tried in order (the first that hides least wins).
PANEL_WIDTHS = (PANEL_WIDTH, 330)
TEXT_SIZE = 17
BUTTON_H = 36
#: Seconds the reason a click was refused stays in the note.
MESSAGE_SECONDS = 5.0
MESSAGE_COLOUR = (255, 170, 120)
MARGIN = 14
#: Seconds between two scripted actions once the first has been shown (at animation speed 1).
SCRIPT_PAUSE = 0.7
#: Seconds autoplay waits on each step before doing what it says (it reads as a player would).
AUTOPLAY_PAUSE = 0.15
PASS_KEYS = (pygame.K_ESCAPE, pygame.K_F11)
NEXT_KEYS = (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
BACK_KEYS = (pygame.K_LEFT, pygame.K_BACKSPACE)


class Guide:
    """Runs ``scenario`` on ``table`` from step ``start`` (the table's game is already there)."""

    def __init__(self, table, scenario: Scenario, start: int = 0, autoplay: bool = False) -> None:
        self.table = table
        self.scenario = scenario
        self.index = start
        self.autoplay = autoplay
        self.wait = 0.0  # seconds before the script's next action (or autoplay's next click)
        self.buttons: dict[str, pygame.Rect] = {}  # this frame's panel buttons, by name
        self.hover: str | None = None
        self.autoplay_pause = AUTOPLAY_PAUSE
        self.message: str | None = None  # why the last click or key was refused
        self.message_left = 0.0
        self.enter(start)

    # ------------------------------------------------------------------ steps
    @property
    def step(self):
        return self.scenario.steps[self.index]

    @property
    def game(self) -> str:
        return self.scenario.game

    def text(self) -> str:
        return t(self.scenario.text_key(self.step))

    def enter(self, index: int) -> None:
        """Begin step ``index`` (the game must stand at its start) and remember it."""
        self.index = index
        self.message = None
        self.wait = SCRIPT_PAUSE / 2 if self.step.kind in ("watch", "auto") else self.autoplay_pause
        finished = self.step.kind == "finish"
        progress.remember(
            self.game, step=0 if finished else index, done=finished or progress.place(self.game).done
        )

    def played(self) -> int:
        """Actions of the scenario played so far."""
        return len(self.table.session.record.actions)

    def step_done(self) -> bool:
        """The step is over by itself: a ``do`` or ``auto`` step once its moves have been shown."""
        step = self.step
        if step.kind in ("explain", "finish"):
            return False
        if step.kind == "watch":
            return False  # the coach's moves are shown, then the note waits for Next: it is read at the reader's pace
        return self.moves_shown()

    def moves_shown(self) -> bool:
        """The current step's actions have all been played and their animation has ended."""
        target = self.scenario.actions_before(self.index) + len(self.step.actions)
        return self.played() >= target and not self.table.timeline.busy

    def expected(self):
        """The action the current step plays next (``None`` if none is due)."""
        step = self.step
        k = self.played() - self.scenario.actions_before(self.index)
        if not step.plays or not 0 <= k < len(step.actions) or self.table.session.over:
            return None
        key = (self.index, k)  # asked at every frame (outline, input): the legal actions are read once
        if self._expected is None or self._expected[0] != key:
            self._expected = (key, find_action(self.table.session.state, step.actions[k]))
        return self._expected[1]

    _expected: tuple | None = None

    def can_go_on(self) -> bool:
        """Next is offered: an explanation, or the coach's moves once they have been shown."""
        kind = self.step.kind
        return kind == "explain" or (kind == "watch" and self.moves_shown())

    def next(self) -> None:
        if self.can_go_on() and self.index + 1 < len(self.scenario.steps):
            self.enter(self.index + 1)

    def back(self) -> None:
        """The previous explanation, if no action lies between it and here (a move played stays played)."""
        if self.index == 0 or self.scenario.steps[self.index - 1].kind != "explain":
            return
        if self.step.kind not in ("explain", "do") or self.played() != self.scenario.actions_before(
            self.index
        ):
            return
        self.enter(self.index - 1)

    # ------------------------------------------------------------------ the table asks
    def allows(self, action) -> bool:
        """May the learner take ``action`` now?  Anything but the step's action is refused, with
        the step's own reason (or a general one); nothing changes."""
        expected = self.expected() if self.step.kind == "do" else None
        if expected is not None and action == expected:
            self.message = None
            return True
        self.refuse()
        return False

    def refuse(self) -> None:
        step = self.step
        key = self.scenario.text_key(step, "_wrong")
        if step.kind == "do":
            message = t(key) if t(key) != key else t("tutorial.wrong_do")
        elif step.kind == "explain":
            message = t("tutorial.wrong_explain")
        else:
            message = t("tutorial.wrong_wait")
        self.table.app.sound("sfx.error")
        self.message = message  # said in the note itself, next to what to do instead
        self.message_left = MESSAGE_SECONDS

    def targets(self) -> list[pygame.Rect]:
        """What the learner should look at or click now (outlined; the rest is dimmed)."""
        step, table = self.step, self.table
        if step.kind == "do" and not table.timeline.busy:
            action = self.expected()
            return table.hint_rects(action) if action is not None else []
        if step.at and not table.timeline.busy:
            return list(table.tutorial_anchor(step.at))
        return []

    def handle_event(self, event) -> bool:
        """Input for the table: True when the guide took it (the table must ignore it)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.button_at(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL:
            return False
        if event.type == pygame.KEYDOWN and (event.key in PASS_KEYS or event.mod & pygame.KMOD_CTRL):
            return False
        if self.table.timeline.waiting:
            return False  # a hand's summary waits for its click, as in a game
        kind = self.step.kind
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            name = self.button_at(event.pos)
            if name is not None:
                self.press(name)
                return True
            if kind == "do" and any(r.collidepoint(event.pos) for r in self.targets()):
                return False
            if self.panel_rect().collidepoint(event.pos):
                return True
            self.refuse()
            return True
        if event.type != pygame.KEYDOWN:
            return event.type == pygame.MOUSEBUTTONDOWN
        if self.can_go_on() and event.key in NEXT_KEYS:
            self.next()
            return True
        if kind == "explain" and event.key in BACK_KEYS:
            self.back()
            return True
        if kind == "do" and event.key not in (pygame.K_h, pygame.K_w):
            return False  # the game's keys (a wrong one is refused by ``allows``)
        self.refuse()
        return True

    def press(self, name: str) -> None:
        self.table.app.sound("sfx.click")
        if name == "next":
            self.next()
        elif name == "back":
            self.back()
        else:
            from .launch import leave_tutorial

            leave_tutorial(self.table.app, self.game, name)

    # ------------------------------------------------------------------ the frame
    def update(self, dt: float) -> None:
        table = self.table
        self.message_left -= dt
        if self.message_left <= 0:
            self.message = None
        if self.step_done():
            self.enter(self.index + 1)
            return
        if self.autoplay and table.timeline.waiting:
            table.app.post_click(table.banner_center())  # "click to continue", as the summary says
            return
        if table.timeline.busy:
            return
        self.wait -= dt * max(0.25, table.app.settings.animation_speed)
        if self.wait > 0:
            return
        kind = self.step.kind
        action = self.expected() if kind in ("watch", "auto") else None
        if action is not None:
            self.wait = SCRIPT_PAUSE
            table.play_scripted(action)
        elif self.autoplay and kind != "auto":
            self.wait = self.autoplay_pause
            self.autoplay_click()

    def hidden(self) -> bool:
        """A hand's summary waits for its click: it is what to read now, the guide steps aside."""
        return self.table.timeline.waiting

    def autoplay_click(self) -> None:
        """Do what the step says, by clicking where the learner would."""
        kind = self.step.kind
        if kind in ("explain", "watch"):
            target = self.buttons.get("next")
        elif kind == "finish":
            target = self.buttons.get("title")
        else:
            action = self.expected()
            target = self.table.tutorial_click(action) if action is not None else None
        if target is not None:
            self.table.app.post_click(target.center)

    def draw(self, surface: pygame.Surface) -> None:
        """The dimmed table with the targets cut out and outlined, and the panel."""
        if self.hidden():
            return
        targets = self.targets()
        if self.step.kind in ("explain", "do", "finish") and not self.table.timeline.busy:
            veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            veil.fill((0, 0, 0, 150))
            for rect in targets:
                veil.fill((0, 0, 0, 0), rect.inflate(8, 8))
            surface.blit(veil, (0, 0))
        for rect in targets:
            pygame.draw.rect(surface, OUTLINE, rect.inflate(10, 10), width=3, border_radius=8)
        self.draw_panel(surface)

    # ------------------------------------------------------------------ the panel
    def panel_buttons(self) -> list[tuple[str, str]]:
        """(name, label) of the panel's buttons for this step."""
        kind = self.step.kind
        if kind == "explain":
            back = self.index > 0 and self.scenario.steps[self.index - 1].kind == "explain"
            return ([("back", t("tutorial.back"))] if back else []) + [("next", t("tutorial.next"))]
        if kind == "watch" and self.moves_shown():
            return [("next", t("tutorial.next"))]
        if kind == "finish":
            return [
                ("play", t("tutorial.play_easy")),
                ("again", t("tutorial.again")),
                ("title", t("tutorial.title")),
            ]
        return []

    def panel_lines(self, width: int = PANEL_WIDTH) -> list[str]:
        return gfx.wrap(self.text(), TEXT_SIZE, width - 2 * MARGIN)

    def message_lines(self, width: int = PANEL_WIDTH) -> list[str]:
        return gfx.wrap(self.message, TEXT_SIZE - 1, width - 2 * MARGIN, bold=True) if self.message else []

    def panel_rect(self) -> pygame.Rect:
        """The panel's place: beside what the step is about (right, left, below, above), on screen,
        over none of it if it can; centred when the step is about nothing in particular.  While a
        move is shown (nothing outlined) it stays where the step put it."""
        targets = self.targets()
        placed = self._placed
        if placed is not None and placed[0] == self.index and not targets and self.table.timeline.busy:
            return placed[2]
        key = (
            self.index,
            language(),
            self.message,
            self.can_go_on(),
            self.table.banner_text,
            tuple(map(tuple, targets)),
        )
        if placed is None or placed[1] != key:  # placed once per what it depends on, not at every frame
            placed = self._placed = (self.index, key, self._place(targets))
        return placed[2]

    _placed: tuple | None = None

    def always_clear(self) -> list[pygame.Rect]:
        """What no note should cover on any table: the Menu and Undo buttons, the top bar, a banner."""
        table = self.table
        keep = [table.menu_rect, table.undo_rect, pygame.Rect(0, 0, table.app.size[0], 48)]
        if table.banner_text:
            x, y = table.banner_center()
            keep.append(pygame.Rect(x - 300, y - 45, 600, 90))
        return keep

    def _size(self, width: int) -> tuple[int, int]:
        """The panel's size at ``width`` (its text wrapped to it)."""
        line = gfx.font(TEXT_SIZE).get_linesize()
        buttons = self.panel_buttons()
        rows = len(buttons) if self.step.kind == "finish" else (1 if buttons else 0)  # finish: one a row
        said = self.message_lines(width)
        height = 34 + len(self.panel_lines(width)) * (line + 2) + rows * (BUTTON_H + 8) + MARGIN
        if said:
            height += 8 + len(said) * gfx.font(TEXT_SIZE - 1, True).get_linesize()
        return width, height

    def _place(self, targets: list[pygame.Rect]) -> pygame.Rect:
        screen = pygame.Rect((0, 0), self.table.app.size)
        if not targets:
            rect = pygame.Rect((0, 0), self._size(PANEL_WIDTH))
            rect.center = screen.center
            return rect
        box = targets[0].inflate(24, 24)  # beside the first target (the others may lie far apart)
        candidates = []
        for width in PANEL_WIDTHS:  # a narrower, taller note where the wide one would hide something
            rect = pygame.Rect((0, 0), self._size(width))
            for side in ("right", "left", "above", "below"):
                r = rect.copy()
                if side == "right":
                    r.midleft = box.midright
                elif side == "left":
                    r.midright = box.midleft
                elif side == "below":
                    r.midtop = box.midbottom
                else:
                    r.midbottom = box.midtop
                candidates.append(r.clamp(screen))
        clear = self.table.tutorial_keep_clear() + self.always_clear()

        def covered(r: pygame.Rect) -> int:
            """How much of what matters the panel would hide: the step's targets above all."""
            hidden = sum(_area(r.clip(target.inflate(8, 8))) for target in targets) * 10
            return hidden + sum(_area(r.clip(area)) for area in clear)

        return min(candidates, key=covered)  # the first of the best, in the order above

    def draw_panel(self, surface: pygame.Surface) -> None:
        rect = self.panel_rect()
        self.table.tips.cover(rect)  # the table's tooltips show above the lesson, never under its note
        gfx.panel(surface, rect, 255, colour=PANEL_COLOUR, border=PANEL_BORDER, radius=10)
        counter = t("tutorial.step", n=self.index + 1, total=len(self.scenario.steps))
        gfx.text(
            surface,
            t(f"game.{self.game}.title") + " · " + counter,
            (rect.left + MARGIN, rect.top + 9),
            13,
            gfx.MUTED,
        )
        self.buttons = {}
        if self.index > 0 and self.step.kind != "finish":  # the lesson again from its first step
            label = t("tutorial.restart")
            width = gfx.font(13, True).size(label)[0] + 16
            small = pygame.Rect(rect.right - MARGIN - width, rect.top + 6, width, 22)
            pygame.draw.rect(
                surface, (60, 80, 90) if self.hover != "again" else (90, 110, 120), small, border_radius=6
            )
            gfx.text(surface, label, small.center, 13, gfx.INK, anchor="center", bold=True)
            self.buttons["again"] = small
        y = rect.top + 32
        line = gfx.font(TEXT_SIZE).get_linesize()
        for text in self.panel_lines(rect.width):
            gfx.text(surface, text, (rect.left + MARGIN, y), TEXT_SIZE, gfx.INK)
            y += line + 2
        said = self.message_lines(rect.width)
        if said:
            y += 8
            for text in said:
                gfx.text(surface, text, (rect.left + MARGIN, y), TEXT_SIZE - 1, MESSAGE_COLOUR, bold=True)
                y += gfx.font(TEXT_SIZE - 1, True).get_linesize()
        buttons = self.panel_buttons()
        if not buttons:
            return
        y += 8
        per_row = 1 if self.step.kind == "finish" else 2
        width = (rect.width - 2 * MARGIN - (per_row - 1) * 8) // per_row
        for i, (name, label) in enumerate(buttons):
            row, col = divmod(i, per_row)
            if name == "next":
                col = 1  # Next on the right, Back (if any) on the left
            b = pygame.Rect(rect.left + MARGIN + col * (width + 8), y + row * (BUTTON_H + 8), width, BUTTON_H)
            primary = name in ("next", "play")
            hot = self.hover == name
            colour = (200, 150, 50) if primary else (60, 80, 90)
            if hot:
                colour = tuple(min(255, c + 30) for c in colour)
            pygame.draw.rect(surface, colour, b, border_radius=8)
            gfx.text(
                surface,
                gfx.ellipsize(label, 15, b.width - 12, bold=True),
                b.center,
                15,
                (30, 20, 10) if primary else gfx.INK,
                anchor="center",
                bold=True,
            )
            self.buttons[name] = b

    def button_at(self, pos) -> str | None:
        return next((name for name, rect in self.buttons.items() if rect.collidepoint(pos)), None)


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height
