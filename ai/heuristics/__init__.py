"""Rule-based knowledge per game, one module per game: ``ai.heuristics.<game>`` (or the module a
game's ``GameInfo.bots_module`` names).

Each module implements the :class:`GameHooks` protocol below (every hook is
optional for MCTS, which falls back to random rollouts played to the end):

* ``choose(view, legal, rng) -> action`` – a sensible greedy move from what the
  player can see (the ``heuristic`` agent);
* ``rollout_policy(state, legal, rng) -> action`` – a cheap move for MCTS
  rollouts in a determinized state (``mcts:rollout=policy``);
* ``evaluate(state, player) -> float`` – an estimate in [0, 1] of ``player``'s
  chance to win from a full (determinized) state, where MCTS cuts a rollout;
* ``first_player(state) -> int`` – the game's start player in a new game (the
  player who takes the first decision of play), for the start player's win
  rate in match statistics (:func:`ai.play.first_player`).
* ``observation(state, action) -> hashable | None`` – what ``action`` (just
  applied to ``state``) showed every player that a determinization may have
  chosen differently (Hakkutsu Treasure: the rock a move turned face up); MCTS
  keeps the decisions after the move apart per outcome.
* ``MCTS`` (:class:`MCTSTuning`) – the search's tuning; ``REVIEW`` (:class:`ReviewTuning`) – the
  game review's budget and grading thresholds.
* ``opponent_model(state, player, rng, weight) -> None`` – makes a determinization
  of ``player``'s search more like real opponents, in place, moving only cards
  ``player`` cannot see (Ratjack: opponents keep a finishing card); used at
  ``mcts:opponents=W`` (the game's ``MCTS["opponents"]`` by player count).
* ``belief_evidence(view, history, temperature) -> dict[int, list[Evidence]]`` – per opponent
  (its player index), one likelihood function of a sampled world per informative decision of that
  opponent in the seat's own ``history`` (its views before each decision,
  :attr:`game.rules.Seat.history`), each reading only that opponent's hidden cards;
  ``mcts:beliefs=1`` weights the worlds by their product (:mod:`ai.beliefs`). No hook, or no
  likelihood: no evidence, uniform worlds.
* ``hidden_facts(state, player) -> list[tuple[str, Callable[[state], Hashable]]]`` – what
  ``player`` does not know of the opponents' hidden cards in the true ``state``, each fact a
  label (``"hand"``, ``"museum"``…) and a reader: a world *holds* the fact when
  ``reader(world) == reader(state)``. Read only by ``tools.belief_diagnostic``, which scores
  the bot's sampled worlds against the true state (the bot never calls it).
* ``belief_redraw(world, player, rng, opponent) -> state`` – a copy of the sampled ``world`` (a
  determinization of ``player``'s) with only ``opponent``'s hidden cards that the game's evidence
  reads dealt again from the pool ``determinize`` deals them from, every card ``player`` knows and
  every other opponent's card where it is (Hakkutsu!!: its museum and equipment cards; Ratjack:
  its unknown hand and face-down cards); :mod:`ai.beliefs` then draws the worlds opponent by
  opponent, a rejected opponent's cards dealt again with it. No hook: whole worlds are drawn and
  kept on the product of every opponent's evidence.

``ai/mcts.py`` (``MCTSAgent.search``) is where ``rollout_policy``,
``evaluate``, ``observation`` and ``opponent_model`` are used; ``ai/heuristic_agent.py``
uses ``choose``.  A game's hooks take its own state, action and view types (a
module stands for the protocol with those in place of ``AnyState`` and ``Any``).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Hashable, Sequence
from types import ModuleType
from typing import Any, Protocol, TypedDict

from game.rules.core import GAMES, AnyState
from game.rules.seat import Witnessed


class GameHooks(Protocol):
    """What a game's heuristics module offers the bots (see the module docstring).  ``Any`` stands
    for the game's own view and action types."""

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        """A greedy move from ``view`` among ``legal``."""

    def rollout_policy(self, state: AnyState, legal: list[Any], rng: random.Random) -> Any:
        """A cheap rollout move in a full (determinized) ``state``."""

    def evaluate(self, state: AnyState, player: int) -> float:
        """``player``'s chance to win from ``state``, in [0, 1]."""

    def first_player(self, state: AnyState) -> int:
        """The start player of the new game ``state``."""

    def observation(self, state: AnyState, action: Any) -> Hashable | None:
        """What ``action``, just applied to ``state``, showed every player (``None``: nothing)."""

    def opponent_model(self, state: AnyState, player: int, rng: random.Random, weight: float) -> None:
        """Make the determinization ``state`` of ``player``'s search more like real opponents (in
        place, with probability ``weight`` per opponent), moving only cards ``player`` cannot see."""

    def belief_evidence(
        self, view: Any, history: Sequence[Witnessed], temperature: float
    ) -> dict[int, list[Callable[[AnyState], float]]]:
        """Per opponent, how likely a world makes each informative decision it was seen to make in
        ``history`` (the seat's views before each decision; ``view``: its view now), under a softmax
        over the game's move scores at ``temperature``, each reading only that opponent's hidden
        cards; ``{}``: no evidence (uniform worlds)."""

    def hidden_facts(self, state: AnyState, player: int) -> list[tuple[str, Callable[[AnyState], Hashable]]]:
        """What ``player`` does not know of the opponents' hidden cards in ``state``: a label and a
        reader per fact; a world holds the fact when the reader gives what it gives on ``state``."""

    def belief_redraw(self, world: AnyState, player: int, rng: random.Random, opponent: int) -> AnyState:
        """A copy of ``world`` (a determinization of ``player``'s) with only ``opponent``'s hidden
        cards that the evidence reads dealt again, every other card where it is."""


class MCTSTuning(TypedDict, total=False):
    """A game's MCTS tuning, its heuristics module's ``MCTS`` (read by :func:`ai.mcts.game_tuning`)."""

    #: Iterations per decision at ``level=normal``, by player count.
    normal_iterations: dict[int, int]
    #: ``"policy"`` or ``"random"``.
    rollout: str
    #: ``"hand"``, ``"game"`` or a number of rollout moves.
    horizon: str | int
    #: Progressive bias W (0: off).
    bias: float
    #: Opponent model weight W by player count (absent: off).
    opponents: dict[int, float]
    #: Whether searches weight their sampled worlds by beliefs (``mcts:beliefs=1``,
    #: :mod:`ai.beliefs`) unless told, by player count (absent: off).
    beliefs: dict[int, bool]


class ReviewTuning(TypedDict, total=False):
    """A game's game-review tuning, its heuristics module's ``REVIEW`` (read by :mod:`ai.review`;
    the defaults of a game without it or without a key: ``ai.review.game_review.DEFAULT_BUDGET``
    and ``ai.review.grading.LICHESS``)."""

    #: Search iterations per decision of a review when none is asked for.
    budget: int
    #: The smallest losses of the game's win chance (in [0, 1]) graded an inaccuracy, a mistake
    #: and a blunder, calibrated on bot games (``ai/README.md``, "Game review").
    game: tuple[float, float, float]
    #: The same for the chance to win the hand or round being played (games of several).
    hand: tuple[float, float, float]


def heuristics_for(game: str) -> ModuleType:
    """The heuristics module of ``game``: ``ai.heuristics.<game>``, or the module its ``GameInfo``
    names as ``bots_module`` (a game that lives elsewhere); ``ValueError`` if it has none."""
    info = GAMES.get(game)
    path = info.bots_module if info is not None and info.bots_module else f"{__name__}.{game}"
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name == path:
            raise ValueError(f"no heuristics for game {game!r}") from None
        raise
