"""A player's record from their games: per game, player count and opponents, and in total.

API::

    tally(entries, profile_id, filters=Filters()) -> Summary
    Summary.total -> Tally;  Summary.groups -> list[Tally]   # one per (game, players, opponents)
    Summary.to_json() / Tally.to_json() -> dict              # what ``tabletop-trio stats --json`` prints

``entries`` are :class:`~game.history.entry.GameEntry` (``HistoryStore.games(profile_id)``), in any
order (they are sorted by their end).  A :class:`Tally` counts the profile's finished games:
``games``, ``wins`` (rank 1, a shared win included), ``win_rate`` (``None`` without games),
``current_streak`` (wins in a row up to the last game) and ``best_streak``, ``average_points``,
``started`` (games where the profile took the first decision) and ``started_rate``; ``unrated``
(finished with undo or hints, counted in ``games`` too) and ``abandoned`` (left before the end: never
in ``games``, counted apart).  ``opponents`` is a bot's spec when all the others were that bot,
``"human"`` for hot-seat games, ``"mixed"`` otherwise; ``None`` in the total.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .entry import GameEntry


@dataclass(frozen=True)
class Filters:
    """Which games count: of one ``game``, ``players`` count, ``opponents`` kind; ``rated_only``
    leaves out games played with undo or hints."""

    game: str | None = None
    players: int | None = None
    opponents: str | None = None
    rated_only: bool = False

    def admits(self, entry: GameEntry, seat: int) -> bool:
        return (
            (self.game is None or entry.game == self.game)
            and (self.players is None or entry.players == self.players)
            and (self.opponents is None or entry.opponents(seat) == self.opponents)
            and (not self.rated_only or entry.abandoned or entry.rated)
        )


@dataclass
class Tally:
    """The record over some games (see the module docstring)."""

    game: str | None = None
    players: int | None = None
    opponents: str | None = None
    games: int = 0
    wins: int = 0
    current_streak: int = 0
    best_streak: int = 0
    points: float = 0.0
    started: int = 0
    unrated: int = 0
    abandoned: int = 0
    last_played: float | None = None

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def average_points(self) -> float | None:
        return self.points / self.games if self.games else None

    @property
    def started_rate(self) -> float | None:
        return self.started / self.games if self.games else None

    def add(self, entry: GameEntry, seat: int) -> None:
        """Count one game (entries must come oldest first, for the streaks)."""
        self.last_played = entry.ended_at
        if entry.abandoned:
            self.abandoned += 1
            return
        result = entry.seats[seat]
        self.games += 1
        self.points += result.points or 0.0
        self.started += result.started
        self.unrated += not entry.rated
        if result.rank == 1:
            self.wins += 1
            self.current_streak += 1
            self.best_streak = max(self.best_streak, self.current_streak)
        else:
            self.current_streak = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "opponents": self.opponents,
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "win_rate": self.win_rate,
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "average_points": self.average_points,
            "started": self.started,
            "started_rate": self.started_rate,
            "unrated": self.unrated,
            "abandoned": self.abandoned,
            "last_played": self.last_played,
        }


@dataclass
class Summary:
    """A profile's record: the ``total`` and one :class:`Tally` per group, sorted by game, players
    and opponents."""

    total: Tally = field(default_factory=Tally)
    groups: list[Tally] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total.to_json(), "groups": [g.to_json() for g in self.groups]}


def tally(entries: Iterable[GameEntry], profile_id: int | None, filters: Filters | None = None) -> Summary:
    """The record of ``profile_id`` over ``entries`` (games it did not sit in are skipped; a
    ``None`` profile has no games: an empty record)."""
    filters = filters or Filters()
    summary = Summary()
    groups: dict[tuple[str, int, str], Tally] = {}
    if profile_id is None:
        return summary
    for entry in sorted(entries, key=lambda e: (e.ended_at, e.id or 0)):
        seat = entry.seat_of(profile_id)
        if seat is None or not filters.admits(entry, seat.seat):
            continue
        group = (entry.game, entry.players, entry.opponents(seat.seat))
        if group not in groups:
            groups[group] = Tally(*group)
        groups[group].add(entry, seat.seat)
        summary.total.add(entry, seat.seat)
    summary.groups = [groups[k] for k in sorted(groups)]
    return summary
