"""The ratings on screen (:mod:`game.history.ratings`): the bot levels' ratings on the setup screen,
the rating change on the results screen, and every profile's ratings for the Statistics screen.

Ratings are never stored: they are worked out again from the history whenever a screen needs them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.history.entry import GameEntry
from game.history.ratings import (
    BASE,
    PROVISIONAL_GAMES,
    BotRatings,
    Rating,
    RatingHistory,
    rate_history,
    unrated_reason,
)
from game.history.stats import Filters, tally

from .history import local_profile, seat_profiles, use
from .i18n import t
from .players import seat_name


@lru_cache(maxsize=1)
def bot_ratings() -> BotRatings | None:
    """The shipped calibration (``None`` if the file cannot be read: no ratings are shown then)."""
    try:
        return BotRatings.load()
    except (OSError, ValueError, KeyError, TypeError):
        return None


def about(value: float) -> int:
    """A rating as the screens round a bot's: to ten ("about 1610")."""
    return int(round(value / 10.0) * 10)


def level_label(label: str, game: str, players: int, spec: str) -> str:
    """A seat choice of the setup screen with its level's rating ("Bot — normal · about 1610"); the
    label alone for a person, or a level without a rating there."""
    bots = bot_ratings()
    rating = bots.get(game, players, spec) if bots is not None else None
    return t("rating.level", label=label, rating=about(rating.rating)) if rating else label


def rated_bot_seated(game: str, seats: list[str]) -> bool:
    """Whether a seat of ``seats`` is a bot level with a rating in ``game`` at that player count."""
    bots = bot_ratings()
    return bots is not None and any(bots.get(game, len(seats), spec) for spec in seats)


def scale_legend(app: Any, game: str, seats: list[str]) -> str | None:
    """The setup screen's one line saying what a bot level's "about 1610" is measured against: the
    player's scale, where a new player starts at 1500, and the local profile's rating there once it
    has one ("... yours here is 1534 (you started at 1500)"); ``None`` unless a rated bot level is
    seated (no rating to explain at a table of people)."""
    if not rated_bot_seated(game, seats):
        return None
    players = len(seats)
    start = round(BASE)
    me = local_profile(app)
    ratings = history(app) if me is not None else None
    mine = ratings.rating(me.id, game, players) if ratings is not None and me is not None else None
    if mine is None or mine.games == 0:
        return t("rating.legend_new", start=start)
    return t("rating.legend_yours", rating=round(mine.value), start=start)


def history(app: Any) -> RatingHistory | None:
    """Every profile's ratings from the history (``None``: no calibration, or the history cannot be
    read, which is said once)."""
    bots = bot_ratings()
    if bots is None:
        return None
    return use(app, lambda s: rate_history(s.games(status="finished"), bots), None)


def result_lines(app: Any, session: Any) -> list[str]:
    """What the finished game did to each profile at the table: the rating change ("Your rating: +12,
    now 1534 (provisional: 3 of 10 games)") or why it is not rated, and a win counted against a bot
    level ("Your 12th win against the Normal bot")."""
    game_id = getattr(session, "history_id", None)
    bots = bot_ratings()
    if game_id is None or bots is None:
        return []
    entry: GameEntry | None = use(app, lambda s: s.game(game_id), None)
    if entry is None:
        return []
    ratings = history(app)
    people = seat_profiles(session.record.meta, entry.players)
    alone = sum(1 for s in entry.seats if not s.is_bot) == 1  # one person: "You", else their names
    lines = []
    reason = unrated_reason(entry, bots)
    for seat in entry.seats:
        if seat.profile_id is None:
            continue
        person = people[seat.seat]
        name = None if alone or person is None else person["name"]  # None: "Your rating"
        if reason is not None:
            lines.append(t("rating.unrated_game", reason=t(f"rating.unrated.{reason}")))
            break
        change = ratings.change_in(seat.profile_id, entry) if ratings else None
        if change is not None:
            lines.append(rating_change_text(name, change.change, change.after))
        opponents = entry.opponents(seat.seat)
        if seat.rank == 1 and bots.get(entry.game, entry.players, opponents) is not None:
            wins = wins_against(app, seat.profile_id, entry.game, opponents)
            lines.append(
                t(
                    "rating.nth_win_you" if name is None else "rating.nth_win",
                    name=name,
                    nth=ordinal(wins),
                    level=seat_name(opponents),
                )
            )
    return lines


def wins_against(app: Any, profile_id: int, game: str, opponents: str) -> int:
    """How many games of ``game`` the profile has won against ``opponents`` (a bot level), this one
    included (any player count; unrated games too: a win is a win)."""
    games: list[GameEntry] = use(app, lambda s: s.games(profile_id=profile_id, game=game), [])
    return tally(games, profile_id, Filters(game=game, opponents=opponents)).total.wins


def rating_change_text(name: str | None, change: float, after: Rating) -> str:
    """ "Your rating: +12, now 1534 ± 180 (provisional: 3 of 10 games)"; with a hot-seat player's
    ``name``: "Aiko: +12, now ..."."""
    text = t(
        "rating.change_you" if name is None else "rating.change",
        name=name,
        change=signed(change),
        now=round(after.value),
        spread=round(after.uncertainty),
    )
    if after.provisional:
        provisional = t("rating.provisional_games", n=after.games, of=PROVISIONAL_GAMES)
        text = t("rating.with_provisional", rating=text, provisional=provisional)  # no space in Japanese
    return text


def signed(change: float) -> str:
    """A rating change as the screens print it, rounded and always signed, with a true minus sign
    ("+12", "−52", "+0"), as the review prints its "−22%"."""
    return f"{round(change):+d}".replace("-", "\u2212")


def ordinal(n: int) -> str:
    """``n`` as the current language counts places ("12th", "1st"; in Japanese the number itself)."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return t("rating.ordinal.other", n=n)
    return t(f"rating.ordinal.{n % 10}", n=n)
