"""Accuracy and grades of a game review, after lichess's (``lila``, ``modules/analyse``,
``AccuracyPercent.scala``; https://lichess.org/page/accuracy).

* A decision's **accuracy** (0-100) from the win percentage lost by the move played
  (``loss = 100 * (value of the best move - value of the move played)``)::

      accuracy = 103.1668 * exp(-0.04354 * loss) - 3.1669 + 1     (clamped to 0..100)

  lila's fitted curve, with its "+1 uncertainty bonus (due to imperfect analysis)"; no loss: 100.
* A player's **game accuracy**: the mean of a volatility-weighted mean and the harmonic mean of
  their decisions' accuracies.  As lila does, each decision is weighted by the standard deviation
  (clamped to 0.5..12) of the win percentages in a window around it (the window: a tenth of the
  decisions, 2 to 8, the first windows repeated so that every decision has one); here over the
  player's own win chances before their decisions (lila's series alternates the two colours).
  The harmonic mean punishes a few bad moves in a good game, the weighted mean counts the moves
  that mattered (a move in a lost cause weighs little).
* **Grades** by the loss: ``best`` (the move played was the best move found), ``good``,
  ``inaccuracy``, ``mistake``, ``blunder``, with thresholds per game (each game's bot module's
  ``REVIEW``, :func:`thresholds_for`),
  separately for the loss of the whole game's chance and of the hand's/round's; a decision's grade
  is the worse of the two.  The thresholds were calibrated on bot games (``ai/README.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import exp, sqrt

from ..heuristics import ReviewTuning, heuristics_for

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The grades that count as errors (the replay's jump points, the graph's markers).
ERRORS = ("inaccuracy", "mistake", "blunder")
#: A loss this small (in [0, 1]) is sampling noise: the move is as good as the best one found.
BEST_LOSS = 0.005


@dataclass(frozen=True)
class Thresholds:
    """The smallest losses (in [0, 1]) graded an inaccuracy, a mistake and a blunder."""

    inaccuracy: float
    mistake: float
    blunder: float

    def grade(self, loss: float, best: bool) -> str:
        """The grade of a move that lost ``loss``; ``best``: it was the best move found."""
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return "best" if best or loss <= BEST_LOSS else "good"

    def to_json(self) -> dict[str, float]:
        return {"inaccuracy": self.inaccuracy, "mistake": self.mistake, "blunder": self.blunder}


#: lila's own steps (win percentage lost: 10 / 20 / 30 on its -100..100 scale = 5 / 10 / 15%).
LICHESS = Thresholds(0.05, 0.10, 0.15)


def thresholds_for(game: str) -> tuple[Thresholds, Thresholds]:
    """``(game thresholds, hand thresholds)`` of ``game``: its heuristics module's ``REVIEW``
    (``"game"`` and ``"hand"``, :class:`ai.heuristics.ReviewTuning`, calibrated on bot games:
    ``ai/README.md``); :data:`LICHESS`'s steps for a game or a key without them."""
    tuning = review_tuning(game)
    game_t, hand_t = tuning.get("game"), tuning.get("hand")
    return (Thresholds(*game_t) if game_t else LICHESS, Thresholds(*hand_t) if hand_t else LICHESS)


def review_tuning(game: str) -> ReviewTuning:
    """``game``'s ``REVIEW`` tuning (empty for a game without bot hooks or without one)."""
    try:
        module = heuristics_for(game)
    except ValueError:
        return {}
    tuning: ReviewTuning | None = getattr(module, "REVIEW", None)
    return tuning if tuning is not None else {}


def worse(a: str, b: str) -> str:
    """The worse of two grades."""
    return a if GRADES.index(a) >= GRADES.index(b) else b


def move_accuracy(loss: float) -> float:
    """lila's accuracy (0-100) of a move that lost ``loss`` (in [0, 1]) of the player's win chance."""
    if loss <= 0:
        return 100.0
    raw = 103.1668100711649 * exp(-0.04354415386753951 * loss * 100) - 3.166924740191411 + 1
    return min(100.0, max(0.0, raw))


def _stdev(xs: Sequence[float]) -> float:
    mean = sum(xs) / len(xs)
    return sqrt(sum((x - mean) ** 2 for x in xs) / len(xs))


def volatility_weights(win_percents: Sequence[float]) -> list[float]:
    """One weight per decision: the standard deviation (0.5..12) of the win percentages (0-100)
    in the sliding window that ends at it (lila's windows: size ``n // 10`` within 2..8, the first
    window repeated for the decisions before it)."""
    n = len(win_percents)
    if n == 0:
        return []
    size = min(8, max(2, n // 10), n)
    windows = [list(win_percents[:size])] * (size - 1) + [
        list(win_percents[i : i + size]) for i in range(n - size + 1)
    ]
    return [min(12.0, max(0.5, _stdev(w))) for w in windows[:n]]


def harmonic_mean(xs: Sequence[float]) -> float:
    """The harmonic mean (0 if any value is 0, as lila's gives)."""
    if any(x <= 0 for x in xs):
        return 0.0
    return len(xs) / sum(1.0 / x for x in xs)


def game_accuracy(win_chances: Sequence[float], accuracies: Sequence[float]) -> float | None:
    """A player's accuracy over a game (module docstring): ``win_chances`` (0..1) before each of
    their decisions and those decisions' accuracies; ``None`` without decisions."""
    if not accuracies:
        return None
    weights = volatility_weights([100.0 * w for w in win_chances])
    weighted = sum(a * w for a, w in zip(accuracies, weights, strict=True)) / sum(weights)
    return (weighted + harmonic_mean(accuracies)) / 2
