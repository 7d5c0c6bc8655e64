"""The settings screen (volume, fullscreen, window sizes that fit the desktop), remembered setups
(and broken ones forgotten) and seat choices that say what a player understands."""

from __future__ import annotations

import pygame
import pytest

from game.client import i18n
from tests.client_helpers import click, frames, key, make_app


def test_settings_volume_shows_its_value_and_takes_track_clicks_and_f11_updates_fullscreen(app):
    from game.client.menus.settings_menu import SettingsScene
    from game.client.settings import Settings

    scene = app.scenes.push(SettingsScene(app))
    frames(app)
    assert scene.volume_value.text == f"{round(app.settings.volume * 100)}%"
    slider = scene.volume
    left = slider.left_button.rect.right if slider.left_button else slider.rect.left
    click(app, (left + 3, slider.rect.centery))  # near the left end of the track
    assert app.settings.volume <= 0.05 and scene.volume_value.text == f"{round(app.settings.volume * 100)}%"
    assert Settings.load().volume == app.settings.volume  # saved
    off = scene.full.text
    key(app, pygame.K_F11)
    assert app.settings.fullscreen and scene.full.text != off == i18n.t("settings.off")
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen and scene.full.text == off
    sizes = [tuple(map(int, o[0].split("x"))) for o in scene.size_menu.options_list]
    assert sizes == sorted(sizes)


def test_setup_is_remembered_per_game_across_visits_and_restarts(tmp_path, monkeypatch):
    from game.client.menus.setup import SetupScene
    from game.client.menus.title import TitleScene
    from game.client.settings import Settings

    app = make_app(tmp_path, monkeypatch)
    try:
        app.scenes.push(TitleScene(app))
        setup = app.scenes.push(SetupScene(app, "ratjack"))
        setup.set_players(3)
        setup.seats = ["human", "heuristic", "mcts:level=easy"]
        setup.options["decks"] = ("weasel", "raccoon")
        setup.start()
        assert type(app.scenes.top).__name__ == "RatjackScene"
    finally:
        app.shutdown()
    saved = Settings.load()
    assert saved.problem is None
    assert saved.remembered_setup("ratjack") == (
        ["human", "heuristic", "mcts:level=easy"],
        {"decks": ("weasel", "raccoon")},
    )
    app = make_app(tmp_path, monkeypatch)  # a restart
    try:
        again = SetupScene(app, "ratjack")
        assert again.seats == ["human", "heuristic", "mcts:level=easy"]
        assert again.options["decks"] == ("weasel", "raccoon")
        assert SetupScene(app, "hacktrick").seats[0] == "human"  # other games keep their defaults
    finally:
        app.shutdown()


@pytest.mark.parametrize(
    "setups",
    [
        [],
        {"chess": {"seats": ["human"], "options": {}}},
        {"hacktrick": {"seats": ["human", "god"], "options": {}}},
        {"hacktrick": {"seats": ["human"] * 5, "options": {}}},
        {"ratjack": {"seats": ["human", "random"], "options": {"decks": ["rat-red", "rat-red"]}}},
        {"hacktrick": {"seats": ["human", "random"], "options": {"target": "many"}}},
        {"hacktrick": {"seats": ["human", "random"]}},
    ],
)
def test_broken_remembered_setups_are_forgotten_and_reported(tmp_path, monkeypatch, setups):
    import json

    from game.client.settings import Settings

    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"language": "ja", "setups": setups}))
    s = Settings.load()
    assert s.setups == {} and s.language == "ja" and "setups" in s.problem


def test_seat_choices_say_what_a_player_understands_and_bots_have_their_level():
    from game.client.players import seat_choices, seat_name

    labels = [i18n.t(k) for k, _ in seat_choices()]
    assert "Bot — easy" in labels and "Bot — simple rules" in labels and "Bot — random moves" in labels
    assert seat_name("mcts:level=hard") == "Hard bot"
    # a tournament record's specs (replays): named by their agent, not as the raw spec
    assert seat_name("mcts:iterations=1200") == "MCTS bot"
    assert seat_name("openspiel-ismcts:seconds=1") == "OpenSpiel bot"
    assert seat_name("some-new-agent:x=1") == "some-new-agent:x=1"
    i18n.set_language("ja")
    try:
        assert seat_name("heuristic") == "シンプルボット"
        assert seat_name("mcts:iterations=700,bias=0.5") == "MCTSボット"
        text = i18n.t("log.hand_won", name="赤", reason="一直線", points=1)
        assert "赤 が" not in text and text.startswith("赤が")
    finally:
        i18n.set_language("en")


def test_no_space_between_a_placeholder_and_japanese_text():
    import re

    cjk = "\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef"
    for name, text in i18n.table("ja").items():
        assert not re.search(rf"[{cjk}] \{{|\}} [{cjk}]", text), name
    assert i18n.table("ja")["game.hakkutsu.title"] == "ハックツ!!"


def test_window_sizes_offered_fit_the_desktop(tmp_path, monkeypatch):
    """1600x900 was offered on a 1280x720 screen: the window then ran off it and Back was out of reach."""
    from game.client.menus.settings_menu import SettingsScene
    from game.client.settings import WINDOW_SIZES, window_sizes_for

    assert window_sizes_for((1280, 720)) == [(960, 540)]
    assert window_sizes_for((1920, 1080)) == [(960, 540), (1280, 720), (1600, 900)]
    assert window_sizes_for((2560, 1440)) == list(WINDOW_SIZES)
    assert window_sizes_for((800, 600)) == [(960, 540)]  # the smallest always, or nothing could be picked
    assert window_sizes_for((1280, 720), current=(1600, 900)) == [(960, 540), (1600, 900)]  # what it is now
    assert window_sizes_for(None) == list(WINDOW_SIZES)
    app = make_app(tmp_path, monkeypatch)
    try:
        monkeypatch.setattr(app, "desktop_size", lambda: (1366, 768))
        app.settings.window_size = (1280, 720)
        scene = app.scenes.push(SettingsScene(app))
        frames(app)
        assert [o[0] for o in scene.size_menu.options_list] == ["960x540", "1280x720"]
    finally:
        app.shutdown()
