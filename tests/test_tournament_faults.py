"""Tournaments under faults: failing games, dead workers and parents, a lost cluster,
a locked database, a full disk, damaged records on --resume and absurd input.

Every fault ends with one clear message; the finished games are kept, results.json
and games.csv describe them, and --resume continues.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from ai.tournament import LocalExecutor, TournamentDir, run_tournament, schedule, store
from game.cli import main
from tests.tournament_helpers import (
    ROOT,
    Sink,
    alive,
    csv_rows,
    descendants,
    loopback_cluster,
    make_spec,
    record_files,
    tournament_args,
)


# ------------------------------------------------------------------ failing games and dead workers
def test_an_exception_in_a_game_becomes_a_failure_with_its_traceback_and_the_rest_go_on():
    tasks = schedule(make_spec(games=5))
    tasks[2] = replace(tasks[2], options={"target": 99})  # the engine refuses it inside the worker
    with LocalExecutor(jobs=2) as ex:
        results = {r["index"]: r for r in ex.run(tasks, timeout=0.2)}
    assert sorted(results) == [0, 1, 2, 3, 4]
    bad = results[2]
    assert bad["failed"] and "ValueError" in bad["error"] and "target" in bad["error"]
    assert "Traceback" in bad["traceback"] and "new_game" in bad["traceback"]
    assert all("record" in results[i] for i in (0, 1, 3, 4))


def test_a_crashed_worker_is_blamed_on_the_game_it_was_playing():
    long_games = schedule(
        make_spec(games=3, agents=("mcts:iterations=3000", "mcts:iterations=3000"), target=9)
    )
    ex = LocalExecutor(jobs=2)
    try:
        ex.start(long_games)
        assert ex.poll(0.3) == []
        (victim_task, victim), (other_task, _) = ex.running()
        os.kill(victim.pid, signal.SIGKILL)
        deadline = time.monotonic() + 30
        failures = []
        while not failures and time.monotonic() < deadline:
            failures = [r for r in ex.poll(0.2) if r.get("failed")]
        assert [f["index"] for f in failures] == [victim_task.index]
        assert "worker process died (killed by signal 9)" in failures[0]["error"]
        assert sorted(t.index for t, _ in ex.running()) == sorted([other_task.index, 2])  # a new worker
    finally:
        ex.close()


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs Linux /proc")
def test_workers_and_the_forkserver_exit_when_the_parent_is_killed(tmp_path):
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "game.cli",
            "tournament",
            *tournament_args(4, agents=("mcts:iterations=5000", "mcts:iterations=5000"), target=9, jobs=2),
            "--quiet",
            "--out",
            str(tmp_path / "t"),
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        below: set[int] = set()
        while time.monotonic() < deadline and len(below) < 3:  # the forkserver and two workers
            time.sleep(0.2)
            below = descendants(proc.pid)
        assert len(below) >= 3, "the tournament did not start its workers"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and any(alive(p) for p in below):
            time.sleep(0.2)
        survivors = [p for p in below if alive(p)]
    finally:
        if proc.poll() is None:
            proc.kill()
    for p in survivors:  # clean up before failing
        os.kill(p, signal.SIGKILL)
    assert not survivors, f"{len(survivors)} process(es) outlived the killed tournament"


# ------------------------------------------------------------------ cluster, database, disk
def test_losing_the_dask_scheduler_keeps_the_finished_games_and_says_only_its_message(tmp_path, capfd):
    """One message, not that message under ~50 lines of Dask's own logging."""
    from ai.tournament import DaskExecutor

    out_dir = tmp_path / "d"
    with loopback_cluster() as cluster:
        tdir = TournamentDir.create(out_dir, make_spec(games=5000, target=3))
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
                out = run_tournament(tdir, ex, stream=Sink())
        finally:
            tdir.close()
            closer.join(30)
    captured = capfd.readouterr()
    assert out.status == "failed" and "lost the connection to the Dask scheduler" in out.error
    assert "Futures" not in out.error and "\n" not in out.error
    assert "distributed" not in captured.err and "Traceback" not in captured.err, captured.err[:2000]
    results = json.loads((out_dir / "results.json").read_text())
    done = results["games_done"]
    assert 3 <= done < 5000 and len(csv_rows(out_dir)) == done == len(record_files(out_dir))


def test_a_database_locked_for_long_stops_with_a_clear_message_and_resume_stores_everything(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.setattr(store, "DB_BUSY_TIMEOUT", 0.05)
    monkeypatch.setattr(store, "DB_ATTEMPTS", 3)
    monkeypatch.setattr(store, "DB_BACKOFF", 0.05)
    shared, out_dir = tmp_path / "shared.sqlite", tmp_path / "t"
    tdir = TournamentDir.create(out_dir, make_spec(games=8))
    tdir.attach_databases([shared])
    holder = sqlite3.connect(shared, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the shared database
    try:
        with LocalExecutor(jobs=1) as ex:
            out = run_tournament(tdir, ex, stream=Sink())
    finally:
        tdir.close()
        holder.execute("ROLLBACK")
        holder.close()
    assert out.status == "failed" and "stayed locked" in out.error and str(shared) in out.error
    results = json.loads((out_dir / "results.json").read_text())
    assert results["status"] == "failed" and results["games_done"] == len(csv_rows(out_dir)) >= 1
    assert main(["tournament", "--resume", str(out_dir), "--db", str(shared), "--jobs", "1"]) == 0
    capsys.readouterr()
    with sqlite3.connect(shared) as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (8,)
        assert db.execute("SELECT games_done, status FROM tournaments").fetchall() == [(8, "complete")]


def test_a_full_disk_keeps_the_finished_games_and_says_how_to_resume(tmp_path, monkeypatch, capsys):
    real_write = store.write_atomic
    written = []

    def write_until_full(path, text):
        if Path(path).parent.name == "games":
            if len(written) >= 4:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
            written.append(path)
        real_write(path, text)

    monkeypatch.setattr(store, "write_atomic", write_until_full)
    out_dir = tmp_path / "t"
    assert main(["tournament", *tournament_args(40, 3, jobs=1), "--out", str(out_dir)]) == 1
    err = capsys.readouterr().err
    assert "No space left on device" in err and f"--resume {out_dir}" in err and "Traceback" not in err
    assert err.count("error:") == 1
    kept = record_files(out_dir)
    assert len(kept) == 4 and len(csv_rows(out_dir)) == 4
    assert json.loads((out_dir / "results.json").read_text())["games_done"] == 4
    monkeypatch.setattr(store, "write_atomic", real_write)
    assert main(["tournament", "--resume", str(out_dir), "--jobs", "1"]) == 0
    assert len(record_files(out_dir)) == 40


# ------------------------------------------------------------------ --resume reads records strictly
def _finished(tmp_path) -> Path:
    out_dir = tmp_path / "t"
    args = tournament_args(6, 5, agents=("random", "heuristic"), jobs=1)
    assert main(["tournament", *args, "--quiet", "--out", str(out_dir)]) == 0
    (out_dir / "tournament.sqlite").unlink()
    return out_dir


def _swap_seats(d):
    d["meta"]["tournament"]["seats"].reverse()


def _nest(d):
    d["meta"]["deep"] = "NESTED"  # replaced by 5000 nested lists in the file's text


@pytest.mark.parametrize(
    "damage,message",
    [
        (lambda d: d.update(returns=[1.5, 0.0]), "return 0 must be from 0.0 to 1.0"),
        (lambda d: d.update(returns=None), "no returns"),
        (lambda d: d.update(players=3), "played by 2 players"),
        (_swap_seats, "are not game 3's seats"),
        (lambda d: d["meta"]["tournament"].update(index=4), "seed does not belong to game 4"),
        (lambda d: d["meta"]["tournament"].update(index=True), "game index must be an integer"),
        (lambda d: d["meta"].update(scores=["x", 1]), "score must be a number"),
        (_nest, "nested too deeply"),
    ],
)
def test_a_damaged_record_stops_resume_before_anything_is_stored(tmp_path, capsys, damage, message):
    out_dir = _finished(tmp_path)
    capsys.readouterr()
    path = out_dir / "games" / "game-000003.json"
    data = json.loads(path.read_text())
    damage(data)
    path.write_text(json.dumps(data).replace('"NESTED"', "[" * 5000 + "]" * 5000))
    assert main(["tournament", "--resume", str(out_dir), "--games", "8", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert message in err and str(path) in err and "delete it and --resume will replay that game" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not (out_dir / "tournament.sqlite").exists()  # nothing was stored


def test_a_record_that_loses_its_returns_after_the_check_is_a_clear_error_when_synced(tmp_path):
    """The databases are filled again from the records after the check; a record that lost
    its returns in between is a one-line ValueError naming the file, not a TypeError."""
    out_dir = _finished(tmp_path)
    tdir = TournamentDir.open(out_dir)
    try:
        feeder = tdir.stored()  # every record checked
        path = out_dir / "games" / "game-000002.json"
        data = json.loads(path.read_text())
        data["returns"] = None
        path.write_text(json.dumps(data))
        with pytest.raises(ValueError, match="has no returns") as caught:
            tdir.resync(feeder.done)
        assert str(path) in str(caught.value) and "\n" not in str(caught.value)
    finally:
        tdir.close()


# ------------------------------------------------------------------ absurd command-line input
@pytest.mark.parametrize(
    "args,message",
    [
        (["--games", "1000001"], "--games must be between 1 and 1000000"),
        (["--games", "99999999999999999999"], "--games must be between 1 and 1000000"),
        (["--max-failures", "-1"], "--max-failures must be 0 or more"),
        (["--jobs", "100000"], "--jobs must be from 1 to 256"),
        (["--seed", str(1 << 63)], "--seed must be an integer from 0"),
    ],
)
def test_absurd_numbers_are_bad_input(tmp_path, capsys, args, message):
    out_dir = tmp_path / "out"
    code = main(
        ["tournament", "--game", "hacktrick", "--agents", "random", "random", *args, "--out", str(out_dir)]
    )
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1
    assert not out_dir.exists()
