"""Screenshots of the tutorials, headless: every step of a lesson, or the README's chosen steps.

    python -m tools.tutorial_screenshots --game hacktrick --lang ja --out /tmp/steps   # every step
    python -m tools.tutorial_screenshots                                               # README's

The lesson plays itself (``Guide.autoplay``); a step is shot once it is on screen and settled.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

#: The README's tutorial screenshots: (game, language, step id, file name).
README_SHOTS = (
    ("hacktrick", "en", "capture", "tutorial_hacktrick_en.png"),
    ("ratjack", "ja", "face_up", "tutorial_ratjack_ja.png"),
    ("hakkutsu", "en", "dig1", "tutorial_hakkutsu_en.png"),
)


def shoot(game: str, lang: str, out: Path, only: str | None = None, every: bool = True) -> list[Path]:
    """Play ``game``'s lesson to its end, saving ``<out>/<game>-<lang>-NN-<id>.png`` at each step
    (only step ``only`` if given, to ``out`` itself when it names a ``.png``)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.client.main import _app
    from game.client.menus.title import TitleScene
    from game.client.tutorial import open_tutorial

    with tempfile.TemporaryDirectory() as data:
        os.environ["TRIO_DATA_DIR"] = data  # the lesson's progress stays out of the user's folder
        app = _app(lang, bot_mode="inline")
        app.settings.animation_speed = 4.0
        app.scenes.push(TitleScene(app))
        table = open_tutorial(app, game, restart=True, autoplay=True)
        guide = table.guide
        guide.autoplay_pause = 1.0  # each step stands still long enough to be shot
        saved: list[Path] = []
        shot = -1
        still = 0  # frames the current step has stood settled (the action bar's buttons come a frame late)
        for _ in range(20000):
            app.step(1 / 30)
            settled = (
                not table.timeline.busy and guide.wait > 0 and app.scenes.fade <= 0 and not guide.hidden()
            )
            still = still + 1 if settled and guide.index != shot else 0
            if still >= 3:
                step = guide.step
                if only is None or step.id == only:
                    app.notice = None
                    app.render()
                    path = (
                        out
                        if out.suffix == ".png"
                        else out / f"{game}-{lang}-{guide.index + 1:02d}-{step.id}.png"
                    )
                    path.parent.mkdir(parents=True, exist_ok=True)
                    pygame.image.save(app.canvas, str(path))
                    saved.append(path)
                shot = guide.index
                if step.kind == "finish" or (only is not None and step.id == only):
                    break
        app.shutdown()
        return saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="one lesson, every step (default: the README's shots)")
    parser.add_argument("--lang", default="en", choices=("en", "ja"))
    parser.add_argument("--out", default="docs/screenshots", help="folder (default docs/screenshots)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    if args.game:
        paths = shoot(args.game, args.lang, out)
    else:
        from game.client.tutorial import available

        paths = []
        for game, lang, step, name in README_SHOTS:
            if game in available():
                paths += shoot(game, lang, out / name, only=step)
    for path in paths:
        print(path)
    return 0 if paths else 1


if __name__ == "__main__":
    sys.exit(main())
