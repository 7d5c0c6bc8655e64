"""Hidden information of Ratjack: determinization and a full state from a view.

``determinize(s, p, rng)`` keeps every card ``p`` knows and resamples the others
(opponents' unknown hand cards, unknown face-down cards, the drawn card of weasel 3
and the deck order) among their own places (``redeal`` does it for some of those places); ``fill_from_view(s, view, rng)`` makes
a blank state (``RatjackState.sample_from_view``) a full state from a view alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import PHASE_OVER
from ..rng import RandomSource, Rng, seed_from
from .abilities import ABILITIES
from .cards import ALL_CARDS, DECK_INDEX, FACE_INDEX, NUM_TOKENS, card_from_json

if TYPE_CHECKING:
    from .cards import CardJson
    from .state import RatjackState
    from .views import RatjackView

#: The place of a card: ``("deck", i, 0)``, ``("hand", player, i)``, ``("area", player, i)``
#: or ``("limbo", 0, 0)`` (weasel 3's drawn card).
Slot = tuple[str, int, int]


# -- determinization -----------------------------------------------------------
def unknown_slots(s: RatjackState, player: int) -> list[Slot]:
    """The places of the cards ``player`` does not know: ``(kind, a, b)`` tuples."""
    bit = 1 << player
    known = s.known
    slots = [("deck", i, 0) for i in range(len(s.deck))]
    for q in range(s.num_players):
        for i, c in enumerate(s.hands[q]):
            if not known[c] & bit:
                slots.append(("hand", q, i))
        for i, c in enumerate(s.areas[q]):
            if not s.face_up[c] and not known[c] & bit:
                slots.append(("area", q, i))
    if s.drawn_card >= 0 and not known[s.drawn_card] & bit:
        slots.append(("limbo", 0, 0))
    return slots


def _slot_get(s: RatjackState, slot: Slot) -> int:
    kind, a, b = slot
    if kind == "deck":
        return s.deck[a]
    if kind == "hand":
        return s.hands[a][b]
    if kind == "area":
        return s.areas[a][b]
    return s.drawn_card


def _slot_set(s: RatjackState, slot: Slot, c: int) -> None:
    kind, a, b = slot
    if kind == "deck":
        s.deck[a] = c
    elif kind == "hand":
        s.hands[a][b] = c
    elif kind == "area":
        s.areas[a][b] = c
    else:
        s.drawn_card = c


def determinize(state: RatjackState, player: int, rng: RandomSource) -> RatjackState:
    """A state ``player`` cannot tell from this one (see the module docstring).

    While another player resolves an ability whose choices depend on that
    player's own hidden cards (rat 6 picks a face-down card whose ability
    can be resolved), samples that leave no choice are rejected; after a
    few tries the acting player's face-down cards are kept as they are.
    """
    if state.phase == PHASE_OVER:
        s = state.clone()
        s.reseed(rng)
        return s
    s = redeal(state, player, unknown_slots(state, player), rng)
    s.reseed(rng)
    return s


def redeal(state: RatjackState, player: int, slots: list[Slot], rng: RandomSource) -> RatjackState:
    """A clone of ``state`` with the cards at ``slots`` (places ``player`` does not know, from
    :func:`unknown_slots`) shuffled among those places, what each place shows (who knows its card,
    its token) staying with the place; chance is not reseeded.

    While another player resolves an ability whose choices depend on that player's own hidden
    cards, samples that leave no choice are rejected; after a few tries the acting player's
    face-down cards are kept as they are (:func:`determinize`'s rule).
    """
    check = state.phase == "ability" and state.player != player
    for attempt in range(12):
        if attempt == 11:
            actor = state.player
            slots = [sl for sl in slots if not (sl[0] == "area" and sl[1] == actor)]
        s = _resample(state, slots, rng)
        if not check or s._compute_legal():
            break
    return s


def _resample(state: RatjackState, slots: list[Slot], rng: RandomSource) -> RatjackState:
    """A clone with the cards in ``slots`` shuffled among those slots."""
    s = state.clone()
    s._legal_cache = None
    if len(slots) < 2:
        return s
    cards = [_slot_get(s, sl) for sl in slots]
    masks = [s.known[c] for c in cards]
    tokens = [s.token_on[c] for c in cards]
    ups = [s.face_up[c] for c in cards]
    shuffled = sorted(cards)  # the sample depends only on what the player knows
    rng.shuffle(shuffled)
    for sl, c, m, t, up in zip(slots, shuffled, masks, tokens, ups):
        _slot_set(s, sl, c)
        s.known[c] = m
        s.token_on[c] = t
        s.face_up[c] = up
        if t >= 0:
            s.token_card[t] = c
    return s


# -- a full state from a view ------------------------------------------------
def fill_from_view(s: RatjackState, view: RatjackView, rng: RandomSource) -> RatjackState:
    """The blank state ``s`` made a full state consistent with ``view`` (for look-ahead by bots
    and hints: ``RatjackState.sample_from_view``).

    Everything the view shows is kept; the cards it does not show (other
    hands, unknown face-down cards, the deck and its order) are drawn at
    random (``rng`` is a ``random.Random``-like source) from the cards of
    the two decks that the view does not place anywhere.
    """
    me = view["player"]
    n = view["num_players"]
    s._legal_cache = None
    s.seed = 0
    s.rng = Rng(seed_from(rng))
    s.num_players = n
    s.all_mask = (1 << n) - 1
    s.decks = tuple(DECK_INDEX[d] for d in view["decks"])
    s.deck_option = tuple(view["decks"])
    s.vp = list(view["vp"])
    s.round_no = view["round"]
    s.start_player = s.last_scorer = view["start_player"]
    s.phase = view["phase"]
    s.player = view["current_player"] if view["current_player"] is not None else 0
    s.setup_left = sum(1 for k in view["hand_sizes"] if k == 2) if s.phase == "setup" else 0
    s.eliminated = list(view["eliminated"])
    s.extra_turns = view["extra_turns"]
    s.last_round = None
    s._winners = tuple(view["winners"])
    s.face_up = [False] * ALL_CARDS
    s.token_on = [-1] * ALL_CARDS
    s.token_side = [0] * NUM_TOKENS
    s.token_card = [-1] * NUM_TOKENS
    s.known = [s.all_mask] * ALL_CARDS
    pool = [d * 12 + v for d in s.decks for v in range(12)]
    placed: set[int] = set()

    def take(d: CardJson) -> int:
        c = card_from_json(d)
        placed.add(c)
        return c

    s.discard = [take(d) for d in view["discard"]]
    hands: list[list[int]] = []
    for q in range(n):
        shown = view["hand"] if q == me else view["known_hands"][q]
        hands.append([take(d) for d in shown])
    areas: list[list[tuple[int, bool, str | None]]] = []
    for area in view["areas"]:
        row: list[tuple[int, bool, str | None]] = []
        for entry in area:
            c = take(entry["card"]) if entry["card"] is not None else -1
            row.append((c, entry["face_up"], entry["token"]))
        areas.append(row)
    pending = view.get("pending")
    drawn = take(pending["drawn"]) if pending and "drawn" in pending else -1
    unknown = [c for c in pool if c not in placed]
    rng.shuffle(unknown)
    s.hands = []
    for q in range(n):
        h = hands[q]
        while len(h) < view["hand_sizes"][q]:
            h.append(unknown.pop())
        s.hands.append(h)
    s.areas = []
    for row in areas:
        cards: list[int] = []
        for c, up, token in row:
            if c < 0:
                c = unknown.pop()
            s.face_up[c] = up
            if token is not None:
                f = FACE_INDEX[token]
                s.token_on[c] = f // 2
                s.token_card[f // 2] = c
                s.token_side[f // 2] = f % 2
            cards.append(c)
        s.areas.append(cards)
    for face in view["reserve"]:
        f = FACE_INDEX[face]
        s.token_side[f // 2] = f % 2
    s.clear_ability()
    s.drawn_card = -1
    if pending:
        s.ability = next(i for i, a in enumerate(ABILITIES) if a.name == pending["ability"])
        s.source = card_from_json(pending["card"])
        s.step = pending["step"]
        s.chosen = [
            (m[0], m[1]) if isinstance(m, list) else FACE_INDEX[m["token"]] // 2 for m in pending["chosen"]
        ]
        if ABILITIES[s.ability].name == "weasel 3":
            s.drawn_card = drawn if drawn >= 0 else unknown.pop()
    mine = 1 << me
    for q in range(n):
        for c in s.hands[q]:
            s.known[c] = (1 << q) | (mine if c in placed else 0)
        for c in s.areas[q]:
            if not s.face_up[c]:
                s.known[c] = (1 << q) | (mine if c in placed else 0)
    if s.drawn_card >= 0:
        s.known[s.drawn_card] = 1 << s.player
    for c in unknown:
        s.known[c] = 0
    s.deck = unknown
    if len(s.deck) != view["deck_size"]:
        raise ValueError("the view does not add up to 24 cards")
    return s
