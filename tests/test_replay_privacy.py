"""Replaying and reviewing games that are not finished.

A save holds the seed, so its record could show every hidden card.  An unfinished game a person plays
(against bots or hot-seat) is only ever shown from a human seat, never all open and never reviewed, and
the player is told why; an unfinished game ends its replay by saying so, not "The game is over."."""

from __future__ import annotations

import random

import pygame
import pytest

from game.cli import main
from game.client.i18n import t
from game.client.menus.title import TitleScene
from game.client.replay.scene import OPEN, ReplayScene
from game.client.session import Session
from tests.client_helpers import frames, key, make_app


def _save(tmp_path, seats, moves: int = 5, finish: bool = False):
    """A Hacktrick game between ``seats`` after ``moves`` random moves (or to its end), saved."""
    session = Session.new("hacktrick", seats, seed=6, target=1)
    rng = random.Random(2)
    while not session.over and (finish or len(session.record.actions) < moves):
        session.apply(rng.choice(session.state.legal_actions()))
    return session.save(tmp_path / "game.json"), session


def _exit(argv) -> int:
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code


def _error(capsys, command: str) -> str:
    err = capsys.readouterr().err
    assert (
        err.startswith(f"tabletop-trio {command}: error: ")
        and err.count("\n") == 1
        and "Traceback" not in err
    )
    return err


# ------------------------------------------------------------------ the command line
@pytest.mark.parametrize("seat", [None, "open"])
def test_an_unfinished_hot_seat_game_is_not_replayed_open_or_without_a_seat(tmp_path, capsys, calls, seat):
    path, _ = _save(tmp_path, ["human", "human"])
    argv = ["replay", str(path)] + (["--seat", seat] if seat else [])
    assert _exit(argv) == 2 and calls == []
    err = _error(capsys, "replay")
    assert "this game is not finished" in err and "hidden cards" in err
    assert "watch it from your own seat only, with --seat 1 or 2" in err


def test_an_unfinished_hot_seat_game_is_replayed_from_one_seat(tmp_path, calls):
    path, _ = _save(tmp_path, ["human", "human"])
    assert _exit(["replay", str(path), "--seat", "2"]) == 0
    assert [(name, kw["seat"]) for name, _, kw in calls] == [("run_replay", 1)]


def test_an_unfinished_hot_seat_game_is_not_reviewed(tmp_path, capsys, no_window):
    path, _ = _save(tmp_path, ["human", "human"])
    assert _exit(["review", str(path), "--out", str(tmp_path / "r")]) == 2
    assert "it can be reviewed once it is finished" in _error(capsys, "review")
    assert not (tmp_path / "r" / "review.json").exists()


@pytest.mark.parametrize("seats", [["human", "random"], ["human", "human"]])
def test_a_finished_game_may_be_watched_open(tmp_path, calls, seats):
    path, _ = _save(tmp_path, seats, finish=True)
    assert _exit(["replay", str(path), "--seat", "open"]) == 0
    assert calls[0][2]["seat"] == OPEN


@pytest.mark.parametrize("seat", ["open", "2"])
def test_an_unfinished_game_against_a_bot_is_not_watched_open_or_from_the_bot(tmp_path, capsys, calls, seat):
    """The bot's hand is as hidden from the player as another player's: the save must not show it."""
    path, _ = _save(tmp_path, ["human", "random"])
    assert _exit(["replay", str(path), "--seat", seat]) == 2 and calls == []
    assert "watch it from your own seat only, with --seat 1" in _error(capsys, "replay")


def test_an_unfinished_game_against_a_bot_is_watched_from_the_players_seat(
    tmp_path, capsys, calls, no_window
):
    path, _ = _save(tmp_path, ["random", "human"])
    assert _exit(["replay", str(path)]) == 0 and calls[0][2]["seat"] == 1  # the one player's own view
    assert _exit(["review", str(path), "--out", str(tmp_path / "r")]) == 2
    assert "it can be reviewed once it is finished" in _error(capsys, "review")


# ------------------------------------------------------------------ the replay screen
@pytest.fixture(params=["en", "ja"])
def app(tmp_path, monkeypatch, request):
    a = make_app(tmp_path, monkeypatch, lang=request.param)
    yield a
    a.shutdown()


def _open(app, record, **kwargs) -> ReplayScene:
    app.scenes.push(TitleScene(app))
    scene = app.scenes.push(ReplayScene(app, record, **kwargs))
    frames(app, 2)
    return scene


def test_the_replay_of_an_unfinished_hot_seat_game_stays_at_its_seat(tmp_path, app):
    _, session = _save(tmp_path, ["human", "human"])
    scene = _open(app, session.record, seat=1)
    private = t("replay.private", name=scene.table.name(1))
    for k in (pygame.K_v, pygame.K_o, pygame.K_a):
        app.notice = None
        key(app, k)
        assert scene.table.viewer == 1 and not scene.open_cards and scene.analysis is None
        assert app.notice is not None and app.notice[0] == private
    assert not scene.b_analyse.is_enabled
    scene.next_watch()  # the button's way
    assert scene.table.viewer == 1 and not scene.open_cards


def test_all_open_is_never_shown_for_an_unfinished_hot_seat_game(tmp_path, app):
    _, session = _save(tmp_path, ["human", "human"])
    scene = _open(app, session.record, seat=OPEN)
    assert not scene.open_cards


def test_the_replay_of_an_unfinished_game_against_a_bot_stays_at_the_players_seat(tmp_path, app):
    _, session = _save(tmp_path, ["random", "human"])
    scene = _open(app, session.record, seat=0)  # the bot's seat: refused, the player's own instead
    assert scene.table.viewer == 1 and not scene.open_cards
    key(app, pygame.K_o)
    assert not scene.open_cards and scene.table.viewer == 1


def test_a_finished_hot_seat_game_may_be_watched_from_any_seat(tmp_path, app):
    _, session = _save(tmp_path, ["human", "human"], finish=True)
    scene = _open(app, session.record, seat=0)
    key(app, pygame.K_v)
    assert scene.table.viewer == 1
    key(app, pygame.K_o)
    assert scene.open_cards


def test_the_end_of_an_unfinished_game_says_who_is_to_move(tmp_path, app):
    _, session = _save(tmp_path, ["human", "random"])
    scene = _open(app, session.record)
    assert scene.cursor == scene.session.length and not scene.session.over
    text = scene.decision_text()
    assert text == t("replay.unfinished", name=scene.table.name(session.to_move)) != t("replay.end")


def test_the_end_of_a_finished_game_says_it_is_over(tmp_path, app):
    _, session = _save(tmp_path, ["human", "random"], finish=True)
    scene = _open(app, session.record)
    assert scene.decision_text() == t("replay.end")
