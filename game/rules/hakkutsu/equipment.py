"""Equipment cards: when each may be used and what it does.

Phases (from the data file): ``movement`` cards before moving, ``mining``
cards in the mining phase, ``any`` cards at any decision of your own turn
(movement, mining, and after the base action or the mining decision).

Ruling: a card may only be used when it changes something (a second Crane or
Joint Dig in the same turn, a Drill on a card that already costs 0, a Jeep
beyond the largest useful movement, a Grant with an empty supply or a
Detector with nothing left to look at are not offered).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from .actions import DETECT_SECOND, DETECT_TOP, HELICOPTERS, USES, Action
from .board import CELLS, MAX_MOVE, cell_json
from .data import DATA

if TYPE_CHECKING:
    from .state import HakkutsuState
    from .views import HakkutsuEvent

TYPES = DATA.equipment
EFFECT = tuple(t.effect for t in TYPES)
PHASE = tuple(t.phase for t in TYPES)
VALUE = tuple(t.value for t in TYPES)
KEYS = tuple(t.key for t in TYPES)
TYPE_BY_KEY = {t.key: t.id for t in TYPES}
FULL_DECK = tuple(t.id for t in TYPES for _ in range(t.count))
HELI_FROM = tuple(tuple(HELICOPTERS[c] for c in range(CELLS) if c != cell) for cell in range(CELLS))
ROCK_COST = tuple(r.cost for r in DATA.rocks)
ROCK_CARRY = tuple(r.carry for r in DATA.rocks)
#: ``OTHERS[n][p]``: the players of an ``n``-player game other than ``p``.
OTHERS = tuple(tuple(tuple(q for q in range(n) if q != p) for p in range(n)) for n in range(5))


def iter_detector_targets(state: HakkutsuState, p: int) -> Iterator[Action]:
    """Detector actions, one by one: face-down top/second cards of sites that ``p`` has not seen."""
    stacks, face_up = state.stacks, state.face_up
    known = state.peek[p]
    for cell, n in enumerate(state.site_n):
        if not n:
            continue
        st = stacks[cell]
        if not face_up[cell] and not (known >> st[n - 1]) & 1:
            yield DETECT_TOP[cell]
        if n >= 2 and not (known >> st[n - 2]) & 1:
            yield DETECT_SECOND[cell]


def detector_targets(state: HakkutsuState, p: int) -> list[Action]:
    """Detector actions: face-down top/second cards of sites that ``p`` has not seen."""
    return list(iter_detector_targets(state, p))


def has_detector_target(state: HakkutsuState, p: int) -> bool:
    """Is there a card a Detector of ``p`` could look at? (Stops at the first.)"""
    return next(iter_detector_targets(state, p), None) is not None


def usable_actions(state: HakkutsuState, p: int, phase: str) -> list[Action]:
    """The equipment actions ``p`` may take in ``phase`` ("move", "mine" or "end")."""
    out: list[Action] = []
    hand = state.eq_hand[p]
    for t in sorted(set(hand)):
        ph = PHASE[t]
        eff = EFFECT[t]
        if ph == "movement":
            if phase != "move":
                continue
            if eff == "jeep":
                if state.movement_now() < MAX_MOVE:
                    out.append(USES[t])
            else:
                out.extend(HELI_FROM[state.pos[p]])
        elif ph == "mining":
            if phase != "mine":
                continue
            cell = state.pos[p]
            card = state.stacks[cell][state.site_n[cell] - 1]
            if eff == "joint-dig":
                if not state.joint and state.other_pawn_at(p, cell):
                    out.append(USES[t])
            elif eff == "drill":
                if ROCK_COST[card] > state.drill:
                    out.append(USES[t])
            elif not state.crane and ROCK_CARRY[card] > 0:
                out.append(USES[t])
        elif eff == "grant":
            if state.supply > 0:
                out.append(USES[t])
        else:
            out.extend(detector_targets(state, p))
    return out


def has_any_phase_use(state: HakkutsuState, p: int) -> bool:
    """Could ``p`` still use a Grant or Detector now (so the turn needs an explicit end)?"""
    for t in state.eq_hand[p]:
        if PHASE[t] == "any":
            if EFFECT[t] == "grant":
                if state.supply > 0:
                    return True
            elif has_detector_target(state, p):
                return True
    return False


def use(state: HakkutsuState, p: int, action: Action, events: list[HakkutsuEvent]) -> None:
    """Discard the card ``action`` uses and carry out its effect."""
    if action.kind == "use":
        t = TYPE_BY_KEY[action.name]
    elif action.kind == "helicopter":
        t = _type_with_effect(state.eq_hand[p], "helicopter")
    else:
        t = _type_with_effect(state.eq_hand[p], "detector")
    state.eq_hand[p].remove(t)
    state.eq_discard.append(t)
    eff = EFFECT[t]
    # the card was hidden in p's hand: the others see it now
    ev: HakkutsuEvent = {
        "type": "equipment_used",
        "player": p,
        "card": KEYS[t],
        "effect": eff,
        "revealed_to": list(OTHERS[state.num_players][p]),
    }
    events.append(ev)
    if eff == "jeep":
        state.move_bonus += VALUE[t]
        ev["movement"] = state.movement_now()
    elif eff == "drill":
        state.drill += VALUE[t]
    elif eff == "crane":
        state.crane = True
    elif eff == "joint-dig":
        state.joint = True
    elif eff == "grant":
        take = min(VALUE[t], state.supply)
        state.change_coins(p, take, "grant", events)
    elif eff == "helicopter":
        cell = action.cell
        events.append(
            {
                "type": "pawn_moved",
                "player": p,
                "from": cell_json(state.pos[p]),
                "to": cell_json(cell),
                "via": "helicopter",
            }
        )
        state.pos[p] = cell
        state.arrive(p, cell, events)
    else:
        cell = action.cell
        n = state.site_n[cell]
        card = state.stacks[cell][n - 2 if action.second else n - 1]
        news = not state.peek[p] >> card & 1
        state.peek[p] |= 1 << card
        peeked: HakkutsuEvent = {
            "type": "card_peeked",
            "player": p,
            "cell": cell_json(cell),
            "position": "second" if action.second else "top",
            "card": state.card_view(card),
            "visible_to": [p],
            "private": ["card"],
        }
        if news:
            peeked["revealed_to"] = [p]
        events.append(peeked)


def _type_with_effect(hand: Iterable[int], effect: str) -> int:
    for t in hand:
        if EFFECT[t] == effect:
            return t
    raise ValueError(f"no {effect} card in hand")
