"""``tabletop-trio stats``: a profile's record as a text table or as JSON.

:func:`text_report` lays out a :class:`~game.history.stats.Summary` as a table (one row per game,
player count and opponents, then the total; East Asian wide characters count as two columns);
:func:`json_report` is the same as JSON-ready data (``{"profile", "filters", "total", "groups"}``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from .profiles import Profile
from .stats import Filters, Summary, Tally

#: The table's columns: heading, and how a :class:`Tally` fills it.
COLUMNS: tuple[tuple[str, Callable[[Tally], str]], ...] = (
    ("games", lambda g: str(g.games)),
    ("wins", lambda g: str(g.wins)),
    ("win %", lambda g: _percent(g.win_rate)),
    ("streak", lambda g: str(g.current_streak)),
    ("best", lambda g: str(g.best_streak)),
    ("avg pts", lambda g: "-" if g.average_points is None else f"{g.average_points:.1f}"),
    ("started %", lambda g: _percent(g.started_rate)),
    ("unrated", lambda g: str(g.unrated)),
    ("abandoned", lambda g: str(g.abandoned)),
)


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.0f}%"


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal (wide and full-width characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def _pad(text: str, size: int, right: bool = False) -> str:
    gap = " " * max(0, size - width(text))
    return gap + text if right else text + gap


def text_report(
    summary: Summary,
    profile: Profile | None,
    game_title: Callable[[str], str],
    opponents_label: Callable[[str], str],
) -> str:
    """The record as lines of text: a heading naming the profile, a row per group, the total
    (``game_title`` and ``opponents_label`` name a game and an opponents kind)."""
    who = profile.name if profile is not None else "no profile yet"
    lines = [f"Statistics of {who}"]
    if not summary.groups:
        lines.append("No games recorded yet.")
    heads = ["game", "players", "opponents"] + [name for name, _ in COLUMNS]
    rows = [
        [game_title(g.game or ""), str(g.players), opponents_label(g.opponents or "")]
        + [f(g) for _, f in COLUMNS]
        for g in summary.groups
    ]
    rows.append(["total", "", ""] + [f(summary.total) for _, f in COLUMNS])
    sizes = [max(width(r[i]) for r in [heads, *rows]) for i in range(len(heads))]
    for row in [heads, *rows]:
        cells = [_pad(cell, sizes[i], right=i >= 3 or i == 1) for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    if summary.total.unrated:
        lines.append(
            f"{summary.total.unrated} of the games were played with undo or hints: counted, but unrated."
        )
    return "\n".join(lines) + "\n"


def json_report(summary: Summary, profile: Profile | None, filters: Filters) -> dict[str, Any]:
    """The record as JSON-ready data."""
    return {
        "profile": profile.to_json() if profile is not None else None,
        "filters": {
            "game": filters.game,
            "players": filters.players,
            "opponents": filters.opponents,
            "rated_only": filters.rated_only,
        },
        **summary.to_json(),
    }
