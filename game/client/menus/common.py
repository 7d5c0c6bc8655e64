"""Helpers shared by the menu scenes: themed buttons, labels and the backdrop."""

from __future__ import annotations

import pygame
import pygame_gui

from .. import gfx
from ..i18n import t


def button(scene, rect, key: str, object_id: str = "#menu_button", **fmt) -> pygame_gui.elements.UIButton:
    return pygame_gui.elements.UIButton(
        pygame.Rect(rect), t(key, **fmt), scene.app.ui, container=scene.container, object_id=object_id
    )


def label(scene, rect, msg: str, object_id: str = "#label") -> pygame_gui.elements.UILabel:
    return pygame_gui.elements.UILabel(
        pygame.Rect(rect), msg, scene.app.ui, container=scene.container, object_id=object_id
    )


def backdrop(app, surface, key: str = "ui.background", dim: int = 0) -> None:
    surface.blit(gfx.image(app.assets, key, app.size, opaque=True), (0, 0))
    if dim:
        veil = pygame.Surface(app.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, dim))
        surface.blit(veil, (0, 0))


def heading(surface, msg: str, y: int = 40, size: int = 40) -> None:
    gfx.text(
        surface, msg, (surface.get_width() // 2, y), size, gfx.INK, anchor="midtop", bold=True, shadow=True
    )
