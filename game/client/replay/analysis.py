"""A game review computed in a background process, so the replay keeps its frame rate.

:class:`AnalysisWorker` starts one process (the same start method as the bots' worker) that
runs :func:`ai.review.review_record` on one core and streams ``(done, total)`` progress; the
scene polls it once a frame.  Closing the worker kills the process; like the bots' worker, it
ends quietly with the client (a lifeline pipe; a reply to a client that is gone is dropped).
"""

from __future__ import annotations

from game.rules import carry_games

from ..bot_worker import send_to_client, stop_process, worker_context


def _analyse(conn, record_json: dict, budget: int | None, seed: int, lifeline=None, games=()) -> None:
    """Review the record in this worker process (``games``: the client's registered games,
    :func:`game.rules.carry_games`) and send progress, then the review or the error."""
    import os

    from ai.review import review_record
    from ai.tournament.executor import exit_with_parent
    from game.rules import GameRecord, adopt_games

    if lifeline is not None:
        exit_with_parent(lifeline)
    adopt_games(games)

    try:
        os.nice(10)  # the window's frames first
    except (AttributeError, OSError):
        pass
    try:
        review = review_record(
            GameRecord.from_json(record_json),
            budget=budget,
            seed=seed,
            jobs=1,
            on_progress=lambda done, total: send_to_client(conn, ("progress", done, total)),
        )
        reply = ("done", review.to_json())
    except Exception as exc:  # noqa: BLE001 - reported to the player
        reply = ("error", f"{type(exc).__name__}: {exc}")
    send_to_client(conn, reply)


class AnalysisWorker:
    """Review a record in another process; ``poll()`` returns the :class:`~ai.review.Review` once."""

    def __init__(self, record, budget: int | None = None, seed: int = 0) -> None:
        ctx = worker_context()
        self.conn, child = ctx.Pipe()
        watched, self.lifeline = ctx.Pipe(duplex=False)  # the process ends when this end closes
        self.proc = ctx.Process(
            target=_analyse,
            args=(child, record.to_json(), budget, seed, watched, carry_games()),
            daemon=True,
            name="tabletop-trio-review",
        )
        self.proc.start()
        child.close()
        watched.close()
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
        if self.lifeline is not None:
            self.lifeline.close()
        self.proc = self.conn = self.lifeline = None
