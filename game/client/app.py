"""The client application: window, 60 FPS loop, logical 1280x720 canvas.

Everything is drawn on a fixed 1280x720 surface that is scaled (keeping the
aspect ratio, letterboxed) to whatever size the window has; mouse positions
are mapped back to logical coordinates before scenes and widgets see them.
F11 toggles fullscreen; the window is resizable.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import tempfile
import time
import warnings

import pygame
import pygame_gui
from pygame_gui.core.utility import get_default_manager, set_default_manager

from . import gfx, i18n
from .assets import AssetError, Assets
from .scene import CLOSE_AGAIN_SECONDS, SceneManager
from .settings import FIELD_LABELS, MIN_WINDOW, Settings

LOGICAL = (1280, 720)
FPS = 60
#: With no input for ``ACTIVE_SECONDS`` and nothing animating, the loop waits for input up to
#: ``IDLE_WAIT_MS`` between frames (5 frames a second, waking at once on input): an idle table
#: took 60% of a core (measured under Xvfb), nearly all of it presenting the same picture again.
ACTIVE_SECONDS = 1.5
IDLE_WAIT_MS = 200
#: Ctrl+C (or SIGTERM, SIGHUP) asks the window to close; this many of them stop the client at once.
STOP_SIGNALS_BEFORE_EXIT = 3
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
#: Said once on stderr when the mixer cannot open a sound device (instead of ALSA's dozen lines).
NO_SOUND = "no sound device; playing without sound"


@contextlib.contextmanager
def c_stderr_captured():
    """What is written to stderr at the file-descriptor level while inside (C libraries: SDL, ALSA)
    is collected instead of shown; the yielded list receives the text on the way out."""
    collected: list[str] = []
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:  # no stderr to redirect
        yield collected
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield collected
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            collected.append(sink.read().decode("utf-8", "replace"))


def init_pygame() -> bool:
    """``pygame.init()`` and the mixer at 22050 Hz; True if there is sound.  Without a sound device
    ALSA writes a dozen ``ALSA lib ...`` lines to stderr from C: those are dropped for one quiet
    line (anything else written meanwhile is passed on)."""
    with c_stderr_captured() as said:
        pygame.init()
        try:
            pygame.mixer.init(22050)
        except pygame.error:
            pass
    sound = bool(pygame.mixer.get_init())
    lines = "".join(said).splitlines()
    if not sound:
        lines = [line for line in lines if not line.startswith("ALSA lib ")]
    for line in lines:
        print(line, file=sys.stderr)
    if not sound:
        App.report(NO_SOUND)
    return sound


class LogicalUIManager(pygame_gui.UIManager):
    """A UIManager whose idea of the mouse position is in logical coordinates."""

    def __init__(self, app, *args, **kwargs) -> None:
        self.app = app
        super().__init__(*args, **kwargs)

    def _update_mouse_position(self):
        self.mouse_position = self.app.to_logical(pygame.mouse.get_pos())


class App:
    """Owns the window, the scene stack, settings, assets and the bot worker."""

    def __init__(
        self, settings: Settings | None = None, assets: Assets | None = None, bot_mode: str = "process"
    ) -> None:
        self.started = time.perf_counter()
        init_pygame()
        gfx.clear_cache()
        self.settings = settings or Settings.load()
        i18n.set_language(self.settings.language)
        self.assets = assets or Assets()
        self.size = LOGICAL
        self.bot_mode = bot_mode
        pygame.display.set_caption(i18n.t("app.title"))
        try:
            pygame.display.set_icon(self.assets.image("ui.icon"))
        except (AssetError, pygame.error):
            pass
        self.window = self._open_window()
        self.canvas = pygame.Surface(LOGICAL).convert()
        theme = None
        try:
            p = self.assets.path("ui.theme")
            theme = str(p) if p.is_file() else None
        except AssetError:
            pass
        self.ui = LogicalUIManager(self, LOGICAL, theme, starting_language=self.settings.language)
        # fonts the rules text box and headings use (avoids a warning and a hitch on first use)
        self.ui.preload_fonts(
            [
                {"name": "noto_sans_jp", "point_size": size, "style": style}
                for size, style in ((15, "bold"), (15, "italic"), (18, "bold"), (24, "bold"))
            ]
        )
        self.scenes = SceneManager(self)
        self.clock = pygame.time.Clock()
        self.last_input = time.perf_counter()
        self.running = True
        self.window_resized = False  # dragged to a new size since the settings were saved
        self.close_refused_at: float | None = None  # when a scene last kept the window open
        self.notice: tuple[str, float] | None = None  # (message, seconds left)
        self._under_notice: pygame.Surface | None = None  # the last frame before its toast was drawn
        self.frame_times: list[float] = []
        self.record_frames = False
        if self.settings.problem_text:
            key, fields = self.settings.problem_text
            if "names" in fields:  # settings fields, as the settings screen names them
                fields = dict(fields, names=i18n.join(i18n.t(FIELD_LABELS[n]) for n in fields["names"]))
            self.notify(i18n.t(key, **fields), detail=self.settings.problem)

    # -- window ------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen and os.environ.get("SDL_VIDEODRIVER") != "dummy":
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        surface = pygame.display.set_mode(self.settings.window_size, pygame.RESIZABLE)
        try:  # the window cannot be dragged smaller than the layout stays readable at
            with warnings.catch_warnings():  # pygame-ce warns about surface rendering, which we do not use
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        except (AttributeError, pygame.error):
            pass
        return surface

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.window = self._open_window()
        self.save_settings()
        if self.scenes.top is not None:
            self.scenes.top.settings_changed()

    def desktop_size(self) -> tuple[int, int] | None:
        """The size of the desktop the window is on (``None`` if the video driver cannot say)."""
        try:
            sizes = pygame.display.get_desktop_sizes()
        except pygame.error:
            return None
        return tuple(sizes[0]) if sizes else None

    def set_window_size(self, size: tuple[int, int]) -> None:
        self.settings.window_size = tuple(size)
        self.settings.fullscreen = False
        self.window = self._open_window()
        self.save_settings()

    def save_settings(self) -> None:
        try:
            self.settings.save()
            self.settings.problem = None
        except OSError as exc:
            self.notify(i18n.t("settings.save_failed", error=str(exc)))

    def set_language(self, lang: str) -> None:
        self.settings.language = lang
        i18n.set_language(lang)
        self.ui.set_locale(lang)
        pygame.display.set_caption(i18n.t("app.title"))
        self.scenes.rebuild_all()
        self.save_settings()

    def _viewport(self) -> tuple[float, int, int]:
        ww, wh = self.window.get_size()
        scale = min(ww / LOGICAL[0], wh / LOGICAL[1])
        ox = (ww - round(LOGICAL[0] * scale)) // 2
        oy = (wh - round(LOGICAL[1] * scale)) // 2
        return scale, ox, oy

    def to_logical(self, pos) -> tuple[int, int]:
        """Window pixel -> logical canvas pixel."""
        scale, ox, oy = self._viewport()
        if scale <= 0:
            return (0, 0)
        return (int((pos[0] - ox) / scale), int((pos[1] - oy) / scale))

    def to_window(self, pos) -> tuple[int, int]:
        """Logical canvas pixel -> window pixel (the inverse of :meth:`to_logical`)."""
        scale, ox, oy = self._viewport()
        return (round(ox + (pos[0] + 0.5) * scale), round(oy + (pos[1] + 0.5) * scale))

    def post_click(self, pos) -> None:
        """Queue a left click at logical ``pos`` as the mouse makes one (move, press, release), so
        that it reaches widgets and scenes by the same path (a tutorial's autoplay)."""
        at = self.to_window(pos)
        for kind, extra in (
            (pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
            (pygame.MOUSEBUTTONDOWN, {"button": 1}),
            (pygame.MOUSEBUTTONUP, {"button": 1}),
        ):
            pygame.event.post(pygame.event.Event(kind, pos=at, **extra))

    # -- feedback --------------------------------------------------------------
    def notify(self, message: str, seconds: float = 4.0, detail: str | None = None) -> None:
        """A toast at the top of the screen; ``detail`` (what went wrong, in the program's words)
        goes to stderr (:meth:`report`)."""
        if detail is not None:
            self.report(detail)
        self.notice = (message, seconds)

    @staticmethod
    def report(detail: str) -> None:
        """The details of a problem the player was told about in their language, for whoever looks
        into the file: one line on stderr."""
        print(f"tabletop-trio: {detail}", file=sys.stderr)

    def sound(self, key: str) -> None:
        if self.settings.mute or self.settings.volume <= 0:
            return
        try:
            snd = self.assets.sound(key)
        except AssetError:
            return
        if snd is not None:
            snd.set_volume(self.settings.volume)
            snd.play()

    # -- the loop ------------------------------------------------------------
    def map_event(self, event):
        if event.type in MOUSE_EVENTS and hasattr(event, "pos"):
            d = dict(event.dict)
            d["pos"] = self.to_logical(event.pos)
            if "rel" in d:
                scale = self._viewport()[0] or 1
                d["rel"] = (int(d["rel"][0] / scale), int(d["rel"][1] / scale))
            return pygame.event.Event(event.type, d)
        return event

    def handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.close_requested()
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.window = pygame.display.get_surface()
            self.settings.window_size = (max(MIN_WINDOW[0], event.w), max(MIN_WINDOW[1], event.h))
            self.window_resized = True  # saved on the way out (a drag sends many of these)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        event = self.map_event(event)
        consumed = self.ui.process_events(event)
        top = self.scenes.top
        if top is None:
            return
        if event.type >= pygame.USEREVENT and hasattr(event, "ui_element"):
            top.handle_ui(event)
        elif not consumed or event.type in (pygame.KEYDOWN, pygame.MOUSEMOTION):
            top.handle_event(event)

    def step(self, dt: float, first: tuple = ()) -> None:
        """One frame: events (``first`` before the queued ones), update, draw, present."""
        t0 = time.perf_counter()
        events = [*first, *pygame.event.get()]
        if events:
            self.last_input = t0
        for event in events:
            self.handle(event)
        self.ui.update(dt)
        self.scenes.update(dt)
        if self.notice is not None:
            msg, left = self.notice
            self.notice = (msg, left - dt) if left - dt > 0 else None
        self.render()
        if self.record_frames:
            self.frame_times.append(time.perf_counter() - t0)

    def render(self) -> None:
        canvas = self.canvas
        canvas.fill((10, 18, 15))
        self.scenes.draw(canvas)
        self.ui.draw_ui(canvas)
        self.scenes.draw_over(canvas)
        self._under_notice = None
        if self.notice is not None:
            self._under_notice = canvas.copy()  # what an overlay opened now is drawn over
            self._draw_notice(canvas)
        scale, ox, oy = self._viewport()
        if scale == 1 and (ox, oy) == (0, 0):
            self.window.blit(canvas, (0, 0))
        else:
            self.window.fill((0, 0, 0))
            size = (round(LOGICAL[0] * scale), round(LOGICAL[1] * scale))
            if size[0] > 0 and size[1] > 0:
                self.window.blit(pygame.transform.smoothscale(canvas, size), (ox, oy))
        pygame.display.flip()

    def frame_under_notice(self) -> pygame.Surface:
        """The last frame drawn, without the toast over it (a toast is drawn afresh every frame it
        shows; the frame an overlay keeps beneath it must not keep the toast for good)."""
        return self._under_notice if self._under_notice is not None else self.canvas

    def notice_layout(self) -> tuple[pygame.Rect, list[str]]:
        """Where the toast showing now goes (the top scene's :meth:`~.scene.Scene.notice_place`)
        and its lines."""
        top = self.scenes.top
        anchor, pos, width = top.notice_place() if top is not None else ("midtop", (640, 54), 800)
        lines = gfx.wrap(self.notice[0], 18, width - 40)
        rect = pygame.Rect(0, 0, width, len(lines) * 26 + 20)
        setattr(rect, anchor, pos)
        return rect, lines

    def _draw_notice(self, canvas) -> None:
        rect, lines = self.notice_layout()
        gfx.panel(
            canvas, rect, 255, colour=(60, 30, 24), border=(220, 140, 90)
        )  # opaque: nothing shows through
        for i, line in enumerate(lines):
            gfx.text(canvas, line, (rect.centerx, rect.top + 10 + i * 26), 18, anchor="midtop")

    def run(self, first_scene=None, max_seconds: float | None = None) -> int:
        if first_scene is not None:
            self.scenes.push(first_scene)
        start = time.perf_counter()
        with self.stop_signals_close_window():
            self._loop(start, max_seconds)
        self.shutdown()
        return 0

    @contextlib.contextmanager
    def stop_signals_close_window(self):
        """While inside: Ctrl+C in the terminal, a closed terminal (SIGHUP) and a polite kill
        (SIGTERM) close the window as its close button does, so a game in progress is saved
        first.  After :data:`STOP_SIGNALS_BEFORE_EXIT` of them the client stops at once.  The
        handlers before are put back on the way out (nothing changes outside the main thread)."""
        count = [0]

        def on_signal(signum, frame) -> None:
            count[0] += 1
            if count[0] >= STOP_SIGNALS_BEFORE_EXIT:
                self.report(f"stopped at once by signal {signum}; nothing was saved")
                raise SystemExit(128 + signum)
            pygame.event.post(pygame.event.Event(pygame.QUIT))

        previous = {}
        for name in ("SIGINT", "SIGTERM", "SIGHUP"):
            signum = getattr(signal, name, None)
            if signum is None:
                continue
            try:
                previous[signum] = signal.signal(signum, on_signal)
            except ValueError:  # not the main thread
                break
        try:
            yield
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)

    def _loop(self, start: float, max_seconds: float | None) -> None:
        while self.running and self.scenes.top is not None:
            first = ()
            if self.idle():
                event = pygame.event.wait(IDLE_WAIT_MS)  # returns at once when input comes
                first = (event,) if event.type != pygame.NOEVENT else ()
                dt = self.clock.tick() / 1000.0
            else:
                dt = self.clock.tick(FPS) / 1000.0
            self.step(min(dt, 0.1), first)
            if max_seconds is not None and time.perf_counter() - start > max_seconds:
                break

    def idle(self) -> bool:
        """No input for a while, no notice showing and no scene animating: frames may slow down."""
        if self.notice is not None or time.perf_counter() - self.last_input < ACTIVE_SECONDS:
            return False
        return not self.scenes.animating()

    def quit(self) -> None:
        self.running = False

    def close_requested(self) -> None:
        """The window's close button: every scene keeps what it holds first (a game in progress
        is saved).  A scene that could not keeps the window open, once: closing it again within
        :data:`CLOSE_AGAIN_SECONDS` quits."""
        now = time.perf_counter()
        again = self.close_refused_at is not None and now - self.close_refused_at < CLOSE_AGAIN_SECONDS
        if not again:
            for scene in reversed(self.scenes.stack):
                if not scene.before_quit():
                    self.close_refused_at = now
                    return
        self.quit()

    def shutdown(self) -> None:
        if self.window_resized and self.settings.problem is None:
            # the next start opens the window at the size it was dragged to (a damaged settings
            # file is left as it is, as the player was told)
            self.window_resized = False
            self.save_settings()
        for scene in list(self.scenes.stack):
            close = getattr(scene, "close", None)
            if close is not None:
                close()
        if get_default_manager() is self.ui:
            # pygame-gui keeps the first UIManager made for widgets made without one: it would keep
            # this App (its scenes, fonts and images) alive, and a later App's widgets would join it
            set_default_manager(None)
        close_window_and_sound()


def close_window_and_sound() -> None:
    """Close the window and the sound device; pygame's font module stays up until the process exits.

    A font that outlives ``pygame.font.quit()`` is never closed: pygame-gui's fonts are read from memory,
    so each kept its whole file (about 4.5 MB a face, 14 faces an App) for good; tests that open an App
    after another grew by some 55 MB each.  With the font module up, a font is freed with its last
    reference (a scene or cache that outlives the App included); pygame quits the module at exit.

    The events still queued are taken off first: pygame keeps a queued event's attributes (pygame-gui's
    name their widget, and so the whole App) for good once the display is gone, and
    ``pygame.event.clear()`` does not free them either."""
    if pygame.display.get_init():
        pygame.event.get()
    pygame.mixer.quit()
    pygame.display.quit()
