"""Helpers shared by the menu scenes: themed buttons, labels and the backdrop."""

from __future__ import annotations

import pygame
import pygame_gui

from .. import gfx
from ..i18n import t


def button(scene, rect, key: str, object_id: str = "#menu_button", **fmt) -> pygame_gui.elements.UIButton:
    return pygame_gui.elements.UIButton(pygame.Rect(rect), t(key, **fmt), scene.app.ui,
                                        container=scene.container, object_id=object_id)


def label(scene, rect, msg: str, object_id: str = "#label") -> pygame_gui.elements.UILabel:
    return pygame_gui.elements.UILabel(pygame.Rect(rect), msg, scene.app.ui,
                                       container=scene.container, object_id=object_id)


def backdrop(app, surface, key: str = "ui.background", dim: int = 0) -> None:
    surface.blit(gfx.image(app.assets, key, app.size, opaque=True), (0, 0))
    if dim:
        veil = pygame.Surface(app.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, dim))
        surface.blit(veil, (0, 0))


def heading(surface, msg: str, y: int = 40, size: int = 40) -> None:
    gfx.text(surface, msg, (surface.get_width() // 2, y), size, gfx.INK, anchor="midtop", bold=True,
             shadow=True)


def drop_downs(scene):
    """Every drop-down menu among the scene's widgets."""
    stack = list(scene.container.elements) if scene.container is not None else []
    while stack:
        element = stack.pop()
        if isinstance(element, pygame_gui.elements.UIDropDownMenu):
            yield element
        elif isinstance(element, pygame_gui.core.UIContainer):
            stack.extend(element.elements)


def close_open_drop_down(scene) -> bool:
    """Close the scene's expanded drop-down list, if one is open; True if it did.

    Esc first closes an open list (it left the whole screen, losing the choices made there)."""
    for menu in drop_downs(scene):
        if menu.current_state is menu.menu_states["expanded"]:
            menu.current_state.should_transition = True
            return True
    return False


def keep_choice_on_reclick(scene, event) -> bool:
    """A click on the option already chosen in an open list closes the list and keeps the choice;
    True if ``event`` was that click.

    pygame-gui's list takes it as "drop the selection": the list stayed open with nothing marked."""
    if event.type != pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION:
        return False
    for menu in drop_downs(scene):
        state = menu.current_state
        options = event.ui_element
        if (state is menu.menu_states["expanded"] and state.options_selection_list is options
                and not any(item["selected"] for item in options.item_list)):  # not another option chosen
            for item in options.item_list:
                if item["text"] == menu.selected_option[0]:
                    item["selected"] = True
                    if item["button_element"] is not None:
                        item["button_element"].select()
            state.should_transition = True
            return True
    return False
