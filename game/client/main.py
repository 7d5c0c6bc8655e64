"""Entry points of the client: the title screen, ``play``, ``demo`` and ``replay``.

Everything ``play``, ``demo`` and ``replay`` are given is checked (:func:`new_client_session`,
:func:`check_speed`, :func:`check_screenshot`, :func:`check_replay_seat`, :func:`check_replay_move`)
before a window opens; problems are ``ValueError`` with a one-line message.
"""

from __future__ import annotations

import math
import os
import tempfile
from pathlib import Path

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
            "SDL_VIDEODRIVER=dummy tabletop-trio demo hacktrick --screenshot last.png"
        )


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
    from .menus.profile import offer_first_profile
    from .menus.title import TitleScene

    require_display()
    app = _app(lang)
    app.scenes.push(TitleScene(app))
    offer_first_profile(app)  # the first start asks the player's name, once
    return app.run()


def default_seats(game: str, human: bool) -> list[str]:
    """The seats when none are given: the game's minimum number of players, bots (and a human first)."""
    from game.rules import game_info

    from .menus.setup import default_bot

    n = game_info(game).min_players
    return ["human"] + [default_bot()] * (n - 1) if human else [default_bot()] * n


def check_client_game(game: str) -> None:
    """``ValueError`` unless the client has a table scene for ``game`` (:func:`~.registry.tables`)."""
    from .registry import tables

    if game not in tables():
        raise ValueError(f"the client has no table for {game!r} yet; playable: {', '.join(tables())}")


def new_client_session(
    game: str,
    seats: list[str] | None,
    seed: int | None = None,
    options: dict | None = None,
    bots_only: bool = False,
):
    """A new :class:`Session` for the client, after checking that the client can show ``game``,
    that ``seats`` fit it (count, agent specs and their options) and that ``options`` are valid."""
    from .session import HUMAN, Session, check_seats

    check_client_game(game)
    seats = list(seats) if seats else default_seats(game, human=not bots_only)
    if bots_only and HUMAN in seats:
        raise ValueError(f"a demo is played by bots only, not {', '.join(seats)}")
    check_seats(game, seats)
    return Session.new(game, seats, seed=seed, **(options or {}))


def check_speed(speed) -> float:
    """``speed`` as a float if it is a finite positive number, else ``ValueError``."""
    if (
        isinstance(speed, bool)
        or not isinstance(speed, int | float)
        or not math.isfinite(speed)
        or speed <= 0
    ):
        raise ValueError(f"the speed must be a finite positive number, not {speed!r}")
    return float(speed)


SCREENSHOT_SUFFIXES = (".png",)


def check_screenshot(path: str | os.PathLike) -> None:
    """``ValueError`` unless ``path`` names a PNG file that can be written (its folder is created
    if missing).  Any other extension is refused: pygame would write a Targa image under that name."""
    target = Path(path)
    try:
        if target.is_dir():
            raise IsADirectoryError(f"{target} is a folder")
        if target.suffix.lower() not in SCREENSHOT_SUFFIXES:
            raise ValueError(f"the screenshot is saved as PNG: give a path ending in .png, not {str(path)!r}")
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=target.parent, prefix=".screenshot-", suffix=".png"):
            pass
        if target.exists() and not os.access(target, os.W_OK):
            raise PermissionError(f"{target} is read-only")
    except OSError as exc:
        raise ValueError(f"cannot write the screenshot to {str(path)!r}: {exc.strerror or exc}") from None


def run_play(
    game: str,
    seats: list[str] | None = None,
    lang: str | None = None,
    seed: int | None = None,
    options: dict | None = None,
) -> int:
    """Start a game directly (``tabletop-trio play``)."""
    from .menus.setup import start_new_game
    from .menus.title import TitleScene

    session = new_client_session(game, seats, seed=seed, options=options)
    require_display()
    app = _app(lang)
    app.scenes.push(TitleScene(app))
    start_new_game(app, session)  # asks first if it would replace a saved game
    return app.run()


def run_demo(
    game: str,
    seed: int | None = None,
    speed: float = 1.0,
    screenshot: str | None = None,
    seats: list[str] | None = None,
    lang: str | None = None,
    max_seconds: float | None = None,
    bot_mode: str = "process",
    options: dict | None = None,
) -> int:
    """Bots play a whole game in the client; the last frame is saved to ``screenshot``.

    Seats default to the game's minimum number of bots.  A demo never touches saved games.
    """
    from .scenes import open_game

    session = new_client_session(game, seats, seed=seed, options=options, bots_only=True)
    speed = check_speed(speed)
    if screenshot:
        check_screenshot(screenshot)
    app = _app(lang, bot_mode=bot_mode)
    scene = open_game(app, session, demo=True)
    scene.demo_speed = speed
    done = {"over": False}

    def on_end():
        done["over"] = True
        app.quit()

    scene.on_demo_end = on_end
    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
    with app.stop_signals_close_window():  # Ctrl+C ends the demo like the close button
        while app.running:
            dt = app.clock.tick(0 if headless else 60) / 1000.0
            app.step(1 / 60 if headless else min(dt, 0.1))
            if max_seconds is not None and pygame.time.get_ticks() / 1000 > max_seconds:
                break
    if screenshot:
        app.render()
        pygame.image.save(app.canvas, screenshot)
        print(f"saved the last frame to {screenshot}")
    scores = session.state.scores
    print(
        f"{game} demo: {' vs '.join(session.seats)} -> scores {list(scores)}"
        f"{'' if done['over'] else ' (stopped before the end)'}"
    )
    app.shutdown()
    return 0


def check_replay_seat(seat: str | None, players: int) -> int | str | None:
    """``--seat`` of ``replay``: a player number 1..``players`` (returned 0-based) or ``open``."""
    if seat is None:
        return None
    if seat.strip().lower() == "open":
        return "open"
    try:
        n = int(seat)
    except ValueError:
        n = 0
    if not 1 <= n <= players:
        raise ValueError(f"--seat must be a player number 1-{players} or 'open', not {seat!r}")
    return n - 1


def check_replay_move(move: int | None, length: int) -> int | None:
    """``--move`` of ``replay``: a position 0..``length`` (the number of actions of the game)."""
    if move is not None and not 0 <= move <= length:
        raise ValueError(
            f"--move must be from 0 to {length} (this game has {length} "
            f"action{'' if length == 1 else 's'}), not {move}"
        )
    return move


def run_replay(
    record,
    path=None,
    move: int | None = None,
    seat=None,
    lang: str | None = None,
    screenshot: str | None = None,
    frames: int = 8,
) -> int:
    """Open a recorded game in the replay (``tabletop-trio replay``).  With ``screenshot`` a few
    frames are drawn, the last one is saved there and the client closes (works headless)."""
    from .menus.title import TitleScene
    from .replay.scene import ReplayScene

    if not screenshot:
        require_display()
    app = _app(lang)
    app.scenes.push(TitleScene(app))
    app.scenes.push(ReplayScene(app, record, path=path, move=move, seat=seat))
    if not screenshot:
        return app.run()
    for _ in range(frames):
        app.step(1 / 30)
    app.scenes.fade = 0.0
    app.render()
    pygame.image.save(app.canvas, screenshot)
    print(f"saved the replay to {screenshot}")
    app.shutdown()
    return 0
