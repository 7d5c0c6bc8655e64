"""Drop-down menus (pygame-gui's ``UIDropDownMenu``) as every scene should have them.

pygame-gui leaves two things to the screen that holds a drop-down: Esc on an open list (the
scene asks :func:`close_open_drop_down` first, so that Esc closes only the list), and a click on
the option already chosen, which the list takes as "drop the selection" (:func:`keep_choice_on_reclick`,
called for every scene by ``Scene.handle_ui``).
"""

from __future__ import annotations

import pygame_gui


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
        if (
            state is menu.menu_states["expanded"]
            and state.options_selection_list is options
            and not any(item["selected"] for item in options.item_list)
        ):  # not another option chosen
            for item in options.item_list:
                if item["text"] == menu.selected_option[0]:
                    item["selected"] = True
                    if item["button_element"] is not None:
                        item["button_element"].select()
            state.should_transition = True
            return True
    return False
