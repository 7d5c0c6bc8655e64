"""Summaries of finished games: per-agent statistics, head-to-head, seats, and the table.

Per entrant: games (seats taken), wins (sum of returns, so a shared win counts
its share), win rate with a 95 % Wilson interval, and a Bradley–Terry rating
on the Elo scale with its standard error (pairwise decomposition of every
game, see :func:`ai.tournament.stats.pairwise_outcomes`).  Per seat and for
the start player (whoever took the game's first decision of play, see
:func:`ai.play.first_player`): games, wins and win rate with its interval.
"""

from __future__ import annotations

from .spec import TournamentSpec
from .stats import Z95, bradley_terry, elo_ratings, pairwise_outcomes, wilson_interval

RESULTS_FORMAT = "tabletop-trio-tournament-results/1"


def summarize(spec: TournamentSpec, results: list[dict], *, tid: str = "", status: str = "complete",
              wall_time: float | None = None, executor: dict | None = None) -> dict:
    """The ``results.json`` document for ``results`` (any order; sorted by game index)."""
    results = sorted(results, key=lambda r: r["index"])
    k = len(spec.agents)
    labels = spec.labels()
    games = [0] * k
    wins = [0.0] * k
    score_sum = [0.0] * k
    score_n = [0] * k
    comparisons = []
    n_seats = spec.players
    seat_games = [0] * n_seats
    seat_wins = [0.0] * n_seats
    for r in results:
        for seat, (e, ret) in enumerate(zip(r["seats"], r["returns"], strict=True)):
            games[e] += 1
            wins[e] += ret
            seat_games[seat] += 1
            seat_wins[seat] += ret
            if seat < len(r["scores"]) and isinstance(r["scores"][seat], (int, float)):
                score_sum[e] += r["scores"][seat]
                score_n[e] += 1
        comparisons.extend(pairwise_outcomes(r["seats"], r["returns"]))
    bt = bradley_terry(k, comparisons)
    elo = elo_ratings(k, comparisons)
    h2h = {}
    for a, b, s in comparisons:
        cell = h2h.setdefault((a, b), [0, 0.0])
        cell[0] += 1
        cell[1] += s
    agents = []
    for e in range(k):
        lo, hi = wilson_interval(wins[e], games[e])
        agents.append({
            "entrant": e, "label": labels[e], "spec": spec.agents[e], "games": games[e],
            "wins": wins[e], "win_rate": wins[e] / games[e] if games[e] else None,
            "win_rate_ci95": [lo, hi],
            "rating": bt.ratings[e], "rating_se": bt.errors[e],
            "rating_ci95": [bt.ratings[e] - Z95 * bt.errors[e], bt.ratings[e] + Z95 * bt.errors[e]],
            "elo": elo[e],
            "mean_score": score_sum[e] / score_n[e] if score_n[e] else None,
        })
    seats = [dict(seat=s, **_rate(seat_wins[s], seat_games[s])) for s in range(n_seats)]
    started = [r for r in results if r.get("first_player") is not None]
    start_player = _rate(sum(r["returns"][r["first_player"]] for r in started), len(started))
    total_duration = sum(r["duration"] for r in results)
    doc = {
        "format": RESULTS_FORMAT,
        "id": tid,
        "status": status,
        "settings": spec.to_json(),
        "games_planned": spec.games,
        "games_done": len(results),
        "agents": agents,
        "head_to_head": [{"a": a, "b": b, "comparisons": n, "score_a": s, "score_b": n - s}
                         for (a, b), (n, s) in sorted(h2h.items())],
        "seats": seats,
        "start_player": start_player,
        "mean_length": sum(r["length"] for r in results) / len(results) if results else None,
        "game_seconds": total_duration,
        "rating_model": "Bradley-Terry on pairwise outcomes (MM fit, 1 virtual win+loss vs a 1500 "
                        "reference each), Elo scale centred on 1500, SE from the Fisher information",
    }
    if wall_time is not None:
        doc["wall_seconds"] = wall_time
    if executor is not None:
        doc["executor"] = executor
    return doc


def format_table(summary: dict) -> str:
    """The terminal table of a :func:`summarize` document."""
    settings = summary["settings"]
    lines = [f"{settings['game']}: {settings['players']} players, {summary['games_done']} of "
             f"{summary['games_planned']} games, seed {settings['seed']}"
             + ("" if summary["status"] == "complete" else f" ({summary['status']})")]
    opts = ", ".join(f"{k}={_fmt_opt(v)}" for k, v in settings["options"].items())
    if opts:
        lines.append(f"options: {opts}")
    rows = [("agent", "games", "wins", "win rate", "95% CI", "rating (BT/Elo) +/-95%")]
    for a in sorted(summary["agents"], key=lambda a: -a["rating"]):
        wr = "-" if a["win_rate"] is None else f"{a['win_rate'] * 100:.1f}%"
        lo, hi = a["win_rate_ci95"]
        rows.append((a["label"], str(a["games"]), _fmt_wins(a["wins"]), wr,
                     f"[{lo * 100:.1f}%, {hi * 100:.1f}%]",
                     f"{a['rating']:.0f} +/- {Z95 * a['rating_se']:.0f}"))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for n, r in enumerate(rows):
        cells = [r[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    seat_parts = []
    for s in summary["seats"]:
        if s["win_rate"] is not None:
            seat_parts.append(f"seat {s['seat'] + 1} {s['win_rate'] * 100:.1f}%")
    if seat_parts:
        lines.append("win rate by seat: " + ", ".join(seat_parts))
    start = summary.get("start_player")
    if start and start["win_rate"] is not None:
        lo, hi = start["win_rate_ci95"]
        lines.append(f"start player's win rate: {start['win_rate'] * 100:.1f}% "
                     f"[{lo * 100:.1f}%, {hi * 100:.1f}%] over {start['games']} games "
                     f"(fair share {100 / settings['players']:.1f}%)")
    extra = []
    if summary.get("mean_length") is not None:
        extra.append(f"mean length {summary['mean_length']:.1f} actions")
    if summary.get("wall_seconds"):
        extra.append(f"wall time {summary['wall_seconds']:.1f} s")
        done = summary.get("session_games")
        if done:
            rate = done / summary["wall_seconds"]
            extra.append(f"{rate:.1f} games/s" if rate >= 1 else f"{1 / rate:.1f} s/game")
    if extra:
        lines.append(", ".join(extra))
    return "\n".join(lines)


def _rate(wins: float, games: int) -> dict:
    """``games``, ``wins``, ``win_rate`` (None without games) and its Wilson ``win_rate_ci95``."""
    lo, hi = wilson_interval(wins, games)
    return {"games": games, "wins": wins, "win_rate": wins / games if games else None,
            "win_rate_ci95": [lo, hi]}


def _fmt_wins(w: float) -> str:
    return str(int(w)) if float(w).is_integer() else f"{w:.1f}"


def _fmt_opt(v) -> str:
    return ",".join(str(x) for x in v) if isinstance(v, (list, tuple)) else str(v)
