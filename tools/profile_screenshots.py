"""``python -m tools.profile_screenshots [--out docs/screenshots]``: the README's profile screenshots.

``profile_first_en.png`` (the first start asks the player's name over the title screen),
``profile_setup_en.png`` (a hot-seat game's setup: each person's seat chooses a profile) and
``profile_hotseat_ja.png`` (a hot-seat table in Japanese: both people named by their profiles).  The client is driven as a player would (keys, the setup screen's Start); settings and
the history go to a temporary folder.  Run under ``xvfb-run`` for a real window, or headless.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from typing import Any


def _app(lang: str) -> Any:
    from game.client.app import App
    from game.client.settings import Settings
    from game.client.tutorial import available, progress

    for game in available():  # no lesson offer before the setup screen
        progress.remember(game, offered=True)
    settings = Settings.load()
    settings.language = lang
    return App(settings, bot_mode="inline")


def _frames(app: Any, n: int = 20) -> None:
    for _ in range(n):
        app.step(1 / 30)


def _enter(app: Any) -> None:
    import pygame

    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    )
    _frames(app, 5)


def shots(out: str) -> list[str]:
    from game.client.history import store
    from game.client.menus.profile import offer_first_profile
    from game.client.menus.setup import SetupScene
    from game.client.menus.title import TitleScene
    from tools.client_screenshots import save

    made = []
    app = _app("en")
    try:
        app.scenes.push(TitleScene(app))
        offer_first_profile(app)
        app.scenes.top.entry.set_text("Aiko")
        _frames(app)
        made.append(os.path.join(out, "profile_first_en.png"))
        save(app, made[-1])
        _enter(app)
        store(app).create_profile("健太", colour="#3f8fde")
        app.scenes.push(SetupScene(app, "ratjack", ["human", "human", "mcts:level=normal"], {}))
        _frames(app)
        made.append(os.path.join(out, "profile_setup_en.png"))
        save(app, made[-1])
    finally:
        app.shutdown()
    app = _app("ja")
    try:
        app.scenes.push(TitleScene(app))
        setup = app.scenes.push(SetupScene(app, "hacktrick", ["human", "human"], {}))
        _frames(app, 5)
        setup.start()  # Aiko first, then 健太: the hand-over screen names whose turn it is
        _frames(app, 30)
        _enter(app)  # the first player is ready: their table, the other named across it
        import pygame

        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(1100, 200), rel=(0, 0), buttons=(0, 0, 0))
        )
        _frames(app, 40)
        made.append(os.path.join(out, "profile_hotseat_ja.png"))
        save(app, made[-1])
    finally:
        app.shutdown()
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.profile_screenshots", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--out", default="docs/screenshots")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TRIO_CONFIG_DIR"] = os.path.join(tmp, "config")
        os.environ["TRIO_DATA_DIR"] = os.path.join(tmp, "data")
        shots(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
