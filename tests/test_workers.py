"""game/workers.py: the one plumbing of worker processes (tournament games, the client's bots, the
replay's analysis, a review's process pool): they leave Ctrl-C to their parent, end with it or
when its lifeline closes, and know the games registered at run time."""

from __future__ import annotations

import os
import signal
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.connection import Connection

from ai import play_game
from game.client.replay.analysis import AnalysisWorker
from game.rules import GAMES, GameInfo, carry_games
from game.workers import Lifeline, WorkerProcess, process_context, start_pool_worker, start_worker, try_send

_pool_state: dict[str, object] = {}


def _wait_for_the_end(conn: Connection, lifeline: Connection, games: list[GameInfo]) -> None:
    """A worker that says it is ready, then waits for a message that never comes."""
    start_worker(lifeline, games)
    try_send(conn, "ready")
    conn.recv()


def test_workers_sharing_a_lifeline_end_when_it_closes():
    lifeline = Lifeline()
    workers = [WorkerProcess(_wait_for_the_end, name="test-worker", lifeline=lifeline) for _ in range(2)]
    try:
        assert [w.conn.recv() for w in workers] == ["ready", "ready"]
        lifeline.close()
        for w in workers:
            w.process.join(10)
        assert [w.process.exitcode for w in workers] == [1, 1]  # exit_with_parent's os._exit(1)
    finally:
        for w in workers:
            w.stop()


def test_a_worker_with_its_own_lifeline_is_stopped_and_its_pipes_closed():
    worker = WorkerProcess(_wait_for_the_end, name="test-worker")
    assert worker.conn.recv() == "ready" and worker.alive
    worker.stop()
    assert not worker.alive and worker.process.exitcode == -signal.SIGKILL and worker.conn.closed
    assert not try_send(worker.conn, "anyone?")


def _remember(value: str) -> None:
    _pool_state["value"] = value


def _pool_worker_state() -> tuple[bool, object, list[str]]:
    return signal.getsignal(signal.SIGINT) == signal.SIG_IGN, _pool_state.get("value"), sorted(GAMES)


def test_a_pool_worker_is_set_up_as_the_others_then_by_its_own_initializer(fourth_game):
    """How a process pool (a review's) gets the same set-up: Ctrl-C left to the parent, the parent's
    games (the fourth one is registered at run time), its lifeline, then its own initializer."""
    context = process_context()
    with (
        Lifeline(context) as lifeline,
        ProcessPoolExecutor(
            max_workers=1,
            mp_context=context,
            initializer=start_pool_worker,
            initargs=(lifeline.watched, carry_games(), _remember, ("set up",)),
        ) as pool,
    ):
        ignores_ctrl_c, value, games = pool.submit(_pool_worker_state).result(timeout=60)
    assert ignores_ctrl_c and value == "set up" and games == sorted(GAMES) and fourth_game.name in games


def test_the_replays_analysis_ignores_ctrl_c():
    """Ctrl-C in the terminal reaches the whole process group: the review process died of a
    KeyboardInterrupt (its traceback on the terminal) instead of leaving it to the client."""
    record = play_game("hacktrick", ["heuristic", "random"], seed=8)
    worker = AnalysisWorker(record, budget=300)
    try:
        deadline = time.monotonic() + 60
        while worker.total is None and time.monotonic() < deadline:  # the review has begun
            assert worker.poll() is None and worker.running, worker.error
            time.sleep(0.01)
        os.kill(worker.worker.process.pid, signal.SIGINT)
        review = None
        while review is None and worker.running and time.monotonic() < deadline:
            review = worker.poll()
            time.sleep(0.01)
        assert review is not None, worker.error
    finally:
        worker.close()
