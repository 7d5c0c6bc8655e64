"""What each player may see of a Ratjack state: ``view(s, player)``, its JSON helpers and the
types of views and events.

``view(s, p)`` shows a face-down card or another player's hand card only when
``known[card]`` has ``p``'s bit (the knowledge bookkeeping is in ``card_moves.py``);
the card drawn by weasel 3 only to the player who drew it.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import TYPE_CHECKING, NotRequired, TypedDict

from ..core import BaseView, Event
from .abilities import ABILITIES
from .cards import DECKS, CardJson, card_json
from .token_moves import face_name, reserve_faces

if TYPE_CHECKING:
    from .state import RatjackState


class AreaCard(TypedDict):
    """A card of an area as a view shows it (``card``: ``None`` when the viewer does not know it)."""

    face_up: bool
    card: CardJson | None
    token: str | None


class AreaPosition(TypedDict):
    """A place in an area: card ``index`` (0-based, left to right) of player ``owner``."""

    owner: int
    index: int


class TokenOnCard(TypedDict):
    """A token face on a place in an area (``tokens_swapped``)."""

    owner: int
    index: int
    token: str


class TokenChoice(TypedDict):
    """A reserve token chosen in an earlier step of the pending ability."""

    token: str


class Pending(TypedDict):
    """The ability being resolved and its current step."""

    ability: str
    text: str
    card: CardJson
    step: int
    steps: int
    prompt: str
    #: The choices of earlier steps: positions ``[player, index]`` or reserve tokens.
    chosen: list[list[int] | TokenChoice]
    #: Weasel 3's drawn card, for the player who drew it.
    drawn: NotRequired[CardJson]


class RoundSummary(TypedDict):
    """How the last round ended."""

    round: int
    reason: str
    values: list[int]
    vp: list[int]
    eliminated: list[bool]


class RatjackView(BaseView):
    """What one player sees (:func:`view`)."""

    phase: str
    round: int
    start_player: int
    decks: list[str]
    hand: list[CardJson]
    hand_sizes: list[int]
    #: Per player, the hand cards the viewer knows.
    known_hands: list[list[CardJson]]
    deck_size: int
    discard: list[CardJson]
    areas: list[list[AreaCard]]
    values: list[int]
    reserve: list[str]
    eliminated: list[bool]
    vp: list[int]
    target_vp: int
    extra_turns: int
    pending: Pending | None
    last_round: RoundSummary | None
    winners: list[int]


# ``from`` and ``with`` are Python keywords: those keys are declared in the functional form.
_KeywordKeys = TypedDict("_KeywordKeys", {"from": "str | AreaPosition", "with": int}, total=False)


class RatjackEvent(_KeywordKeys, Event, total=False):
    """Every key a Ratjack event may carry; ``type`` says which it has.

    Rounds and turns: ``round_started``, ``cards_dealt``, ``turn_started``, ``extra_turn``,
    ``vp_scored``, ``player_eliminated``, ``round_ended``, ``game_over``.  Abilities:
    ``ability_started``, ``ability_blank``.  Cards (``card_moves.py``): ``card_drawn``,
    ``card_placed``, ``card_peeked``, ``card_flipped``, ``cards_swapped``, ``card_seen``,
    ``card_moved``, ``card_discarded``, ``cards_milled``, ``deck_shuffled``,
    ``hands_exchanged``, ``hand_received``.  Tokens (``token_moves.py``): ``token_placed``,
    ``token_returned``, ``tokens_swapped``.
    """

    player: int
    round: int
    start_player: int
    discard: list[CardJson]
    deck_size: int
    reserve: list[str]
    decks: list[str]
    #: Dealt, milled, shuffled or received cards; the places of swapped cards or tokens.
    cards: list[CardJson] | list[AreaPosition] | list[TokenOnCard]
    card: CardJson
    extra: bool
    ability: str
    text: str
    points: int
    reason: str
    vp: list[int]
    value: int
    values: list[int]
    winners: list[int]
    scores: list[int]
    source: str
    to: str | AreaPosition
    owner: int
    index: int
    face_up: bool
    token_returned: str | None
    hand_sizes: list[int]
    token: str


# -- small JSON helpers ------------------------------------------------------
def cards_json(cards: Iterable[int]) -> list[CardJson]:
    """``cards`` as the views show them."""
    return [card_json(c) for c in cards]


def discard_json(s: RatjackState) -> list[CardJson]:
    """The discard pile (bottom first) as the views show it."""
    return [card_json(c) for c in s.discard]


def areas_json(s: RatjackState, player: int) -> list[list[AreaCard]]:
    """Every area as the view shows it to ``player`` (``-1``: nobody's secrets)."""
    out = []
    bit = 1 << player if player >= 0 else 0
    for area in s.areas:
        row: list[AreaCard] = []
        for c in area:
            up = s.face_up[c]
            t = s.token_on[c]
            row.append(
                {
                    "face_up": up,
                    "card": card_json(c) if up or s.known[c] & bit else None,
                    "token": face_name(s, t) if t >= 0 else None,
                }
            )
        out.append(row)
    return out


def pending_json(s: RatjackState, player: int) -> Pending | None:
    """The ability being resolved and its current step (for the client)."""
    if s.phase != "ability":
        return None
    ab = ABILITIES[s.ability]
    d: Pending = {
        "ability": ab.name,
        "text": ab.text,
        "card": card_json(s.source),
        "step": s.step,
        "steps": len(ab.steps),
        "prompt": ab.prompts[s.step],
        "chosen": [list(m) if isinstance(m, tuple) else {"token": face_name(s, m)} for m in s.chosen],
    }
    if s.drawn_card >= 0 and s.known[s.drawn_card] >> player & 1:
        d["drawn"] = card_json(s.drawn_card)
    return d


# -- the view ------------------------------------------------------------------
def view(s: RatjackState, player: int) -> RatjackView:
    """The view of ``player`` (``docs/engine-api.md``: the keys every view has, then the game's own)."""
    bit = 1 << player
    known = s.known
    return {
        **s.base_view(player),
        "phase": s.phase,
        "round": s.round_no,
        "start_player": s.start_player,
        "decks": [DECKS[d] for d in s.decks],
        "hand": [card_json(c) for c in sorted(s.hands[player])],
        "hand_sizes": [len(h) for h in s.hands],
        "known_hands": [[card_json(c) for c in sorted(h) if known[c] & bit] for h in s.hands],
        "deck_size": len(s.deck),
        "discard": discard_json(s),
        "areas": areas_json(s, player),
        "values": s.values(),
        "reserve": reserve_faces(s),
        "eliminated": list(s.eliminated),
        "vp": list(s.vp),
        "target_vp": 3,
        "extra_turns": s.extra_turns,
        "pending": pending_json(s, player),
        "last_round": copy.deepcopy(s.last_round),
        "winners": list(s._winners),
    }
