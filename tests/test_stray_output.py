"""No stray tracebacks: a bot worker whose client died ends at once and says nothing (a lost Dask
scheduler is one message: tests/test_tournament_faults.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from game import workers
from game.client import bot_worker
from game.client.session import Session
from tests.tournament_helpers import ROOT, alive

ORPHAN = textwrap.dedent("""
    import os, time
    from game.client.bot_worker import BotWorker
    from game.client.session import Session

    if __name__ == "__main__":
        s = Session.new("hacktrick", ["mcts:iterations=400000", "random"], seed=1)
        w = BotWorker(mode="process", timeout=600)
        w.request(s.state, s.to_move, "mcts:iterations=400000", 1)
        deadline = time.monotonic() + 30
        while w.progress is None and time.monotonic() < deadline:  # the bot is searching
            w.poll()
            time.sleep(0.05)
        print(w.proc.pid, flush=True)
        os._exit(0)  # the client dies without closing anything, as after kill -9
""")


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs Linux /proc")
def test_a_bot_worker_ends_quietly_when_its_client_dies(tmp_path):
    script = tmp_path / "orphan.py"
    script.write_text(ORPHAN, encoding="utf-8")
    err = tmp_path / "stderr.txt"
    with open(err, "wb") as f:
        out = subprocess.run(
            [sys.executable, str(script)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=f,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
            timeout=120,
        )
    pid = int(out.stdout.split()[0])
    deadline = time.monotonic() + 10  # the search alone would take far longer
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    try:
        assert not alive(pid), "the orphaned bot worker went on searching"
    finally:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)
    assert err.read_text() == ""


def test_a_worker_whose_client_is_gone_stops_without_a_traceback(monkeypatch):
    """The answer to a request finds the pipe closed: the worker returns (it raised
    BrokenPipeError twice, the second time out of its error handler)."""
    import multiprocessing

    monkeypatch.setattr(workers.signal, "signal", lambda *args: None)  # not this process's Ctrl+C
    monkeypatch.setattr(workers.os, "nice", lambda n: 0)
    client, worker = multiprocessing.Pipe()
    s = Session.new("hacktrick", ["random", "random"], seed=1)
    client.send(bot_worker.blind_request(1, s.state, s.to_move, "random", 1))
    client.close()
    finished = []
    thread = threading.Thread(target=lambda: finished.append(bot_worker._worker_main(worker)), daemon=True)
    thread.start()
    thread.join(30)
    assert finished == [None]
