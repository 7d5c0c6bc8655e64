"""``python -m tools.client_screenshots [--out docs/screenshots]``: the README's Hacktrick table screenshots.

Drives the client headless (``SDL_VIDEODRIVER=dummy``) through a game of a
human seat against a bot, the human playing a simple fixed policy, and saves:

* ``game_en.png`` / ``game_ja.png`` - the human's turn in the third hand, a hand card hovered (its tooltip);
* ``thinking_en.png`` - the MCTS bot thinking in its own process;
* ``hand_won_en.png`` - a hand summary waiting for a click, the winning cells glowing;
* ``rules_en.png`` / ``rules_ja.png`` - the rules screen (``--only rules`` takes just these).

Settings and saves go to a temporary directory; the player's own are not touched.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

FRAME = 1 / 30


def human_move(scene):
    """Play a card with a normal marker when possible (the lowest), else the first legal action."""
    legal = scene.legal_actions()
    cards = sorted((a for a in legal if a.kind in ("open", "play") and not a.x2), key=lambda a: a.card)
    return (cards or legal)[0]


def open_table(lang: str, bot: str, seed: int, bot_mode: str = "inline", **options):
    from game.client.app import App
    from game.client.menus.title import TitleScene
    from game.client.scenes import open_game
    from game.client.session import Session
    from game.client.settings import Settings

    settings = Settings.load()
    settings.language = lang
    settings.animation_speed = 2.0
    app = App(settings, bot_mode=bot_mode)
    app.scenes.push(TitleScene(app))
    session = Session.new("hacktrick", ["human", bot], seed=seed, **options)
    return app, open_game(app, session)


def play_until(app, scene, done, limit: int = 20000, release: bool = True) -> bool:
    """Step the table, the human playing :func:`human_move`, until ``done()``."""
    for _ in range(limit):
        if done():
            return True
        if scene.timeline.waiting and release:
            scene.timeline.release()
        elif scene.my_turn:
            scene.act(human_move(scene))
        app.step(FRAME)
    return done()


def settle(app, frames: int = 20) -> None:
    for _ in range(frames):
        app.step(FRAME)


def save(app, path: str) -> None:
    import pygame

    app.render()
    pygame.image.save(app.canvas, path)
    print(f"saved {path}")


def hover_hand_card(app, scene) -> None:
    """Rest the mouse on the first playable hand card long enough for its tooltip."""
    import pygame

    from game.client.scenes.hacktrick.input import playable_cards

    playable = playable_cards(scene.legal_actions())
    hand = scene.display["hand"]
    index = next((i for i, v in enumerate(hand) if v in playable), 0)
    pos = scene.layout.hand.rect_of(("hand", index)).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    settle(app)


def game_shot(out: str, lang: str) -> None:
    app, scene = open_table(lang, "heuristic", seed=3)
    try:
        s = scene.session
        play_until(
            app,
            scene,
            lambda: (
                s.state.hand_number >= 3
                and scene.my_turn
                and s.state.phase == "main"
                and len(s.state.row) >= 4
            ),
        )
        hover_hand_card(app, scene)
        save(app, os.path.join(out, f"game_{lang}.png"))
    finally:
        app.shutdown()


def thinking_shot(out: str) -> None:
    app, scene = open_table("en", "mcts:level=normal", seed=5, bot_mode="process", target=2)
    try:
        play_until(
            app,
            scene,
            lambda: (
                len(scene.session.record.actions) >= 3
                and scene.bot_thinking
                and not scene.timeline.busy
                and (scene.worker.progress or 0) > 0.3
            ),
        )
        save(app, os.path.join(out, "thinking_en.png"))
    finally:
        app.shutdown()


def hand_won_shot(out: str) -> None:
    app, scene = open_table("en", "heuristic", seed=5, target=2)
    try:
        play_until(app, scene, lambda: scene.timeline.waiting and scene.summary is not None, release=False)
        save(app, os.path.join(out, "hand_won_en.png"))
    finally:
        app.shutdown()


def rules_shot(
    out: str, lang: str, game: str = "hacktrick", section: str | None = "components", scroll: int = 0
) -> None:
    """The rules screen of ``game`` opened at ``section`` (then scrolled ``scroll`` px further)."""
    from game.client.app import App
    from game.client.menus.rules import RulesScene
    from game.client.menus.title import TitleScene
    from game.client.settings import Settings

    settings = Settings.load()
    settings.language = lang
    app = App(settings, bot_mode="inline")
    try:
        app.scenes.push(TitleScene(app))
        scene = app.scenes.push(RulesScene(app, game, section))
        scene.scroll_to(scene.scroll + scroll)
        settle(app)
        save(app, os.path.join(out, f"rules_{lang}.png"))
    finally:
        app.shutdown()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/screenshots", help="directory for the PNGs")
    parser.add_argument("--only", choices=("table", "rules"), help="take only the table or the rules shots")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TRIO_CONFIG_DIR"] = tmp
        os.environ["TRIO_DATA_DIR"] = tmp
        if args.only != "table":
            rules_shot(args.out, "en")
            rules_shot(args.out, "ja")
        if args.only != "rules":
            game_shot(args.out, "en")
            game_shot(args.out, "ja")
            hand_won_shot(args.out)
            thinking_shot(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
