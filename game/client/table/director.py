"""The animation director: each event type has one small handler, looked up in a registry.

A game registers its handlers on an :class:`AnimationRegistry`::

    animations = AnimationRegistry()

    @animations.on("card_drawn")
    def card_drawn(table, ev):
        return Step([Tween(...)], on_start=lambda: table.sprites.hide(("deck-top",)))

A handler runs when its event's turn on the timeline comes (so positions are
read from what the table shows at that moment) and returns a :class:`Step`, a
list of steps, or ``None``.  Handlers move *sprites* only: they fly images,
hide items that are "in the air" (:meth:`SpriteLayer.hide`) and leave images
where they landed (:meth:`SpriteLayer.place`).  They never edit the view: while
an action animates the table shows the view from before it, and when the last
step ends the view after it is shown and the sprite layer is cleared - the
final view is the truth.  A handler that must show the new position early (a
new round being dealt) calls :meth:`TableScene.show_final`.

The log line of each event appears when that event's animation starts, and so does its caption
(:mod:`.captions`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from ..animation import FlipTween, Step


class AnimationRegistry:
    """Event type -> handler ``(table, event) -> Step | list[Step] | None``."""

    def __init__(self) -> None:
        self.handlers: dict[str, Callable] = {}

    def on(self, *kinds: str):
        def deco(fn):
            for kind in kinds:
                if kind in self.handlers:
                    raise ValueError(f"two animation handlers for {kind!r}")
                self.handlers[kind] = fn
            return fn

        return deco

    def get(self, kind: str) -> Callable | None:
        return self.handlers.get(kind)


class SpriteLayer:
    """What animations change on screen: items hidden while in the air, images left where they landed."""

    def __init__(self) -> None:
        self.hidden: set[Hashable] = set()
        self.placed: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.notes: dict[Hashable, object] = {}

    def note(self, key: Hashable, value) -> None:
        """Show ``value`` for a counter (a deck size, a score) until the action's animation ends."""
        self.notes[key] = value

    def noted(self, key: Hashable, default):
        return self.notes.get(key, default)

    def hide(self, *keys: Hashable) -> None:
        """Hide items (a key tuple, or a prefix of one: ``("hand",)`` hides every hand item)."""
        self.hidden.update(keys)

    def show(self, *keys: Hashable) -> None:
        self.hidden.difference_update(keys)

    def is_hidden(self, key: Hashable) -> bool:
        if not self.hidden:
            return False
        if key in self.hidden:
            return True
        if isinstance(key, tuple):
            return any(key[:k] in self.hidden for k in range(1, len(key)))
        return False

    def place(self, image: pygame.Surface, center) -> None:
        """Leave ``image`` centred at ``center`` until the action's animation ends."""
        self.placed.append((image, image.get_rect(center=(round(center[0]), round(center[1])))))

    def clear(self) -> None:
        self.hidden.clear()
        self.placed.clear()
        self.notes.clear()

    def draw(self, surface: pygame.Surface) -> None:
        for image, rect in self.placed:
            surface.blit(image, rect)


def banner_step(table, text: str, hold: float = 1.2, sound: str | None = None) -> Step:
    """A step that shows ``text`` in the table's banner for ``hold`` seconds."""

    def start():
        table.banner_text = text

    def end():
        table.banner_text = None

    return Step(on_start=start, on_end=end, hold=hold, sound=sound)


def land(table, image: pygame.Surface, center):
    """An ``on_end`` that leaves ``image`` where a tween landed (see :meth:`SpriteLayer.place`)."""
    return lambda: table.sprites.place(image, center)


def flip_step(
    table, key, before: pygame.Surface, after: pygame.Surface, center, duration: float = 0.32
) -> Step:
    """A card turning over where it lies: item ``key`` hidden while it turns, the new side left in place."""
    return Step(
        [FlipTween(before, after, center, duration)],
        on_start=lambda: table.sprites.hide(key),
        on_end=land(table, after, center),
        sound="sfx.flip",
    )


def as_steps(result) -> list[Step]:
    if result is None:
        return []
    if isinstance(result, Step):
        return [result]
    return [s for s in result if s is not None]


class Director:
    """Turns the events of one action into timeline steps ending with the view after it."""

    def __init__(self, table, registry: AnimationRegistry) -> None:
        self.table = table
        self.registry = registry

    def play(self, events: list[dict], before: dict, after: dict, actor: int | None = None) -> list[dict]:
        """Queue the action's steps; returns its events as the log keeps them.  With ``actor`` (who
        took the action) its events are captioned (:mod:`.captions`): the action and each event start
        only once the caption they would replace has been read."""
        table = self.table
        timeline = table.timeline
        captions = getattr(table, "captions", None)
        ready = (lambda: captions.room_for(actor)) if captions is not None and actor is not None else None

        def begin() -> None:
            table.final_view = after  # this action's (a bot may have queued its next action meanwhile)
            table.show_view(before)
            if ready is not None:
                captions.begin_action(actor)

        timeline.add(Step(on_start=begin, start_when=ready))
        logged = table.log_context(events, before)
        for ev in logged:
            timeline.add(Step(on_start=lambda ev=ev: self._start_event(ev), start_when=ready))
        timeline.add(Step(on_end=lambda: table.settle(after)))
        return logged

    def _start_event(self, ev: dict) -> None:
        table = self.table
        table.log.add([ev])
        captions = getattr(table, "captions", None)
        if captions is not None:
            captions.event_started(ev)
        handler = self.registry.get(ev["type"])
        if handler is not None:
            table.timeline.insert_next(as_steps(handler(table, ev)))
