"""Running games in parallel: one executor interface, a local and a Dask implementation.

An executor takes :class:`~ai.tournament.spec.GameTask` objects (``start``)
and hands back a result dict per game as games finish (``poll``, in
completion order):

``{"index", "seed", "seats", "agents", "returns", "scores", "length",
"duration", "record"}`` where ``record`` is the game's ``GameRecord`` as JSON
text (serialised in the worker, so the parent only stores it).

* :class:`LocalExecutor` – a ``concurrent.futures.ProcessPoolExecutor`` with
  ``jobs`` worker processes that ignore SIGINT, so Ctrl-C reaches only the
  parent, which decides what to do.
* :class:`DaskExecutor` – the same games on an existing Dask ``distributed``
  cluster (``--cluster ADDRESS``; needs the ``cluster`` extra and the project
  installed on the workers).

Both keep a bounded number of games in flight (four per worker), so stopping
early only has to drop a few queued games.  ``stop()`` cancels what has not
started; running games are either waited for (``poll`` still returns them) or
abandoned with ``abort()``.
"""

from __future__ import annotations

import os
import signal
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator

CONNECT_TIMEOUT = 10.0  # seconds to reach a Dask scheduler


class GameFailed(RuntimeError):
    """A game raised an exception in a worker."""

    def __init__(self, task, message: str) -> None:
        super().__init__(f"game {task.index} (seed {task.seed}, agents {', '.join(task.agents)}) failed: {message}")
        self.task = task


def play_task(task) -> dict:
    """Play one scheduled game and return its result dict (runs in a worker)."""
    from .. import play_game

    record = play_game(task.game, list(task.agents), seed=task.seed, **task.options)
    meta = dict(record.meta)
    meta["tournament"] = {"id": task.tournament, "index": task.index, "seats": list(task.seats),
                          "agents": list(task.agents)}
    record.meta = meta
    return {
        "index": task.index,
        "seed": task.seed,
        "seats": list(task.seats),
        "agents": list(task.agents),
        "returns": [float(r) for r in record.returns],
        "scores": list(meta.get("scores", [])),
        "length": len(record.actions),
        "duration": float(meta.get("duration", 0.0)),
        "record": record.dumps(),
    }


def _ignore_sigint() -> None:
    """Worker initializer: leave Ctrl-C to the parent process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Executor(ABC):
    """Runs games.  ``start(tasks)``, then ``poll()`` until ``busy`` is false.

    ``poll(timeout)`` returns the results of the games that finished (possibly
    none when ``timeout`` passes), raising :class:`GameFailed` if a game
    raised.  Use as a context manager so workers are released.
    """

    name = "executor"
    workers = 1

    @abstractmethod
    def start(self, tasks: Iterable) -> None:
        """Queue ``tasks`` (an iterable of :class:`~ai.tournament.spec.GameTask`)."""

    @abstractmethod
    def poll(self, timeout: float | None = None) -> list[dict]:
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

    def describe(self) -> dict:
        """Name and worker count, for ``results.json``."""
        return {"name": self.name, "workers": self.workers}

    def run(self, tasks: Iterable, timeout: float = 0.5) -> Iterator[dict]:
        """Convenience: yield every result (no interrupt handling)."""
        self.start(tasks)
        while self.busy:
            yield from self.poll(timeout)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _WindowedExecutor(Executor):
    """Shared logic: keep at most ``window`` futures in flight, stop on request."""

    window = 1

    def __init__(self) -> None:
        self._stopping = False
        self._tasks: Iterator = iter(())
        self._exhausted = True
        self._pending: set = set()
        self._task_of: dict = {}

    def _submit(self, task):  # -> future
        raise TypeError

    def _wait(self, timeout: float | None) -> list:  # -> finished futures
        raise TypeError

    def _cancel(self, future) -> bool:
        raise TypeError

    def _is_cancelled(self, future) -> bool:
        return future.cancelled()

    def start(self, tasks: Iterable) -> None:
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

    def poll(self, timeout: float | None = None) -> list[dict]:
        self._fill()
        if not self._pending:
            return []
        out = []
        for fut in self._wait(timeout):
            self._pending.discard(fut)
            task = self._task_of.pop(fut, None)
            if task is None or self._is_cancelled(fut):
                continue
            try:
                result = fut.result()
            except Exception as exc:  # a bug in an agent or engine: stop with its message
                raise GameFailed(task, f"{type(exc).__name__}: {exc}") from exc
            out.append(result)
        self._fill()
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


def process_context():
    """``forkserver`` where available: workers never inherit the parent's threads
    (record writers, a Dask client) mid-lock, as plain ``fork`` could."""
    import multiprocessing

    if "forkserver" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context()


class LocalExecutor(_WindowedExecutor):
    """Games in ``jobs`` local worker processes (``ProcessPoolExecutor``)."""

    name = "local"

    def __init__(self, jobs: int | None = None) -> None:
        super().__init__()
        from concurrent.futures import ProcessPoolExecutor

        self.workers = jobs or os.cpu_count() or 1
        self.window = self.workers * 4
        self._pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_ignore_sigint,
                                         mp_context=process_context())

    def _submit(self, task):
        return self._pool.submit(play_task, task)

    def _wait(self, timeout: float | None) -> list:
        from concurrent.futures import FIRST_COMPLETED, wait

        done, _ = wait(self._pending, timeout=timeout, return_when=FIRST_COMPLETED)
        return list(done)

    def _cancel(self, future) -> bool:
        return future.cancel()

    def abort(self) -> None:
        self._stopping = True
        # The pool has no public way to stop running calls: end its workers.
        for proc in list(getattr(self._pool, "_processes", {}).values()):
            if proc.is_alive():
                proc.terminate()
        self._pending.clear()
        self._task_of.clear()
        self._pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class DaskExecutor(_WindowedExecutor):
    """Games on a Dask ``distributed`` cluster at ``address`` (e.g. ``tcp://10.0.0.5:8786``)."""

    name = "dask"

    def __init__(self, address: str, timeout: float | None = None) -> None:
        super().__init__()
        try:
            from distributed import Client
        except ImportError:
            raise ValueError("--cluster needs Dask distributed: pip install 'tabletop-trio[cluster]'") from None
        try:
            self._client = Client(address, timeout=CONNECT_TIMEOUT if timeout is None else timeout)
        except OSError as exc:
            raise ValueError(f"cannot connect to the Dask cluster at {address!r}: {exc}") from None
        self._resize()

    def _resize(self) -> None:
        self._sized = time.monotonic()
        self.workers = max(1, sum(self._client.nthreads().values()))
        self.window = self.workers * 4

    def _fill(self) -> None:
        if time.monotonic() - self._sized > 5.0:  # workers may join or leave an elastic cluster
            self._resize()
        super()._fill()

    def _submit(self, task):
        return self._client.submit(play_task, task, pure=False,
                                   key=f"trio-game-{task.index}-{os.urandom(4).hex()}")

    def _wait(self, timeout: float | None) -> list:
        from distributed import wait

        try:
            done, _ = wait(list(self._pending), timeout=timeout, return_when="FIRST_COMPLETED")
        except TimeoutError:
            return []
        return list(done)

    def _is_cancelled(self, future) -> bool:
        return future.status == "cancelled"

    def _cancel(self, future) -> bool:
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
        self._client.close()
