"""What each player may see of a Ratjack state: ``view()`` and its JSON helpers.

A mixin of the state class.  ``view(p)`` shows a face-down card or another
player's hand card only when ``known[card]`` has ``p``'s bit (the knowledge
bookkeeping is in ``card_moves.py``); the card drawn by weasel 3 only to the
player who drew it.
"""

from __future__ import annotations

import copy

from .abilities import ABILITIES
from .cards import DECKS, card_json


class PlayerViews:
    """The view of one player and the JSON of cards, areas and the pending ability."""

    __slots__ = ()

    # -- small JSON helpers ------------------------------------------------------
    @staticmethod
    def cards_json(cards) -> list:
        """``cards`` as the views show them."""
        return [card_json(c) for c in cards]

    def discard_json(self) -> list:
        """The discard pile (bottom first) as the views show it."""
        return [card_json(c) for c in self.discard]

    def areas_json(self, player: int) -> list:
        """Every area as the view shows it to ``player`` (``-1``: nobody's secrets)."""
        out = []
        bit = 1 << player if player >= 0 else 0
        for area in self.areas:
            row = []
            for c in area:
                up = self.face_up[c]
                t = self.token_on[c]
                row.append(
                    {
                        "face_up": up,
                        "card": card_json(c) if up or self.known[c] & bit else None,
                        "token": self.face_name(t) if t >= 0 else None,
                    }
                )
            out.append(row)
        return out

    def pending_json(self, player: int) -> dict | None:
        """The ability being resolved and its current step (for the client)."""
        if self.phase != "ability":
            return None
        ab = ABILITIES[self.ability]
        d = {
            "ability": ab.name,
            "text": ab.text,
            "card": card_json(self.source),
            "step": self.step,
            "steps": len(ab.steps),
            "prompt": ab.prompts[self.step],
            "chosen": [
                list(m) if isinstance(m, tuple) else {"token": self.face_name(m)} for m in self.chosen
            ],
        }
        if self.drawn_card >= 0 and self.known[self.drawn_card] >> player & 1:
            d["drawn"] = card_json(self.drawn_card)
        return d

    # -- the view ------------------------------------------------------------------
    def view(self, player: int) -> dict:
        v = self.base_view(player)
        bit = 1 << player
        known = self.known
        v.update(
            {
                "phase": self.phase,
                "round": self.round_no,
                "start_player": self.start_player,
                "decks": [DECKS[d] for d in self.decks],
                "hand": [card_json(c) for c in sorted(self.hands[player])],
                "hand_sizes": [len(h) for h in self.hands],
                "known_hands": [[card_json(c) for c in sorted(h) if known[c] & bit] for h in self.hands],
                "deck_size": len(self.deck),
                "discard": self.discard_json(),
                "areas": self.areas_json(player),
                "values": self.values(),
                "reserve": self.reserve_faces(),
                "eliminated": list(self.eliminated),
                "vp": list(self.vp),
                "target_vp": 3,
                "extra_turns": self.extra_turns,
                "pending": self.pending_json(player),
                "last_round": copy.deepcopy(self.last_round),
                "winners": list(self._winners),
            }
        )
        return v
