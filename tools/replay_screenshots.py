"""Retake the replay screenshots of the README (headless, seeded).

    python -m tools.replay_screenshots [--out docs/screenshots] [--budget N] [--jobs 2]

A Hacktrick game between two heuristic players is played, reviewed (the
same analysis as ``tabletop-trio review``, at its default budget unless ``--budget``) and opened in
the replay at its first critical moment whose better move the table outlines (else its biggest loss), watched from the player who made
it, the graph showing the hands: ``replay_en.png``.  The title screen (with its Replays
button) is retaken too: ``title_en.png``, and the setup of a 4-player Ratjack game (each seat's
note, the deck pair's abilities): ``setup_en.png``.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument("--budget", type=int)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TRIO_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["TRIO_CONFIG_DIR"] = str(Path(tmp) / "config")
        import pygame

        from ai import play_game
        from ai.review import review_record
        from game.client.main import _app
        from game.client.menus.setup import SetupScene
        from game.client.menus.title import TitleScene
        from game.client.replay.scene import ReplayScene
        from game.client.replay.store import review_dir_for

        record = play_game("hacktrick", ["heuristic", "heuristic"], seed=args.seed)
        path = Path(tmp) / "game.json"
        record.save(path)
        review = review_record(record, budget=args.budget, jobs=args.jobs)
        review_dir_for(path).mkdir()
        review.save(review_dir_for(path) / "review.json")
        worst = (
            review.at(review.critical[0].index)
            if review.critical
            else max(review.decisions, key=lambda d: d.loss)
        )
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)

        app = _app("en")
        app.scenes.push(TitleScene(app))
        for _ in range(10):
            app.step(1 / 30)
        app.scenes.fade = 0.0
        app.render()
        pygame.image.save(app.canvas, str(out / "title_en.png"))
        app.scenes.push(
            SetupScene(
                app,
                "ratjack",
                ["human", "mcts:level=easy", "heuristic", "mcts:level=normal"],
                {"decks": ("weasel", "raccoon")},
            )
        )
        for _ in range(10):
            app.step(1 / 30)
        app.scenes.fade = 0.0
        app.render()
        pygame.image.save(app.canvas, str(out / "setup_en.png"))
        app.scenes.pop()
        replay = app.scenes.push(ReplayScene(app, record, path=path, move=worst.index, seat=worst.player))
        for c in review.critical:  # the first critical moment whose better move the table outlines
            replay.watch(c.player)
            replay.seek(c.index)
            move = replay.better_move()
            if move is not None and replay.table.hint_rects(move):
                break
        else:
            replay.watch(worst.player)
            replay.seek(worst.index)
        replay.toggle_graph()  # the hands' chances: where the critical moment shows
        for _ in range(10):
            app.step(1 / 30)
        app.scenes.fade = 0.0
        app.render()
        pygame.image.save(app.canvas, str(out / "replay_en.png"))
        app.shutdown()
        print(
            f"wrote {out / 'title_en.png'}, {out / 'setup_en.png'} and {out / 'replay_en.png'} "
            f"(review: {len(review.decisions)} decisions in {review.seconds:.1f} s)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
