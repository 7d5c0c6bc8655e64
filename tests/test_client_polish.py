"""The finished client: what a new player met (issue 13), checked headless.

Undo stops at a finished hand or round, illegal moves are explained in the player's language,
seats read as a player understands them, rematch, remembered setups, the rules screen and
the settings screen.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.client import i18n
from game.client.games import clients
from game.client.session import Session

from .client_helpers import click, click_button, frames, key, make_app, run_until


def _play_until_end_event(session: Session, kind: str, rng: random.Random) -> None:
    """Random legal moves for every seat until an action ends a hand or round with ``kind``."""
    for _ in range(5000):
        events = session.apply(rng.choice(session.state.legal_actions()))
        if any(ev["type"] == kind for ev in events):
            return
    raise AssertionError(f"no {kind} event")


@pytest.mark.parametrize(("game", "end"), [("hacktrick", "hand_won"), ("ratjack", "round_ended")])
def test_undo_never_takes_back_a_finished_hand_or_round(game, end):
    s = Session.new(game, ["human", "random"], seed=11)
    rng = random.Random(5)
    _play_until_end_event(s, end, rng)
    assert not s.over and s.barrier == len(s.record.actions)
    assert 0 in s.actors  # the human did play in the finished hand ...
    assert s.undo_point() is None and s.undo_blocked_by_end  # ... but it cannot be undone
    actions = list(s.record.actions)
    assert not s.undo() and s.record.actions == actions
    while s.to_move != 0:  # the next hand: the human's decisions there can be undone again
        s.apply(rng.choice(s.state.legal_actions()))
    s.apply(rng.choice(s.state.legal_actions()))
    point = s.undo_point()
    assert point is not None and point >= len(actions)
    assert s.undo() and len(s.record.actions) == point >= s.barrier


def test_undo_barrier_survives_save_and_load(tmp_path):
    s = Session.new("hacktrick", ["human", "random"], seed=3)
    _play_until_end_event(s, "hand_won", random.Random(2))
    back = Session.load(s.save(tmp_path / "hacktrick.json"))
    assert back.barrier == s.barrier and back.undo_point() is None


def test_results_offer_a_rematch_with_the_same_seats_and_options(app):
    from game.client.menus.results import ResultsScene
    from game.client.menus.title import TitleScene

    s = Session.new("hacktrick", ["human", "random"], seed=4, target=1)
    rng = random.Random(1)
    while not s.over:
        s.apply(rng.choice(s.state.legal_actions()))
    app.scenes.push(TitleScene(app))
    results = app.scenes.push(ResultsScene(app, s, ["You", "Bot"]))
    frames(app)
    click_button(app, results.b_rematch)
    table = app.scenes.top
    assert type(table).__name__ == "HacktrickScene" and type(app.scenes.stack[0]) is TitleScene
    new = table.session
    assert new.seats == s.seats and new.record.options == s.record.options
    assert new.record.seed != s.record.seed and not new.record.actions


# ---------------------------------------------------------------------- rules for players
def test_every_game_has_player_rules_in_both_languages_with_pictures_that_exist():
    import tomllib
    from pathlib import Path

    from game.client import rulebook

    manifest = tomllib.loads(
        (Path(__file__).resolve().parents[1] / "assets" / "manifest.toml").read_text("utf-8")
    )
    keys = {e["key"] for e in manifest["asset"]}
    for game in clients():
        en, ja = rulebook.load(game, "en"), rulebook.load(game, "ja")
        assert (en.lang, ja.lang) == ("en", "ja")
        assert en.ids() == ja.ids(), game
        assert {"goal", "components", "turn", "scoring", "example"} <= set(en.ids()), game
        assert clients()[game].pause_section in en.ids()
        for book in (en, ja):
            pictures = [k for s in book.sections for b in s.blocks if b.kind == "pictures" for k in b.keys]
            assert pictures and not set(pictures) - keys, (game, book.lang, set(pictures) - keys)
            if book.lang == "ja":  # no English paragraph under the Japanese interface
                texts = [b.text for s in book.sections for b in s.blocks if b.text] + [
                    s.title for s in book.sections
                ]
                assert all(any(ord(c) > 0x2E80 for c in text) for text in texts), book.game


def test_ratjack_rules_list_every_ability_and_token_from_the_string_tables():
    from game.client import rulebook
    from game.rules.ratjack.cards import FACES, FAMILIES

    for lang in ("en", "ja"):
        abilities = rulebook.load("ratjack", lang).section("abilities")
        assert [b.arg for b in abilities.blocks if b.kind == "abilities"] == list(FAMILIES)
        assert any(b.kind == "tokens" for b in rulebook.load("ratjack", lang).section("tokens").blocks)
        table = i18n.table(lang)
        assert all(f"rj.ability.{f}.{v}" in table for f in FAMILIES for v in range(1, 13))
        assert all(f"rj.token.{face}" in table for face in FACES)


def test_rules_parser_sections_directives_and_errors():
    from game.client.rulebook import parse, spans

    sections = parse(
        "## Goal {#goal}\nWin\nthe game.\n\n- an **item**\n!pictures 40 a.b c.d\n### Sub\n"
        "## 手番 {#turn}\n日本語の\n文章。\n!abilities rat\n!tokens\n",
        ("abilities", "tokens"),
    )
    assert [s.id for s in sections] == ["goal", "turn"]
    goal, turn = sections
    assert [(b.kind, b.text) for b in goal.blocks[:2]] == [
        ("paragraph", "Win the game."),
        ("item", "an **item**"),
    ]
    assert goal.blocks[2].keys == ("a.b", "c.d") and goal.blocks[2].height == 40
    assert turn.blocks[0].text == "日本語の文章。" and [b.kind for b in turn.blocks[1:]] == [
        "abilities",
        "tokens",
    ]
    assert spans("an **item** here") == [("an ", False), ("item", True), (" here", False)]
    for bad in ("text first", "## A\n!pictures x y", "## A\n!sparkles", "## A\n!tokens"):
        with pytest.raises(ValueError):  # a game's directive only where its game's rules are read
            parse(bad)


def _rules_button(app, scene):
    from game.client.menus.rules import RulesScene

    assert isinstance(app.scenes.top, RulesScene), app.scenes.top
    return app.scenes.top


def test_rules_open_from_the_pause_menu_at_the_section_that_matters(tmp_path, monkeypatch):
    from game.client.menus.title import TitleScene
    from game.client.registry import open_game

    app = make_app(tmp_path, monkeypatch, lang="ja")
    try:
        app.scenes.push(TitleScene(app))
        table = open_game(app, Session.new("ratjack", ["human", "random"], seed=2))
        frames(app)
        key(app, pygame.K_ESCAPE)
        click_button(app, app.scenes.top.b_rules)
        rules = _rules_button(app, table)
        assert rules.game == "ratjack" and rules.doc.lang == "ja"
        assert rules.scroll == min(rules.page.anchors["abilities"], rules.max_scroll) > 0
        assert rules.page.section_at(rules.scroll) == "abilities"
        key(app, pygame.K_ESCAPE)
        assert type(app.scenes.top).__name__ == "PauseScene"
    finally:
        app.shutdown()
        i18n.set_language("en")


def test_rules_open_from_the_game_choice_and_the_setup(app):
    from game.client.menus.choose import GameChoiceScene

    choose = app.scenes.push(GameChoiceScene(app))
    frames(app)
    button = next(b for b, game in choose.rules_buttons.items() if game == "hakkutsu")
    click_button(app, button)
    rules = _rules_button(app, choose)
    assert rules.game == "hakkutsu" and rules.scroll == 0
    key(app, pygame.K_ESCAPE)
    click_button(app, next(b for b, game in choose.buttons.items() if game == "ratjack"))
    click_button(app, app.scenes.top.b_rules)
    assert _rules_button(app, choose).game == "ratjack"


def test_rules_scroll_with_wheel_keys_and_scroll_bar_and_switch_games(app):
    from game.client.menus.rules import RulesScene

    rules = app.scenes.push(RulesScene(app, "ratjack"))
    frames(app)
    assert rules.max_scroll > 2000  # every ability is there
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)
    )
    frames(app)
    assert rules.scroll > 0
    key(app, pygame.K_END)
    assert rules.scroll == rules.max_scroll
    key(app, pygame.K_HOME)
    key(app, pygame.K_PAGEDOWN)
    assert 300 < rules.scroll < rules.inner.h
    key(app, pygame.K_UP)
    paged = rules.scroll
    track = rules.track()
    click(app, (track.centerx, track.bottom - 4))  # a click on the track pages down
    assert rules.scroll > paged
    thumb = rules.thumb()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(thumb.centerx, track.bottom), rel=(0, 1), buttons=(1, 0, 0)
        )
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, track.bottom), button=1))
    frames(app)
    assert rules.scroll == rules.max_scroll  # dragged to the end
    click_button(app, next(b for b, sid in rules.section_buttons.items() if sid == "scoring"))
    assert rules.page.section_at(rules.scroll) == "scoring"
    click_button(app, next(b for b, game in rules.game_buttons.items() if game == "hacktrick"))
    assert rules.game == "hacktrick" and rules.scroll == 0 and "example" in rules.section_buttons.values()


# ---------------------------------------------------------------------- illegal moves explained
def _hacktrick_candidates():
    from game.rules.hacktrick.actions import KINDS, OPEN, PLAY, Action

    out = [Action(k) for k in KINDS if k not in (OPEN, PLAY)]
    out += [Action(OPEN, c) for c in range(6)] + [
        Action(PLAY, c, x2) for c in range(6) for x2 in (False, True)
    ]
    return out


def test_every_hacktrick_reason_is_recognised_and_said_in_japanese():
    from game.client import illegal
    from game.rules import new_game

    rng = random.Random(7)
    kinds = set()
    for seed in range(6):
        state = new_game("hacktrick", seed=seed, target=2)
        while not state.is_terminal:
            legal = state.legal_actions()
            for action in _hacktrick_candidates():
                if action not in legal:
                    found = illegal.reason_kind("hacktrick", state.explain_illegal(action))
                    assert found is not None, state.explain_illegal(action)
                    kinds.add(found[0])
            state.apply(rng.choice(legal))
    assert len(kinds) >= 10, kinds
    i18n.set_language("ja")
    try:
        state = new_game("hacktrick", seed=1)
        from game.rules.hacktrick.actions import DRAW, Action

        text = illegal.explain(state, Action(DRAW))  # the dealer must open the row first
        assert text == i18n.t("illegal.hacktrick.open_first") and not any("a" <= c <= "z" for c in text)
    finally:
        i18n.set_language("en")


def test_an_unknown_reason_gets_the_generic_line_and_other_games_are_mapped():
    from game.client import illegal

    assert illegal.reason_kind("hacktrick", "something new") is None
    assert illegal.reason_kind("ratjack", "the deck is empty") == ("deck_empty", {})
    assert illegal.reason_kind("hakkutsu", "move (1, 2) is out of reach: your movement is 2") == (
        "out_of_reach",
        {"n": "2"},
    )
    for game, client in clients().items():
        for _, kind in client.illegal:
            assert f"illegal.{game}.{kind}" in i18n.table("ja")


def test_the_table_explains_a_refused_card_in_the_players_language(tmp_path, monkeypatch):
    from game.client.menus.title import TitleScene
    from game.client.registry import open_game

    app = make_app(tmp_path, monkeypatch, lang="ja")
    try:
        app.scenes.push(TitleScene(app))
        session = Session.new("hacktrick", ["human", "random"], seed=1)
        table = open_game(app, session)
        assert run_until(app, lambda: table.my_turn and session.state.phase == "main")
        key(app, pygame.K_a)  # no captured marker to ask with
        assert app.notice[0] == i18n.t("game.illegal", reason=i18n.t("illegal.hacktrick.ask_needs_marker"))
    finally:
        app.shutdown()
        i18n.set_language("en")


# ---------------------------------------------------------------------- settings, setup, seats
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


# ---------------------------------------------------------------------- the Hacktrick table
def test_known_sums_follow_plays_and_are_forgotten_after_a_draw():
    from game.client.scenes.hacktrick.view_model import known_sums

    events = [
        {"type": "hand_started"},
        {"type": "card_played", "player": 0, "card": 2, "opening": True},
        {"type": "sums_announced", "sums": [9, 4]},
        {"type": "card_played", "player": 1, "card": 3},
    ]
    assert known_sums(events) == {0: (9, "deal"), 1: (1, "deal")}
    events += [{"type": "card_drawn", "player": 1}]
    assert known_sums(events) == {0: (9, "deal")}  # the stale "Sum announced" is gone
    events += [{"type": "sum_asked", "player": 0, "of": 1, "sum": 7}, {"type": "hand_started"}]
    assert known_sums(events[:-1])[1] == (7, "ask") and known_sums(events) == {}


def test_must_play_badge_ends_once_the_card_is_played():
    from game.client.scenes.hacktrick.view_model import badges

    view = {"must_play": [True, False], "guarded": [False, False], "phase": "main", "current_player": 0}
    assert badges(view, 0) == ["Must play!"]
    assert badges(dict(view, phase="declare"), 0) == []


def test_plurals_grammar_and_the_x2_explanation():
    from game.client.i18n import tn
    from game.client.scenes.hacktrick import log_text

    assert tn("log.captured", 1, name="Red", cell=4) == "Red captures 1 marker on 4."
    assert tn("log.captured", 2, name="Red", cell=4) == "Red captures 2 markers on 4."
    won = {"type": "hand_won", "player": 1, "reason": "line", "points": 2, "cells": [8, 1, 6]}
    assert "×2" in log_text.describe(won, lambda p: "Red")
    assert "×2" not in log_text.describe(dict(won, points=1), lambda p: "Red")
    assert "holds" not in i18n.t("ht.banner_ask_you", name="Bot", sum=3)


def test_hacktrick_log_has_hand_1_deal_toasts_avoid_the_labels_and_the_last_glow_stays(app):
    from game.client.menus.title import TitleScene
    from game.client.registry import open_game
    from game.client.scenes.hacktrick.layout import ROW, SEAT_PANELS

    app.scenes.push(TitleScene(app))
    session = Session.new("hacktrick", ["human", "random"], seed=1, target=1)
    table = open_game(app, session)
    frames(app)
    types = [ev["type"] for ev in table.log.entries[:2]]
    assert types == ["hand_started", "cards_dealt"]
    assert i18n.t("log.hand_started", hand=1, name="x", aside="y")[:6] in table.describe(table.log.entries[0])
    anchor, pos, width = table.notice_place()
    toast = pygame.Rect(0, 0, width, 72)
    setattr(toast, anchor, pos)
    dealer_badge = pygame.Rect(SEAT_PANELS["top"].right - 80, SEAT_PANELS["top"].top, 80, 30)
    assert not toast.colliderect(dealer_badge) and not toast.colliderect(pygame.Rect(ROW.topleft, (80, 40)))
    assert not toast.colliderect(table.layout.board)  # "Saved game resumed." hid the bottom row of cells
    from game.client import gfx
    from game.client.menus.title import LOGO_TOP

    title = app.scenes.stack[0]
    anchor, pos, width = title.notice_place()  # the title screen: a three-line toast clears the logo and Play
    toast = pygame.Rect(0, 0, width, 3 * 26 + 20)
    setattr(toast, anchor, pos)
    logo = gfx.image(app.assets, "ui.logo")
    drawn = logo.get_bounding_rect().move(logo.get_rect(midtop=(app.size[0] // 2, LOGO_TOP)).topleft)
    assert not toast.colliderect(drawn) and not toast.colliderect(title.b_play.rect)
    rng = random.Random(3)

    def step() -> bool:
        """The human plays random moves and dismisses hand summaries until the game is over."""
        if table.timeline.waiting:
            table.timeline.release()
        elif table.my_turn:
            table.act(rng.choice(table.legal_actions()))
        return table.finished

    assert run_until(app, step, limit=8000)
    assert table.summary is not None and table.summary["cells"] is not None  # still shown under the results


def test_ctrl_z_on_the_hand_summary_is_refused_and_the_summary_stays(app):
    from game.client.menus.title import TitleScene
    from game.client.registry import open_game

    app.scenes.push(TitleScene(app))
    session = Session.new("hacktrick", ["human", "random"], seed=5, target=3)
    table = open_game(app, session)
    rng = random.Random(2)

    def step() -> bool:
        if table.timeline.waiting and table.summary is not None:
            return True
        if table.my_turn:
            table.act(rng.choice(table.legal_actions()))
        return False

    assert run_until(app, step, limit=8000) and not session.over
    actions = len(session.record.actions)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(session.record.actions) == actions and table.summary is not None and table.timeline.waiting
    assert app.notice[0] == i18n.t("game.no_undo_ended")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("table", ["ratjack", "hakkutsu"])
def test_the_keys_help_fits_above_the_window_edge(app, table, lang):
    """The keys line under the prompt fits its box in both languages (the Japanese one ran into the
    window's bottom edge), and the box ends inside the window."""
    import importlib

    from game.client import gfx, i18n
    from game.client.table.widgets import fitting_size

    layout = importlib.import_module(f"game.client.scenes.{table}.layout")
    scene_module = importlib.import_module(f"game.client.scenes.{table}.scene")
    prefix = next(
        v.prompt_keys
        for v in vars(scene_module).values()
        if isinstance(v, type) and hasattr(v, "prompt_keys") and v.__module__ == scene_module.__name__
    )
    i18n.set_language(lang)
    box = layout.KEYS
    keys = i18n.t(f"{prefix}.keys")
    size = fitting_size(keys, box.width, box.height, sizes=(12, 11, 10))
    assert len(gfx.wrap(keys, size, box.width)) * gfx.font(size).get_linesize() <= box.height, keys
    assert box.bottom <= app.size[1] - 4


def test_an_idle_window_slows_down_and_wakes_on_input_or_animation(app):
    """With no input for a while and nothing moving, the loop may wait for input between frames
    (an idle table took 60% of a core redrawing the same picture); input, a notice, a fade, an
    animation or a thinking bot keep the full frame rate."""
    import time

    from game.client import app as app_module
    from game.client.menus.title import TitleScene
    from game.client.registry import open_game

    app.scenes.push(TitleScene(app))
    frames(app, 30)
    app.last_input = time.perf_counter() - app_module.ACTIVE_SECONDS - 1
    assert app.idle()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert not app.idle()  # input: full speed again
    app.last_input -= app_module.ACTIVE_SECONDS + 1
    app.notify("a notice")
    assert not app.idle()
    app.notice = None
    scene = open_game(app, Session.new("hacktrick", ["human", "heuristic"], seed=2))
    assert app.scenes.fade > 0 and not app.idle()  # the fade into the table
    assert run_until(
        app,
        lambda: (
            scene.session.to_move == 0
            and not scene.timeline.busy
            and not scene.bot_thinking
            and app.scenes.fade == 0
        ),
    )
    app.last_input = time.perf_counter() - app_module.ACTIVE_SECONDS - 1
    assert app.idle()  # the human's turn, nothing moving
    scene.act(scene.legal_actions()[0])
    assert scene.animating() and not app.idle()
    assert run_until(app, lambda: not scene.animating())
    # the run loop with an idle window still handles input at once
    app.last_input = time.perf_counter() - app_module.ACTIVE_SECONDS - 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.run(max_seconds=0.3)
    assert type(app.scenes.top).__name__ == "PauseScene"  # Esc opened the pause menu


@pytest.mark.parametrize(
    "msg",
    [
        "青ネズミ 12：他のプレイヤーの裏向きのカードを選んでください",
        "かんたんボットは「ロック」トークンを自分のカードに置きました。（16 / 8）。",
        "Easy bot puts the locked token on their Raccoon 3 — “Put a reserve token on one of your cards.”",
    ],
)
def test_wrapped_lines_never_run_past_their_width_and_keep_japanese_line_rules(app, msg):
    """A character that may not start a line (ー, 。, small kana) takes the one before it down instead of
    running past the box (the prompt's "カ|ード" crossed its border); 「 never ends a line."""
    from game.client import gfx

    for width in range(90, 460, 3):
        lines = gfx.wrap(msg, 15, width)
        assert "".join(lines).replace(" ", "") == msg.replace(" ", "")
        for line in lines:
            assert gfx.font(15).size(line)[0] <= width, (width, lines)
        assert not any(line[0] in gfx.NO_LINE_START for line in lines[1:]), (width, lines)
        assert not any(line[-1] in gfx.NO_LINE_END for line in lines[:-1]), (width, lines)
        last = lines[-1].rstrip("".join(gfx.NO_LINE_START))
        assert len(lines) == 1 or len(last) > 1 or not gfx._is_cjk(last), (width, lines)  # no orphan


def test_log_lines_fit_beside_their_bullet(app):
    """Log lines were wrapped to the box and then given a bullet: the last character ran under the
    scroll bar."""
    from game.client import gfx
    from game.client.table.log import ScrollLog

    i18n.set_language("ja")
    log = ScrollLog(lambda ev: ev["text"], size=14)
    log.add([{"text": "かんたんボットはあなたのイタチ 5を自分の場に取りました。" * 2}])
    for width in range(150, 330, 4):
        for line, _ in log._wrapped(width):
            assert gfx.font(14).size(line)[0] <= width, (width, line)


def test_results_summary_lines_fit_the_box(app):
    """The results' summary lines wrap inside their box (a long Japanese line touched its border),
    and only the newest that fit are listed, after "…"."""
    from game.client import gfx
    from game.client.menus.results import ResultsScene

    s = Session.new("hacktrick", ["human", "random"], seed=4, target=1)
    long = "かんたんボットが1 VP獲得（他のプレイヤーを脱落させた）— 現在1 VP。" * 2
    results = ResultsScene(app, s, ["You", "Bot"], summary=[f"{k}: {long}" for k in range(9)])
    lines = results.summary_lines(520, 200)
    assert lines[0] == "…" and len(lines) == 200 // 26 and lines[-1] in gfx.wrap(f"8: {long}", 17, 520)
    assert all(gfx.font(17).size(line)[0] <= 520 for line in lines)


def test_results_say_you_win_to_the_one_human_and_count_points_in_both_languages(app):
    """ "You wins!" and "1 points" were on the results screen."""
    from game.client.menus.results import ResultsScene

    s = Session.new("hacktrick", ["human", "random"], seed=4, target=1)
    rng = random.Random(1)
    while not s.over:
        s.apply(rng.choice(s.state.legal_actions()))
    results = ResultsScene(app, s, ["You", "Bot"])
    winner = s.state.winners()[0]
    assert results.you_won(winner) == (winner == 0)
    assert not ResultsScene(app, Session.new("hacktrick", ["human", "human"], seed=4), ["A", "B"]).you_won(0)
    assert i18n.tn("results.points", 1) == "1 point" and i18n.tn("results.points", 2) == "2 points"
    assert results.score_text(1) == "1 point"
    assert (
        ResultsScene(app, Session.new("ratjack", ["human", "random"], seed=4), ["A", "B"]).score_text(2)
        == "2 VP"
    )
    i18n.set_language("ja")
    assert i18n.tn("results.points", 1) == "1点" and i18n.t("results.you_win") == "あなたの勝ち！"


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


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_pause_menus_note_is_drawn_whole_under_the_buttons(tmp_path, monkeypatch, lang):
    from game.client import gfx
    from game.client.menus.title import TitleScene
    from game.client.scenes import open_game

    app = make_app(tmp_path, monkeypatch, lang=lang)
    try:
        app.scenes.push(TitleScene(app))
        open_game(app, Session.new("hakkutsu", ["human", "random"], seed=2))
        frames(app)
        key(app, pygame.K_ESCAPE)
        pause = app.scenes.top
        assert type(pause).__name__ == "PauseScene"
        panel, note, lines = pause.note_layout()
        assert len(lines) >= 2
        scratch = pygame.Surface(app.size)
        used = gfx.text_block(scratch, i18n.t("pause.quit_note"), note, pause.NOTE_SIZE, line_gap=0)
        assert used == len(lines) * gfx.font(pause.NOTE_SIZE).get_linesize()  # every line drawn
        assert note.top >= pause.b_title.rect.bottom + 8 and panel.contains(note)
        assert panel.bottom <= app.size[1] - 20
    finally:
        app.shutdown()
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hint_boxs_reading_stays_inside_the_box(tmp_path, monkeypatch, lang):
    """ "勝率53%" touched the hint box's bottom edge (Japanese fonts are tall)."""
    from types import SimpleNamespace

    from game.client import gfx
    from game.client.menus.title import TitleScene
    from game.client.scenes import open_game

    app = make_app(tmp_path, monkeypatch, lang=lang)
    try:
        app.scenes.push(TitleScene(app))
        scene = open_game(app, Session.new("ratjack", ["human", "random"], seed=3))
        assert run_until(app, lambda: scene.my_turn)
        action = scene.session.state.legal_actions()[0]
        scene.hints.shown = SimpleNamespace(action=action, win_chance=0.53, position=None, player=0)
        scene.hinted_action = action
        drawn = []
        real = gfx.text

        def spy(surface, msg, pos, size=20, colour=gfx.INK, *args, **kwargs):
            rect = real(surface, msg, pos, size, colour, *args, **kwargs)
            drawn.append((msg, rect))
            return rect

        monkeypatch.setattr(gfx, "text", spy)
        app.render()
        reading = [rect for msg, rect in drawn if msg == i18n.t("hint.percent_to_win", p=53)]
        assert reading and scene.hint_rect.inflate(-4, -4).contains(reading[0])
    finally:
        app.shutdown()
        i18n.set_language("en")
