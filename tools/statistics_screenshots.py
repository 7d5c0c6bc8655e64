"""``python -m tools.statistics_screenshots [--out docs/screenshots] [--games N]``: the README's
Statistics screenshots (``statistics_en.png``, ``statistics_ja.png``).

A history of real games, played headless: the player's seat is played by the easy bot (standing in
for a person), against the random bot, the simple bot and the easy bot in Hacktrick and Ratjack (2
and 3 players); every game is kept as a replay and written to a fresh history, with one game in
nine taken with an undo (unrated), as a player's would be.  Settings and the history go to a
temporary folder; the player's own are not touched.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from typing import Any

TABLES = (("ratjack", 2), ("ratjack", 2), ("hacktrick", 2), ("ratjack", 3))
OPPONENTS = ("random", "heuristic", "mcts:level=easy")


def build_history(app: Any, games: int, name: str) -> None:
    """Play ``games`` games and write them to the app's history, as the profile ``name``."""
    from ai import play_game
    from game.client.history import store
    from game.history import entry_from_record

    history = store(app)
    profile = history.create_profile(name)
    history.set_local_profile(profile.id)
    folder = os.path.join(os.environ["TRIO_DATA_DIR"], "shots")
    os.makedirs(folder, exist_ok=True)
    start = time.time() - games * 3600
    for i in range(games):
        game, n = TABLES[i % len(TABLES)]
        level = OPPONENTS[(i // len(TABLES)) % len(OPPONENTS)]
        record = play_game(game, ["mcts:level=easy"] + [level] * (n - 1), seed=100 + i)
        record.meta = dict(record.meta, started=start + i * 3600, undos=1 if i % 9 == 4 else 0)
        path = os.path.join(folder, f"game-{i:03d}.json")
        record.save(path)
        seats = ["human"] + [level] * (n - 1)
        profiles = [profile.id] + [None] * (n - 1)
        history.record_game(
            entry_from_record(record, seats, profiles, replay=path, ended_at=start + i * 3600 + 900)
        )


def shot(out: str, lang: str, games: int) -> str:
    from game.client.app import App
    from game.client.menus.title import TitleScene
    from game.client.settings import Settings

    settings = Settings.load()
    settings.language = lang
    app = App(settings, bot_mode="inline")
    try:
        build_history(app, games, {"en": "Aiko", "ja": "あいこ"}[lang])
        app.scenes.push(TitleScene(app))
        scene = app.scenes.push_named("statistics")
        scene.set_filter("game", "ratjack")
        scene.set_filter("players", 2)
        scene.rebuild()  # the drop-downs show the filters
        for _ in range(10):
            app.step(1 / 30)
        from tools.client_screenshots import save

        path = os.path.join(out, f"statistics_{lang}.png")
        save(app, path)
        return path
    finally:
        app.shutdown()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.statistics_screenshots", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument("--games", type=int, default=36)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    for lang in ("en", "ja"):
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["TRIO_CONFIG_DIR"] = os.path.join(tmp, "config")
            os.environ["TRIO_DATA_DIR"] = os.path.join(tmp, "data")
            shot(args.out, lang, args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
