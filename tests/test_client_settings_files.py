"""A broken settings file never stops the client: defaults are used, the player is told once,
and the file is left as it is."""

from __future__ import annotations

import pytest

from game.client.settings import Settings
from tests.client_helpers import frames

BROKEN = {
    "huge window": b'{"window_size": [1e999, 720]}',
    "huge speed": b'{"animation_speed": 1e999, "volume": -1e999}',
    "not a number": b'{"volume": NaN, "animation_speed": Infinity}',
    "not UTF-8": b'{"language": "\xff\xfe"}',
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "deep value": b'{"window_size": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "wrong types": b'{"language": ["ja"], "mute": "no", "fullscreen": 1, "window_size": "big", "volume": true}',
    "a list": b"[1, 2]",
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_settings_fall_back_to_defaults_and_say_so(tmp_path, monkeypatch, name):
    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path))
    path = tmp_path / "settings.json"
    path.write_bytes(BROKEN[name])
    s = Settings.load()
    defaults = Settings()
    assert s.problem and str(path) in s.problem
    assert s.to_json() == defaults.to_json()
    assert path.read_bytes() == BROKEN[name]


def test_good_values_stay_and_bad_ones_are_named(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.json").write_text('{"language": "ja", "volume": 0.2, "mute": "yes"}')
    s = Settings.load()
    assert (s.language, s.volume, s.mute) == ("ja", 0.2, False)
    assert "mute" in s.problem and "volume" not in s.problem


def _app_over_a_settings_file(tmp_path, monkeypatch, data: bytes):
    """A client started with ``data`` as its settings file: (app, the file's path)."""
    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TRIO_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "config" / "settings.json"
    path.parent.mkdir()
    path.write_bytes(data)
    from game.client.app import App

    return App(bot_mode="inline"), path


def test_the_client_starts_with_broken_settings_and_tells_once(tmp_path, monkeypatch, capsys):
    from game.client.menus.title import TitleScene

    app, path = _app_over_a_settings_file(tmp_path, monkeypatch, BROKEN["huge window"])
    try:
        assert app.settings.window_size == (1280, 720)
        # the player is told in their words; where the file is goes to the terminal (issue 30, item 4)
        assert app.notice and "settings" in app.notice[0] and "settings.json" not in app.notice[0]
        assert str(path) in capsys.readouterr().err
        app.scenes.push(TitleScene(app))
        frames(app, 300)  # the toast runs out and is not shown again
        assert app.notice is None
    finally:
        app.shutdown()
    assert path.read_bytes() == BROKEN["huge window"]


def test_the_notice_about_broken_settings_is_in_the_players_language(tmp_path, monkeypatch):
    """It was English on the Japanese client ("unusable value for mute; using the default")."""
    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TRIO_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "config" / "settings.json"
    path.parent.mkdir()
    path.write_text('{"language": "ja", "mute": "no"}', encoding="utf-8")
    from game.client.app import App
    from game.client.i18n import set_language

    app = App(bot_mode="inline")
    try:
        assert app.notice and "ミュート" in app.notice[0] and "既定値" in app.notice[0]  # named as on screen
    finally:
        app.shutdown()
        set_language("en")


def _drag_window(app, size) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app, 2)


def test_a_window_dragged_to_a_new_size_opens_at_that_size_next_time(tmp_path, monkeypatch):
    from tests.client_helpers import make_app

    app = make_app(tmp_path, monkeypatch)
    app.save_settings()
    _drag_window(app, (1100, 650))
    app.shutdown()
    assert Settings.load().window_size == (1100, 650)


def test_dragging_the_window_leaves_a_damaged_settings_file_as_it_is(tmp_path, monkeypatch):
    app, path = _app_over_a_settings_file(tmp_path, monkeypatch, BROKEN["a list"])
    _drag_window(app, (1100, 650))
    app.shutdown()
    assert path.read_bytes() == BROKEN["a list"]
