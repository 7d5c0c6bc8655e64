"""Other players' turns a player can follow: the acting player's area is spotlighted, each of their
events is captioned on the table next to what changed, and outcomes that matter are called out.

The :class:`~.director.Director` tells :class:`Captions` when an action's animation begins
(:meth:`Captions.begin_action`, with who acts) and when each event's animation starts
(:meth:`Captions.event_started`, the moment its log line appears).  A caption is the event's log
line (``table.caption_text``: ``describe``, the same texts, unless a game has a shorter form).  The
lines of one player's turn gather in one :class:`Box` (the newest last, at most :data:`MAX_LINES`),
which sits next to the newest line's ``caption_anchor`` (:func:`best_place`): never over what the
lines on screen say changed (an anchor that is not a whole player's area), a card's value (an avoid
weight of :data:`HARD` or more), another box or the banner being shown; then covering the least of
the rest of ``caption_avoid`` and as near as may be.  Where the whole box fits nowhere near, it is
narrower, or leaves out the lines already read, or shows the newest line alone (all are in the log).

Reading time: every caption line stays on screen at least :data:`CAPTION_SECONDS` of animation time
(real seconds = that / the animation-speed setting).  The next player's turn does not wait for the
last one's box, which stays beside it with only its lines not read yet, and goes once they are (at
most :data:`MAX_BOXES` boxes, one per player); the director puts a gate
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
DONE_SECONDS = 0.0  # ... and how much longer a finished turn's box stays once the next player's began
MAX_BOXES = 2  # turns' boxes on screen at once (the one being played and the one before)
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
HARD = 600  # an avoid weight from which a box must not cover the thing at all (see :func:`place`)
NEAR = 100  # per pixel a box sits further from what changed: 60 px further weigh as much as a card covered
STEPS = 6  # distances from the anchor tried on each side (28 px apart)
NARROWER = (0.8, 0.65)  # of the caption width: a box is this narrow where that covers less
NARROW_COST = 5000  # a narrower box (more rows), or one without the lines read, weighs as one card more
CUT_COST = 3  # ... and the newest line alone, as much as three cards more (60 px further: 180 px)
SLIDE = 32  # pixels between the places tried along a side of what changed
SWEEP = 16  # pixels between the places tried all over the table when none beside the anchors is clear
BANNER = (560, 110)  # where the table's banners show (abilities, scores), before one is shown


@dataclass
class Line:
    text: str
    anchor: pygame.Rect
    kind: str = ""  # the event's type
    keep_clear: bool = True  # no box covers the anchor (a card that changed; not a whole player's area)
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


def distance(a: pygame.Rect, b: pygame.Rect) -> float:
    """The gap between two rectangles (0 when they touch or overlap)."""
    dx = max(0, a.left - b.right, b.left - a.right)
    dy = max(0, a.top - b.bottom, b.top - a.bottom)
    return (dx * dx + dy * dy) ** 0.5


def candidates(a: pygame.Rect, w: int, h: int, gap: int, slide: bool = False) -> list[pygame.Rect]:
    """Where a ``w`` x ``h`` box may go around ``a``: on each side (centred on it or lined up with either
    of its edges; ``slide``: also at every :data:`SLIDE` pixels along that side), also further away (to
    clear a label or another box just beside it), and inside its edge."""
    xs = {a.centerx - w // 2, a.left, a.right - w}
    ys = {a.centery - h // 2, a.top, a.bottom - h}
    if slide:
        xs.update(range(a.left - w + SLIDE, a.right - SLIDE + 1, max(SLIDE, (a.width + w) // 12)))
        ys.update(range(a.top - h + SLIDE, a.bottom - SLIDE + 1, max(SLIDE, (a.height + h) // 12)))
    out = []
    for step in range(gap, gap + 28 * STEPS, 28):
        for x in xs:
            out.append(pygame.Rect(x, a.bottom + step, w, h))  # below
            out.append(pygame.Rect(x, a.top - step - h, w, h))  # above
        for y in ys:
            out.append(pygame.Rect(a.right + step, y, w, h))  # right
            out.append(pygame.Rect(a.left - step - w, y, w, h))  # left
    out += [  # inside, at the bottom (an area: the box sits in it)
        pygame.Rect(a.centerx - w // 2, a.bottom - gap - h, w, h),
        pygame.Rect(a.left + gap, a.bottom - gap - h, w, h),
        pygame.Rect(a.right - gap - w, a.bottom - gap - h, w, h),
    ]
    return out


Score = tuple[float, float, int]


def best_place(
    size: tuple[int, int],
    anchors: list[pygame.Rect],
    bounds: pygame.Rect,
    avoid: list[tuple[pygame.Rect, float]],
    gap: int = 6,
    sweep: bool = True,
) -> tuple[pygame.Rect, Score]:
    """A box of ``size`` next to (or inside the edge of) one of ``anchors``, kept in ``bounds``, and its
    score (lower is better).

    What it covers of ``avoid`` weighs ``weight`` per pixel; a weight of :data:`HARD` or more must not be
    covered at all (a card's value, what changed, another box, the banner): the box goes where it covers
    the least of those, then where the rest it covers plus its distance from the first anchor
    (:data:`NEAR` per pixel) is least.  Where nothing beside the anchors is clear of the former, places
    all over ``bounds`` are tried (if ``sweep``)."""
    w, h = size
    target = anchors[0]
    hard_rects = [r for r, weight in avoid if weight >= HARD]
    hard_weights = [weight for r, weight in avoid if weight >= HARD]
    soft_rects = [r for r, weight in avoid if weight < HARD]
    soft_weights = [weight for r, weight in avoid if weight < HARD]

    def score(c: pygame.Rect, k: int) -> Score:
        hard = sum(hard_weights[i] * overlap(c, hard_rects[i]) for i in c.collidelistall(hard_rects))
        soft = sum(soft_weights[i] * overlap(c, soft_rects[i]) for i in c.collidelistall(soft_rects))
        return (hard, soft + NEAR * distance(c, target), k)

    best, best_score = pygame.Rect((0, 0), size).clamp(bounds), (float("inf"), 0.0, 0)
    for k, a in enumerate(anchors):
        for c in candidates(a, w, h, gap, slide=k == 0):
            c = c.clamp(bounds)
            if best_score[0] == 0 and c.collidelist(hard_rects) >= 0:
                continue
            sc = score(c, k)
            if sc < best_score:
                best, best_score = c, sc
    if sweep and best_score[0] > 0:  # nowhere beside the anchors is clear: look all over the bounds
        for y in range(bounds.top, bounds.bottom - h + 1, SWEEP):
            for x in range(bounds.left, bounds.right - w + 1, SWEEP):
                c = pygame.Rect(x, y, w, h)
                if c.collidelist(hard_rects) >= 0:
                    continue
                sc = score(c, len(anchors))
                if sc < best_score:
                    best, best_score = c, sc
    return best, best_score


def place(
    size: tuple[int, int],
    anchors: list[pygame.Rect],
    bounds: pygame.Rect,
    avoid: list[tuple[pygame.Rect, float]],
    gap: int = 6,
) -> pygame.Rect:
    """Where :func:`best_place` puts a box of ``size``."""
    return best_place(size, anchors, bounds, avoid, gap)[0]


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
        and the oldest beyond :data:`MAX_BOXES` go, and the others keep only the lines not read yet); the
        viewer's own action clears the boxes and the outcomes called out before it."""
        if not self.follows(actor):
            self.boxes.clear()
            self.callouts.clear()
            self.hurry = False
        elif self.current is None or self.current.actor != actor:
            earlier = []
            for box in self.boxes:
                if box.actor != actor:
                    box.lines = [line for line in box.lines if line.shown < CAPTION_SECONDS]
                    if box.lines:
                        earlier.append(box)
            self.boxes = earlier[-(MAX_BOXES - 1) :] + [Box(actor)]
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
        anchor = pygame.Rect(table.caption_anchor(ev, self.actor))
        areas = {tuple(table.seat_rect(p)) for p in range(len(table.session.seats))}
        current.lines.append(Line(text, anchor, ev["type"], keep_clear=tuple(anchor) not in areas))
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
        if not self.table.banner_text:  # (callouts wait while a banner shows)
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
    def keep_clear(self) -> list[tuple[pygame.Rect, float]]:
        """What no box nor callout may cover: the banner being shown and what the lines on screen say
        changed (their anchors, when not a whole player's area)."""
        out = [(line.anchor, 1000.0) for line in self.lines if line.keep_clear]
        shown = self.table.banner_rect()
        if shown is not None:
            out.append((shown, 1000.0))
        return out

    @staticmethod
    def rows(lines: list[Line], width: int) -> list[tuple[str, bool]]:
        """``lines`` (the newest last) wrapped to a box ``width`` wide, as rows ``(text, newest)``."""
        rows: list[tuple[str, bool]] = []
        for i, line in enumerate(lines):
            newest = i == len(lines) - 1
            rows += [(part, newest) for part in gfx.wrap(line.text, SIZE, width - 24, bold=newest)]
        return rows

    def size(self, width: int, rows: list) -> tuple[int, int]:
        return (width, len(rows) * gfx.font(SIZE, True).get_linesize() + 18 + gfx.font(11).get_linesize())

    def layout(
        self, box: Box, avoid_boxes: list[pygame.Rect], keep: list[tuple[pygame.Rect, float]]
    ) -> tuple[pygame.Rect, list[tuple[str, bool]]]:
        """``box``'s rectangle and rows ``(text, newest)``, laid out again when its lines or what it must
        keep clear of change (a player's "Out" line appearing under it, a banner, another box's change).

        The box is as wide as the table's ``caption_width`` or, where that covers more (a crowded
        table), narrower (:data:`NARROWER`), or it leaves out the lines already read, or where it would
        still sit far from what changed (a banner showing), it shows the newest line only; a finished turn's
        box keeps its place and width while that covers nothing it must not (shrinking to its lines not
        read yet, it does not jump)."""
        table = self.table
        avoid = list(table.caption_avoid()) + keep
        key = (
            tuple(line.text for line in box.lines),
            tuple(box.lines[-1].anchor),
            language(),
            table.viewer,
            tuple(map(tuple, avoid_boxes)),
            tuple((tuple(r), w) for r, w in avoid),
        )
        if box.layout is not None and box.layout[0] == key:
            return box.layout[1], box.layout[2]
        seat = table.seat_rect(box.actor)
        anchors = [box.lines[-1].anchor, seat, *getattr(table, "caption_spots", [])]
        avoid.append((seat, 0.1))  # the area being spotlighted stays in sight (its cards weigh more)
        banner = pygame.Rect((0, 0), BANNER)
        banner.center = table.banner_center()
        avoid.append((banner, 1))  # where a banner may soon show (as much as a card)
        avoid += [(rect, 1000) for rect in avoid_boxes]
        if box.layout is not None and box is not self.current:
            was = box.layout[1]
            rows = self.rows(box.lines, was.width)
            rect = pygame.Rect(was.topleft, self.size(was.width, rows)).clamp(table.caption_bounds)
            if not any(rect.colliderect(r) for r, weight in avoid if weight >= HARD):
                box.layout = (key, rect, rows)
                return rect, rows
        best = None
        full = getattr(table, "caption_width", WIDTH)
        widths = (full, *(round(full * f) for f in NARROWER))
        variants = [(box.lines, width, i) for i, width in enumerate(widths)]
        unread = [line for line in box.lines[:-1] if line.shown < CAPTION_SECONDS] + box.lines[-1:]
        if len(unread) < len(box.lines):
            variants += [(unread, width, i + 1) for i, width in enumerate(widths)]
        if len(unread) > 1:  # (the lines left out are in the log)
            variants += [(box.lines[-1:], width, i + CUT_COST) for i, width in enumerate(widths)]
        for lines, width, cost in sorted(variants, key=lambda v: v[2]):
            if best is not None and best[0][0] == 0 and best[0][1] <= cost * NARROW_COST:
                break  # a clear place scoring less than this variant's cost alone
            rows = self.rows(lines, width)
            size = self.size(width, rows)
            rect, (hard, soft, k) = best_place(size, anchors, table.caption_bounds, avoid, sweep=False)
            score = (hard, soft + cost * NARROW_COST, k)
            if best is None or score < best[0]:
                best = (score, rect, rows)
        if best[0][0] > 0:  # nowhere near is clear: the newest line, anywhere on the table
            rows = self.rows(box.lines[-1:], full)
            rect, score = best_place(self.size(full, rows), anchors, table.caption_bounds, avoid)
            if score < best[0]:
                best = (score, rect, rows)
        box.layout = (key, best[1], best[2])
        return best[1], best[2]

    def box_rects(self) -> list[tuple[Box, pygame.Rect, list[tuple[str, bool]]]]:
        """Each box with lines, oldest first; laid out newest first (the turn being shown goes next to
        what changed, an earlier box keeps clear of it)."""
        out: list[tuple[Box, pygame.Rect, list[tuple[str, bool]]]] = []
        keep = self.keep_clear()
        for box in reversed(self.boxes):
            if box.lines:
                rect, rows = self.layout(box, [r for _, r, _ in out], keep)
                out.append((box, rect, rows))
        return out[::-1]

    def box(self) -> tuple[pygame.Rect, list[tuple[str, bool]]] | None:
        """The newest box's rectangle and rows (None without captions)."""
        laid = self.box_rects()
        return (laid[-1][1], laid[-1][2]) if laid else None

    def callout_rects(self, boxes: list[pygame.Rect]) -> list[tuple[Callout, pygame.Rect]]:
        table = self.table
        avoid = list(table.caption_avoid()) + self.keep_clear() + [(rect, 1000) for rect in boxes]
        out: list[tuple[Callout, pygame.Rect]] = []
        if table.banner_text:
            return out  # a banner announces it first (no second box saying the same beside it)
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
        if getattr(self.table, "summary", None) is not None:
            return  # the hand's or round's summary says how it ended (boxes half under it piled up)
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
