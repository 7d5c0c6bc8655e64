"""The tutorials (Learn to play): scenarios checked against the engines, each lesson completed by clicks
at 1280x720 in English and Japanese, wrong clicks refused, progress kept, the command line."""

from __future__ import annotations

import tomllib

import pygame
import pytest

from game.client import i18n
from game.client.tutorial import available, load
from game.client.tutorial.scenario import check, parse
from tests.client_helpers import click, frames, key, make_app, run_until

LESSONS = available()


def test_every_game_with_a_table_has_a_lesson():
    from game.client.registry import tables

    assert set(LESSONS) == set(tables())


@pytest.mark.parametrize("game", LESSONS)
def test_the_scenario_replays_with_the_engine_and_shows_what_it_covers(game):
    scenario = load(game)
    events = check(scenario)  # every action legal at its step, by the right seat; every covered event seen
    assert scenario.covers and {ev["type"] for ev in events} >= set(scenario.covers)


@pytest.mark.parametrize("game", LESSONS)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_step_has_its_text_in_both_languages(game, lang):
    scenario = load(game)
    table = i18n.table(lang)
    for step in scenario.steps:
        assert scenario.text_key(step) in table, (lang, step.id)
        wrong = scenario.text_key(step, "_wrong")
        assert (wrong in table) == (wrong in i18n.table("en")), (lang, wrong)


def test_a_scenario_that_no_longer_fits_the_rules_is_refused_before_any_window():
    scenario = load("hacktrick")
    data = {
        "game": "hacktrick",
        "players": 2,
        "seed": scenario.seed,
        "options": {"target": "2"},
        "step": [{"id": "a", "kind": "do", "action": "play 4"}, {"id": "z", "kind": "finish"}],
    }
    with pytest.raises(ValueError, match="'play 4' is not legal here"):
        check(parse(data))
    data["step"][0] = {"id": "a", "kind": "watch", "actions": ["open 1"]}  # the learner's decision
    with pytest.raises(ValueError, match="learner's decision"):
        check(parse(data))
    with pytest.raises(ValueError, match="last step"):
        parse(dict(data, step=[{"id": "a", "kind": "explain"}]))
    with pytest.raises(ValueError, match="never shows"):
        check(
            parse(
                dict(
                    data,
                    covers=["hand_won"],
                    step=[{"id": "a", "kind": "do", "action": "open 1"}, {"id": "z", "kind": "finish"}],
                )
            )
        )


def test_the_scenario_files_are_plain_toml_with_their_game_name():
    from importlib import resources

    for game in LESSONS:
        data = tomllib.loads(
            resources.files("game.client.tutorial.scenarios").joinpath(f"{game}.toml").read_text()
        )
        assert data["game"] == game


# ---------------------------------------------------------------- in the client
def open_lesson(app, game, **kwargs):
    from game.client.menus.title import TitleScene
    from game.client.tutorial import open_tutorial

    app.scenes.push(TitleScene(app))
    table = open_tutorial(app, game, **kwargs)
    frames(app, 3)
    return table


def settle(app, table, limit: int = 2000) -> None:
    """Until the step waits for the learner (nothing moving, the script done for now)."""
    guide = table.guide
    assert run_until(
        app, lambda: not table.timeline.busy and (guide.step.kind in ("explain", "do", "finish")), limit
    )
    frames(app, 2)


@pytest.mark.parametrize("game", LESSONS)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_lesson_is_completed_by_clicking_what_it_outlines(game, lang, tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, lang=lang)
    app.settings.animation_speed = 12.0
    table = open_lesson(app, game, autoplay=True)
    scenario = table.guide.scenario
    assert app.size == (1280, 720)
    assert run_until(app, lambda: table.guide.step.kind == "finish", 20000), table.guide.step
    assert [str(a) for a in table.session.record.actions] == scenario.line()
    frames(app, 3)
    assert set(table.guide.buttons) == {"play", "again", "title"}
    app.shutdown()


def hacktrick_at(app, step_id: str):
    table = open_lesson(app, "hacktrick", autoplay=True)
    assert run_until(app, lambda: table.guide.step.id == step_id, 5000)
    table.guide.autoplay = False
    settle(app, table)
    return table


def test_a_wrong_click_is_explained_and_changes_nothing(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    table = hacktrick_at(app, "capture")  # play 1: 2 + 1 = 3 captures the coach's marker
    actions = list(table.session.record.actions)
    guide = table.guide
    five = next(
        rect for (_, rect), v in zip(table.layout.hand.rects(), table.display["hand"], strict=True) if v == 5
    )
    click(app, five.center)  # a playable card, but not the lesson's
    assert table.session.record.actions == actions and guide.step.id == "capture"
    assert guide.message == i18n.t("tutorial.hacktrick.capture_wrong")  # said in the note, beside the move
    guide.message = None
    key(app, pygame.K_5)  # the same by its key: refused by the guide, not played
    assert table.session.record.actions == actions and guide.message == i18n.t(
        "tutorial.hacktrick.capture_wrong"
    )
    key(app, pygame.K_h)  # no hint from a search in a lesson
    assert table.session.record.actions == actions and not table.hints.wanted
    one = guide.targets()[0]
    click(app, one.center)
    assert [str(a) for a in table.session.record.actions[len(actions) :]] == ["play 1"]
    app.shutdown()


def test_explanations_go_back_and_forth_and_a_click_on_the_table_is_explained(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    table = open_lesson(app, "hacktrick")
    guide = table.guide
    assert guide.step.id == "welcome" and set(guide.buttons) == {"next"}
    click(app, guide.buttons["next"].center)
    assert guide.step.id == "board" and set(guide.buttons) == {"again", "back", "next"}
    click(app, (1000, 150))  # the row: not what the step is about
    assert guide.step.id == "board" and guide.message == i18n.t("tutorial.wrong_explain")
    click(app, guide.buttons["back"].center)
    assert guide.step.id == "welcome"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert guide.step.id == "hand"
    key(app, pygame.K_LEFT)
    assert guide.step.id == "board"
    app.shutdown()


def test_a_lesson_left_mid_way_resumes_at_its_step_and_can_start_over(tmp_path, monkeypatch):
    from game.client.menus.pause import PauseScene
    from game.client.menus.title import TitleScene
    from game.client.tutorial import progress

    app = make_app(tmp_path, monkeypatch)
    table = hacktrick_at(app, "guard")
    played = list(table.session.record.actions)
    index = table.guide.index
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    pause.quit_to_title()  # nothing to lose: no question asked
    frames(app, 2)
    assert isinstance(app.scenes.top, TitleScene)
    assert progress.place("hacktrick").step == index and progress.place("hacktrick").started
    from game.client.session import save_path

    assert not save_path("hacktrick").exists()  # a lesson never takes Continue's place
    app.scenes.clear_to(TitleScene(app))
    resumed = open_lesson(app, "hacktrick")
    assert resumed.guide.step.id == "guard" and resumed.session.record.actions == played
    again = open_lesson(app, "hacktrick", restart=True)
    assert again.guide.index == 0 and again.session.record.actions == []
    app.shutdown()


def test_start_over_from_any_step(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    table = hacktrick_at(app, "plan")
    assert table.session.record.actions and "again" in table.guide.buttons
    click(app, table.guide.buttons["again"].center)
    fresh = app.scenes.top
    assert fresh is not table and fresh.guide.index == 0 and fresh.session.record.actions == []
    assert "again" not in fresh.guide.buttons  # nothing to start over from on the first step
    app.shutdown()


def test_the_last_step_offers_a_real_game_against_the_easy_bot(tmp_path, monkeypatch):
    from game.client.tutorial import progress

    app = make_app(tmp_path, monkeypatch)
    table = open_lesson(app, "hacktrick", autoplay=True)
    assert run_until(app, lambda: table.guide.step.kind == "finish", 20000)
    table.guide.autoplay = False
    frames(app, 3)
    assert progress.place("hacktrick").done
    click(app, table.guide.buttons["play"].center)
    game = app.scenes.top
    assert type(game).__name__ == "HacktrickScene" and game.guide is None
    assert game.session.seats == ["human", "mcts:level=easy"] and "tutorial" not in game.session.record.meta
    assert all(p == 1 for p in game.session.actors)  # a new deal: at most the bot's opening so far
    app.shutdown()


def test_the_lesson_is_offered_once_the_first_time_a_game_is_played(tmp_path, monkeypatch):
    from game.client.menus.choose import GameChoiceScene
    from game.client.menus.confirm import ConfirmScene
    from game.client.menus.setup import SetupScene
    from game.client.menus.title import TitleScene
    from game.client.tutorial.progress import progress_path

    app = make_app(tmp_path, monkeypatch)
    progress_path().unlink()  # a first-time player: no lesson offered yet
    app.scenes.push(TitleScene(app))
    choose = app.scenes.push(GameChoiceScene(app))
    frames(app, 2)
    play = next(b for b, g in choose.buttons.items() if g == "hacktrick")
    click(app, play.rect.center)
    offer = app.scenes.top
    assert isinstance(offer, ConfirmScene)
    click(app, offer.b_cancel.rect.center)  # "No thanks, set up a game"
    assert isinstance(app.scenes.top, SetupScene)
    app.scenes.pop()
    frames(app, 2)
    click(app, play.rect.center)
    assert isinstance(app.scenes.top, SetupScene)  # offered once, never forced
    app.shutdown()


def test_the_title_screen_leads_to_the_lessons(tmp_path, monkeypatch):
    from game.client.menus.choose import GameChoiceScene
    from game.client.menus.title import TitleScene

    app = make_app(tmp_path, monkeypatch)
    title = app.scenes.push(TitleScene(app))
    frames(app, 2)
    click(app, title.b_learn.rect.center)
    choose = app.scenes.top
    assert isinstance(choose, GameChoiceScene) and choose.learn
    lesson = next(b for b, g in choose.learn_buttons.items() if g == "hacktrick")
    click(app, lesson.rect.center)
    table = app.scenes.top
    assert table.guide is not None and table.guide.step.id == "welcome"
    app.shutdown()


# ---------------------------------------------------------------- the command line
def test_the_command_line_refuses_bad_input_with_one_line(capsys):
    from game.cli import main

    for argv, message in (
        (["tutorial", "chess"], "no tutorial for 'chess'"),
        (["tutorial", "hacktrick", "--screenshot", "x.png"], "add --autoplay"),
        (["tutorial", "hacktrick", "--autoplay", "--screenshot", "x.jpg"], "PNG"),
        (["tutorial", "hacktrick", "--speed", "2"], "unrecognized arguments"),
    ):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert message in err and len(err.strip().splitlines()) == 1, err


def test_autoplay_plays_the_lesson_to_its_end_and_exits_0(tmp_path, monkeypatch, capsys):
    from game.cli import main

    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TRIO_DATA_DIR", str(tmp_path / "data"))
    shot = tmp_path / "last.png"
    assert main(["tutorial", "hacktrick", "--autoplay", "--lang", "ja", "--screenshot", str(shot)]) == 0
    assert shot.stat().st_size > 0 and "finished" in capsys.readouterr().out


def test_a_coach_move_stays_explained_until_the_learner_goes_on(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    table = open_lesson(app, "hacktrick", autoplay=True)
    assert run_until(app, lambda: table.guide.step.id == "coach_draws", 5000)
    table.guide.autoplay = False
    played = len(table.session.record.actions)
    frames(app, 300)  # ten seconds: the coach's draw is long shown, the note still stands
    guide = table.guide
    assert guide.step.id == "coach_draws" and len(table.session.record.actions) == played + 1
    assert set(guide.buttons) >= {"next"}
    key(app, pygame.K_RIGHT)
    assert guide.step.id == "draw"
    app.shutdown()


def test_the_coachs_moves_are_explained_by_the_note_not_captioned(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    table = open_lesson(app, "hacktrick", autoplay=True)
    assert run_until(
        app, lambda: table.guide.step.id == "x2_and_play", 5000
    )  # after the coach's play and Play!
    assert table.session.record.actions and not any(box.lines for box in table.captions.boxes)
    assert not table.captions.callouts
    app.shutdown()


def test_either_of_two_identical_cards_does_the_lessons_move(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    table = hacktrick_at(app, "open")  # open with a 1; the hand holds two
    ones = [
        rect for (_, rect), v in zip(table.layout.hand.rects(), table.display["hand"], strict=True) if v == 1
    ]
    assert len(ones) == 2 and all(r in table.guide.targets() for r in ones)
    click(app, ones[1].center)
    assert [str(a) for a in table.session.record.actions] == ["open 1"]
    app.shutdown()


def test_a_finished_lesson_played_again_and_left_half_way_continues_there(tmp_path, monkeypatch):
    from game.client.tutorial import progress

    app = make_app(tmp_path, monkeypatch)
    progress.remember("hacktrick", step=0, done=True)
    table = hacktrick_at(app, "guard")
    index = table.guide.index
    assert progress.place("hacktrick").started and progress.place("hacktrick").done
    resumed = open_lesson(app, "hacktrick")
    assert resumed.guide.index == index
    app.shutdown()


def test_the_pause_menu_of_a_lesson_says_the_place_is_kept(tmp_path, monkeypatch):
    from game.client.menus.pause import PauseScene
    from game.client.session import save_path

    app = make_app(tmp_path, monkeypatch)
    hacktrick_at(app, "draw")
    save_path("hacktrick").parent.mkdir(parents=True, exist_ok=True)
    save_path("hacktrick").write_text("a saved game of the player's")  # never asked about, never touched
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    assert pause.b_save.text == i18n.t("pause.leave_lesson") and pause.note_text() == i18n.t(
        "pause.lesson_note"
    )
    click(app, pause.b_save.rect.center)
    assert type(app.scenes.top).__name__ == "TitleScene"
    assert save_path("hacktrick").read_text() == "a saved game of the player's"
    app.shutdown()
