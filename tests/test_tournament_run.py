"""Running tournaments: files, reproducibility, resume, SQLite, and the Dask cluster path."""

import json
import sqlite3
from dataclasses import replace

import pytest

from ai.tournament import (
    DaskExecutor,
    LocalExecutor,
    TournamentDir,
    play_task,
    run_tournament,
    schedule,
)
from ai.tournament.executor import Executor, GameFailed
from game.rules import GameRecord
from tests.tournament_helpers import Sink, loopback_cluster, make_spec, rows_without_duration, run_in


def test_local_run_writes_every_output(tmp_path):
    spec = make_spec(games=10)
    out = run_in(tmp_path / "t", spec, LocalExecutor(jobs=2))
    assert out.status == "complete" and out.played == 10
    d = tmp_path / "t"
    rows = rows_without_duration(d)
    assert [int(r["index"]) for r in rows] == list(range(10))
    tasks = schedule(spec)
    for r, t in zip(rows, tasks, strict=True):
        assert int(r["seed"]) == t.seed
        record = GameRecord.load(d / r["record"])
        final = record.validate()  # replayable
        assert final.is_terminal and tuple(final.returns()) == tuple(record.returns)
        assert [float(r["return0"]), float(r["return1"])] == list(record.returns)
        assert int(r["length"]) == len(record.actions)
        assert record.meta["tournament"]["index"] == t.index
    results = json.loads((d / "results.json").read_text())
    assert record.meta["tournament"]["id"] == results["id"] != ""
    assert results["status"] == "complete" and results["games_done"] == 10
    assert sum(a["games"] for a in results["agents"]) == 20
    assert sum(a["wins"] for a in results["agents"]) == pytest.approx(10)
    with sqlite3.connect(d / "tournament.sqlite") as db:
        assert db.execute("SELECT games_done, status FROM tournaments").fetchall() == [(10, "complete")]
        assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (10,)
        assert db.execute("SELECT COUNT(*), SUM(return) FROM seats").fetchone() == (20, pytest.approx(10))
        text = db.execute("SELECT record FROM games WHERE idx = 3").fetchone()[0]
        assert GameRecord.loads(text).validate().is_terminal


def test_same_seed_same_games_and_shared_database_accumulates(tmp_path):
    shared = tmp_path / "all.sqlite"
    spec = make_spec(games=12, seed=11)
    run_in(tmp_path / "a", spec, LocalExecutor(jobs=2), dbs=[shared])
    run_in(tmp_path / "b", make_spec(games=12, seed=11), LocalExecutor(jobs=1), dbs=[shared])
    run_in(tmp_path / "c", make_spec(games=12, seed=12), LocalExecutor(jobs=1), dbs=[shared])
    a, b, c = (rows_without_duration(tmp_path / x) for x in "abc")
    assert a == b
    assert [r["seed"] for r in a] != [r["seed"] for r in c]
    with sqlite3.connect(shared) as db:
        assert db.execute("SELECT COUNT(*) FROM tournaments").fetchone() == (3,)
        assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (36,)
        per = db.execute(
            "SELECT agent, COUNT(*) FROM seats JOIN games USING (tournament_id, idx) "
            "WHERE game = 'hacktrick' GROUP BY agent"
        ).fetchall()
        assert per == [("random", 72)]


def test_resume_plays_only_missing_games_and_matches_an_uninterrupted_run(tmp_path):
    spec = make_spec(games=16, seed=3)
    run_in(tmp_path / "full", spec, LocalExecutor(jobs=2))
    # a "crashed" tournament: some games finished, the rest never ran
    partial = tmp_path / "part"
    tdir = TournamentDir.create(partial, make_spec(games=16, seed=3))
    tdir.attach_databases([])
    for task in schedule(tdir.spec)[::3]:
        tdir.add(play_task(replace(task, tournament=tdir.id)))
    tdir.close()
    kept = {p.name: p.stat().st_mtime_ns for p in (partial / "games").iterdir()}
    tdir = TournamentDir.open(partial)
    tdir.attach_databases([])
    with LocalExecutor(jobs=2) as ex:
        out = run_tournament(tdir, ex, stream=Sink())
    tdir.close()
    assert out.status == "complete" and out.played == 16 - len(kept)
    assert all((partial / "games" / n).stat().st_mtime_ns == t for n, t in kept.items())  # not replayed
    assert rows_without_duration(partial) == rows_without_duration(tmp_path / "full")
    full = json.loads((tmp_path / "full" / "results.json").read_text())
    resumed = json.loads((partial / "results.json").read_text())
    assert resumed["agents"] == full["agents"]


def test_a_tournament_directory_is_used_by_one_process_at_a_time(tmp_path):
    first = TournamentDir.create(tmp_path / "t", make_spec())
    with pytest.raises(ValueError, match="in use by another tournament process"):
        TournamentDir.open(tmp_path / "t")
    first.close()
    TournamentDir.open(tmp_path / "t").close()


def test_open_rejects_directories_that_are_not_tournaments(tmp_path):
    with pytest.raises(ValueError, match="not a tournament directory"):
        TournamentDir.open(tmp_path)
    (tmp_path / "tournament.json").write_text('{"hello": 1}')
    with pytest.raises(ValueError, match="not a tabletop-trio tournament"):
        TournamentDir.open(tmp_path)
    with pytest.raises(ValueError, match="not a directory"):
        TournamentDir.open(tmp_path / "missing")


class _FailingExecutor(Executor):
    """Fails the third game, like an agent bug would."""

    name = "failing"

    def start(self, tasks):
        self._tasks = list(tasks)

    def poll(self, timeout=None):
        task = self._tasks.pop(0)
        if task.index == 2:
            raise GameFailed(task, "ZeroDivisionError: boom")
        return [play_task(task)]

    @property
    def busy(self):
        return bool(self._tasks)

    def stop(self):
        return 0

    def abort(self):
        self._tasks = []


def test_a_failing_game_is_recorded_and_the_tournament_goes_on(tmp_path):
    out = run_in(tmp_path / "f", make_spec(games=6), _FailingExecutor())
    assert out.status == "failed" and out.played == 5 and out.failed == 1
    assert "1 game(s) failed" in out.error
    results = json.loads((tmp_path / "f" / "results.json").read_text())
    assert results["status"] == "failed" and results["games_done"] == 5 and results["games_failed"] == 1
    assert [f["index"] for f in results["failures"]] == [2] and "boom" in results["failures"][0]["error"]
    assert json.loads((tmp_path / "f" / "failed" / "game-000002.json").read_text())["index"] == 2


def test_max_failures_stops_a_run_that_fails_systematically(tmp_path):
    spec = make_spec(games=6)
    tdir = TournamentDir.create(tmp_path / "f", spec)
    tdir.attach_databases([])
    with _FailingExecutor() as ex:
        out = run_tournament(tdir, ex, stream=Sink(), max_failures=0)
    tdir.close()
    assert out.status == "failed" and out.played == 2 and "more than --max-failures 0" in out.error
    assert json.loads((tmp_path / "f" / "results.json").read_text())["games_done"] == 2


def test_cluster_path_gives_the_same_games_as_local(tmp_path):
    run_in(tmp_path / "local", make_spec(games=8, seed=21), LocalExecutor(jobs=1))
    with loopback_cluster() as cluster:
        ex = DaskExecutor(cluster.scheduler_address)
        assert ex.workers == 1
        out = run_in(tmp_path / "dask", make_spec(games=8, seed=21), ex)
    assert out.status == "complete" and out.summary["executor"]["name"] == "dask"
    assert rows_without_duration(tmp_path / "dask") == rows_without_duration(tmp_path / "local")


def test_unreachable_cluster_is_a_clear_error():
    pytest.importorskip("distributed")
    with pytest.raises(ValueError, match="cannot connect to the Dask cluster"):
        DaskExecutor("tcp://127.0.0.1:9", timeout=1)


def test_three_player_tournament_with_a_tuple_option(tmp_path):
    from ai.tournament import parse_options

    spec = make_spec(
        "ratjack", players=3, games=6, seed=5, **parse_options("ratjack", {"decks": "weasel,raccoon"})
    )
    assert spec.options["decks"] == ("weasel", "raccoon")
    out = run_in(tmp_path / "r", spec, LocalExecutor(jobs=2))
    assert out.status == "complete"
    rows = rows_without_duration(tmp_path / "r")
    assert len(rows) == 6 and all(len({r["seat0"], r["seat1"], r["seat2"]}) == 1 for r in rows)
    for r in rows:
        record = GameRecord.load(tmp_path / "r" / r["record"])
        assert record.options["decks"] == ("weasel", "raccoon") and record.players == 3
        assert sum(float(r[f"return{i}"]) for i in range(3)) == pytest.approx(1.0)
    assert sum(a["games"] for a in out.summary["agents"]) == 18


def test_abort_ends_running_games_at_once():
    spec = make_spec(agents=("mcts:iterations=5000", "mcts:iterations=5000"), games=4, seed=1, target=9)
    ex = LocalExecutor(jobs=2)
    ex.start(schedule(spec))
    assert ex.busy and ex.poll(0.05) == []  # long games: none finished yet
    procs = ex.processes
    assert procs
    assert ex.stop() >= 1  # the started games keep running after stop()
    ex.abort()
    assert not ex.busy
    for proc in procs:
        proc.join(timeout=30)
        assert not proc.is_alive()
    ex.close()
