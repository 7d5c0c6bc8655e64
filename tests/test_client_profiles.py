"""Profiles and the history in the client, headless: the first start asks the player's name once
(Enter keeps the suggestion), Settings renames it, hot-seat seats choose or make profiles on the
setup screen and are named by them, and finished and abandoned games land in the history."""

from __future__ import annotations

import getpass

import pygame
import pygame_gui
import pytest

from game.client import gfx
from game.client.i18n import set_language, t
from game.client.menus.profile import ProfileScene, offer_first_profile
from game.client.menus.results import ResultsScene
from game.client.menus.settings_menu import SettingsScene
from game.client.menus.setup import SetupScene
from game.client.menus.title import TitleScene
from game.client.registry import open_game
from game.client.session import Session
from game.history import PALETTE, HistoryStore
from game.history import store as store_module
from game.rules import GameRecord
from tests.client_helpers import click, click_button, frames, key, run_until
from tests.history_helpers import finished_record


@pytest.fixture(autouse=True)
def account(monkeypatch):
    monkeypatch.setattr(getpass, "getuser", lambda: "anna")


def store() -> HistoryStore:
    return HistoryStore()  # TRIO_DATA_DIR is the test's (make_app)


def type_name(app, scene: ProfileScene, name: str) -> None:
    scene.entry.set_text(name)
    frames(app, 1)


def test_the_first_start_asks_once_and_enter_keeps_the_suggested_name(app):
    app.scenes.push(TitleScene(app))
    assert offer_first_profile(app)
    prompt = app.scenes.top
    frames(app, 2)
    assert isinstance(prompt, ProfileScene) and prompt.mode == "first"
    assert prompt.entry.get_text() == "Anna" and prompt.entry.is_focused and prompt.b_cancel is None
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, TitleScene)
    me = store().local_profile()
    assert me is not None and me.name == "Anna" and me.colour.startswith("#")
    assert not offer_first_profile(app)  # asked once


def test_the_first_start_is_asked_by_the_client_command(tmp_path, monkeypatch):
    from game.client import app as app_module
    from game.client import main as client_main

    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("TRIO_DATA_DIR", str(tmp_path / "d"))
    seen = []

    def run(self, first_scene=None, max_seconds=None):
        seen.append([type(s).__name__ for s in self.scenes.stack])
        backdrop = self.scenes.top.backdrop  # the title screen, dimmed, not an empty canvas
        seen.append(sum(pygame.transform.average_color(backdrop)[:3]) > 60)
        self.shutdown()
        return 0

    monkeypatch.setattr(app_module.App, "run", run)
    assert client_main.run_client() == 0
    assert seen == [["TitleScene", "ProfileScene"], True]


def test_escape_at_first_start_also_keeps_the_name_and_a_japanese_name_works(app):
    set_language("ja")
    app.scenes.push(TitleScene(app))
    offer_first_profile(app)
    prompt = app.scenes.top
    frames(app, 1)
    type_name(app, prompt, "")
    key(app, pygame.K_RETURN)
    assert app.scenes.top is prompt and prompt.error == t("profile.error.empty")
    type_name(app, prompt, "山田 太郎")
    click(app, prompt.swatch_rects()[2].center)
    frames(app, 2)  # drawn in Japanese, the name in the entry line
    key(app, pygame.K_ESCAPE)
    me = store().local_profile()
    assert me is not None and (me.name, me.colour) == ("山田 太郎", PALETTE[2])
    font = pygame.font.Font(gfx.font_file(app.assets), 20)
    assert all(font.metrics(c)[0] is not None for c in "山田太郎")  # the font has the glyphs


def test_settings_rename_the_player(app):
    made = store().create_profile("Anna")
    store().set_local_profile(made.id)
    app.scenes.push(TitleScene(app))
    settings = app.scenes.push(SettingsScene(app))
    frames(app, 2)
    assert settings.b_profile.text == t("profile.settings_change", name="Anna")
    click_button(app, settings.b_profile)
    editor = app.scenes.top
    assert isinstance(editor, ProfileScene) and editor.mode == "edit" and editor.entry.get_text() == "Anna"
    type_name(app, editor, "Annabel")
    click(app, editor.swatch_rects()[4].center)
    click_button(app, editor.b_ok)
    assert app.scenes.top is settings
    me = store().local_profile()
    assert (me.id, me.name, me.colour) == (made.id, "Annabel", editor.colour)
    assert settings.b_profile.text == t("profile.settings_change", name="Annabel")
    click_button(app, settings.b_profile)
    type_name(app, app.scenes.top, "Bob")
    click_button(app, app.scenes.top.b_cancel)  # cancel changes nothing
    assert store().local_profile().name == "Annabel"


def pick(app, menu, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=text))
    frames(app, 2)


def test_hot_seat_seats_choose_or_make_profiles_and_are_named_by_them(app):
    anna = store().create_profile("Anna")
    store().set_local_profile(anna.id)
    bob = store().create_profile("Bob")
    app.scenes.push(TitleScene(app))
    setup = app.scenes.push(SetupScene(app, "hacktrick", ["human", "human"], {}))
    frames(app, 2)
    assert sorted(setup.seat_profiles.menus) == [0, 1]
    assert [setup.seat_profiles.picked[p] for p in (0, 1)] == [anna, bob]  # the local player first
    pick(app, setup.seat_profiles.menus[1], "Anna")
    setup.start()
    assert isinstance(app.scenes.top, SetupScene) and app.notice[0] == t("profile.same_twice", name="Anna")
    pick(app, setup.seat_profiles.menus[1], t("profile.new_choice"))
    maker = app.scenes.top
    assert isinstance(maker, ProfileScene) and maker.mode == "new"
    type_name(app, maker, "ちか")
    key(app, pygame.K_RETURN)
    assert app.scenes.top is setup and setup.seat_profiles.picked[1].name == "ちか"
    assert setup.seat_profiles.menus[1].selected_option in ("ちか", ("ちか", "ちか"))
    setup.start()
    table = app.scenes.top
    assert [table.name(p) for p in range(2)] == ["Anna", "ちか"]
    assert [p["name"] for p in table.session.record.meta["profiles"]] == ["Anna", "ちか"]


def test_one_person_against_bots_has_no_profile_choice(app):
    app.scenes.push(TitleScene(app))
    setup = app.scenes.push(SetupScene(app, "hacktrick", ["human", "random"], {}))
    frames(app, 2)
    assert setup.seat_profiles.menus == {}
    pick(app, setup.seat_menus[1], t("seat.human"))  # a second person: the choice appears
    assert sorted(setup.seat_profiles.menus) == [0, 1]


def finish(app, record: GameRecord, seats: list[str]) -> ResultsScene:
    app.scenes.push(TitleScene(app))
    session = Session(
        GameRecord(record.game, record.players, record.options, record.seed, list(record.actions)), seats
    )
    session.record.meta = {"seats": seats, "started": 123.0}
    open_game(app, session)
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultsScene), 400)
    return app.scenes.top


def test_a_finished_game_lands_in_the_history_with_its_replay(app):
    results = finish(app, finished_record(seed=2), ["human", "random"])
    (entry,) = store().games()
    me = store().local_profile()
    assert me is not None and me.name == "Anna"  # made on the way, with the suggested name
    assert entry.status == "finished" and entry.rated and entry.id == results.session.history_id
    assert entry.seats[0].profile_id == me.id and entry.seats[1].bot == "random"
    assert entry.replay == str(results.replay_path) and results.replay_path.exists()
    state = finished_record(seed=2).replay()
    assert [s.points for s in entry.seats] == [float(x) for x in state.scores]


def test_an_abandoned_game_lands_in_the_history_marked(app):
    app.scenes.push(TitleScene(app))
    scene = open_game(app, Session.new("hacktrick", ["human", "random"], seed=3))
    assert run_until(app, lambda: scene.my_turn)
    scene.act(scene.legal_actions()[0])
    assert run_until(app, lambda: scene.my_turn)
    key(app, pygame.K_ESCAPE, settle=1)
    click_button(app, app.scenes.top.b_title)
    click_button(app, app.scenes.top.b_confirm)  # quit anyway: the moves are dropped
    assert isinstance(app.scenes.top, TitleScene)
    (entry,) = store().games()
    assert entry.abandoned and not entry.rated and entry.moves >= 1
    assert all(s.rank is None for s in entry.seats)


def test_a_game_nobody_played_or_saved_is_not_abandoned(app):
    app.scenes.push(TitleScene(app))
    scene = open_game(app, Session.new("hacktrick", ["human", "random"], seed=3))
    assert run_until(app, lambda: scene.my_turn)
    key(app, pygame.K_ESCAPE, settle=1)
    click_button(app, app.scenes.top.b_title)  # no move: nothing to drop
    assert store().games() == []


def test_a_read_only_history_is_said_once_and_the_game_goes_on(app, monkeypatch, capsys):
    import sqlite3

    store().create_profile("Anna")

    def read_only(path, timeout):
        return sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=timeout, isolation_level=None)

    monkeypatch.setattr(store_module, "_connect", read_only)
    results = finish(app, finished_record(seed=2), ["human", "random"])
    assert isinstance(results, ResultsScene) and results.session.history_id is None
    assert app.notice[0] == t("history.fault.readonly")
    assert "cannot be written" in capsys.readouterr().err
    app.notice = None
    results = finish(app, finished_record(seed=5), ["human", "random"])
    assert app.notice is None or app.notice[0] != t("history.fault.readonly")  # said once
    monkeypatch.undo()
    assert store().games() == []


def test_a_saved_game_replaced_by_a_new_one_counts_as_abandoned(app):
    from game.client.menus.setup import start_new_game

    app.scenes.push(TitleScene(app))
    scene = open_game(app, Session.new("hacktrick", ["human", "random"], seed=3))
    assert run_until(app, lambda: scene.my_turn)
    scene.act(scene.legal_actions()[0])
    assert run_until(app, lambda: scene.my_turn)
    assert scene.save_game()
    app.scenes.clear_to(TitleScene(app))
    assert store().games() == []  # saved: not abandoned
    start_new_game(app, Session.new("hacktrick", ["human", "random"], seed=4))
    click_button(app, app.scenes.top.b_confirm)  # replace the saved game
    (entry,) = store().games()
    assert entry.abandoned and entry.key.startswith("hacktrick:") and entry.moves >= 1
