"""Statistics for tournament results: Wilson intervals, Bradley–Terry and Elo ratings.

Pure Python (no numpy), sized for tournaments of a handful of agents.

* :func:`wilson_interval` – 95 % score interval of a win rate (from :mod:`ai.stats`;
  works with fractional wins, e.g. shared wins counted as 1/2).
* :func:`pairwise_outcomes` – turns finished games (seats + returns) into
  pairwise comparisons, so that 3–4 player games feed the same rating model.
* :func:`bradley_terry` – maximum-likelihood strengths by Hunter's MM
  algorithm, with standard errors from the Fisher information, reported on
  the Elo scale (400 points = a factor of 10 in odds).
* :func:`elo_ratings` – classic sequential Elo, for comparison.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..stats import Z95, wilson_interval

__all__ = [
    "ELO_BASE",
    "ELO_SCALE",
    "Ratings",
    "Z95",
    "bradley_terry",
    "bradley_terry_counts",
    "elo_ratings",
    "pairwise_outcomes",
    "wilson_interval",
]

ELO_SCALE = 400.0 / math.log(10.0)  # Elo points per unit of natural-log strength
ELO_BASE = 1500.0


def pairwise_outcomes(seats: Sequence[int], returns: Sequence[float]) -> list[tuple[int, int, float]]:
    """Pairwise results of one game as ``(a, b, score_of_a)`` with ``a < b``.

    ``seats[i]`` is the entrant (agent index) in seat ``i`` and ``returns[i]``
    its return.  For every pair of seats held by *different* entrants: the
    higher return wins (score 1 or 0); equal non-zero returns (a shared win or
    a draw) are a tie (0.5); two losers (both 0) tell nothing and are skipped.
    """
    out = []
    for i in range(len(seats)):
        for j in range(i + 1, len(seats)):
            a, b = seats[i], seats[j]
            if a == b:
                continue
            ra, rb = float(returns[i]), float(returns[j])
            if ra == rb:
                if ra == 0.0:
                    continue
                score = 0.5
            else:
                score = 1.0 if ra > rb else 0.0
            if a > b:
                a, b, score = b, a, 1.0 - score
            out.append((a, b, score))
    return out


@dataclass
class Ratings:
    """Bradley–Terry fit: per entrant, rating and standard error on the Elo scale."""

    ratings: list[float]
    errors: list[float]
    log_strengths: list[float]
    iterations: int

    def interval(self, i: int, z: float = Z95) -> tuple[float, float]:
        """Rating interval of entrant ``i`` (95 % by default)."""
        return self.ratings[i] - z * self.errors[i], self.ratings[i] + z * self.errors[i]


def bradley_terry(
    n_entrants: int,
    comparisons: list[tuple[int, int, float]],
    prior_games: float = 1.0,
    tol: float = 1e-10,
    max_iter: int = 10_000,
) -> Ratings:
    """Fit Bradley–Terry strengths to pairwise ``comparisons`` ``(a, b, score_of_a)``.

    P(a beats b) = p_a / (p_a + p_b).  Ties count half a win to each side.
    Every entrant also gets ``prior_games`` virtual wins and as many losses
    against a fixed reference of strength 1: a weak prior that keeps a
    perfect record finite and the fit defined when the comparison graph is
    not connected.  The ratings are centred on :data:`ELO_BASE`; standard
    errors come from the inverse Fisher information (including the prior),
    propagated through the centring.
    """
    cells: dict[tuple[int, int], list[float]] = {}
    for a, b, s in comparisons:
        if not (0 <= a < n_entrants and 0 <= b < n_entrants) or a == b:
            raise ValueError(f"bad comparison {(a, b, s)} for {n_entrants} entrants")
        cell = cells.setdefault((a, b), [0, 0.0])
        cell[0] += 1
        cell[1] += s
    return bradley_terry_counts(n_entrants, cells, prior_games, tol, max_iter)


def bradley_terry_counts(
    n_entrants: int,
    cells: Mapping[tuple[int, int], Sequence[float]],
    prior_games: float = 1.0,
    tol: float = 1e-10,
    max_iter: int = 10_000,
) -> Ratings:
    """:func:`bradley_terry` from aggregated comparisons: ``cells[(a, b)] = (count, score_of_a)``."""
    k = n_entrants
    if k <= 0:
        return Ratings([], [], [], 0)
    wins = [0.0] * k
    games = [[0.0] * k for _ in range(k)]
    for (a, b), (n, s) in cells.items():
        wins[a] += s
        wins[b] += n - s
        games[a][b] += n
        games[b][a] += n
    # Hunter's MM update; the reference player has strength 1.
    p = [1.0] * k
    iterations = 0
    for iterations in range(1, max_iter + 1):  # noqa: B007 (reported)
        new = []
        for i in range(k):
            denom = 2.0 * prior_games / (p[i] + 1.0)
            for j in range(k):
                if games[i][j]:
                    denom += games[i][j] / (p[i] + p[j])
            num = wins[i] + prior_games
            new.append(num / denom if denom > 0 and num > 0 else p[i])
        if prior_games <= 0:  # without the reference only ratios are defined: fix the scale
            g = math.exp(sum(math.log(x) for x in new) / k)
            new = [x / g for x in new]
        change = max(abs(math.log(new[i]) - math.log(p[i])) for i in range(k))
        p = new
        if change < tol:
            break
    theta = [math.log(x) for x in p]
    # Fisher information of theta (log-strengths).
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        q = p[i] / (p[i] + 1.0)
        info[i][i] += 2.0 * prior_games * q * (1.0 - q)
        for j in range(k):
            if i != j and games[i][j]:
                pij = p[i] / (p[i] + p[j])
                w = games[i][j] * pij * (1.0 - pij)
                info[i][i] += w
                info[i][j] -= w
    if prior_games > 0:
        cov = _invert(info)
        # Centre: theta_c = C theta with C = I - J/k; cov_c = C cov C^T.
        row_mean = [sum(cov[i]) / k for i in range(k)]
        total_mean = sum(row_mean) / k
        var_c = [cov[i][i] - 2.0 * row_mean[i] + total_mean for i in range(k)]
    else:
        # info is singular along (1, ..., 1); its pseudo-inverse is the centred
        # covariance: pinv(I) = inv(I + J/k) - J/k (comparison graph connected).
        try:
            cov = _invert([[info[i][j] + 1.0 / k for j in range(k)] for i in range(k)])
            var_c = [cov[i][i] - 1.0 / k for i in range(k)]
        except ValueError:
            var_c = [math.inf] * k
    mean_theta = sum(theta) / k
    ratings = [ELO_BASE + ELO_SCALE * (t - mean_theta) for t in theta]
    errors = [ELO_SCALE * math.sqrt(max(v, 0.0)) for v in var_c]  # inf stays inf
    return Ratings(ratings, errors, theta, iterations)


def _invert(m: list[list[float]]) -> list[list[float]]:
    """Inverse of a small positive-definite matrix (Gauss–Jordan with pivoting)."""
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-300:
            raise ValueError("singular information matrix")
        a[col], a[pivot] = a[pivot], a[col]
        pv = a[col][col]
        a[col] = [x / pv for x in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [row[n:] for row in a]


def elo_ratings(
    n_entrants: int, comparisons: list[tuple[int, int, float]], k_factor: float = 16.0
) -> list[float]:
    """Sequential Elo over ``comparisons`` in the given order, starting at :data:`ELO_BASE`."""
    r = [ELO_BASE] * n_entrants
    for a, b, s in comparisons:
        expected = 1.0 / (1.0 + 10.0 ** ((r[b] - r[a]) / 400.0))
        r[a] += k_factor * (s - expected)
        r[b] -= k_factor * (s - expected)
    return r
