"""Playing whole games between agents."""

from __future__ import annotations

import time

from game.rules import GameRecord, Seat, new_game

from .agents import make_agent


def play_game(game: str, agents: list, seed: int | None = None, *, on_action=None,
              **options) -> GameRecord:
    """Play one game; ``agents`` are specs or agent objects, one per seat.

    Agent ``i`` gets seed ``seed * 1000 + i`` so that games are reproducible.
    Returns the finished :class:`GameRecord` (``record.returns`` is filled in).
    """
    players = len(agents)
    state = new_game(game, players=players, seed=seed, **options)
    base = state.seed
    bots = [make_agent(a, seed=(base * 1000 + i) % (1 << 63)) if isinstance(a, str) else a
            for i, a in enumerate(agents)]
    record = GameRecord(game, players, _resolved(game, options), state.seed)
    seats = [Seat(state, p) for p in range(players)]
    start = time.perf_counter()
    while not state.is_terminal:
        p = state.current_player
        action = bots[p].choose(seats[p])
        state.apply(action)
        record.actions.append(action)
        if on_action is not None:
            on_action(state, action)
    record.returns = state.returns()
    record.meta = {"agents": [getattr(b, "spec", str(b)) for b in bots],
                   "scores": list(state.scores), "duration": time.perf_counter() - start}
    return record


def _resolved(game: str, options: dict) -> dict:
    from game.rules import GAMES

    return GAMES[game].resolve_options(options)
