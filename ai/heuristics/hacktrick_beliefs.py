"""Hacktrick's evidence for :mod:`ai.beliefs`: what the opponent's moves and announced sums say
about its hidden hand.

Read from the seat's own history (its view before every decision), this hand only.  The
opponent's hand at each of its past decisions is its hand now plus the cards it played since,
minus the cards it drew since; the drawn cards are hidden, so a world (which fixes only the hand
now) is scored by going back through the opponent's steps and **averaging over which hand card
each draw brought** (every card of the hand after the draw equally likely: every card the seat
has not seen is exchangeable with every other).  Along each such path, in a world:

* each **decision** of the opponent with a choice — the opening card, the main action (which
  card it played, with which marker, or that it drew instead of playing), the declaration — has
  the opponent model's probability (:func:`ai.beliefs.decision_probability` over
  :func:`ai.heuristics.hacktrick.action_scores`) in the opponent's view of that moment: the
  seat's view then with that hand (everything else in Hacktrick is public).  A draw when the
  hand held a winning play, or a play of a weak card when it held a strong one, makes that hand
  unlikely;
* each **announced sum** of the opponent's hand (after the opening, or asked) must be the sum
  of the path's hand then: 0 if not.  The engine's ``determinize`` keeps a sum only until the
  opponent's next draw; here it still pins down which card the draw brought;
* a **revealed hand** (a forced draw under *Play!*) is the path's hand then, or 0; nothing before
  it says more (the hand there is public).

Asks say nothing of the asker's hand and are skipped.  After a deck rebuild the drawn card came
from the old row cards, which the seat knows; the average over the drawn card still treats it as
any card (an approximation, like ``determinize``'s).  A step the views do not explain (a history
that missed decisions) cuts the evidence there: only the steps after it are read.

A world's likelihood depends only on the opponent's hand, cached per hand (a sorted tuple of
values: at most 126 of them), and each decision's probability per hand then, so a search
computes each a few dozen times at most, not once an iteration.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.rules.hacktrick.actions import (
    DECLARE_GUARD_ACTION,
    DECLARE_PLAY_ACTION,
    DRAW_ACTION,
    OPEN,
    PASS_ACTION,
    PLAY,
    Action,
)
from game.rules.hacktrick.state import HAND_LIMIT, HacktrickState

from ..beliefs import decision_probability
from .hacktrick import action_scores

if TYPE_CHECKING:
    from game.rules.hacktrick.views import HacktrickView
    from game.rules.seat import Witnessed

#: How likely a world makes the opponent's observed decisions (:data:`ai.beliefs.Evidence`).
HacktrickEvidence = Callable[[HacktrickState], float]

#: The opponent model's temperature is ``ai.beliefs`` temperature (in Ratjack's score units) times
#: this: the Hacktrick heuristic's scores between sensible moves differ by a few points as
#: Ratjack's do (a capture 3, a threat 2, centrality 0.5 a line), chosen by
#: ``tools.belief_diagnostic --game hacktrick`` at 0.5, 1 and 2 (``ai/README.md``).
TEMPERATURE_SCALE = 1.0

#: A sorted tuple of card values: a hand.
Hand = tuple[int, ...]


@dataclass(frozen=True)
class _Step:
    """One step of the opponent read off two consecutive views: the view before (``None``: a
    step that is not a decision of the opponent), the action it took (``None``: nothing to score,
    an ask or a forced draw), and how its hand changed: ``played`` (-1: none) or ``drew``."""

    before: HacktrickView | None
    action: Action | None
    played: int = -1
    drew: bool = False


@dataclass(frozen=True)
class _Sum:
    """An announced sum of the opponent's hand (after the step before it)."""

    total: int


@dataclass(frozen=True)
class _Revealed:
    """The opponent's hand shown before a forced draw (the step after it)."""

    cards: Hand


_Item = _Step | _Sum | _Revealed


def belief_evidence(
    view: HacktrickView, history: Sequence[Witnessed], temperature: float
) -> dict[int, list[HacktrickEvidence]]:
    """The likelihood of the opponent's observed decisions this hand, by the opponent's index (one
    function, or none when it made no decision with a choice since the last thing that fixes its
    hand); see the module docstring.  Hacktrick has no ``belief_redraw``: with its one opponent,
    :mod:`ai.beliefs` draws whole worlds."""
    if view["phase"] == "over":
        return {}
    q = 1 - view["player"]
    items = _read_hand(view, history, q)
    if not any(isinstance(item, _Step) and item.action is not None for item in items):
        return {}
    return {q: [_HandEvidence(items, q, temperature * TEMPERATURE_SCALE).likelihood]}


def _read_hand(view: HacktrickView, history: Sequence[Witnessed], q: int) -> list[_Item]:
    """The steps, sums and reveals of ``q``'s hand in the hand being played, oldest first, from the
    last point before which nothing can be read (the hand's start, a reveal, an unreadable step)."""
    views = [w.view for w in history] + [view]
    number = view["hand_number"]
    items: list[_Item] = []
    for i, witnessed in enumerate(history):
        before, after = views[i], views[i + 1]
        if before["hand_number"] != number or after["hand_number"] != number:
            continue
        step = read_step(before, after, q) if witnessed.actor == q else _other_step(before, after, q)
        if step is None:
            items = []
            continue
        shown = after["revealed"][len(before["revealed"]) :]
        if any(r["player"] == q for r in shown):
            items = [_Revealed(tuple(shown[-1]["cards"]))]
        if step.before is not None:
            items.append(step)
        items.extend(
            _Sum(a["sum"]) for a in after["announced"][len(before["announced"]) :] if a["player"] == q
        )
    return items


def _other_step(before: HacktrickView, after: HacktrickView, q: int) -> _Step | None:
    """The seat's own step: ``q``'s hand must not change (else the views skipped a decision)."""
    if after["hand_sizes"][q] != before["hand_sizes"][q]:
        return None
    return _Step(None, None)


def read_step(before: HacktrickView, after: HacktrickView, q: int) -> _Step | None:
    """What ``q`` did between the two views; ``None`` if the views do not say."""
    grown = after["hand_sizes"][q] - before["hand_sizes"][q]
    row, new_row = before["row"], after["row"]
    phase = before["phase"]
    if phase == "open" and grown == -1 and not row and len(new_row) == 1:
        return _Step(before, Action(OPEN, new_row[0]), played=new_row[0])
    if phase == "main":
        if grown == -1 and len(new_row) == len(row) + 1 and new_row[:-1] == row:
            x2 = before["supply"][q]["x2"] and not after["supply"][q]["x2"]
            return _Step(before, Action(PLAY, new_row[-1], x2), played=new_row[-1])
        if grown == 1:
            forced = before["must_play"][q]  # under Play!, a draw means no card could be played
            return _Step(before, None if forced else DRAW_ACTION, drew=True)
        if grown == 0 and after["asked"] and not before["asked"] and after["current_player"] == q:
            return _Step(before, None)
        return None
    if phase == "declare" and grown == 0 and after["phase"] == "main":
        me = 1 - q
        if after["must_play"][me]:
            return _Step(before, DECLARE_PLAY_ACTION)
        if after["guarded"][me]:
            return _Step(before, DECLARE_GUARD_ACTION)
        if after["spent"] == before["spent"]:
            return _Step(before, PASS_ACTION)
    return None


def legal_choices(view: HacktrickView) -> list[Action]:
    """The moves the player of ``view`` chose between at that decision (its own hand in ``view``):
    the engine's legal actions there, without Ask the Sum (a step of its own, which the heuristic
    never takes)."""
    q = view["player"]
    hand = view["hand"]
    phase = view["phase"]
    if phase == "open":
        return [Action(OPEN, v) for v in sorted(set(hand))]
    if phase == "declare":
        return [PASS_ACTION] + ([] if view["guarded"][q] else [DECLARE_PLAY_ACTION]) + [DECLARE_GUARD_ACTION]
    last = view["row"][-1]
    supply = view["supply"][q]
    plays: list[Action] = []
    for v in sorted(set(hand)):
        if v != last:
            if supply["normal"] > 0:
                plays.append(Action(PLAY, v))
            if supply["x2"]:
                plays.append(Action(PLAY, v, True))
    if not plays or (not view["must_play"][q] and len(hand) < HAND_LIMIT):
        plays.append(DRAW_ACTION)
    return plays


@dataclass
class _HandEvidence:
    """The likelihood of the opponent ``q``'s steps ``items`` in a world (see the module docstring)."""

    items: list[_Item]
    q: int
    temperature: float
    #: Likelihood per hand now.
    cache: dict[Hand, float] = field(default_factory=dict)
    #: Likelihood of ``items[:k]`` per (k, the hand after them).
    partial: dict[tuple[int, Hand], float] = field(default_factory=dict)
    #: Probability of the decision at ``items[k]`` per (k, the hand then).
    decisions: dict[tuple[int, Hand], float] = field(default_factory=dict)

    def likelihood(self, world: HacktrickState) -> float:
        hand = tuple(sorted(world.hands[self.q]))
        value = self.cache.get(hand)
        if value is None:
            value = self.cache[hand] = self._back(len(self.items), hand)
        return value

    def _back(self, k: int, hand: Hand) -> float:
        """The likelihood of ``items[:k]`` for a hand ``hand`` after them."""
        key = (k, hand)
        value = self.partial.get(key)
        if value is not None:
            return value
        value = 1.0
        if k > 0:
            item = self.items[k - 1]
            if isinstance(item, _Sum):
                value = self._back(k - 1, hand) if sum(hand) == item.total else 0.0
            elif isinstance(item, _Revealed):
                value = 1.0 if hand == item.cards else 0.0
            elif item.drew:
                value = 0.0
                for c in sorted(set(hand)):
                    rest = _without(hand, c)
                    share = hand.count(c) / len(hand)
                    value += share * self._decision(k - 1, rest) * self._back(k - 1, rest)
            else:
                then = tuple(sorted(hand + (item.played,))) if item.played >= 0 else hand
                value = self._decision(k - 1, then) * self._back(k - 1, then)
        self.partial[key] = value
        return value

    def _decision(self, k: int, hand: Hand) -> float:
        """The opponent model's probability of the decision ``items[k]`` with ``hand`` then."""
        item = self.items[k]
        assert isinstance(item, _Step)
        if item.action is None or item.before is None:
            return 1.0
        key = (k, hand)
        value = self.decisions.get(key)
        if value is None:
            view: HacktrickView = {**item.before, "player": self.q, "hand": list(hand)}
            legal = legal_choices(view)
            if item.action not in legal:  # the hand does not fit the move (cannot happen on a path)
                value = 0.0
            elif len(legal) == 1:
                value = 1.0
            else:
                scores = action_scores(view, legal)
                value = decision_probability(scores, legal.index(item.action), self.temperature)
            self.decisions[key] = value
        return value


def _without(hand: Hand, card: int) -> Hand:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def hidden_facts(
    state: HacktrickState, player: int
) -> list[tuple[str, Callable[[HacktrickState], Hashable]]]:
    """What ``player`` does not know of the opponent's hand in ``state``: the whole hand
    (``"hand"``, the multiset of values) and each of its unknown cards by rank (``"hand card"``: the
    smallest, the next...; a card revealed and not played since is known and not a fact)."""
    q = 1 - player
    known = tuple(sorted(state.known_cards[player]))
    unknown = _unknown(state.hands[q], known)
    if not unknown:
        return []
    facts: list[tuple[str, Callable[[HacktrickState], Hashable]]] = [
        ("hand", lambda world: tuple(sorted(world.hands[q])))
    ]
    for i in range(len(unknown)):
        facts.append(("hand card", _ranked(q, known, i)))
    return facts


def _unknown(hand: Sequence[int], known: Hand) -> Hand:
    rest = sorted(hand)
    for c in known:
        if c in rest:
            rest.remove(c)
    return tuple(rest)


def _ranked(q: int, known: Hand, i: int) -> Callable[[HacktrickState], Hashable]:
    def read(world: HacktrickState) -> Hashable:
        cards = _unknown(world.hands[q], known)
        return cards[i] if i < len(cards) else None

    return read
