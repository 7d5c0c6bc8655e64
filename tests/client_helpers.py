"""Shared helpers for the client tests: a headless App and synthetic input."""

from __future__ import annotations

import gc
import os
import weakref

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

#: The Apps :func:`make_app` made since the last :func:`collect_closed_apps`.
_made: list[weakref.ref] = []


def make_app(tmp_path, monkeypatch, lang: str = "en", bot_mode: str = "inline"):
    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TRIO_DATA_DIR", str(tmp_path / "data"))
    from game.client.app import App
    from game.client.settings import Settings

    settings = Settings.load()
    settings.language = lang
    settings.animation_speed = 4.0
    skip_lesson_offers()
    app = App(settings, bot_mode=bot_mode)
    _made.append(weakref.ref(app))
    return app


def collect_closed_apps() -> None:
    """Free the Apps made since the last call (``conftest.py`` calls this after each test).  A closed
    App, its scenes and widgets are cyclic garbage holding tens of MB of surfaces that Python's
    collector does not count (it counts objects, not bytes): left to it, they piled up until the full
    suite's process held 8 GB."""
    if _made:
        _made.clear()
        gc.collect()


def skip_lesson_offers() -> None:
    """Mark every lesson as offered: the first Play of a game would otherwise ask "New to ...?" before
    its setup (``tests/test_tutorial.py`` tests that offer itself, from an empty record)."""
    from game.client.tutorial import available, progress

    for game in available():
        progress.remember(game, offered=True)


def fast_app(tmp_path, monkeypatch):
    """A headless App whose animations run fast (a fixture body: ``yield from fast_app(...)``)."""
    app = make_app(tmp_path, monkeypatch)
    app.settings.animation_speed = 12.0
    yield app
    app.shutdown()


def frames(app, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 30)


def click(app, pos, button: int = 1, settle: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, settle)


def click_button(app, button) -> None:
    """Click a pygame-gui button where it is drawn."""
    assert button.visible, f"button {button.text!r} is hidden"
    click(app, button.rect.center)


def key(app, k: int, mod: int = 0, settle: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    frames(app, settle)


def run_until(app, predicate, limit: int = 3000) -> bool:
    for _ in range(limit):
        if predicate():
            return True
        app.step(1 / 30)
    return predicate()


def check_save_resume_undo(app, scene, scene_class) -> None:
    """On the human's (player 0's) turn: save from the pause menu, continue from the title screen
    (the same game at the same table class), then undo with Ctrl+Z back to the human's decision."""
    from game.client.menus.pause import PauseScene
    from game.client.menus.title import TitleScene
    from game.client.session import save_path

    assert run_until(app, lambda: scene.my_turn)
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    actions = list(scene.session.record.actions)
    click_button(app, pause.b_save)
    assert isinstance(app.scenes.top, TitleScene) and save_path(scene.session.game).is_file()
    app.scenes.top.continue_game()
    resumed = app.scenes.top
    assert isinstance(resumed, scene_class) and resumed.session.record.actions == actions
    assert run_until(app, lambda: resumed.my_turn)
    n = len(resumed.session.record.actions)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(resumed.session.record.actions) < n
    assert resumed.session.to_move == 0 and resumed.display == resumed.session.state.view(0)


def monkey_on_table(app, scene, rng, keys: list[int], events: int, aim=None) -> None:
    """Random clicks (half of them at ``aim(rng)`` if given) and ``keys`` on a table; the pause menu is
    closed again at once.  Stops early if the table is left (the game ended)."""
    for _ in range(events):
        if rng.random() < 0.6:
            pos = (rng.randrange(1280), rng.randrange(720))
            if aim is not None and rng.random() < 0.5:
                pos = aim(rng)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        else:
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode="", scancode=0)
            )
        app.step(1 / 30)
        if type(app.scenes.top).__name__ == "PauseScene":
            app.scenes.pop()
        if app.scenes.top is not scene:
            break


def play_table_to_the_end(app, scene, decide, ui_state, limit: int = 6000) -> int:
    """Drive a table to the results screen: ``decide()`` makes each of the human's decisions by
    clicking; ``ui_state()`` (what a click may change) must change with every decision.  Returns
    how many decisions were made; a summary waiting for a click is clicked away."""
    decisions = 0
    for _ in range(limit):
        if type(app.scenes.top).__name__ == "ResultsScene":
            return decisions
        if scene.timeline.waiting:
            click(app, (480, 300), settle=1)
            continue
        if scene.my_turn and app.scenes.top is scene:
            before = ui_state()
            decide()
            assert ui_state() != before, "the click did nothing"
            decisions += 1
        else:
            frames(app, 1)
    raise AssertionError("the game did not finish")
