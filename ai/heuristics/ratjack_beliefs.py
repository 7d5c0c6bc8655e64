"""Ratjack's evidence for :mod:`ai.beliefs`: what an opponent's placements say about their hidden cards.

Read from the seat's own history (its view before every decision), per opponent still in the
round, this round only:

* **the opponent's latest play** (face down, face up, or discard & flip) when nothing of it has
  moved since: the opponent chose between the two cards then in hand, one of which is their
  hand card now (and, face down, the other lies at the place it went to).  In a world, the
  two cards are read off those places, the opponent's view of that moment is rebuilt from the
  seat's view then with that hand (what the seat saw of the table; the opponent's own other
  face-down cards and everything else they could not see drawn at random, fixed per pair), and
  the likelihood is the opponent model's probability of the move made
  (:func:`ai.beliefs.decision_probability` over :func:`ai.heuristics.ratjack.action_scores`);
* **the set-up** (one of the two dealt cards face down, the other kept): with the kept card
  still in hand, as above; once it may have been played, the probability of putting that card
  face down averaged over the other card (uniform over the two decks' other cards), since the
  kept card can no longer be told.

Older plays are not used (which card was kept can no longer be read off the table), nor draws.

Each likelihood reads only its opponent's hand card and face-down cards, so :mod:`ai.beliefs`
draws the worlds opponent by opponent: a rejected opponent's cards are dealt again by
:func:`belief_redraw` (its unknown hand and face-down cards, from the deck's cards).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

from game.rules.ratjack.actions import FACE_DOWN, FACE_UP, FLIP, Action
from game.rules.ratjack.cards import CARD_ABILITY, CARD_VALUE, DECK_INDEX, card_from_json, card_json
from game.rules.ratjack.hidden import redeal, unknown_slots
from game.rules.ratjack.state import RatjackState

from ..beliefs import decision_probability
from .ratjack import SETUP_SCALE, action_scores

if TYPE_CHECKING:
    from game.rules.ratjack.views import AreaCard, RatjackView
    from game.rules.seat import Witnessed

#: How likely a world makes one observed decision (:data:`ai.beliefs.Evidence` on Ratjack states).
RatjackEvidence = Callable[[RatjackState], float]

#: A decision read off the views: (kind, area index of the card placed or flipped, the public
#: card placed face up / flipped or -1, the public card discarded or -1).
Move = tuple[str, int, int, int]


def belief_evidence(
    view: RatjackView, history: Sequence[Witnessed], temperature: float
) -> dict[int, list[RatjackEvidence]]:
    """The likelihood functions of the informative decisions of ``view``'s player's opponents in
    ``history`` (the seat's views before each decision, oldest first; see the module docstring),
    per opponent with evidence."""
    me = view["player"]
    views = [w.view for w in history] + [view]
    evidence: dict[int, list[RatjackEvidence]] = {}
    for q in range(view["num_players"]):
        if q == me or view["eliminated"][q] or view["phase"] == "over":
            continue
        mine = [
            i
            for i, w in enumerate(history)
            if w.actor == q
            and w.view["round"] == view["round"]
            and w.view["phase"] in ("setup", "play")
            and w.view["current_player"] == q
        ]
        if not mine:
            continue
        latest = mine[-1]
        move = _read_move(views[latest], views[latest + 1], q)
        exact = move is not None and _still_in_place(views[latest], views[latest + 1], view, q, move)
        found: list[RatjackEvidence] = []
        if move is not None and exact:
            found.append(_PlayEvidence(views[latest], q, move, temperature, f"{latest}").likelihood)
        first = mine[0]
        if views[first]["phase"] == "setup" and not (first == latest and exact):
            if _setup_card_in_place(view, q):
                found.append(_setup_marginal(view, q, temperature))
        if found:
            evidence[q] = found
    return evidence


def belief_redraw(world: RatjackState, player: int, rng: random.Random, opponent: int) -> RatjackState:
    """A copy of ``world`` (a determinization of ``player``'s) with ``opponent``'s cards that
    ``player`` does not know (its hand cards and face-down cards) dealt again as
    :func:`game.rules.ratjack.hidden.determinize` deals them, shuffled with the deck's cards (and
    weasel 3's drawn card while ``opponent`` resolves it): the cards ``player`` knows and every
    other opponent's cards stay where they are."""
    slots = [
        slot
        for slot in unknown_slots(world, player)
        if slot[0] == "deck"
        or (slot[0] in ("hand", "area") and slot[1] == opponent)
        or (slot[0] == "limbo" and world.player == opponent)
    ]
    return redeal(world, player, slots, rng)


def _read_move(before: RatjackView, after: RatjackView, q: int) -> Move | None:
    """What ``q`` did between the two views, if it is a play this module reads; else ``None``."""
    if before["hand_sizes"][q] != 2 or after["hand_sizes"][q] != 1:
        return None
    old, new = before["areas"][q], after["areas"][q]
    k = len(old)
    if len(new) == k + 1 and not new[k]["face_up"] and all(_same(a, b) for a, b in zip(old, new)):
        return (FACE_DOWN, k, -1, -1)
    if len(new) > k and new[k]["face_up"] and new[k]["card"] is not None:
        card = new[k]["card"]
        assert card is not None
        return (FACE_UP, k, card_from_json(card), -1)
    if len(after["discard"]) == len(before["discard"]) + 1 and len(new) == k:
        flipped = [i for i in range(k) if not old[i]["face_up"] and new[i]["face_up"]]
        card = new[flipped[0]]["card"] if len(flipped) == 1 else None
        if card is not None:
            return (FLIP, flipped[0], card_from_json(card), card_from_json(after["discard"][-1]))
    return None


def _same(a: AreaCard, b: AreaCard) -> bool:
    return a["face_up"] == b["face_up"] and a["card"] == b["card"]


def _still_in_place(before: RatjackView, after: RatjackView, now: RatjackView, q: int, move: Move) -> bool:
    """Whether ``q``'s hand card now is the card kept at ``move`` and, face down, the placed card
    still lies face down where it went (``q``'s area as it was after the move, face for face)."""
    if now["hand_sizes"][q] != 1:
        return False
    if move[0] != FACE_DOWN:
        return True
    area = now["areas"][q]
    then = after["areas"][q]
    return len(area) >= len(then) and all(a["face_up"] == b["face_up"] for a, b in zip(area, then))


def _setup_card_in_place(view: RatjackView, q: int) -> bool:
    area = view["areas"][q]
    return bool(area) and not area[0]["face_up"]


class _PlayEvidence:
    """The likelihood of one observed play of opponent ``q`` (see the module docstring)."""

    def __init__(self, before: RatjackView, q: int, move: Move, temperature: float, tag: str) -> None:
        self.before = before
        self.q = q
        self.move = move
        self.temperature = temperature
        self.tag = tag
        self.cache: dict[tuple[int, int], float] = {}

    def likelihood(self, world: RatjackState) -> float:
        kind, k, shown, discarded = self.move
        kept = world.hands[self.q][0]
        if kind == FACE_DOWN:
            placed = world.areas[self.q][k]
            action = Action(FACE_DOWN, card=placed)
        elif kind == FACE_UP:
            placed = shown
            action = Action(FACE_UP, card=shown)
        else:
            placed = discarded
            action = Action(FLIP, card=discarded, card2=shown)
        key = (CARD_ABILITY[placed], CARD_ABILITY[kept])
        value = self.cache.get(key)
        if value is None:
            value = self.cache[key] = self._probability(placed, kept, action)
        return value

    def _probability(self, placed: int, kept: int, action: Action) -> float:
        rng = random.Random(f"{self.tag}:{CARD_ABILITY[placed]}:{CARD_ABILITY[kept]}")
        try:
            view, legal = opponent_view(self.before, self.q, [placed, kept], rng)
        except ValueError:  # the pair does not fit the seat's view of that moment
            return 1.0
        if action not in legal:
            return 1.0
        scores = action_scores(view, legal, rng)
        return decision_probability(scores, legal.index(action), self.temperature)


def opponent_view(
    before: RatjackView, q: int, hand: list[int], rng: random.Random
) -> tuple[RatjackView, list[Action]]:
    """``q``'s view of the moment ``before`` (the seat's view then) with ``hand`` in ``q``'s hand:
    what the seat saw of the table, no other hand card or face-down card of another player, and
    ``q``'s own face-down cards drawn at random from the cards it does not place; with ``q``'s
    legal actions there (``ValueError`` if ``hand`` does not fit the view)."""
    view = copy.deepcopy(before)
    view["player"] = q
    view["hand"] = [card_json(c) for c in sorted(hand)]
    view["known_hands"] = [view["hand"] if p == q else [] for p in range(view["num_players"])]
    for area in view["areas"]:
        for entry in area:
            if not entry["face_up"]:
                entry["card"] = None
    filled = RatjackState.sample_from_view(view, rng)
    for i, entry in enumerate(view["areas"][q]):
        if not entry["face_up"]:
            entry["card"] = card_json(filled.areas[q][i])
    return view, filled.legal_actions()


def _setup_marginal(view: RatjackView, q: int, temperature: float) -> RatjackEvidence:
    """The likelihood of ``q``'s set-up card (index 0 of its area, still face down) having been
    put face down, averaged over the other dealt card (any other card of the two decks)."""
    pool = [DECK_INDEX[d] * 12 + v for d in view["decks"] for v in range(12)]
    table: dict[int, float] = {}
    for placed in pool:
        total = 0.0
        for other in pool:
            if other != placed:
                scores = [SETUP_SCALE * CARD_VALUE[placed], SETUP_SCALE * CARD_VALUE[other]]
                total += decision_probability(scores, 0, temperature)
        table[placed] = total / (len(pool) - 1)

    def likelihood(world: RatjackState) -> float:
        return table[world.areas[q][0]]

    return likelihood


def hidden_facts(state: RatjackState, player: int) -> list[tuple[str, Callable[[RatjackState], Hashable]]]:
    """The opponents' cards ``player`` does not know in ``state``: each hand card (``"hand"``) and
    face-down card (``"face-down"``) by its place, read as its ability (cards of the same value and
    ability are the same card to a player)."""
    bit = 1 << player
    out: list[tuple[str, Callable[[RatjackState], Hashable]]] = []
    for q in range(state.num_players):
        if q == player:
            continue
        for i, c in enumerate(state.hands[q]):
            if not state.known[c] & bit:
                out.append(("hand", _reader(True, q, i)))
        for i, c in enumerate(state.areas[q]):
            if not state.face_up[c] and not state.known[c] & bit:
                out.append(("face-down", _reader(False, q, i)))
    return out


def _reader(hand: bool, q: int, i: int) -> Callable[[RatjackState], Hashable]:
    if hand:
        return lambda world: CARD_ABILITY[world.hands[q][i]] if i < len(world.hands[q]) else None
    return lambda world: CARD_ABILITY[world.areas[q][i]] if i < len(world.areas[q]) else None
