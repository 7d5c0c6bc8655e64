"""Worker processes: one way to start them, to tie them to the life of the process that started
them, and to stop them.

The tournament's game workers (``ai/tournament/executor.py``), the client's bot worker
(``game/client/bot_worker.py``) and the replay's analysis worker (``game/client/replay/analysis.py``)
run the same plumbing:

* :func:`process_context` -- ``forkserver`` where it exists (a worker never inherits the parent's
  threads mid-lock, as a plain ``fork`` could; the server has ``game.rules`` and ``ai`` loaded, so
  a worker starts fast), else ``spawn``.
* :class:`Lifeline` -- a pipe whose write end only the parent holds: a worker watching its read end
  (:func:`exit_with_parent`) ends when the parent does, even by ``kill -9``.
* :func:`start_worker` -- what a worker does first: leave Ctrl-C to the parent (the terminal sends
  it to the whole process group), watch the lifeline, know the parent's registered games (a game
  registered at run time included) and, if asked, give way to the parent (the window's frames).
* :class:`WorkerProcess` -- one worker with a duplex pipe to it; ``stop()`` kills it and closes
  its pipes.  :func:`try_send` sends, or says that the other end is gone.

A process pool (``concurrent.futures.ProcessPoolExecutor``) gets the same set-up with
``mp_context=process_context()``, ``initializer=start_pool_worker`` and
``initargs=(lifeline.watched, carry_games(), its_own_initializer, its_own_initargs)``.

Nothing under ``game/rules`` imports this module; it imports nothing from ``ai`` (the client keeps
importing ``ai`` lazily).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeAlias

from game.rules import GameInfo, adopt_games, carry_games

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkServerContext, SpawnContext
    from multiprocessing.process import BaseProcess
    from types import TracebackType

    WorkerContext: TypeAlias = ForkServerContext | SpawnContext

#: How often a worker checks that its parent is still alive (seconds).
PARENT_CHECK_INTERVAL = 0.5
#: Modules the forkserver loads once, so that each worker it starts has them already.
PRELOAD = ["game.rules", "ai"]


def process_context() -> WorkerContext:
    """The start method of every worker process: ``forkserver`` where it exists, else ``spawn``."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


class Lifeline:
    """A pipe whose write end only this process holds (and never writes to): the read end,
    :attr:`watched`, becomes readable (end of file) when this process is gone or :meth:`close`
    is called.  Hand :attr:`watched` to workers (:func:`exit_with_parent`); a usable context
    manager."""

    def __init__(self, context: WorkerContext | None = None) -> None:
        self.watched, self._held = (context or process_context()).Pipe(duplex=False)

    def close(self) -> None:
        """Close both ends here: the workers watching it end."""
        self.watched.close()
        self._held.close()

    def __enter__(self) -> Lifeline:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


def exit_with_parent(lifeline: Connection) -> None:
    """Make this worker process end when its parent ends, even by ``kill -9``.

    ``lifeline`` is the read end of a :class:`Lifeline`.  A daemon thread waits for its end of file,
    and also checks ``os.getppid()`` every :data:`PARENT_CHECK_INTERVAL` seconds.  Watching the
    direct parent alone is not enough: a forkserver's children keep the forkserver alive, so it
    would never exit after the parent died.
    """
    parent = os.getppid()

    def watch() -> None:
        try:
            while not lifeline.poll(PARENT_CHECK_INTERVAL) and os.getppid() == parent:
                pass
        except (OSError, EOFError):
            pass
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def start_worker(lifeline: Connection | None, games: Iterable[GameInfo] = (), nice: int = 0) -> None:
    """A worker's set-up: ignore Ctrl-C (the parent decides when its workers stop), end with the
    parent (``lifeline``: the read end of a :class:`Lifeline`, None for none), adopt the parent's
    registered ``games`` (:func:`game.rules.carry_games`) and, with ``nice``, lower its priority by
    that much."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if lifeline is not None:
        exit_with_parent(lifeline)
    adopt_games(games)
    if nice:
        try:
            os.nice(nice)
        except (AttributeError, OSError):
            pass


def start_pool_worker(
    lifeline: Connection | None,
    games: Iterable[GameInfo],
    initializer: Callable[..., object] | None = None,
    initargs: tuple[Any, ...] = (),
) -> None:
    """A process pool's ``initializer``: :func:`start_worker`, then the pool's own ``initializer``."""
    start_worker(lifeline, games)
    if initializer is not None:
        initializer(*initargs)


def try_send(conn: Connection, message: object) -> bool:
    """Send ``message`` over ``conn``; False if the other end is gone (the pipe is closed): a worker
    whose parent is gone ends quietly (a ``BrokenPipeError`` traceback said nothing useful)."""
    try:
        conn.send(message)
    except (OSError, ValueError):
        return False
    return True


class WorkerProcess:
    """One daemonic worker process and the parent's end of a duplex pipe to it (:attr:`conn`).

    The process runs ``target(conn, lifeline, games, *args)``, which should call
    :func:`start_worker` with ``lifeline`` and ``games`` first.  ``lifeline`` is the read end of
    the given :class:`Lifeline` (one for many workers), else of one of its own.
    """

    def __init__(
        self,
        target: Callable[..., object],
        *args: object,
        name: str,
        context: WorkerContext | None = None,
        lifeline: Lifeline | None = None,
    ) -> None:
        context = context or process_context()
        self._own_lifeline: Lifeline | None = None
        if lifeline is None:
            lifeline = self._own_lifeline = Lifeline(context)
        self.conn, child = context.Pipe()
        self.process: BaseProcess = context.Process(
            target=target, args=(child, lifeline.watched, carry_games(), *args), daemon=True, name=name
        )
        self.process.start()
        child.close()
        if self._own_lifeline is not None:
            self._own_lifeline.watched.close()  # the worker has its copy; this process holds the write end

    @property
    def alive(self) -> bool:
        return self.process.is_alive()

    def stop(self, wait: float = 1.0) -> None:
        """Kill the process if it still runs (a task it is on is abandoned), wait up to ``wait``
        seconds for it to end, and close the pipe (and its own lifeline)."""
        if self.process.is_alive():
            self.process.kill()
        if wait > 0:
            self.process.join(wait)
        self.conn.close()
        if self._own_lifeline is not None:
            self._own_lifeline.close()
