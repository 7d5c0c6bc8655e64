"""The 36 Ratjack abilities: texts, resolvability and their decision steps.

Each :class:`Ability` has

* ``can(s, p, src)`` – can player ``p`` resolve it *completely* now (the source
  card ``src`` already lies face up in ``p``'s area)?  An option whose ability
  cannot be resolved is not legal (rules: "must be resolved completely");
* ``start(s, p, src, ev)`` – the automatic part done before the first decision
  (draws, discards, extra turn ...), or ``None``;
* ``steps`` – the decisions of the acting player, each a pair
  ``(choices(s, p, src) -> [Action], apply(s, p, src, action, ev) -> chain)``;
  ``apply`` returns a card id when the ability continues with that card's
  ability (rat 6), else ``None``.

``can`` is written so that, when it holds, every step offers at least one
choice and every offered choice can be completed (so ``legal_actions()`` never
leads into a dead end).  Choices made in earlier steps are kept in ``s.chosen``
as positions ``(player, index)`` or token ids, never as hidden card ids.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NamedTuple, TypeAlias

from . import card_moves, token_moves
from .actions import DISCARD, TARGET, TOKEN, TOKEN_ACTIONS, Action
from .cards import BLANK, CARD_ABILITY, FAMILIES, LOCKED, NUM_TOKENS, PROTECTED

if TYPE_CHECKING:
    from .state import RatjackState
    from .views import RatjackEvent

# The parts of an ability (the state type is only imported for the checker, so these are strings).
#: Can player ``p`` resolve it completely now, ``src`` the source card?
Check: TypeAlias = "Callable[[RatjackState, int, int], bool]"
#: The automatic part before the first decision.
Start: TypeAlias = "Callable[[RatjackState, int, int, list[RatjackEvent]], None]"
#: A step's choices.
Choices: TypeAlias = "Callable[[RatjackState, int, int], list[Action]]"
#: A step's effect of the chosen action: a card id when the ability continues with that card's
#: ability (rat 6), else ``None``.
Effect: TypeAlias = "Callable[[RatjackState, int, int, Action, list[RatjackEvent]], int | None]"
Step: TypeAlias = "tuple[Choices, Effect]"
#: A card predicate ``(s, card)``.
CardPredicate: TypeAlias = "Callable[[RatjackState, int], bool]"
#: The players whose cards a step looks at, for acting player ``p``.
PlayersOf: TypeAlias = "Callable[[RatjackState, int], Iterable[int]]"

MAX_AREA = 48
TARGETS = tuple(tuple(Action(TARGET, player=q, index=i) for i in range(MAX_AREA)) for q in range(4))
PLAYER_TARGETS = tuple(Action(TARGET, player=q) for q in range(4))
DISCARDS = tuple(Action(DISCARD, card=c) for c in range(48))


class Ability(NamedTuple):
    """One row of the table (see the module docstring)."""

    name: str
    text: str
    can: Check
    start: Start | None
    steps: tuple[Step, ...]
    prompts: tuple[str, ...] = ()


# ---------------------------------------------------------------- helpers


def face_of(s: RatjackState, c: int) -> int:
    """Token face id on card ``c`` (-1: no token)."""
    t = s.token_on[c]
    return -1 if t < 0 else token_moves.face_id(s, t)


def _others(s: RatjackState, p: int) -> list[int]:
    elim = s.eliminated
    return [q for q in range(s.num_players) if q != p and not elim[q]]


def _in_round(s: RatjackState) -> list[int]:
    elim = s.eliminated
    return [q for q in range(s.num_players) if not elim[q]]


def _targets(s: RatjackState, players: Iterable[int], pred: CardPredicate) -> list[Action]:
    out = []
    for q in players:
        row = TARGETS[q]
        for i, c in enumerate(s.areas[q]):
            if pred(s, c):
                out.append(row[i])
    return out


def _has(s: RatjackState, players: Iterable[int], pred: CardPredicate) -> bool:
    for q in players:
        for c in s.areas[q]:
            if pred(s, c):
                return True
    return False


def _count(s: RatjackState, players: Iterable[int], pred: CardPredicate) -> int:
    return sum(1 for q in players for c in s.areas[q] if pred(s, c))


# card predicates (s, c) -> bool
def _up(s: RatjackState, c: int) -> bool:
    return s.face_up[c]


def _down(s: RatjackState, c: int) -> bool:
    return not s.face_up[c]


def _tokenless(s: RatjackState, c: int) -> bool:
    return s.token_on[c] < 0


def _tokened(s: RatjackState, c: int) -> bool:
    return s.token_on[c] >= 0


def _unlocked(s: RatjackState, c: int) -> bool:
    return face_of(s, c) != LOCKED


def _up_tokenless(s: RatjackState, c: int) -> bool:
    return s.face_up[c] and s.token_on[c] < 0


def _down_tokenless(s: RatjackState, c: int) -> bool:
    return not s.face_up[c] and s.token_on[c] < 0


def _up_tokened(s: RatjackState, c: int) -> bool:
    return s.face_up[c] and s.token_on[c] >= 0


def _down_unlocked(s: RatjackState, c: int) -> bool:
    return not s.face_up[c] and face_of(s, c) != LOCKED


def _unprotected(s: RatjackState, c: int) -> bool:
    return face_of(s, c) != PROTECTED


def _up_unprotected(s: RatjackState, c: int) -> bool:
    return s.face_up[c] and face_of(s, c) != PROTECTED


def _down_unprotected(s: RatjackState, c: int) -> bool:
    return not s.face_up[c] and face_of(s, c) != PROTECTED


def _up_free(s: RatjackState, c: int) -> bool:
    """Face up, and neither protected nor locked (can be turned or discarded by others)."""
    return s.face_up[c] and face_of(s, c) not in (PROTECTED, LOCKED)


def _down_free(s: RatjackState, c: int) -> bool:
    return not s.face_up[c] and face_of(s, c) not in (PROTECTED, LOCKED)


def _reserve_choices(s: RatjackState, p: int, src: int) -> list[Action]:
    tc = s.token_card
    return [TOKEN_ACTIONS[token_moves.face_id(s, t)] for t in range(NUM_TOKENS) if tc[t] < 0]


def _reserve_size(s: RatjackState) -> int:
    return s.token_card.count(-1)


def _pos(a: Action) -> tuple[int, int]:
    return a.player, a.index


def _card_at(s: RatjackState, a: Action) -> int:
    return s.areas[a.player][a.index]


def _as_position(s: RatjackState, m: int | tuple[int, int]) -> tuple[int, int]:
    """``m``, a card position an earlier step of the ability remembered."""
    if isinstance(m, int):
        raise ValueError(f"{ABILITIES[s.ability].name}: a card position was to be chosen, not token {m}")
    return m


def _pop_position(s: RatjackState) -> tuple[int, int]:
    """The card position an earlier step of the ability remembered (the last one)."""
    return _as_position(s, s.chosen.pop())


def _pop_token(s: RatjackState) -> int:
    """The reserve token an earlier step of the ability chose (the last one)."""
    m = s.chosen.pop()
    if not isinstance(m, int):
        raise ValueError(f"{ABILITIES[s.ability].name}: a token was to be chosen, not card {m}")
    return m


def _pick_token(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    s.chosen.append(a.face // 2)


def _place_chosen_token(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    token_moves.put_token(s, _pop_token(s), a.player, a.index, p, ev)


def _remember(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    s.chosen.append(_pos(a))


def can_resolve(s: RatjackState, p: int, src: int) -> bool:
    """Can ``p`` completely resolve the ability of face-up card ``src``?"""
    if face_of(s, src) == BLANK:
        return True
    return ABILITIES[CARD_ABILITY[src]].can(s, p, src)


def _target_step(players_of: PlayersOf, pred: CardPredicate) -> Choices:
    """A step's choices: the cards of ``players_of(s, p)`` that satisfy ``pred``, as targets; with
    ``HAS_CHOICE[choices](s, p, src)``, whether there is one (stops at the first, builds no list)."""

    def choices(s: RatjackState, p: int, src: int) -> list[Action]:
        return _targets(s, players_of(s, p), pred)

    def exists(s: RatjackState, p: int, src: int) -> bool:
        return _has(s, players_of(s, p), pred)

    HAS_CHOICE[choices] = exists
    return choices


#: ``HAS_CHOICE[choices]``: whether a step made by :func:`_target_step` has a choice (stops at
#: the first one, builds no list).
HAS_CHOICE: dict[Choices, Check] = {}


def _self_only(s: RatjackState, p: int) -> tuple[int, ...]:
    return (p,)


def _everyone_in_round(s: RatjackState, p: int) -> list[int]:
    return _in_round(s)


def _own(pred: CardPredicate) -> Choices:
    return _target_step(_self_only, pred)


def _other(pred: CardPredicate) -> Choices:
    return _target_step(_others, pred)


def _anyone(pred: CardPredicate) -> Choices:
    return _target_step(_everyone_in_round, pred)


def _all_steps_can(steps: tuple[Step, ...]) -> Check:
    """``can`` for abilities whose steps are independent: every step has a choice now
    (asked with ``HAS_CHOICE[choices]`` where a step has it, so no list is built)."""
    checks: tuple[Callable[[RatjackState, int, int], object], ...] = tuple(
        HAS_CHOICE.get(choices, choices) for choices, _ in steps
    )

    def can(s: RatjackState, p: int, src: int) -> bool:
        for check in checks:
            if not check(s, p, src):
                return False
        return True

    return can


def _always(s: RatjackState, p: int, src: int) -> bool:
    return True


def _discard_top(n: int) -> tuple[Check, Start]:
    """An ability that discards the top ``n`` deck cards: (can-resolve check, start)."""

    def can(s: RatjackState, p: int, src: int) -> bool:
        return len(s.deck) >= n

    def start(s: RatjackState, p: int, src: int, ev: list[RatjackEvent]) -> None:
        card_moves.mill(s, n, ev)

    return can, start


_TOKEN: Step = (_reserve_choices, _pick_token)
_TOKEN_PROMPT = "choose a token from the reserve"
_TABLE: list[Ability] = []


def _define(
    name: str,
    text: str,
    steps: Iterable[Step],
    prompts: Iterable[str],
    can: Check | None = None,
    start: Start | None = None,
) -> None:
    """Append the row of ability ``name`` to :data:`ABILITIES` (rows in ability-id order)."""
    row = tuple(steps)
    _TABLE.append(Ability(name, text, can or _all_steps_can(row), start, row, tuple(prompts)))


# ---------------------------------------------------------------- rat 1..12


def rat1_can(s: RatjackState, p: int, src: int) -> bool:
    """Rat 1: "put a token on one of your face-up cards"."""
    return _reserve_size(s) > 0 and _has(s, (p,), _up_tokenless)


_define(
    "rat 1",
    "put a token on one of your face-up cards",
    [_TOKEN, (_own(_up_tokenless), _place_chosen_token)],
    [_TOKEN_PROMPT, "choose one of your face-up cards"],
    can=rat1_can,
)


def rat2_can(s: RatjackState, p: int, src: int) -> bool:
    """Rat 2: "take the top discard, put it face down in your area" (also raccoon 9's check)."""
    return bool(s.discard)


def rat2_start(s: RatjackState, p: int, src: int, ev: list[RatjackEvent]) -> None:
    """Rat 2: "take the top discard, put it face down in your area"."""
    card_moves.take_discard_to_area(s, p, False, ev)


_define(
    "rat 2", "take the top discard, put it face down in your area", [], [], can=rat2_can, start=rat2_start
)


def rat3_start(s: RatjackState, p: int, src: int, ev: list[RatjackEvent]) -> None:
    """Rat 3: "play an extra turn (after this one)"."""
    s.extra_turns += 1
    ev.append({"type": "extra_turn", "player": p})


_define("rat 3", "play an extra turn (after this one)", [], [], can=_always, start=rat3_start)


def rat4_can(s: RatjackState, p: int, src: int) -> bool:
    """Rat 4: "put a token on another player's face-down card"."""
    return _reserve_size(s) > 0 and _has(s, _others(s, p), _down_tokenless)


_define(
    "rat 4",
    "put a token on another player's face-down card",
    [_TOKEN, (_other(_down_tokenless), _place_chosen_token)],
    [_TOKEN_PROMPT, "choose another player's face-down card"],
    can=rat4_can,
)


def rat5_choices(s: RatjackState, p: int, src: int) -> list[Action]:
    """Rat 5: "look at one card of another player (only you see it)"."""
    return _targets(s, _others(s, p), _down_unprotected)


def rat5_apply(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Rat 5: "look at one card of another player (only you see it)"."""
    card_moves.peek(s, p, a.player, a.index, ev)


_define(
    "rat 5",
    "look at one card of another player (only you see it)",
    [(rat5_choices, rat5_apply)],
    ["choose another player's face-down card to look at"],
)


def _rat6_ok(s: RatjackState, p: int, c: int) -> bool:
    if s.face_up[c] or face_of(s, c) == LOCKED:
        return False
    s.face_up[c] = True
    ok = can_resolve(s, p, c)
    s.face_up[c] = False
    return ok


def rat6_choices(s: RatjackState, p: int, src: int) -> list[Action]:
    """Rat 6: "turn one of your face-down cards face up and resolve its ability"."""
    row = TARGETS[p]
    return [row[i] for i, c in enumerate(s.areas[p]) if _rat6_ok(s, p, c)]


def rat6_can(s: RatjackState, p: int, src: int) -> bool:
    """Rat 6: "turn one of your face-down cards face up and resolve its ability"."""
    return any(_rat6_ok(s, p, c) for c in s.areas[p])


def rat6_apply(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> int:
    """Rat 6: "turn one of your face-down cards face up and resolve its ability"."""
    c = _card_at(s, a)
    card_moves.turn_card(s, a.player, a.index, True, ev)
    return c


_define(
    "rat 6",
    "turn one of your face-down cards face up and resolve its ability",
    [(rat6_choices, rat6_apply)],
    ["choose one of your face-down cards to turn face up"],
    can=rat6_can,
)


def rat7_own(s: RatjackState, p: int, src: int) -> list[Action]:
    """Rat 7: "swap one of your other face-up cards with another player's face-up card"."""
    row = TARGETS[p]
    return [row[i] for i, c in enumerate(s.areas[p]) if c != src and s.face_up[c]]


def rat7_can(s: RatjackState, p: int, src: int) -> bool:
    """Rat 7: "swap one of your other face-up cards with another player's face-up card"."""
    return bool(rat7_own(s, p, src)) and _has(s, _others(s, p), _up_unprotected)


def swap_with_chosen_card(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Rat 7 and raccoon 2: swap the card chosen first with card ``a``."""
    q0, i0 = _pop_position(s)
    card_moves.swap_cards(s, q0, i0, a.player, a.index, ev)


_define(
    "rat 7",
    "swap one of your other face-up cards with another player's face-up card",
    [(rat7_own, _remember), (_other(_up_unprotected), swap_with_chosen_card)],
    ["choose one of your other face-up cards", "choose another player's face-up card"],
    can=rat7_can,
)

_define(
    "rat 8",
    "put a token on one of your cards",
    [_TOKEN, (_own(_tokenless), _place_chosen_token)],
    [_TOKEN_PROMPT, "choose one of your cards"],
)


def rat9_can(s: RatjackState, p: int, src: int) -> bool:
    """Rat 9: "move a token from another player's card to one of your cards"."""
    return _has(s, _others(s, p), _tokened) and _has(s, (p,), _tokenless)


def rat9_apply(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Rat 9: "move a token from another player's card to one of your cards"."""
    q0, i0 = _pop_position(s)
    token_moves.move_token(s, q0, i0, a.player, a.index, p, ev)


_define(
    "rat 9",
    "move a token from another player's card to one of your cards",
    [(_other(_tokened), _remember), (_own(_tokenless), rat9_apply)],
    ["choose another player's card with a token", "choose one of your cards"],
    can=rat9_can,
)


def rat10_apply(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Rat 10: "turn another player's face-up card face down"."""
    card_moves.turn_card(s, a.player, a.index, False, ev)


_define(
    "rat 10",
    "turn another player's face-up card face down",
    [(_other(_up_free), rat10_apply)],
    ["choose another player's face-up card"],
)

rat11_can, rat11_start = _discard_top(2)
_define("rat 11", "discard the top 2 deck cards", [], [], can=rat11_can, start=rat11_start)


def turn_face_up(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Rat 12 and raccoon 7: turn card ``a`` face up (no ability)."""
    card_moves.turn_card(s, a.player, a.index, True, ev)


_define(
    "rat 12",
    "turn another player's face-down card face up (no ability)",
    [(_other(_down_free), turn_face_up)],
    ["choose another player's face-down card"],
)


# ---------------------------------------------------------------- weasel 1..12


def weasel1_choices(s: RatjackState, p: int, src: int) -> list[Action]:
    """Weasel 1: "exchange your hand with another player's hand"."""
    return [PLAYER_TARGETS[q] for q in _others(s, p)]


def weasel1_apply(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Weasel 1: "exchange your hand with another player's hand"."""
    card_moves.exchange_hands(s, p, a.player, ev)


_define(
    "weasel 1",
    "exchange your hand with another player's hand",
    [(weasel1_choices, weasel1_apply)],
    ["choose a player to exchange hands with"],
)


def return_token(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Weasel 2 and weasel 10: the token of card ``a`` back to the reserve."""
    token_moves.return_token(s, a.player, a.index, p, ev)


_define(
    "weasel 2",
    "return a token from any card to the reserve",
    [(_anyone(_tokened), return_token)],
    ["choose a card with a token"],
)


def weasel3_can(s: RatjackState, p: int, src: int) -> bool:
    """Weasel 3: "draw a card, look at it, then put it face down in another player's area or discard it"."""
    return bool(s.deck)


def weasel3_start(s: RatjackState, p: int, src: int, ev: list[RatjackEvent]) -> None:
    """Weasel 3: "draw a card, look at it, ..."."""
    card_moves.draw_card_aside(s, p, ev)


def weasel3_choices(s: RatjackState, p: int, src: int) -> list[Action]:
    """Weasel 3: "... then put it face down in another player's area or discard it"."""
    return [PLAYER_TARGETS[q] for q in _others(s, p)] + [DISCARDS[s.drawn_card]]


def weasel3_apply(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Weasel 3: "... then put it face down in another player's area or discard it"."""
    if a.kind == DISCARD:
        card_moves.discard_drawn_card(s, p, ev)
    else:
        card_moves.give_drawn_card(s, p, a.player, ev)


_define(
    "weasel 3",
    "draw a card, look at it, then put it face down in another player's area or discard it",
    [(weasel3_choices, weasel3_apply)],
    ["give the drawn card to a player, or discard it"],
    can=weasel3_can,
    start=weasel3_start,
)

_define(
    "weasel 4",
    "put a token on any face-down card",
    [_TOKEN, (_anyone(_down_tokenless), _place_chosen_token)],
    [_TOKEN_PROMPT, "choose a face-down card"],
)


def weasel5_choices(s: RatjackState, p: int, src: int) -> list[Action]:
    """Weasel 5: "turn one of your cards over (no ability)"."""
    return _targets(s, (p,), _unlocked)


def weasel5_apply(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Weasel 5: "turn one of your cards over (no ability)"."""
    card_moves.turn_card(s, a.player, a.index, not s.face_up[_card_at(s, a)], ev)


_define(
    "weasel 5",
    "turn one of your cards over (no ability)",
    [(weasel5_choices, weasel5_apply)],
    ["choose one of your cards to turn over"],
)


def take_face_up(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Weasel 6 and raccoon 4: card ``a`` into your area face up (no ability)."""
    card_moves.take_card(s, p, a.player, a.index, True, ev)


_define(
    "weasel 6",
    "take another player's face-up card into your area face up (no ability)",
    [(_other(_up_unprotected), take_face_up)],
    ["choose another player's face-up card"],
)


def weasel7_can(s: RatjackState, p: int, src: int) -> bool:
    """Weasel 7: "exchange a token on one of your cards with a token from the reserve"."""
    return _reserve_size(s) > 0 and _has(s, (p,), _tokened)


def weasel7_apply(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Weasel 7: "exchange a token on one of your cards with a token from the reserve"."""
    q0, i0 = _pop_position(s)
    token_moves.exchange_token(s, q0, i0, a.face // 2, p, ev)


_define(
    "weasel 7",
    "exchange a token on one of your cards with a token from the reserve",
    [(_own(_tokened), _remember), (_reserve_choices, weasel7_apply)],
    ["choose one of your cards with a token", _TOKEN_PROMPT],
    can=weasel7_can,
)


def weasel8_first(s: RatjackState, p: int, src: int) -> list[Action]:
    """Weasel 8: "swap the tokens of two cards" (the first card)."""
    return _targets(s, _in_round(s), _tokened)


def weasel8_second(s: RatjackState, p: int, src: int) -> list[Action]:
    """Weasel 8: "swap the tokens of two cards" (the second card)."""
    q0, i0 = _as_position(s, s.chosen[-1])
    return [a for a in _targets(s, _in_round(s), _tokened) if a.player != q0 or a.index != i0]


def weasel8_can(s: RatjackState, p: int, src: int) -> bool:
    """Weasel 8: "swap the tokens of two cards"."""
    return _count(s, _in_round(s), _tokened) >= 2


def weasel8_apply(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Weasel 8: "swap the tokens of two cards"."""
    q0, i0 = _pop_position(s)
    token_moves.swap_tokens(s, q0, i0, a.player, a.index, p, ev)


_define(
    "weasel 8",
    "swap the tokens of two cards",
    [(weasel8_first, _remember), (weasel8_second, weasel8_apply)],
    ["choose a card with a token", "choose a second card with a token"],
    can=weasel8_can,
)

weasel9_can, weasel9_start = _discard_top(3)
_define("weasel 9", "discard the top 3 deck cards", [], [], can=weasel9_can, start=weasel9_start)

_define(
    "weasel 10",
    "return the token of one of your face-up cards to the reserve",
    [(_own(_up_tokened), return_token)],
    ["choose one of your face-up cards with a token"],
)


def discard_from_area(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Weasel 11 and raccoon 1: discard card ``a``."""
    card_moves.discard_from_area(s, a.player, a.index, p, ev)


_define(
    "weasel 11",
    "discard one of your face-down cards",
    [(_own(_down_unlocked), discard_from_area)],
    ["choose one of your face-down cards"],
)


def weasel12_first(s: RatjackState, p: int, src: int) -> list[Action]:
    """Weasel 12: "take a token from the reserve or from another player's card ..."."""
    return _reserve_choices(s, p, src) + _targets(s, _others(s, p), _tokened)


def weasel12_can(s: RatjackState, p: int, src: int) -> bool:
    """Weasel 12: "take a token from the reserve or from another player's card and put it on one of your cards"."""
    return (_reserve_size(s) > 0 or _has(s, _others(s, p), _tokened)) and _has(s, (p,), _tokenless)


def weasel12_pick(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Weasel 12: "take a token from the reserve or from another player's card ..."."""
    if a.kind == TOKEN:
        s.chosen.append(a.face // 2)
    else:
        s.chosen.append(_pos(a))


def weasel12_apply(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Weasel 12: "... and put it on one of your cards"."""
    source = s.chosen.pop()
    if isinstance(source, tuple):
        token_moves.move_token(s, source[0], source[1], a.player, a.index, p, ev)
    else:
        token_moves.put_token(s, source, a.player, a.index, p, ev)


_define(
    "weasel 12",
    "take a token from the reserve or from another player's card and put it on one of your cards",
    [(weasel12_first, weasel12_pick), (_own(_tokenless), weasel12_apply)],
    ["choose a reserve token or another player's card with a token", "choose one of your cards"],
    can=weasel12_can,
)


# ---------------------------------------------------------------- raccoon 1..12

_define(
    "raccoon 1",
    "discard another player's face-up card",
    [(_other(_up_free), discard_from_area)],
    ["choose another player's face-up card"],
)


def raccoon2_can(s: RatjackState, p: int, src: int) -> bool:
    """Raccoon 2: "swap one of your face-down cards with another player's face-up card"."""
    return _has(s, (p,), _down) and _has(s, _others(s, p), _up_unprotected)


_define(
    "raccoon 2",
    "swap one of your face-down cards with another player's face-up card",
    [(_own(_down), _remember), (_other(_up_unprotected), swap_with_chosen_card)],
    ["choose one of your face-down cards", "choose another player's face-up card"],
    can=raccoon2_can,
)


def raccoon3_can(s: RatjackState, p: int, src: int) -> bool:
    """Raccoon 3: "put your hand card face up in your area (no ability), then draw a card"."""
    return bool(s.hands[p]) and bool(s.deck)


def raccoon3_start(s: RatjackState, p: int, src: int, ev: list[RatjackEvent]) -> None:
    """Raccoon 3: "put your hand card face up in your area (no ability), then draw a card"."""
    card_moves.hand_to_area_face_up(s, p, ev)
    card_moves.draw_from_deck(s, p, ev)


_define(
    "raccoon 3",
    "put your hand card face up in your area (no ability), then draw a card",
    [],
    [],
    can=raccoon3_can,
    start=raccoon3_start,
)

_define(
    "raccoon 4",
    "take another player's face-down card into your area face up (no ability)",
    [(_other(_down_free), take_face_up)],
    ["choose another player's face-down card"],
)


def raccoon5_can(s: RatjackState, p: int, src: int) -> bool:
    """Raccoon 5: "put the top deck card face down in your area" (also raccoon 10's check)."""
    return bool(s.deck)


def raccoon5_start(s: RatjackState, p: int, src: int, ev: list[RatjackEvent]) -> None:
    """Raccoon 5: "put the top deck card face down in your area"."""
    card_moves.deck_to_area(s, p, ev)


_define(
    "raccoon 5",
    "put the top deck card face down in your area",
    [],
    [],
    can=raccoon5_can,
    start=raccoon5_start,
)


def raccoon6_can(s: RatjackState, p: int, src: int) -> bool:
    """Raccoon 6: "put a token on each of two cards"."""
    return _reserve_size(s) >= 2 and _count(s, _in_round(s), _tokenless) >= 2


_define(
    "raccoon 6",
    "put a token on each of two cards",
    [_TOKEN, (_anyone(_tokenless), _place_chosen_token), _TOKEN, (_anyone(_tokenless), _place_chosen_token)],
    [_TOKEN_PROMPT, "choose a card", _TOKEN_PROMPT, "choose another card"],
    can=raccoon6_can,
)


def raccoon7_can(s: RatjackState, p: int, src: int) -> bool:
    """Raccoon 7: "turn one of your face-down cards and one of another player's face-down cards face up"."""
    return _has(s, (p,), _down_unlocked) and _has(s, _others(s, p), _down_free)


_define(
    "raccoon 7",
    "turn one of your face-down cards and one of another player's face-down cards face up",
    [(_own(_down_unlocked), turn_face_up), (_other(_down_free), turn_face_up)],
    ["choose one of your face-down cards", "choose another player's face-down card"],
    can=raccoon7_can,
)


def raccoon8_can(s: RatjackState, p: int, src: int) -> bool:
    """Raccoon 8: "put a token on one of your cards and one on another player's card"."""
    return _reserve_size(s) >= 2 and _has(s, (p,), _tokenless) and _has(s, _others(s, p), _tokenless)


_define(
    "raccoon 8",
    "put a token on one of your cards and one on another player's card",
    [_TOKEN, (_own(_tokenless), _place_chosen_token), _TOKEN, (_other(_tokenless), _place_chosen_token)],
    [_TOKEN_PROMPT, "choose one of your cards", _TOKEN_PROMPT, "choose another player's card"],
    can=raccoon8_can,
)


def raccoon9_start(s: RatjackState, p: int, src: int, ev: list[RatjackEvent]) -> None:
    """Raccoon 9: "take the top discard into your area face up (no ability)"."""
    card_moves.take_discard_to_area(s, p, True, ev)


_define(
    "raccoon 9",
    "take the top discard into your area face up (no ability)",
    [],
    [],
    can=rat2_can,
    start=raccoon9_start,
)


def raccoon10_start(s: RatjackState, p: int, src: int, ev: list[RatjackEvent]) -> None:
    """Raccoon 10: "draw a card, ..."."""
    card_moves.draw_from_deck(s, p, ev)


def raccoon10_choices(s: RatjackState, p: int, src: int) -> list[Action]:
    """Raccoon 10: "... then discard a card from your hand"."""
    return [DISCARDS[c] for c in sorted(s.hands[p])]


def raccoon10_apply(s: RatjackState, p: int, src: int, a: Action, ev: list[RatjackEvent]) -> None:
    """Raccoon 10: "... then discard a card from your hand"."""
    card_moves.discard_from_hand(s, p, a.card, ev)


_define(
    "raccoon 10",
    "draw a card, then discard a card from your hand",
    [(raccoon10_choices, raccoon10_apply)],
    ["choose a hand card to discard"],
    can=raccoon5_can,
    start=raccoon10_start,
)

_define(
    "raccoon 11",
    "put a token on another player's card",
    [_TOKEN, (_other(_tokenless), _place_chosen_token)],
    [_TOKEN_PROMPT, "choose another player's card"],
)


def raccoon12_can(s: RatjackState, p: int, src: int) -> bool:
    """Raccoon 12: "shuffle the top 3 discard cards into the deck"."""
    return len(s.discard) >= 3


def raccoon12_start(s: RatjackState, p: int, src: int, ev: list[RatjackEvent]) -> None:
    """Raccoon 12: "shuffle the top 3 discard cards into the deck"."""
    card_moves.shuffle_discards_into_deck(s, 3, ev)


_define(
    "raccoon 12",
    "shuffle the top 3 discard cards into the deck",
    [],
    [],
    can=raccoon12_can,
    start=raccoon12_start,
)

#: The 36 abilities by ability id (``family * 12 + value - 1``, see ``cards.py``).
ABILITIES: tuple[Ability, ...] = tuple(_TABLE)
assert [a.name for a in ABILITIES] == [f"{family} {v}" for family in FAMILIES for v in range(1, 13)]
