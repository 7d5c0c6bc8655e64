"""Rule-based knowledge per game, one module per game: ``ai.heuristics.<game>``.

Each module provides

* ``choose(view: dict, legal: list, rng: random.Random) -> action`` – a sensible
  greedy move from what the player can see (the ``heuristic`` agent);
* ``evaluate(state, player: int) -> float`` – an estimate in [0, 1] of
  ``player``'s chance to win from a full (determinized) state, for MCTS.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def heuristics_for(game: str) -> ModuleType:
    """The heuristics module of ``game``; ``ValueError`` if it has none."""
    try:
        return importlib.import_module(f"{__name__}.{game}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{game}":
            raise ValueError(f"no heuristics for game {game!r}") from None
        raise
