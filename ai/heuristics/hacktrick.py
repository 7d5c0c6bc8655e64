"""Hacktrick knowledge: a greedy rule-based player, a value estimate and a rollout policy.

``choose(view, legal, rng)`` (the ``heuristic`` agent) works from the view only:

* win the hand at once when a card reaches a winning cell (a third marker on a
  cell, or the last cell of a line), with a normal marker so that an x2 already
  in the formation doubles the points;
* otherwise score every play and the draw: the chance that the opponent can win
  on their next turn (blocking: a new rightmost card from which the opponent's
  winning cells are out of reach) (estimated from the cards nobody has seen: deck plus the
  opponent's hand) is the big negative term, then captures, the winning cells
  the play creates, and how central the cell is;
* the x2 marker goes on a central cell of an open line that the opponent is
  unlikely to recapture next turn;
* never place a non-winning last marker (that loses the hand by exhaustion),
  and keep at least three markers after a declaration;
* declare *Play!* when the opponent is low on markers (a forced play may exhaust
  them) or probably holds nothing but cards equal to the rightmost card;
  *Guard!* when our own single card would be forced into a bad cell.

``action_scores(view, legal)`` is the score behind each of those choices, one per legal move (a
declaration, which is a rule, scores its choice :data:`RULE_SCORE`): the opponent model of the
beliefs (``mcts:beliefs=1``), whose evidence (``belief_evidence``, and ``hidden_facts`` for
``tools.belief_diagnostic``) is in :mod:`ai.heuristics.hacktrick_beliefs`.

``evaluate(state, player)`` turns the score race into a win probability (a
binomial race of hands), with the current hand's chances shifted by the board
(winning cells, markers left, who moves).

``rollout_policy(state, legal, rng)`` is the cheap policy MCTS rollouts use on
full (determinized) states: take an immediate win, mostly pass instead of
declaring, otherwise play at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from functools import cache, lru_cache
from math import comb
from typing import TYPE_CHECKING

from game.rules.hacktrick.board import LINES_THROUGH

if TYPE_CHECKING:
    from game.rules.hacktrick.actions import Action
    from game.rules.hacktrick.state import HacktrickState
    from game.rules.hacktrick.views import HacktrickView
    from game.rules.seat import Witnessed

    from . import MCTSTuning, ReviewTuning

#: MCTS tuning (read by ``ai.mcts.game_tuning``): ``normal_iterations`` by player count, calibrated with
#: ``python -m tools.bench ai --parts speed`` (about 0.5 s a move on one idle core of the 2-core reference
#: machine); rollouts by this module's policy, cut at the end of the hand.  Beliefs on (``ai.beliefs``,
#: ``ai/README.md`` "Beliefs"): resampled whole worlds cost x1.02-1.04 and the evidence a fixed ~1.5 ms
#: a decision, so 2,300 iterations where there were 2,500 without them (no level thinks longer).
MCTS: MCTSTuning = {
    "normal_iterations": {2: 2300},
    "rollout": "policy",
    "horizon": "hand",
    "beliefs": {2: True},
}

#: The game review's tuning (``ai.review``): iterations per decision (the most that keeps a whole
#: 2-player review under a minute with ``--jobs 2`` on the 2-core machine) and the grades'
#: thresholds, inaccuracy / mistake / blunder, of the loss of the game's chance and of the hand's,
#: calibrated on bot games (``python -m tools.review_measure accuracy``; ``ai/README.md``).
REVIEW: ReviewTuning = {"budget": 800, "game": (0.04, 0.08, 0.15), "hand": (0.10, 0.20, 0.35)}

CARD_COPIES = 3
#: How many lines run through each cell (centre 4, corners 3, edges 2).
CENTRALITY = tuple(len(LINES_THROUGH[c]) for c in range(10))
#: For each cell, the other two cells of every line through it: a marker there wins when both are yours.
LINE_PARTNERS = tuple(tuple(tuple(x for x in line if x != c) for line in LINES_THROUGH[c]) for c in range(10))
#: :func:`action_scores`: the score of a play that wins the hand at once (before its points), far
#: above any other move's, so that the heuristic always takes the win.
WIN_SCORE = 1000.0
#: :func:`action_scores`: the score per copy in hand of the card a dealer opens with.
OPEN_SCALE = 3.0
#: :func:`action_scores`: the score of the move a rule of the heuristic (the declarations) picks.
RULE_SCORE = 3.0


# --------------------------------------------------------------------------- board helpers


def _board_from_view(view: HacktrickView) -> tuple[list[int], list[int], list[int]]:
    """``owner[c]`` (-1 empty), ``count[c]`` for cells 1..9, and ``x2cell[p]`` (0 if not on board)."""
    owner = [-1] * 10
    count = [0] * 10
    x2cell = [0, 0]
    for i, cell in enumerate(view["board"]):
        c = i + 1
        if cell:
            owner[c] = cell[0]["owner"]
            count[c] = len(cell)
            for m in cell:
                if m["x2"]:
                    x2cell[m["owner"]] = c
    return owner, count, x2cell


def win_cells(owner: Sequence[int], count: Sequence[int], p: int) -> set[int]:
    """Cells where a marker of ``p`` would win the hand right now."""
    cells: set[int] = set()
    for c in range(1, 10):
        if owner[c] == p and count[c] >= 2:
            cells.add(c)
            continue
        for x, y in LINE_PARTNERS[c]:
            if owner[x] == p and owner[y] == p:
                cells.add(c)
                break
    return cells


def _open_lines(owner: Sequence[int], cell: int, p: int) -> int:
    """Lines through ``cell`` holding no opponent marker (after p owns ``cell``)."""
    n = 0
    for line in LINES_THROUGH[cell]:
        if all(owner[x] in (-1, p) or x == cell for x in line):
            n += 1
    return n


def _unseen_counts(view: HacktrickView) -> list[int]:
    """Copies of each value 0..5 that ``view``'s player has not seen (deck + opponent hand)."""
    counts = [CARD_COPIES] * 6
    for group in (view["aside"], view["row"], view["hand"]):
        for v in group:
            counts[v] -= 1
    return [max(0, c) for c in counts]


@lru_cache(maxsize=4096)
def p_holds_any(counts: tuple[int, ...], hand_size: int, wanted: frozenset[int]) -> float:
    """Chance that ``hand_size`` cards drawn from the pool ``counts`` include a value in ``wanted``."""
    total = sum(counts)
    if not wanted or hand_size <= 0 or total == 0:
        return 0.0
    hand_size = min(hand_size, total)
    good = sum(counts[v] for v in wanted if 0 <= v <= 5)
    return 1.0 - comb(total - good, hand_size) / comb(total, hand_size)


def _p_only(counts: tuple[int, ...], hand_size: int, value: int) -> float:
    """Chance that every one of ``hand_size`` hidden cards equals ``value``."""
    total = sum(counts)
    if hand_size <= 0:
        return 1.0
    if total < hand_size:
        return 0.0
    return comb(counts[value], hand_size) / comb(total, hand_size)


def _opp_win_chance(
    owner: Sequence[int], count: Sequence[int], opp: int, last: int, counts: tuple[int, ...], opp_hand: int
) -> float:
    """Chance the opponent can complete a formation on their turn when ``last`` is the rightmost card."""
    cells = win_cells(owner, count, opp)
    wanted = frozenset(c - last for c in cells if 0 <= c - last <= 5 and c - last != last)
    return p_holds_any(counts, opp_hand, wanted)


# --------------------------------------------------------------------------- the greedy player


def choose(view: HacktrickView, legal: list[Action], rng: random.Random) -> Action:
    """The heuristic move for ``view`` (see the module docstring)."""
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase == "open":
        return _choose_open(view, legal, rng)
    if phase == "declare":
        return _choose_declaration(view, legal)
    return _choose_main(view, legal, rng)


def _choose_open(view: HacktrickView, legal: list[Action], rng: random.Random) -> Action:
    """Open with a card we hold several of: pairs are hard to play (a card cannot follow itself)."""
    hand = view["hand"]
    best = max(hand.count(a.card) for a in legal)
    options = [a for a in legal if hand.count(a.card) == best]
    return options[rng.randrange(len(options))]


def _choose_main(view: HacktrickView, legal: list[Action], rng: random.Random) -> Action:
    scores = _main_scores(view, legal)
    top = max(scores)
    if top >= WIN_SCORE:
        return legal[scores.index(top)]  # the first of the best-scoring wins
    options = [a for s, a in zip(scores, legal) if s >= top - 1e-9]
    return options[rng.randrange(len(options))]


def action_scores(view: HacktrickView, legal: list[Action]) -> list[float]:
    """The heuristic's score of each of ``legal`` from ``view`` alone (higher is better; :func:`choose`
    plays the best), the opponent model of :mod:`ai.heuristics.hacktrick_beliefs`.

    The main action: see :func:`_main_scores`.  The opening: :data:`OPEN_SCALE` times the copies of
    the card in hand (the heuristic opens with a card it holds most of).  A declaration is a rule,
    not a score: :data:`RULE_SCORE` for the heuristic's choice, 0 for the others."""
    phase = view["phase"]
    if phase == "open":
        hand = view["hand"]
        return [OPEN_SCALE * hand.count(a.card) for a in legal]
    if phase == "declare":
        chosen = _choose_declaration(view, legal)
        return [RULE_SCORE if a == chosen else 0.0 for a in legal]
    return _main_scores(view, legal)


def _main_scores(view: HacktrickView, legal: list[Action]) -> list[float]:
    """Scores of the main action's ``legal`` moves: a play that wins the hand at once
    :data:`WIN_SCORE` plus 2 per point it scores plus 1 with a normal marker; any other play and the
    draw their danger / capture / threat / centrality score; Ask the Sum ``-inf`` (never chosen)."""
    me = view["player"]
    opp = 1 - me
    owner, count, x2cell = _board_from_view(view)
    last = view["row"][-1]
    counts = tuple(_unseen_counts(view))
    opp_hand = view["hand_sizes"][opp]
    supply = view["supply"][me]
    own_left = supply["normal"] + (1 if supply["x2"] else 0)
    mine = win_cells(owner, count, me)

    def points(a: Action) -> int:
        """The points of the winning play ``a`` (2: the x2 already in the formation, a normal marker placed)."""
        cell = last + a.card
        doubled = (
            not a.x2
            and x2cell[me]
            and (
                cell == x2cell[me]
                and owner[cell] == me
                or any(
                    x2cell[me] in line and all(owner[x] == me or x == cell for x in line)
                    for line in LINES_THROUGH[cell]
                )
            )
        )
        return 2 if doubled else 1

    scores: list[float] = []
    for a in legal:
        if a.kind == "play":
            cell = last + a.card
            if cell in mine:
                score = WIN_SCORE + 2 * points(a) + (0 if a.x2 else 1)
            elif own_left == 1:
                score = -1000.0  # a non-winning last marker loses the hand
            else:
                score = _score_play(owner, count, me, opp, cell, a.card, last, counts, opp_hand, view)
                if a.x2:
                    score += _x2_bonus(owner, cell, me, a.card, last, counts, opp_hand, supply["normal"])
        elif a.kind == "draw":
            danger = _opp_win_chance(owner, count, opp, last, counts, opp_hand)
            score = -100.0 * danger + (1.5 if len(view["hand"]) <= 2 else -0.5)
            if own_left <= 2:
                score += 3.0  # save markers
        else:
            score = float("-inf")  # Ask the Sum: the heuristic never asks
        scores.append(score)
    return scores


def _score_play(
    owner: list[int],
    count: list[int],
    me: int,
    opp: int,
    cell: int,
    card: int,
    last: int,
    counts: tuple[int, ...],
    opp_hand: int,
    view: HacktrickView,
) -> float:
    owner2 = owner[:]
    count2 = count[:]
    captured = count[cell] if owner[cell] == opp else 0
    count2[cell] = count[cell] + 1 if owner[cell] == me else 1
    owner2[cell] = me
    danger = _opp_win_chance(owner2, count2, opp, card, counts, opp_hand)
    threats = win_cells(owner2, count2, me)
    # My winning cells reachable with the cards I keep (after the opponent's reply the rightmost changes,
    # so this is only a rough measure of pressure).
    score = -100.0 * danger
    score += 3.0 * captured
    score += 2.0 * len(threats)
    score += 0.5 * CENTRALITY[cell] + 0.3 * _open_lines(owner2, cell, me)
    # Occupying a cell does not block it (a marker placed there captures ours): blocking is
    # done by the danger term, choosing a rightmost card from which the cell is out of reach.
    return score


def _x2_bonus(
    owner: Sequence[int],
    cell: int,
    me: int,
    card: int,
    last: int,
    counts: tuple[int, ...],
    opp_hand: int,
    normal_left: int,
) -> float:
    """Positive when the x2 is worth placing on ``cell`` now, negative otherwise."""
    if normal_left == 0:
        return 0.0  # the x2 is the only marker we can place
    # The opponent recaptures ``cell`` by playing ``last`` next (cell = card + last).
    recapture = p_holds_any(counts, opp_hand, frozenset([last])) if last != card else 0.0
    value = _open_lines(owner, cell, me) + (1 if CENTRALITY[cell] >= 3 else 0)
    if value >= 3 and recapture < 0.4:
        return 0.25
    return -1.0


def _choose_declaration(view: HacktrickView, legal: list[Action]) -> Action:
    me = view["player"]
    opp = 1 - me
    kinds = {a.kind: a for a in legal}
    supply = view["supply"]
    mine_left = supply[me]["normal"] + (1 if supply[me]["x2"] else 0)
    opp_left = supply[opp]["normal"] + (1 if supply[opp]["x2"] else 0)
    if mine_left <= 3:
        return kinds["pass"]
    owner, count, _ = _board_from_view(view)
    last = view["row"][-1]
    counts = tuple(_unseen_counts(view))
    opp_hand = view["hand_sizes"][opp]
    danger = _opp_win_chance(owner, count, opp, last, counts, opp_hand)
    if "play!" in kinds and danger < 0.25:
        stuck = _p_only(counts, opp_hand, last)
        if opp_left <= 2 or stuck >= 0.3:
            return kinds["play!"]
    if "guard!" in kinds and mine_left >= 6 and opp_left >= 4 and len(view["hand"]) == 1:
        # With one card left a Play! would force it: forbid that if it lands badly.
        card = view["hand"][0]
        if card == last:
            return kinds["guard!"]
    return kinds["pass"]


# --------------------------------------------------------------------------- evaluation


@cache
def race(need_me: int, need_opp: int, q: float = 0.5) -> float:
    """Chance to make ``need_me`` points before the opponent makes ``need_opp``, winning a hand w.p. q."""
    if need_me <= 0:
        return 1.0
    if need_opp <= 0:
        return 0.0
    return q * race(need_me - 1, need_opp, q) + (1 - q) * race(need_me, need_opp - 1, q)


def hand_edge(state: HacktrickState, player: int) -> float:
    """Chance that ``player`` wins the hand in progress, from the board of a full state."""
    owner, count = state.cell_owner, state.cell_count
    if not any(count):
        return 0.5
    opp = 1 - player
    mine = len(win_cells(owner, count, player))
    theirs = len(win_cells(owner, count, opp))
    left_me = state.supply_size(player)
    left_opp = state.supply_size(opp)
    x = 0.12 * (mine - theirs) + 0.025 * (left_me - left_opp)
    x += 0.04 if state.current_player == player else -0.04
    return min(0.9, max(0.1, 0.5 + x))


def evaluate(state: HacktrickState, player: int) -> float:
    """Estimated chance in [0, 1] that ``player`` wins the game from the full state ``state``."""
    if state.is_terminal:
        return state.returns()[player]
    target = state.target
    need_me = target - state.scores[player]
    need_opp = target - state.scores[1 - player]
    q = hand_edge(state, player)
    return q * race(need_me - 1, need_opp) + (1 - q) * race(need_me, need_opp - 1)


# --------------------------------------------------------------------------- rollouts


def rollout_policy(state: HacktrickState, legal: list[Action], rng: random.Random) -> Action:
    """Fast rollout move on a full state: win at once if possible, rarely declare, else random."""
    phase = state.phase
    if phase == "declare":
        if rng.random() < 0.85:
            return legal[0]  # pass
        return legal[rng.randrange(len(legal))]
    if phase == "main":
        p = state.player
        last = state.row[-1]
        owner, count = state.cell_owner, state.cell_count
        for a in legal:
            if a.kind == "play":
                cell = last + a.card
                if owner[cell] == p and count[cell] >= 2:
                    return a
                for x, y in LINE_PARTNERS[cell]:
                    if owner[x] == p and owner[y] == p:
                        return a
        if legal[0].kind == "ask" and len(legal) > 1:
            legal = legal[1:]
    return legal[rng.randrange(len(legal))]


def first_player(state: HacktrickState) -> int:
    """The start player: the first hand's dealer, who opens the row (the game's first decision)."""
    return state.dealer


def belief_evidence(
    view: HacktrickView, history: Sequence[Witnessed], temperature: float
) -> dict[int, list[Callable[[HacktrickState], float]]]:
    """What the opponent's moves and announced sums say about its hand (:mod:`ai.beliefs`; the
    decisions read are in :mod:`ai.heuristics.hacktrick_beliefs`)."""
    from .hacktrick_beliefs import belief_evidence as evidence

    return evidence(view, history, temperature)


def hidden_facts(
    state: HacktrickState, player: int
) -> list[tuple[str, Callable[[HacktrickState], Hashable]]]:
    """What ``player`` does not know of the opponent's hand (``tools.belief_diagnostic``; see
    :func:`ai.heuristics.hacktrick_beliefs.hidden_facts`)."""
    from .hacktrick_beliefs import hidden_facts as facts

    return facts(state, player)
