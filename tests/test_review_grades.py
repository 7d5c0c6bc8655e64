"""Issue 33: a review a player can trust - accuracy (lichess's model), grades, the hand's chance,
critical moments, and ``review.json``'s fields."""

from __future__ import annotations

import json
from math import exp
from pathlib import Path

import pytest

from ai import play_game
from ai.review import (
    GRADES,
    Decision,
    Review,
    Section,
    game_accuracy,
    judge,
    judge_decision,
    move_accuracy,
    review_record,
    thresholds_for,
)
from ai.review.game_review import critical_moments, sections_of
from ai.review.grading import Thresholds, harmonic_mean, volatility_weights
from game.rules import GameRecord, Seat, action_from_json

POSITIONS = Path(__file__).parent / "review_positions"


# ---------------------------------------------------------------------------- lichess's formulas
def test_move_accuracy_is_lichess_curve():
    assert move_accuracy(0.0) == 100.0 and move_accuracy(-0.1) == 100.0
    assert move_accuracy(0.10) == pytest.approx(
        103.1668100711649 * exp(-0.4354415386753951) - 2.166924740191411
    )
    assert move_accuracy(0.20) < move_accuracy(0.10) < move_accuracy(0.05) < 100
    assert move_accuracy(1.0) == 0.0  # clamped


def test_game_accuracy_mixes_a_volatility_weighted_and_a_harmonic_mean():
    assert game_accuracy([], []) is None
    assert game_accuracy([0.5, 0.5, 0.5], [90.0, 90.0, 90.0]) == pytest.approx(90.0)
    # one very bad move pulls the harmonic half down much more than an average would
    accs = [100.0] * 9 + [10.0]
    mixed = game_accuracy([0.5] * 10, accs)
    assert mixed < sum(accs) / len(accs) - 10
    assert harmonic_mean([100.0, 0.0]) == 0.0
    # a move made while the chances swing weighs more (lila's windowed standard deviation)
    weights = volatility_weights([50, 50, 50, 50, 90, 10, 90, 10, 50, 50])
    assert len(weights) == 10 and min(weights) == 0.5 and max(weights) == 12.0


def test_grades_follow_the_games_thresholds():
    game_t, hand_t = thresholds_for("hacktrick")
    assert game_t.grade(0.0, best=True) == "best"
    assert game_t.grade(game_t.inaccuracy / 2, best=False) == "good"
    assert game_t.grade(game_t.inaccuracy, best=False) == "inaccuracy"
    assert game_t.grade(game_t.mistake, best=False) == "mistake"
    assert game_t.grade(game_t.blunder, best=False) == "blunder"
    assert hand_t.blunder > game_t.blunder  # a hand's chance moves more than the game's
    assert thresholds_for("hakkutsu")[0] == Thresholds(0.04, 0.08, 0.15)  # from its bot module's REVIEW


# ---------------------------------------------------------------------------- the search and the verdicts
def test_random_play_is_less_accurate_than_sensible_play():
    """The issue's complaint: a review that cannot tell random play from sensible play."""
    record = play_game("hacktrick", ["random", "heuristic"], seed=1)
    review = review_record(record, budget=160, seed=0)
    random_acc, heuristic_acc = review.accuracy
    assert random_acc < heuristic_acc - 10
    errors = [sum(review.grades[p][g] for g in ("mistake", "blunder")) for p in range(2)]
    assert errors[0] > errors[1]


def _positions(game: str) -> list[dict]:
    return json.loads((POSITIONS / f"{game}.json").read_text())


@pytest.mark.parametrize("game", ["hacktrick", "ratjack"])
def test_a_move_that_loses_the_hand_at_once_is_a_blunder(game):
    entry = _positions(game)[0]
    state = GameRecord.from_json(entry["record"]).replay()
    lose, win = action_from_json(game, entry["lose"]), action_from_json(game, entry["win"])
    d = judge_decision(state, lose, budget=160, seed=0)
    assert d.grade == "blunder" and d.hand_drop > 0.5
    assert judge_decision(state, win, budget=160, seed=0).grade == "best"


def test_the_candidates_are_judged_on_common_worlds():
    """The move played and the best move are played on the same sampled worlds: judging the same
    position twice gives the same values, and the worlds split the budget between the candidates."""
    entry = _positions("hacktrick")[0]
    state = GameRecord.from_json(entry["record"]).replay()
    lose = action_from_json("hacktrick", entry["lose"])
    a = judge(Seat(state, state.current_player), lose, budget=120, seed=4)
    b = judge(Seat(state, state.current_player), lose, budget=120, seed=4)
    assert a == b and lose in a.values and a.worlds >= 1
    assert a.iterations <= 120 + len(a.values)


def test_a_move_that_is_not_legal_is_refused():
    record = play_game("hacktrick", ["heuristic", "heuristic"], seed=2)
    state = record.new_state()
    legal = state.legal_actions()
    other = record.replay().legal_actions() or legal
    illegal = next((a for a in other if a not in legal), None)
    if illegal is not None:
        with pytest.raises(ValueError, match="not a legal move"):
            judge(Seat(state, state.current_player), illegal, budget=10)


# ---------------------------------------------------------------------------- hands and critical moments
def _decision(index: int, player: int, drop: float, hand_drop: float, grade: str = "good") -> Decision:
    return Decision(
        index,
        player,
        {"kind": "draw"},
        "draw",
        0.5,
        0.5 - drop,
        {"kind": "pass"},
        "pass",
        drop,
        2,
        10,
        grade=grade,
        loss=max(drop, hand_drop),
        hand_win=0.6,
        hand_value=0.6 - hand_drop,
        hand_best={"kind": "pass"},
        hand_best_text="pass",
        hand_drop=hand_drop,
    )


def test_the_critical_moment_is_the_losers_biggest_loss_of_the_hand():
    review = Review("hacktrick", 2, "x", 0, 10, hands=True)
    review.sections = [Section(0, 9, [0]), Section(10, 19, [1]), Section(20, 25, [])]
    review.decisions = [
        _decision(1, 1, 0.02, 0.15),
        _decision(3, 1, 0.03, 0.40),  # the loser's worst: the critical moment of hand 1
        _decision(4, 0, 0.10, 0.90),  # the winner's loss does not count
        _decision(12, 0, 0.01, 0.02),  # hand 2 was lost to the cards: no critical moment
        _decision(21, 1, 0.2, 0.9),  # hand 3 is unfinished
    ]
    critical = critical_moments(review)
    assert [(c.section, c.index, c.player) for c in critical] == [(0, 3, 1)]
    assert critical[0].best_text == "pass" and critical[0].drop == 0.40


def test_sections_are_the_hands_and_their_winners():
    record = play_game("hacktrick", ["heuristic", "random"], seed=3)
    sections = sections_of(record)
    assert sections[0].start == 0 and sections[-1].end == len(record.actions) - 1
    wins = [0, 0]
    for s in sections:
        assert len(s.winners) == 1
        wins[s.winners[0]] += 1
    assert max(wins) == record.options["target"] or max(record.replay().scores) > max(wins)
    one = sections_of(play_game("hakkutsu", ["heuristic", "heuristic"], seed=3))
    assert len(one) == 1  # a game without hands: one section, the game


def test_hand_series_ends_each_hand_at_its_result():
    review = Review("hacktrick", 2, "x", 0, 10, hands=True)
    review.sections = [Section(0, 9, [0]), Section(10, 19, [1])]
    review.decisions = [_decision(2, 0, 0.0, 0.0), _decision(12, 0, 0.0, 0.0)]
    assert review.hand_series(0) == [[(2, 0.6), (10, 1.0)], [(12, 0.6), (20, 0.0)]]


# ---------------------------------------------------------------------------- review.json
def test_review_json_has_accuracy_grades_and_critical_moments(tmp_path):
    record = play_game("hacktrick", ["random", "heuristic"], seed=1)
    review = review_record(record, budget=40, seed=0)
    review.save(tmp_path / "review.json")
    data = json.loads((tmp_path / "review.json").read_text())
    assert len(data["accuracy"]) == 2 and all(0 <= a <= 100 for a in data["accuracy"])
    assert all(d["grade"] in GRADES for d in data["decisions"])
    assert [sum(g.values()) for g in data["grades"]] == [
        sum(d["player"] == p for d in data["decisions"]) for p in range(2)
    ]
    assert set(data["thresholds"]) == {"game", "hand"} and data["hands"] is True
    assert data["sections"] and all("winners" in s for s in data["sections"])
    for c in data["critical"]:
        assert {"section", "index", "player", "drop", "best", "best_text"} <= set(c)
    assert Review.load(tmp_path / "review.json") == review


def test_without_hands_a_move_that_scores_is_still_played_on(monkeypatch):
    """Hakkutsu's scores change at every rock mined: the review stopped there (as at a hand's end)
    and compared a mined rock's value at once with the other moves' values 30 moves on, so the
    normal bot's mining read as blunders (accuracy 85.7 against the heuristic's 94.1)."""
    from ai.mcts import MCTSAgent

    record = play_game("hakkutsu", ["heuristic", "heuristic"], seed=3)
    state = record.new_state()
    for action in record.actions:
        legal = state.legal_actions()
        scoring = [a for a in legal if _scores_after(state, a) != state.scores]
        if len(legal) > 1 and scoring:
            break
        state.apply(action)
    else:
        pytest.fail("no move that scores at once")
    played: list = []
    real = MCTSAgent.iterate

    def spy(self, root, st, *args, **kwargs):
        played.append(st.scores)
        return real(self, root, st, *args, **kwargs)

    monkeypatch.setattr(MCTSAgent, "iterate", spy)
    judge(Seat(state, state.current_player), scoring[0], budget=40, seed=1)
    assert any(scores != state.scores for scores in played)  # the worlds after the rock go on


def _scores_after(state, action) -> tuple:
    after = state.clone()
    after.apply(action)
    return after.scores


def test_a_game_without_bot_hooks_is_judged_with_random_rollouts(monkeypatch):
    from ai import mcts

    def none(game):
        raise ValueError(f"no heuristics for game {game!r}")

    monkeypatch.setattr(mcts, "heuristics_for", none)  # the review plays on as the bot's search does
    record = play_game("hacktrick", ["heuristic", "heuristic"], seed=2)
    state = record.new_state()
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    verdict = judge(Seat(state, state.current_player), state.legal_actions()[0], budget=20, seed=1)
    assert 0.0 <= verdict.win_chance <= 1.0
