"""Build a Ratjack position from a readable description (tests, tutorials, puzzles).

Cards are written ``"rat-red 7"``; area cards ``"U:rat-red 7"`` (face up) or
``"D:weasel 3"`` (face down), optionally with a token ``"U:rat-red 7@+5"``.
Cards of the two decks not mentioned go below the given ``deck`` cards (or to
the bottom of the discard pile with ``rest="discard"``).  Knowledge follows the
rules: hand and face-down cards are known to their owner, everything face up
or in the discard pile to everybody; ``known`` adds ``{card: [players]}``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..rng import Rng
from .cards import ALL_CARDS, DECKS, FACE_INDEX, NUM_TOKENS, parse_card
from .state import PHASES, RatjackState


def position(
    players: int = 2,
    decks: Sequence[str] = ("rat-red", "rat-blue"),
    *,
    player: int = 0,
    phase: str = "play",
    hands: Iterable[Iterable[str]] | None = None,
    areas: Iterable[Iterable[str]] | None = None,
    deck: Iterable[str] = (),
    discard: Iterable[str] = (),
    reserve: Iterable[str] | None = None,
    rest: str = "deck",
    vp: Iterable[int] | None = None,
    eliminated: Iterable[bool] | None = None,
    known: Mapping[str, Iterable[int]] | None = None,
    start_player: int = 0,
    seed: int = 1,
) -> RatjackState:
    """A :class:`RatjackState` in the described position (``ValueError`` if inconsistent).

    ``reserve``: faces of (some) reserve tokens, e.g. ``["+5", "double"]``;
    reserve tokens not named there show their first face (``-1 -3 -5 +10 half
    protected``).  ``deck`` and ``discard`` list cards bottom first, top last.
    """
    if phase not in PHASES:
        raise ValueError(f"unknown phase {phase!r}")
    s = RatjackState.__new__(RatjackState)
    s._legal_cache = None
    s.seed = seed
    s.rng = Rng(seed)
    s.num_players = players
    s.all_mask = (1 << players) - 1
    s.decks = tuple(sorted(DECKS.index(d) for d in decks))
    s.deck_option = tuple(decks)
    s.vp = list(vp) if vp else [0] * players
    s.round_no = 1
    s.start_player = start_player
    s.last_scorer = start_player
    s.phase = phase
    s.player = player
    s.setup_left = players if phase == "setup" else 0
    s.face_up = [False] * ALL_CARDS
    s.token_on = [-1] * ALL_CARDS
    s.token_side = [0] * NUM_TOKENS
    s.token_card = [-1] * NUM_TOKENS
    s.known = [0] * ALL_CARDS
    s.eliminated = list(eliminated) if eliminated else [False] * players
    s.extra_turns = 0
    s.clear_ability()
    s.drawn_card = -1
    s.last_round = None
    s._winners = ()
    used = []
    s.hands = []
    for p, hand in enumerate(hands or [[] for _ in range(players)]):
        cards = [parse_card(x) for x in hand]
        for c in cards:
            s.known[c] = 1 << p
        s.hands.append(cards)
        used += cards
    s.areas = []
    for p, area in enumerate(areas or [[] for _ in range(players)]):
        row = []
        for text in area:
            side, _, rest_text = text.partition(":")
            if side not in ("U", "D"):
                raise ValueError(f"area card {text!r} must start with U: or D:")
            name, _, face = rest_text.partition("@")
            c = parse_card(name)
            row.append(c)
            s.face_up[c] = side == "U"
            s.known[c] = s.all_mask if side == "U" else 1 << p
            if face:
                t = FACE_INDEX[face] // 2
                if s.token_card[t] >= 0:
                    raise ValueError(f"token face {face!r} is already used (one token per pair of faces)")
                s.token_card[t] = c
                s.token_side[t] = FACE_INDEX[face] % 2
                s.token_on[c] = t
        s.areas.append(row)
        used += row
    for face in reserve or ():
        t = FACE_INDEX[face] // 2
        if s.token_card[t] >= 0:
            raise ValueError(f"token face {face!r} lies on a card")
        s.token_side[t] = FACE_INDEX[face] % 2
    s.discard = [parse_card(x) for x in discard]
    s.deck = [parse_card(x) for x in deck]
    used += s.discard + s.deck
    all_cards = [d * 12 + v for d in s.decks for v in range(12)]
    if len(set(used)) != len(used) or not set(used) <= set(all_cards):
        raise ValueError("a card is used twice or is not in the chosen decks")
    others = [c for c in all_cards if c not in used]
    if rest == "deck":
        s.deck = others + s.deck
    else:
        s.discard = others + s.discard
    for c in s.discard:
        s.known[c] = s.all_mask
    for name, players_ in (known or {}).items():
        for q in players_:
            s.known[parse_card(name)] |= 1 << q
    return s
