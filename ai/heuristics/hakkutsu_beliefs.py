"""Hakkutsu!!'s evidence for :mod:`ai.beliefs`: an opponent's museum card and equipment cards from
what it digs, skips, keeps and uses.

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
* **the equipment cards**: the opponent's hand before each of its decisions since its last draw
  is the world's hand now plus the cards it used since (public).  The engine offers a player the
  turn's end only while a Grant or a Detector could still be used, so every move or mining
  decision that ended a turn says whether the hand held one (a world that does not fit gets
  :data:`MISFIT`); at the turn's end and in the movement phase, using a Grant or not is scored
  by the opponent model (the heuristic uses one when its coins run low).  While the opponent has
  drawn nothing since the set-up, its one card is the one it kept: the heuristic keeps the better
  card of its deal (:data:`~ai.heuristics.hakkutsu.KEEP_ORDER`), so a kept Helicopter is likelier
  than a kept Detector (:func:`keep_chances`).

Each likelihood reads only its opponent's museum card or equipment hand, so :mod:`ai.beliefs`
draws the worlds opponent by opponent: a rejected opponent's cards are drawn again by
:func:`belief_redraw`, which deals only that opponent's museum and equipment cards again (a few
microseconds, against some 40 for a whole determinization).

Cost: a decision's table of museum cards is computed once (a few heuristic calls per museum
card) and kept for the later searches of the same seat (:data:`_TABLES`, by the identity of the
history's view, which that seat's history keeps); a world's weight is then one lookup per
opponent for the museum and one per hand of equipment cards (computed once a search per hand).
Not read yet: a Helicopter or a Jeep not used where the heuristic would have, Detectors'
targets, the draft's picks (public: nothing hidden follows from them).
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from game.rules.hakkutsu import equipment as eqm
from game.rules.hakkutsu.actions import END_ACTION, HELICOPTER, MINE_ACTION, MOVES, SKIP_ACTION, USES, Action
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
#: (3, in Ratjack's score units): 1 point of :func:`~ai.heuristics.hakkutsu.action_scores` (a
#: card's value).  Chosen with ``tools.belief_diagnostic --game hakkutsu`` (``ai/README.md``): at
#: 0.5, 1 and 3 points the true museum is held in 56%, 48% and 33% of the worlds against the
#: heuristic (uniform 12.5%); against the ``normal`` bot 0.5 is overconfident (24% and a negative
#: log-ratio), 1 holds it in 29%.
TEMPERATURE_SCALE = 1 / 3
#: Decisions' tables of museum cards kept for later searches (least recently used dropped first).
TABLES_KEPT = 2048
#: ``(id(view before), opponent, temperature)`` -> (that view, kept alive so its id stays its own;
#: the decision's likelihood per museum card id, or ``None``: the decision tells nothing).
_TABLES: OrderedDict[tuple[int, int, float], tuple[HakkutsuView, dict[int, float] | None]] = OrderedDict()
_MUSEUM_BY_KEY = {m.key: m.id for m in DATA.museums}


def belief_evidence(
    view: HakkutsuView, history: Sequence[Witnessed], temperature: float
) -> dict[int, list[HakkutsuEvidence]]:
    """The likelihood functions of what ``view``'s player saw its opponents do in ``history`` (the
    seat's views before each decision, oldest first): per opponent with evidence, one for its
    museum card and one for its kept equipment, where there is evidence (see the module
    docstring)."""
    if view["phase"] == "over" or not history:
        return {}
    me = view["player"]
    t = temperature * TEMPERATURE_SCALE
    views: list[HakkutsuView] = [w.view for w in history] + [view]
    evidence: dict[int, list[HakkutsuEvidence]] = {}
    for q in range(view["num_players"]):
        if q == me:
            continue
        mine = [i for i, w in enumerate(history) if w.actor == q]
        found: list[HakkutsuEvidence] = []
        if view["museum"][q] is None:
            table = _museum_table(views, mine, q, t)
            if table is not None:
                found.append(_lookup_museum(q, table))
        equipment = _equipment_evidence(views, mine, q, t)
        if equipment is not None:
            found.append(equipment.likelihood)
        if found:
            evidence[q] = found
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


def opponent_view(before: HakkutsuView, q: int, museum: int | None, hand: list[str]) -> HakkutsuView:
    """``q``'s view of the moment ``before`` (the seat's view then) as far as the heuristic reads it,
    with ``museum`` its museum card (``None``: as the seat sees it) and ``hand`` (equipment keys)
    its equipment: the seat's own Detector sightings are taken off the map (``q`` did not make
    them)."""
    view = before.copy()
    view["player"] = q
    if museum is not None:
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


#: The likelihood of a world where an opponent's hand does not fit whether the engine offered it
#: the turn's end (a Grant or a Detector it could still use): a reading error, not a decision.
MISFIT = 0.02


def _drew(before: HakkutsuView, after: HakkutsuView, q: int) -> bool:
    """Whether ``q`` drew an equipment card between the two views (a base action)."""
    gone = 1 if _used(before, after) is not None else 0
    return after["equipment_counts"][q] > before["equipment_counts"][q] - gone


def _equipment_evidence(views: list[HakkutsuView], mine: list[int], q: int, t: float) -> _HandEvidence | None:
    """The evidence on ``q``'s equipment cards (see :class:`_HandEvidence`), from the set-up on
    (``None`` if the seat did not see ``q`` keep its card, or nothing is known since)."""
    keeps = [i for i in mine if views[i]["phase"] == "equip"]
    if not keeps:
        return None
    used = {i: eqm.TYPE_BY_KEY[k] for i in mine if (k := _used(views[i], views[i + 1])) is not None}
    draws = [i for i in mine if i > keeps[-1] and _drew(views[i], views[i + 1], q)]
    start = draws[-1] if draws else keeps[-1]
    window = [i for i in mine if i >= start]
    return _HandEvidence(views, q, window, used, kept=not draws, t=t)


class _HandEvidence:
    """How likely a world's equipment cards of opponent ``q`` make what ``q`` was seen to do.

    ``q``'s hand before each of its decisions since its last draw is the world's hand now plus the
    cards it used since (public).  Per such decision: whether the engine offered ``q`` the turn's
    end after its move or mining (it does when a Grant or a Detector could still be used: a world
    that does not fit gets :data:`MISFIT`); at the turn's end and in the movement phase, the
    opponent model's probability of using a Grant or not (the heuristic uses one when its coins
    run low).  While ``q`` has drawn nothing since the set-up, the one card it holds or has used is
    the one it kept: the chance that the heuristic keeps such a card (:func:`keep_chances`).
    """

    def __init__(
        self, views: list[HakkutsuView], q: int, window: list[int], used: dict[int, int], kept: bool, t: float
    ) -> None:
        self.views = views
        self.q = q
        self.window = window
        self.used = used
        self.kept = kept
        self.t = t
        self.cache: dict[tuple[int, ...], float] = {}

    def likelihood(self, world: HakkutsuState) -> float:
        held = tuple(sorted(world.eq_hand[self.q]))
        value = self.cache.get(held)
        if value is None:
            value = self.cache[held] = self._likelihood(list(held))
        return value

    def _likelihood(self, held: list[int]) -> float:
        value = 1.0
        if self.kept:
            cards = held + list(self.used.values())
            if len(cards) == 1:
                value *= keep_chances(self.t)[cards[0]]
        views, q = self.views, self.q
        start = self.window[0]
        for i in self.window:
            after_hand = held + [c for j, c in self.used.items() if j > i]
            before, after = views[i], views[i + 1]
            if i > start:
                value *= self._grant_decision(
                    before, after, after_hand + [c for j, c in self.used.items() if j == i]
                )
            ended = _ends_phase(before, after, q)
            if ended is not None and ended != _may_end_later(after, after_hand):
                value *= MISFIT
        return value

    def _grant_decision(self, before: HakkutsuView, after: HakkutsuView, hand: list[int]) -> float:
        """The probability of ``q``'s decision at ``before`` for a hand, as far as a Grant goes: its
        use or not at the turn's end, or in the movement phase."""
        q = self.q
        turn = before["turn"]
        if turn is None or turn["player"] != q or before["phase"] not in ("move", "end"):
            return 1.0
        grant = eqm.TYPE_BY_KEY["grant"]
        if grant not in hand or before["coin_supply"] <= 0:
            return 1.0
        used = _used(before, after)
        keys = [eqm.KEYS[c] for c in hand]
        if before["phase"] == "end":
            legal = [END_ACTION, USES[grant]]
            action = USES[grant] if used == "grant" else END_ACTION if used is None else None
        else:
            read = read_decision(before, after, q)
            if read is None:
                return 1.0
            action, legal, _ = read
            if USES[grant] not in legal:
                legal = legal + [USES[grant]]
        if action is None:
            return 1.0
        scores = action_scores(opponent_view(before, q, None, keys), legal)
        return decision_probability(scores, legal.index(action), self.t)


def _ends_phase(before: HakkutsuView, after: HakkutsuView, q: int) -> bool | None:
    """After ``q``'s move or mining decision that ended its action (no mining phase next): whether
    the engine offered it the turn's end; ``None`` for other decisions."""
    turn = before["turn"]
    if turn is None or turn["player"] != q or before["phase"] not in ("move", "mine"):
        return None
    if _used(before, after) is not None:
        return None
    nxt = after["turn"]
    if nxt is not None and nxt["player"] == q and after["phase"] == "mine":
        return None  # moved onto a site: the mining decision comes first
    return nxt is not None and nxt["player"] == q and after["phase"] == "end"


def _may_end_later(after: HakkutsuView, hand: list[int]) -> bool:
    """Whether a hand could still use a Grant (coins in the supply) or a Detector (a face-down top
    or second card somewhere: the seat cannot tell which ones the opponent saw) in ``after``."""
    keys = {eqm.KEYS[c] for c in hand}
    if "grant" in keys and after["coin_supply"] > 0:
        return True
    if "detector" in keys:
        return any(
            not cell["base"] and (cell["stack_size"] >= 2 or (cell["stack_size"] and not cell["face_up"]))
            for row in after["map"]
            for cell in row
        )
    return False


def belief_redraw(world: HakkutsuState, player: int, rng: random.Random, opponent: int) -> HakkutsuState:
    """A copy of ``world`` (a determinization of ``player``'s) with the cards of ``opponent`` that
    the evidence reads dealt again from the pool :func:`game.rules.hakkutsu.hidden.determinize`
    deals them from, every other card where it is: its secret museum card from the museum cards
    ``player`` has not seen (the unused ones, and the draft pool while ``player`` has not seen it),
    its equipment cards from the equipment cards ``player`` cannot place that are no other
    opponent's (the deck, and ``opponent``'s own dealt and returned cards in the set-up).  The
    first steps of a shuffle, swapped in place: the rest stays in a random order."""
    d = world.clone()
    q = opponent
    if q != player and d.museum[q] >= 0 and not d.museum_public[q]:
        rest = [d.museum_deck]
        if not (d.draft_seen >> player) & 1:
            rest.append(d.draft_pool)
        _swap_in([(d.museum, q)], rest, rng)
        d.draft_pool.sort()
    if q != player and d.eq_hand[q]:
        held = [(d.eq_hand[q], i) for i in range(len(d.eq_hand[q]))]
        rest = [d.eq_deck, d.eq_deal[q]]
        returned = [i for i in returned_range(d, q) if i < len(d.eq_returned)]
        back = [d.eq_returned[i] for i in returned]
        _swap_in(held, rest + [back], rng)
        for i, c in zip(returned, back):
            d.eq_returned[i] = c
    d._legal_cache = None
    return d


def _swap_in(slots: list[tuple[list[int], int]], rest: list[list[int]], rng: random.Random) -> None:
    """The cards at ``slots`` (a list and an index each) drawn at random from them and the cards
    of the lists ``rest``, by swaps (the first steps of a Fisher-Yates shuffle)."""
    k = len(slots)
    size = k + sum(len(r) for r in rest)
    for i in range(k):
        j = i + int(rng.random() * (size - i))
        if j == i:
            continue
        a, x = slots[i]
        if j < k:
            b, y = slots[j]
        else:
            y = j - k
            for b in rest:
                if y < len(b):
                    break
                y -= len(b)
        a[x], b[y] = b[y], a[x]


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
