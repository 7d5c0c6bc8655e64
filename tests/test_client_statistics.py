"""The ratings on screen: levels' ratings on the setup screen, the rating change on the results
screen, and the Statistics screen (filters, graph, bars, games opening their replays), headless."""

from __future__ import annotations

import pygame
import pytest

from ai import play_game
from game.history import HistoryStore, entry_from_record
from game.history.ratings import PROVISIONAL_GAMES

from .client_helpers import click, click_button, frames, key, make_app

NORMAL, EASY = "mcts:level=normal", "mcts:level=easy"


@pytest.fixture(params=["en", "ja"])
def app(request, tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, lang=request.param)
    yield app
    app.shutdown()


@pytest.fixture
def en_app(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    yield app
    app.shutdown()


def store_of(app) -> HistoryStore:
    from game.client.history import store

    return store(app)


def me(app):
    s = store_of(app)
    profile = s.create_profile("Aiko")
    s.set_local_profile(profile.id)
    return profile


def add_game(app, tmp_path, profile_id, game, seats, seed, undos=0, keep=True):
    """A real finished game of random bots, stored as if ``profile_id`` played seat 0 against
    ``seats[1:]``; its record kept at a path for the replay."""
    record = play_game(game, ["random"] * len(seats), seed=seed)
    record.meta = dict(record.meta, started=1000.0 + seed, undos=undos)
    path = tmp_path / f"game-{game}-{seed}.json"
    record.save(path)
    if not keep:
        path.unlink()
    profiles = [profile_id] + [None] * (len(seats) - 1)
    entry = entry_from_record(
        record, ["human", *seats[1:]], profiles, replay=str(path), ended_at=2000.0 + seed
    )
    store_of(app).record_game(entry)
    return entry, record


def test_setup_shows_each_levels_rating_for_the_game_and_player_count(en_app):
    from game.client.menus.setup import SetupScene
    from game.client.ratings import about, bot_ratings

    bots = bot_ratings()
    scene = en_app.scenes.push(SetupScene(en_app, "ratjack"))
    frames(en_app)
    texts = [text for text, _ in scene.seat_texts()]
    normal2 = about(bots.get("ratjack", 2, NORMAL).rating)
    assert f"Bot — normal · about {normal2}" in texts
    assert "Human" in texts  # a person has no rating beside their name
    assert scene.seat_menus[1].selected_option[0] == f"Bot — normal · about {normal2}"
    scene.set_players(4)  # the 4-player ratings once the table has four seats
    frames(en_app)
    normal4 = about(bots.get("ratjack", 4, NORMAL).rating)
    assert scene.seat_menus[1].selected_option[0] == f"Bot — normal · about {normal4}"
    # choosing a level by its labelled text still seats that bot
    menu = scene.seat_menus[2]
    click_button(en_app, menu)
    frames(en_app)
    options = menu.current_state.options_selection_list
    easy = next(i for i in options.item_list if i["text"].startswith("Bot — easy"))
    click(en_app, easy["button_element"].rect.center)
    frames(en_app)
    assert scene.seats[2] == EASY


def test_results_screen_shows_the_rating_change_and_the_nth_win(en_app, tmp_path):
    from game.client.menus.results import ResultsScene
    from game.client.session import Session

    profile = me(en_app)
    for seed in range(40):  # find games the first seat wins and loses, among random bots
        record = play_game("ratjack", ["random", "random"], seed=seed)
        if record.returns[0] == 1:
            break
    won_seed = seed
    add_game(en_app, tmp_path, profile.id, "ratjack", ["human", NORMAL], won_seed)
    entry, record = add_game(en_app, tmp_path, profile.id, "ratjack", ["human", NORMAL], won_seed + 100)
    # the results screen of the second game: the session as the table leaves it
    session = Session.new("ratjack", ["human", NORMAL])
    session.record = record
    session.history_id = store_of(en_app).games()[-1].id
    scene = en_app.scenes.push(ResultsScene(en_app, session, ["You", "Normal bot"]))
    frames(en_app)
    lines = scene.rating_lines
    assert (
        lines[0].startswith("Your rating: ") and f"(provisional: 2 of {PROVISIONAL_GAMES} games)" in lines[0]
    )
    won = entry.seats[0].rank == 1
    assert (" +" in lines[0]) == won and (" −" in lines[0]) == (not won)  # a true minus sign
    if won:
        assert lines[1] == "Your 2nd win against the Normal bot"
    # an unrated game says why
    entry, record = add_game(en_app, tmp_path, profile.id, "ratjack", ["human", NORMAL], 500, undos=1)
    session.record, session.history_id = record, store_of(en_app).games()[-1].id
    scene = en_app.scenes.push(ResultsScene(en_app, session, ["You", "Normal bot"]))
    frames(en_app)
    assert scene.rating_lines == ["Not rated: undo was used."]


def test_ordinals():
    from game.client.i18n import set_language
    from game.client.ratings import ordinal

    set_language("en")
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th",
    ]  # fmt: skip
    set_language("ja")
    assert ordinal(12) == "12"
    set_language("en")


def test_statistics_from_the_title_filters_and_opens_a_replay(app, tmp_path):
    from game.client.menus.statistics import GAMES, StatisticsScene
    from game.client.menus.title import TitleScene
    from game.client.replay.scene import ReplayScene

    profile = me(app)
    add_game(app, tmp_path, profile.id, "hacktrick", ["human", NORMAL], 1)
    add_game(app, tmp_path, profile.id, "ratjack", ["human", EASY], 2)
    add_game(app, tmp_path, profile.id, "ratjack", ["human", NORMAL], 3, undos=2)
    add_game(app, tmp_path, profile.id, "ratjack", ["human", NORMAL, EASY], 4, keep=False)
    title = app.scenes.push(TitleScene(app))
    frames(app)
    click_button(app, title.b_statistics)
    scene = app.scenes.top
    assert isinstance(scene, StatisticsScene)
    assert scene.summary.total.games == 4 and scene.summary.total.unrated == 1
    assert scene.graph_key == ("ratjack", 3)  # the newest game's table
    frames(app, 2)
    pygame.image.save(
        app.screen if hasattr(app, "screen") else pygame.display.get_surface(), tmp_path / "s.png"
    )

    # the game filter, by clicking its drop-down and an option
    menu = scene.filter_menus["game"]
    click_button(app, menu)
    frames(app)
    options = menu.current_state.options_selection_list
    ratjack = next(
        i
        for i in options.item_list
        if i["text"] == {"en": "Ratjack", "ja": "ラットジャック"}[app.settings.language]
    )
    click(app, ratjack["button_element"].rect.center)
    frames(app)
    assert scene.filters.game == "ratjack" and len(scene.shown) == 3
    assert {g.opponents for g in scene.summary.groups} == {EASY, NORMAL, "mixed"}
    # players: 2 only
    menu = scene.filter_menus["players"]
    click_button(app, menu)
    frames(app)
    options = menu.current_state.options_selection_list
    two = next(i for i in options.item_list if i["text"].startswith("2"))
    click(app, two["button_element"].rect.center)
    frames(app)
    assert scene.filters.players == 2 and scene.graph_key == ("ratjack", 2)
    assert [e.players for e in scene.shown] == [2, 2]
    frames(app, 2)

    # the newest game (the one with undo) opens its replay from the list; Back returns here
    row = scene.row_rect(0)
    click(app, row.center)
    assert isinstance(app.scenes.top, ReplayScene)
    key(app, pygame.K_ESCAPE)
    while not isinstance(app.scenes.top, StatisticsScene):
        app.scenes.pop()
    # a game whose replay is gone says so and stays here
    scene.set_filter("players", 3)
    frames(app)
    assert len(scene.shown) == 1 and scene.replay_path(0) is None and not scene.b_open.is_enabled
    click(app, scene.row_rect(0).center)
    assert app.scenes.top is scene
    assert GAMES.collidepoint(scene.row_rect(0).center)


def test_statistics_of_a_new_player_is_empty(app):
    from game.client.menus.statistics import StatisticsScene

    me(app)
    scene = app.scenes.push_named("statistics")
    frames(app)
    assert isinstance(scene, StatisticsScene) and scene.summary.total.games == 0 and scene.shown == []


def test_hot_seat_results_name_each_profile_and_both_move(en_app):
    from game.client.menus.results import ResultsScene
    from game.client.session import Session

    s = store_of(en_app)
    aiko, ben = s.create_profile("Aiko"), s.create_profile("Ben")
    s.set_local_profile(aiko.id)
    record = play_game("hacktrick", ["random", "random"], seed=4)
    record.meta = dict(
        record.meta, started=5.0, profiles=[{"id": aiko.id, "name": "Aiko"}, {"id": ben.id, "name": "Ben"}]
    )
    s.record_game(entry_from_record(record, ["human", "human"], [aiko.id, ben.id]))
    session = Session.new("hacktrick", ["human", "human"])
    session.record, session.history_id = record, s.games()[-1].id
    scene = en_app.scenes.push(ResultsScene(en_app, session, ["Aiko", "Ben"]))
    frames(en_app)
    winner = 0 if record.returns[0] > record.returns[1] else 1
    up, down = scene.rating_lines[winner], scene.rating_lines[1 - winner]
    assert up.startswith(["Aiko: +", "Ben: +"][winner]) and down.startswith(["Aiko: −", "Ben: −"][1 - winner])
    assert all("(provisional: 1 of" in line for line in scene.rating_lines)


def test_statistics_of_another_profile_by_the_player_filter(en_app, tmp_path):
    from game.client.menus.statistics import StatisticsScene

    aiko = me(en_app)
    ben = store_of(en_app).create_profile("Ben")
    add_game(en_app, tmp_path, aiko.id, "ratjack", ["human", NORMAL], 1)
    add_game(en_app, tmp_path, ben.id, "hacktrick", ["human", EASY], 2)
    add_game(en_app, tmp_path, ben.id, "hacktrick", ["human", EASY], 3)
    scene = en_app.scenes.push(StatisticsScene(en_app))
    frames(en_app)
    assert scene.profile.id == aiko.id and scene.summary.total.games == 1  # the player at this screen first
    menu = scene.filter_menus["player"]
    click_button(en_app, menu)
    frames(en_app)
    options = menu.current_state.options_selection_list
    click(en_app, next(i for i in options.item_list if i["text"] == "Ben")["button_element"].rect.center)
    frames(en_app)
    assert scene.profile.id == ben.id and scene.summary.total.games == 2
    assert scene.graph_key == ("hacktrick", 2) and {e.game for e in scene.shown} == {"hacktrick"}
    assert scene.filter_menus["player"].selected_option[0] == "Ben"
