"""Ratings of 3–4 player games from finishing ranks: Weng–Lin Plackett–Luce (``openskill``).

A game's finishing ranks come from the returns: a seat's rank is one more than
the number of seats with a higher return, so tied seats share a rank (e.g. the
three losers of a Ratjack game all finish second).  Each finished deal's games
update the ratings in game order with :class:`openskill.models.PlackettLuce`
(one team per seat; an entrant holding several seats of one game gets the mean
of its seats' updates).  Reported per entrant: ``mu``, ``sigma``, the 95 %
interval ``mu ± 1.96·sigma``, the mean rank (tied seats share the places they
cover: two seats tied for first are 1.5 each) and the first-place share (a
shared first place counts 1/n to each of the n seats).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..stats import Z95

if TYPE_CHECKING:
    from game.rules.core import JsonDict

    from .spec import TournamentSpec


def finishing_ranks(returns: list[float]) -> list[float]:
    """Competition ranks (1 = best; ties share the better rank)."""
    return [1 + sum(1 for other in returns if other > r) for r in returns]


def shared_places(returns: list[float]) -> list[float]:
    """Each seat's place with ties averaged over the places they cover (1, 2.5, 2.5, 4)."""
    out: list[float] = []
    for r in returns:
        above = sum(1 for other in returns if other > r)
        tied = sum(1 for other in returns if other == r)
        out.append(above + (tied + 1) / 2.0)
    return out


class RankTally:
    """Running Plackett–Luce ratings, rank sums and first places per entrant."""

    def __init__(self, spec: TournamentSpec) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        k = len(spec.agents)
        self.ratings = [self.model.rating() for _ in range(k)]
        self.seats = [0] * k
        self.place_sum = [0.0] * k
        self.firsts = [0.0] * k

    def add_deal(self, games: list[JsonDict]) -> None:
        """Count the games of one finished deal, in order."""
        for g in games:
            self.add_game(g["seats"], g["returns"])

    def add_game(self, seats: list[int], returns: list[float]) -> None:
        ranks = finishing_ranks(returns)
        places = shared_places(returns)
        top = max(returns)
        n_top = sum(1 for r in returns if r == top)
        for seat, e in enumerate(seats):
            self.seats[e] += 1
            self.place_sum[e] += places[seat]
            if returns[seat] == top:
                self.firsts[e] += 1.0 / n_top
        teams = [[self.model.rating(mu=self.ratings[e].mu, sigma=self.ratings[e].sigma)] for e in seats]
        rated = self.model.rate(teams, ranks=ranks)
        for e in set(seats):
            mine = [rated[s][0] for s, x in enumerate(seats) if x == e]
            self.ratings[e] = self.model.rating(
                mu=sum(r.mu for r in mine) / len(mine), sigma=sum(r.sigma for r in mine) / len(mine)
            )

    def report(self, labels: list[str]) -> JsonDict:
        """The ``results.json`` ``"ranks"`` object."""
        rows: list[JsonDict] = []
        for e, r in enumerate(self.ratings):
            n = self.seats[e]
            rows.append(
                {
                    "entrant": e,
                    "label": labels[e],
                    "games": n,
                    "mu": r.mu,
                    "sigma": r.sigma,
                    "mu_ci95": [r.mu - Z95 * r.sigma, r.mu + Z95 * r.sigma],
                    "mean_rank": self.place_sum[e] / n if n else None,
                    "first_share": self.firsts[e] / n if n else None,
                }
            )
        return {
            "model": "Weng-Lin Plackett-Luce (openskill), ranks from the returns, ties shared",
            "agents": rows,
        }
