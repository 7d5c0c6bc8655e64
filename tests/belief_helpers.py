"""Shared by the beliefs tests of every game (issue 35)."""

from __future__ import annotations

from ai import make_agent
from ai.mcts import MCTSAgent
from game.rules import Seat


def searched_with_beliefs(seat: Seat, iterations: int, seed: int = 4) -> tuple[dict[object, int], int]:
    """A fresh ``mcts:beliefs=1`` search of ``seat``: the visits of the root's moves and the worlds
    the beliefs drew (two calls must give the same: the beliefs are deterministic with a seed)."""
    agent = make_agent(f"mcts:iterations={iterations},beliefs=1", seed=seed)
    assert isinstance(agent, MCTSAgent)
    agent.search(seat)
    assert agent.last_root is not None and agent.last_beliefs is not None
    return {a: c.visits for a, c in agent.last_root.children.items()}, agent.last_beliefs.drawn
