"""Card moves of a Ratjack state, with knowledge: functions of the state.

``known[card]`` is a bit mask of the players who know that card's identity.
Public cards (face up, discard) have every bit; deck cards none.  A card that
was ever face up keeps every bit when it is turned face down; a face-down card
is always known to the owner of the area it lies in.  Events about a card not
everybody knows carry ``visible_to`` and ``private: ["card"]``; an event that shows
a card to players who did not know it names them in ``revealed_to``.  Every move
appends its events to ``ev``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import MAX_PLAYERS
from .cards import card_json
from .token_moves import release_token

if TYPE_CHECKING:
    from .state import RatjackState
    from .views import AreaPosition, RatjackEvent


#: ``PLAYERS_IN[mask]``: the players whose bits ``mask`` has, in order (events get a list copy).
PLAYERS_IN: tuple[tuple[int, ...], ...] = tuple(
    tuple(q for q in range(MAX_PLAYERS) if mask >> q & 1) for mask in range(1 << MAX_PLAYERS)
)


def holders(s: RatjackState, c: int) -> list[int]:
    """The players who know card ``c``."""
    return list(PLAYERS_IN[s.known[c]])


def _with_card(s: RatjackState, e: RatjackEvent, c: int, before: int | None = None) -> RatjackEvent:
    """``e`` showing card ``c`` to those who know it now; ``before``: who knew it before."""
    e["card"] = card_json(c)
    m = s.known[c]
    if m != s.all_mask:
        e["visible_to"] = list(PLAYERS_IN[m])
        e["private"] = ["card"]
    if before is not None and m & ~before:
        e["revealed_to"] = list(PLAYERS_IN[m & ~before])
    return e


def _news(s: RatjackState, e: RatjackEvent, mask: int) -> RatjackEvent:
    """``e`` with ``revealed_to``: the players of ``mask``, who learn a card from it."""
    if mask:
        e["revealed_to"] = list(PLAYERS_IN[mask])
    return e


# -- draws --------------------------------------------------------------
def draw_from_deck(s: RatjackState, p: int, ev: list[RatjackEvent]) -> None:
    """``p`` draws the top deck card (only ``p`` sees it)."""
    c = s.deck.pop()
    s.hands[p].append(c)
    s.known[c] = 1 << p
    ev.append(
        _with_card(s, {"type": "card_drawn", "player": p, "source": "deck", "deck_size": len(s.deck)}, c, 0)
    )


def draw_from_discard(s: RatjackState, p: int, ev: list[RatjackEvent]) -> None:
    """``p`` draws the top discard (everybody knows it)."""
    c = s.discard.pop()
    s.hands[p].append(c)
    ev.append(
        _with_card(s, {"type": "card_drawn", "player": p, "source": "discard", "deck_size": len(s.deck)}, c)
    )


def draw_card_aside(s: RatjackState, p: int, ev: list[RatjackEvent]) -> None:
    """Weasel 3: the drawn card waits, seen by ``p`` only, for ``p``'s decision."""
    c = s.deck.pop()
    s.drawn_card = c
    s.known[c] = 1 << p
    ev.append(
        _with_card(
            s,
            {
                "type": "card_drawn",
                "player": p,
                "source": "deck",
                "to": "ability",
                "deck_size": len(s.deck),
            },
            c,
            0,
        )
    )


# -- into areas -----------------------------------------------------------
def _place(s: RatjackState, p: int, q: int, c: int, up: bool, source: str, ev: list[RatjackEvent]) -> None:
    area = s.areas[q]
    area.append(c)
    s.face_up[c] = up
    before = s.known[c]
    if up:
        s.known[c] = s.all_mask
    else:
        s.known[c] |= 1 << q
    ev.append(
        _with_card(
            s,
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


def hand_to_area(s: RatjackState, p: int, c: int, up: bool, ev: list[RatjackEvent]) -> None:
    """``p`` puts hand card ``c`` into their area, face up or down."""
    s.hands[p].remove(c)
    _place(s, p, p, c, up, "hand", ev)


def hand_to_area_face_up(s: RatjackState, p: int, ev: list[RatjackEvent]) -> None:
    """Raccoon 3: the (single) hand card face up, no ability."""
    _place(s, p, p, s.hands[p].pop(), True, "hand", ev)


def take_discard_to_area(s: RatjackState, p: int, up: bool, ev: list[RatjackEvent]) -> None:
    """Rat 2 and raccoon 9: the top discard into ``p``'s area, face up or down."""
    _place(s, p, p, s.discard.pop(), up, "discard", ev)


def deck_to_area(s: RatjackState, p: int, ev: list[RatjackEvent]) -> None:
    """Raccoon 5: the top deck card face down into ``p``'s area (only ``p`` learns it)."""
    c = s.deck.pop()
    s.known[c] = 0
    _place(s, p, p, c, False, "deck", ev)


def give_drawn_card(s: RatjackState, p: int, q: int, ev: list[RatjackEvent]) -> None:
    """Weasel 3: the drawn card goes face down into ``q``'s area."""
    c = s.drawn_card
    s.drawn_card = -1
    _place(s, p, q, c, False, "drawn", ev)


# -- within and between areas --------------------------------------------------
def peek(s: RatjackState, p: int, q: int, i: int, ev: list[RatjackEvent]) -> None:
    """Rat 5: ``p`` looks at card ``i`` of ``q``'s area."""
    c = s.areas[q][i]
    before = s.known[c]
    s.known[c] |= 1 << p
    ev.append(
        _news(
            s,
            {
                "type": "card_peeked",
                "player": p,
                "owner": q,
                "index": i,
                "card": card_json(c),
                "visible_to": [p],
                "private": ["card"],
            },
            s.known[c] & ~before,
        )
    )


def turn_card(s: RatjackState, q: int, i: int, up: bool, ev: list[RatjackEvent]) -> None:
    """Turn card ``i`` of ``q``'s area face up or down (everybody sees it)."""
    c = s.areas[q][i]
    s.face_up[c] = up
    before = s.known[c]
    s.known[c] = s.all_mask
    ev.append(
        _news(
            s,
            {"type": "card_flipped", "owner": q, "index": i, "face_up": up, "card": card_json(c)},
            s.all_mask & ~before,
        )
    )


def swap_cards(s: RatjackState, q0: int, i0: int, q1: int, i1: int, ev: list[RatjackEvent]) -> None:
    """Exchange two area cards; each keeps its side and token."""
    a0, a1 = s.areas[q0], s.areas[q1]
    c0, c1 = a0[i0], a1[i1]
    a0[i0], a1[i1] = c1, c0
    places: list[AreaPosition] = [{"owner": q0, "index": i0}, {"owner": q1, "index": i1}]
    ev.append({"type": "cards_swapped", "cards": places})
    for c, q, i in ((c0, q1, i1), (c1, q0, i0)):
        if not s.known[c] >> q & 1:
            # a face-down card arriving in an area is known to its new owner
            s.known[c] |= 1 << q
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


def take_card(s: RatjackState, p: int, q: int, i: int, up: bool, ev: list[RatjackEvent]) -> None:
    """Move card ``i`` of ``q``'s area to the end of ``p``'s area (token kept)."""
    c = s.areas[q].pop(i)
    area = s.areas[p]
    area.append(c)
    s.face_up[c] = up
    before = s.known[c]
    s.known[c] = s.all_mask
    ev.append(
        _news(
            s,
            {
                "type": "card_moved",
                "player": p,
                "from": {"owner": q, "index": i},
                "to": {"owner": p, "index": len(area) - 1},
                "face_up": up,
                "card": card_json(c),
            },
            s.all_mask & ~before,
        )
    )


# -- to the discard pile and the deck -----------------------------------------
def _to_discard(s: RatjackState, c: int) -> int:
    """Card ``c`` onto the discard pile; returns the players who learn it there (a mask)."""
    s.discard.append(c)
    s.face_up[c] = False
    news = s.all_mask & ~s.known[c]
    s.known[c] = s.all_mask
    return news


def discard_from_area(s: RatjackState, q: int, i: int, actor: int, ev: list[RatjackEvent]) -> None:
    """``actor`` discards card ``i`` of ``q``'s area (its token returns to the reserve)."""
    c = s.areas[q].pop(i)
    token = release_token(s, c)
    news = _to_discard(s, c)
    ev.append(
        _news(
            s,
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


def discard_from_hand(s: RatjackState, p: int, c: int, ev: list[RatjackEvent]) -> None:
    """``p`` discards hand card ``c``."""
    s.hands[p].remove(c)
    news = _to_discard(s, c)
    ev.append(
        _news(
            s,
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


def discard_drawn_card(s: RatjackState, p: int, ev: list[RatjackEvent]) -> None:
    """Weasel 3: the drawn card is discarded."""
    c = s.drawn_card
    s.drawn_card = -1
    news = _to_discard(s, c)
    ev.append(
        _news(
            s,
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


def mill(s: RatjackState, k: int, ev: list[RatjackEvent]) -> None:
    """Discard the top ``k`` deck cards."""
    cards = []
    news = 0
    for _ in range(k):
        c = s.deck.pop()
        news |= _to_discard(s, c)
        cards.append(card_json(c))
    ev.append(_news(s, {"type": "cards_milled", "cards": cards, "deck_size": len(s.deck)}, news))


def shuffle_discards_into_deck(s: RatjackState, k: int, ev: list[RatjackEvent]) -> None:
    """Raccoon 12: the top ``k`` discards go into the deck, which is shuffled."""
    if len(s.discard) < k:
        raise IndexError(f"the discard pile holds fewer than {k} cards")
    cards = s.discard[-k:]
    del s.discard[-k:]
    for c in cards:
        s.known[c] = 0
    s.deck.extend(cards)
    s.rng.shuffle(s.deck)
    ev.append({"type": "deck_shuffled", "cards": [card_json(c) for c in cards], "deck_size": len(s.deck)})


def exchange_hands(s: RatjackState, p: int, q: int, ev: list[RatjackEvent]) -> None:
    """Weasel 1: both players see both hands."""
    hands = s.hands
    hands[p], hands[q] = hands[q], hands[p]
    bits = (1 << p) | (1 << q)
    news: dict[int, int] = {}
    for c in hands[p] + hands[q]:
        news[c] = bits & ~s.known[c]
        s.known[c] |= bits
    ev.append({"type": "hands_exchanged", "player": p, "with": q, "hand_sizes": [len(h) for h in hands]})
    for r in (p, q):
        mask = 0
        for c in hands[r]:
            mask |= news[c]
        ev.append(
            _news(
                s,
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
