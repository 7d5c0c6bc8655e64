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


def anchors_at_each_step(app, table, on_step=None) -> dict[str, list]:
    """Play the lesson on ``table`` (autoplay) to its last step; the rects of each step's anchor, read
    once the step stands still (``on_step(step)`` is called then too)."""
    guide = table.guide
    seen: dict[str, list] = {}
    for _ in range(20000):
        step = guide.step
        if step.kind == "finish":
            break
        if step.at and not table.timeline.busy and step.id not in seen:
            seen[step.id] = table.tutorial_anchor(step.at)
            if on_step is not None:
                on_step(step)
        app.step(1 / 30)
    return seen
