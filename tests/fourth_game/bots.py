"""High Card's bots (the :class:`ai.heuristics.GameHooks` of a game outside ``ai/heuristics``,
found through ``GameInfo.bots_module``): a greedy player, a rollout policy, a win-chance estimate,
the MCTS tuning and the review's."""

from __future__ import annotations

import random

from ai.heuristics import MCTSTuning, ReviewTuning

from .rules import HighCardState, HighCardView, Play

#: MCTS tuning (``ai.mcts.game_tuning``): small budgets, rollouts by the policy below to the end.
MCTS: MCTSTuning = {"normal_iterations": {2: 120, 3: 90}, "rollout": "policy", "horizon": "game"}
#: The game review's tuning (``ai.review``): a small budget, the grades' thresholds of the game's chance.
REVIEW: ReviewTuning = {"budget": 60, "game": (0.06, 0.12, 0.25)}


def _greedy(pile: list[list[int]], legal: list[Play]) -> Play:
    """Lead the highest card; follow with the lowest card that beats the pile, else the lowest card."""
    if not pile:
        return legal[-1]  # the legal actions are in the order of the cards
    best = max(card for _, card in pile)
    beating = [a for a in legal if a.card > best]
    return beating[0] if beating else legal[0]


def choose(view: HighCardView, legal: list[Play], rng: random.Random) -> Play:
    """The heuristic agent's move, from the view alone."""
    return _greedy(view["pile"], legal)


def rollout_policy(state: HighCardState, legal: list[Play], rng: random.Random) -> Play:
    """The greedy move most of the time, a random one now and then (rollouts must vary)."""
    return rng.choice(legal) if rng.random() < 0.25 else _greedy(state.pile, legal)


def evaluate(state: HighCardState, player: int) -> float:
    """``player``'s share of the tricks so far, one imagined trick each added (in [0, 1]); at the end,
    the result."""
    if state.is_terminal:
        return state.returns()[player]
    scores = state.scores
    return (scores[player] + 1.0) / (sum(scores) + state.num_players)


def first_player(state: HighCardState) -> int:
    """The leader of the first trick."""
    return state.player
