"""Game scenes, by game name.  A game without an entry here has no table scene yet."""

from __future__ import annotations

from .hacktrick import HacktrickScene

SCENES = {"hacktrick": HacktrickScene}


def open_game(app, session, resumed: bool = False, demo: bool = False):
    """Show ``session`` in its game's scene (replacing everything but the title)."""
    from ..menus.title import TitleScene

    scene = SCENES[session.game](app, session, resumed=resumed, demo=demo)
    stack = app.scenes.stack
    if stack and isinstance(stack[0], TitleScene):
        while len(stack) > 1:
            app.scenes.pop()
        app.scenes.push(scene)
    else:
        app.scenes.clear_to(scene)
    return scene
