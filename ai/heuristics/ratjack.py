"""Ratjack knowledge: a greedy look-ahead player, a win-chance estimate and a rollout policy.

``choose(view, legal, rng)`` (the ``heuristic`` agent) uses only the view and
the legal actions.  It fills in the cards it cannot see at random
(:meth:`RatjackState.sample_from_view`), tries every legal action on that
sample, follows its own remaining decisions of the turn (the play after a draw,
the steps of an ability) greedily a few levels deep, and scores the position
where the turn passes:

* VP gained (exactly 25, eliminations, last survivor) dominate; the opponents'
  VP count against us, the leader's twice;
* within a round: being close to 25 without going over, a next turn that can
  finish (a hand or face-down card that fits the gap), and opponents far from
  25 — the leader weighs most; eliminating ourselves is heavily punished.

Draw decisions average a few samples of the unknown cards.

``evaluate(state, player)`` (MCTS, on full states): each player's chance to
take the current round (from the distance to 25); with 2 players, the exact
odds of the race to 3 VP between equals given that chance; with more, added to
their VP and turned into a win chance with a soft-max.

``rollout_policy(state, legal, rng)``: cheap policy for rollouts on full states:
finish at exactly 25 when a card does it, avoid options that go over 25,
otherwise play at random.

``opponent_model(state, player, rng, weight)``: in a determinization, opponents
hold the card that finishes them more often than a uniform sample would
(``mcts:opponents=W``; by default 0.5 with 2 players, else off).

``belief_evidence(view, history, temperature)``: how likely a sampled world makes each opponent's
placements the seat saw (``mcts:beliefs=1``, :mod:`ai.beliefs`; in :mod:`.ratjack_beliefs`), with
:func:`action_scores`, the heuristic's score of each move, as the opponent model;
``belief_redraw(world, player, rng, opponent)`` deals a rejected opponent's unknown hand and
face-down cards again.
"""

from __future__ import annotations

import random
from functools import cache
from math import exp
from typing import TYPE_CHECKING

from game.rules.ratjack.cards import CARD_VALUE, MOD
from game.rules.ratjack.state import TARGET_VP, RatjackState

if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Sequence

    from game.rules.ratjack.actions import Action
    from game.rules.ratjack.views import RatjackView
    from game.rules.seat import Witnessed

    from . import MCTSTuning, ReviewTuning
    from .ratjack_beliefs import RatjackEvidence

#: MCTS tuning (read by ``ai.mcts.game_tuning``): ``normal_iterations`` by player count, calibrated with
#: ``python -m tools.bench ai --parts speed`` (about 0.5 s a move on one idle core of the 2-core reference
#: machine); rollouts by this module's policy to the end of the round; the opponent model at weight 0.5
#: with 2 players (the 2026-11-22 200-game measurements in ``ai/EXPERIMENTS.md``).
MCTS: MCTSTuning = {
    "normal_iterations": {2: 1200, 3: 900, 4: 600},
    "rollout": "policy",
    "horizon": "hand",
    "opponents": {2: 0.5},
}

#: The game review's tuning (``ai.review``): iterations per decision (the most that keeps a whole
#: 2-player review under a minute with ``--jobs 2`` on the 2-core machine) and the grades'
#: thresholds, inaccuracy / mistake / blunder, of the loss of the game's chance and of the hand's,
#: calibrated on bot games (``python -m tools.review_measure accuracy``; ``ai/README.md``).
REVIEW: ReviewTuning = {"budget": 1600, "game": (0.05, 0.10, 0.18), "hand": (0.10, 0.20, 0.35)}

LIMIT = 25
DEPTH = 3
BRANCH = 6
DRAW_SAMPLES = 3
#: Score per card value of the card put face down at the set-up (:func:`action_scores`).
SETUP_SCALE = 3.0


# --------------------------------------------------------------------------- static scoring


def _score(s: RatjackState, me: int, round0: int) -> float:
    """How good ``s`` is for ``me`` at the moment the turn passes (higher is better)."""
    if s.is_terminal:
        return 1000.0 if me in s.winners() else -1000.0
    vp = s.vp
    others = [vp[q] for q in range(s.num_players) if q != me]
    score = 60.0 * vp[me] - 20.0 * sum(others) - 25.0 * max(others)
    if s.round_no != round0:
        return score + (2.0 if s.start_player == me else 0.0)
    values = s.values()
    if s.eliminated[me]:
        score -= 45.0
    else:
        v = values[me]
        gap = LIMIT - v
        score -= 0.9 * gap
        fits = [c for c in s.hands[me] if CARD_VALUE[c] == gap]
        fits += [c for c in s.areas[me] if not s.face_up[c] and s.token_on[c] < 0 and CARD_VALUE[c] == gap]
        if fits:
            score += 6.0
        if s.player == me and s.phase == "draw":
            score += 3.0  # an extra turn
    leader = max(
        (q for q in range(s.num_players) if q != me and not s.eliminated[q]),
        key=lambda q: (vp[q], values[q]),
        default=None,
    )
    for q in range(s.num_players):
        if q == me or s.eliminated[q]:
            continue
        g = min(LIMIT - values[q], 15)
        score += (0.7 if q == leader else 0.35) * g
    return score


def _best(s: RatjackState, me: int, round0: int, depth: int, rng: random.Random) -> float:
    """Best score ``me`` can reach by continuing its own decisions of this turn."""
    if s.is_terminal or s.player != me or s.phase in ("draw", "setup") or depth == 0:
        return _score(s, me, round0)
    legal = s.legal_actions()
    if len(legal) > BRANCH:
        legal = rng.sample(legal, BRANCH)
    return max(_after(s, a, me, round0, depth - 1, rng) for a in legal)


def _after(s: RatjackState, a: Action, me: int, round0: int, depth: int, rng: random.Random) -> float:
    """:func:`_best` after ``a`` (on a copy of ``s``)."""
    c = s.clone()
    c.apply(a)
    return _best(c, me, round0, depth, rng)


def _setup_choice(view: RatjackView, legal: list[Action]) -> Action:
    """Keep the lower card in hand, put the higher one face down (a later flip adds more)."""
    return max(legal, key=lambda a: (CARD_VALUE[a.card], -a.card))


def choose(view: RatjackView, legal: list[Action], rng: random.Random) -> Action:
    """A greedy look-ahead choice among ``legal`` from ``view`` alone."""
    if len(legal) == 1:
        return legal[0]
    if view["phase"] == "setup":
        return _setup_choice(view, legal)
    totals = action_scores(view, legal, rng)
    best = max(range(len(legal)), key=lambda i: (totals[i], -i))
    return legal[best]


def action_scores(view: RatjackView, legal: list[Action], rng: random.Random) -> list[float]:
    """The look-ahead score of each of ``legal`` from ``view`` alone (higher is better; :func:`choose`
    plays the best). At the set-up, :data:`SETUP_SCALE` times the value of the card put face down
    (the heuristic keeps the lower card); a draw averages :data:`DRAW_SAMPLES` samples of the
    unknown cards."""
    if view["phase"] == "setup":
        return [SETUP_SCALE * CARD_VALUE[a.card] for a in legal]
    me = view["player"]
    samples = DRAW_SAMPLES if view["phase"] == "draw" else 1
    totals = [0.0] * len(legal)
    for _ in range(samples):
        base = RatjackState.sample_from_view(view, rng)
        round0 = base.round_no
        for i, a in enumerate(legal):
            s = base.clone()
            s.apply(a)
            totals[i] += _best(s, me, round0, DEPTH, rng)
    return [t / samples for t in totals]


# --------------------------------------------------------------------------- MCTS helpers


def _round_chances(state: RatjackState) -> list[float]:
    """Each player's rough chance to take the current round, from the distance to 25."""
    weights: list[float] = []
    for q in range(state.num_players):
        if state.eliminated[q]:
            weights.append(0.0)
            continue
        gap = LIMIT - state.value(q)
        weights.append(exp(-gap / 5.0) if gap >= 0 else 0.02)
    total = sum(weights)
    if total <= 0:
        return [1.0 / state.num_players] * state.num_players
    return [w / total for w in weights]


@cache
def _race(need: int, opp: int) -> float:
    """Chance to win ``need`` more rounds before the opponent wins ``opp``, each round 50:50."""
    if need <= 0:
        return 1.0 if opp > 0 else 0.5
    if opp <= 0:
        return 0.0
    return 0.5 * _race(need - 1, opp) + 0.5 * _race(need, opp - 1)


def evaluate(state: RatjackState, player: int) -> float:
    """Estimated chance in [0, 1] that ``player`` wins the game from ``state``."""
    if state.is_terminal:
        return state.returns()[player]
    chances = _round_chances(state)
    if state.num_players == 2:
        # A race to TARGET_VP between equals: exact odds, this round decided by ``chances``.
        other = 1 - player
        need, opp = TARGET_VP - state.vp[player], TARGET_VP - state.vp[other]
        return chances[player] * _race(need - 1, opp) + chances[other] * _race(need, opp - 1)
    strength = [exp(1.6 * (state.vp[q] + 0.9 * chances[q])) for q in range(state.num_players)]
    p = strength[player] / sum(strength)
    return min(1.0, max(0.0, p))


def _option_value(state: RatjackState, a: Action, v: int) -> int:
    kind = a.kind
    if kind == "face-up":
        return v + CARD_VALUE[a.card]
    if kind == "flip":
        c = a.card2
        t = state.token_on[c]
        return v + MOD[t * 2 + state.token_side[t] if t >= 0 else -1][CARD_VALUE[c]]  # -1: MOD[NO_TOKEN]
    return v


def rollout_policy(state: RatjackState, legal: list[Action], rng: random.Random) -> Action:
    """Cheap rollout move: exactly 25 when possible, never knowingly over 25, else random."""
    phase = state.phase
    if phase == "play":
        v = state.value(state.player)
        safe: list[Action] = []
        for a in legal:
            nv = _option_value(state, a, v)
            if nv == LIMIT and a.kind != "face-down":
                return a
            if nv <= LIMIT:
                safe.append(a)
        pool = safe or legal
        return pool[rng.randrange(len(pool))]
    if phase == "draw" and len(legal) == 2 and state.discard:
        gap = LIMIT - state.value(state.player)
        if CARD_VALUE[state.discard[-1]] == gap:
            return legal[1]
    return legal[rng.randrange(len(legal))]


def opponent_model(state: RatjackState, player: int, rng: random.Random, weight: float) -> None:
    """Make a determinization of ``player``'s search more like real opponents (in place).

    A uniformly sampled hand rarely holds the card that takes its owner to exactly 25, but
    players keep such a finisher when they can. For each opponent still in the round whose
    hand card ``player`` does not know and whose gap to 25 is a card value, with probability
    ``weight`` a card of that value among the cards unknown to ``player`` (in the deck) is
    swapped into that hand. Only cards ``player`` does not know move, between places
    ``player`` cannot see, and the choice uses only public values: the state stays
    consistent with everything ``player`` knows.
    """
    bit = 1 << player
    known, deck = state.known, state.deck
    for q in range(state.num_players):
        if q == player or state.eliminated[q] or rng.random() >= weight:
            continue
        gap = LIMIT - state.value(q)
        if not 1 <= gap <= 12:
            continue
        hand = state.hands[q]
        slots = [i for i, c in enumerate(hand) if not known[c] & bit]
        if not slots or any(CARD_VALUE[hand[i]] == gap for i in slots):
            continue
        fits = [j for j, c in enumerate(deck) if CARD_VALUE[c] == gap and not known[c] & bit]
        if not fits:
            continue
        i, j = slots[int(rng.random() * len(slots))], fits[int(rng.random() * len(fits))]
        hand[i], deck[j] = deck[j], hand[i]
        known[hand[i]], known[deck[j]] = known[deck[j]], known[hand[i]]  # knowledge stays with the place
    state._legal_cache = None


def belief_evidence(
    view: RatjackView, history: Sequence[Witnessed], temperature: float
) -> dict[int, list[RatjackEvidence]]:
    """What each opponent's placements say about its hidden cards (:mod:`ai.beliefs`; the
    decisions read are in :mod:`ai.heuristics.ratjack_beliefs`)."""
    from .ratjack_beliefs import belief_evidence as evidence

    return evidence(view, history, temperature)


def belief_redraw(world: RatjackState, player: int, rng: random.Random, opponent: int) -> RatjackState:
    """``world`` with ``opponent``'s unknown hand and face-down cards dealt again, for
    :mod:`ai.beliefs`' rejected worlds (in :mod:`ai.heuristics.ratjack_beliefs`)."""
    from .ratjack_beliefs import belief_redraw as redraw

    return redraw(world, player, rng, opponent)


def hidden_facts(state: RatjackState, player: int) -> list[tuple[str, Callable[[RatjackState], Hashable]]]:
    """The opponents' hand and face-down cards ``player`` does not know (for
    ``tools.belief_diagnostic``; in :mod:`ai.heuristics.ratjack_beliefs`)."""
    from .ratjack_beliefs import hidden_facts as facts

    return facts(state, player)


def first_player(state: RatjackState) -> int:
    """The start player: the first round's start player, who places the first card.

    Later rounds are started by the last scorer; only the first round's counts here.
    """
    return state.start_player
