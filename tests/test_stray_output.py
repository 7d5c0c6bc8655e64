"""No stray tracebacks: a bot worker whose client died ends at once and says nothing, and a lost
Dask scheduler is one message, not that message under ~50 lines of Dask's own logging."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from game.client import bot_worker
from game.client.session import Session

ROOT = Path(__file__).resolve().parent.parent

ORPHAN = textwrap.dedent("""
    import os, time
    from game.client.bot_worker import BotWorker
    from game.client.session import Session

    if __name__ == "__main__":
        s = Session.new("hacktrick", ["mcts:iterations=400000", "random"], seed=1)
        w = BotWorker(mode="process", timeout=600)
        w.request(s.record, s.state, s.to_move, "mcts:iterations=400000", 1)
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
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    try:
        assert not _alive(pid), "the orphaned bot worker went on searching"
    finally:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)
    assert err.read_text() == ""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_worker_whose_client_is_gone_stops_without_a_traceback(monkeypatch):
    """The answer to a request finds the pipe closed: the worker returns (it raised
    BrokenPipeError twice, the second time out of its error handler)."""
    import multiprocessing

    monkeypatch.setattr(bot_worker.signal, "signal", lambda *args: None)  # not this process's Ctrl+C
    monkeypatch.setattr(bot_worker.os, "nice", lambda n: 0)
    client, worker = multiprocessing.Pipe()
    s = Session.new("hacktrick", ["random", "random"], seed=1)
    client.send((1, s.record.to_json(), s.to_move, "random", 1, False))
    client.close()
    finished = []
    thread = threading.Thread(target=lambda: finished.append(bot_worker._worker_main(worker)), daemon=True)
    thread.start()
    thread.join(30)
    assert finished == [None]


def test_losing_the_dask_scheduler_prints_only_the_tournaments_message(tmp_path, capfd):
    distributed = pytest.importorskip("distributed")
    from ai.tournament import DaskExecutor, TournamentDir, TournamentSpec, run_tournament, validate_spec

    out_dir = tmp_path / "d"
    cluster = distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        host="127.0.0.1",
        protocol="tcp://",
        dashboard_address=None,
    )
    spec = validate_spec(
        TournamentSpec(
            "hacktrick", ["random", "random"], players=2, games=5000, seed=7, options={"target": 3}
        )
    )
    tdir = TournamentDir.create(out_dir, spec)
    tdir.attach_databases([])

    def close_when_some_games_are_done():
        while len(list((out_dir / "games").glob("game-*.json"))) < 3:
            time.sleep(0.05)
        cluster.close()

    closer = threading.Thread(target=close_when_some_games_are_done, daemon=True)
    closer.start()
    capfd.readouterr()
    try:
        with DaskExecutor(cluster.scheduler_address) as ex:
            out = run_tournament(tdir, ex, stream=open(os.devnull, "w"))
    finally:
        tdir.close()
        closer.join(30)
        cluster.close()
    captured = capfd.readouterr()
    assert out.status == "failed" and "lost the connection to the Dask scheduler" in out.error
    assert "Futures" not in out.error and "\n" not in out.error
    assert "distributed" not in captured.err and "Traceback" not in captured.err, captured.err[:2000]
