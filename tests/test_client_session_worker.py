"""Session save/resume/undo and the bot worker's fallbacks."""

from __future__ import annotations

import json
import random

import pytest

from game.client.bot_worker import BotWorker
from game.client.session import SaveError, Session
from game.rules import GameRecord


def _play(session: Session, n: int, rng: random.Random) -> None:
    for _ in range(n):
        if session.over:
            return
        session.apply(rng.choice(session.state.legal_actions()))


def test_save_and_resume(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIO_DATA_DIR", str(tmp_path))
    s = Session.new("hacktrick", ["human", "random"], seed=4, target=3)
    _play(s, 25, random.Random(1))
    path = s.save()
    back = Session.load(path)
    assert back.seats == ["human", "random"]
    assert back.record.options == {"target": 3}
    assert back.state.to_json() == s.state.to_json()


def test_broken_save_is_reported_and_untouched(tmp_path):
    path = tmp_path / "hacktrick.json"
    path.write_text('{"game": "hacktrick", "players": 2', encoding="utf-8")
    with pytest.raises(SaveError, match="broken"):
        Session.load(path)
    assert path.read_text(encoding="utf-8") == '{"game": "hacktrick", "players": 2'
    rec = GameRecord("hacktrick", 2, {"target": 5}, 1, [])
    rec.save(path)  # a valid record without seats
    with pytest.raises(SaveError, match="who sits where"):
        Session.load(path)


def test_undo_returns_to_the_humans_last_decision():
    s = Session.new("hacktrick", ["human", "random"], seed=9)
    rng = random.Random(3)
    while s.to_move != 0 or len(s.record.actions) < 6:
        _play(s, 1, rng)
    while s.to_move == 0:  # the human's whole turn (ask / play / declare are separate decisions)
        before = json.dumps(s.state.to_json())
        n = len(s.record.actions)
        s.apply(rng.choice(s.state.legal_actions()))
    while not s.over and s.to_move == 1:  # ... and the bot answers
        _play(s, 1, rng)
    assert s.undo()  # back to just before the human's last decision
    assert len(s.record.actions) == n
    assert json.dumps(s.state.to_json()) == before
    assert s.to_move == 0


def test_no_undo_in_hotseat():
    s = Session.new("hacktrick", ["human", "human"], seed=9)
    _play(s, 5, random.Random(2))
    assert s.undo_point() is None and not s.undo()


def _wait(worker, limit: float = 60.0):
    import time

    end = time.monotonic() + limit
    while time.monotonic() < end:
        result = worker.poll()
        if result is not None:
            return result
        time.sleep(0.01)
    raise AssertionError("the worker never answered")


def test_worker_process_answers_with_a_legal_action():
    s = Session.new("hacktrick", ["random", "random"], seed=5)
    w = BotWorker(mode="process", timeout=60)
    try:
        w.request(s.state, s.to_move, "random", 1)
        result = _wait(w)
        assert result.fallback is None
        assert result.action in s.state.legal_actions()
    finally:
        w.close()


def test_worker_process_ignores_ctrl_c():
    """Ctrl+C in the terminal reaches the whole process group; the worker leaves it to the client."""
    import os
    import signal
    import time

    s = Session.new("hacktrick", ["random", "random"], seed=5)
    w = BotWorker(mode="process", timeout=60)
    try:
        w.request(s.state, s.to_move, "random", 1)
        _wait(w)
        pid = w.proc.pid
        os.kill(pid, signal.SIGINT)
        time.sleep(0.3)
        w.request(s.state, s.to_move, "random", 2)
        result = _wait(w)
        assert result.fallback is None and w.proc.pid == pid and w.proc.is_alive()
    finally:
        w.close()


def test_worker_errors_fall_back_to_a_legal_action():
    s = Session.new("hacktrick", ["random", "random"], seed=5)
    w = BotWorker(mode="process", timeout=60)
    try:
        w.request(s.state, s.to_move, "no-such-agent", 1)
        result = _wait(w)
        assert result.fallback and "no-such-agent" in result.fallback
        assert result.action in s.state.legal_actions()
    finally:
        w.close()


def test_worker_crash_and_timeout_fall_back():
    s = Session.new("hacktrick", ["random", "random"], seed=6)
    w = BotWorker(mode="process", timeout=60)
    try:
        w.request(s.state, s.to_move, "random", 1)
        w.proc.kill()  # the bot process dies while thinking
        w.proc.join()
        result = _wait(w)
        assert result.fallback and "stopped" in result.fallback
        assert result.action in s.state.legal_actions()
        w.timeout = 0.0  # nothing can answer in no time
        w.request(s.state, s.to_move, "random", 2)
        result = _wait(w)
        if result.fallback is not None:
            assert "no answer" in result.fallback or "stopped" in result.fallback
        assert result.action in s.state.legal_actions()
    finally:
        w.close()


def test_inline_worker_reports_errors():
    s = Session.new("hacktrick", ["random", "random"], seed=5)
    w = BotWorker(mode="inline")
    w.request(s.state, s.to_move, "mystery", 1)
    result = w.poll()
    assert result.fallback and result.action in s.state.legal_actions()


def test_a_forced_move_reports_no_win_chance():
    """The win-chance meter read a made-up 25% at a forced move (the analysis's neutral 1 / players,
    from no search); an analysed choice among several moves gives a real reading."""
    from ai.parallel import seat_sample
    from game.client.bot_worker import _choose
    from game.rules import Seat

    found = {}
    rng = random.Random(3)
    for seed in range(40):
        state, _ = GameRecord.start("ratjack", players=4, seed=seed)
        while not state.is_terminal and len(found) < 2:
            legal = state.legal_actions()
            if (len(legal) == 1) not in found:
                found[len(legal) == 1] = seat_sample(Seat(state, state.current_player), 1)
            state.apply(rng.choice(legal))
        if len(found) == 2:
            break
    for forced, sample in found.items():
        action, chance = _choose(sample, "mcts:iterations=60", 1, analyse=True)
        assert (chance is None) == forced and (forced or 0 <= chance <= 1)
