"""Bots think in another process so the client keeps its frame rate.

:class:`BotWorker` keeps one worker process (``forkserver`` context where it
exists, else ``spawn``).  A request carries only what the bot's seat may know (issue 35): a
:class:`game.rules.seat.SeatSample` -- the player and one determinization drawn here, in the
client (:func:`ai.parallel.seat_sample`) -- the agent spec and the agent's seed.  Neither the game
record, the true state nor the game's seed crosses: the sample's hidden cards, seed and random
source are drawn from a seed derived one way (SHA-256) from the caller's bot seed and the view,
and the agent's seed is derived the same way (callers derive bot seeds from the game's seed).
The worker seats the bot at the sample (``sample.seat()``: the same view, legal actions and
determinizations as the real seat), runs ``make_agent(spec).choose(seat)`` and answers
with the action as JSON, streaming progress messages while it thinks when the
agent reports them (``agent.on_progress``).  An ``analyse`` request (the
human's hints) runs :func:`ai.review.analyse_with` instead and also answers
the player's win chance.  A worker that crashes, raises or
exceeds the timeout is killed and replaced; the client then plays a random
legal action and says so.  ``mode="inline"`` computes in-process (tests).

A worker ends with the client, even one killed with ``kill -9``, and says nothing: it watches a
lifeline pipe whose other end only the client holds (as tournament workers do: the plumbing is
``game/workers.py``), and a reply that finds the client gone ends it quietly (it printed a
``BrokenPipeError`` traceback).
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.workers import WorkerProcess, start_worker, try_send

if TYPE_CHECKING:
    from collections.abc import Sequence
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    from game.rules.core import AnyState
    from game.rules.seat import SeatSample, Witnessed

DEFAULT_TIMEOUT = float(os.environ.get("TRIO_BOT_TIMEOUT", "30"))


@dataclass
class BotResult:
    action: object
    fallback: str | None = None  # why a random action was played instead (None: the bot's own)
    win_chance: float | None = None  # the player's win chance (``analyse`` requests only)


def _choose(sample: SeatSample, spec: str, seed: int, on_progress=None, analyse: bool = False):
    """The agent's action at ``sample``'s seat (``analyse``: ``(action, win chance)`` from its search)."""
    from ai import make_agent

    agent = make_agent(spec, seed=seed)
    if on_progress is not None and hasattr(agent, "on_progress"):
        agent.on_progress = on_progress
    seat = sample.seat()
    if analyse:
        from ai.review import analyse_with

        result = analyse_with(agent, seat)
        # a forced move is not searched: its "1 / players" is no measurement, so none is reported
        return result.best, result.win_chance if result.iterations else None
    return agent.choose(seat), None


def _worker_main(conn, lifeline=None, games=()) -> None:
    """The worker loop: one request at a time until the pipe closes (or the client ends:
    ``lifeline``, see :func:`game.workers.exit_with_parent`).  ``games``: the client's
    registered games (:func:`game.rules.carry_games`), a game registered at run time included.

    The worker lowers its own priority so that, on a busy machine, the window's
    frames win over the bot's search.  It ignores Ctrl+C, which the terminal sends to the
    whole process group: the client decides when it stops (it closes the pipe, or kills it).
    """
    start_worker(lifeline, games, nice=10)
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        req_id, sample, spec, seed, analyse = msg
        last = [0.0]

        def progress(snapshot, _id=req_id, last=last):
            now = time.monotonic()
            if now - last[0] >= 0.05:
                last[0] = now
                try_send(conn, ("progress", _id, float(getattr(snapshot, "fraction", 0.0))))

        try:
            action, win_chance = _choose(sample, spec, seed, progress, analyse)
            reply: tuple = ("done", req_id, action.to_json(), win_chance)
        except Exception as exc:  # report any bot failure to the client
            reply = ("error", req_id, f"{type(exc).__name__}: {exc}")
        if not try_send(conn, reply):
            return  # the client is gone: nobody to answer


def blind_request(
    req_id: int,
    state: AnyState,
    player: int,
    spec: str,
    seed: int,
    analyse: bool = False,
    history: Sequence[Witnessed] = (),
) -> tuple[int, SeatSample, str, int, bool]:
    """What the worker is sent for ``player``'s decision at ``state``: ``(req_id, seat sample, spec,
    agent seed, analyse)``, the sample carrying ``history`` (``player``'s own views before each
    decision so far, :meth:`game.client.session.Session.seat_history`, for the bot's beliefs).
    The sample and the agent's seed come from ``seed`` and ``player``'s view alone
    (:func:`ai.parallel.derived_seed`), so two games ``player`` cannot tell apart give the same
    request, byte for byte."""
    from ai.parallel import derived_seed, seat_sample
    from game.rules import Seat

    seat = Seat(state, player, history)
    return req_id, seat_sample(seat, seed), spec, derived_seed(seed, seat, "agent") >> 1, analyse


class BotWorker:
    """Ask bots for actions without blocking; poll once per frame."""

    def __init__(self, mode: str = "process", timeout: float = DEFAULT_TIMEOUT) -> None:
        if mode not in ("process", "inline"):
            raise ValueError(f"bot worker mode must be 'process' or 'inline', not {mode!r}")
        self.mode = mode
        self.timeout = timeout
        self.worker: WorkerProcess | None = None
        self.req_id = 0
        self.pending: tuple | None = None  # (req_id, state clone, started, request tuple)
        self.progress: float | None = None  # 0..1 when the agent reports progress

    # -- process management --------------------------------------------------------
    @property
    def proc(self) -> BaseProcess | None:
        """The worker process (None before the first request and after a kill)."""
        return self.worker.process if self.worker is not None else None

    @property
    def conn(self) -> Connection | None:
        """The client's end of the pipe to the worker (None without a worker)."""
        return self.worker.conn if self.worker is not None else None

    def _start(self) -> WorkerProcess:
        """A new worker (the old one, if any, is killed)."""
        self._kill()
        self.worker = WorkerProcess(_worker_main, name="tabletop-trio-bot")
        return self.worker

    def _kill(self) -> None:
        if self.worker is not None:
            self.worker.stop()
        self.worker = None

    def close(self) -> None:
        if self.worker is not None and self.worker.alive:
            if try_send(self.worker.conn, None):  # the worker's loop ends
                self.worker.process.join(timeout=0.5)
        self._kill()
        self.pending = None

    # -- requests --------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.pending is not None

    def request(
        self,
        state,
        player: int,
        spec: str,
        seed: int,
        analyse: bool = False,
        history: Sequence[Witnessed] = (),
    ) -> None:
        """Start thinking for ``player`` at ``state`` (cancels any earlier request); ``analyse``:
        also the player's win chance (the agent must be an ``mcts`` one); ``history``: the player's
        own views before each decision so far.  The worker gets :func:`blind_request`: nothing
        ``player`` may not see."""
        self.cancel()
        self.req_id += 1
        req = blind_request(self.req_id, state, player, spec, seed, analyse, history)
        self.pending = (self.req_id, state.clone(), time.monotonic(), req)
        self.progress = None
        if self.mode == "process":
            worker = self.worker if self.worker is not None and self.worker.alive else self._start()
            if not try_send(worker.conn, req):  # it died meanwhile
                self._start().conn.send(req)

    def cancel(self) -> None:
        """Forget the current request (its answer is ignored when it comes)."""
        if self.pending is not None and self.mode == "process" and self.proc is not None:
            # The worker is busy with a stale request: replace it so the next one is not delayed.
            self._kill()
        self.pending = None
        self.progress = None

    def extend(self, seconds: float) -> None:
        """Give the current request ``seconds`` more before it counts as stuck (after a pause)."""
        if self.pending is not None and seconds > 0:
            req_id, state, started, req = self.pending
            self.pending = (req_id, state, started + seconds, req)

    def elapsed(self) -> float:
        return time.monotonic() - self.pending[2] if self.pending else 0.0

    def poll(self) -> BotResult | None:
        """The answer if it is ready (or a fallback after a crash/timeout), else None."""
        if self.pending is None:
            return None
        req_id, state, started, req = self.pending
        if self.mode == "inline":
            return self._finish(self._inline(req, state))
        while self.conn is not None and self.conn.poll():
            try:
                msg = self.conn.recv()
            except (EOFError, OSError):
                break
            kind, rid = msg[0], msg[1]
            if rid != req_id:
                continue
            if kind == "progress":
                self.progress = msg[2]
            elif kind == "done":
                from game.rules import action_from_json

                action = action_from_json(state.game, msg[2])
                if action in state.legal_actions():
                    return self._finish(BotResult(action, win_chance=msg[3]))
                return self._finish(self._fallback(state, f"illegal action {action}"))
            else:
                self._kill()
                return self._finish(self._fallback(state, msg[2]))
        if self.proc is None or not self.proc.is_alive():
            self._kill()
            return self._finish(self._fallback(state, "the bot process stopped"))
        if time.monotonic() - started > self.timeout:
            self._kill()
            return self._finish(self._fallback(state, f"no answer within {self.timeout:g} s"))
        return None

    def _inline(self, req, state) -> BotResult:
        _, sample, spec, seed, analyse = req
        try:
            action, win_chance = _choose(sample, spec, seed, analyse=analyse)
        except Exception as exc:  # the same fallback as in process mode
            return self._fallback(state, f"{type(exc).__name__}: {exc}")
        if action not in state.legal_actions():
            return self._fallback(state, f"illegal action {action}")
        return BotResult(action, win_chance=win_chance)

    def _finish(self, result: BotResult) -> BotResult:
        self.pending = None
        self.progress = None
        return result

    @staticmethod
    def _fallback(state, why: str) -> BotResult:
        return BotResult(
            random.Random(state.seed ^ len(state.legal_actions())).choice(state.legal_actions()), why
        )
