"""Small statistics helpers for match results (arena, tournaments, benchmarks)."""

from __future__ import annotations

from math import sqrt

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a win rate of ``wins`` out of ``n`` (95% by default).

    ``wins`` may be fractional (shared wins count 1/k).  ``n == 0`` gives ``(0.0, 1.0)``.
    """
    if n < 0 or wins < 0 or wins > n:
        raise ValueError(f"need 0 <= wins <= n, got wins={wins}, n={n}")
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean of ``values`` and its normal-approximation 95% interval: ``(mean, low, high)``."""
    n = len(values)
    if n == 0:
        raise ValueError("mean_interval needs at least one value")
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * sqrt(var / n)
    return (mean, mean - half, mean + half)


def format_rate(wins: float, n: int) -> str:
    """``"73.5% [67.0, 79.1]"``: a win rate with its Wilson 95% interval."""
    lo, hi = wilson_interval(wins, n)
    rate = wins / n if n else 0.0
    return f"{rate * 100:5.1f}% [{lo * 100:4.1f}, {hi * 100:4.1f}]"
