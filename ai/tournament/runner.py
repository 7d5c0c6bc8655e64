"""Running a tournament: schedule, execute, store, summarise; Ctrl-C and resume.

Ctrl-C (SIGINT) is turned into a flag while games run, so a file is never
half-written: the first press stops queuing games and waits for the running
ones (workers ignore SIGINT, so they finish them), a second press abandons
them.  Either way every finished game is kept, the summary files are written
with status ``interrupted``, and ``--resume DIR`` plays only the missing games.
Games are seeded by their index, so a resumed tournament ends with exactly the
games an uninterrupted one would have played.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path

from .executor import Executor, GameFailed
from .progress import Progress
from .results import summarize
from .spec import schedule
from .store import TournamentDir


@dataclass
class Outcome:
    """What :func:`run_tournament` did."""

    status: str  # "complete", "interrupted" or "failed"
    summary: dict
    directory: Path
    played: int  # games finished in this session
    error: str | None = None


class _InterruptFlag:
    """While active, SIGINT increments ``count`` instead of raising KeyboardInterrupt."""

    def __init__(self) -> None:
        self.count = 0
        self._old = None

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            self._old = signal.signal(signal.SIGINT, self._handle)
        return self

    def _handle(self, signum, frame) -> None:
        self.count += 1

    def __exit__(self, *exc) -> None:
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)


def run_tournament(tdir: TournamentDir, executor: Executor, *, progress: Progress | None = None,
                   stream=None, poll_interval: float = 0.2) -> Outcome:
    """Play every game of ``tdir.spec`` not yet in ``tdir`` and write the results.

    ``tdir`` must have its databases attached (:meth:`TournamentDir.attach_databases`).
    """
    stream = stream if stream is not None else sys.stderr
    spec = tdir.spec
    results = tdir.load_results()
    if results:
        tdir.resync(results)
    todo = [replace(t, tournament=tdir.id) for t in schedule(spec) if t.index not in results]
    if progress is None:
        progress = Progress(spec.games, done=len(results), stream=stream)
    status, error, played = "complete", None, 0
    start = time.monotonic()
    stopping = aborted = False
    with _InterruptFlag() as flag:
        try:
            executor.start(todo)
            while executor.busy:
                if flag.count >= 1 and not stopping:
                    stopping = True
                    status = "interrupted"
                    running = executor.stop()
                    if running:
                        progress.message(f"interrupted: waiting for the {running} game(s) already handed to workers "
                                         "(Ctrl-C again to abandon them)")
                if flag.count >= 2 and not aborted:
                    aborted = True
                    progress.message("abandoning the running games")
                    executor.abort()
                    break
                for result in executor.poll(poll_interval):
                    tdir.add(result)
                    results[result["index"]] = result
                    played += 1
                    progress.update()
        except GameFailed as exc:
            status, error = "failed", str(exc)
            executor.abort()
        progress.finish()
        wall = time.monotonic() - start
        if status == "complete" and len(results) < spec.games:
            status = "interrupted"
        summary = summarize(spec, list(results.values()), tid=tdir.id, status=status, wall_time=wall,
                            executor=executor.describe())
        summary["session_games"] = played
        if error:
            summary["error"] = error
        tdir.flush_records()
        tdir.sync_databases(status=status, done=len(results))
        tdir.write_csv(list(results.values()))
        tdir.write_results(summary)
    return Outcome(status, summary, tdir.path, played, error)
