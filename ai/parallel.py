"""Root-parallel ISMCTS: one search per worker on the same information set, summed at the root.

``mcts:workers=N`` (and ``level=hard``, by default on all cores but one) grows N
independent trees for a decision (Chaslot, Winands & van den Herik 2008, "Parallel
Monte-Carlo Tree Search"; root parallelisation).  Tree 0 grows in the calling
process; trees 1..N-1 grow in helper processes.  Every tree has the agent's full
budget (iterations and wall-time cap) and its own random stream (the agent's seed,
the view and the tree's index, see :meth:`ai.mcts.MCTSAgent.search_tree`); the root
children's visits, rewards and availability counts are summed, and the move is the
most visited action of the sum.  With iteration budgets the move depends only on the
seed, the view and N (not on the machine or its load).

A helper never holds what the seat may not see: it gets a :class:`game.rules.seat.SeatSample`
(:func:`seat_sample`), one determinization drawn in the caller from a seed derived one way from
the agent's seed and the view, and grows its tree at that sample's seat.  Every engine's
``determinize`` depends only on what the player knows, so the tree is the one the real seat
would give.

Helpers are ``python -m ai.parallel`` subprocesses (plain ``subprocess``, so daemonic
processes such as tournament workers and the client's bot worker may start them),
started on first use and kept for the next decisions of any agent in the process.
A request is pickled to the helper's stdin; it answers on its stdout with progress
messages (its iteration count, at most every :data:`PROGRESS_INTERVAL` seconds) and
then the root's statistics.  A helper exits when its stdin closes, i.e. with the
process that started it (even after ``kill -9``: its next write fails or its next read
sees the end of the pipe).  A helper that fails is dropped and the decision uses the
trees that came back.

Progress: while the trees grow, the caller publishes one :class:`ai.tree.Progress`
summed over the workers (iterations of all trees, budget times N), so
``agent.on_progress`` (the client's thinking bar, via ``game/client/bot_worker.py``)
shows the combined progress.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import pickle
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Protocol, runtime_checkable

from game.rules import adopt_games, carry_games
from game.rules.rng import Rng
from game.rules.seat import SeatSample

from .agents import AGENTS, OptionValue
from .tree import Node, Progress

if TYPE_CHECKING:
    from game.rules import GameInfo, Seat
    from game.rules.core import GameAction

    from .mcts import MCTSAgent

#: What a helper is asked: ``((agent options, agent seed, seat sample), tree index, the registered
#: games)``; the sample (:func:`seat_sample`) is all it gets of the seat, the games
#: (:func:`game.rules.carry_games`) bring one registered at run time to the helper.
Request = tuple[tuple[dict[str, OptionValue], int, SeatSample], int, list["GameInfo"]]
#: A root's statistics as plain data (:func:`pack_root`): its visits and, per child,
#: ``(action, player, visits, reward, avail)``.
PackedRoot = tuple[int, list[tuple["GameAction", int, int, float, int]]]
#: A helper's answer: ``("progress", iterations)``, ``("done", (packed root, iterations))``
#: or ``("error", message)``.
Message = tuple[str, object]


@runtime_checkable
class TreeSearch(Protocol):
    """What a helper needs of the ``mcts`` agent: one tree of a decision (:meth:`MCTSAgent.search_tree`)."""

    def search_tree(
        self, seat: Seat, index: int, publish: Callable[[Progress], None]
    ) -> tuple[Node, int]: ...


#: Least time between two progress messages of a helper (seconds).
PROGRESS_INTERVAL = 0.05
#: How often the caller publishes the combined progress while it waits for the helpers (seconds).
WAIT_INTERVAL = 0.05


def derived_seed(seed: int, seat: Seat, purpose: str) -> int:
    """A 64-bit seed for ``purpose`` from a bot's ``seed`` and ``seat``'s view, by SHA-256: one way,
    so nothing it seeds leads back to ``seed`` (nor to a game's seed a caller derived it from)."""
    from .mcts import view_digest  # ai.mcts imports this module

    text = f"{purpose}:{seed}:{view_digest(seat.view())}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def seat_sample(seat: Seat, seed: int, with_history: bool = True) -> SeatSample:
    """What another process gets of ``seat`` for a bot with ``seed``: ``seat.sample(rng)``, its rng
    seeded by :func:`derived_seed` (the seed and the view, never the game's seed), with the seat's
    history if ``with_history`` (a bot that reads it).  Equal views and histories give equal
    samples, byte for byte, whatever the hidden cards are."""
    return seat.sample(Rng(derived_seed(seed, seat, "sample")), with_history)


class Helper:
    """One helper process and the parent's ends of its pipes."""

    def __init__(self) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ai.parallel"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env
        )
        stdin, stdout = self.proc.stdin, self.proc.stdout
        if stdin is None or stdout is None:  # both are pipes (PIPE above)
            raise RuntimeError("a helper process started without its pipes")
        self.stdin: IO[bytes] = stdin
        self.stdout: IO[bytes] = stdout

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def send(self, request: Request) -> None:
        pickle.dump(request, self.stdin, protocol=pickle.HIGHEST_PROTOCOL)
        self.stdin.flush()

    def receive(self) -> Message:
        message: Message = pickle.load(self.stdout)
        return message

    def close(self) -> None:
        """Close its stdin (it exits) and wait a moment; kill it if it does not."""
        for pipe in (self.stdin, self.stdout):
            try:
                pipe.close()
            except OSError:
                pass
        try:
            self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class HelperPool:
    """The helper processes of this process (forgotten, not shared, after a fork)."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.helpers: list[Helper] = []

    def take(self, n: int) -> list[Helper]:
        """``n`` live helpers, starting new ones as needed."""
        if self.pid != os.getpid():  # a forked child: the helpers belong to the parent
            self.pid, self.helpers = os.getpid(), []
        self.helpers = [h for h in self.helpers if h.alive]
        while len(self.helpers) < n:
            self.helpers.append(Helper())
        return self.helpers[:n]

    def drop(self, helper: Helper) -> None:
        if helper in self.helpers:
            self.helpers.remove(helper)
        helper.proc.kill()
        helper.close()

    def close(self) -> None:
        """End every helper (at exit)."""
        if self.pid == os.getpid():
            for h in self.helpers:
                h.close()
        self.helpers = []


POOL = HelperPool()
atexit.register(POOL.close)


class _Remote:
    """A tree grown by a helper: its iteration count so far and, at the end, its root."""

    def __init__(self, helper: Helper) -> None:
        self.helper = helper
        self.iterations = 0
        self.root: Node | None = None
        self.thread = threading.Thread(target=self._read, daemon=True, name="mcts-helper-reader")

    def _read(self) -> None:
        try:
            while True:
                kind, value = self.helper.receive()
                if kind == "progress" and isinstance(value, int):
                    self.iterations = value
                elif kind == "done" and isinstance(value, tuple):
                    packed, self.iterations = value
                    self.root = unpack_root(packed)
                    return
                else:  # "error": the caller drops this helper
                    return
        except (EOFError, OSError, pickle.UnpicklingError):
            return


def root_parallel_search(agent: MCTSAgent, seat: Seat, workers: int) -> tuple[Node, int]:
    """``workers`` trees for ``seat``'s decision, summed at the root: ``(root, iterations)``."""
    request = (
        agent.options,
        agent.seed,
        seat_sample(seat, agent.seed, agent.reads_history(seat.game, seat.num_players)),
    )
    remotes: list[_Remote] = []
    for index, helper in enumerate(POOL.take(workers - 1), 1):
        try:
            helper.send((request, index, carry_games()))
        except (OSError, ValueError):
            POOL.drop(helper)
            continue
        remote = _Remote(helper)
        remote.thread.start()
        remotes.append(remote)
    iterations, seconds = agent.budget_for(seat.game, seat.num_players)
    budget = iterations * workers if iterations is not None else None

    def publish(own: Progress) -> None:
        done = own.iterations + sum(r.iterations for r in remotes)
        agent._publish(Progress(done, budget, own.seconds, seconds))

    start = time.perf_counter()
    try:
        root, done = agent.search_tree(seat, 0, publish)
        for remote in remotes:
            while remote.thread.is_alive():
                remote.thread.join(WAIT_INTERVAL)
                publish(Progress(done, iterations, time.perf_counter() - start, seconds))
            if remote.root is None:
                POOL.drop(remote.helper)
    except BaseException:  # e.g. Ctrl-C: the helpers' answers would reach the next request
        for remote in remotes:
            POOL.drop(remote.helper)
        raise
    trees = [root] + [r.root for r in remotes if r.root is not None]
    return merge_roots(trees), sum(r.iterations for r in remotes if r.root is not None) + done


def merge_roots(roots: list[Node]) -> Node:
    """One root whose children hold the summed visits, rewards and availability of ``roots``."""
    merged = Node()
    for root in roots:
        merged.visits += root.visits
        for action, child in root.children.items():
            total = merged.children.get(action)
            if total is None:
                total = merged.children[action] = Node(action, child.player)
                total.avail = 0
            total.visits += child.visits
            total.reward += child.reward
            total.avail += child.avail
    return merged


def pack_root(root: Node) -> PackedRoot:
    """A root and its children's statistics as plain data (what a helper sends back)."""
    return root.visits, [(a, c.player, c.visits, c.reward, c.avail) for a, c in root.children.items()]


def unpack_root(packed: PackedRoot) -> Node:
    """The inverse of :func:`pack_root` (a root with childless children)."""
    visits, children = packed
    root = Node()
    root.visits = visits
    for action, player, n, reward, avail in children:
        child = root.children[action] = Node(action, player)
        child.visits, child.reward, child.avail = n, reward, avail
    return root


def serve(stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> None:
    """A helper's loop: grow the requested tree, report progress and the root, until stdin closes."""
    source = stdin or sys.stdin.buffer
    sink = stdout or sys.stdout.buffer

    def send(message: Message) -> None:
        pickle.dump(message, sink, protocol=pickle.HIGHEST_PROTOCOL)
        sink.flush()

    while True:
        try:
            request: Request = pickle.load(source)
        except (EOFError, OSError):
            return
        (options, seed, sample), index, games = request
        adopt_games(games)
        last = [0.0]

        def progress(snapshot: Progress, last: list[float] = last) -> None:
            now = time.monotonic()
            if now - last[0] >= PROGRESS_INTERVAL:
                last[0] = now
                send(("progress", snapshot.iterations))

        try:
            agent = AGENTS["mcts"](seed=seed, **{**options, "workers": 1})  # registered by ``import ai``
            if not isinstance(agent, TreeSearch):
                raise TypeError(f"the mcts agent {agent!r} cannot grow a tree")
            root, done = agent.search_tree(sample.seat(), index, progress)
        except Exception as exc:  # the parent goes on with the other trees
            send(("error", f"{type(exc).__name__}: {exc}"))
            continue
        send(("done", (pack_root(root), done)))


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the process that started us
    try:
        serve()
    except BrokenPipeError:  # the parent is gone
        pass
