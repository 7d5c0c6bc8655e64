"""Two windows continuing one save: Pause → Save and quit never replaces the other window's newer
save without asking (closing the window never replaces it at all: tests/test_client_saves.py)."""

from __future__ import annotations

import random

import pytest

from game.client.i18n import t
from game.client.menus.confirm import ConfirmScene
from game.client.menus.pause import PauseScene
from game.client.menus.title import TitleScene
from game.client.scenes import open_game
from game.client.session import Session, save_path
from tests.client_helpers import click_button, frames, make_app, run_until


@pytest.fixture(params=["en", "ja"])
def app(tmp_path, monkeypatch, request):
    a = make_app(tmp_path, monkeypatch, lang=request.param)
    yield a
    a.shutdown()


def _two_windows():
    """A saved game (a human against a random bot), loaded twice: the other window moves and saves
    first.  Returns (this window's session, the save's bytes after the other window saved)."""
    first = Session.new("hacktrick", ["human", "random"], seed=9, target=1)
    path = first.save()
    mine, other = Session.load(path), Session.load(path)
    rng = random.Random(1)
    while other.is_human(other.to_move) is False or len(other.record.actions) < 2:
        other.apply(rng.choice(other.state.legal_actions()))
    other.save()
    return mine, path.read_bytes()


def _paused(app, session):
    app.scenes.push(TitleScene(app))
    scene = open_game(app, session, resumed=True)
    assert run_until(app, lambda: scene.my_turn)
    assert scene.act(scene.session.state.legal_actions()[0])
    frames(app)
    scene.pause()
    frames(app)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    return scene, pause


def test_save_and_quit_asks_before_replacing_another_windows_newer_save(app):
    mine, theirs = _two_windows()
    path = save_path("hacktrick")
    scene, pause = _paused(app, mine)
    click_button(app, pause.b_save)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmScene) and dialog.question == "pause.other_save_question"
    assert t("pause.other_save_note", game=t("game.hacktrick.title"))  # both languages have it
    assert path.read_bytes() == theirs  # nothing written before the answer
    click_button(app, dialog.b_cancel)
    assert app.scenes.top is pause and path.read_bytes() == theirs
    click_button(app, pause.b_save)
    click_button(app, app.scenes.top.b_confirm)  # the player chose to replace it
    frames(app)
    assert isinstance(app.scenes.top, TitleScene)
    assert Session.load(path).record.actions == scene.session.record.actions


def test_save_and_quit_of_the_windows_own_save_does_not_ask(app):
    first = Session.new("hacktrick", ["human", "random"], seed=9, target=1)
    path = first.save()
    scene, pause = _paused(app, Session.load(path))
    click_button(app, pause.b_save)
    frames(app)
    assert isinstance(app.scenes.top, TitleScene)
    assert Session.load(path).record.actions == scene.session.record.actions
