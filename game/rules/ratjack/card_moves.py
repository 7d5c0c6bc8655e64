"""Card moves of a Ratjack state (a mixin of the state class), with knowledge.

``known[card]`` is a bit mask of the players who know that card's identity.
Public cards (face up, discard) have every bit; deck cards none.  A card that
was ever face up keeps every bit when it is turned face down; a face-down card
is always known to the owner of the area it lies in.  Events about a card not
everybody knows carry ``visible_to`` and ``private: ["card"]``; an event that shows
a card to players who did not know it names them in ``revealed_to``.
"""

from __future__ import annotations

from .cards import card_json


class CardMoves:
    """Card moves; every method appends its events to ``ev``."""

    __slots__ = ()

    def holders(self, c: int) -> list:
        """The players who know card ``c``."""
        m = self.known[c]
        return [q for q in range(self.num_players) if m >> q & 1]

    def _with_card(self, e: dict, c: int, before: int | None = None) -> dict:
        """``e`` showing card ``c`` to those who know it now; ``before``: who knew it before."""
        e["card"] = card_json(c)
        m = self.known[c]
        if m != self.all_mask:
            e["visible_to"] = [q for q in range(self.num_players) if m >> q & 1]
            e["private"] = ["card"]
        return self._news(e, m & ~before if before is not None else 0)

    def _news(self, e: dict, mask: int) -> dict:
        """``e`` with ``revealed_to``: the players of ``mask``, who learn a card from it."""
        if mask:
            e["revealed_to"] = [q for q in range(self.num_players) if mask >> q & 1]
        return e

    # -- draws --------------------------------------------------------------
    def draw_from_deck(self, p: int, ev: list) -> None:
        c = self.deck.pop()
        self.hands[p].append(c)
        self.known[c] = 1 << p
        ev.append(
            self._with_card(
                {"type": "card_drawn", "player": p, "source": "deck", "deck_size": len(self.deck)}, c, 0
            )
        )

    def draw_from_discard(self, p: int, ev: list) -> None:
        c = self.discard.pop()
        self.hands[p].append(c)
        ev.append(
            self._with_card(
                {"type": "card_drawn", "player": p, "source": "discard", "deck_size": len(self.deck)}, c
            )
        )

    def draw_card_aside(self, p: int, ev: list) -> None:
        """Weasel 3: the drawn card waits, seen by ``p`` only, for ``p``'s decision."""
        c = self.deck.pop()
        self.drawn_card = c
        self.known[c] = 1 << p
        ev.append(
            self._with_card(
                {
                    "type": "card_drawn",
                    "player": p,
                    "source": "deck",
                    "to": "ability",
                    "deck_size": len(self.deck),
                },
                c,
                0,
            )
        )

    # -- into areas -----------------------------------------------------------
    def _place(self, p: int, q: int, c: int, up: bool, source: str, ev: list) -> None:
        area = self.areas[q]
        area.append(c)
        self.face_up[c] = up
        before = self.known[c]
        if up:
            self.known[c] = self.all_mask
        else:
            self.known[c] |= 1 << q
        ev.append(
            self._with_card(
                {
                    "type": "card_placed",
                    "player": p,
                    "owner": q,
                    "index": len(area) - 1,
                    "face_up": up,
                    "from": source,
                },
                c,
                before,
            )
        )

    def hand_to_area(self, p: int, c: int, up: bool, ev: list) -> None:
        self.hands[p].remove(c)
        self._place(p, p, c, up, "hand", ev)

    def hand_to_area_face_up(self, p: int, ev: list) -> None:
        """Raccoon 3: the (single) hand card face up, no ability."""
        self._place(p, p, self.hands[p].pop(), True, "hand", ev)

    def take_discard_to_area(self, p: int, up: bool, ev: list) -> None:
        self._place(p, p, self.discard.pop(), up, "discard", ev)

    def deck_to_area(self, p: int, ev: list) -> None:
        c = self.deck.pop()
        self.known[c] = 0
        self._place(p, p, c, False, "deck", ev)

    def give_drawn_card(self, p: int, q: int, ev: list) -> None:
        """Weasel 3: the drawn card goes face down into ``q``'s area."""
        c = self.drawn_card
        self.drawn_card = -1
        self._place(p, q, c, False, "drawn", ev)

    # -- within and between areas --------------------------------------------------
    def peek(self, p: int, q: int, i: int, ev: list) -> None:
        c = self.areas[q][i]
        before = self.known[c]
        self.known[c] |= 1 << p
        ev.append(
            self._news(
                {
                    "type": "card_peeked",
                    "player": p,
                    "owner": q,
                    "index": i,
                    "card": card_json(c),
                    "visible_to": [p],
                    "private": ["card"],
                },
                self.known[c] & ~before,
            )
        )

    def turn_card(self, q: int, i: int, up: bool, ev: list) -> None:
        """Turn card ``i`` of ``q``'s area face up or down (everybody sees it)."""
        c = self.areas[q][i]
        self.face_up[c] = up
        before = self.known[c]
        self.known[c] = self.all_mask
        ev.append(
            self._news(
                {"type": "card_flipped", "owner": q, "index": i, "face_up": up, "card": card_json(c)},
                self.all_mask & ~before,
            )
        )

    def swap_cards(self, q0: int, i0: int, q1: int, i1: int, ev: list) -> None:
        """Exchange two area cards; each keeps its side and token."""
        a0, a1 = self.areas[q0], self.areas[q1]
        c0, c1 = a0[i0], a1[i1]
        a0[i0], a1[i1] = c1, c0
        ev.append(
            {"type": "cards_swapped", "cards": [{"owner": q0, "index": i0}, {"owner": q1, "index": i1}]}
        )
        for c, q, i in ((c0, q1, i1), (c1, q0, i0)):
            if not self.known[c] >> q & 1:
                # a face-down card arriving in an area is known to its new owner
                self.known[c] |= 1 << q
                ev.append(
                    {
                        "type": "card_seen",
                        "player": q,
                        "owner": q,
                        "index": i,
                        "card": card_json(c),
                        "visible_to": [q],
                        "private": ["card"],
                        "revealed_to": [q],
                    }
                )

    def take_card(self, p: int, q: int, i: int, up: bool, ev: list) -> None:
        """Move card ``i`` of ``q``'s area to the end of ``p``'s area (token kept)."""
        c = self.areas[q].pop(i)
        area = self.areas[p]
        area.append(c)
        self.face_up[c] = up
        before = self.known[c]
        self.known[c] = self.all_mask
        ev.append(
            self._news(
                {
                    "type": "card_moved",
                    "player": p,
                    "from": {"owner": q, "index": i},
                    "to": {"owner": p, "index": len(area) - 1},
                    "face_up": up,
                    "card": card_json(c),
                },
                self.all_mask & ~before,
            )
        )

    # -- to the discard pile and the deck -----------------------------------------
    def _to_discard(self, c: int) -> int:
        """Card ``c`` onto the discard pile; returns the players who learn it there (a mask)."""
        self.discard.append(c)
        self.face_up[c] = False
        news = self.all_mask & ~self.known[c]
        self.known[c] = self.all_mask
        return news

    def discard_from_area(self, q: int, i: int, actor: int, ev: list) -> None:
        c = self.areas[q].pop(i)
        token = self.release_token(c)
        news = self._to_discard(c)
        ev.append(
            self._news(
                {
                    "type": "card_discarded",
                    "player": actor,
                    "from": {"owner": q, "index": i},
                    "card": card_json(c),
                    "token_returned": token,
                },
                news,
            )
        )

    def discard_from_hand(self, p: int, c: int, ev: list) -> None:
        self.hands[p].remove(c)
        news = self._to_discard(c)
        ev.append(
            self._news(
                {
                    "type": "card_discarded",
                    "player": p,
                    "from": "hand",
                    "card": card_json(c),
                    "token_returned": None,
                },
                news,
            )
        )

    def discard_drawn_card(self, p: int, ev: list) -> None:
        """Weasel 3: the drawn card is discarded."""
        c = self.drawn_card
        self.drawn_card = -1
        news = self._to_discard(c)
        ev.append(
            self._news(
                {
                    "type": "card_discarded",
                    "player": p,
                    "from": "drawn",
                    "card": card_json(c),
                    "token_returned": None,
                },
                news,
            )
        )

    def mill(self, k: int, ev: list) -> None:
        """Discard the top ``k`` deck cards."""
        cards = []
        news = 0
        for _ in range(k):
            c = self.deck.pop()
            news |= self._to_discard(c)
            cards.append(card_json(c))
        ev.append(self._news({"type": "cards_milled", "cards": cards, "deck_size": len(self.deck)}, news))

    def shuffle_discards_into_deck(self, k: int, ev: list) -> None:
        """Raccoon 12: the top ``k`` discards go into the deck, which is shuffled."""
        if len(self.discard) < k:
            raise IndexError(f"the discard pile holds fewer than {k} cards")
        cards = self.discard[-k:]
        del self.discard[-k:]
        for c in cards:
            self.known[c] = 0
        self.deck.extend(cards)
        self.rng.shuffle(self.deck)
        ev.append(
            {"type": "deck_shuffled", "cards": [card_json(c) for c in cards], "deck_size": len(self.deck)}
        )

    def exchange_hands(self, p: int, q: int, ev: list) -> None:
        """Weasel 1: both players see both hands."""
        hands = self.hands
        hands[p], hands[q] = hands[q], hands[p]
        bits = (1 << p) | (1 << q)
        news = {}
        for c in hands[p] + hands[q]:
            news[c] = bits & ~self.known[c]
            self.known[c] |= bits
        ev.append({"type": "hands_exchanged", "player": p, "with": q, "hand_sizes": [len(h) for h in hands]})
        for r in (p, q):
            mask = 0
            for c in hands[r]:
                mask |= news[c]
            ev.append(
                self._news(
                    {
                        "type": "hand_received",
                        "player": r,
                        "cards": [card_json(c) for c in hands[r]],
                        "visible_to": [p, q],
                        "private": ["cards"],
                    },
                    mask,
                )
            )
