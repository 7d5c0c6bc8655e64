"""Tweens and a timeline of animation steps.

A :class:`Step` runs its tweens in parallel, calls ``on_start`` when it begins
and ``on_end`` when its last tween lands (that is where a scene updates what it
shows).  A step with ``hold`` waits that long after the tweens, a step with
``wait_click`` waits until :meth:`Timeline.release` (round summaries), and a step with
``start_when`` does not begin before ``start_when()`` is true (a caption still being read).  The
timeline's ``speed`` scales every duration (the animation-speed setting).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import pygame


def ease_out_cubic(x: float) -> float:
    return 1 - (1 - x) ** 3


def ease_in_out(x: float) -> float:
    return 3 * x * x - 2 * x * x * x


def lerp(a, b, f: float):
    return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)


class Tween:
    """An image moving from ``start`` to ``end`` (centre positions), optionally arcing."""

    def __init__(
        self,
        image: pygame.Surface,
        start,
        end,
        duration: float = 0.35,
        delay: float = 0.0,
        arc: float = 0.0,
        ease: Callable[[float], float] = ease_out_cubic,
        end_scale: float = 1.0,
    ) -> None:
        self.image = image
        self.start, self.end = start, end
        self.duration = max(1e-3, duration)
        self.delay = delay
        self.arc = arc
        self.ease = ease
        self.end_scale = end_scale
        self.elapsed = 0.0

    @property
    def total(self) -> float:
        return self.delay + self.duration

    def fraction(self) -> float:
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def pos(self):
        f = self.ease(self.fraction())
        x, y = lerp(self.start, self.end, f)
        return (x, y - self.arc * 4 * f * (1 - f))

    def draw(self, surface: pygame.Surface) -> None:
        if self.elapsed < self.delay:
            return
        img = self.image
        if self.end_scale != 1.0:
            s = 1 + (self.end_scale - 1) * self.ease(self.fraction())
            img = pygame.transform.smoothscale(
                img, (max(1, int(img.get_width() * s)), max(1, int(img.get_height() * s)))
            )
        surface.blit(img, img.get_rect(center=(round(self.pos()[0]), round(self.pos()[1]))))


class FlipTween(Tween):
    """A card turning over in place: it narrows to an edge showing ``image``, then widens showing ``back_side``."""

    def __init__(
        self, image: pygame.Surface, turned: pygame.Surface, center, duration: float = 0.3, delay: float = 0.0
    ) -> None:
        super().__init__(image, center, center, duration, delay, ease=lambda x: x)
        self.turned = turned

    def draw(self, surface: pygame.Surface) -> None:
        if self.elapsed < self.delay:
            return
        f = self.fraction()
        img = self.image if f < 0.5 else self.turned
        w = max(1, int(img.get_width() * abs(1 - 2 * f)))
        squeezed = pygame.transform.scale(img, (w, img.get_height()))
        surface.blit(squeezed, squeezed.get_rect(center=(round(self.start[0]), round(self.start[1]))))


class Step:
    def __init__(
        self,
        tweens=(),
        on_start=None,
        on_end=None,
        hold: float = 0.0,
        wait_click: bool = False,
        sound: str | None = None,
        start_when: Callable[[], bool] | None = None,
    ) -> None:
        self.tweens = list(tweens)
        self.start_when = start_when
        self.on_start = on_start
        self.on_end = on_end
        self.hold = hold
        self.wait_click = wait_click
        self.sound = sound
        self.elapsed = 0.0
        self.started = False

    @property
    def duration(self) -> float:
        return max([t.total for t in self.tweens] + [0.0]) + self.hold


class Timeline:
    """Steps played one after another."""

    def __init__(self, play_sound: Callable[[str], None] | None = None) -> None:
        self.steps: deque[Step] = deque()
        self.speed = 1.0
        self.play_sound = play_sound
        self.waiting = False

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    def add(self, step: Step) -> None:
        self.steps.append(step)

    def insert_next(self, steps) -> None:
        """Put ``steps`` right after the step now running (an event expanding into its animation)."""
        for i, step in enumerate(steps):
            self.steps.insert(1 + i, step)

    def _begin(self, step: Step) -> None:
        step.started = True
        if step.on_start:
            step.on_start()
        if step.sound and self.play_sound:
            self.play_sound(step.sound)

    def update(self, dt: float) -> None:
        dt *= self.speed
        while self.steps:
            step = self.steps[0]
            if not step.started:
                if step.start_when is not None and not step.start_when():
                    return
                self._begin(step)
            if step.wait_click and step.elapsed >= step.duration:
                self.waiting = True
                return
            step.elapsed += dt
            for tw in step.tweens:
                tw.elapsed = step.elapsed
            if step.elapsed < step.duration:
                return
            dt = step.elapsed - step.duration
            if step.wait_click:
                self.waiting = True
                return
            self._end()

    def _end(self) -> None:
        step = self.steps.popleft()
        self.waiting = False
        if step.on_end:
            step.on_end()

    def release(self) -> None:
        """Let a ``wait_click`` step finish."""
        if self.steps and self.steps[0].wait_click and self.steps[0].started:
            self.steps[0].wait_click = False
            self.steps[0].elapsed = max(self.steps[0].elapsed, self.steps[0].duration)
            self._end()

    def clear(self) -> None:
        """Drop every step unplayed (a replay jumping elsewhere redraws the table itself)."""
        self.steps.clear()
        self.waiting = False

    def finish_all(self) -> None:
        """Jump to the end of every step (undo, resume, scene close)."""
        while self.steps:
            step = self.steps[0]
            if not step.started:
                self._begin(step)
            self._end()

    def draw(self, surface: pygame.Surface) -> None:
        if self.steps and self.steps[0].started:
            for tw in self.steps[0].tweens:
                tw.draw(surface)
