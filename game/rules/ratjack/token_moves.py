"""Bonus-token bookkeeping of a Ratjack state (a mixin of the state class).

Token ``t`` (0..5) shows side ``token_side[t]`` (face id ``t * 2 + side``) and
lies on card ``token_card[t]`` or in the reserve (-1); ``token_on[card]`` is
the inverse map.  Tokens keep their face when they move or return.
"""

from __future__ import annotations

from .cards import FACES, NUM_TOKENS


class TokenMoves:
    """Token moves; every method appends its events to ``ev``."""

    __slots__ = ()

    def face_id(self, t: int) -> int:
        """The face id token ``t`` shows (index of :data:`~.cards.FACES`)."""
        return t * 2 + self.token_side[t]

    def face_name(self, t: int) -> str:
        return FACES[t * 2 + self.token_side[t]]

    def reserve_faces(self) -> list:
        """Faces of the reserve tokens, in token order."""
        tc = self.token_card
        return [self.face_name(t) for t in range(NUM_TOKENS) if tc[t] < 0]

    def put_token(self, t: int, q: int, i: int, actor: int, ev: list) -> None:
        """Reserve token ``t`` onto card ``i`` of ``q``'s area."""
        c = self.areas[q][i]
        self.token_card[t] = c
        self.token_on[c] = t
        ev.append(
            {
                "type": "token_placed",
                "player": actor,
                "owner": q,
                "index": i,
                "token": self.face_name(t),
                "from": "reserve",
            }
        )

    def move_token(self, q0: int, i0: int, q1: int, i1: int, actor: int, ev: list) -> None:
        """The token of card ``(q0, i0)`` onto the token-less card ``(q1, i1)``."""
        c0 = self.areas[q0][i0]
        c1 = self.areas[q1][i1]
        t = self.token_on[c0]
        self.token_on[c0] = -1
        self.token_on[c1] = t
        self.token_card[t] = c1
        ev.append(
            {
                "type": "token_placed",
                "player": actor,
                "owner": q1,
                "index": i1,
                "token": self.face_name(t),
                "from": {"owner": q0, "index": i0},
            }
        )

    def return_token(self, q: int, i: int, actor: int, ev: list) -> None:
        """The token of card ``(q, i)`` back to the reserve (face kept)."""
        c = self.areas[q][i]
        t = self.token_on[c]
        self.token_on[c] = -1
        self.token_card[t] = -1
        ev.append(
            {"type": "token_returned", "player": actor, "owner": q, "index": i, "token": self.face_name(t)}
        )

    def exchange_token(self, q: int, i: int, t: int, actor: int, ev: list) -> None:
        """Swap the token of card ``(q, i)`` with reserve token ``t``."""
        self.return_token(q, i, actor, ev)
        self.put_token(t, q, i, actor, ev)

    def swap_tokens(self, q0: int, i0: int, q1: int, i1: int, actor: int, ev: list) -> None:
        """Exchange the tokens of two cards that both carry one."""
        c0 = self.areas[q0][i0]
        c1 = self.areas[q1][i1]
        t0 = self.token_on[c0]
        t1 = self.token_on[c1]
        self.token_on[c0] = t1
        self.token_on[c1] = t0
        self.token_card[t1] = c0
        self.token_card[t0] = c1
        ev.append(
            {
                "type": "tokens_swapped",
                "player": actor,
                "cards": [
                    {"owner": q0, "index": i0, "token": self.face_name(t1)},
                    {"owner": q1, "index": i1, "token": self.face_name(t0)},
                ],
            }
        )

    def release_token(self, c: int) -> str | None:
        """A card leaves play (discard, deck): its token returns to the reserve."""
        t = self.token_on[c]
        if t < 0:
            return None
        self.token_on[c] = -1
        self.token_card[t] = -1
        return self.face_name(t)
