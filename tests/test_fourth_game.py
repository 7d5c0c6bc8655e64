"""A fourth game that lives in the tests only (``tests/fourth_game``: High Card, hidden hands and a
shuffled deck, 2 or 3 players) is found everywhere from the registry, with no edit to a shared
module (issue 31): the engine contract, the no-peek checks, the bots with their tuning and hooks,
a tournament in worker processes (by the command line), OpenSpiel and the review.  The client's
part is in ``test_fourth_game_client.py``."""

from __future__ import annotations

import json

import pytest

import ai
from ai.heuristics import heuristics_for
from ai.mcts import game_tuning, normal_iterations
from ai.review import decision_indices, review_record
from game.cli import main
from game.rules import GAMES, GameRecord, new_game
from tests.fourth_game import bots
from tests.fourth_game.rules import Play

from . import (
    test_ai_heuristic,
    test_ai_mcts,
    test_ai_nopeek,
    test_ai_parallel,
    test_conformance,
    test_hidden_leak,
    test_undo_reveals,
)

NAME = "highcard"


def test_registered_only_inside_the_fixture():
    assert NAME not in GAMES
    with pytest.raises(ValueError, match="unknown game 'highcard'"):
        new_game(NAME)


def test_the_games_are_found_and_listed_in_their_order(fourth_game):
    """Every game package of game/rules registers on import (no list of them to edit); GAMES keeps
    the games' ``order``: the three first, a game with the default after them, one with a lower
    order before."""
    from dataclasses import replace

    from game.rules import register, unregister

    assert list(GAMES) == ["hacktrick", "ratjack", "hakkutsu", NAME]
    register(replace(fourth_game, name="first", order=0))
    try:
        assert list(GAMES) == ["first", "hacktrick", "ratjack", "hakkutsu", NAME]
    finally:
        unregister("first")
    assert list(GAMES)[-1] == NAME


def test_the_registry_finds_its_bots_and_tuning(fourth_game):
    assert list(GAMES)[-1] == NAME and GAMES[NAME] is fourth_game
    assert heuristics_for(NAME) is bots
    assert game_tuning(NAME)["horizon"] == "game" and normal_iterations(NAME, 3) == 90
    state = new_game(NAME, players=3, seed=5)
    assert ai.play.first_player(state) == state.current_player


@pytest.mark.parametrize("players", [2, 3])
def test_it_keeps_the_engine_contract(fourth_game, players):
    for seed, hand in ((1, 2), (2, 3), (3, 4)):
        state, record = test_conformance.play(NAME, players, {"hand": hand}, seed=seed)
        snap = test_conformance.snapshot
        assert snap(record.replay()) == snap(state)
        assert snap(GameRecord.from_json(json.loads(json.dumps(record.to_json()))).replay()) == snap(state)


@pytest.mark.parametrize("spec", test_ai_nopeek.SPECS)
def test_its_bots_never_peek(fourth_game, spec):
    test_ai_nopeek.check_choice_blind_to_hidden_cards(NAME, spec, positions=3)


def test_its_hidden_information_is_kept(fourth_game):
    test_ai_nopeek.check_determinize_blind(NAME, positions=4)
    test_undo_reveals.check_reveals_are_named(NAME, 3, {}, seeds=range(1, 6))
    for players in (2, 3):
        test_hidden_leak.check_no_integer_rebuilds_the_real_game(NAME, players, {"hand": 4}, positions=2)
    test_hidden_leak.check_fresh_seed_per_sample(NAME)


def test_the_bots_play_it_and_the_heuristic_beats_random(fourth_game):
    record = ai.play_game(NAME, ["mcts:iterations=40", "heuristic", "random"], seed=3)
    assert record.validate().is_terminal and len(record.actions) == 18
    wins = sum(ai.play_game(NAME, ["heuristic", "random"], seed=s).returns[0] for s in range(40))
    assert wins > 24, wins  # the greedy hook is used, not a random move


def test_a_tournament_by_the_command_line_in_worker_processes(fourth_game, tmp_path, capsys):
    """The tournament's workers are other processes: the game reaches them with the task's games."""
    out = tmp_path / "t"
    args = ["tournament", "--game", NAME, "--agents", "heuristic", "random", "--games", "4"]
    assert main([*args, "--option", "hand=2", "--jobs", "1", "--seed", "1", "--out", str(out)]) == 0
    results = json.loads((out / "results.json").read_text())
    assert results["status"] == "complete" and results["games_done"] == 4
    records = sorted((out / "games").glob("*.json"))
    assert len(records) == 4
    record = GameRecord.load(records[0])
    assert record.game == NAME and record.options == {"hand": 2} and record.validate().is_terminal


def test_a_review_at_a_tiny_budget(fourth_game):
    record = ai.play_game(NAME, ["heuristic", "random"], seed=2, hand=2)
    review = review_record(record, budget=20, seed=1)
    assert [d.index for d in review.decisions] == decision_indices(record) != []
    assert all(0.0 <= d.win_chance <= 1.0 for d in review.decisions)
    assert all(Play.from_json(d.best) in record.replay(d.index).legal_actions() for d in review.decisions)


def test_the_review_takes_its_budget_and_thresholds_from_the_games_bot_module(fourth_game, monkeypatch):
    """Issue 31's plug-in rule for the review (issue 33): no table in ``ai/review`` names the games;
    a game without ``REVIEW`` gets the documented defaults."""
    from ai.review import DEFAULT_BUDGET, default_budget, thresholds_for
    from ai.review.grading import LICHESS, Thresholds

    assert default_budget(NAME) == bots.REVIEW["budget"] == 60
    assert thresholds_for(NAME) == (Thresholds(0.06, 0.12, 0.25), LICHESS)  # no "hand": lichess's steps
    record = ai.play_game(NAME, ["heuristic", "random"], seed=2, hand=2)
    review = review_record(record, seed=1)
    assert review.budget == 60 and review.thresholds["game"] == {
        "inaccuracy": 0.06,
        "mistake": 0.12,
        "blunder": 0.25,
    }
    monkeypatch.delattr(bots, "REVIEW")
    assert default_budget(NAME) == DEFAULT_BUDGET and thresholds_for(NAME) == (LICHESS, LICHESS)


def test_a_review_in_worker_processes(fourth_game):
    """The review's process pool knows the games registered at run time (its workers said
    "unknown game"), and gives what the review in one process gives."""
    record = ai.play_game(NAME, ["heuristic", "random"], seed=2, hand=4)
    assert len(decision_indices(record)) > 4  # more than one chunk of decisions: the pool is used
    review = review_record(record, budget=20, seed=1, jobs=2)
    assert review.decisions == review_record(record, budget=20, seed=1).decisions


@pytest.mark.parametrize(
    "check",
    ["test_random_playthrough_matches_our_engine", "test_timed_bot_with_a_tiny_budget_still_visits_the_root"],
)
def test_openspiel_sees_it(fourth_game, check):
    """The OpenSpiel adapter's tests of every game, run for it (skipped without OpenSpiel)."""
    pytest.importorskip("pyspiel")
    from . import test_ai_openspiel

    getattr(test_ai_openspiel, check)(NAME)


def test_the_tools_read_the_registry(fourth_game):
    """A game without art or screenshots of its own is simply left out of the art; the client's
    benchmark times its table; the asset browser would name it by its title."""
    from game.client import asset_preview
    from tools import bench_client
    from tools.art import game_art

    assert list(game_art()) == [g for g in GAMES if g != NAME]
    assert (NAME, 3, {}) in bench_client.timed_tables()
    assert asset_preview.filter_label(NAME)[0] == "High Card"


@pytest.mark.parametrize(
    "check",
    [
        test_ai_heuristic.test_heuristic_only_chooses_legal_actions,
        test_ai_heuristic.test_evaluate_is_a_probability,
        test_ai_mcts.test_every_node_keeps_consistent_counts,
        test_ai_mcts.test_same_seed_same_view_same_search,
        test_ai_parallel.test_same_seed_same_move_and_statistics_with_two_workers,
    ],
    ids=lambda check: check.__name__,
)
def test_the_bots_tests_of_every_game_pass_for_it(fourth_game, check):
    """The bots' tests parametrized by GAMES, run for the fourth game (registered after collection)."""
    check(NAME)


def test_root_parallel_helpers_search_it_with_its_hooks(fourth_game):
    """mcts:workers=2 grows tree 1 in a helper process: the same tree as in this process, the game's
    hooks and tuning included."""
    from ai.mcts import MCTSAgent
    from ai.parallel import merge_roots
    from game.rules import Seat

    state = new_game(NAME, players=3, seed=9)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    seat = Seat(state, state.current_player)
    helped = MCTSAgent(seed=5, iterations=80, workers=2)
    helped.choose(seat)
    here = MCTSAgent(seed=5, iterations=80, workers=2)
    trees = [here.search_tree(seat, index, lambda progress: None)[0] for index in (0, 1)]
    stats = test_ai_parallel._stats
    assert stats(helped.last_root) == stats(merge_roots(trees))


def test_a_match_in_spawned_worker_processes(fourth_game, monkeypatch):
    """ai.arena's pool is spawned when threads run (here forced): its workers get the game too."""
    from ai import arena

    monkeypatch.setattr(arena, "_threads_unsafe", lambda: True)
    result = arena.play_match(NAME, ["heuristic", "random"], games=4, seed=3, processes=2, hand=2)
    assert result.n == 4 and len(result.games) == 4
