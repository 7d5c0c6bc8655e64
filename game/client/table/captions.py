"""Other players' turns a player can follow: the acting player's area is spotlighted, each of their
events is captioned on the table next to what changed, and outcomes that matter are called out.

The :class:`~.director.Director` tells :class:`Captions` when an action's animation begins
(:meth:`Captions.begin_action`, with who acts) and when each event's animation starts
(:meth:`Captions.event_started`, the moment its log line appears).  A caption is the event's log
line (``table.caption_text``: ``describe``, the same texts, unless a game has a shorter form).  The
lines of one player's turn gather in one :class:`Box` (the newest last, at most :data:`MAX_LINES`),
which sits next to the newest line's ``caption_anchor`` where it covers the least of
``caption_avoid`` (card values first) and of the other box on screen.

Reading time: every caption line stays on screen at least :data:`CAPTION_SECONDS` of animation time
(real seconds = that / the animation-speed setting).  The next player's turn does not wait for the
last one's box, which stays beside it (at most :data:`MAX_BOXES` boxes); the director puts a gate
before each action and each event (:meth:`Captions.room_for`) that waits only while a line that would
be pushed out, or a box that would be replaced, is younger than that.  ``Tab`` hurries the others'
turns (:data:`HURRY` times faster) until the viewer's turn.  The viewer's own moves are never
captioned nor held (they clear the boxes); only their outcomes are called out.

Hooks a table provides (see :class:`~.scene.TableScene`): ``seat_rect(p)`` (the spotlight),
``caption_anchor(ev, actor)`` (what changed), ``caption_avoid()`` (``(rect, weight)`` pairs not to
cover), ``caption_bounds`` (where boxes may go), optionally ``caption_width`` and ``caption_spots``
(free places a box may also take), ``captioned(ev)`` (events worth a caption), ``caption_text(ev,
actor)`` and ``outcomes(ev)`` (a ``(player, text, tone)`` for each outcome that matters).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from .. import gfx
from ..i18n import language, t
from . import widgets
from .widgets import HIGHLIGHT

CAPTION_SECONDS = 1.5  # animation seconds each caption line stays on screen at least
LINGER_SECONDS = 1.0  # ... and, once the viewer may act, how much longer the last box stays
DONE_SECONDS = 0.3  # ... and how much longer a finished turn's box stays once the next player's began
MAX_BOXES = 3  # turns' boxes on screen at once (the one being played and the two before)
OUTCOME_SECONDS = 2.6  # animation seconds an outcome stays called out
MAX_LINES = 4
HURRY = 4.0  # Tab: the others' turns play this many times faster
WIDTH = 360
SIZE = 15
OUTCOME_SIZE = 17
TONES = {
    "good": ((52, 40, 12), gfx.GOLD),
    "bad": ((60, 18, 14), (255, 130, 110)),
    "info": ((20, 40, 56), gfx.INK),
}
SPOTLIGHT = HIGHLIGHT


@dataclass
class Line:
    text: str
    anchor: pygame.Rect
    kind: str = ""  # the event's type
    shown: float = 0.0  # animation seconds on screen
    fresh: bool = True  # added during this frame's animation: it is first drawn at its end


@dataclass
class Box:
    """The captions of one player's turn."""

    actor: int
    lines: list[Line] = field(default_factory=list)
    layout: tuple | None = None  # (key, rect, rows), kept until the lines change

    @property
    def newest(self) -> Line | None:
        return self.lines[-1] if self.lines else None


@dataclass
class Callout:
    player: int
    text: str
    tone: str
    shown: float = 0.0


def overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.width * clip.height


def place(
    size: tuple[int, int],
    anchors: list[pygame.Rect],
    bounds: pygame.Rect,
    avoid: list[tuple[pygame.Rect, float]],
    gap: int = 6,
) -> pygame.Rect:
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
        # each also a little further away, to clear a small label just beside the anchor
        candidates += [
            c.move(0, dy) for c in candidates[:2] for dy in ((28, 56) if c.top >= a.bottom else (-28, -56))
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
        self.actor: int | None = None  # who takes the action being shown
        self.boxes: list[Box] = []  # oldest first; the last is ``actor``'s while they are followed
        self.callouts: list[Callout] = []
        self.hurry = False
        self._glow: dict[tuple[int, int], pygame.Surface] = {}

    @property
    def lines(self) -> list[Line]:
        """Every caption line on screen, oldest box first."""
        return [line for box in self.boxes for line in box.lines]

    @property
    def current(self) -> Box | None:
        """The box of the turn being shown (None once the viewer plays)."""
        if self.boxes and self.boxes[-1].actor == self.actor and self.follows(self.actor):
            return self.boxes[-1]
        return None

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
        table = self.table
        if (
            self.follows(self.actor)
            and not table.my_turn
            and (self.current is not None or table.timeline.busy)
        ):
            return self.actor
        return None

    # -- fed by the director ---------------------------------------------------------------
    @staticmethod
    def _read(box: Box) -> bool:
        return box.newest is None or box.newest.shown >= CAPTION_SECONDS

    def room_for(self, actor: int | None) -> bool:
        """Whether an action or event of ``actor``'s may start now: no caption line it would push out,
        and no box it would replace, is younger than :data:`CAPTION_SECONDS`."""
        if not self.follows(actor):
            return True  # the viewer's own move is never held: it clears the boxes
        current = self.current
        if current is not None and current.actor == actor:
            return len(current.lines) < MAX_LINES or current.lines[0].shown >= CAPTION_SECONDS
        # a new turn's box: it replaces the same player's box and makes room beside the others
        if any(box.actor == actor and not self._read(box) for box in self.boxes):
            return False
        others = [box for box in self.boxes if box.actor != actor]
        return len(others) < MAX_BOXES or all(
            self._read(box) for box in others[: len(others) - MAX_BOXES + 1]
        )

    def begin_action(self, actor: int | None) -> None:
        """An action's animation begins: a new player's turn opens their box (the box of their last turn
        and the oldest beyond :data:`MAX_BOXES` go); the viewer's own action clears the boxes and the
        outcomes called out before it."""
        if not self.follows(actor):
            self.boxes.clear()
            self.callouts.clear()
            self.hurry = False
        elif self.current is None or self.current.actor != actor:
            self.boxes = [box for box in self.boxes if box.actor != actor][-(MAX_BOXES - 1) :] + [Box(actor)]
        self.actor = actor

    def event_started(self, ev: dict) -> None:
        table = self.table
        if not table.interactive or table.guide is not None:
            return  # a replay; a lesson, whose note explains the coach's moves itself
        outcomes = table.outcomes(ev)
        for player, text, tone in outcomes:
            self.callouts = [c for c in self.callouts if c.player != player] + [Callout(player, text, tone)]
        current = self.current
        if outcomes or current is None or not table.captioned(ev):
            return
        text = table.caption_text(ev, self.actor)
        if not text:
            return
        current.lines.append(Line(text, pygame.Rect(table.caption_anchor(ev, self.actor)), ev["type"]))
        del current.lines[:-MAX_LINES]

    def clear(self) -> None:
        """Undo, a new viewer: nothing shown is current any more."""
        self.boxes.clear()
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
            if line.fresh:
                line.fresh = False  # first drawn at the end of this frame: its time starts now
            else:
                line.shown += dt
        for c in self.callouts:
            c.shown += dt
        self.callouts = [c for c in self.callouts if c.shown < OUTCOME_SECONDS]
        mine = self.table.my_turn
        if mine:
            self.hurry = False
        current = self.current
        keep = []
        for box in self.boxes:
            newest = box.newest
            if newest is None:
                done = box is not current
            elif box is current and not mine:
                done = False  # their turn goes on
            else:
                done = newest.shown >= CAPTION_SECONDS + (
                    LINGER_SECONDS if mine and box is self.boxes[-1] else DONE_SECONDS
                )
            if not done:
                keep.append(box)
        self.boxes = keep

    # -- drawing ----------------------------------------------------------------------------
    def layout(self, box: Box, avoid_boxes: list[pygame.Rect]) -> tuple[pygame.Rect, list[tuple[str, bool]]]:
        """``box``'s rectangle and rows ``(text, newest)``, laid out again when its lines or what it must
        keep clear of change (a player's "Out" line appearing under it, say)."""
        table = self.table
        avoid = list(table.caption_avoid())
        key = (
            tuple(line.text for line in box.lines),
            tuple(box.lines[-1].anchor),
            language(),
            table.viewer,
            tuple(map(tuple, avoid_boxes)),
            tuple((tuple(r), w) for r, w in avoid),
        )
        if box.layout is None or box.layout[0] != key:
            width = getattr(table, "caption_width", WIDTH)
            rows: list[tuple[str, bool]] = []
            for i, line in enumerate(box.lines):
                newest = i == len(box.lines) - 1
                rows += [(part, newest) for part in gfx.wrap(line.text, SIZE, width - 24, bold=newest)]
            lh = gfx.font(SIZE, True).get_linesize()
            size = (width, len(rows) * lh + 18 + gfx.font(11).get_linesize())
            seat = table.seat_rect(box.actor)
            anchors = [box.lines[-1].anchor, seat, *getattr(table, "caption_spots", [])]
            avoid.append((seat, 0.5))  # the area being spotlighted stays in sight (its cards weigh more)
            banner = pygame.Rect(0, 0, 560, 110)  # where the table's banners show (abilities, scores)
            banner.center = table.banner_center()
            avoid.append((banner, 8))  # (less than a card value: the banner goes away)
            avoid += [(rect, 1000) for rect in avoid_boxes]
            box.layout = (key, place(size, anchors, table.caption_bounds, avoid), rows)
        return box.layout[1], box.layout[2]

    def box_rects(self) -> list[tuple[Box, pygame.Rect, list[tuple[str, bool]]]]:
        """Each box with lines, laid out oldest first (a newer box keeps clear of the older)."""
        out = []
        for box in self.boxes:
            if box.lines:
                rect, rows = self.layout(box, [r for _, r, _ in out])
                out.append((box, rect, rows))
        return out

    def box(self) -> tuple[pygame.Rect, list[tuple[str, bool]]] | None:
        """The newest box's rectangle and rows (None without captions)."""
        laid = self.box_rects()
        return (laid[-1][1], laid[-1][2]) if laid else None

    def callout_rects(self, boxes: list[pygame.Rect]) -> list[tuple[Callout, pygame.Rect]]:
        table = self.table
        avoid = list(table.caption_avoid()) + [(rect, 1000) for rect in boxes]
        out = []
        for c in self.callouts:
            w = gfx.font(OUTCOME_SIZE, True).size(c.text)[0] + 28
            seat = table.seat_rect(c.player)
            rect = place(
                (min(w, seat.width + 40), gfx.font(OUTCOME_SIZE, True).get_linesize() + 14),
                [seat],
                table.caption_bounds,
                avoid,
            )
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
                pygame.draw.rect(
                    glow, (*SPOTLIGHT, alpha), inner.inflate(2 * k, 2 * k), width=3, border_radius=18
                )
            pygame.draw.rect(glow, (*SPOTLIGHT, 22), inner, border_radius=14)
            pygame.draw.rect(glow, (*SPOTLIGHT, 255), inner, width=3, border_radius=14)
            if len(self._glow) > 8:
                self._glow.clear()
            self._glow[rect.size] = glow
        surface.blit(glow, rect.inflate(16, 16))

    def draw(self, surface) -> None:
        recap = getattr(self.table, "recap", None)
        if recap is not None and recap.open:
            return  # the list of what they did is read instead
        laid = self.box_rects()
        lh = gfx.font(SIZE, True).get_linesize()
        for box, rect, rows in laid:
            live = box is self.current
            gfx.panel(
                surface,
                rect,
                238,
                colour=(30, 26, 20),
                border=SPOTLIGHT if live else widgets.IDLE_BORDER,
                radius=10,
            )
            y = rect.top + 8
            for text, newest in rows:
                gfx.text(
                    surface,
                    text,
                    (rect.left + 12, y),
                    SIZE,
                    gfx.INK if newest and live else gfx.MUTED,
                    bold=newest,
                )
                y += lh
            if live and not self.table.my_turn:
                gfx.text(
                    surface,
                    t("caption.hurry") if not self.hurry else t("caption.hurried"),
                    (rect.right - 10, rect.bottom - 4),
                    11,
                    gfx.MUTED,
                    anchor="bottomright",
                )
        for c, rect in self.callout_rects([r for _, r, _ in laid]):
            back, ink = TONES.get(c.tone, TONES["info"])
            gfx.panel(surface, rect, 245, colour=back, border=ink, radius=rect.height // 2)
            label = gfx.ellipsize(c.text, OUTCOME_SIZE, rect.width - 20, bold=True)
            gfx.text(surface, label, rect.center, OUTCOME_SIZE, ink, anchor="center", bold=True)
