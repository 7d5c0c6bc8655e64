"""Ratings on one scale with the bots: the shipped bot calibration and each profile's rating.

The bots' ratings (:class:`BotRatings`, read from ``bot_ratings.json`` beside this module, made by
``python -m tools.calibrate_bots``) are measured per game, player count and level on the Elo scale
(400 points: odds x10; the levels' mean is 1500).  A profile has one rating per game and player
count, a Weng–Lin ``(mu, sigma)`` (``openskill``'s :class:`~openskill.models.PlackettLuce`, its
default ``mu`` 25, ``sigma`` 25/3, ``beta`` 25/6), shown on the same scale:

    shown = 1500 + ELO_PER_MU * (mu - 25),  uncertainty = ELO_PER_MU * sigma  (one standard deviation)

``ELO_PER_MU`` (about 29.5) makes the two agree: Plackett–Luce gives two players of small
uncertainty the win chance 1 / (1 + exp(-(mu_a - mu_b) / (sqrt(2) * beta))), the Elo scale
1 / (1 + 10^(-(R_a - R_b) / 400)).  A new profile starts at 1500 ± 246 (the levels' mean).

After each *rated* game every profile at the table moves (Plackett–Luce over the finishing ranks,
ties shared, one team per seat); the bots are fixed anchors at their calibrated ``(mu, sigma)``.
A finished game is rated (:func:`unrated_reason` is ``None``) when it had no undo and no hint, at
least one profile sat at it, and every other seat is a calibrated bot level (for that game and
player count) or another profile: a hot-seat game between profiles rates them against each other
(both are on the bots' scale through their other games; a person without a profile, or a bot the
calibration does not cover, makes the game unrated for everyone).  A rating is *provisional* for
its first :data:`PROVISIONAL_GAMES` rated games.  Nothing is stored: :func:`rate_history` works the
ratings out again from the history, oldest game first, so they can always be reproduced (and
drawn over time).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from .entry import GameEntry

BOT_RATINGS = Path(__file__).with_name("bot_ratings.json")
FORMAT = "tabletop-trio-bot-ratings/1"
BASE = 1500.0
MU0, SIGMA0, BETA = 25.0, 25.0 / 3.0, 25.0 / 6.0
#: Elo points per unit of ``mu`` (400 / ln 10 / (sqrt(2) * beta)).
ELO_PER_MU = 400.0 / math.log(10.0) / (math.sqrt(2.0) * BETA)
PROVISIONAL_GAMES = 10

#: Why a game is not rated (:func:`unrated_reason`); the client words each one.
ABANDONED = "abandoned"
UNDO = "undo"
HINTS = "hints"
NO_PROFILE = "no_profile"
UNKNOWN_OPPONENT = "unknown_opponent"


def shown(mu: float) -> float:
    """``mu`` on the Elo-like scale the screens show."""
    return BASE + ELO_PER_MU * (mu - MU0)


@dataclass(frozen=True)
class BotRating:
    """A bot level's calibrated rating (Elo scale) and standard error, as Weng–Lin ``mu``/``sigma``,
    and the games it rests on."""

    rating: float
    error: float
    mu: float
    sigma: float
    games: int


class BotRatings:
    """The shipped calibration: ``get(game, players, level)``."""

    def __init__(
        self, table: dict[tuple[str, int, str], BotRating], doc: dict[str, Any] | None = None
    ) -> None:
        self.table = table
        self.doc = doc or {}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> BotRatings:
        """Read a calibration document (``ValueError`` if it is not one)."""
        if (
            not isinstance(doc, dict)
            or doc.get("format") != FORMAT
            or not isinstance(doc.get("ratings"), dict)
        ):
            raise ValueError(f"not a {FORMAT} document")
        table = {}
        for game, by_players in doc["ratings"].items():
            for players, levels in by_players.items():
                for level, r in levels.items():
                    table[(game, int(players), level)] = BotRating(
                        float(r["rating"]),
                        float(r["error"]),
                        float(r["mu"]),
                        float(r["sigma"]),
                        int(r["games"]),
                    )
        return cls(table, doc)

    @classmethod
    def load(cls, path: Path | None = None) -> BotRatings:
        """The shipped file (or ``path``)."""
        return cls.from_json(json.loads((path or BOT_RATINGS).read_text(encoding="utf-8")))

    def get(self, game: str, players: int, level: str) -> BotRating | None:
        """The rating of ``level`` (a seat spec such as ``"mcts:level=normal"``), ``None`` if the
        calibration does not cover it."""
        return self.table.get((game, players, level))


@dataclass(frozen=True)
class Rating:
    """A profile's rating in one game and player count after ``games`` rated games."""

    mu: float = MU0
    sigma: float = SIGMA0
    games: int = 0

    @property
    def value(self) -> float:
        """On the screens' scale (see the module docstring)."""
        return shown(self.mu)

    @property
    def uncertainty(self) -> float:
        """One standard deviation on the screens' scale."""
        return ELO_PER_MU * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True)
class RatedGame:
    """One rated game of a profile: its rating ``before`` and ``after`` it."""

    game_id: int | None
    key: str
    ended_at: float
    before: Rating
    after: Rating

    @property
    def change(self) -> float:
        return self.after.value - self.before.value


@dataclass
class RatingHistory:
    """Every profile's ratings, worked out from the history (:func:`rate_history`)."""

    current: dict[tuple[int, str, int], Rating] = field(default_factory=dict)
    games: dict[tuple[int, str, int], list[RatedGame]] = field(default_factory=dict)

    def rating(self, profile_id: int, game: str, players: int) -> Rating:
        """The profile's rating now (a new profile's if it has no rated game there)."""
        return self.current.get((profile_id, game, players), Rating())

    def series(self, profile_id: int, game: str, players: int) -> list[RatedGame]:
        """The profile's rated games there, oldest first (the rating over time)."""
        return self.games.get((profile_id, game, players), [])

    def change_in(self, profile_id: int, entry: GameEntry) -> RatedGame | None:
        """What ``entry`` did to the profile's rating (``None``: not rated for it)."""
        for rated in self.series(profile_id, entry.game, entry.players):
            if rated.key == entry.key:
                return rated
        return None


def unrated_reason(entry: GameEntry, bots: BotRatings) -> str | None:
    """Why ``entry`` does not count for the ratings, or ``None`` if it does (see the module docstring)."""
    if entry.abandoned:
        return ABANDONED
    if entry.undos:
        return UNDO
    if entry.hints:
        return HINTS
    if not any(s.profile_id is not None for s in entry.seats):
        return NO_PROFILE
    for s in entry.seats:
        if s.rank is None:
            return ABANDONED
        if s.is_bot and bots.get(entry.game, entry.players, s.bot or "") is None:
            return UNKNOWN_OPPONENT
        if not s.is_bot and s.profile_id is None:
            return UNKNOWN_OPPONENT
    return None


def rate_history(entries: Iterable[GameEntry], bots: BotRatings) -> RatingHistory:
    """Every profile's ratings from ``entries`` (any order: they are taken oldest first)."""
    model = PlackettLuce()
    out = RatingHistory()
    for entry in sorted(entries, key=lambda e: (e.ended_at, e.id or 0)):
        if unrated_reason(entry, bots) is not None:
            continue
        teams = []
        for s in entry.seats:  # every seat is a calibrated bot or a profile (unrated_reason)
            bot = bots.get(entry.game, entry.players, s.bot) if s.bot is not None else None
            r = bot or out.rating(s.profile_id or 0, entry.game, entry.players)
            teams.append([model.rating(mu=r.mu, sigma=r.sigma)])
        rated = model.rate(teams, ranks=[float(s.rank or 0) for s in entry.seats])
        profiles = {s.profile_id for s in entry.seats if s.profile_id is not None}
        for pid in sorted(profiles):
            mine = [rated[i][0] for i, s in enumerate(entry.seats) if s.profile_id == pid]
            k = (pid, entry.game, entry.players)
            before = out.rating(pid, entry.game, entry.players)
            after = Rating(
                mu=sum(r.mu for r in mine) / len(mine),
                sigma=sum(r.sigma for r in mine) / len(mine),
                games=before.games + 1,
            )
            out.current[k] = after
            out.games.setdefault(k, []).append(RatedGame(entry.id, entry.key, entry.ended_at, before, after))
    return out
