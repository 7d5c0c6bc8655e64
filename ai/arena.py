"""Seeded matches between agents with seats rotated, and their win rates with 95% intervals.

    from ai.arena import play_match
    result = play_match("hacktrick", ["mcts:level=easy", "random"], games=20, seed=1)
    print(result.summary())
    result.rate(0), result.interval(0)       # win rate of agent 0 and its Wilson 95% interval

Game ``i`` uses the deal ``seed + i // k`` (``k`` = number of seats) and the
rotation ``i % k``: agent ``j`` sits in seat ``(j + i) % k``.  So every deal is
played once from every seat, which cancels most of the luck of the deal and
any first-player advantage.  A game's returns (1 for a win, a shared win split)
are credited to the agents, not the seats.  ``processes > 1`` plays games in a
``multiprocessing`` pool; results do not depend on it.

Each :class:`GameResult` keeps the start player's seat (``first_player``, see
:func:`ai.play.first_player`; None for results saved before it was kept), and
``result.start_player_wins()`` counts how often the start player won.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.pool import Pool
from typing import TYPE_CHECKING

from .stats import format_rate, wilson_interval

if TYPE_CHECKING:
    from game.rules import Seat
    from game.rules.core import GameAction

    from .agents import Agent

#: A game of a match to play: ``(game, agents' specs, index, deal seed, rotation, game options)``.
Job = tuple[str, list[str], int, int, int, dict[str, object]]


@dataclass
class GameResult:
    """One game of a match, from the agents' side."""

    index: int
    seed: int
    rotation: int
    returns: tuple[float, ...]  # per agent (not per seat)
    actions: int
    seconds: float
    iterations: tuple[int, ...] = ()  # per agent: MCTS iterations spent (0 for other agents)
    search_seconds: tuple[float, ...] = ()  # per agent: seconds spent searching
    first_player: int | None = None  # the start player's seat (ai.play.first_player); None: unknown

    def starter(self) -> int | None:
        """The agent who was the start player (agent ``j`` sat in seat ``(j + rotation) % k``)."""
        if self.first_player is None:
            return None
        return (self.first_player - self.rotation) % len(self.returns)


@dataclass
class MatchResult:
    """All games of a match and the statistics over them."""

    game: str
    agents: list[str]
    games: list[GameResult] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.games)

    def wins(self, agent: int) -> float:
        """Sum of agent ``agent``'s returns (shared wins count fractionally)."""
        return sum(g.returns[agent] for g in self.games)

    def rate(self, agent: int) -> float:
        return self.wins(agent) / self.n if self.n else 0.0

    def interval(self, agent: int) -> tuple[float, float]:
        """Wilson 95% interval of agent ``agent``'s win rate."""
        return wilson_interval(self.wins(agent), self.n)

    def iterations_per_second(self, agent: int) -> float | None:
        """Mean search speed of agent ``agent`` (None if it never searched)."""
        its = sum(g.iterations[agent] for g in self.games if g.iterations)
        secs = sum(g.search_seconds[agent] for g in self.games if g.search_seconds)
        return its / secs if secs > 0 else None

    def start_player_wins(self) -> tuple[float, int]:
        """``(wins, games)`` of the start player, over the games whose start player is known."""
        starters = [(g, g.starter()) for g in self.games]
        known = [(g, s) for g, s in starters if s is not None]
        return sum(g.returns[s] for g, s in known), len(known)

    def seconds_per_game(self) -> float:
        return sum(g.seconds for g in self.games) / self.n if self.n else 0.0

    def summary(self) -> str:
        lines = [f"{self.game}: {self.n} games, seats rotated"]
        for j, spec in enumerate(self.agents):
            lines.append(f"  {spec:<28} wins {format_rate(self.wins(j), self.n)}")
        return "\n".join(lines)


def schedule(games: int, seats: int, seed: int) -> list[tuple[int, int, int]]:
    """``(index, deal seed, rotation)`` for each game of a match."""
    return [(i, seed + i // seats, i % seats) for i in range(games)]


def play_one(
    game: str, agents: Sequence[str], index: int, seed: int, rotation: int, options: dict[str, object]
) -> GameResult:
    """Play game ``index`` of a match: agent ``j`` sits in seat ``(j + rotation) % k``."""
    from .agents import make_agent
    from .play import play_game, record_first_player

    k = len(agents)
    seat_of = [(j + rotation) % k for j in range(k)]
    by_seat = [agents[(s - rotation) % k] for s in range(k)]  # agent j sits in seat seat_of[j]
    bots = [make_agent(spec, seed=(seed * 1000 + s) % (1 << 63)) for s, spec in enumerate(by_seat)]
    counters = [_SearchCounter(b) for b in bots]
    start = time.perf_counter()
    record = play_game(game, counters, seed=seed, game_options=options)
    seconds = time.perf_counter() - start
    if record.returns is None:  # play_game returns finished games only
        raise RuntimeError(f"the {game} game of seed {seed} has no returns")
    returns = tuple(record.returns[seat_of[j]] for j in range(k))
    iterations = tuple(counters[seat_of[j]].iterations for j in range(k))
    search_seconds = tuple(counters[seat_of[j]].seconds for j in range(k))
    return GameResult(
        index,
        seed,
        rotation,
        returns,
        len(record.actions),
        seconds,
        iterations,
        search_seconds,
        record_first_player(record),
    )


class _SearchCounter:
    """Wraps an agent and adds up the MCTS iterations and search time it reports."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.spec = agent.spec
        self.iterations = 0
        self.seconds = 0.0

    def choose(self, seat: Seat) -> GameAction:
        action = self.agent.choose(seat)
        search = self.agent.last_search
        if search is not None:
            self.iterations += search[0]
            self.seconds += search[1]
            self.agent.last_search = None
        return action


def _worker(job: Job) -> GameResult:
    game, agents, index, seed, rotation, options = job
    return play_one(game, agents, index, seed, rotation, options)


def play_match(
    game: str,
    agents: Sequence[str],
    games: int = 100,
    seed: int = 0,
    processes: int = 1,
    progress: Callable[[int, int, GameResult], object] | None = None,
    done: Sequence[GameResult] = (),
    stop: Callable[[MatchResult], bool] | None = None,
    **options: object,
) -> MatchResult:
    """Play ``games`` seeded games between ``agents`` (specs, one per seat), seats rotated.

    ``progress(done, total, result)`` is called after each game if given.  ``done`` holds
    :class:`GameResult` objects of this match played before (a resumed match): those
    games are not played again but counted in the result.  ``stop(match_result)``, if
    given, is asked after each game (and once before the first): when it returns true
    no more games start and running ones are abandoned (e.g. an SPRT has decided).
    """
    from game.rules import GAMES, adopt_games, carry_games

    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    GAMES[game].check_players(len(agents))
    if games < 1:
        raise ValueError(f"a match needs at least one game, not {games}")
    from .agents import make_agent

    for spec in agents:
        make_agent(spec, seed=0)  # bad specs fail here, before any game starts
    result = MatchResult(game, list(agents), [g for g in done if g.index < games])
    played = {g.index for g in result.games}
    jobs: list[Job] = [
        (game, list(agents), i, s, r, options)
        for i, s, r in schedule(games, len(agents), seed)
        if i not in played
    ]
    if stop is not None and stop(result):
        jobs = []
    results: Iterator[GameResult]
    pool: Pool | None
    if processes <= 1:
        results = map(_worker, jobs)
        pool = None
    else:
        context = multiprocessing.get_context("spawn" if _threads_unsafe() else "fork")
        # a spawned worker knows only the games of game.rules: a game registered at run time goes with it
        pool = context.Pool(processes, initializer=adopt_games, initargs=(carry_games(),))
        results = pool.imap_unordered(_worker, jobs)
    stopped = False
    try:
        for gr in results:
            result.games.append(gr)
            if progress is not None:
                progress(result.n, games, gr)
            if stop is not None and stop(result):
                stopped = True
                break
    finally:
        if pool is not None:
            if stopped:
                pool.terminate()
            else:
                pool.close()
            pool.join()
    result.games.sort(key=lambda g: g.index)
    return result


def _threads_unsafe() -> bool:
    """Fork is fine here unless another thread is running (then spawn is safer)."""
    import threading

    return threading.active_count() > 1
