"""Entry points of the client: the title screen, ``play`` and ``demo``."""

from __future__ import annotations

import os

import pygame


class NoDisplayError(RuntimeError):
    """There is no screen to open the window on."""


def require_display() -> None:
    """Fail with a clear message instead of running invisibly when no screen is available.

    An explicitly chosen ``SDL_VIDEODRIVER`` (e.g. ``dummy`` for tests) is respected.
    """
    if os.environ.get("SDL_VIDEODRIVER"):
        return
    pygame.display.init()
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy"):
        pygame.display.quit()
        raise NoDisplayError(
            f"no screen found (SDL could only open the {driver!r} video driver). Run Tabletop Trio on "
            "a desktop, under a virtual screen (xvfb-run tabletop-trio), or watch bots headless with "
            "SDL_VIDEODRIVER=dummy tabletop-trio demo hacktrick --screenshot last.png")


def _app(lang: str | None = None, bot_mode: str = "process"):
    from .app import App
    from .settings import Settings

    settings = Settings.load()
    if lang:
        settings.language = lang
        settings.normalise()
    return App(settings, bot_mode=bot_mode)


def run_client(lang: str | None = None) -> int:
    """Open the window on the title screen."""
    from .menus.title import TitleScene

    require_display()
    app = _app(lang)
    return app.run(TitleScene(app))


def run_play(game: str, seats: list[str], lang: str | None = None, seed: int | None = None,
             options: dict | None = None) -> int:
    """Start a game directly (``tabletop-trio play``)."""
    from .menus.title import TitleScene
    from .scenes import SCENES, open_game
    from .session import Session

    if game not in SCENES:
        raise ValueError(f"the client has no table for {game!r} yet; playable: {', '.join(SCENES)}")
    session = Session.new(game, seats, seed=seed, **(options or {}))
    require_display()
    app = _app(lang)
    app.scenes.push(TitleScene(app))
    open_game(app, session)
    return app.run()


def run_demo(game: str, seed: int | None = None, speed: float = 1.0, screenshot: str | None = None,
             seats: list[str] | None = None, lang: str | None = None, max_seconds: float | None = None,
             bot_mode: str = "process", options: dict | None = None) -> int:
    """Bots play a whole game in the client; the last frame is saved to ``screenshot``."""
    from .scenes import SCENES, open_game
    from .session import Session

    if game not in SCENES:
        raise ValueError(f"the client has no table for {game!r} yet; playable: {', '.join(SCENES)}")
    from .menus.setup import default_bot

    seats = seats or [default_bot(), default_bot()]
    session = Session.new(game, seats, seed=seed, **(options or {}))
    app = _app(lang, bot_mode=bot_mode)
    scene = open_game(app, session, demo=True)
    scene.demo_speed = max(0.1, speed)
    done = {"over": False}

    def on_end():
        done["over"] = True
        app.quit()

    scene.on_demo_end = on_end
    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
    while app.running:
        dt = app.clock.tick(0 if headless else 60) / 1000.0
        app.step(1 / 60 if headless else min(dt, 0.1))
        if max_seconds is not None and pygame.time.get_ticks() / 1000 > max_seconds:
            break
    if screenshot:
        app.render()
        os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
        pygame.image.save(app.canvas, screenshot)
        print(f"saved the last frame to {screenshot}")
    scores = session.state.scores
    print(f"{game} demo: {' vs '.join(seats)} -> scores {list(scores)}"
          f"{'' if done['over'] else ' (stopped before the end)'}")
    app.shutdown()
    return 0
