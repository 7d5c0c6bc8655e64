"""Rules engines of Tabletop Trio: pure Python, no pygame, deterministic.

The public contract (see ``docs/engine-api.md``)::

    from game.rules import new_game, GAMES, IllegalAction
    state = new_game("hacktrick", players=2, seed=7)
"""

import importlib as _importlib
import pkgutil as _pkgutil

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

# Every game package here registers its GameInfo when it is imported: all of them are, so adding a
# game edits nothing here.  GAMES lists them in their GameInfo's ``order`` (the game choice,
# `tabletop-trio games`).
for _package in _pkgutil.iter_modules(__path__):
    if _package.ispkg:
        _importlib.import_module(f"{__name__}.{_package.name}")
