"""Other players' turns a player can follow: the acting player's area is spotlighted, each of their
events is captioned on the table next to what changed, and outcomes that matter are called out.

The :class:`~.director.Director` tells :class:`Captions` when an action's animation begins
(:meth:`Captions.begin_action`, with who acts) and when each event's animation starts
(:meth:`Captions.event_started`, the moment its log line appears).  A caption is the event's log
line (``table.caption_text``: ``describe``, the same texts, unless a game has a shorter form).  Lines of one player's turn gather in one
box (the newest last, at most :data:`MAX_LINES`); the box sits next to the newest line's
``caption_anchor`` where it covers the least of ``caption_avoid`` (card values first).

Reading time: a caption line stays on screen at least :data:`CAPTION_SECONDS` of animation time
(real seconds = that / the animation-speed setting).  The director puts a gate before each action and
each event (:meth:`Captions.room_for`): the timeline waits while the line it would replace has not
been shown that long.  ``Tab`` hurries the others' turns (:data:`HURRY` times faster) until the
viewer's turn.  The viewer's own moves are never captioned nor held; only their outcomes are
called out.

Hooks a table provides (see :class:`~.scene.TableScene`): ``seat_rect(p)`` (the spotlight),
``caption_anchor(ev, actor)`` (what changed), ``caption_avoid()`` (``(rect, weight)`` pairs not to
cover), ``caption_bounds`` (where boxes may go), optionally ``caption_width`` and ``caption_spots``
(free places a box may also take), ``captioned(ev)`` (events worth a caption) and
``outcomes(ev)`` (a ``(player, text, tone)`` for each outcome that matters).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .. import gfx
from ..i18n import language, t
from .widgets import HIGHLIGHT

CAPTION_SECONDS = 1.5  # animation seconds each caption line stays on screen at least
LINGER_SECONDS = 2.0  # ... and, once the viewer may act, how much longer the last lines stay
OUTCOME_SECONDS = 2.6  # animation seconds an outcome stays called out
MAX_LINES = 3
HURRY = 4.0  # Tab: the others' turns play this many times faster
WIDTH = 360
SIZE = 15
OUTCOME_SIZE = 17
TONES = {"good": ((52, 40, 12), gfx.GOLD), "bad": ((60, 18, 14), (255, 130, 110)), "info": ((20, 40, 56), gfx.INK)}
SPOTLIGHT = HIGHLIGHT


@dataclass
class Line:
    text: str
    anchor: pygame.Rect
    shown: float = 0.0  # animation seconds on screen


@dataclass
class Callout:
    player: int
    text: str
    tone: str
    shown: float = 0.0


def overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.width * clip.height


def place(size: tuple[int, int], anchors: list[pygame.Rect], bounds: pygame.Rect,
          avoid: list[tuple[pygame.Rect, float]], gap: int = 6) -> pygame.Rect:
    """A box of ``size`` next to (or inside the edge of) one of ``anchors``, kept in ``bounds``: the
    place covering the least weighted area of ``avoid``, nearest the first anchor on a tie."""
    w, h = size
    best, best_score = None, None
    target = anchors[0].center
    for k, a in enumerate(anchors):
        candidates = [
            pygame.Rect(a.centerx - w // 2, a.bottom + gap, w, h),  # below
            pygame.Rect(a.centerx - w // 2, a.top - gap - h, w, h),  # above
            pygame.Rect(a.right + gap, a.centery - h // 2, w, h),  # right
            pygame.Rect(a.left - gap - w, a.centery - h // 2, w, h),  # left
            pygame.Rect(a.centerx - w // 2, a.bottom - gap - h, w, h),  # inside, at the bottom
            pygame.Rect(a.left + gap, a.bottom - gap - h, w, h),
            pygame.Rect(a.right - gap - w, a.bottom - gap - h, w, h),
        ]
        for c in candidates:
            c = c.clamp(bounds)
            cover = sum(weight * overlap(c, r) for r, weight in avoid)
            dx, dy = c.centerx - target[0], c.centery - target[1]
            score = (cover, k, dx * dx + dy * dy)
            if best_score is None or score < best_score:
                best, best_score = c, score
    return best


class Captions:
    """The captions and outcome callouts of one table (see the module docstring)."""

    def __init__(self, table) -> None:
        self.table = table
        self.actor: int | None = None  # whose action the lines tell
        self.lines: list[Line] = []
        self.callouts: list[Callout] = []
        self.hurry = False
        self._box: tuple | None = None  # (key, rect, rows): the laid-out box, kept until the lines change
        self._glow: dict[tuple[int, int], pygame.Surface] = {}

    # -- who is followed -------------------------------------------------------------
    def follows(self, actor: int | None) -> bool:
        """Whether ``actor``'s actions are captioned: another player's (not the human at the screen),
        at a table that is played (not a replay)."""
        table = self.table
        if actor is None or not table.interactive:
            return False
        return not (actor == table.viewer and table.session.is_human(actor))

    @property
    def spotlit(self) -> int | None:
        """The player whose area is spotlighted: the one whose turn is being shown."""
        if self.follows(self.actor) and (self.lines or self.table.timeline.busy):
            return self.actor
        return None

    # -- fed by the director ---------------------------------------------------------------
    def room_for(self, actor: int | None) -> bool:
        """Whether an event of ``actor``'s may start now: no caption line it would replace or push out
        is younger than :data:`CAPTION_SECONDS`."""
        if not self.lines or not self.follows(actor):
            return True  # the viewer's own move is never held: it clears the lines
        if actor == self.actor and self.follows(actor) and len(self.lines) < MAX_LINES:
            return True
        oldest = self.lines[0] if actor == self.actor and self.follows(actor) else self.lines[-1]
        return oldest.shown >= CAPTION_SECONDS

    def begin_action(self, actor: int | None) -> None:
        """An action's animation begins: a new player's turn replaces the lines (the viewer's own
        action clears them, and the outcomes called out before it)."""
        if actor != self.actor or not self.follows(actor):
            self.lines.clear()
        if not self.follows(actor):
            self.callouts.clear()
            self.hurry = False
        self.actor = actor

    def event_started(self, ev: dict) -> None:
        table = self.table
        if not table.interactive:
            return
        outcomes = table.outcomes(ev)
        for player, text, tone in outcomes:
            self.callouts = [c for c in self.callouts if c.player != player] + [Callout(player, text, tone)]
        if outcomes or not self.follows(self.actor) or not table.captioned(ev):
            return
        text = table.caption_text(ev, self.actor)
        if not text:
            return
        self.lines.append(Line(text, pygame.Rect(table.caption_anchor(ev, self.actor))))
        del self.lines[:-MAX_LINES]

    def clear(self) -> None:
        """Undo, a new viewer: nothing shown is current any more."""
        self.lines.clear()
        self.callouts.clear()
        self.actor = None
        self.hurry = False

    # -- time -----------------------------------------------------------------------------
    def hurry_up(self) -> bool:
        """``Tab``: the others' turns play faster until the viewer's turn (False on the viewer's turn)."""
        if self.table.my_turn:
            return False
        self.hurry = True
        return True

    @property
    def pace(self) -> float:
        return HURRY if self.hurry else 1.0

    def update(self, dt: float) -> None:
        """``dt``: animation seconds (real seconds times the timeline's speed)."""
        for line in self.lines:
            line.shown += dt
        for c in self.callouts:
            c.shown += dt
        self.callouts = [c for c in self.callouts if c.shown < OUTCOME_SECONDS]
        if self.table.my_turn:
            self.hurry = False
            if self.lines and self.lines[-1].shown >= CAPTION_SECONDS + LINGER_SECONDS:
                self.lines.clear()

    # -- drawing ----------------------------------------------------------------------------
    def box(self) -> tuple[pygame.Rect, list[tuple[str, bool]]] | None:
        """The caption box and its rows ``(text, newest)``, laid out once per change of lines."""
        if not self.lines:
            return None
        table = self.table
        key = (tuple(line.text for line in self.lines), tuple(self.lines[-1].anchor), self.actor, language(),
               table.viewer)
        if self._box is None or self._box[0] != key:
            width = getattr(table, "caption_width", WIDTH)
            rows: list[tuple[str, bool]] = []
            for i, line in enumerate(self.lines):
                newest = i == len(self.lines) - 1
                rows += [(part, newest) for part in gfx.wrap(line.text, SIZE, width - 24, bold=newest)]
            lh = gfx.font(SIZE, True).get_linesize()
            size = (width, len(rows) * lh + 18 + gfx.font(11).get_linesize())
            anchors = [self.lines[-1].anchor]
            avoid = list(table.caption_avoid())
            if self.actor is not None:
                seat = table.seat_rect(self.actor)
                anchors.append(seat)
                avoid.append((seat, 2))  # the area being spotlighted stays in sight
            anchors += getattr(table, "caption_spots", [])
            rect = place(size, anchors, table.caption_bounds, avoid)
            self._box = (key, rect, rows)
        return self._box[1], self._box[2]

    def callout_rects(self, box: pygame.Rect | None) -> list[tuple[Callout, pygame.Rect]]:
        table = self.table
        avoid = list(table.caption_avoid())
        if box is not None:
            avoid.append((box, 1000))
        out = []
        for c in self.callouts:
            w = gfx.font(OUTCOME_SIZE, True).size(c.text)[0] + 28
            seat = table.seat_rect(c.player)
            rect = place((min(w, seat.width + 40), gfx.font(OUTCOME_SIZE, True).get_linesize() + 14), [seat],
                         table.caption_bounds, avoid)
            avoid.append((rect, 1000))
            out.append((c, rect))
        return out

    def draw_spotlight(self, surface) -> None:
        p = self.spotlit
        if p is None:
            return
        rect = self.table.seat_rect(p).inflate(10, 10)
        glow = self._glow.get(rect.size)
        if glow is None:
            glow = pygame.Surface(rect.inflate(16, 16).size, pygame.SRCALPHA)
            inner = pygame.Rect(8, 8, rect.width, rect.height)
            for k, alpha in ((8, 40), (5, 70), (2, 120)):
                pygame.draw.rect(glow, (*SPOTLIGHT, alpha), inner.inflate(2 * k, 2 * k), width=3, border_radius=18)
            pygame.draw.rect(glow, (*SPOTLIGHT, 22), inner, border_radius=14)
            pygame.draw.rect(glow, (*SPOTLIGHT, 255), inner, width=3, border_radius=14)
            if len(self._glow) > 8:
                self._glow.clear()
            self._glow[rect.size] = glow
        surface.blit(glow, rect.inflate(16, 16))

    def draw(self, surface) -> None:
        laid = self.box()
        box = None
        if laid is not None:
            box, rows = laid
            gfx.panel(surface, box, 238, colour=(30, 26, 20), border=SPOTLIGHT, radius=10)
            lh = gfx.font(SIZE, True).get_linesize()
            y = box.top + 8
            for text, newest in rows:
                gfx.text(surface, text, (box.left + 12, y), SIZE, gfx.INK if newest else gfx.MUTED, bold=newest)
                y += lh
            if not self.table.my_turn:
                gfx.text(surface, t("caption.hurry") if not self.hurry else t("caption.hurried"),
                         (box.right - 10, box.bottom - 4), 11, gfx.MUTED, anchor="bottomright")
        for c, rect in self.callout_rects(box):
            back, ink = TONES.get(c.tone, TONES["info"])
            gfx.panel(surface, rect, 245, colour=back, border=ink, radius=rect.height // 2)
            label = gfx.ellipsize(c.text, OUTCOME_SIZE, rect.width - 20, bold=True)
            gfx.text(surface, label, rect.center, OUTCOME_SIZE, ink, anchor="center", bold=True)
