"""Who can sit at a seat: a human or a bot, and how each choice is named on screen."""

from __future__ import annotations

from .i18n import t


def seat_choices() -> list[tuple[str, str]]:
    """(i18n key, seat spec) for every seat kind whose agent is registered."""
    from ai import AGENTS

    out = [("seat.human", "human")]
    if "mcts" in AGENTS:
        out += [("seat.mcts_easy", "mcts:level=easy"), ("seat.mcts_normal", "mcts:level=normal"),
                ("seat.mcts_hard", "mcts:level=hard")]
    if "heuristic" in AGENTS:
        out.append(("seat.heuristic", "heuristic"))
    out.append(("seat.random", "random"))
    return out


def default_bot() -> str:
    from ai import AGENTS

    for spec in ("mcts:level=normal", "heuristic", "random"):
        if spec.split(":")[0] in AGENTS:
            return spec
    return "random"


def seat_label(spec: str) -> str:
    for key, s in seat_choices():
        if s == spec:
            return t(key)
    return spec
