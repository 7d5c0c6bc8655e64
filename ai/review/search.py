"""The review's search: what a decision was worth, from the deciding player's own seat.

Two steps per decision (:func:`judge`):

1. an ISMCTS search (the ``mcts`` bot's, half the decision's budget) ranks the moves;
2. the two moves it likes best and the move actually played are then each played on the **same
   sampled worlds** (common random numbers): world ``i`` is the same determinization, the same
   opponent-model draw and the same first rollout numbers for every candidate, and after the
   candidate the game goes on with a search tree of its own (as the bot would think it through).
   The values compared are therefore paired, and the noise of the worlds cancels out of the
   difference between the move played and the best one.

Every world ends where the bots' rollouts end (the game's ``evaluate`` at the end of the hand or
round, or after a number of moves) and gives two values for the player: the **game** value
(their chance to win the game) and, in a game of several hands or rounds, the **hand** value:
1 if the hand/round ended with them scoring, 0 if another player did (shared if several did).

Only the :class:`~game.rules.Seat` is used: the review cannot depend on hidden cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.rules import Seat
from game.rules.core import GameAction
from game.rules.rng import Rng

from ..mcts import MCTSAgent, best_action, evaluate_vector, game_tuning, view_digest
from ..tree import Node

#: The moves of the first search's ranking (most visited first) judged on common worlds, besides
#: the move played.
CANDIDATES = 2


# ---------------------------------------------------------------------------- hints: one search
@dataclass(frozen=True)
class SeatAnalysis:
    """What a search from one player's seat found: the best move and every searched move's value."""

    player: int
    best: GameAction
    win_chance: float
    #: action -> (mean reward for ``player``, visits), for every root move the search tried
    values: dict[GameAction, tuple[float, int]]
    iterations: int

    def value_of(self, action: GameAction) -> float | None:
        """The searched value of ``action`` (``None`` if the search never tried it)."""
        entry = self.values.get(action)
        return entry[0] if entry else None


def analyse_seat(seat: Seat, iterations: int, seed: int = 0) -> SeatAnalysis:
    """Search ``seat``'s decision with ``iterations`` ISMCTS iterations (seeded: reproducible)."""
    return analyse_with(MCTSAgent(seed=seed, iterations=iterations), seat)


def analyse_with(agent: Any, seat: Seat) -> SeatAnalysis:
    """Search ``seat``'s decision with ``agent`` (an ``mcts`` agent) and read the values off its tree.

    Only the seat is used (``view``, ``legal_actions``, ``determinize``): the analysis cannot
    depend on anything the player does not know.  A forced move is not searched; its win chance
    is then unknown and reported as the neutral ``1 / players``.  (The client's hints use this.)
    """
    if not isinstance(agent, MCTSAgent):
        raise ValueError(f"an analysis needs an mcts agent, not {getattr(agent, 'spec', agent)!r}")
    legal = seat.legal_actions()
    if not legal:
        raise ValueError(f"player {seat.player} has no decision to make now")
    if len(legal) == 1:
        return SeatAnalysis(seat.player, legal[0], 1.0 / seat.num_players, {}, 0)
    root = agent.search(seat)
    best = best_action(root, legal)
    values = {a: (child.mean, child.visits) for a, child in root.children.items() if child.visits}
    win = values[best][0] if best in values else 1.0 / seat.num_players
    return SeatAnalysis(seat.player, best, clamp01(win), values, agent.last_iterations)


#: How many visits of the best move's value a searched move's mean is weighed with by
#: :func:`shrunk_value`: a move a search tried once and lost is not a certain loss.
PRIOR_VISITS = 5


def shrunk_value(result: SeatAnalysis, action: GameAction) -> float | None:
    """The value of ``action``: its mean over its visits and :data:`PRIOR_VISITS` visits at the
    decision's ``win_chance`` (``None`` if the search never tried it)."""
    entry = result.values.get(action)
    if not entry:
        return None
    mean, visits = entry
    return clamp01((mean * visits + result.win_chance * PRIOR_VISITS) / (visits + PRIOR_VISITS))


def clamp01(x: float) -> float:
    return min(1.0, max(0.0, float(x)))


# ---------------------------------------------------------------------------- the review: common worlds
@dataclass(frozen=True)
class MoveValue:
    """A candidate's mean values for the deciding player over the common worlds."""

    game: float
    hand: float | None  # None: a game without hands or rounds


@dataclass(frozen=True)
class Verdict:
    """What :func:`judge` found at one decision."""

    player: int
    #: the candidate with the best game value (ties: the first search's order) and that value
    best: GameAction
    win_chance: float
    #: the candidate with the best hand value and that value (``None``: no hands)
    hand_best: GameAction
    hand_win: float | None
    values: dict[GameAction, MoveValue]
    worlds: int
    iterations: int


def has_hands(game: str) -> bool:
    """A game of several hands or rounds: the bots' rollouts stop at the end of the hand."""
    return game_tuning(game).get("horizon") == "hand"


def judge(seat: Seat, played: GameAction, budget: int, seed: int = 0) -> Verdict:
    """Judge ``played`` at ``seat``'s decision with about ``budget`` iterations (module docstring)."""
    legal = seat.legal_actions()
    if len(legal) < 2:
        raise ValueError(f"player {seat.player} has no choice to make now")
    if played not in legal:
        raise ValueError(f"{played} is not a legal move of player {seat.player}")
    agent = MCTSAgent(seed=seed, iterations=max(1, budget // 2))
    root = agent.search(seat)
    ranked = sorted(
        (a for a in legal if a in root.children and root.children[a].visits),
        key=lambda a: (-root.children[a].visits, -root.children[a].mean),
    )
    candidates = list(dict.fromkeys([*ranked[:CANDIDATES], played]))
    worlds = max(1, (budget - agent.last_iterations) // len(candidates))
    hands = has_hands(seat.game)
    values = {a: _value_on_worlds(agent, seat, a, worlds, seed, hands) for a in candidates}
    best = max(candidates, key=lambda a: values[a].game)  # max keeps the first of equals
    if hands:
        hand_best = max(candidates, key=lambda a: values[a].hand or 0.0)
        hand_win = values[hand_best].hand
    else:
        hand_best, hand_win = best, None
    return Verdict(
        seat.player,
        best,
        values[best].game,
        hand_best,
        hand_win,
        values,
        worlds,
        agent.last_iterations + worlds * len(candidates),
    )


def _value_on_worlds(
    agent: MCTSAgent, seat: Seat, action: GameAction, worlds: int, seed: int, hands: bool
) -> MoveValue:
    """``action`` played in worlds ``0 .. worlds-1`` of ``seat`` (the same worlds for every
    action: each world's random numbers come from the seed, the view and its number only)."""
    plan = agent.playout_plan(seat.game, seat.num_players)
    me = seat.player
    digest = view_digest(seat.view())
    tree = Node()
    game_total = hand_total = 0.0
    for i in range(worlds):
        rng = random.Random(f"{seed}:{digest}:world{i}")
        state = seat.determinize(Rng(rng.getrandbits(64)))
        if plan.model is not None:
            plan.model(state, me, rng, plan.weight)
        start = state.scores
        state.apply(action)
        if state.is_terminal or (hands and state.scores != start):  # a hand it ended is the cut
            rewards = state.returns() if state.is_terminal else evaluate_vector(state, plan.evaluate)
        else:  # the game goes on as the bot would think it through, on a tree rooted after the candidate
            seen = plan.observe(state, action) if plan.observe is not None else None
            rewards = agent.iterate(tree.after(seen) if seen is not None else tree, state, rng, plan, me)
        game_total += float(rewards[me])
        if hands:
            hand_total += hand_result(start, state.scores, me)
    return MoveValue(clamp01(game_total / worlds), clamp01(hand_total / worlds) if hands else None)


def hand_result(start: tuple[int, ...], scores: tuple[int, ...], player: int) -> float:
    """``player``'s share of the hand that went from ``start`` scores to ``scores``: 1 if they alone
    scored, ``1/k`` if they and ``k-1`` others did, 0 if only others did; ``1/players`` if nobody
    has scored yet (a rollout cut before the hand's end)."""
    gained = [p for p in range(len(scores)) if scores[p] > start[p]]
    if not gained:
        return 1.0 / len(scores)
    return 1.0 / len(gained) if player in gained else 0.0
