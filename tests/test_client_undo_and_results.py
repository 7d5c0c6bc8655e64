"""Undo stops at a finished hand or round (also after a save), and the results screen: a rematch
with the same seats and options, "you win" to the one human, points counted in both languages, and a
review only of a game a person played."""

from __future__ import annotations

import random

import pytest

from game.client import i18n
from game.client.session import Session
from tests.client_helpers import click_button, frames


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


@pytest.mark.parametrize("seats,reviewed", [(["human", "random"], True), (["random", "heuristic"], False)])
def test_results_review_only_a_game_with_a_person_at_the_table(app, monkeypatch, seats, reviewed):
    """A demo of bots alone started a background review (a core's minute) after every game."""
    from game.client.menus.results import ResultsScene
    from game.client.replay import analysis

    started = []

    class Recorder:
        running, fraction = True, 0.0

        def __init__(self, record, budget=None, seed=0) -> None:
            started.append(record)

        def poll_saved(self, record_path, notify):
            return None

        def close(self) -> None:
            pass

    monkeypatch.setattr(analysis, "AnalysisWorker", Recorder)
    s = Session.new("hacktrick", seats, seed=4, target=1)
    rng = random.Random(1)
    while not s.over:
        s.apply(rng.choice(s.state.legal_actions()))
    results = app.scenes.push(ResultsScene(app, s, ["A", "B"]))
    frames(app, 2)
    assert (started == [s.record]) == reviewed and (results.analysis is not None) == reviewed
    assert results.review is None
