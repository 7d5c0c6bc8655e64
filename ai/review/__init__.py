"""Game review and hints' analysis (``tabletop-trio review``, the replay's analysis, the table's hints).

* :mod:`.search` - the searches from a player's seat: the hints' :func:`analyse_seat` and the
  review's :func:`judge` (candidates on common sampled worlds);
* :mod:`.grading` - lichess's accuracy, the grades and their thresholds per game (each game's
  budget and thresholds are in its bot module's ``REVIEW``, :class:`ai.heuristics.ReviewTuning`);
* :mod:`.game_review` - a whole game: :func:`review_record`, :class:`Review` (``review.json``)
  with each player's accuracy, grades and the critical moment of each hand or round.
"""

from .game_review import (
    DEFAULT_BUDGET,
    FORMAT,
    Critical,
    Decision,
    Review,
    Section,
    action_of,
    decision_indices,
    default_budget,
    judge_decision,
    record_digest,
    review_record,
    sections_of,
)
from .grading import GRADES, game_accuracy, move_accuracy, thresholds_for
from .search import PRIOR_VISITS, SeatAnalysis, Verdict, analyse_seat, analyse_with, judge, shrunk_value

__all__ = [
    "DEFAULT_BUDGET",
    "FORMAT",
    "GRADES",
    "PRIOR_VISITS",
    "Critical",
    "Decision",
    "Review",
    "SeatAnalysis",
    "Section",
    "Verdict",
    "action_of",
    "analyse_seat",
    "analyse_with",
    "decision_indices",
    "default_budget",
    "game_accuracy",
    "judge",
    "judge_decision",
    "move_accuracy",
    "record_digest",
    "review_record",
    "sections_of",
    "shrunk_value",
    "thresholds_for",
]
