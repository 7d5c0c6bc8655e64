"""Bonus-token bookkeeping of a Ratjack state: functions of the state.

Token ``t`` (0..5) shows side ``token_side[t]`` (face id ``t * 2 + side``) and
lies on card ``token_card[t]`` or in the reserve (-1); ``token_on[card]`` is
the inverse map.  Tokens keep their face when they move or return.  Every move
appends its events to ``ev``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import FACES, NUM_TOKENS

if TYPE_CHECKING:
    from .state import RatjackState
    from .views import RatjackEvent, TokenOnCard


def face_id(s: RatjackState, t: int) -> int:
    """The face id token ``t`` shows (index of :data:`~.cards.FACES`)."""
    return t * 2 + s.token_side[t]


def face_name(s: RatjackState, t: int) -> str:
    """The name of the face token ``t`` shows (``"+5"``)."""
    return FACES[t * 2 + s.token_side[t]]


def reserve_faces(s: RatjackState) -> list[str]:
    """Faces of the reserve tokens, in token order."""
    tc = s.token_card
    return [face_name(s, t) for t in range(NUM_TOKENS) if tc[t] < 0]


def put_token(s: RatjackState, t: int, q: int, i: int, actor: int, ev: list[RatjackEvent]) -> None:
    """Reserve token ``t`` onto card ``i`` of ``q``'s area."""
    c = s.areas[q][i]
    s.token_card[t] = c
    s.token_on[c] = t
    ev.append(
        {
            "type": "token_placed",
            "player": actor,
            "owner": q,
            "index": i,
            "token": face_name(s, t),
            "from": "reserve",
        }
    )


def move_token(
    s: RatjackState, q0: int, i0: int, q1: int, i1: int, actor: int, ev: list[RatjackEvent]
) -> None:
    """The token of card ``(q0, i0)`` onto the token-less card ``(q1, i1)``."""
    c0 = s.areas[q0][i0]
    c1 = s.areas[q1][i1]
    t = s.token_on[c0]
    s.token_on[c0] = -1
    s.token_on[c1] = t
    s.token_card[t] = c1
    ev.append(
        {
            "type": "token_placed",
            "player": actor,
            "owner": q1,
            "index": i1,
            "token": face_name(s, t),
            "from": {"owner": q0, "index": i0},
        }
    )


def return_token(s: RatjackState, q: int, i: int, actor: int, ev: list[RatjackEvent]) -> None:
    """The token of card ``(q, i)`` back to the reserve (face kept)."""
    c = s.areas[q][i]
    t = s.token_on[c]
    s.token_on[c] = -1
    s.token_card[t] = -1
    ev.append({"type": "token_returned", "player": actor, "owner": q, "index": i, "token": face_name(s, t)})


def exchange_token(s: RatjackState, q: int, i: int, t: int, actor: int, ev: list[RatjackEvent]) -> None:
    """Swap the token of card ``(q, i)`` with reserve token ``t``."""
    return_token(s, q, i, actor, ev)
    put_token(s, t, q, i, actor, ev)


def swap_tokens(
    s: RatjackState, q0: int, i0: int, q1: int, i1: int, actor: int, ev: list[RatjackEvent]
) -> None:
    """Exchange the tokens of two cards that both carry one."""
    c0 = s.areas[q0][i0]
    c1 = s.areas[q1][i1]
    t0 = s.token_on[c0]
    t1 = s.token_on[c1]
    s.token_on[c0] = t1
    s.token_on[c1] = t0
    s.token_card[t1] = c0
    s.token_card[t0] = c1
    places: list[TokenOnCard] = [
        {"owner": q0, "index": i0, "token": face_name(s, t1)},
        {"owner": q1, "index": i1, "token": face_name(s, t0)},
    ]
    ev.append({"type": "tokens_swapped", "player": actor, "cards": places})


def release_token(s: RatjackState, c: int) -> str | None:
    """A card leaves play (discard, deck): its token returns to the reserve."""
    t = s.token_on[c]
    if t < 0:
        return None
    s.token_on[c] = -1
    s.token_card[t] = -1
    return face_name(s, t)
