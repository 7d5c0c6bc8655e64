"""Running a tournament: schedule, execute, store, summarise; Ctrl-C and resume.

Ctrl-C (SIGINT) is turned into a flag while games run, so a file is never
half-written: the first press stops queuing games and waits for the running
ones (workers ignore SIGINT, so they finish them) -- with duplicate deals it
still hands out the rest of every deal begun, so that no deal is left half
played -- and a second press abandons them.  Either way every finished game
is kept, the summary files are written with status ``interrupted``, and
``--resume DIR`` plays only the missing games.
Games are seeded by their index, so a resumed tournament ends with exactly the
games an uninterrupted one would have played.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from types import FrameType, TracebackType
from typing import TYPE_CHECKING

from .executor import Executor, ExecutorLost, GameFailed, failure_result
from .progress import Progress, TextSink
from .spec import GameTask, iter_schedule
from .store import StorageError, TournamentDir

if TYPE_CHECKING:
    from game.rules.core import JsonDict

    from .results import Feeder

#: Failed games tolerated before a run stops (``--max-failures``).
DEFAULT_MAX_FAILURES = 5


@dataclass
class Outcome:
    """What :func:`run_tournament` did."""

    status: str  # "complete", "interrupted" or "failed"
    summary: JsonDict
    directory: Path
    played: int  # games finished in this session
    error: str | None = None
    failed: int = 0  # games that failed in this session


class _InterruptFlag:
    """While active, SIGINT increments ``count`` instead of raising KeyboardInterrupt."""

    def __init__(self) -> None:
        self.count = 0
        self._old: Callable[[int, FrameType | None], object] | int | None = None

    def __enter__(self) -> _InterruptFlag:
        if threading.current_thread() is threading.main_thread():
            self._old = signal.signal(signal.SIGINT, self._handle)
        return self

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.count += 1

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)


def run_tournament(
    tdir: TournamentDir,
    executor: Executor,
    *,
    progress: Progress | None = None,
    stream: TextSink | None = None,
    poll_interval: float = 0.2,
    max_failures: int = DEFAULT_MAX_FAILURES,
) -> Outcome:
    """Play every game of ``tdir.spec`` not yet in ``tdir`` and write the results.

    ``tdir`` must have its databases attached (:meth:`TournamentDir.attach_databases`).
    A game that fails is recorded (``failed/``, ``results.json`` with its traceback)
    and the others go on, until more than ``max_failures`` games have failed.  A lost
    cluster, a full disk or a locked database stop the run with status ``failed``;
    either way the finished games are kept and the summary files are written.
    """
    stream = stream if stream is not None else sys.stderr
    spec = tdir.spec
    feeder = tdir.stored()
    tally = feeder.tally
    if feeder.stored:
        tdir.resync(feeder.done)
    tdir.clear_failures()

    closing_deals = False  # interrupted: only the rest of the deal begun is still handed out

    def todo() -> Iterator[GameTask]:
        """The games still to play, lazily: none once the SPRT has decided, and once
        ``closing_deals`` none of a deal not begun."""
        deal: int | None = None
        for task in iter_schedule(spec):
            if tally.decided or (closing_deals and task.deal_id != deal):
                return
            deal = task.deal_id
            if not feeder.done[task.index]:
                yield replace(task, tournament=tdir.id)

    if progress is None:
        progress = Progress(spec.games, done=feeder.stored, stream=stream)
    sprt = tally.sprt
    if sprt is not None:
        progress.extra = lambda: f"LLR {tally.llr:.2f} [{sprt.lower:.2f}, {sprt.upper:.2f}]"
    failures: dict[int, JsonDict] = {}
    status, error, played = "complete", None, 0
    start = time.monotonic()
    stopping = aborted = False
    with _InterruptFlag() as flag:
        try:
            executor.start(todo())
            while executor.busy and error is None:
                if flag.count >= 1 and not stopping and spec.duplicate:
                    stopping = closing_deals = True
                    status = "interrupted"
                    progress.message(
                        "interrupted: finishing the duplicate deals already begun, so that none is left "
                        "half played (Ctrl-C again to abandon them)"
                    )
                if flag.count >= 1 and not stopping:
                    stopping = True
                    status = "interrupted"
                    running = executor.stop()
                    if running:
                        progress.message(
                            f"interrupted: waiting for the {running} game(s) already handed to workers "
                            "(Ctrl-C again to abandon them)"
                        )
                if flag.count >= 2 and not aborted:
                    aborted = True
                    progress.message("abandoning the running games")
                    executor.abort()
                    break
                try:
                    batch = executor.poll(poll_interval)
                except GameFailed as exc:  # an executor that raises instead of returning a failure
                    batch = [failure_result(exc.task, exc.message)]
                for result in batch:
                    if result.get("failed"):
                        failures[result["index"]] = result
                        tdir.add_failure(result)
                        progress.message(f"game {result['index']} failed: {_first_line(result['error'])}")
                        if len(failures) > max_failures:
                            error = (
                                f"stopped after {len(failures)} failed games (more than --max-failures "
                                f"{max_failures})"
                            )
                    else:
                        played += 1
                        tdir.add(result)
                    progress.update()
                decided = tally.decided
                for result in tdir.take_written():
                    feeder.offer(result)
                if tally.decided and not decided and sprt is not None:  # only an SPRT decides
                    progress.message(
                        f"SPRT: {sprt.verdict(tally.llr)} accepted after {tally.deals} {tally.sprt_unit} "
                        f"(LLR {tally.llr:.2f}); finishing the games already handed out"
                    )
        except (ExecutorLost, StorageError) as exc:
            error = _first_line(str(exc))
        if error is not None:
            executor.abort()
        progress.finish()
        status, error, summary = _finish(
            tdir,
            feeder,
            failures,
            status == "interrupted",
            error,
            played,
            time.monotonic() - start,
            executor.describe(),
        )
    return Outcome(status, summary, tdir.path, played, error, len(failures))


def _finish(
    tdir: TournamentDir,
    feeder: Feeder,
    failures: dict[int, JsonDict],
    interrupted: bool,
    error: str | None,
    played: int,
    wall: float,
    executor: JsonDict,
) -> tuple[str, str | None, JsonDict]:
    """Write what finished: records, databases, ``games.csv``, ``results.json``.

    Only games whose record reached the disk are counted (``--resume`` replays the
    others).  Returns the run's final ``(status, error, summary)``; a storage error met
    here becomes the error if the run had none.
    """
    spec = tdir.spec
    try:
        tdir.flush_records()
    except StorageError as exc:
        error = error or _first_line(str(exc))
    for result in tdir.take_written():
        feeder.offer(result)
    feeder.drain()
    tally = feeder.tally
    if error is None and failures:
        error = f"{len(failures)} game(s) failed (errors and tracebacks in results.json and failed/)"
    finished = tally.decided or feeder.stored >= spec.games
    status = (
        "interrupted"
        if interrupted and not tally.decided
        else "failed"
        if error
        else "complete"
        if finished
        else "interrupted"
    )
    try:
        tdir.sync_databases(status=status, done=feeder.stored)
    except StorageError as exc:
        error = error or _first_line(str(exc))
        status = "interrupted" if interrupted else "failed"
    summary = tally.summary(tid=tdir.id, status=status, wall_time=wall, executor=executor)
    summary["games_stored"] = feeder.stored
    summary["session_games"] = played
    summary["games_failed"] = len(failures)
    summary["failures"] = [
        {k: f[k] for k in ("index", "seed", "agents", "error", "traceback")}
        for _, f in sorted(failures.items())
    ]
    if error:
        summary["error"] = error
    try:
        tdir.write_csv(feeder.done)
        tdir.write_results(summary)
    except OSError as exc:
        error = f"{error + '; ' if error else ''}cannot write the summary files: {exc.strerror or exc}"
    return status, error, summary


def _first_line(text: str) -> str:
    """The first line of an error message (messages here are one line)."""
    return text.strip().splitlines()[0] if text.strip() else "unknown error"
