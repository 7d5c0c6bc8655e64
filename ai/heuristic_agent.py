"""The ``heuristic`` agent: each game's rule-based greedy player.

It delegates to ``ai.heuristics.<game>.choose(view, legal, rng)`` and, like
every agent, sees only the :class:`game.rules.Seat`.
"""

from __future__ import annotations

import random

from .agents import Agent, register_agent
from .heuristics import heuristics_for


@register_agent("heuristic")
class HeuristicAgent(Agent):
    """A sensible greedy player per game (the baseline a beginner would recognise)."""

    def __init__(self, seed: int | None = None, **options) -> None:
        if options:
            raise ValueError(f"the heuristic agent takes no options, got {sorted(options)}")
        self.rng = random.Random(seed)
        self.spec = "heuristic"

    def choose(self, seat):
        legal = seat.legal_actions()
        if not legal:
            raise ValueError(f"player {seat.player} has no decision to make now")
        if len(legal) == 1:
            return legal[0]
        module = heuristics_for(seat.game)
        action = module.choose(seat.view(), legal, self.rng)
        if action not in legal:
            raise ValueError(f"{seat.game} heuristic chose {action}, which is not legal")
        return action
