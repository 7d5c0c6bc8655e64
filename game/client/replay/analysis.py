"""A game review computed in a background process, so the replay keeps its frame rate.

:class:`AnalysisWorker` starts one process (the same start method as the bots' worker) that
runs :func:`ai.review.review_record` on one core and streams ``(done, total)`` progress; the
scene polls it once a frame.  Closing the worker kills the process.
"""

from __future__ import annotations

from ..bot_worker import stop_process, worker_context


def _analyse(conn, record_json: dict, budget: int | None, seed: int) -> None:
    import os

    from ai.review import review_record
    from game.rules import GameRecord

    try:
        os.nice(10)  # the window's frames first
    except (AttributeError, OSError):
        pass
    try:
        review = review_record(GameRecord.from_json(record_json), budget=budget, seed=seed, jobs=1,
                               on_progress=lambda done, total: conn.send(("progress", done, total)))
        conn.send(("done", review.to_json()))
    except Exception as exc:  # noqa: BLE001 - reported to the player
        conn.send(("error", f"{type(exc).__name__}: {exc}"))


class AnalysisWorker:
    """Review a record in another process; ``poll()`` returns the :class:`~ai.review.Review` once."""

    def __init__(self, record, budget: int | None = None, seed: int = 0) -> None:
        ctx = worker_context()
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_analyse, args=(child, record.to_json(), budget, seed), daemon=True,
                                name="tabletop-trio-review")
        self.proc.start()
        child.close()
        self.done, self.total = 0, None
        self.error: str | None = None

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0

    def poll(self):
        """The finished review (once), else None; a failure sets :attr:`error`."""
        from ai.review import Review

        while self.conn is not None and self.conn.poll():
            try:
                msg = self.conn.recv()
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
        if self.proc is not None and not self.proc.is_alive() and self.error is None:
            self.error = "the review process stopped"
            self.close()
        return None

    @property
    def running(self) -> bool:
        return self.proc is not None

    def close(self) -> None:
        stop_process(self.proc, self.conn)
        self.proc = self.conn = None
