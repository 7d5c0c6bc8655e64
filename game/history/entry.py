"""One game of the history: :class:`GameEntry` (the game) and :class:`SeatResult` (each seat).

:func:`entry_from_record` builds an entry from a client :class:`~game.rules.GameRecord`: it replays
the record for the points, the finishing ranks (competition ranking: winners share rank 1, then by
points, ties share a rank: 1, 2, 2, 4) and who took the first decision.  A game is ``finished`` or
``abandoned`` (left before its end: ranks are ``None``, points are those at that moment); it is
*rated* only if it finished with at least one profile at the table and neither undo nor a hint was
used (the record's ``meta["undos"]`` and ``meta["hints"]``, counted by the client's session).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules import GameRecord

FINISHED = "finished"
ABANDONED = "abandoned"
STATUSES = (FINISHED, ABANDONED)
HUMAN = "human"  # the seat spec of a person (as in the client's seats)
#: What :meth:`GameEntry.opponents` says when the others are people, or not all the same bot.
HOT_SEAT = "human"
MIXED = "mixed"


@dataclass(frozen=True)
class SeatResult:
    """One seat of a stored game: a person (``profile_id``, ``None`` for a person without a
    profile) or a bot (``bot``, its spec such as ``"mcts:level=normal"``); its finishing ``rank``
    (1 = won; ``None`` when abandoned), its ``points`` and whether it ``started`` (took the first
    decision)."""

    seat: int
    profile_id: int | None
    bot: str | None
    rank: int | None
    points: float | None
    started: bool

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "profile_id": self.profile_id,
            "bot": self.bot,
            "rank": self.rank,
            "points": self.points,
            "started": self.started,
        }


@dataclass(frozen=True)
class GameEntry:
    """One game played in the client.  ``key`` identifies the game across saves (a resumed game
    that finishes replaces its abandoned entry); ``replay`` is the path of its record on the Replays
    screen (``None``: not kept; the file may since have been dropped, see ``replay_exists``);
    ``id`` is the database's (``None`` until stored)."""

    key: str
    game: str
    players: int
    options: dict[str, Any]
    status: str
    started_at: float
    ended_at: float
    moves: int
    undos: int
    hints: int
    rated: bool
    replay: str | None
    seats: tuple[SeatResult, ...]
    id: int | None = field(default=None, compare=False)

    @property
    def abandoned(self) -> bool:
        return self.status == ABANDONED

    def seat_of(self, profile_id: int) -> SeatResult | None:
        """The (first) seat where the profile sat, or ``None``."""
        return next((s for s in self.seats if s.profile_id == profile_id), None)

    def opponents(self, seat: int) -> str:
        """Whom the player at ``seat`` played against, as the statistics group it: the bot spec when
        every other seat is that bot, ``"human"`` when all are people (hot-seat), else ``"mixed"``."""
        others = {HOT_SEAT if s.bot is None else s.bot for s in self.seats if s.seat != seat}
        return others.pop() if len(others) == 1 else MIXED

    def won(self, seat: int) -> bool:
        return self.seats[seat].rank == 1

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "key": self.key,
            "game": self.game,
            "players": self.players,
            "options": json.loads(json.dumps(self.options, default=list)),
            "status": self.status,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "moves": self.moves,
            "undos": self.undos,
            "hints": self.hints,
            "rated": self.rated,
            "replay": self.replay,
            "seats": [s.to_json() for s in self.seats],
        }


def game_key(record: GameRecord) -> str:
    """The game's identity: its game, seed and the moment it began (``meta["started"]``, set by the
    client when a game is created; a record without it falls back to the seed alone)."""
    started = record.meta.get("started")
    stamp = f"{started:.6f}" if isinstance(started, int | float) and not isinstance(started, bool) else "-"
    return f"{record.game}:{record.seed}:{stamp}"


def ranks(winners: Sequence[int], points: Sequence[float]) -> list[int]:
    """Finishing ranks, ties shared (competition ranking): the winners are 1; everyone else after
    them by points, one more than the number of seats ahead of them."""
    won = set(winners)

    def ahead(p: int, q: int) -> bool:
        if q in won:
            return p not in won
        return p not in won and points[q] > points[p]

    n = len(points)
    return [1 + sum(ahead(p, q) for q in range(n)) for p in range(n)]


def _count(meta: dict[str, Any], kind: str) -> int:
    n = meta.get(kind)
    return n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else 0


def entry_from_record(
    record: GameRecord,
    seats: Sequence[str],
    profiles: Sequence[int | None],
    status: str = FINISHED,
    replay: str | None = None,
    ended_at: float | None = None,
) -> GameEntry:
    """The entry of a client game: ``seats`` are its seat specs (``"human"`` or a bot's spec),
    ``profiles`` the profile id of each seat (``None`` for bots and unnamed people).  A finished
    ``status`` needs a finished record (``ValueError`` otherwise)."""
    if status not in STATUSES:
        raise ValueError(f"unknown status {status!r}")
    if len(seats) != record.players or len(profiles) != record.players:
        raise ValueError(f"{record.game} has {record.players} seats")
    first = record.new_state().current_player
    state = record.replay()
    points = [float(x) for x in state.scores]
    if status == FINISHED:
        if not state.is_terminal:
            raise ValueError("the game is not finished")
        places: list[int | None] = list(ranks(state.winners(), points))
    else:
        places = [None] * record.players
    ended_at = time.time() if ended_at is None else ended_at
    started = record.meta.get("started")
    started_at = (
        float(started) if isinstance(started, int | float) and not isinstance(started, bool) else ended_at
    )
    undos, hints = _count(record.meta, "undos"), _count(record.meta, "hints")
    results = tuple(
        SeatResult(
            seat=p,
            profile_id=profiles[p] if spec == HUMAN else None,
            bot=None if spec == HUMAN else spec,
            rank=places[p],
            points=points[p],
            started=p == first,
        )
        for p, spec in enumerate(seats)
    )
    rated = (
        status == FINISHED and undos == 0 and hints == 0 and any(s.profile_id is not None for s in results)
    )
    return GameEntry(
        key=game_key(record),
        game=record.game,
        players=record.players,
        options=dict(record.options),
        status=status,
        started_at=started_at,
        ended_at=ended_at,
        moves=len(record.actions),
        undos=undos,
        hints=hints,
        rated=rated,
        replay=replay,
        seats=results,
    )
