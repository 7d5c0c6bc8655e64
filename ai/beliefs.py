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
state.  Each game turns that history into :data:`OpponentEvidence`: per opponent, one likelihood
function of a world (:data:`Evidence`) per informative decision of that opponent, each reading
only that opponent's hidden cards, with its heuristics module's ``belief_evidence`` hook
(:class:`ai.heuristics.GameHooks`); a game without the hook, or a history with nothing
informative, gives no evidence: the worlds stay uniform, as without beliefs.

**How the worlds are drawn** (:meth:`Beliefs.draw`).  The target is the prior ``p(x)`` (the
sampler's worlds: ``determinize``, then the game's opponent model if the bot uses one) weighted by
the product of every opponent's likelihood, ``p(x) * prod_q L_q(x)``.

* With the game's per-opponent redraw (its heuristics module's ``belief_redraw(world, player,
  rng, opponent)`` hook: a copy of the world with only the hidden cards of ``opponent`` that the
  evidence reads dealt again from the pool the sampler deals them from, every other card where it
  is — Hakkutsu!!, Ratjack), **opponent by opponent**: a world is drawn from the prior; then for
  each opponent ``q`` with evidence in turn, ``q``'s cards are kept with probability
  ``L_q / bound_q`` (``bound_q``: the largest ``L_q`` seen in this decision so far, at least that
  of :data:`PILOT` worlds drawn first), else dealt again by the redraw, at most :data:`MAX_TRIES`
  times (then the heaviest of the tries is kept) — the cards of the opponents settled before stay;
  with ``sweeps`` above 1 (:data:`SWEEPS`), the pass over the opponents is made that many times.
  Every step but the first starts by dealing ``q``'s cards again (once another opponent's cards
  were chosen by its evidence, ``q``'s cards as they are no longer follow the prior's conditional
  when the two share a pool).  Each step is rejection sampling from the prior's conditional of
  ``q``'s cards given the rest: it deals them from ``p(x_q | x_-q) * L_q(x_q) / Z_q(x_-q)``,
  with ``Z_q(x_-q)`` the sum of ``p(x_q | x_-q) * L_q(x_q)`` over ``q``'s possible cards.  Since ``L_q`` reads only ``q``'s cards,
  that is the target's own conditional of ``q``'s cards: each step is a **Gibbs update of the
  target**, and one pass is one Gibbs sweep started from a prior world.  When every ``Z_q`` is the
  same whatever the other opponents' cards — the pool ``q``'s cards are dealt from is independent
  of the others' cards (or large against the cards dealt from it, so that the others' cards hardly
  change it) — one pass gives **exactly the target**.  Otherwise one pass is an approximation: a
  step ignores the evidence of the opponents settled after it, so with a shared pool of few cards
  a card a later opponent's evidence favours goes to an earlier opponent as often as that one's
  own evidence allows, more often than in the target (and so to the later one less often); each
  further sweep brings the draw closer to the target (Gibbs sampling converges to it).  Both games
  with the hook share their pools between the opponents (Ratjack's deck; Hakkutsu!!'s unused
  museum cards and equipment deck), so there it is this approximation; it matters where two
  opponents' evidence favours the same cards.  The cap of :data:`MAX_TRIES` and a bound below the
  true largest likelihood (the pilot's, raised as heavier worlds are seen) make it approximate
  too, as any capped rejection; the cap matters most where an opponent's evidence is sharp (its
  acceptance ``E[L_q] / bound_q`` small).  Measured on three Hakkutsu!! 4p positions with all
  three opponents' museum evidence (the museum cards drawn against the target's marginals, total
  variation, mean over the opponents; 1,000-3,000 draws): one pass 0.16-0.29, two passes
  0.07-0.22, three 0.06-0.21; with 60 tries instead of 12 (two of the positions), one pass
  0.12-0.22 and three passes 0.01-0.06: the draw converges to the target as derived.  The
  whole-world rejection below, capped at 12 tries, was 0.34-0.56 there: each opponent's
  acceptance is ``E[L_q] / bound_q`` instead of the product of them all, which with 3 opponents'
  evidence kept as few as 1 world in 500, so that nearly every iteration kept the heaviest of its
  :data:`MAX_TRIES` worlds.
* Without the hook (Hacktrick, 2 players: one opponent), **whole worlds, resampled**
  (sampling-importance-resampling): :data:`BATCH` worlds are drawn from the prior at once, each
  weighted by the product of the likelihoods, and :data:`BATCH` draws are taken from them in
  proportion to their weights (systematic resampling), served in a random order, a world drawn
  several times served as separate copies.  Every world drawn is used, so this costs one prior
  world per iteration as without beliefs (Hacktrick at ``normal``'s 2,500 iterations: ×1.02-1.04
  the time of the search without beliefs, where rejection cost ×1.18), and the draw is exact as
  the batch grows (its bias shrinks as ``1 / BATCH``); on 30 Hacktrick games it held the true hand
  as often as rejection did (0.480 against 0.477).  ``batch=0``: rejection instead, a world kept
  with probability ``weight / bound`` on the product of the likelihoods (``bound`` as above, on
  the product), else a new world, at most :data:`MAX_TRIES` times (then the heaviest).

A redraw deals from the determinizer's pool only: a game's opponent model (Ratjack 2p's finisher
swap) is not applied to the cards dealt again, so with it the prior of a redrawn opponent's cards
is the uniform one, not the model's.  Likelihoods are cached per game-specific key (the cards the
decision was between), so a decision's evidence is computed a few dozen times, not once per
iteration.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from math import exp
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import ModuleType

    from game.rules import Seat
    from game.rules.core import AnyState

#: How likely a world makes one observed decision (a number in [0, 1]).
Evidence = Callable[["AnyState"], float]
#: The evidence of a seat, per opponent (its player index): the likelihood of each informative
#: decision that opponent was seen to make, each reading only that opponent's hidden cards.
OpponentEvidence = Mapping[int, Sequence[Evidence]]
#: A world drawn again from another for one opponent (``(world, opponent, rng)``): only that
#: opponent's hidden cards the evidence reads dealt again as the sampler deals them, every other
#: card where it is (a new state; the one given is not changed).
Redraw = Callable[["AnyState", int, random.Random], "AnyState"]

#: Default softmax temperature, in the game's heuristic score units.
TEMPERATURE = 3.0
#: Share of the uniform floor in the opponent model: ``(1 - FLOOR) * softmax + FLOOR / moves``.
FLOOR = 0.1
#: Most worlds drawn for one iteration (per opponent, when drawn opponent by opponent) before the
#: heaviest of them is kept.
MAX_TRIES = 12
#: Worlds drawn at the start of a decision to set the rejection bounds.
PILOT = 8
#: Passes over the opponents when the worlds are drawn opponent by opponent (Gibbs sweeps).
SWEEPS = 1
#: Worlds weighted at once when whole worlds are resampled (``Beliefs(batch=...)``).
BATCH = 128


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
    """The weighting of a decision's sampled worlds by ``evidence`` (see the module docstring);
    ``redraw``: how one opponent's cards are dealt again (``None``: whole worlds are drawn);
    ``sweeps``: the passes over the opponents when drawn opponent by opponent; ``batch``: the
    worlds resampled at once when whole worlds are drawn (0: rejection instead)."""

    def __init__(
        self,
        evidence: OpponentEvidence,
        redraw: Redraw | None = None,
        sweeps: int = SWEEPS,
        batch: int = BATCH,
    ) -> None:
        if sweeps < 1:
            raise ValueError(f"beliefs: sweeps must be at least 1, got {sweeps}")
        if batch < 0:
            raise ValueError(f"beliefs: batch must be 0 (rejection) or more, got {batch}")
        #: Per opponent with evidence (in player order), its likelihood functions.
        self.evidence: dict[int, list[Evidence]] = {q: list(e) for q, e in sorted(evidence.items()) if e}
        #: How a rejected opponent's cards are dealt again (``None``: a new world from the sampler).
        self.redraw = redraw
        self.sweeps = sweeps
        #: Whole worlds: weighted ``batch`` at a time and resampled (0: rejection, one at a time).
        self.batch = batch
        #: The resampled worlds not served yet (the last served first).
        self._queue: list[AnyState] = []
        #: How many times each queued world (by ``id``) is still to be served.
        self._copies: dict[int, int] = {}
        #: The rejection bound on the product of the likelihoods (whole worlds).
        self.bound = 0.0
        #: The rejection bound per opponent (opponent by opponent); empty until the pilot.
        self.bounds: dict[int, float] = {}
        #: Worlds drawn (or one opponent's cards drawn again) and kept in this decision (for the
        #: measurements): each try of the rejection, each acceptance.
        self.drawn = 0
        self.kept = 0

    @property
    def likelihoods(self) -> list[Evidence]:
        """Every likelihood function, opponent after opponent."""
        return [f for e in self.evidence.values() for f in e]

    def weight(self, world: AnyState) -> float:
        """How likely ``world`` makes every observed decision (the product of the evidence)."""
        w = 1.0
        for likelihood in self.likelihoods:
            w *= likelihood(world)
        return w

    def opponent_weight(self, world: AnyState, opponent: int) -> float:
        """How likely ``world`` makes the observed decisions of ``opponent``."""
        w = 1.0
        for likelihood in self.evidence.get(opponent, ()):
            w *= likelihood(world)
        return w

    def draw(self, sample: Callable[[], AnyState], rng: random.Random) -> AnyState:
        """A world from ``sample`` (the prior) weighted by the evidence: opponent by opponent with
        :attr:`redraw`, else whole worlds kept with probability ``weight / bound``."""
        if not self.evidence:
            return sample()
        if self.redraw is None:
            return self._draw_resampled(sample, rng) if self.batch else self._draw_whole(sample, rng)
        if not self.bounds:
            pilot = [sample() for _ in range(PILOT)]
            self.bounds = {q: max(self.opponent_weight(w, q) for w in pilot) for q in self.evidence}
        world = sample()
        fresh = True  # the prior world's cards are a draw from each conditional: the first step's
        for _ in range(self.sweeps):
            for q in self.evidence:
                world = self._settle(world, q, self.redraw, rng, fresh)
                fresh = False
        return world

    def _settle(self, world: AnyState, q: int, redraw: Redraw, rng: random.Random, fresh: bool) -> AnyState:
        """``world`` with opponent ``q``'s cards dealt again (or as they are if they are ``fresh``,
        a draw from the prior's conditional given the rest) and kept with probability
        ``L_q / bound_q``, else dealt again, at most :data:`MAX_TRIES` times (then the heaviest of
        the tries)."""
        best = world
        best_weight = -1.0
        for tries in range(MAX_TRIES):
            if tries or not fresh:
                world = redraw(world, q, rng)
            self.drawn += 1
            w = self.opponent_weight(world, q)
            if w > self.bounds[q]:
                self.bounds[q] = w
            if rng.random() * self.bounds[q] < w:
                self.kept += 1
                return world
            if w > best_weight:
                best, best_weight = world, w
        return best

    def _draw_resampled(self, sample: Callable[[], AnyState], rng: random.Random) -> AnyState:
        """The next of a batch of worlds: :attr:`batch` worlds from ``sample`` weighted by the
        evidence and resampled by weight (systematic resampling), each served as a copy."""
        if not self._queue:
            worlds = [sample() for _ in range(self.batch)]
            weights = [self.weight(w) for w in worlds]
            self.drawn += len(worlds)
            total = sum(weights)
            step = total / len(worlds)
            point = rng.random() * step
            queue: list[AnyState] = []
            acc = 0.0
            for world, w in zip(worlds, weights, strict=True):
                acc += w
                while point < acc and len(queue) < len(worlds):
                    queue.append(world)
                    point += step
            while len(queue) < len(worlds):  # rounding: the last world fills the batch
                queue.append(worlds[-1])
            rng.shuffle(queue)
            self._queue = queue
            self._copies = {}
            for world in queue:
                self._copies[id(world)] = self._copies.get(id(world), 0) + 1
        self.kept += 1
        world = self._queue.pop()
        left = self._copies[id(world)] = self._copies[id(world)] - 1
        return world.clone() if left else world  # the last copy served is the world itself

    def _draw_whole(self, sample: Callable[[], AnyState], rng: random.Random) -> AnyState:
        """A world from ``sample`` kept with probability ``weight / bound`` on the product of the
        likelihoods, else a new one, at most :data:`MAX_TRIES` times (then the heaviest)."""
        if self.bound == 0.0:
            self.bound = max(self.weight(sample()) for _ in range(PILOT))
        best: AnyState | None = None
        best_weight = -1.0
        for _ in range(MAX_TRIES):
            world = sample()
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


def beliefs_for(
    module: ModuleType | None, seat: Seat, temperature: float = TEMPERATURE, sweeps: int = SWEEPS
) -> Beliefs | None:
    """The beliefs of ``seat`` from its game's ``belief_evidence`` hook and the seat's own history
    (drawn opponent by opponent, ``sweeps`` passes, with its ``belief_redraw`` hook, if any);
    ``None`` when the game has no hook or the history holds no evidence (uniform worlds)."""
    hook = getattr(module, "belief_evidence", None) if module is not None else None
    if hook is None:
        return None
    evidence: OpponentEvidence = hook(seat.view(), seat.history, temperature)
    beliefs = Beliefs(evidence, sweeps=sweeps)
    if not beliefs.evidence:
        return None
    again = getattr(module, "belief_redraw", None)
    if again is not None:
        player = seat.player

        def redraw(world: AnyState, opponent: int, rng: random.Random) -> AnyState:
            redrawn: AnyState = again(world, player, rng, opponent)
            return redrawn

        beliefs.redraw = redraw
    return beliefs
