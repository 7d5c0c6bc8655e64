"""Root-parallel ISMCTS (``mcts:workers=N``, ``level=hard``): determinism, sums, progress, processes."""

from __future__ import annotations

import multiprocessing

import pytest

import ai
from ai import mcts, parallel
from ai.mcts import MCTSAgent
from game.rules import GAMES, Seat

from .test_ai_mcts import _position


def _stats(root):
    return {a: (n.visits, n.reward, n.avail) for a, n in root.children.items()}


@pytest.mark.parametrize("game", list(GAMES))
def test_same_seed_same_move_and_statistics_with_two_workers(game):
    state = _position(game)
    seat = Seat(state, state.current_player)
    first, second = (MCTSAgent(seed=7, iterations=120, workers=2) for _ in range(2))
    assert first.choose(seat) == second.choose(seat)
    assert _stats(first.last_root) == _stats(second.last_root)
    assert first.last_iterations == 240 and first.last_root.visits == 240


def test_one_worker_is_the_single_search_and_two_add_a_second_tree():
    state = _position("hakkutsu")
    seat = Seat(state, state.current_player)
    single = MCTSAgent(seed=3, iterations=150)
    assert single.workers == 1
    one = MCTSAgent(seed=3, iterations=150, workers=1).search(seat)
    assert _stats(one) == _stats(single.search(seat))
    tree0, _ = single.search_tree(seat, 0, lambda p: None)
    tree1, _ = single.search_tree(seat, 1, lambda p: None)
    assert _stats(tree0) == _stats(one) and _stats(tree1) != _stats(tree0)  # own random stream
    two = MCTSAgent(seed=3, iterations=150, workers=2).search(seat)
    assert _stats(two) == _stats(parallel.merge_roots([tree0, tree1]))


def test_hard_uses_all_cores_but_one_by_default(monkeypatch):
    monkeypatch.setattr(mcts.os, "sched_getaffinity", lambda pid: set(range(8)), raising=False)
    assert ai.make_agent("mcts:level=hard").workers == 7
    assert ai.make_agent("mcts:level=normal").workers == 1
    assert ai.make_agent("mcts:level=hard,workers=3").workers == 3
    monkeypatch.setattr(mcts.os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert ai.make_agent("mcts:level=hard").workers == 1


def test_progress_is_combined_over_the_workers_and_reaches_the_client_worker():
    """The client's bot worker passes ``on_progress`` on: it sees every tree's iterations."""
    from game.client.bot_worker import _choose
    from game.rules import new_game

    state = new_game("ratjack", players=2, seed=4)
    for _ in range(6):
        state.apply(state.legal_actions()[-1])
    assert len(state.legal_actions()) > 1
    seen = []
    sample = parallel.seat_sample(Seat(state, state.current_player), 4)
    _choose(sample, "mcts:iterations=200,workers=2", 4, seen.append)
    assert {p.budget for p in seen} == {400}  # two trees of 200
    assert seen[-1].done and seen[-1].iterations == 400 and seen[-1].fraction == 1.0
    assert [p.iterations for p in seen] == sorted(p.iterations for p in seen)


def _search_in_daemon(queue):
    state = _position("hacktrick")
    agent = MCTSAgent(seed=2, iterations=80, workers=2)
    agent.choose(Seat(state, state.current_player))
    queue.put(agent.last_iterations)


def test_a_daemonic_process_may_search_in_parallel():
    """Tournament workers and the client's bot worker are daemonic: the helpers are subprocesses."""
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    proc = ctx.Process(target=_search_in_daemon, args=(queue,), daemon=True)
    proc.start()
    assert queue.get(timeout=60) == 160
    proc.join(10)


def test_a_dead_helper_is_replaced():
    state = _position("hacktrick")
    seat = Seat(state, state.current_player)
    agent = MCTSAgent(seed=2, iterations=60, workers=2)
    move = agent.choose(seat)
    helper = parallel.POOL.take(1)[0]
    helper.proc.kill()
    helper.proc.wait()
    assert agent.choose(seat) == move and agent.last_iterations == 120
    assert parallel.POOL.take(1)[0] is not helper
