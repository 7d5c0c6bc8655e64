"""Scenes and the scene manager (push / pop / replace with a fade).

A scene owns a pygame-gui ``UIContainer`` covering the logical screen; the
manager hides the container of a scene that is covered by another one and
shows it again when it comes back on top.  ``build_ui`` creates the scene's
widgets and is called again after a language change.

Lifecycle of a scene (each hook has a default that does the right thing):

* ``enter`` - pushed onto the stack: builds the widgets (``rebuild`` -> ``build_ui``);
* ``covered`` / ``uncovered`` - another scene was pushed on top / popped off it;
  ``resumed`` follows ``uncovered`` when the scene is on top again;
* ``update`` / ``draw`` / ``draw_over`` - every frame while on top (``update`` also
  while covered if ``update_when_covered``); an ``overlay`` scene (the pause menu, a
  dialog) is drawn over the frame it was opened on, or over the opaque scene below it;
  only the top overlay is drawn; with no input and no scene ``animating``, frames come at
  a lower rate (the window does not redraw 60 times a second for nothing);
* ``exit`` - popped or replaced: drops the widgets and calls ``close``;
* ``close`` - release what the scene holds outside pygame (a bot process); also
  called when the application shuts down with the scene still on the stack.

Scenes open each other by name (``app.scenes.push_named("pause", ...)``, see
:mod:`game.client.registry`) so that no scene module imports another.
"""

from __future__ import annotations

import pygame
import pygame_gui

from .dropdowns import keep_choice_on_reclick

FADE_SECONDS = 0.22
#: After a scene kept the window open (:meth:`Scene.before_quit`), closing it again within this
#: many seconds quits anyway; later, the scenes are asked again.
CLOSE_AGAIN_SECONDS = 10.0


class Scene:
    """Base class: override ``build_ui``, ``handle_event``, ``update``, ``draw``."""

    overlay = False  # True: the scene below is drawn first (pause menu, dialogs)
    backdrop: pygame.Surface | None = None  # an overlay: the frame it was opened over
    update_when_covered = False  # True: ``update`` runs even under another scene

    def __init__(self, app) -> None:
        self.app = app
        self.container: pygame_gui.core.UIContainer | None = None

    # -- lifecycle -------------------------------------------------------
    def enter(self) -> None:
        self.rebuild()

    def exit(self) -> None:
        self.close()
        if self.container is not None:
            self.container.kill()
            self.container = None

    def close(self) -> None:
        """Release resources held outside pygame (idempotent)."""

    def before_quit(self) -> bool:
        """The window is being closed: keep what this scene holds.  False keeps the window open
        (the scene has told the player why; closing it again quits anyway)."""
        return True

    def rebuild(self) -> None:
        """Drop and rebuild every widget (after a language change, say)."""
        if self.container is not None:
            self.container.kill()
        self.container = pygame_gui.core.UIContainer(
            pygame.Rect(0, 0, *self.app.size), self.app.ui, starting_height=2 if self.overlay else 1
        )
        self.build_ui()

    def covered(self) -> None:
        if self.container is not None:
            self.container.hide()

    def uncovered(self) -> None:
        if self.container is not None:
            self.container.show()

    def resumed(self) -> None:
        """Back on top after the scene above was popped."""

    # -- per frame -------------------------------------------------------
    def build_ui(self) -> None:
        """Create widgets inside ``self.container``."""

    def handle_event(self, event) -> None:
        """Mouse positions are already in logical coordinates."""

    def handle_ui(self, event) -> None:
        """pygame-gui events: a pressed button clicks and goes to :meth:`button_pressed`; override
        for other widgets (drop-downs, sliders) and call this for the buttons (and for a drop-down's
        click on the option already chosen: :func:`~game.client.dropdowns.keep_choice_on_reclick`)."""
        if keep_choice_on_reclick(self, event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.app.sound("sfx.click")
            self.button_pressed(event.ui_element)

    def button_pressed(self, element) -> None:
        """One of this scene's buttons was pressed (after the click sound)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw below the widgets."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw above the widgets (tooltips, flying cards)."""

    def animating(self) -> bool:
        """True while something on screen moves by itself (an animation, a bot's progress bar):
        the application then draws at full frame rate even without input (see ``App.idle``)."""
        return False

    def notice_place(self) -> tuple[str, tuple[int, int], int]:
        """Where toasts go while this scene is on top: (rect anchor, position, width).

        The default is the top centre of the screen; a game table moves them off its labels.
        """
        return ("midtop", (640, 54), 800)

    def settings_changed(self) -> None:
        """Hook: a setting changed while this scene is on top (F11 toggled fullscreen, say)."""


class SceneManager:
    """A stack of scenes; only the top one gets input."""

    def __init__(self, app) -> None:
        self.app = app
        self.stack: list[Scene] = []
        self.fade = 0.0  # seconds of fade-in left

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        if self.stack:
            below = self.stack[-1]
            if scene.overlay and below.overlay:
                # one overlay at a time: a dialog over the pause menu is drawn over the frame the
                # pause menu was opened on, never over the menu itself
                scene.backdrop = below.backdrop
            elif scene.overlay:  # the frame as the player saw it, widgets included (they hide below)
                scene.backdrop = self.app.frame_under_notice().copy()
            below.covered()
        self.stack.append(scene)
        scene.enter()
        if not scene.overlay:
            self._start_fade()
        return scene

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].uncovered()
            self.stack[-1].resumed()
        return scene

    def push_named(self, name: str, *args, **kwargs) -> Scene:
        """Push a new scene looked up by name in the registry."""
        from .registry import make_scene

        return self.push(make_scene(self.app, name, *args, **kwargs))

    def clear_to_named(self, name: str, *args, **kwargs) -> Scene:
        """Drop every scene and show a new one looked up by name."""
        from .registry import make_scene

        return self.clear_to(make_scene(self.app, name, *args, **kwargs))

    def replace(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()
        self._start_fade()
        return scene

    def clear_to(self, scene: Scene) -> Scene:
        """Drop every scene and show ``scene`` (quit to title)."""
        while self.stack:
            self.stack.pop().exit()
        return self.replace(scene)

    def _start_fade(self) -> None:
        speed = max(0.25, self.app.settings.animation_speed)
        self.fade = FADE_SECONDS / speed
        self._fade_total = self.fade

    def animating(self) -> bool:
        """A fade is running, or a scene being updated animates (see :meth:`Scene.animating`)."""
        if self.fade > 0:
            return True
        return any(
            scene.animating() for scene in self.stack if scene is self.top or scene.update_when_covered
        )

    def rebuild_all(self) -> None:
        for scene in self.stack:
            scene.rebuild()
            scene.backdrop = None  # drawn in the old language or size: draw the scene below again
        for scene in self.stack[:-1]:
            scene.covered()

    def update(self, dt: float) -> None:
        if self.fade > 0:
            self.fade = max(0.0, self.fade - dt)
        if self.stack:
            self.stack[-1].update(dt)
            for scene in self.stack[:-1]:
                if scene.update_when_covered:
                    scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the top scene; an overlay over the frame it was opened on (its ``backdrop``), or over
        the opaque scene below it drawn afresh.  Overlays below the top one are not drawn: one
        overlay at a time (a dialog opened from the pause menu hides the menu)."""
        if not self.stack:
            return
        top = self.stack[-1]
        if top.overlay:
            if top.backdrop is not None:
                surface.blit(top.backdrop, (0, 0))
            else:
                base = next((s for s in reversed(self.stack) if not s.overlay), None)
                if base is not None:
                    base.draw(surface)
        top.draw(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.stack:
            self.stack[-1].draw_over(surface)
        if self.fade > 0:
            alpha = int(255 * self.fade / self._fade_total)
            veil = pygame.Surface(surface.get_size())
            veil.set_alpha(alpha)
            surface.blit(veil, (0, 0))
