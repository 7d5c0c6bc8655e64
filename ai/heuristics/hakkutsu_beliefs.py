"""Hakkutsu!!'s evidence for :mod:`ai.beliefs`: an opponent's museum card and kept equipment from
what it digs, skips and keeps.

Read from the seat's own history (its view before every decision, oldest first), per opponent:

* **the museum card** (secret in the basic set-up; drafted museums are public and need none):
  every move (or Helicopter flight, Jeep, Grant) in the opponent's movement phase and every
  mining decision (mine, skip, or the equipment card used) is read off the views before and
  after it.  For each museum card the seat has not seen, the opponent's view of that moment is
  rebuilt from the seat's view then with that museum (and the equipment card used there, the
  only one of its hand the seat knows), and the likelihood is the opponent model's probability
  of the decision made (:func:`ai.beliefs.decision_probability` over
  :func:`ai.heuristics.hakkutsu.action_scores`, legal actions the cells in reach plus the card
  used).  A museum that rewards the rocks it goes for and digs makes its decisions likely, one
  that rewards the rocks it skips unlikely.  The decisions' likelihoods multiply into one table
  of museum cards per opponent, a world's likelihood the entry of its museum card;
* **the equipment kept at the set-up**: the heuristic keeps the better card of its deal
  (:data:`~ai.heuristics.hakkutsu.KEEP_ORDER`), so a kept Helicopter is likelier than a kept
  Detector.  The kept card is one of the cards the opponent holds in a world or has used since
  (the others were drawn at the base); the likelihood is the mean over them of the chance that
  the heuristic keeps that card of a random deal, over the chance of drawing it.

A rejected world is drawn again by :func:`belief_redraw`, which deals only these cards again
(a few microseconds, against some 40 for a whole determinization).

Cost: a decision's table of museum cards is computed once (a few heuristic calls per museum
card) and kept for the later searches of the same seat (:data:`_TABLES`, by the identity of the
history's view, which that seat's history keeps); a world's weight is then one lookup per
opponent and fact.  Not read yet: the equipment an opponent did not use where the heuristic
would have (a Helicopter to a far better site), Detectors, the draft.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from game.rules.hakkutsu import equipment as eqm
from game.rules.hakkutsu.actions import HELICOPTER, MINE_ACTION, MOVES, SKIP_ACTION, USES, Action
from game.rules.hakkutsu.data import DATA
from game.rules.hakkutsu.hidden import returned_range
from game.rules.hakkutsu.state import HakkutsuState
from game.rules.hakkutsu.views import EQUIPMENT_VIEWS, MUSEUM_VIEWS, CellView, HakkutsuView

from ..beliefs import decision_probability
from .hakkutsu import action_scores, keep_score

if TYPE_CHECKING:
    from game.rules.seat import Witnessed

#: How likely a world makes one observed decision (:data:`ai.beliefs.Evidence` on Hakkutsu!! states).
HakkutsuEvidence = Callable[[HakkutsuState], float]

#: The opponent model's temperature is ``TEMPERATURE_SCALE`` times :data:`ai.beliefs.TEMPERATURE`
#: (3, in Ratjack's score units); :func:`~ai.heuristics.hakkutsu.action_scores` are in points of
#: a card's value (see ``ai/README.md`` for the values tried).
TEMPERATURE_SCALE = 1 / 3
#: Decisions' tables of museum cards kept for later searches (least recently used dropped first).
TABLES_KEPT = 2048
#: ``(id(view before), opponent, temperature)`` -> (that view, kept alive so its id stays its own;
#: the decision's likelihood per museum card id, or ``None``: the decision tells nothing).
_TABLES: OrderedDict[tuple[int, int, float], tuple[HakkutsuView, dict[int, float] | None]] = OrderedDict()
_MUSEUM_BY_KEY = {m.key: m.id for m in DATA.museums}


def belief_evidence(
    view: HakkutsuView, history: Sequence[Witnessed], temperature: float
) -> list[HakkutsuEvidence]:
    """The likelihood functions of what ``view``'s player saw its opponents do in ``history`` (the
    seat's views before each decision, oldest first): per opponent, one for its museum card and one
    for its kept equipment, where there is evidence (see the module docstring)."""
    if view["phase"] == "over" or not history:
        return []
    me = view["player"]
    t = temperature * TEMPERATURE_SCALE
    views: list[HakkutsuView] = [w.view for w in history] + [view]
    evidence: list[HakkutsuEvidence] = []
    for q in range(view["num_players"]):
        if q == me:
            continue
        mine = [i for i, w in enumerate(history) if w.actor == q]
        if view["museum"][q] is None:
            table = _museum_table(views, mine, q, t)
            if table is not None:
                evidence.append(_lookup_museum(q, table))
        if any(views[i]["phase"] == "equip" for i in mine):
            used = [k for i in mine if (k := _used(views[i], views[i + 1])) is not None]
            evidence.append(_KeptEquipment(q, used, t).likelihood)
    return evidence


def _lookup_museum(q: int, table: dict[int, float]) -> HakkutsuEvidence:
    def likelihood(world: HakkutsuState) -> float:
        return table.get(world.museum[q], 1.0)

    return likelihood


def _museum_table(views: list[HakkutsuView], mine: list[int], q: int, t: float) -> dict[int, float] | None:
    """The product of ``q``'s decisions' likelihoods per museum card, scaled to a largest of 1
    (``None``: no decision tells anything)."""
    product: dict[int, float] | None = None
    for i in mine:
        table = decision_table(views[i], views[i + 1], q, t)
        if table is None:
            continue
        if product is None:
            product = dict(table)
        else:
            for m in product:
                product[m] *= table.get(m, 1.0)
            top = max(product.values())
            if top < 1e-100:
                product = {m: p / top for m, p in product.items()}
    if product is None:
        return None
    top = max(product.values())
    return {m: p / top for m, p in product.items()}


def decision_table(before: HakkutsuView, after: HakkutsuView, q: int, t: float) -> dict[int, float] | None:
    """The likelihood of ``q``'s decision between the seat's views ``before`` and ``after`` per
    museum card ``q`` may hold (``None``: not a decision read here, or one with no choice); cached
    in :data:`_TABLES`."""
    key = (id(before), q, t)
    hit = _TABLES.get(key)
    if hit is not None and hit[0] is before:
        _TABLES.move_to_end(key)
        return hit[1]
    table = _compute_table(before, after, q, t)
    _TABLES[key] = (before, table)
    if len(_TABLES) > TABLES_KEPT:
        _TABLES.popitem(last=False)
    return table


def _compute_table(before: HakkutsuView, after: HakkutsuView, q: int, t: float) -> dict[int, float] | None:
    read = read_decision(before, after, q)
    if read is None:
        return None
    action, legal, hand = read
    if len(legal) < 2:
        return None
    chosen = legal.index(action)
    seen = {_MUSEUM_BY_KEY[m["key"]] for m in before["museum"] if m is not None}
    table: dict[int, float] = {}
    for m in range(len(DATA.museums)):
        if m not in seen:
            scores = action_scores(opponent_view(before, q, m, hand), legal)
            table[m] = decision_probability(scores, chosen, t)
    return table


def read_decision(
    before: HakkutsuView, after: HakkutsuView, q: int
) -> tuple[Action, list[Action], list[str]] | None:
    """What ``q`` did between the seat's views ``before`` and ``after``, the actions it chose among
    as far as the seat can tell and the equipment card it is known to hold then (the one it used):
    a move or a card used in the movement phase, mine / skip / a card used in the mining phase;
    ``None`` for other decisions (set-up, a turn's end, a Detector)."""
    turn = before["turn"]
    if turn is None or turn["player"] != q or before["phase"] not in ("move", "mine"):
        return None
    used = _used(before, after)
    if used == "detector":
        return None
    hand = [used] if used is not None else []
    if before["phase"] == "move":
        r, c = before["pawns"][q]
        here = r * DATA.cols + c
        legal = [MOVES[rc[0] * DATA.cols + rc[1]] for rc in turn.get("reachable", [])]
        if used == "helicopter":
            legal += [Action(HELICOPTER, cell) for cell in range(DATA.rows * DATA.cols) if cell != here]
            r, c = after["pawns"][q]
            return Action(HELICOPTER, r * DATA.cols + c), legal, hand
        if used is not None:
            legal.append(USES[eqm.TYPE_BY_KEY[used]])
            return USES[eqm.TYPE_BY_KEY[used]], legal, hand
        r, c = after["pawns"][q]
        action = MOVES[r * DATA.cols + c]
        return (action, legal, hand) if action in legal else None
    legal = [MINE_ACTION] if turn.get("can_mine") else []
    if used is not None:
        legal.append(USES[eqm.TYPE_BY_KEY[used]])
        action = USES[eqm.TYPE_BY_KEY[used]]
    elif len(after["carts"][q]) > len(before["carts"][q]):
        action = MINE_ACTION
    else:
        action = SKIP_ACTION
    legal.append(SKIP_ACTION)
    return (action, legal, hand) if action in legal else None


def _used(before: HakkutsuView, after: HakkutsuView) -> str | None:
    """The equipment card used between two consecutive views (the discard pile grew by it)."""
    old, new = before["equipment_discard"], after["equipment_discard"]
    if len(new) == len(old) + 1 and new[:-1] == old:
        return new[-1]
    return None


def opponent_view(before: HakkutsuView, q: int, museum: int, hand: list[str]) -> HakkutsuView:
    """``q``'s view of the moment ``before`` (the seat's view then) as far as the heuristic reads it,
    with ``museum`` its museum card and ``hand`` (equipment keys) its equipment: the seat's own
    Detector sightings are taken off the map (``q`` did not make them)."""
    view = before.copy()
    view["player"] = q
    museums = list(before["museum"])
    museums[q] = MUSEUM_VIEWS[museum]
    view["museum"] = museums
    view["equipment"] = [EQUIPMENT_VIEWS[eqm.TYPE_BY_KEY[k]] for k in hand]
    if any(cell.get("peeked") for row in before["map"] for cell in row):
        view["map"] = [[_unpeeked(cell) for cell in row] for row in before["map"]]
    return view


def _unpeeked(cell: CellView) -> CellView:
    if not cell.get("peeked"):
        return cell
    out = cell.copy()
    out["peeked"] = []
    return out


@cache
def keep_chances(t: float) -> dict[int, float]:
    """Per equipment type, the chance that the opponent model keeps a card of that type from a
    random deal of :data:`~game.rules.hakkutsu.data.DATA`'s ``equipment_dealt`` (2) cards, over
    the chance of drawing one (the uniform sampler's chance of the kept card)."""
    counts = [0] * len(eqm.KEYS)
    for c in eqm.FULL_DECK:
        counts[c] += 1
    n = len(eqm.FULL_DECK)
    keep: dict[int, float] = {}
    for k, ck in enumerate(counts):
        total = 0.0
        for r, cr in enumerate(counts):
            if r == k:
                total += ck / n * (ck - 1) / (n - 1)  # both dealt cards alike: kept for sure
                continue
            pair = 2 * ck / n * cr / (n - 1)
            scores = [keep_score(eqm.KEYS[k]), keep_score(eqm.KEYS[r])]
            total += pair * decision_probability(scores, 0, t)
        keep[k] = total / (ck / n)
    return keep


class _KeptEquipment:
    """The likelihood of ``q``'s kept equipment card (see the module docstring)."""

    def __init__(self, q: int, used: list[str], t: float) -> None:
        self.q = q
        self.used = [eqm.TYPE_BY_KEY[k] for k in used]
        self.ratio = keep_chances(t)
        self.cache: dict[tuple[int, ...], float] = {}

    def likelihood(self, world: HakkutsuState) -> float:
        held = tuple(sorted(world.eq_hand[self.q]))
        value = self.cache.get(held)
        if value is None:
            cards = list(held) + self.used
            value = self.cache[held] = sum(self.ratio[c] for c in cards) / len(cards) if cards else 1.0
        return value


def belief_redraw(world: HakkutsuState, player: int, rng: random.Random) -> HakkutsuState:
    """A copy of ``world`` (a determinization of ``player``'s) with the cards the evidence reads
    dealt again as :func:`game.rules.hakkutsu.hidden.determinize` deals them, the rest as it is:
    each opponent's secret museum card from the museum cards ``player`` has not seen, each
    opponent's equipment cards from the equipment cards ``player`` cannot place (a few swaps of a
    shuffle, not the whole deck shuffled again: the deck order stays random)."""
    d = world.clone()
    n = d.num_players
    secret = [q for q in range(n) if q != player and d.museum[q] >= 0 and not d.museum_public[q]]
    if secret:
        unseen_pool = not (d.draft_seen >> player) & 1
        museums = [d.museum[q] for q in secret] + d.museum_deck + (d.draft_pool if unseen_pool else [])
        _swap_in(museums, len(secret), rng)
        k = len(secret)
        for i, q in enumerate(secret):
            d.museum[q] = museums[i]
        d.museum_deck = museums[k : k + len(d.museum_deck)]
        if unseen_pool:
            d.draft_pool = sorted(museums[k + len(d.museum_deck) :])
    others = [q for q in range(n) if q != player and d.eq_hand[q]]
    if others:
        cards = [c for q in others for c in d.eq_hand[q]]
        held = len(cards)
        cards += d.eq_deck
        deals = [q for q in range(n) if q != player and d.eq_deal[q]]  # in the set-up only
        for q in deals:
            cards += d.eq_deal[q]
        own = returned_range(d, player) if d.eq_returned else range(0)
        free = [i for i in range(len(d.eq_returned)) if i not in own]
        cards += [d.eq_returned[i] for i in free]
        _swap_in(cards, held, rng)
        at = 0
        for q in others:
            size = len(d.eq_hand[q])
            d.eq_hand[q] = cards[at : at + size]
            at += size
        d.eq_deck = cards[at : at + len(d.eq_deck)]
        at += len(d.eq_deck)
        for q in deals:
            size = len(d.eq_deal[q])
            d.eq_deal[q] = cards[at : at + size]
            at += size
        for i in free:
            d.eq_returned[i] = cards[at]
            at += 1
    d._legal_cache = None
    return d


def _swap_in(cards: list[int], k: int, rng: random.Random) -> None:
    """The first ``k`` places of ``cards`` filled at random from all of it (Fisher-Yates' first steps)."""
    size = len(cards)
    for i in range(k):
        j = i + int(rng.random() * (size - i))
        cards[i], cards[j] = cards[j], cards[i]


def hidden_facts(state: HakkutsuState, player: int) -> list[tuple[str, Callable[[HakkutsuState], Hashable]]]:
    """What ``player`` does not know of the opponents' hidden cards in ``state``: each opponent's
    secret museum card (``"museum"``) and its equipment cards in hand (``"equipment"``, read as the
    sorted types); nothing once the game is over."""
    if state.phase == "over":
        return []
    out: list[tuple[str, Callable[[HakkutsuState], Hashable]]] = []
    for q in range(state.num_players):
        if q == player:
            continue
        if state.museum[q] >= 0 and not state.museum_public[q]:
            out.append(("museum", _museum_reader(q)))
        if state.eq_hand[q]:
            out.append(("equipment", _hand_reader(q)))
    return out


def _museum_reader(q: int) -> Callable[[HakkutsuState], Hashable]:
    return lambda world: world.museum[q]


def _hand_reader(q: int) -> Callable[[HakkutsuState], Hashable]:
    return lambda world: tuple(sorted(world.eq_hand[q]))
