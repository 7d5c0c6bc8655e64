"""Opening and leaving a tutorial: its session, its table, and ``tabletop-trio tutorial``."""

from __future__ import annotations

import os

import pygame

from ..players import HUMAN, TUTOR
from ..session import Session
from . import progress
from .guide import Guide
from .scenario import Scenario, find_action, load


class TutorialSession(Session):
    """A lesson's game: the learner and the coach's scripted seats, never saved, never undone,
    never kept among the finished games (the learner's place is kept by :mod:`.progress`)."""

    @classmethod
    def for_scenario(cls, scenario: Scenario, upto: int = 0) -> TutorialSession:
        """The scenario's deal with its first ``upto`` actions played."""
        from game.rules import GameRecord

        seats = [HUMAN if p == scenario.human else TUTOR for p in range(scenario.players)]
        state, record = GameRecord.start(
            scenario.game, players=scenario.players, seed=scenario.seed, **scenario.game_options()
        )
        record.meta = {"seats": seats, "tutorial": True}
        session = cls(record, seats)
        for text in scenario.line()[:upto]:
            session.apply(find_action(session.state, text))
        session.history = []
        return session

    def save(self, path=None):
        raise OSError("a tutorial is not saved")

    def save_slot_is_mine(self) -> bool:
        return True  # a lesson writes no save, so it never replaces one

    def has_unsaved_moves(self) -> bool:
        return False  # leaving loses nothing: the place in the lesson is kept at every step

    def undo_point(self) -> int | None:
        return None  # a lesson goes forward (its explanations have Back)

    def undo_refusal(self) -> None:
        return None  # ... for no reason of the game's


def open_tutorial(app, game: str, restart: bool = False, autoplay: bool = False):
    """Show ``game``'s tutorial at its table, where the learner left it (from the start with
    ``restart``, or once it was finished); returns the table scene."""
    from ..registry import open_game

    scenario = load(game)
    place = progress.place(game)
    start = 0 if restart or place.step >= len(scenario.steps) else place.step
    session = TutorialSession.for_scenario(scenario, scenario.actions_before(start))
    table = open_game(app, session)
    table.guide = Guide(table, scenario, start=start, autoplay=autoplay)
    progress.remember(game, offered=True)
    return table


def leave_tutorial(app, game: str, choice: str) -> None:
    """The finish step's buttons: ``play`` a real game against the easy bot, ``again`` (the
    lesson from its start), ``title``."""
    from ..menus.setup import start_new_game
    from ..menus.title import TitleScene

    if choice == "again":
        progress.remember(game, step=0)
        open_tutorial(app, game, restart=True, autoplay=False)
        return
    if getattr(app, "tutorial_cli", False) and choice == "title":
        app.quit()  # ``tabletop-trio tutorial``: the lesson was the whole visit
        return
    app.scenes.clear_to(TitleScene(app))
    if choice == "play":
        from game.rules import game_info

        seats = [HUMAN] + ["mcts:level=easy"] * (game_info(game).min_players - 1)
        start_new_game(app, Session.new(game, seats))


def check_tutorial_game(game: str) -> None:
    """``ValueError`` (one line) unless ``game`` has a tutorial."""
    from .scenario import available

    if game not in available():
        raise ValueError(f"no tutorial for {game!r}; tutorials: {', '.join(available())}")


def run_tutorial(
    game: str,
    lang: str | None = None,
    autoplay: bool = False,
    screenshot: str | None = None,
    restart: bool = False,
    max_seconds: float = 600.0,
) -> int:
    """``tabletop-trio tutorial GAME``: the lesson in a window; with ``autoplay`` it plays itself
    to the end (headless with ``SDL_VIDEODRIVER=dummy``) and exits 0 once its last step is reached
    (1 if it got stuck)."""
    from ..main import _app, require_display
    from ..menus.title import TitleScene

    if not autoplay:
        require_display()
    app = _app(lang)
    app.tutorial_cli = True
    if autoplay:  # nobody reads along: the moves go by quickly (the setting itself is not saved)
        app.settings.animation_speed = max(app.settings.animation_speed, 4.0)
    app.scenes.push(TitleScene(app))
    table = open_tutorial(app, game, restart=restart or autoplay, autoplay=autoplay)
    if not autoplay:
        return app.run()
    guide = table.guide
    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
    elapsed = 0.0
    with app.stop_signals_close_window():
        while app.running and elapsed < max_seconds and guide.step.kind != "finish":
            dt = app.clock.tick(0 if headless else 60) / 1000.0
            step = 1 / 30 if headless else min(dt, 0.1)
            app.step(step)
            elapsed += step
        for _ in range(4):  # the last step drawn
            app.step(1 / 30)
    reached = guide.step.kind == "finish"
    if screenshot:
        app.render()
        pygame.image.save(app.canvas, screenshot)
        print(f"saved the last frame to {screenshot}")
    print(
        f"{game} tutorial: {'finished' if reached else 'stopped at step ' + str(guide.index + 1)}"
        f" ({guide.index + 1} of {len(guide.scenario.steps)} steps, {len(table.session.record.actions)} moves)"
    )
    app.shutdown()
    return 0 if reached else 1
