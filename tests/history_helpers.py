"""Concrete histories for the history tests: entries built by hand, and real finished games."""

from __future__ import annotations

import random

from game.history.entry import ABANDONED, FINISHED, GameEntry, SeatResult
from game.rules import GameRecord


def entry(
    n: int,
    seats: list[tuple[int | None, str | None, int | None, float]],
    game: str = "hacktrick",
    status: str = FINISHED,
    undos: int = 0,
    hints: int = 0,
    starter: int = 0,
) -> GameEntry:
    """Game number ``n`` (ended at time ``1000 + n``): ``seats`` are (profile id, bot spec, rank,
    points); seat ``starter`` took the first decision."""
    results = tuple(
        SeatResult(p, profile, bot, rank if status == FINISHED else None, points, p == starter)
        for p, (profile, bot, rank, points) in enumerate(seats)
    )
    rated = status == FINISHED and not undos and not hints
    return GameEntry(
        key=f"{game}:{n}",
        game=game,
        players=len(seats),
        options={},
        status=status,
        started_at=900.0 + n,
        ended_at=1000.0 + n,
        moves=10,
        undos=undos,
        hints=hints,
        rated=rated,
        replay=None,
        seats=results,
    )


def ranked(
    ranks: list[int],
    seats: list[int | str | None],
    n: int = 0,
    game: str = "hacktrick",
    status: str = FINISHED,
    undos: int = 0,
    hints: int = 0,
) -> GameEntry:
    """Game number ``n`` (:func:`entry`) where ``seats`` hold a profile id, a bot spec or ``None`` (a
    person without a profile) and seat ``p`` finished at ``ranks[p]`` with minus that in points."""
    return entry(
        n,
        [
            (who if isinstance(who, int) else None, who if isinstance(who, str) else None, rank, float(-rank))
            for who, rank in zip(seats, ranks, strict=True)
        ],
        game=game,
        status=status,
        undos=undos,
        hints=hints,
    )


def win(n: int, profile: int = 1, bot: str = "mcts:level=easy", points: float = 5, **kw) -> GameEntry:
    return entry(n, [(profile, None, 1, points), (None, bot, 2, 2)], **kw)


def loss(n: int, profile: int = 1, bot: str = "mcts:level=easy", points: float = 1, **kw) -> GameEntry:
    return entry(n, [(profile, None, 2, points), (None, bot, 1, 5)], **kw)


def abandoned(n: int, profile: int = 1, bot: str = "mcts:level=easy", **kw) -> GameEntry:
    return entry(n, [(profile, None, None, 2), (None, bot, None, 3)], status=ABANDONED, **kw)


def finished_record(game: str = "hacktrick", players: int = 2, seed: int = 1) -> GameRecord:
    """A whole game of random moves, as the client records it (``meta["started"]`` set)."""
    state, record = GameRecord.start(game, players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        record.actions.append(action)
    record.returns = state.returns()
    record.meta = {"started": 1_800_000_000.0 + seed}
    return record
