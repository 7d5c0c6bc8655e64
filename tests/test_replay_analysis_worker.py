"""``AnalysisWorker.poll_saved``, which the results screen and the replay both poll once a frame:
the worker's replies (nothing yet, progress, the review, an error, a process gone silent) and the
finished review saved next to the kept record, where the replay looks for it."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from ai.review import Review
from game.client.i18n import t
from game.client.replay import analysis
from game.client.replay.store import review_dir_for
from game.rules import GameRecord

REVIEW = Review("hacktrick", 2, "digest", 3, 8, returns=[1.0, 0.0], actions=5, accuracy=[80.0, 60.0])


class FakeProcess:
    """The worker process's place: the test writes its replies into the other end of the pipe."""

    def __init__(self, *args: object, name: str) -> None:
        self.conn, self.child = multiprocessing.Pipe()
        self.alive, self.stopped = True, False

    def stop(self) -> None:
        self.stopped, self.alive = True, False
        self.conn.close()


@pytest.fixture
def worker(monkeypatch: pytest.MonkeyPatch) -> analysis.AnalysisWorker:
    monkeypatch.setattr(analysis, "WorkerProcess", FakeProcess)
    return analysis.AnalysisWorker(GameRecord("hacktrick", 2, {}, 1, []))


def reply(worker: analysis.AnalysisWorker, *msg: object) -> FakeProcess:
    process = worker.worker
    assert isinstance(process, FakeProcess)
    process.child.send(msg)
    return process


@pytest.fixture
def kept(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text("{}")
    return path


def test_nothing_yet_then_progress(worker: analysis.AnalysisWorker, kept: Path) -> None:
    told: list[tuple[str, float]] = []
    assert worker.poll_saved(kept, lambda *a: told.append(a)) is None and worker.running
    reply(worker, "progress", 2, 8)
    assert worker.poll_saved(kept, lambda *a: told.append(a)) is None and worker.running
    assert (worker.done, worker.total, worker.fraction) == (2, 8, 0.25)
    assert not review_dir_for(kept).exists() and told == [] and worker.error is None


def test_the_finished_review_is_returned_once_and_saved_for_the_replay(
    worker: analysis.AnalysisWorker, kept: Path
) -> None:
    told: list[tuple[str, float]] = []
    reply(worker, "progress", 8, 8)
    process = reply(worker, "done", REVIEW.to_json())
    assert worker.poll_saved(kept, lambda *a: told.append(a)) == REVIEW
    assert Review.load(review_dir_for(kept) / "review.json") == REVIEW
    assert not worker.running and process.stopped and worker.error is None and told == []
    assert worker.poll_saved(kept, lambda *a: told.append(a)) is None  # once


def test_a_game_not_kept_gets_its_review_and_nothing_written(
    worker: analysis.AnalysisWorker, tmp_path: Path
) -> None:
    reply(worker, "done", REVIEW.to_json())
    assert worker.poll_saved(None, lambda *a: pytest.fail("nothing to tell")) == REVIEW
    assert list(tmp_path.iterdir()) == [] and not worker.running


def test_a_review_that_cannot_be_saved_is_told_and_returned(
    worker: analysis.AnalysisWorker, kept: Path
) -> None:
    review_dir_for(kept).write_text("a file where the review's folder goes")
    told: list[tuple[str, float]] = []
    reply(worker, "done", REVIEW.to_json())
    assert worker.poll_saved(kept, lambda *a: told.append(a)) == REVIEW
    assert len(told) == 1 and told[0][1] == 5
    assert told[0][0].startswith(t("replay.review_not_saved", error="")) and str(kept.parent) in told[0][0]


def test_an_error_reply_stops_the_worker_with_its_message(
    worker: analysis.AnalysisWorker, kept: Path
) -> None:
    process = reply(worker, "error", "ValueError: no such game")
    assert worker.poll_saved(kept, lambda *a: pytest.fail("the screen tells it")) is None
    assert worker.error == "ValueError: no such game" and not worker.running and process.stopped
    assert not review_dir_for(kept).exists()


def test_a_process_gone_without_a_reply_is_an_error(worker: analysis.AnalysisWorker, kept: Path) -> None:
    process = worker.worker
    assert isinstance(process, FakeProcess)
    process.alive = False
    assert worker.poll_saved(kept, lambda *a: pytest.fail("the screen tells it")) is None
    assert worker.error == "the review process stopped" and not worker.running and process.stopped
