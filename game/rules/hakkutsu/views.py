"""What one player sees: the JSON-friendly ``view(player)`` of a Hakkutsu state.

Never included: face-down cards (unless this player saw them with a
Detector: ``map[r][c]["peeked"]``), the set-aside cards, other players'
secret museum cards and equipment cards, the equipment deck order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ..core import BaseView, Event
from . import equipment as eqm
from .board import BASE, COLS, MAX_MOVE, MOVE_TABLE, ROWS, SITE_AREA
from .data import DATA
from .hidden import returned_range
from .scoring import Breakdown, public_score

if TYPE_CHECKING:
    from .state import HakkutsuState


class CardView(TypedDict):
    """A rock card as views and events show it."""

    id: int
    key: str
    name: str
    name_ja: str
    kind: str
    area: str
    cost: int
    carry: int
    points: int
    fossils: int
    ability: str | None


class EquipmentView(TypedDict):
    """An equipment card type."""

    key: str
    name: str
    name_ja: str
    phase: str
    text: str


class MuseumView(TypedDict):
    """A museum card and its bonus rule."""

    key: str
    name: str
    name_ja: str
    bonus: str
    points: int
    kind: str | None
    kinds: list[str]
    areas: list[str]


class PeekedCard(TypedDict):
    """A face-down card of a site the viewer saw with a Detector."""

    position: str
    card: CardView


class CellView(TypedDict, total=False):
    """A cell of the map: the base (``{"base": True}``) or a site with its stack."""

    base: bool
    area: str
    stack_size: int
    top: CardView | None
    face_up: bool
    peeked: list[PeekedCard]


class TurnView(TypedDict):
    """The turn in progress (phases move, mine and end)."""

    player: int
    moved_from: list[int]
    movement: int
    jeep_bonus: int
    drill: int
    crane: bool
    joint_dig: bool
    #: In the move phase: the cells the pawn may end on.
    reachable: NotRequired[list[list[int]]]
    #: In the mine phase: whether the player may mine, else why not.
    can_mine: NotRequired[bool]
    mining_refusal: NotRequired[str | None]


class HakkutsuView(BaseView):
    """What one player sees (:func:`view`); ``breakdown``, ``winners`` and ``unused_equipment``
    once the game is over."""

    mode: str
    draft: bool
    rounds: int | None
    end_empty_sites: int
    phase: str
    round: int
    start_player: int
    map: list[list[CellView]]
    base: list[int]
    set_aside: int
    pawns: list[list[int]]
    coins: list[int]
    coin_supply: int
    carts: list[list[CardView]]
    cart_units: list[int]
    cart_track: list[int]
    collections: list[list[CardView]]
    movement: list[int]
    refill: list[int]
    equipment: list[EquipmentView]
    equipment_counts: list[int]
    equipment_deck: int
    equipment_discard: list[str]
    equipment_dealt: list[str]
    equipment_returned: list[str]
    museum: list[MuseumView | None]
    draft_pool: list[MuseumView] | None
    draft_pool_size: int
    empty_sites: int
    public_scores: list[int]
    turn: TurnView | None
    breakdown: NotRequired[list[Breakdown]]
    winners: NotRequired[list[int]]
    unused_equipment: NotRequired[list[int]]


# ``from`` is a Python keyword: the one key declared in the functional form.
_FromKey = TypedDict("_FromKey", {"from": list[int]}, total=False)


class HakkutsuEvent(_FromKey, Event, total=False):
    """Every key a Hakkutsu!! event may carry; ``type`` says which it has.

    Setup: ``museum_drafted``, ``equipment_dealt``, ``equipment_kept``, ``equipment_shuffled``.
    Turns: ``round_started``, ``turn_started``, ``pawn_moved``, ``card_flipped``,
    ``base_action``, ``coins_changed``, ``cart_unloaded``, ``equipment_drawn``, ``card_mined``,
    ``mining_skipped``, ``equipment_used``, ``card_peeked``, ``turn_ended``, ``round_ended``,
    ``game_over``.  Cells are ``[row, column]``.
    """

    player: int
    museum: str
    #: An equipment key (dealt, kept, drawn, used) or a rock card.
    card: str | CardView
    cards: list[str] | list[CardView]
    returned: list[str]
    deck_size: int
    round: int
    start_player: int
    movement: int
    to: list[int]
    via: str
    cell: list[int]
    delta: int
    coins: int
    supply: int
    reason: str
    cost: int
    units: int
    stack_size: int
    empty_sites: int
    winners: list[int]
    scores: list[int]
    breakdown: list[Breakdown]
    museums: list[str | None]
    unused_equipment: list[int]
    effect: str
    position: str


EQUIPMENT_VIEWS: tuple[EquipmentView, ...] = tuple(
    {"key": t.key, "name": t.name, "name_ja": t.name_ja, "phase": t.phase, "text": t.text}
    for t in DATA.equipment
)
MUSEUM_VIEWS: tuple[MuseumView, ...] = tuple(
    {
        "key": m.key,
        "name": m.name,
        "name_ja": m.name_ja,
        "bonus": m.bonus,
        "points": m.points,
        "kind": m.kind or None,
        "kinds": list(m.kinds),
        "areas": list(m.areas),
    }
    for m in DATA.museums
)


def _cell_view(s: HakkutsuState, cell: int, player: int) -> CellView:
    if cell == BASE:
        return {"base": True}
    n = s.site_n[cell]
    st = s.stacks[cell]
    top = s.card_view(st[n - 1]) if n and s.face_up[cell] else None
    peeked: list[PeekedCard] = []
    known = s.peek[player]
    for i in range(n - 1, max(n - 3, -1), -1):
        c = st[i]
        if (known >> c) & 1 and not (i == n - 1 and s.face_up[cell]):
            peeked.append({"position": "top" if i == n - 1 else "second", "card": s.card_view(c)})
    return {
        "base": False,
        "area": SITE_AREA[cell],
        "stack_size": n,
        "top": top,
        "face_up": bool(n and s.face_up[cell]),
        "peeked": peeked,
    }


def view(s: HakkutsuState, player: int) -> HakkutsuView:
    """The view of ``player`` (see ``docs/engine-api.md``: the keys every view has, then the game's own)."""
    n = s.num_players
    over = s.phase == "over"
    museums: list[MuseumView | None] = []
    for q in range(n):
        m = s.museum[q]
        museums.append(
            MUSEUM_VIEWS[m].copy() if m >= 0 and (q == player or s.museum_public[q] or over) else None
        )
    turn: TurnView | None = None
    if s.phase in ("move", "mine", "end"):
        p = s.player
        turn = {
            "player": p,
            "moved_from": list(divmod(s.moved_from, COLS)),
            "movement": s.movement_now(),
            "jeep_bonus": s.move_bonus,
            "drill": s.drill,
            "crane": s.crane,
            "joint_dig": s.joint,
        }
        if s.phase == "move":
            m = s.movement_now()
            turn["reachable"] = [
                list(divmod(a.cell, COLS)) for a in MOVE_TABLE[s.after_steps][s.pos[p]][min(m, MAX_MOVE)]
            ]
        if s.phase == "mine":
            reason = s.mining_refusal(p)
            turn["can_mine"] = reason is None
            turn["mining_refusal"] = reason
    # base_view() has exactly BaseView's keys, none of the end-of-game ones checked for here.
    v: HakkutsuView = {
        **s.base_view(player),  # type: ignore[typeddict-item]
        "mode": s.mode,
        "draft": s.draft,
        "rounds": s.rounds,
        "end_empty_sites": DATA.end_empty_sites,
        "phase": s.phase,
        "round": s.round,
        "start_player": s.start_player,
        "map": [[_cell_view(s, r * COLS + c, player) for c in range(COLS)] for r in range(ROWS)],
        "base": list(divmod(BASE, COLS)),
        "set_aside": len(s.set_aside),
        "pawns": [list(divmod(s.pos[q], COLS)) for q in range(n)],
        "coins": list(s.coins),
        "coin_supply": s.supply,
        "carts": [[s.card_view(c) for c in s.carts[q]] for q in range(n)],
        "cart_units": list(s.cart_units),
        "cart_track": list(s.track),
        "collections": [[s.card_view(c) for c in s.collections[q]] for q in range(n)],
        "movement": [s.movement_value(q) for q in range(n)],
        "refill": list(s.refill),
        "equipment": [EQUIPMENT_VIEWS[t].copy() for t in sorted(s.eq_hand[player])],
        "equipment_counts": [len(h) for h in s.eq_hand],
        "equipment_deck": len(s.eq_deck),
        "equipment_discard": [eqm.KEYS[t] for t in s.eq_discard],
        "equipment_dealt": [eqm.KEYS[t] for t in sorted(s.eq_deal[player])],
        "equipment_returned": sorted(eqm.KEYS[s.eq_returned[i]] for i in returned_range(s, player)),
        "museum": museums,
        "draft_pool": (
            [MUSEUM_VIEWS[m].copy() for m in s.draft_pool] if (s.draft_seen >> player) & 1 else None
        ),
        "draft_pool_size": len(s.draft_pool),
        "empty_sites": s.empty_sites,
        "public_scores": [public_score(s.collections[q] + s.carts[q]) for q in range(n)],
        "turn": turn,
    }

    if over and s.final is not None:
        v["breakdown"] = [b.copy() for b in s.final]
        v["winners"] = list(s.winners())
        v["unused_equipment"] = [len(h) for h in s.eq_hand]
    return v
