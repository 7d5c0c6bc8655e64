"""Agents for Tabletop Trio: random, heuristic and information-set MCTS bots.

from ai import make_agent, play_game
agent = make_agent("mcts:level=normal", seed=3)
"""

from . import heuristic_agent, mcts  # noqa: E402,F401  (register the heuristic and mcts agents)
from .agents import AGENTS, Agent, RandomAgent, make_agent, parse_spec, register_agent
from .play import play_game

__all__ = ["AGENTS", "Agent", "RandomAgent", "make_agent", "parse_spec", "play_game", "register_agent"]
