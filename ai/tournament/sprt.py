"""Statistics of duplicate deals between two agents: pentanomial counts, Elo, nElo, LOS and the SPRT.

Every deal of a two-player duplicate tournament is played twice, once in each
seat order.  Its *pair score* for the first agent is 0, ½, 1, 1½ or 2 points
(a shared win or a draw counts ½), and ``pentanomial[k]`` counts the pairs
that gave ``k / 2`` points.  The formulas are fishtest's (Stockfish's testing
framework, ``server/fishtest/stats``), rewritten without scipy:

* ``elo_summary`` – ``stat_util.get_elo``: per-game score ``mu`` and variance
  from the pentanomial, Elo ``-400·log10(1/mu - 1)``, its 95 % interval from
  ``mu ± 1.96·sd/√games`` (``sd/√games`` is the score's standard error) and LOS
  ``Phi((mu - ½)/(sd/√games))``; normalized Elo as
  ``template_helpers._nelo_pentanomial_details``: ``t = (m - ½)/sd`` over pair
  scores in [0, 1], ``nElo = 800/ln(10)/√2 · t``.  The same for a *trinomial*
  ``[losses, draws, wins]`` of single games (a plain two-agent match, as fishtest
  treats trinomial results): ``t`` over game scores, ``nElo = 800/ln(10) · t``.
* ``llr_logistic`` – ``LLRcalc.LLR_logistic``: the generalized log-likelihood
  ratio of score ``s1 = L(elo1)`` against ``s0 = L(elo0)``, each the maximum
  likelihood pentanomial distribution with that mean (the secular equation of
  ``MLE_expected``), summed over the pairs; empty cells get 1e-3 pairs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..stats import Z95

#: fishtest's ``nelo_divided_by_nt``: normalized Elo per unit of t-value.
NELO_PER_T = 800.0 / math.log(10.0)
#: fishtest's regularization of empty pentanomial cells.
EPSILON = 1e-3


def phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def logistic(elo: float) -> float:
    """Expected score at ``elo`` (``L`` in fishtest)."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def elo_of(score: float) -> float:
    """Elo of an expected score (clamped to [1e-3, 1 - 1e-3] as fishtest does)."""
    score = min(max(score, EPSILON), 1.0 - EPSILON)
    return -400.0 * math.log10(1.0 / score - 1.0)


def regularize(counts: list[float]) -> list[float]:
    """Empty cells get :data:`EPSILON` (fishtest's ``LLRcalc.regularize``)."""
    return [c if c else EPSILON for c in counts]


def _pdf(counts: list[float]) -> tuple[float, list[tuple[float, float]]]:
    counts = regularize(counts)
    n = sum(counts)
    k = len(counts)
    return n, [(i / (k - 1), c / n) for i, c in enumerate(counts)]


def _mean_var(pdf: list[tuple[float, float]]) -> tuple[float, float]:
    mean = sum(p * a for a, p in pdf)
    return mean, sum(p * (a - mean) ** 2 for a, p in pdf)


@dataclass
class PairStats:
    """Elo, normalized Elo and LOS of the first agent over ``pairs`` deal pairs."""

    pairs: int  # pairs counted (single games for a trinomial)
    score: float  # mean score per game
    score_se: float  # its standard error (sd of a game's score / sqrt(games), pairs' spread in it)
    elo: float
    elo_ci95: float  # half-width
    nelo: float
    nelo_ci95: float
    los: float

    def to_json(self) -> dict[str, float]:
        return {
            "pairs": self.pairs,
            "score": self.score,
            "score_se": self.score_se,
            "elo": self.elo,
            "elo_ci95": self.elo_ci95,
            "nelo": self.nelo,
            "nelo_ci95": self.nelo_ci95,
            "los": self.los,
        }


def elo_summary(counts: list[int]) -> PairStats | None:
    """:class:`PairStats` of a pentanomial over deal pairs, or of a trinomial ``[losses, draws,
    wins]`` over single games (``None`` when empty); ``pairs`` is the number of units counted."""
    units = sum(counts)
    if not units:
        return None
    if len(counts) not in (3, 5):
        raise ValueError(f"a trinomial or a pentanomial, not {len(counts)} counts")
    per_unit = (len(counts) - 1) // 2  # games in a unit: 1 (trinomial) or 2 (pentanomial)
    regular = regularize(list(counts))
    n = sum(regular)
    games = per_unit * n
    mu = sum(c * i / 2.0 for i, c in enumerate(regular)) / games
    var = sum(c * (i / 2.0 - per_unit * mu) ** 2 for i, c in enumerate(regular)) / games
    sd = math.sqrt(var)
    se = sd / math.sqrt(games)
    lo, hi = mu - Z95 * se, mu + Z95 * se
    los = phi((mu - 0.5) / se) if sd > 0 else (1.0 if mu > 0.5 else 0.0 if mu < 0.5 else 0.5)
    # normalized Elo from the unit scores in [0, 1] (fishtest's t_conf)
    _, pdf = _pdf(list(counts))
    m, v = _mean_var(pdf)
    s3 = sum(p * (a - m) ** 3 for a, p in pdf)
    s4 = sum(p * (a - m) ** 4 for a, p in pdf)
    skew, exkurt = s3 / v**1.5, s4 / v**2 - 3.0
    t = (m - 0.5) / math.sqrt(v)
    var_t = max(1.0 - t * skew + 0.25 * t * t * (exkurt + 2.0), 0.0)
    coeff = NELO_PER_T / math.sqrt(per_unit)
    return PairStats(
        pairs=units,
        score=mu,
        score_se=se,
        elo=elo_of(mu),
        elo_ci95=(elo_of(hi) - elo_of(lo)) / 2.0,
        nelo=coeff * t,
        nelo_ci95=coeff * Z95 * math.sqrt(var_t / n),
        los=los,
    )


def _secular(pdf: list[tuple[float, float]]) -> float:
    """The root x of sum p·a/(1 + x·a) = 0 (the support straddles 0); bisection to 1e-15."""
    lo = -1.0 / max(a for a, _ in pdf) + 1e-9
    hi = -1.0 / min(a for a, _ in pdf) - 1e-9

    def f(x: float) -> float:
        return sum(p * a / (1.0 + x * a) for a, p in pdf)

    for _ in range(200):  # f decreases in x
        mid = (lo + hi) / 2.0
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-15:
            break
    return (lo + hi) / 2.0


def _mle_expected(pdf: list[tuple[float, float]], s: float) -> list[float]:
    """Probabilities of the maximum-likelihood distribution on the support of ``pdf`` with mean ``s``."""
    x = _secular([(a - s, p) for a, p in pdf])
    return [p / (1.0 + x * (a - s)) for a, p in pdf]


def llr_logistic(elo0: float, elo1: float, pentanomial: list[int]) -> float:
    """fishtest's ``LLR_logistic(elo0, elo1, pentanomial)``."""
    if not sum(pentanomial):
        return 0.0
    n, pdf = _pdf(list(pentanomial))
    p0 = _mle_expected(pdf, logistic(elo0))
    p1 = _mle_expected(pdf, logistic(elo1))
    return n * sum(p * (math.log(b) - math.log(a)) for (_, p), a, b in zip(pdf, p0, p1, strict=True))


@dataclass
class SprtSettings:
    """``--sprt elo0=E0,elo1=E1[,alpha=A,beta=B]`` (logistic Elo of the first agent over the second)."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1.0 - self.beta) / self.alpha)

    def to_json(self) -> dict[str, float]:
        return {"elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta}

    def verdict(self, llr: float) -> str:
        """``"H1"`` above the upper bound, ``"H0"`` below the lower one, else ``"none"``."""
        return "H1" if llr >= self.upper else "H0" if llr <= self.lower else "none"

    def report(self, pentanomial: list[int]) -> dict[str, float | str]:
        """The ``results.json`` ``"sprt"`` object for these counts."""
        llr = llr_logistic(self.elo0, self.elo1, pentanomial)
        return {
            "llr": llr,
            "lower": self.lower,
            "upper": self.upper,
            "verdict": self.verdict(llr),
            **self.to_json(),
        }


def parse_sprt(text: str) -> SprtSettings:
    """Parse ``elo0=E0,elo1=E1[,alpha=A,beta=B]``; ``ValueError`` with one line for bad values."""
    values: dict[str, float] = {}
    for part in text.split(","):
        key, eq, value = part.strip().partition("=")
        key = key.strip()
        if not eq:
            raise ValueError(f"--sprt {text!r}: expected elo0=E0,elo1=E1[,alpha=A,beta=B]")
        if key not in ("elo0", "elo1", "alpha", "beta"):
            raise ValueError(f"--sprt: unknown key {key!r} (known: elo0, elo1, alpha, beta)")
        if key in values:
            raise ValueError(f"--sprt: {key} given twice")
        try:
            number = float(value)
        except ValueError:
            raise ValueError(f"--sprt: {key}={value.strip()!r} is not a number") from None
        if not math.isfinite(number):
            raise ValueError(f"--sprt: {key} must be a finite number, not {value.strip()}")
        values[key] = number
    for key in ("elo0", "elo1"):
        if key not in values:
            raise ValueError(f"--sprt: {key} is required (e.g. --sprt elo0=0,elo1=30)")
    settings = SprtSettings(**values)
    if settings.elo1 <= settings.elo0:
        raise ValueError(f"--sprt: elo1 ({settings.elo1:g}) must be greater than elo0 ({settings.elo0:g})")
    for key in ("alpha", "beta"):
        v = getattr(settings, key)
        if not 0.0 < v < 0.5:
            raise ValueError(f"--sprt: {key} must be between 0 and 0.5 (exclusive), not {v:g}")
    return settings
