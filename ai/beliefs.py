"""Beliefs about the cards a player cannot see, from what the opponents were seen to do (issue 35).

The search's sampled worlds (``seat.determinize``) respect the hard facts: every card the player
knows is where it is, the others are shuffled among the places they could be.  Real opponents
leave soft evidence too: a player who put a card face down and kept the other probably kept the
lower one.  Here each sampled world gets a **weight**, the likelihood of the opponents' observed
decisions in that world under an opponent model (Buro et al. 2009's inference for Skat; Solinas,
Rebstock & Buro 2019): a softmax over the game's heuristic move scores at temperature ``T``,
mixed with a uniform floor (players are not the heuristic), evaluated at each informative
decision of an opponent with what that opponent knew there in that world.

Where the evidence comes from: the seat's own :attr:`game.rules.Seat.history` (its view before
every decision, which the game loop records with :meth:`game.rules.Seat.witness`), never the true
state.  Each game turns that history into :data:`Evidence`, one likelihood function of a world
per informative decision, with its heuristics module's ``belief_evidence`` hook
(:class:`ai.heuristics.GameHooks`); a game without the hook, or a history with nothing
informative, gives no evidence: the worlds stay uniform, as without beliefs.

The search draws its worlds from the weighted distribution by **rejection**
(:meth:`Beliefs.draw`): a world drawn as before is kept with probability ``weight / bound``
(``bound``: the largest weight seen in this decision so far, at least that of a few pilot
worlds), else another is drawn, at most :data:`MAX_TRIES` times (then the heaviest of the tries
is kept).  A game whose evidence reads only a few hidden cards may offer a cheaper way to draw
again (its heuristics module's ``belief_redraw`` hook, Hakkutsu!!: the opponents' museum and
equipment cards dealt again in the world drawn first): then only an iteration's first try is a
whole new world.  Likelihoods are cached per game-specific key (the cards the decision was
between), so a decision's evidence is computed a few dozen times, not once per iteration.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from math import exp
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import ModuleType

    from game.rules import Seat
    from game.rules.core import AnyState

#: How likely a world makes one observed decision (a number in (0, 1]).
Evidence = Callable[["AnyState"], float]
#: A world drawn again from another: the hidden cards the evidence reads dealt again as the
#: sampler deals them, the rest as it is (a new state; the one given is not changed).
Redraw = Callable[["AnyState", random.Random], "AnyState"]

#: Default softmax temperature, in the game's heuristic score units.
TEMPERATURE = 3.0
#: Share of the uniform floor in the opponent model: ``(1 - FLOOR) * softmax + FLOOR / moves``.
FLOOR = 0.1
#: Most worlds drawn for one iteration before the heaviest of them is kept.
MAX_TRIES = 12
#: Worlds drawn at the start of a decision to set the rejection bound.
PILOT = 8


def decision_probability(
    scores: Sequence[float], chosen: int, temperature: float, floor: float = FLOOR
) -> float:
    """The opponent model: the probability of the move ``chosen`` (an index of ``scores``) for a
    player whose move is a softmax over ``scores`` at ``temperature``, mixed with a uniform share
    ``floor``."""
    n = len(scores)
    if n <= 1:
        return 1.0
    top = max(scores)
    weights = [exp((s - top) / temperature) for s in scores]
    return (1.0 - floor) * weights[chosen] / sum(weights) + floor / n


class Beliefs:
    """The weighting of a decision's sampled worlds by ``evidence`` (see the module docstring)."""

    def __init__(self, evidence: Sequence[Evidence], redraw: Redraw | None = None) -> None:
        self.evidence = list(evidence)
        #: How a rejected world is drawn again (``None``: a new world from the sampler).
        self.redraw = redraw
        self.bound = 0.0
        #: Worlds drawn and worlds kept in this decision (for the measurements).
        self.drawn = 0
        self.kept = 0

    def weight(self, world: AnyState) -> float:
        """How likely ``world`` makes every observed decision (the product of the evidence)."""
        w = 1.0
        for likelihood in self.evidence:
            w *= likelihood(world)
        return w

    def draw(self, sample: Callable[[], AnyState], rng: random.Random) -> AnyState:
        """A world from ``sample`` (the prior) kept by rejection with probability ``weight / bound``;
        a rejected world is drawn again by :attr:`redraw` when there is one."""
        if not self.evidence:
            return sample()
        if self.bound == 0.0:
            self.bound = max(self.weight(sample()) for _ in range(PILOT))
        best: AnyState | None = None
        best_weight = -1.0
        world: AnyState | None = None
        for _ in range(MAX_TRIES):
            world = sample() if world is None or self.redraw is None else self.redraw(world, rng)
            self.drawn += 1
            w = self.weight(world)
            if w > self.bound:
                self.bound = w
            if rng.random() * self.bound < w:
                self.kept += 1
                return world
            if w > best_weight:
                best, best_weight = world, w
        assert best is not None
        return best


def beliefs_for(module: ModuleType | None, seat: Seat, temperature: float = TEMPERATURE) -> Beliefs | None:
    """The beliefs of ``seat`` from its game's ``belief_evidence`` hook and the seat's own history
    (with its ``belief_redraw`` hook, if any); ``None`` when the game has no hook or the history
    holds no evidence (uniform worlds)."""
    hook = getattr(module, "belief_evidence", None) if module is not None else None
    if hook is None:
        return None
    evidence: list[Evidence] = hook(seat.view(), seat.history, temperature)
    if not evidence:
        return None
    again = getattr(module, "belief_redraw", None)
    if again is None:
        return Beliefs(evidence)
    player = seat.player

    def redraw(world: AnyState, rng: random.Random) -> AnyState:
        redrawn: AnyState = again(world, player, rng)
        return redrawn

    return Beliefs(evidence, redraw)
