"""Game review (``ai.review``) and hints: values in [0, 1], reproducible, blind to hidden cards.

The review and the hints search only from a player's ``Seat``; like the bots' no-peeking test
(``test_ai_nopeek.py``), a second real state the player cannot tell apart from the first
(other hidden cards) must give exactly the same numbers and the same move.
"""

from __future__ import annotations

import pytest

from ai import make_agent, play_game
from ai.review import (
    GRADES,
    Review,
    analyse_seat,
    analyse_with,
    decision_indices,
    record_digest,
    review_record,
)
from game.client.table.hints import HINT_SPEC
from game.rules import GameRecord, Seat
from game.rules.rng import Rng

BUDGET = 24


@pytest.fixture(scope="module")
def short_record() -> GameRecord:
    """The first 40 actions of a Hacktrick game between heuristic bots (a record need not be finished)."""
    record = play_game("hacktrick", ["heuristic", "heuristic"], seed=11)
    return GameRecord(
        record.game, record.players, record.options, record.seed, record.actions[:40], meta=dict(record.meta)
    )


@pytest.fixture(scope="module")
def short_review(short_record) -> Review:
    return review_record(short_record, budget=BUDGET, seed=3)


def test_every_decision_has_win_chances_in_0_1(short_record, short_review):
    assert [d.index for d in short_review.decisions] == decision_indices(short_record)
    assert short_review.decisions
    for d in short_review.decisions:
        assert 0.0 <= d.win_chance <= 1.0
        assert d.chosen_value is None or 0.0 <= d.chosen_value <= 1.0
        assert 0.0 <= d.drop <= 1.0 and 0.0 <= d.hand_drop <= 1.0
        assert d.hand_win is not None and d.hand_value is not None  # Hacktrick is played in hands
        assert d.loss == max(d.drop, d.hand_drop) and 0.0 <= d.accuracy <= 100.0
        assert d.grade in GRADES and d.mistake == (d.grade in ("mistake", "blunder"))
        assert d.action_text == str(short_record.actions[d.index])
    assert short_review.record_digest == record_digest(short_record)


def test_same_seed_and_budget_give_the_same_numbers(short_record, short_review):
    again = review_record(short_record, budget=BUDGET, seed=3)
    assert again.decisions == short_review.decisions


def test_parallel_review_equals_the_serial_one(short_record, short_review):
    parallel = review_record(short_record, budget=BUDGET, seed=3, jobs=2)
    assert parallel.decisions == short_review.decisions


def test_review_json_round_trip(short_review, tmp_path):
    short_review.save(tmp_path / "review.json")
    assert Review.load(tmp_path / "review.json") == short_review
    with pytest.raises(ValueError, match="not a game review"):
        Review.from_json({"format": "something else"})


def _hidden_twin(state, player: int, seed: int):
    """A real state ``player`` cannot tell apart from ``state`` but with other hidden cards."""
    for k in range(20):
        twin = state.determinize(player, Rng(seed + k))
        if twin.to_json() != state.to_json():
            return twin
    return None


@pytest.mark.parametrize("game,players", [("hacktrick", 2), ("ratjack", 3), ("hakkutsu", 2)])
def test_analysis_never_depends_on_hidden_cards(game, players):
    """What the review (and a hint) says at a decision is the same when cards the player could
    not see are different."""
    record = play_game(game, ["heuristic"] * players, seed=5)
    states = list(record.states())
    checked = 0
    for i in decision_indices(record)[2::9][:5]:
        state = states[i]
        p = state.current_player
        twin = _hidden_twin(state, p, seed=100 + i)
        if twin is None:
            continue
        assert twin.view(p) == state.view(p)
        a = analyse_seat(Seat(state, p), BUDGET, seed=7)
        b = analyse_seat(Seat(twin, p), BUDGET, seed=7)
        assert (a.best, a.win_chance, a.values) == (b.best, b.win_chance, b.values)
        checked += 1
    assert checked, "no decision had hidden information to change"


def test_a_hint_never_uses_what_the_human_cannot_see():
    """The hint's search (the client's ``HINT_SPEC`` agent on the human's seat, as the worker
    runs it) chooses the same move with the same win chance whatever the hidden cards are."""
    spec = HINT_SPEC.split(":")[0] + ":iterations=60"  # the same agent, a test-sized budget
    checked = 0
    for seed in range(4):
        record = play_game("hacktrick", ["heuristic", "random"], seed=seed)
        states = list(record.states())
        for i in decision_indices(record)[3::17][:3]:
            state = states[i]
            p = state.current_player
            twin = _hidden_twin(state, p, seed=i)
            if twin is None:
                continue
            a = analyse_with(make_agent(spec, seed=9), Seat(state, p))
            b = analyse_with(make_agent(spec, seed=9), Seat(twin, p))
            assert (a.best, a.win_chance) == (b.best, b.win_chance)
            checked += 1
    assert checked >= 4


def test_analysis_needs_an_mcts_agent():
    record = play_game("hacktrick", ["heuristic", "heuristic"], seed=1)
    state = record.new_state()
    with pytest.raises(ValueError, match="mcts"):
        analyse_with(make_agent("heuristic", seed=1), Seat(state, state.current_player))


def test_a_move_tried_once_is_not_a_certain_loss_but_a_well_tried_bad_move_shows():
    """The review called a move the search had tried once (and lost) "0% (−75%), a mistake"."""
    from ai.review import PRIOR_VISITS, SeatAnalysis, shrunk_value

    result = SeatAnalysis(0, "best", 0.75, {"best": (0.75, 300), "once": (0.0, 1), "bad": (0.2, 60)}, 400)
    once = shrunk_value(result, "once")
    assert once == 0.75 * PRIOR_VISITS / (1 + PRIOR_VISITS) and once > 0.6
    assert abs(shrunk_value(result, "bad") - 0.2) < 0.05
    assert shrunk_value(result, "best") == 0.75 and shrunk_value(result, "never") is None
