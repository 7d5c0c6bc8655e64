"""Shared by the lessons' own tests: a lesson's line of play replayed with the engine alone."""

from __future__ import annotations

from game.client.tutorial import load
from game.client.tutorial.scenario import find_action


def learner_moves(game: str):
    """``(scenario, final state, mine, events)``: ``mine`` holds (phase, action, events) of each of the
    learner's decisions, ``events`` every event of the line."""
    scenario = load(game)
    state = scenario.new_state()
    mine, events = [], []
    for text in scenario.line():
        phase, player = state.phase, state.current_player
        action = find_action(state, text)
        ev = state.apply(action)
        events += ev
        if player == scenario.human:
            mine.append((phase, action, ev))
    return scenario, state, mine, events
