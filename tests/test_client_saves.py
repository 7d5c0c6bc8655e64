"""Nothing lost, nothing leaked: saved games are only deleted when they are the finished game's own
(or after the player agreed), temp files are never taken for saves, broken saves are reported and kept.
"""

from __future__ import annotations

import json
import os
import random
import time

import pygame
import pytest

from game.client.i18n import t
from game.client.menus.results import ResultsScene
from game.client.menus.title import TitleScene
from game.client.scenes import open_game
from game.client.session import SaveError, Session, list_saves, save_path
from tests.client_helpers import click_button, frames, make_app, run_until


def _saved_game(seed: int = 4, moves: int = 6) -> tuple:
    """A half-played bots-only Hacktrick game saved to its usual place: (path, bytes)."""
    s = Session.new("hacktrick", ["random", "random"], seed=seed, target=1)
    rng = random.Random(seed)
    for _ in range(moves):
        s.apply(rng.choice(s.state.legal_actions()))
    path = s.save()
    return path, path.read_bytes()


def _finish(app, session, resumed: bool = False):
    app.scenes.push(TitleScene(app))
    scene = open_game(app, session, resumed=resumed)
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
    return scene


def test_finishing_a_game_keeps_another_games_save(app):
    path, data = _saved_game()
    _finish(app, Session.new("hacktrick", ["random", "random"], seed=11, target=1))
    assert path.read_bytes() == data


def test_finishing_a_continued_game_deletes_its_own_save(app):
    path, _ = _saved_game()
    app.scenes.push(TitleScene(app))
    frames(app)
    click_button(app, app.scenes.top.b_continue)
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
    assert not path.exists()


def test_a_save_overwritten_by_another_game_is_not_deleted(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIO_DATA_DIR", str(tmp_path))
    path, _ = _saved_game(seed=4)
    mine = Session.load(path)
    path, data = _saved_game(seed=5)  # another copy of the client saves another game there
    assert not mine.delete_own_save()
    assert path.read_bytes() == data


def test_a_demo_never_touches_saves(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("TRIO_DATA_DIR", str(tmp_path / "d"))
    path, data = _saved_game()
    from game.client.main import run_demo

    assert (
        run_demo(
            "hacktrick",
            seed=3,
            speed=50,
            seats=["random", "random"],
            bot_mode="inline",
            options={"target": 1},
        )
        == 0
    )
    assert path.read_bytes() == data


def test_temp_files_are_not_saves_and_stale_ones_are_removed(app):
    path, data = _saved_game()
    fresh = path.parent / ".tmp-abc123.json"
    fresh.write_text("{ half a save", encoding="utf-8")  # newer than the save
    stale = path.parent / ".tmp-old456.json"
    stale.write_text("{", encoding="utf-8")
    old = time.time() - 2 * 3600
    os.utime(stale, (old, old))
    assert list_saves() == [path]
    assert fresh.exists() and not stale.exists()
    app.scenes.push(TitleScene(app))
    frames(app)
    click_button(app, app.scenes.top.b_continue)
    assert not isinstance(app.scenes.top, TitleScene), app.notice
    assert path.read_bytes() == data


def _record_json(**changes) -> dict:
    s = Session.new("hacktrick", ["human", "random"], seed=2)
    s.apply(s.state.legal_actions()[0])
    s.record.meta = {"seats": s.seats}
    d = s.record.to_json()
    d.update(changes)
    return d


DEEP = "[" * 100_000 + "]" * 100_000
BROKEN_SAVES = {
    "meta is a number": json.dumps(_record_json(meta=5)).encode(),
    "meta is a string": json.dumps(_record_json(meta="seats")).encode(),
    "seats is a number": json.dumps(_record_json(meta={"seats": 2})).encode(),
    "options is a list": json.dumps(_record_json(options=[1, 2])).encode(),
    "options is a number": json.dumps(_record_json(options=3)).encode(),
    "bad option value": json.dumps(_record_json(options={"target": "many"})).encode(),
    "seed is a list": json.dumps(_record_json(seed=[1])).encode(),
    "seed is text": json.dumps(_record_json(seed="x")).encode(),
    "returns is a number": json.dumps(_record_json(returns=7)).encode(),
    "players is text": json.dumps(_record_json(players="2")).encode(),
    "actions is a number": json.dumps(_record_json(actions=5)).encode(),
    "deep nesting": json.dumps(_record_json())
    .encode()
    .replace(b'"meta": {', b'"meta": {"x": ' + DEEP.encode() + b", "),
    "deep nesting everywhere": DEEP.encode(),
    "not UTF-8": b'{"game": "hack\xfftrick"}',
    "unknown agent": json.dumps(_record_json(meta={"seats": ["human", "mcts:level=insane"]})).encode(),
}


@pytest.mark.parametrize("name", sorted(BROKEN_SAVES))
def test_malformed_saves_are_reported_and_left_untouched(tmp_path, name):
    path = tmp_path / "hacktrick.json"
    path.write_bytes(BROKEN_SAVES[name])
    with pytest.raises(SaveError, match="saved game"):
        Session.load(path)
    assert path.read_bytes() == BROKEN_SAVES[name]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", ["meta is a number", "deep nesting", "not UTF-8"])
def test_continue_explains_a_malformed_save_and_keeps_it(app, name, lang):
    """A dialog says why (in the player's language: it showed the parser's English on the Japanese
    client) and offers to put the file aside; nothing happens to the file before a choice."""
    app.set_language(lang)
    path = save_path("hacktrick")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(BROKEN_SAVES[name])
    app.scenes.push(TitleScene(app))
    frames(app)
    click_button(app, app.scenes.top.b_continue)
    dialog = app.scenes.top
    note = t(dialog.note, **dialog.fmt)
    assert type(dialog).__name__ == "ConfirmScene" and t("title.save_problem.broken") in note
    assert "hacktrick.json" in note and not any(
        word in note for word in ("JSON", "Expecting", "record", "column")
    )
    assert path.read_bytes() == BROKEN_SAVES[name]


def _setup(app):
    from game.client.menus.setup import SetupScene

    app.scenes.push(TitleScene(app))
    setup = app.scenes.push(SetupScene(app, "hacktrick", seats=["human", "random"]))
    frames(app)
    return setup


def test_a_new_game_asks_before_replacing_the_save(app):
    from game.client.menus.confirm import ConfirmScene
    from game.client.scenes.hacktrick.scene import HacktrickScene

    path, data = _saved_game()
    setup = _setup(app)
    click_button(app, setup.b_start)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmScene)
    assert (dialog.b_confirm.text, dialog.b_cancel.text) == ("Replace", "Cancel")
    click_button(app, dialog.b_cancel)
    assert app.scenes.top is setup and path.read_bytes() == data
    click_button(app, setup.b_start)
    click_button(app, app.scenes.top.b_confirm)
    assert isinstance(app.scenes.top, HacktrickScene)
    assert not path.exists()


def test_without_a_save_a_new_game_starts_at_once(app):
    from game.client.scenes.hacktrick.scene import HacktrickScene

    setup = _setup(app)
    click_button(app, setup.b_start)
    assert isinstance(app.scenes.top, HacktrickScene)


def test_the_replace_question_in_japanese(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, lang="ja")
    try:
        _saved_game()
        setup = _setup(app)
        click_button(app, setup.b_start)
        dialog = app.scenes.top
        assert (dialog.b_confirm.text, dialog.b_cancel.text) == ("置き換える", "キャンセル")
        from game.client.i18n import t

        assert t(dialog.question) == "保存したゲームを置き換えますか？"
        frames(app, 2)  # draws in Japanese without trouble
    finally:
        app.shutdown()


def test_play_asks_before_replacing_the_save(tmp_path, monkeypatch):
    from game.client import app as app_module
    from game.client.main import run_play
    from game.client.menus.confirm import ConfirmScene

    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("TRIO_DATA_DIR", str(tmp_path / "d"))
    path, data = _saved_game()
    seen = []

    def run(self, first_scene=None, max_seconds=None):
        frames(self, 2)
        seen.append([type(s) for s in self.scenes.stack])
        click_button(self, self.scenes.top.b_cancel)
        seen.append([type(s) for s in self.scenes.stack])
        self.shutdown()
        return 0

    monkeypatch.setattr(app_module.App, "run", run)
    assert run_play("hacktrick", ["human", "random"], seed=1) == 0
    assert seen == [[TitleScene, ConfirmScene], [TitleScene]]
    assert path.read_bytes() == data


def test_a_dialog_shows_the_screen_it_was_opened_over_with_its_widgets(app):
    """Over the setup screen, the replace-save question hid every drop-down and label of the screen
    below (pygame-gui widgets of a covered scene are hidden): the dialog keeps the frame it opened on."""
    _saved_game()
    setup = _setup(app)
    app.render()
    seat = setup.seat_menus[0].rect
    click_button(app, setup.b_start)
    dialog = app.scenes.top
    assert type(dialog).__name__ == "ConfirmScene" and not setup.seat_menus[0].visible
    app.render()
    with_backdrop = pygame.image.tobytes(app.canvas.subsurface(seat), "RGB")
    dialog.backdrop = None
    app.render()
    assert pygame.image.tobytes(app.canvas.subsurface(seat), "RGB") != with_backdrop  # the drop-down is gone


# -- closing the window -------------------------------------------------------------------------


def _human_moved(app, seed: int = 3):
    """A Hacktrick table, a human against a random bot, after the human's first move."""
    app.scenes.push(TitleScene(app))
    scene = open_game(app, Session.new("hacktrick", ["human", "random"], seed=seed, target=1))
    assert run_until(app, lambda: scene.my_turn)
    assert scene.act(scene.session.state.legal_actions()[0])
    frames(app)
    return scene


def _close_window(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)


def test_closing_the_window_saves_the_game_for_continue(app):
    scene = _human_moved(app)
    _close_window(app)
    assert not app.running
    assert list_saves() == [save_path("hacktrick")]
    assert Session.load(save_path("hacktrick")).record.actions == scene.session.record.actions


def test_closing_the_window_keeps_the_newest_moves_of_a_continued_game(app):
    path, _ = _saved_game(moves=0)
    session = Session.load(path)
    session.seats[0] = "human"
    session.save()  # a human's saved game, continued below
    app.scenes.push(TitleScene(app))
    frames(app)
    click_button(app, app.scenes.top.b_continue)
    scene = app.scenes.top
    assert run_until(app, lambda: scene.my_turn)
    assert scene.act(scene.session.state.legal_actions()[0])
    frames(app)
    _close_window(app)
    assert not app.running
    assert Session.load(path).record.actions == scene.session.record.actions != []


def test_closing_the_window_never_overwrites_another_games_save(app):
    path, data = _saved_game()
    _human_moved(app)  # opened without the setup's question, as another copy of the client might
    _close_window(app)
    assert app.running and path.read_bytes() == data
    assert app.notice[0].startswith("Not saved: another Hacktrick game is saved.")
    _close_window(app)  # closing again quits without saving
    assert not app.running and path.read_bytes() == data


def test_a_failed_save_keeps_the_window_open_until_closed_again(app, monkeypatch):
    scene = _human_moved(app)

    def full_disk(path=None):
        raise OSError("No space left on device")

    monkeypatch.setattr(scene.session, "save", full_disk)
    _close_window(app)
    assert app.running
    assert app.notice[0] == t("game.close_save_failed", error="No space left on device")
    app.close_refused_at -= 60  # much later: the game is asked again, and again it cannot save
    _close_window(app)
    assert app.running
    _close_window(app)
    assert not app.running and not save_path("hacktrick").exists()


def test_closing_the_window_saves_nothing_without_a_human_move_to_keep(app):
    app.scenes.push(TitleScene(app))
    open_game(app, Session.new("hacktrick", ["random", "random"], seed=5, target=1))
    frames(app, 20)  # bots only: their moves are not the player's to keep
    _close_window(app)
    assert not app.running and list_saves() == []


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGTERM"), reason="no SIGTERM")
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGINT"])
def test_a_stop_signal_closes_the_window_and_saves_the_game(app, signame):
    import signal
    import threading

    signum = getattr(signal, signame)
    missed = []

    def catcher(*args):  # a signal the client did not catch
        missed.append(args)

    before = signal.signal(signum, catcher)
    try:
        scene = _human_moved(app)
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signum))  # Ctrl+C in the terminal, or a kill
        timer.start()
        start = time.monotonic()
        app.run(max_seconds=6)
        timer.join()
        assert not missed and time.monotonic() - start < 5
        assert Session.load(save_path("hacktrick")).record.actions == scene.session.record.actions
        assert signal.getsignal(signum) is catcher and not app.running  # the handler before is back
    finally:
        signal.signal(signum, before)


def test_continue_names_the_game_it_resumes(app):
    """The player could not tell which game Continue would open."""
    assert not _title(app).b_continue.is_enabled  # nothing saved: "Continue saved game", greyed
    path, _ = _saved_game()
    app.scenes.pop()
    title = _title(app)
    assert title.b_continue.text == "Continue Hacktrick" and title.b_continue.is_enabled
    assert t("title.continue_game", game="Hakkutsu!!") == "Continue Hakkutsu!!"


def _title(app):
    app.scenes.push(TitleScene(app))
    frames(app)
    return app.scenes.top
