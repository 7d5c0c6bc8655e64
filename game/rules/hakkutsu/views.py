"""What one player sees: the JSON-friendly ``view(player)`` of a Hakkutsu state.

Never included: face-down cards (unless this player saw them with a
Detector: ``map[r][c]["peeked"]``), the set-aside cards, other players'
secret museum cards and equipment cards, the equipment deck order.
"""

from __future__ import annotations

from . import equipment as eqm
from .board import BASE, COLS, MAX_MOVE, MOVE_TABLE, ROWS, SITE_AREA
from .data import DATA
from .hidden import returned_range
from .scoring import public_score

EQUIPMENT_VIEWS = tuple(
    {"key": t.key, "name": t.name, "name_ja": t.name_ja, "phase": t.phase, "text": t.text}
    for t in DATA.equipment
)
MUSEUM_VIEWS = tuple(
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


def _cell_view(s, cell: int, player: int) -> dict:
    if cell == BASE:
        return {"base": True}
    n = s.site_n[cell]
    st = s.stacks[cell]
    top = s.card_view(st[n - 1]) if n and s.face_up[cell] else None
    peeked = []
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


def view(s, player: int) -> dict:
    """The view of ``player`` (see ``docs/engine-api.md``: the keys every view has, then the game's own)."""
    n = s.num_players
    over = s.phase == "over"
    v = s.base_view(player)
    museums = []
    for q in range(n):
        m = s.museum[q]
        museums.append(
            dict(MUSEUM_VIEWS[m]) if m >= 0 and (q == player or s.museum_public[q] or over) else None
        )
    v.update(
        {
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
            "equipment": [dict(EQUIPMENT_VIEWS[t]) for t in sorted(s.eq_hand[player])],
            "equipment_counts": [len(h) for h in s.eq_hand],
            "equipment_deck": len(s.eq_deck),
            "equipment_discard": [eqm.KEYS[t] for t in s.eq_discard],
            "equipment_dealt": [eqm.KEYS[t] for t in sorted(s.eq_deal[player])],
            "equipment_returned": sorted(eqm.KEYS[s.eq_returned[i]] for i in returned_range(s, player)),
            "museum": museums,
            "draft_pool": (
                [dict(MUSEUM_VIEWS[m]) for m in s.draft_pool] if (s.draft_seen >> player) & 1 else None
            ),
            "draft_pool_size": len(s.draft_pool),
            "empty_sites": s.empty_sites,
            "public_scores": [public_score(s.collections[q] + s.carts[q]) for q in range(n)],
        }
    )
    turn = None
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
    v["turn"] = turn
    if over:
        v["breakdown"] = [dict(b) for b in s.final]
        v["winners"] = list(s.winners())
        v["unused_equipment"] = [len(h) for h in s.eq_hand]
    return v
