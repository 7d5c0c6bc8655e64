"""A game review computed in a background process, so the replay keeps its frame rate.

:class:`AnalysisWorker` starts one process (the same plumbing as the bots' worker:
``game/workers.py``) that runs :func:`ai.review.review_record` on one core and streams
``(done, total)`` progress; the results screen and the replay poll it once a frame
(:meth:`AnalysisWorker.poll_saved`, which also saves the finished review where the replay finds
it).  Closing the worker kills the process; like the bots' worker, it leaves Ctrl-C to the client
and ends quietly with it (a lifeline pipe; a reply to a client that is gone is dropped).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.workers import WorkerProcess, start_worker, try_send

if TYPE_CHECKING:
    from pathlib import Path

    from ai.review import Review


def _analyse(conn, lifeline, games, record_json: dict, budget: int | None, seed: int) -> None:
    """Review the record in this worker process (``games``: the client's registered games,
    :func:`game.rules.carry_games`) and send progress, then the review or the error."""
    start_worker(lifeline, games, nice=10)  # the window's frames first
    from ai.review import review_record
    from game.rules import GameRecord

    def progress(done: int, total: int) -> None:
        try_send(conn, ("progress", done, total))

    try:
        review = review_record(
            GameRecord.from_json(record_json), budget=budget, seed=seed, jobs=1, on_progress=progress
        )
        reply: tuple[str, object] = ("done", review.to_json())
    except Exception as exc:  # noqa: BLE001 - reported to the player
        reply = ("error", f"{type(exc).__name__}: {exc}")
    try_send(conn, reply)


class AnalysisWorker:
    """Review a record in another process; ``poll()`` returns the :class:`~ai.review.Review` once."""

    def __init__(self, record, budget: int | None = None, seed: int = 0) -> None:
        self.worker: WorkerProcess | None = WorkerProcess(
            _analyse, record.to_json(), budget, seed, name="tabletop-trio-review"
        )
        self.done, self.total = 0, None
        self.error: str | None = None

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0

    def poll(self):
        """The finished review (once), else None; a failure sets :attr:`error`."""
        from ai.review import Review

        while self.worker is not None and self.worker.conn.poll():
            try:
                msg = self.worker.conn.recv()
            except (EOFError, OSError):
                break
            if msg[0] == "progress":
                self.done, self.total = msg[1], msg[2]
            elif msg[0] == "done":
                self.close()
                return Review.from_json(msg[1])
            else:
                self.error = msg[1]
                self.close()
                return None
        if self.worker is not None and not self.worker.alive and self.error is None:
            self.error = "the review process stopped"
            self.close()
        return None

    def poll_saved(self, record_path: Path | None, notify: Callable[[str, float], None]) -> Review | None:
        """:meth:`poll`, the finished review also saved where the replay looks for it: next to the
        kept record at ``record_path`` (a game not kept: ``None``, nothing saved).  A failure to
        save is told through ``notify`` (the app's) and the review is returned all the same."""
        from ..i18n import t
        from .store import review_dir_for

        review = self.poll()
        if review is not None and record_path is not None:
            try:
                folder = review_dir_for(record_path)
                folder.mkdir(parents=True, exist_ok=True)
                review.save(folder / "review.json")
            except OSError as exc:
                notify(t("replay.review_not_saved", error=str(exc)), 5)
        return review

    @property
    def running(self) -> bool:
        return self.worker is not None

    def close(self) -> None:
        if self.worker is not None:
            self.worker.stop()
        self.worker = None
