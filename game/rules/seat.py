"""A player's seat at the table: the only thing a bot ever receives.

A :class:`Seat` exposes what its player may know and do: ``view()``,
``legal_actions()`` and ``determinize(rng)``.  It never hands out the real
state, so an agent cannot peek at hidden cards by construction.

A bot in another process gets a :class:`SeatSample` (``seat.sample(rng)``): the player, one
determinization and the seat's own history of views as JSON text, so that process never even
holds the real hidden cards, the game's seed or its random source.  ``sample.seat()`` seats the
bot there: the same view, legal actions, determinizations and history as the real seat (every
engine's ``determinize`` depends only on what the player knows).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple

from .core import AnyState, state_from_json
from .rng import RandomSource


class Witnessed(NamedTuple):
    """A decision as a seat saw it coming: ``actor`` was to decide, and ``view`` was the seat's own
    view just before (what ``actor`` did shows in the next entry's view, or in the seat's view now)."""

    actor: int
    view: Any


class Seat:
    """Player ``player``'s seat at the game ``state`` (any game: views and actions are the game's).

    The game loop may call :meth:`witness` before each decision, so that the seat keeps its own
    views of the game so far (:attr:`history`: the public history as this player saw it, which
    beliefs about the opponents' hidden cards read)."""

    __slots__ = ("__state", "_history", "player")

    def __init__(self, state: AnyState, player: int, history: Sequence[Witnessed] = ()) -> None:
        self.__state = state
        self.player = player
        self._history: list[Witnessed] = list(history)

    @property
    def history(self) -> tuple[Witnessed, ...]:
        """This player's view before each decision witnessed so far, oldest first (empty if the
        game loop does not call :meth:`witness`)."""
        return tuple(self._history)

    def witness(self, actor: int) -> None:
        """Note that ``actor`` is about to decide: keeps this player's view of that moment."""
        self._history.append(Witnessed(actor, self.__state.view(self.player)))

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

    def sample(self, rng: RandomSource, with_history: bool = True) -> SeatSample:
        """What another process may receive of this seat: the player, ``determinize(rng)`` and (if
        ``with_history``) the seat's :attr:`history`, as canonical JSON text (equal bytes for equal
        samples and equal histories, whatever the real hidden cards are)."""
        text = _canonical(self.determinize(rng).to_json())
        history = ""
        if with_history and self._history:
            history = _canonical([[w.actor, w.view] for w in self._history])
        return SeatSample(self.player, text, history)


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class SeatSample(NamedTuple):
    """A seat as it crosses to a bot's process: ``player``; ``state``, the JSON text of a full
    state drawn by :meth:`Seat.determinize`, which holds no real hidden card, seed or random
    source; and ``history``, the JSON text of the seat's :attr:`Seat.history` (its own views
    before each decision, ``[[actor, view], ...]``; ``""`` when it has none)."""

    player: int
    state: str
    history: str = ""

    def seat(self) -> Seat:
        """The seat at the sampled state: the same view, legal actions, determinizations and history
        as the seat it was drawn from (``ValueError`` if the text is no saved state)."""
        history = (
            [Witnessed(int(actor), view) for actor, view in json.loads(self.history)] if self.history else []
        )
        return Seat(state_from_json(json.loads(self.state)), self.player, history)
