"""Rules engines of Tabletop Trio: pure Python, no pygame, deterministic.

The public contract (see ``docs/engine-api.md``)::

    from game.rules import new_game, GAMES, IllegalAction
    state = new_game("hacktrick", players=2, seed=7)
"""

# Importing a game package registers it in GAMES, in this order: the order the games are listed
# and shown in (the game choice, `tabletop-trio games`).
from . import hacktrick  # noqa: F401, I001
from . import ratjack  # noqa: F401, I001
from . import hakkutsu  # noqa: F401, I001
from .core import (
    GAMES,
    GameInfo,
    GameState,
    IllegalAction,
    Option,
    action_from_json,
    action_to_json,
    adopt_games,
    carry_games,
    events_for,
    game_info,
    new_game,
    register,
    state_from_json,
    unregister,
)
from .record import GameRecord, write_atomic
from .seat import Seat

__all__ = [
    "GAMES",
    "GameInfo",
    "GameRecord",
    "GameState",
    "IllegalAction",
    "Option",
    "Seat",
    "action_from_json",
    "action_to_json",
    "adopt_games",
    "carry_games",
    "events_for",
    "game_info",
    "new_game",
    "register",
    "state_from_json",
    "unregister",
    "write_atomic",
]
