"""``python -m tools.screenshots [--out docs/screenshots]``: the README's Ratjack and Hakkutsu!! screenshots.

Headless (``SDL_VIDEODRIVER=dummy``): a seeded 4-player game (you against three
bots) is played by bots up to a moment where it is your turn, then the table is
drawn in English and in Japanese; a built position shows an ability waiting for
its target; a bot's turn captioned, and the list of what the bots did since your
last turn.  Hakkutsu!!: a 4-player map mid-game with the reachable cells and the
path to one of them (English), the dig prompt (Japanese) and the final scoring.
Same command, same pictures.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _app(lang: str, data_dir: Path):
    os.environ["TRIO_CONFIG_DIR"] = str(data_dir / "config")
    os.environ["TRIO_DATA_DIR"] = str(data_dir / "data")
    from game.client.app import App
    from game.client.settings import Settings

    settings = Settings.load()
    settings.language = lang
    return App(settings, bot_mode="inline")


def _settle(app, scene, frames: int = 90) -> None:
    """Finish the animations and the fade, then a few frames so the bar follows."""
    for _ in range(frames):
        scene.timeline.finish_all()
        app.step(1 / 60)
        if not scene.timeline.busy and scene.my_turn:
            break
    app.scenes.fade = 0
    for _ in range(3):
        app.step(1 / 60)
    scene.tips.hovered_for = 0.0


def _shoot(app, path: Path) -> Path:
    """Render the current frame to ``path`` and close the app."""
    import pygame

    app.render()
    pygame.image.save(app.canvas, str(path))
    app.shutdown()
    return path


def ratjack_midgame(lang: str, out: Path, data_dir: Path, moves: int = 46) -> Path:
    """A 4-player Ratjack table mid-round, your turn to play a card."""
    from ai import make_agent
    from game.client.registry import open_game
    from game.client.session import Session
    from game.rules import Seat

    seats = ["human", "mcts:level=easy", "heuristic", "mcts:level=easy"]
    session = Session.new("ratjack", seats, seed=11, decks=("weasel", "raccoon"))
    bot = make_agent("heuristic", seed=5)
    while len(session.record.actions) < moves or session.to_move != 0 or session.state.phase != "draw":
        session.apply(bot.choose(Seat(session.state, session.to_move)))
    app = _app(lang, data_dir)
    scene = open_game(app, session)
    _settle(app, scene)
    scene.act(next(a for a in scene.legal_actions() if a.kind == "draw-deck"))
    _settle(app, scene)
    scene.pick(scene.current_choices().order[0])  # a hand card selected: its uses on the bar
    app.step(1 / 60)
    app.step(1 / 60)
    return _shoot(app, out / f"ratjack_{lang}.png")


def ratjack_targeting(lang: str, out: Path, data_dir: Path) -> Path:
    """Rat 9 waits for its target: another player's card with a token, legal ones highlighted."""

    from game.client.registry import open_game
    from game.client.session import Session
    from game.rules.ratjack.positions import position

    session = Session.new("ratjack", ["human", "heuristic", "heuristic"], seed=5)
    session.state = position(
        3,
        ("rat-red", "weasel"),
        phase="play",
        player=0,
        hands=[["rat-red 9", "weasel 2"], ["weasel 10"], ["rat-red 1"]],
        areas=[
            ["U:rat-red 6", "D:weasel 8", "U:weasel 4"],
            ["U:rat-red 10@+5", "D:rat-red 3", "U:weasel 7@double"],
            ["U:weasel 11@-1", "D:rat-red 12", "U:rat-red 2"],
        ],
        deck=["rat-red 4", "rat-red 5"],
        discard=["weasel 1", "weasel 6"],
        reserve=["+10", "half", "protected"],
    )
    app = _app(lang, data_dir)
    scene = open_game(app, session)
    scene.show_view(session.state.view(0))
    _settle(app, scene)
    face_up_9 = next(a for a in scene.legal_actions() if a.kind == "face-up" and a.card == 8)
    scene.act(face_up_9)
    _settle(app, scene)
    return _shoot(app, out / f"ratjack_target_{lang}.png")


def _ratjack_bots_turns(lang: str, data_dir: Path, stop):
    """A seeded 4-player Ratjack game (you against three simple bots) played at the default speed,
    your moves by a fixed policy, until ``stop(scene)``; returns the app and the table."""
    from ai import make_agent
    from game.client.registry import open_game
    from game.client.session import Session
    from game.rules import Seat

    session = Session.new(
        "ratjack", ["human", "heuristic", "heuristic", "heuristic"], seed=11, decks=("weasel", "raccoon")
    )
    app = _app(lang, data_dir)
    scene = open_game(app, session)
    me = make_agent("heuristic", seed=3)
    for _ in range(20000):
        if scene.timeline.waiting:
            scene.timeline.release()
        if scene.my_turn and app.scenes.top is scene:
            if stop(scene):
                break
            scene.act(me.choose(Seat(session.state, 0)))
        app.step(1 / 30)
        if not scene.my_turn and stop(scene):
            break
    app.scenes.fade = 0
    return app, scene


def ratjack_caption(lang: str, out: Path, data_dir: Path) -> Path:
    """A bot's turn: its area spotlighted, its moves captioned next to the card they changed."""

    def swapped(scene):
        box = scene.captions.current
        return (
            box is not None
            and len(box.lines) >= 2
            and box.lines[-1].shown > 0.8
            and not scene.banner_text
            and box.lines[-1].kind in ("cards_swapped", "card_moved", "token_placed", "tokens_swapped")
        )

    app, _ = _ratjack_bots_turns(lang, data_dir, swapped)
    return _shoot(app, out / f"caption_{lang}.png")


def ratjack_since_last_turn(lang: str, out: Path, data_dir: Path) -> Path:
    """Your turn after the three bots': what each of them did, opened with R."""

    def listed(scene):
        if scene.my_turn and len(scene.recap.groups()) >= 3 and len(scene.session.record.actions) > 30:
            scene.recap.open = True
            return True
        return False

    app, _ = _ratjack_bots_turns(lang, data_dir, listed)
    app.step(1 / 60)
    return _shoot(app, out / f"since_last_turn_{lang}.png")


HAKKUTSU_SEATS = ["human", "heuristic", "mcts:level=easy", "heuristic"]


def _hakkutsu_session(moves: int, phase: str = "move", **options):
    """A seeded 4-player Hakkutsu!! game played by bots until it is your turn (``phase``) after ``moves`` actions."""
    from ai import make_agent
    from game.client.session import Session
    from game.rules import Seat

    session = Session.new("hakkutsu", HAKKUTSU_SEATS, seed=21, draft=True, **options)
    bot = make_agent("heuristic", seed=5)
    while len(session.record.actions) < moves or session.to_move != 0 or session.state.phase != phase:
        session.apply(bot.choose(Seat(session.state, session.to_move)))
    return session


def hakkutsu_map(lang: str, out: Path, data_dir: Path) -> Path:
    """Mid-game, your move: the reachable cells highlighted, the path to one and its card."""
    import pygame

    from game.client.registry import open_game

    session = _hakkutsu_session(60)
    app = _app(lang, data_dir)
    scene = open_game(app, session)
    _settle(app, scene)
    cells = sorted(scene.current_choices().cells, key=lambda rc: -abs(rc[0] - 2) - abs(rc[1] - 2))
    cells = [rc for rc in cells if scene.display["map"][rc[0]][rc[1]]["stack_size"]] or cells  # show a card
    pos = scene.point_of(("cell", *cells[0]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    app.step(1 / 60)
    return _shoot(app, out / f"hakkutsu_{lang}.png")


def hakkutsu_dig(lang: str, out: Path, data_dir: Path) -> Path:
    """Your pawn has arrived on a site: the dig prompt (card, cost, coins left, the cart before/after)."""
    from game.client.registry import open_game

    session = _hakkutsu_session(44)
    app = _app(lang, data_dir)
    scene = open_game(app, session)
    _settle(app, scene)
    view = scene.display
    moves = [a for a in scene.legal_actions() if a.kind == "move"]

    def worth(a):
        site = view["map"][a.cell // 5][a.cell % 5]
        top = site.get("top") if not site["base"] else None
        return (top is not None and top["cost"] <= view["coins"][0], top["points"] if top else -1)

    scene.act(max(moves, key=worth))
    _settle(app, scene)
    return _shoot(app, out / f"hakkutsu_dig_{lang}.png")


def hakkutsu_scores(lang: str, out: Path, data_dir: Path) -> Path:
    """The end of an arranged game: the scoring screen with every line revealed."""
    from game.client.registry import open_game

    session = _hakkutsu_session(0, rounds=4)
    app = _app(lang, data_dir)
    scene = open_game(app, session)
    from ai import make_agent
    from game.rules import Seat

    bot = make_agent("heuristic", seed=9)
    for _ in range(4000):
        summary = scene.summary
        if summary is not None and summary["shown"] > 4:
            break
        if scene.my_turn:
            scene.act(bot.choose(Seat(session.state, 0)))
        app.step(1 / 30)
    app.scenes.fade = 0
    return _shoot(app, out / f"hakkutsu_scores_{lang}.png")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.screenshots", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", default="docs/screenshots", help="folder for the PNGs (default docs/screenshots)"
    )
    args = parser.parse_args(argv)
    import tempfile

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for shot, lang in (
            (ratjack_midgame, "en"),
            (ratjack_midgame, "ja"),
            (ratjack_targeting, "en"),
            (ratjack_caption, "en"),
            (ratjack_since_last_turn, "en"),
            (hakkutsu_map, "en"),
            (hakkutsu_dig, "ja"),
            (hakkutsu_scores, "en"),
        ):
            print(shot(lang, out, Path(tmp)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
