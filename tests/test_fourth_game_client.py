"""The tests' fourth game (``tests/fourth_game``) in the client, by headless clicks: the game
choice lays out a fourth column, its setup offers its own players and option, its table plays to
the results, the replay shows it and analyses it in the worker process; its texts, rules and
refusals come from its descriptor (issue 31)."""

from __future__ import annotations

import pygame
import pytest

from game.client import i18n
from game.client.games import client_for
from game.client.i18n import t
from game.client.menus.choose import GameChoiceScene
from game.client.menus.results import ResultsScene
from game.client.menus.rules import RulesScene
from game.client.menus.setup import SetupScene
from game.client.menus.title import TitleScene
from game.client.registry import tables
from game.client.replay.scene import ReplayScene
from game.rules import GameRecord
from tests.fourth_game.table import HighCardTable

from .client_helpers import click, click_button, fast_app, frames, key, make_app, run_until

NAME = "highcard"


@pytest.fixture
def app(tmp_path, monkeypatch, fourth_game):
    yield from fast_app(tmp_path, monkeypatch)


def pick(app, menu, text: str) -> None:
    """Open a drop-down by a click and click its entry ``text``."""
    click_button(app, menu)
    frames(app)
    entries = menu.current_state.options_selection_list.item_list
    click(app, next(e for e in entries if e["text"] == text)["button_element"].rect.center)
    frames(app)


def test_seen_by_the_client_only_while_registered(tmp_path, monkeypatch):
    assert NAME not in tables() and client_for(NAME) is None
    assert t("game.highcard.title") == "game.highcard.title"
    from tests.fourth_game import installed

    with installed():
        assert tables()[-1] == NAME and t("game.highcard.title") == "High Card"
    assert NAME not in tables() and t("game.highcard.title") == "game.highcard.title"


def test_its_texts_are_complete_in_both_languages(fourth_game):
    """Its texts come from its descriptor's folder, every key in both (English alone has the
    second-person forms ``_2nd``: Japanese verbs do not change with the person)."""
    client = client_for(NAME)
    assert client is not None and client.texts is not None and (client.texts / "ja.toml").exists()
    keys = {
        lang: {
            k for k in i18n.table(lang) if ("highcard" in k or k.startswith("hc.")) and not k.endswith("_2nd")
        }
        for lang in ("en", "ja")
    }
    assert keys["en"] == keys["ja"] and len(keys["en"]) > 10


def test_its_moves_read_as_words_in_both_languages(app):
    from . import test_client_action_labels

    test_client_action_labels.test_every_action_has_a_player_label_in_both_languages(app, NAME)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_its_log_names_players_as_their_panels_do(tmp_path, monkeypatch, fourth_game, lang):
    from . import test_client_player_texts

    app = make_app(tmp_path, monkeypatch, lang=lang)
    app.settings.animation_speed = 12.0
    try:
        test_client_player_texts.test_the_log_names_players_as_their_panels_do(app, NAME)
        if lang == "en":  # the lines about you speak to you
            _, lines = test_client_player_texts.play_some(app, NAME, 30, seed=5)
            assert any(line.startswith("You play a ") for line in lines), lines
            assert not any(line.startswith("You plays") for line in lines)
    finally:
        app.shutdown()


def test_played_by_clicks_from_the_game_choice_to_the_replay(app):
    app.scenes.push(TitleScene(app))
    frames(app)
    click_button(app, app.scenes.top.b_play)
    choose = app.scenes.top
    assert isinstance(choose, GameChoiceScene) and choose.games == tables() and len(tables()) == 4
    columns = choose.columns()
    assert all(a.right < b.left for a, b in zip(columns, columns[1:], strict=False))
    assert columns[0].left >= 0 and columns[-1].right <= app.size[0]
    frames(app)  # the four columns are drawn
    click_button(app, next(b for b, name in choose.buttons.items() if name == NAME))
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and setup.game == NAME
    pick(app, setup.players_menu, "3")
    pick(app, setup.seat_menus[1], t("seat.heuristic"))
    pick(app, setup.seat_menus[2], t("seat.mcts_easy"))
    menu, values, labels = setup.option_menus["hand"]
    pick(app, menu, labels[values.index(2)])
    assert setup.seats[1:] == ["heuristic", "mcts:level=easy"] and setup.options == {"hand": 2}
    click_button(app, setup.b_start)
    table = app.scenes.top
    assert isinstance(table, HighCardTable) and table.session.state.num_players == 3
    clicks = 0
    while not isinstance(app.scenes.top, ResultsScene):
        assert clicks < 40, "the game did not end"
        if table.my_turn:
            n = len(table.session.record.actions)
            highest = table.legal_actions()[-1]
            click(app, table.hint_rects(highest)[0].center)
            assert table.session.record.actions[n : n + 1] == [highest]
            clicks += 1
        else:
            frames(app, 2)
    assert table.session.over and clicks >= 2
    assert any("the trick (" in line for line in table.log.lines())  # "takes" or, yours, "take"
    results = app.scenes.top
    click_button(app, results.b_replay)
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene) and isinstance(replay.table, HighCardTable)
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT)
    assert replay.cursor == 1
    key(app, pygame.K_o)  # every hand open: a finished game has no secrets
    assert replay.open_cards and replay.table.display["open_hands"][1] is not None
    click_button(app, replay.b_analyse)  # the review runs in a worker process, which must know the game
    assert run_until(app, lambda: replay.review is not None or replay.analysis is None, limit=6000)
    assert replay.review is not None and replay.review.game == NAME and replay.review.decisions


def test_its_bots_think_in_the_bot_worker_process(fourth_game):
    """The client's bot worker is another process: the game reaches it with the request's games."""
    from game.client.bot_worker import BotWorker

    state, _ = GameRecord.start(NAME, players=2, seed=6)
    worker = BotWorker(mode="process", timeout=20)
    try:
        worker.request(state, state.current_player, "mcts:iterations=30", seed=1)
        result = None
        for _ in range(2000):
            result = worker.poll()
            if result is not None:
                break
            pygame.time.wait(10)
    finally:
        worker.close()
    assert result is not None and result.fallback is None and result.action in state.legal_actions()


def test_a_card_not_held_is_refused_in_its_own_words(app):
    from game.client.registry import open_game
    from game.client.session import Session

    app.scenes.push(TitleScene(app))
    scene = open_game(app, Session.new(NAME, ["human", "random"], seed=4))
    assert run_until(app, lambda: scene.my_turn)
    missing = next(d for d in range(1, 10) if d not in scene.display["hand"])
    n = len(scene.session.record.actions)
    key(app, pygame.K_0 + missing)
    assert len(scene.session.record.actions) == n
    assert app.notice is not None and t("illegal.highcard.not_held", card=missing) in app.notice[0]


def test_its_rules_open_from_its_own_folder(app):
    app.scenes.push(TitleScene(app))
    rules = app.scenes.push(RulesScene(app, NAME, "play"))
    frames(app)
    assert rules.doc is not None and [s.id for s in rules.doc.sections] == ["goal", "play"]
    i18n.set_language("ja")
    rules.rebuild()
    frames(app)
    assert rules.doc.lang == "ja"


def test_more_games_than_fit_are_shown_a_page_at_a_time(app, fourth_game):
    from dataclasses import replace

    from game.client.games import forget
    from game.rules import register, unregister

    register(replace(fourth_game, name="highcard5"))  # a fifth game, for the layout only
    forget()
    try:
        app.scenes.push(TitleScene(app))
        choose = app.scenes.push(GameChoiceScene(app))
        frames(app)
        assert len(choose.games) == 5 and choose.per_page() == 4 and choose.shown == choose.games[:4]
        for name, col in zip(choose.shown, choose.columns(), strict=True):
            play = next(b for b, game in choose.buttons.items() if game == name)
            rules = next(b for b, game in choose.rules_buttons.items() if game == name)
            assert (
                col.contains(play.rect) and col.contains(rules.rect) and not play.rect.colliderect(rules.rect)
            )
            assert play.rect.width >= 140  # "Set up a game" fits
        assert not choose.b_previous.is_enabled
        click_button(app, choose.b_next)
        assert choose.shown == ("highcard5",) and not choose.b_next.is_enabled
        assert list(choose.buttons.values()) == ["highcard5"]
        key(app, pygame.K_LEFT)
        assert choose.page == 0 and choose.shown == choose.games[:4]
    finally:
        unregister("highcard5")
        forget()


@pytest.mark.parametrize("check", ["check_bot_moves_captioned", "check_since_your_last_turn"])
def test_the_others_turns_are_captioned_and_listed_since_yours(tmp_path, monkeypatch, fourth_game, check):
    """The table framework's captions and "since your last turn" work for a table that only draws."""
    from . import test_client_turns

    app = make_app(tmp_path, monkeypatch)  # the default animation speed, as test_client_turns has it
    try:
        getattr(test_client_turns, check)(app, NAME, ["human", "heuristic", "heuristic"], {})
    finally:
        app.shutdown()


@pytest.mark.parametrize(
    "check",
    [
        "test_timeline_steps_forward_and_back_to_identical_views",
        "test_a_step_forwards_plays_its_animation_and_lands_where_a_jump_does",
        "test_watch_any_seat_or_all_cards_open",
    ],
)
def test_the_replay_tests_of_every_table_pass_for_it(app, check):
    """The replay's tests parametrized by the tables, run for the fourth game (registered after collection)."""
    import ai

    from . import test_replay

    records = {NAME: ai.play_game(NAME, ["heuristic", "random"], seed=8)}
    getattr(test_replay, check)(app, records, NAME)
