"""A player's seat at the table: the only thing a bot ever receives.

A :class:`Seat` exposes what its player may know and do: ``view()``,
``legal_actions()`` and ``determinize(rng)``.  It never hands out the real
state, so an agent cannot peek at hidden cards by construction.
"""

from __future__ import annotations

from typing import Any

from .core import AnyState
from .rng import RandomSource


class Seat:
    """Player ``player``'s seat at the game ``state`` (any game: views and actions are the game's)."""

    __slots__ = ("__state", "player")

    def __init__(self, state: AnyState, player: int) -> None:
        self.__state = state
        self.player = player

    @property
    def game(self) -> str:
        return self.__state.game

    @property
    def num_players(self) -> int:
        return self.__state.num_players

    @property
    def is_my_turn(self) -> bool:
        return self.__state.current_player == self.player

    def view(self) -> Any:
        """This player's view (the game's view type)."""
        return self.__state.view(self.player)

    def legal_actions(self) -> list[Any]:
        """This player's legal actions (empty when it is not their turn)."""
        if self.__state.current_player != self.player:
            return []
        return self.__state.legal_actions()

    def determinize(self, rng: RandomSource) -> AnyState:
        """A full state consistent with everything this player knows."""
        return self.__state.determinize(self.player, rng)
