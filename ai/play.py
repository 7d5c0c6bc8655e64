"""Playing whole games between agents."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from game.rules import GameRecord, Seat, new_game

from .agents import Chooser, make_agent

if TYPE_CHECKING:
    from game.rules.core import AnyState, GameAction, Options

#: Most actions a bot game may take before :func:`play_game` gives up on it (real games take
#: 50-300): agents that never let a game end must not hang a tournament forever.
MAX_GAME_ACTIONS = 20_000


class GameStalled(RuntimeError):
    """A game did not end within its action limit (:data:`MAX_GAME_ACTIONS`)."""


def play_game(
    game: str,
    agents: Sequence[str | Chooser],
    seed: int | None = None,
    *,
    on_action: Callable[[AnyState, GameAction], object] | None = None,
    max_actions: int = MAX_GAME_ACTIONS,
    game_options: Mapping[str, object] | None = None,
    **options: object,
) -> GameRecord:
    """Play one game; ``agents`` are specs or agent objects, one per seat.

    The game's options are ``game_options`` (as a match or a tournament task holds them) and
    the keyword ``options``, e.g. ``play_game("hacktrick", agents, target=3)``.

    Raises :class:`GameStalled` when the game has not ended after ``max_actions`` actions
    (a tournament records it as a failed game).

    Agent ``i`` gets seed ``seed * 1000 + i`` so that games are reproducible.
    Returns the finished :class:`GameRecord` (``record.returns`` is filled in;
    ``record.meta`` holds the agents' specs, the scores, the duration and the
    ``first_player``, see :func:`first_player`).
    """
    players = len(agents)
    options = {**(game_options or {}), **options}
    state = new_game(game, players=players, seed=seed, **options)
    base = state.seed
    bots: list[Chooser] = [
        make_agent(a, seed=(base * 1000 + i) % (1 << 63)) if isinstance(a, str) else a
        for i, a in enumerate(agents)
    ]
    record = GameRecord(game, players, _resolved(game, options), state.seed)
    seats = [Seat(state, p) for p in range(players)]
    starter = first_player(state)
    start = time.perf_counter()
    while (p := state.current_player) is not None:  # None: the game is over
        if len(record.actions) >= max_actions:
            raise GameStalled(
                f"the {game} game (seed {state.seed}) did not end within {max_actions} "
                "actions: the agents may be stalling"
            )
        for seat in seats:
            seat.witness(p)
        action = bots[p].choose(seats[p])
        state.apply(action)
        record.actions.append(action)
        if on_action is not None:
            on_action(state, action)
    record.returns = state.returns()
    record.meta = {
        "agents": [getattr(b, "spec", str(b)) for b in bots],
        "scores": list(state.scores),
        "duration": time.perf_counter() - start,
        "first_player": starter,
    }
    return record


def first_player(state: AnyState) -> int:
    """The start player of the new game ``state``: who takes the game's first decision of play.

    Asked of the game's heuristics module (``first_player`` hook: Hacktrick's first dealer,
    Ratjack's first-round start player, Hakkutsu!!'s start player of round 1, after the
    set-up); a game without the hook counts the player to move first.
    """
    from .heuristics import heuristics_for

    try:
        hook = getattr(heuristics_for(state.game), "first_player", None)
    except ValueError:
        hook = None
    if hook is not None:
        return int(hook(state))
    player = state.current_player
    if player is None:
        raise ValueError("a finished game has no start player")
    return int(player)


def record_first_player(record: GameRecord) -> int:
    """The start player of a finished game: from its meta, or from a new game of its settings."""
    starter = (record.meta or {}).get("first_player")
    if isinstance(starter, int) and not isinstance(starter, bool) and 0 <= starter < record.players:
        return starter
    return first_player(new_game(record.game, players=record.players, seed=record.seed, **record.options))


def _resolved(game: str, options: dict[str, object]) -> Options:
    from game.rules import GAMES

    return GAMES[game].resolve_options(options)
