"""The action bar: buttons rebuilt from the legal actions.

A scene describes the buttons it wants *now* as a list of :class:`BarButton`
(built from the engine's legal ``Action`` objects, the player's selection and
the language) and calls :meth:`ActionBar.set` whenever any of those may have
changed; the bar rebuilds its pygame-gui buttons only when the description
differs from what is shown, so calling it every frame is cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
import pygame_gui


@dataclass(frozen=True)
class BarButton:
    """One button: its text, what pressing it does, and an optional key hint shown on it."""

    label: str
    on_press: Callable[[], object] = field(compare=False)
    key: str | None = None
    enabled: bool = True
    primary: bool = False
    ident: str = ""  # what the button stands for (for tests and for comparing descriptions)

    @property
    def text(self) -> str:
        return f"{self.label}  [{self.key}]" if self.key else self.label


MIN_HEIGHT = 28  # a button no lower than this: more columns instead
MIN_GAP = 4


class ActionBar:
    """A column (or grid) of buttons in ``rect`` inside a scene's container; more buttons than fit at
    their height are made lower (down to :data:`MIN_HEIGHT`), then set in more columns, so that none
    reaches out of ``rect`` (over the key help under it)."""

    def __init__(self, scene, rect, columns: int = 1, height: int = 40, gap: int = 8) -> None:
        self.scene = scene
        self.rect = pygame.Rect(rect)
        self.columns = columns
        self.height = height
        self.gap = gap
        self.spec: tuple[BarButton, ...] = ()
        self.buttons: list[tuple[pygame_gui.elements.UIButton, BarButton]] = []

    def set(self, buttons: list[BarButton]) -> bool:
        """Show ``buttons``; returns True if the bar was rebuilt."""
        spec = tuple(buttons)
        if spec == self.spec and all(b.alive() for b, _ in self.buttons):
            return False
        self.clear()
        self.spec = spec
        container = self.scene.container
        if container is None:
            return True
        for rect, spec_button in zip(self.rects(len(spec)), spec, strict=True):
            button = pygame_gui.elements.UIButton(
                rect,
                spec_button.text,
                self.scene.app.ui,
                container=container,
                object_id="#primary_button" if spec_button.primary else "#game_button",
            )
            if not spec_button.enabled:
                button.disable()
            self.buttons.append((button, spec_button))
        return True

    def rects(self, n: int) -> list[pygame.Rect]:
        """Where ``n`` buttons go: in rows of ``columns`` at ``height`` and ``gap``, lower and closer
        where they would not fit ``rect``, in more columns where even that is not enough."""
        columns, height, gap = self.columns, self.height, self.gap
        while True:
            rows = -(-n // columns)
            if rows * height + (rows - 1) * gap > self.rect.height:
                gap = min(gap, MIN_GAP)
                height = max(MIN_HEIGHT, (self.rect.height - (rows - 1) * gap) // rows)
            if rows * height + (rows - 1) * gap <= self.rect.height or rows <= 1:
                break
            columns, height, gap = columns + 1, self.height, self.gap
        w = (self.rect.width - gap * (columns - 1)) // columns
        return [
            pygame.Rect(
                self.rect.left + (i % columns) * (w + gap),
                self.rect.top + (i // columns) * (height + gap),
                w,
                height,
            )
            for i in range(n)
        ]

    def clear(self) -> None:
        for button, _ in self.buttons:
            button.kill()
        self.buttons = []
        self.spec = ()

    def handle_ui(self, event) -> bool:
        """Run the pressed button's action; True if it was one of ours."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        for button, spec in self.buttons:
            if event.ui_element is button:
                spec.on_press()
                return True
        return False

    def find(self, ident: str) -> pygame_gui.elements.UIButton | None:
        """The button standing for ``ident`` (tests click it)."""
        for button, spec in self.buttons:
            if spec.ident == ident:
                return button
        return None

    @property
    def idents(self) -> list[str]:
        return [spec.ident for _, spec in self.buttons]
