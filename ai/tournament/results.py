"""Summaries of finished games: per-agent statistics, head-to-head, seats, and the table.

Per entrant: games (seats taken), wins (sum of returns, so a shared win counts
its share), win rate with a 95 % Wilson interval, and a Bradley–Terry rating
on the Elo scale with its standard error (pairwise decomposition of every
game, see :func:`ai.tournament.stats.pairwise_outcomes`).  Per seat and for
the start player (whoever took the game's first decision of play, see
:func:`ai.play.first_player`): games, wins and win rate with its interval.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .ranks import RankTally
from .spec import TournamentSpec, task_at
from .sprt import SprtSettings, elo_summary, llr_logistic
from .stats import ELO_BASE, Z95, bradley_terry_counts, pairwise_outcomes, wilson_interval

if TYPE_CHECKING:
    from game.rules.core import JsonDict

RESULTS_FORMAT = "tabletop-trio-tournament-results/1"


class Tally:
    """Running counts of finished games, fed in game-index order; the summary is built from them.

    Nothing per game is kept: memory stays flat however many games are played.  A deal
    counts only when all its games are in (its games are buffered until then), so a
    stopped run never has half a deal in the statistics.  With ``spec.sprt`` the LLR is
    updated after each deal, and once it crosses a bound the counts are frozen
    (:attr:`decided`): the verdict depends only on the deals in index order.
    """

    def __init__(self, spec: TournamentSpec) -> None:
        k, n_seats = len(spec.agents), spec.players
        self.spec = spec
        self.games = [0] * k
        self.wins = [0.0] * k
        self.score_sum = [0.0] * k
        self.score_n = [0] * k
        self.seat_games = [0] * n_seats
        self.seat_wins = [0.0] * n_seats
        self.start_games = 0
        self.start_wins = 0.0
        self.h2h: dict[tuple[int, int], list[float]] = {}  # (a, b) -> [comparisons, score of a]
        self.elo = [ELO_BASE] * k  # sequential Elo, in game order
        self.length_sum = 0
        self.duration_sum = 0.0
        self.counted = 0  # games in the statistics
        self.deals = 0
        self.pentanomial: dict[tuple[int, int], list[int]] = {}
        self.trinomial = [0, 0, 0]  # plain two-agent match: the first agent's losses, draws, wins
        self.ranks = RankTally(spec) if spec.players > 2 else None
        self.sprt = SprtSettings(**spec.sprt) if spec.sprt else None
        self.llr = 0.0
        self.decided = False
        self._deal: list[JsonDict] = []
        self._deal_id: int | None = None
        self.skipped = 0  # finished games left out: their deal is incomplete, or after the verdict

    def add(self, result: JsonDict) -> None:
        """Count a finished game (results must come in index order; gaps leave their deal out)."""
        if self.decided:
            self.skipped += 1
            return
        task = task_at(self.spec, result["index"])
        if self._deal and (task.deal_id != self._deal_id or task.deal_position != len(self._deal)):
            self.skipped += len(self._deal)  # a game of that deal is missing
            self._deal = []
        if task.deal_position != len(self._deal):
            self.skipped += 1
            return
        self._deal_id = task.deal_id
        self._deal.append(
            {k: result.get(k) for k in ("seats", "returns", "scores", "length", "duration", "first_player")}
        )
        if len(self._deal) == task.deal_games:
            deal, self._deal = self._deal, []
            self._commit(deal)

    def pending(self) -> int:
        """Games of the current deal, not counted yet."""
        return len(self._deal)

    def _commit(self, deal: list[JsonDict]) -> None:
        for r in deal:
            self._count_game(r)
        self.deals += 1
        if self.spec.duplicate and self.spec.players == 2:
            a, b = sorted(set(deal[0]["seats"]))
            half = 0
            for r in deal:
                ra, rb = (r["returns"][r["seats"].index(e)] for e in (a, b))
                half += 2 if ra > rb else 0 if ra < rb else 1
            self.pentanomial.setdefault((a, b), [0] * 5)[half * 2 // len(deal)] += 1
        elif self.spec.players == 2 and len(self.spec.agents) == 2:
            for r in deal:
                ra, rb = (r["returns"][r["seats"].index(e)] for e in (0, 1))
                self.trinomial[2 if ra > rb else 0 if ra < rb else 1] += 1
        if self.ranks is not None:
            self.ranks.add_deal(deal)
        if self.sprt is not None:
            self.llr = llr_logistic(self.sprt.elo0, self.sprt.elo1, self.sprt_counts())
            self.decided = self.sprt.verdict(self.llr) != "none"

    def sprt_counts(self) -> list[int]:
        """What the SPRT counts: the pentanomial of the deal pairs with ``--duplicate``, else the
        trinomial of the games (fishtest's GSPRT takes either)."""
        if self.spec.duplicate:
            return self.pentanomial.get((0, 1), [0] * 5)
        return self.trinomial

    @property
    def sprt_unit(self) -> str:
        """What the SPRT counts, for messages: ``"deals"`` (pairs) or ``"games"``."""
        return "deals" if self.spec.duplicate else "games"

    def _count_game(self, r: JsonDict) -> None:
        for seat, (e, ret) in enumerate(zip(r["seats"], r["returns"], strict=True)):
            self.games[e] += 1
            self.wins[e] += ret
            self.seat_games[seat] += 1
            self.seat_wins[seat] += ret
            if seat < len(r["scores"]) and isinstance(r["scores"][seat], (int, float)):
                self.score_sum[e] += r["scores"][seat]
                self.score_n[e] += 1
        if r.get("first_player") is not None:
            self.start_games += 1
            self.start_wins += r["returns"][r["first_player"]]
        for a, b, sc in pairwise_outcomes(r["seats"], r["returns"]):
            cell = self.h2h.setdefault((a, b), [0, 0.0])
            cell[0] += 1
            cell[1] += sc
            expected = 1.0 / (1.0 + 10.0 ** ((self.elo[b] - self.elo[a]) / 400.0))
            self.elo[a] += 16.0 * (sc - expected)
            self.elo[b] -= 16.0 * (sc - expected)
        self.counted += 1
        self.length_sum += r["length"]
        self.duration_sum += r["duration"]

    def summary(
        self,
        *,
        tid: str = "",
        status: str = "complete",
        wall_time: float | None = None,
        executor: JsonDict | None = None,
    ) -> JsonDict:
        """The ``results.json`` document of the counted games."""
        spec = self.spec
        k = len(spec.agents)
        labels = spec.labels()
        bt = bradley_terry_counts(k, self.h2h)
        agents: list[JsonDict] = []
        for e in range(k):
            lo, hi = wilson_interval(self.wins[e], self.games[e])
            agents.append(
                {
                    "entrant": e,
                    "label": labels[e],
                    "spec": spec.agents[e],
                    "games": self.games[e],
                    "wins": self.wins[e],
                    "win_rate": self.wins[e] / self.games[e] if self.games[e] else None,
                    "win_rate_ci95": [lo, hi],
                    "rating": bt.ratings[e],
                    "rating_se": bt.errors[e],
                    "rating_ci95": [bt.ratings[e] - Z95 * bt.errors[e], bt.ratings[e] + Z95 * bt.errors[e]],
                    "elo": self.elo[e],
                    "mean_score": self.score_sum[e] / self.score_n[e] if self.score_n[e] else None,
                }
            )
        h2h: list[JsonDict] = []
        for (a, b), (n, s) in sorted(self.h2h.items()):
            row: JsonDict = {"a": a, "b": b, "comparisons": n, "score_a": s, "score_b": n - s}
            penta = self.pentanomial.get((a, b))
            if penta is not None:
                row["pentanomial"] = list(penta)
                stats = elo_summary(penta)
                row["pairs"] = stats.to_json() if stats else None
            h2h.append(row)
        doc: JsonDict = {
            "format": RESULTS_FORMAT,
            "id": tid,
            "status": status,
            "settings": spec.to_json(),
            "games_planned": spec.games,
            "games_done": self.counted,
            "deals_done": self.deals,
            "agents": agents,
            "head_to_head": h2h,
            "seats": [
                dict(seat=s, **_rate(self.seat_wins[s], self.seat_games[s])) for s in range(spec.players)
            ],
            "start_player": _rate(self.start_wins, self.start_games),
            "mean_length": self.length_sum / self.counted if self.counted else None,
            "game_seconds": self.duration_sum,
            "rating_model": "Bradley-Terry on pairwise outcomes (MM fit, 1 virtual win+loss vs a 1500 "
            "reference each), Elo scale centred on 1500, SE from the Fisher information",
        }
        if spec.duplicate and spec.players == 2 and k == 2:
            penta = self.pentanomial.get((0, 1), [0] * 5)
            stats = elo_summary(penta)
            doc["pentanomial"] = list(penta)
            doc["match"] = {
                "first": labels[0],
                "second": labels[1],
                **(stats.to_json() if stats else {"pairs": 0}),
            }
        elif spec.players == 2 and k == 2:
            stats = elo_summary(self.trinomial)
            match = stats.to_json() if stats else {"pairs": 0}
            doc["trinomial"] = list(self.trinomial)
            doc["match"] = {"first": labels[0], "second": labels[1], "games": match.pop("pairs"), **match}
        if self.sprt is not None:
            doc["sprt"] = {
                **self.sprt.report(self.sprt_counts()),
                "deals": self.deals,
                "model": "pentanomial" if self.spec.duplicate else "trinomial",
            }
        if self.ranks is not None:
            doc["ranks"] = self.ranks.report(labels)
        if self.skipped + len(self._deal):
            doc["games_not_counted"] = self.skipped + len(self._deal)
        if wall_time is not None:
            doc["wall_seconds"] = wall_time
        if executor is not None:
            doc["executor"] = executor
        return doc


class Feeder:
    """Hands finished games to a :class:`Tally` in index order, whatever order they finish in.

    ``done`` has a byte per planned game (1 = its record is stored); games that finish
    ahead of a missing one wait in :attr:`waiting` (a handful: the games in flight).
    """

    def __init__(self, spec: TournamentSpec) -> None:
        self.tally = Tally(spec)
        self.done = bytearray(spec.games)
        self.next = 0
        self.waiting: dict[int, JsonDict] = {}
        self.stored = 0

    def offer(self, result: JsonDict) -> None:
        """A game whose record is stored (the result dict, its record text dropped)."""
        index = result["index"]
        if self.done[index]:
            return
        self.done[index] = 1
        self.stored += 1
        self.waiting[index] = {k: v for k, v in result.items() if k != "record"}
        while self.next in self.waiting:
            self.tally.add(self.waiting.pop(self.next))
            self.next += 1

    def drain(self) -> None:
        """At the end: count the games still waiting behind a missing one (their deals
        count if complete)."""
        for index in sorted(self.waiting):
            self.tally.add(self.waiting[index])
        self.waiting.clear()


def summarize(
    spec: TournamentSpec,
    results: list[JsonDict],
    *,
    tid: str = "",
    status: str = "complete",
    wall_time: float | None = None,
    executor: JsonDict | None = None,
) -> JsonDict:
    """The ``results.json`` document for ``results`` (any order; counted in game-index order)."""
    tally = Tally(spec)
    for r in sorted(results, key=lambda r: r["index"]):
        tally.add(r)
    return tally.summary(tid=tid, status=status, wall_time=wall_time, executor=executor)


def format_table(summary: JsonDict) -> str:
    """The terminal table of a :func:`summarize` document."""
    settings = summary["settings"]
    dup = settings.get("duplicate")
    lines = [
        f"{settings['game']}: {settings['players']} players, {summary['games_done']} of "
        f"{summary['games_planned']} games"
        + (
            f" ({summary['deals_done']} duplicate deals, {'every permutation' if dup == 'all' else 'rotated'})"
            if dup
            else ""
        )
        + f", seed {settings['seed']}"
        + ("" if summary["status"] == "complete" else f" ({summary['status']})")
    ]
    opts = ", ".join(f"{k}={_fmt_opt(v)}" for k, v in settings["options"].items())
    if opts:
        lines.append(f"options: {opts}")
    rows = [("agent", "games", "wins", "win rate", "95% CI", "rating (BT/Elo) +/-95%")]
    for a in sorted(summary["agents"], key=lambda a: -a["rating"]):
        wr = "-" if a["win_rate"] is None else f"{a['win_rate'] * 100:.1f}%"
        lo, hi = a["win_rate_ci95"]
        rows.append(
            (
                a["label"],
                str(a["games"]),
                _fmt_wins(a["wins"]),
                wr,
                f"[{lo * 100:.1f}%, {hi * 100:.1f}%]",
                f"{a['rating']:.0f} +/- {Z95 * a['rating_se']:.0f}",
            )
        )
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
    match = summary.get("match")
    if match and (match.get("pairs") or match.get("games")):
        counted = (
            f"duplicate deals, {match['first']} vs {match['second']}: pentanomial "
            f"{summary['pentanomial']} over {match['pairs']} pairs"
            if "pairs" in match
            else f"plain games, {match['first']} vs {match['second']}: trinomial (L, D, W) "
            f"{summary['trinomial']} over {match['games']} games"
        )
        lines.append(
            f"{counted}; score {match['score']:.3f} +/- {match['score_se']:.3f} (standard error), "
            f"Elo {match['elo']:+.1f} +/- {match['elo_ci95']:.1f}, nElo {match['nelo']:+.1f} "
            f"+/- {match['nelo_ci95']:.1f}, LOS {match['los'] * 100:.1f}%"
        )
    for row in summary["head_to_head"] if not match else ():
        pairs = row.get("pairs")
        if pairs:
            names = [summary["agents"][row["a"]]["label"], summary["agents"][row["b"]]["label"]]
            lines.append(
                f"duplicate deals, {names[0]} vs {names[1]}: pentanomial {row['pentanomial']}; "
                f"Elo {pairs['elo']:+.1f} +/- {pairs['elo_ci95']:.1f}, nElo {pairs['nelo']:+.1f} "
                f"+/- {pairs['nelo_ci95']:.1f}, LOS {pairs['los'] * 100:.1f}%"
            )
    sprt = summary.get("sprt")
    if sprt:
        verdict = {
            "H1": f"H1 accepted (Elo >= {sprt['elo1']:g})",
            "H0": f"H0 accepted (Elo <= {sprt['elo0']:g})",
            "none": "no verdict yet",
        }[sprt["verdict"]]
        lines.append(
            f"SPRT elo0={sprt['elo0']:g} elo1={sprt['elo1']:g} alpha={sprt['alpha']:g} "
            f"beta={sprt['beta']:g}: LLR {sprt['llr']:.2f} [{sprt['lower']:.2f}, {sprt['upper']:.2f}] "
            f"after {sprt['deals']} {'games' if sprt.get('model') == 'trinomial' else 'deals'}: {verdict}"
        )
    ranks = summary.get("ranks")
    if ranks:
        lines.append(
            "finishing ranks (Plackett-Luce, openskill): "
            + "; ".join(
                f"{r['label']} mu {r['mu']:.1f} [{r['mu_ci95'][0]:.1f}, {r['mu_ci95'][1]:.1f}], "
                f"mean rank {r['mean_rank']:.2f}, first {r['first_share'] * 100:.1f}%"
                for r in sorted(ranks["agents"], key=lambda r: -r["mu"])
                if r["games"]
            )
        )
    start = summary.get("start_player")
    if start and start["win_rate"] is not None:
        lo, hi = start["win_rate_ci95"]
        lines.append(
            f"start player's win rate: {start['win_rate'] * 100:.1f}% "
            f"[{lo * 100:.1f}%, {hi * 100:.1f}%] over {start['games']} games "
            f"(fair share {100 / settings['players']:.1f}%)"
        )
    extra: list[str] = []
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


def _rate(wins: float, games: int) -> JsonDict:
    """``games``, ``wins``, ``win_rate`` (None without games) and its Wilson ``win_rate_ci95``."""
    lo, hi = wilson_interval(wins, games)
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else None,
        "win_rate_ci95": [lo, hi],
    }


def _fmt_wins(w: float) -> str:
    return str(int(w)) if float(w).is_integer() else f"{w:.1f}"


def _fmt_opt(v: object) -> str:
    return ",".join(str(x) for x in v) if isinstance(v, (list, tuple)) else str(v)
