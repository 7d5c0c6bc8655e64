"""Running games in parallel: one executor interface, a local and a Dask implementation.

An executor takes :class:`~ai.tournament.spec.GameTask` objects (``start``)
and hands back a result dict per game as games finish (``poll``, in
completion order):

``{"index", "seed", "seats", "agents", "returns", "scores", "length",
"duration", "first_player", "record"}`` where ``first_player`` is the start
player's seat (:func:`ai.play.first_player`) and ``record`` the game's
``GameRecord`` as JSON text (serialised in the worker, so the parent only stores it).  A game that
raised (a bug in an engine or an agent) or whose worker process died gives
``{"index", "seed", "seats", "agents", "failed": True, "error", "traceback"}``
instead, and the other games go on.

* :class:`LocalExecutor` – ``jobs`` local worker processes, one game at a
  time each.  Workers ignore SIGINT, so Ctrl-C reaches only the parent, which
  decides what to do; they exit when the parent dies (even by ``kill -9``).
  A worker that dies is blamed on the game it was playing and replaced.
* :class:`DaskExecutor` – the same games on an existing Dask ``distributed``
  cluster (``--cluster ADDRESS``; needs the ``cluster`` extra and the project
  installed on the workers).  Losing the scheduler raises :class:`ExecutorLost`.  Dask's own
  logging is silenced while the executor is open: every failure it could log reaches the
  tournament as a failed game (with its traceback) or as the one-line lost-scheduler message,
  which ~50 lines of reconnection tracebacks used to bury.

``stop()`` hands out no more games; running games are either waited for
(``poll`` still returns them) or abandoned with ``abort()``.
"""

from __future__ import annotations

import logging
import os
import time
import traceback
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from game.workers import Lifeline, WorkerProcess, start_worker
from game.workers import process_context as process_context  # re-exported

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess
    from types import TracebackType

    from distributed import Future as DaskFuture

    from game.rules import GameInfo
    from game.rules.core import JsonDict

    from .spec import GameTask

CONNECT_TIMEOUT = 10.0  # seconds to reach a Dask scheduler


class GameFailed(RuntimeError):
    """A game raised an exception in a worker (an executor may raise it from ``poll``)."""

    def __init__(self, task: GameTask, message: str) -> None:
        super().__init__(
            f"game {task.index} (seed {task.seed}, agents {', '.join(task.agents)}) failed: {message}"
        )
        self.task = task
        self.message = message


class ExecutorLost(RuntimeError):
    """The executor cannot go on (e.g. the Dask scheduler is gone); finished games are kept."""


def failure_result(task: GameTask, error: str, trace: str = "") -> JsonDict:
    """The result dict of a game that did not finish: what failed and why."""
    return {
        "index": task.index,
        "seed": task.seed,
        "seats": list(task.seats),
        "agents": list(task.agents),
        "failed": True,
        "error": error,
        "traceback": trace,
    }


def play_task(task: GameTask) -> JsonDict:
    """Play one scheduled game and return its result dict (runs in a worker).

    An exception in the engine or an agent becomes a failure result with its traceback.
    """
    from ..play import play_game, record_first_player

    try:
        record = play_game(task.game, list(task.agents), seed=task.seed, game_options=task.options)
    except Exception as exc:
        return failure_result(task, f"{type(exc).__name__}: {exc}", traceback.format_exc())
    if record.returns is None:  # play_game returns finished games only
        return failure_result(task, "the game did not finish")
    meta = dict(record.meta)
    meta["tournament"] = {
        "id": task.tournament,
        "index": task.index,
        "seats": list(task.seats),
        "agents": list(task.agents),
    }
    if task.deal is not None:
        meta["tournament"]["deal"] = task.deal
    record.meta = meta
    return {
        "index": task.index,
        "deal": task.deal_id,
        "seed": task.seed,
        "seats": list(task.seats),
        "agents": list(task.agents),
        "returns": [float(r) for r in record.returns],
        "scores": list(meta.get("scores", [])),
        "length": len(record.actions),
        "duration": float(meta.get("duration", 0.0)),
        "first_player": record_first_player(record),
        "record": record.dumps(),
    }


def _worker_main(conn: Connection, lifeline: Connection, games: Iterable[GameInfo] = ()) -> None:
    """A local worker: play the tasks received on ``conn`` until ``None`` or the parent's end closes.

    ``games``: the parent's registered games (:func:`game.rules.carry_games`), a game registered at
    run time included."""
    start_worker(lifeline, games)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        conn.send(play_task(task))


class Executor(ABC):
    """Runs games.  ``start(tasks)``, then ``poll()`` until ``busy`` is false.

    ``poll(timeout)`` returns the results of the games that finished (possibly
    none when ``timeout`` passes), failed games included (``"failed": True``).
    Use as a context manager so workers are released.
    """

    name = "executor"
    workers = 1

    @abstractmethod
    def start(self, tasks: Iterable[GameTask]) -> None:
        """Queue ``tasks`` (an iterable of :class:`~ai.tournament.spec.GameTask`)."""

    @abstractmethod
    def poll(self, timeout: float | None = None) -> list[JsonDict]:
        """Wait up to ``timeout`` seconds for games to finish; return their results."""

    @property
    @abstractmethod
    def busy(self) -> bool:
        """Whether games are queued or running."""

    @abstractmethod
    def stop(self) -> int:
        """Start no more games; return how many are still running (``poll`` still yields them)."""

    @abstractmethod
    def abort(self) -> None:
        """Abandon running games at once."""

    def close(self) -> None:
        """Release workers and connections (by default: abandon what still runs)."""
        if self.busy:
            self.abort()

    def describe(self) -> JsonDict:
        """Name and worker count, for ``results.json``."""
        return {"name": self.name, "workers": self.workers}

    def run(self, tasks: Iterable[GameTask], timeout: float = 0.5) -> Iterator[JsonDict]:
        """Convenience: yield every result (no interrupt handling)."""
        self.start(tasks)
        while self.busy:
            yield from self.poll(timeout)

    def __enter__(self) -> Executor:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


class _Worker(WorkerProcess):
    """One local worker process, the parent's end of its pipe and the game it plays."""

    def __init__(self, lifeline: Lifeline) -> None:
        super().__init__(_worker_main, name="tournament-worker", lifeline=lifeline)
        self.task: GameTask | None = None

    def end(self) -> None:
        """End the process (a running game is abandoned)."""
        self.stop(wait=0)


class LocalExecutor(Executor):
    """Games in ``jobs`` local worker processes, one game per worker at a time."""

    name = "local"

    def __init__(self, jobs: int | None = None) -> None:
        self.workers = jobs or os.cpu_count() or 1
        # the workers end with this process (or when the executor closes)
        self._lifeline = Lifeline(process_context())
        self._idle: list[_Worker] = []
        self._running: list[_Worker] = []
        self._tasks: Iterator[GameTask] = iter(())
        self._exhausted = True
        self._stopping = False

    def start(self, tasks: Iterable[GameTask]) -> None:
        self._tasks = iter(tasks)
        self._exhausted = False
        self._dispatch()

    def _dispatch(self) -> None:
        """Hand a task to every idle worker (starting workers up to ``workers``)."""
        while not self._stopping and not self._exhausted:
            if not self._idle and len(self._running) >= self.workers:
                return
            task = next(self._tasks, None)
            if task is None:
                self._exhausted = True
                return
            self._hand_out(task)

    def _hand_out(self, task: GameTask) -> None:
        """Send ``task`` to a live idle worker, or to a new one."""
        while self._idle:
            worker = self._idle.pop()
            try:
                if worker.process.is_alive():
                    worker.conn.send(task)
                    break
            except OSError:  # it died while idle
                pass
            worker.end()
        else:
            worker = _Worker(self._lifeline)
            worker.conn.send(task)
        worker.task = task
        self._running.append(worker)

    @property
    def busy(self) -> bool:
        return bool(self._running) or not (self._exhausted or self._stopping)

    @property
    def processes(self) -> list[BaseProcess]:
        """The worker processes (for tests and diagnostics)."""
        return [w.process for w in self._running + self._idle]

    def running(self) -> list[tuple[GameTask | None, BaseProcess]]:
        """``(task, process)`` of every game being played now."""
        return [(w.task, w.process) for w in self._running]

    def poll(self, timeout: float | None = None) -> list[JsonDict]:
        from multiprocessing.connection import wait

        self._dispatch()
        if not self._running:
            return []
        handles = [w.conn for w in self._running] + [w.process.sentinel for w in self._running]
        ready = set(wait(handles, timeout))
        out = [
            self._collect(w) for w in list(self._running) if w.conn in ready or w.process.sentinel in ready
        ]
        self._dispatch()
        return out

    def _collect(self, worker: _Worker) -> JsonDict:
        """The result of ``worker``'s game; if the worker died, its game failed and the worker is dropped."""
        self._running.remove(worker)
        task, worker.task = worker.task, None
        if task is None:  # a running worker always has its task
            raise RuntimeError("a tournament worker was running without a game")
        try:
            if worker.conn.poll():
                result: JsonDict = worker.conn.recv()
                if worker.process.is_alive():
                    self._idle.append(worker)
                else:
                    worker.end()
                return result
        except (EOFError, OSError):
            pass
        worker.process.join(5)
        code = worker.process.exitcode
        worker.end()
        how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit code {code}"
        return failure_result(task, f"the worker process died ({how}) while playing this game")

    def stop(self) -> int:
        self._stopping = True
        return len(self._running)

    def abort(self) -> None:
        self._stopping = True
        for worker in self._running:
            worker.end()
        for worker in self._running:
            worker.process.join(5)
        self._running = []

    def close(self) -> None:
        """Abandon running games; let idle workers exit."""
        self.abort()
        for worker in self._idle:
            try:
                worker.conn.send(None)
            except OSError:
                pass
        for worker in self._idle:
            worker.process.join(5)
            worker.end()
        self._idle = []
        self._lifeline.close()


class TaskFuture(Protocol):
    """A game submitted to a futures-based executor (a ``concurrent.futures`` or Dask future)."""

    def result(self) -> JsonDict: ...

    def cancelled(self) -> bool: ...

    def __hash__(self) -> int: ...


FutureT = TypeVar("FutureT", bound=TaskFuture)


class _WindowedExecutor(Executor, Generic[FutureT]):
    """Futures-based executors: keep at most ``window`` futures in flight, stop on request."""

    window = 1

    def __init__(self) -> None:
        self._stopping = False
        self._tasks: Iterator[GameTask] = iter(())
        self._exhausted = True
        self._pending: set[FutureT] = set()
        self._task_of: dict[FutureT, GameTask] = {}
        self._lost_error: ExecutorLost | None = None  # raised by the next poll, after the results in hand

    @abstractmethod
    def _submit(self, task: GameTask) -> FutureT:
        """Start playing ``task``."""

    @abstractmethod
    def _wait(self, timeout: float | None) -> list[FutureT]:
        """Wait up to ``timeout`` seconds for pending futures; the finished ones."""

    @abstractmethod
    def _cancel(self, future: FutureT) -> bool:
        """Cancel ``future`` if it has not started; whether it was cancelled."""

    def _is_cancelled(self, future: FutureT) -> bool:
        return future.cancelled()

    def _failure_of(self, task: GameTask, exc: BaseException) -> JsonDict:
        """The result of a future that raised: the game failed (subclasses may raise :class:`ExecutorLost`)."""
        trace = "".join(traceback.format_exception(exc))
        return failure_result(task, f"{type(exc).__name__}: {exc}", trace)

    def start(self, tasks: Iterable[GameTask]) -> None:
        self._tasks = iter(tasks)
        self._exhausted = False
        self._fill()

    def _fill(self) -> None:
        while not self._stopping and not self._exhausted and len(self._pending) < self.window:
            task = next(self._tasks, None)
            if task is None:
                self._exhausted = True
                break
            fut = self._submit(task)
            self._task_of[fut] = task
            self._pending.add(fut)

    @property
    def busy(self) -> bool:
        return bool(self._pending) or not (self._exhausted or self._stopping)

    def poll(self, timeout: float | None = None) -> list[JsonDict]:
        if self._lost_error is not None:
            raise self._lost_error
        self._fill()
        if not self._pending:
            return []
        out: list[JsonDict] = []
        try:
            for fut in self._wait(timeout):
                self._pending.discard(fut)
                task = self._task_of.pop(fut, None)
                if task is None or self._is_cancelled(fut):
                    continue
                try:
                    out.append(fut.result())
                except Exception as exc:
                    out.append(self._failure_of(task, exc))
            self._fill()
        except ExecutorLost as exc:
            if not out:
                raise
            self._lost_error = exc
        return out

    def stop(self) -> int:
        self._stopping = True
        running = 0
        for fut in list(self._pending):
            if self._cancel(fut):
                self._pending.discard(fut)
                self._task_of.pop(fut, None)
            else:
                running += 1
        return running


def silence_logging(prefix: str) -> Callable[[], None]:
    """Stop the loggers named ``prefix`` and ``prefix.*`` from printing anything short of a
    critical error; returns a function that puts their levels back."""
    names = [prefix] + [n for n in list(logging.root.manager.loggerDict) if n.startswith(prefix + ".")]
    saved = {name: logging.getLogger(name).level for name in names}
    for name in names:
        logging.getLogger(name).setLevel(logging.CRITICAL)

    def restore() -> None:
        for name, level in saved.items():
            logging.getLogger(name).setLevel(level)

    return restore


class DaskExecutor(_WindowedExecutor["DaskFuture[JsonDict]"]):
    """Games on a Dask ``distributed`` cluster at ``address`` (e.g. ``tcp://10.0.0.5:8786``)."""

    name = "dask"

    def __init__(self, address: str, timeout: float | None = None) -> None:
        super().__init__()
        try:
            from distributed import Client
        except ImportError:
            raise ValueError(
                "--cluster needs Dask distributed: pip install 'tabletop-trio[cluster]'"
            ) from None
        self.address = address
        self._restore_logging = silence_logging("distributed")
        try:
            self._client = Client(address, timeout=CONNECT_TIMEOUT if timeout is None else timeout)
        except OSError as exc:
            self._restore_logging()
            raise ValueError(f"cannot connect to the Dask cluster at {address!r}: {exc}") from None
        self._resize()

    def _resize(self) -> None:
        self._sized = time.monotonic()
        self.workers = max(1, sum(self._client.nthreads().values()))
        self.window = self.workers * 4

    def _fill(self) -> None:
        if time.monotonic() - self._sized > 5.0 and not self._stopping:  # an elastic cluster may resize
            try:
                self._resize()
            except (OSError, TimeoutError) as exc:
                raise self._connection_lost(exc) from None
        super()._fill()

    def _submit(self, task: GameTask) -> DaskFuture[JsonDict]:
        return self._client.submit(
            play_task, task, pure=False, key=f"trio-game-{task.index}-{os.urandom(4).hex()}"
        )

    def _wait(self, timeout: float | None) -> list[DaskFuture[JsonDict]]:
        from concurrent.futures import CancelledError

        from distributed import wait

        try:
            done, _ = wait(list(self._pending), timeout=timeout, return_when="FIRST_COMPLETED")
        except TimeoutError:
            return []
        except (CancelledError, OSError) as exc:  # the client lost the scheduler
            raise self._connection_lost(exc) from None
        return list(done)

    def _connection_lost(self, exc: BaseException) -> ExecutorLost:
        from concurrent.futures import CancelledError

        if isinstance(exc, CancelledError):  # its text is only the list of the cancelled futures
            reason = "the games in progress were cancelled"
        else:
            reason = str(exc).splitlines()[-1].strip() if str(exc).strip() else type(exc).__name__
        return ExecutorLost(f"lost the connection to the Dask scheduler at {self.address} ({reason})")

    def _is_cancelled(self, future: DaskFuture[JsonDict]) -> bool:
        if future.status != "cancelled":
            return False
        if not self._stopping:  # not cancelled by us: the cluster is gone
            raise self._connection_lost(RuntimeError("games were cancelled by the cluster"))
        return True

    def _failure_of(self, task: GameTask, exc: BaseException) -> JsonDict:
        from concurrent.futures import CancelledError

        if isinstance(exc, (CancelledError, OSError)):
            raise self._connection_lost(exc) from None
        return super()._failure_of(task, exc)  # e.g. KilledWorker: the game's worker died

    def _cancel(self, future: DaskFuture[JsonDict]) -> bool:
        future.cancel()
        return True

    def stop(self) -> int:
        # The client cannot tell queued from running games: release them all.
        self.abort()
        return 0

    def abort(self) -> None:
        self._stopping = True
        for fut in list(self._pending):
            fut.cancel()
        self._pending.clear()
        self._task_of.clear()

    def close(self) -> None:
        try:
            self._client.close(timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError):
            pass  # the scheduler is already gone
        finally:
            self._restore_logging()
