"""The ``heuristic`` agent: each game's rule-based greedy player.

It delegates to ``ai.heuristics.<game>.choose(view, legal, rng)`` and, like
every agent, sees only the :class:`game.rules.Seat`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .agents import Agent, OptionValue, register_agent
from .heuristics import heuristics_for

if TYPE_CHECKING:
    from game.rules import Seat
    from game.rules.core import GameAction


@register_agent("heuristic")
class HeuristicAgent(Agent):
    """A sensible greedy player per game (the baseline a beginner would recognise)."""

    def __init__(self, seed: int | None = None, **options: OptionValue) -> None:
        if options:
            raise ValueError(f"the heuristic agent takes no options, got {sorted(options)}")
        self.rng = random.Random(seed)
        self.spec = "heuristic"

    def choose(self, seat: Seat) -> GameAction:
        legal: list[GameAction] = seat.legal_actions()
        if not legal:
            raise ValueError(f"player {seat.player} has no decision to make now")
        if len(legal) == 1:
            return legal[0]
        module = heuristics_for(seat.game)
        action: GameAction = module.choose(seat.view(), legal, self.rng)
        if action not in legal:
            raise ValueError(f"{seat.game} heuristic chose {action}, which is not legal")
        return action
