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

from collections.abc import Callable
from typing import NamedTuple

from .actions import DISCARD, TARGET, TOKEN, TOKEN_ACTIONS, Action
from .cards import BLANK, CARD_ABILITY, FAMILIES, LOCKED, NUM_TOKENS, PROTECTED

MAX_AREA = 48
TARGETS = tuple(tuple(Action(TARGET, player=q, index=i) for i in range(MAX_AREA)) for q in range(4))
PLAYER_TARGETS = tuple(Action(TARGET, player=q) for q in range(4))
DISCARDS = tuple(Action(DISCARD, card=c) for c in range(48))


class Ability(NamedTuple):
    name: str
    text: str
    can: Callable
    start: Callable | None
    steps: tuple
    prompts: tuple = ()


# ---------------------------------------------------------------- helpers


def face_of(s, c: int) -> int:
    """Token face id on card ``c`` (-1: no token)."""
    t = s.token_on[c]
    return -1 if t < 0 else s.face_id(t)


def _others(s, p: int) -> list:
    elim = s.eliminated
    return [q for q in range(s.num_players) if q != p and not elim[q]]


def _in_round(s) -> list:
    elim = s.eliminated
    return [q for q in range(s.num_players) if not elim[q]]


def _targets(s, players, pred) -> list:
    out = []
    for q in players:
        row = TARGETS[q]
        for i, c in enumerate(s.areas[q]):
            if pred(s, c):
                out.append(row[i])
    return out


def _has(s, players, pred) -> bool:
    for q in players:
        for c in s.areas[q]:
            if pred(s, c):
                return True
    return False


def _count(s, players, pred) -> int:
    return sum(1 for q in players for c in s.areas[q] if pred(s, c))


# card predicates (s, c) -> bool
def _up(s, c):
    return s.face_up[c]


def _down(s, c):
    return not s.face_up[c]


def _tokenless(s, c):
    return s.token_on[c] < 0


def _tokened(s, c):
    return s.token_on[c] >= 0


def _unlocked(s, c):
    return face_of(s, c) != LOCKED


def _up_tokenless(s, c):
    return s.face_up[c] and s.token_on[c] < 0


def _down_tokenless(s, c):
    return not s.face_up[c] and s.token_on[c] < 0


def _up_tokened(s, c):
    return s.face_up[c] and s.token_on[c] >= 0


def _down_unlocked(s, c):
    return not s.face_up[c] and face_of(s, c) != LOCKED


def _unprotected(s, c):
    return face_of(s, c) != PROTECTED


def _up_unprotected(s, c):
    return s.face_up[c] and face_of(s, c) != PROTECTED


def _down_unprotected(s, c):
    return not s.face_up[c] and face_of(s, c) != PROTECTED


def _up_free(s, c):
    """Face up, and neither protected nor locked (can be turned or discarded by others)."""
    return s.face_up[c] and face_of(s, c) not in (PROTECTED, LOCKED)


def _down_free(s, c):
    return not s.face_up[c] and face_of(s, c) not in (PROTECTED, LOCKED)


def _reserve_choices(s, p, src):
    tc = s.token_card
    return [TOKEN_ACTIONS[s.face_id(t)] for t in range(NUM_TOKENS) if tc[t] < 0]


def _reserve_size(s) -> int:
    return s.token_card.count(-1)


def _pos(a: Action) -> tuple:
    return a.player, a.index


def _card_at(s, a: Action) -> int:
    return s.areas[a.player][a.index]


def _pick_token(s, p, src, a, ev):
    s.chosen.append(a.face // 2)


def _place_chosen_token(s, p, src, a, ev):
    s.put_token(s.chosen.pop(), a.player, a.index, p, ev)


def _remember(s, p, src, a, ev):
    s.chosen.append(_pos(a))


def can_resolve(s, p: int, src: int) -> bool:
    """Can ``p`` completely resolve the ability of face-up card ``src``?"""
    if face_of(s, src) == BLANK:
        return True
    return ABILITIES[CARD_ABILITY[src]].can(s, p, src)


def _target_step(players_of, pred):
    """A step's choices: the cards of ``players_of(s, p)`` that satisfy ``pred``, as targets; with
    ``choices.exists(s, p, src)``, whether there is one (stops at the first, builds no list)."""

    def choices(s, p, src):
        return _targets(s, players_of(s, p), pred)

    def exists(s, p, src):
        return _has(s, players_of(s, p), pred)

    choices.exists = exists
    return choices


def _self_only(s, p):
    return (p,)


def _everyone_in_round(s, p):
    return _in_round(s)


def _own(pred):
    return _target_step(_self_only, pred)


def _other(pred):
    return _target_step(_others, pred)


def _anyone(pred):
    return _target_step(_everyone_in_round, pred)


def _all_steps_can(steps):
    """``can`` for abilities whose steps are independent: every step has a choice now
    (asked with ``choices.exists`` where a step has it, so no list is built)."""
    checks = tuple(getattr(choices, "exists", None) or choices for choices, _ in steps)

    def can(s, p, src):
        for check in checks:
            if not check(s, p, src):
                return False
        return True

    return can


def _always(s, p, src):
    return True


def _discard_top(n: int):
    """An ability that discards the top ``n`` deck cards: (can-resolve check, start)."""

    def can(s, p, src):
        return len(s.deck) >= n

    def start(s, p, src, ev):
        s.mill(n, ev)

    return can, start


_TOKEN = (_reserve_choices, _pick_token)
_TOKEN_PROMPT = "choose a token from the reserve"
_TABLE: list[Ability] = []


def _define(name, text, steps, prompts, can=None, start=None) -> None:
    """Append the row of ability ``name`` to :data:`ABILITIES` (rows in ability-id order)."""
    steps = tuple(steps)
    _TABLE.append(Ability(name, text, can or _all_steps_can(steps), start, steps, tuple(prompts)))


# ---------------------------------------------------------------- rat 1..12


def rat1_can(s, p, src):
    """Rat 1: "put a token on one of your face-up cards"."""
    return _reserve_size(s) > 0 and _has(s, (p,), _up_tokenless)


_define(
    "rat 1",
    "put a token on one of your face-up cards",
    [_TOKEN, (_own(_up_tokenless), _place_chosen_token)],
    [_TOKEN_PROMPT, "choose one of your face-up cards"],
    can=rat1_can,
)


def rat2_can(s, p, src):
    """Rat 2: "take the top discard, put it face down in your area" (also raccoon 9's check)."""
    return bool(s.discard)


def rat2_start(s, p, src, ev):
    """Rat 2: "take the top discard, put it face down in your area"."""
    s.take_discard_to_area(p, False, ev)


_define(
    "rat 2", "take the top discard, put it face down in your area", [], [], can=rat2_can, start=rat2_start
)


def rat3_start(s, p, src, ev):
    """Rat 3: "play an extra turn (after this one)"."""
    s.extra_turns += 1
    ev.append({"type": "extra_turn", "player": p})


_define("rat 3", "play an extra turn (after this one)", [], [], can=_always, start=rat3_start)


def rat4_can(s, p, src):
    """Rat 4: "put a token on another player's face-down card"."""
    return _reserve_size(s) > 0 and _has(s, _others(s, p), _down_tokenless)


_define(
    "rat 4",
    "put a token on another player's face-down card",
    [_TOKEN, (_other(_down_tokenless), _place_chosen_token)],
    [_TOKEN_PROMPT, "choose another player's face-down card"],
    can=rat4_can,
)


def rat5_choices(s, p, src):
    """Rat 5: "look at one card of another player (only you see it)"."""
    return _targets(s, _others(s, p), _down_unprotected)


def rat5_apply(s, p, src, a, ev):
    """Rat 5: "look at one card of another player (only you see it)"."""
    s.peek(p, a.player, a.index, ev)


_define(
    "rat 5",
    "look at one card of another player (only you see it)",
    [(rat5_choices, rat5_apply)],
    ["choose another player's face-down card to look at"],
)


def _rat6_ok(s, p, c):
    if s.face_up[c] or face_of(s, c) == LOCKED:
        return False
    s.face_up[c] = True
    ok = can_resolve(s, p, c)
    s.face_up[c] = False
    return ok


def rat6_choices(s, p, src):
    """Rat 6: "turn one of your face-down cards face up and resolve its ability"."""
    row = TARGETS[p]
    return [row[i] for i, c in enumerate(s.areas[p]) if _rat6_ok(s, p, c)]


def rat6_can(s, p, src):
    """Rat 6: "turn one of your face-down cards face up and resolve its ability"."""
    return any(_rat6_ok(s, p, c) for c in s.areas[p])


def rat6_apply(s, p, src, a, ev):
    """Rat 6: "turn one of your face-down cards face up and resolve its ability"."""
    c = _card_at(s, a)
    s.turn_card(a.player, a.index, True, ev)
    return c


_define(
    "rat 6",
    "turn one of your face-down cards face up and resolve its ability",
    [(rat6_choices, rat6_apply)],
    ["choose one of your face-down cards to turn face up"],
    can=rat6_can,
)


def rat7_own(s, p, src):
    """Rat 7: "swap one of your other face-up cards with another player's face-up card"."""
    row = TARGETS[p]
    return [row[i] for i, c in enumerate(s.areas[p]) if c != src and s.face_up[c]]


def rat7_can(s, p, src):
    """Rat 7: "swap one of your other face-up cards with another player's face-up card"."""
    return bool(rat7_own(s, p, src)) and _has(s, _others(s, p), _up_unprotected)


def swap_with_chosen_card(s, p, src, a, ev):
    """Rat 7 and raccoon 2: swap the card chosen first with card ``a``."""
    q0, i0 = s.chosen.pop()
    s.swap_cards(q0, i0, a.player, a.index, ev)


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


def rat9_can(s, p, src):
    """Rat 9: "move a token from another player's card to one of your cards"."""
    return _has(s, _others(s, p), _tokened) and _has(s, (p,), _tokenless)


def rat9_apply(s, p, src, a, ev):
    """Rat 9: "move a token from another player's card to one of your cards"."""
    q0, i0 = s.chosen.pop()
    s.move_token(q0, i0, a.player, a.index, p, ev)


_define(
    "rat 9",
    "move a token from another player's card to one of your cards",
    [(_other(_tokened), _remember), (_own(_tokenless), rat9_apply)],
    ["choose another player's card with a token", "choose one of your cards"],
    can=rat9_can,
)


def rat10_apply(s, p, src, a, ev):
    """Rat 10: "turn another player's face-up card face down"."""
    s.turn_card(a.player, a.index, False, ev)


_define(
    "rat 10",
    "turn another player's face-up card face down",
    [(_other(_up_free), rat10_apply)],
    ["choose another player's face-up card"],
)

rat11_can, rat11_start = _discard_top(2)
_define("rat 11", "discard the top 2 deck cards", [], [], can=rat11_can, start=rat11_start)


def turn_face_up(s, p, src, a, ev):
    """Rat 12 and raccoon 7: turn card ``a`` face up (no ability)."""
    s.turn_card(a.player, a.index, True, ev)


_define(
    "rat 12",
    "turn another player's face-down card face up (no ability)",
    [(_other(_down_free), turn_face_up)],
    ["choose another player's face-down card"],
)


# ---------------------------------------------------------------- weasel 1..12


def weasel1_choices(s, p, src):
    """Weasel 1: "exchange your hand with another player's hand"."""
    return [PLAYER_TARGETS[q] for q in _others(s, p)]


def weasel1_apply(s, p, src, a, ev):
    """Weasel 1: "exchange your hand with another player's hand"."""
    s.exchange_hands(p, a.player, ev)


_define(
    "weasel 1",
    "exchange your hand with another player's hand",
    [(weasel1_choices, weasel1_apply)],
    ["choose a player to exchange hands with"],
)


def return_token(s, p, src, a, ev):
    """Weasel 2 and weasel 10: the token of card ``a`` back to the reserve."""
    s.return_token(a.player, a.index, p, ev)


_define(
    "weasel 2",
    "return a token from any card to the reserve",
    [(_anyone(_tokened), return_token)],
    ["choose a card with a token"],
)


def weasel3_can(s, p, src):
    """Weasel 3: "draw a card, look at it, then put it face down in another player's area or discard it"."""
    return bool(s.deck)


def weasel3_start(s, p, src, ev):
    """Weasel 3: "draw a card, look at it, ..."."""
    s.draw_card_aside(p, ev)


def weasel3_choices(s, p, src):
    """Weasel 3: "... then put it face down in another player's area or discard it"."""
    return [PLAYER_TARGETS[q] for q in _others(s, p)] + [DISCARDS[s.drawn_card]]


def weasel3_apply(s, p, src, a, ev):
    """Weasel 3: "... then put it face down in another player's area or discard it"."""
    if a.kind == DISCARD:
        s.discard_drawn_card(p, ev)
    else:
        s.give_drawn_card(p, a.player, ev)


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


def weasel5_choices(s, p, src):
    """Weasel 5: "turn one of your cards over (no ability)"."""
    return _targets(s, (p,), _unlocked)


def weasel5_apply(s, p, src, a, ev):
    """Weasel 5: "turn one of your cards over (no ability)"."""
    s.turn_card(a.player, a.index, not s.face_up[_card_at(s, a)], ev)


_define(
    "weasel 5",
    "turn one of your cards over (no ability)",
    [(weasel5_choices, weasel5_apply)],
    ["choose one of your cards to turn over"],
)


def take_face_up(s, p, src, a, ev):
    """Weasel 6 and raccoon 4: card ``a`` into your area face up (no ability)."""
    s.take_card(p, a.player, a.index, True, ev)


_define(
    "weasel 6",
    "take another player's face-up card into your area face up (no ability)",
    [(_other(_up_unprotected), take_face_up)],
    ["choose another player's face-up card"],
)


def weasel7_can(s, p, src):
    """Weasel 7: "exchange a token on one of your cards with a token from the reserve"."""
    return _reserve_size(s) > 0 and _has(s, (p,), _tokened)


def weasel7_apply(s, p, src, a, ev):
    """Weasel 7: "exchange a token on one of your cards with a token from the reserve"."""
    q0, i0 = s.chosen.pop()
    s.exchange_token(q0, i0, a.face // 2, p, ev)


_define(
    "weasel 7",
    "exchange a token on one of your cards with a token from the reserve",
    [(_own(_tokened), _remember), (_reserve_choices, weasel7_apply)],
    ["choose one of your cards with a token", _TOKEN_PROMPT],
    can=weasel7_can,
)


def weasel8_first(s, p, src):
    """Weasel 8: "swap the tokens of two cards" (the first card)."""
    return _targets(s, _in_round(s), _tokened)


def weasel8_second(s, p, src):
    """Weasel 8: "swap the tokens of two cards" (the second card)."""
    q0, i0 = s.chosen[-1]
    return [a for a in _targets(s, _in_round(s), _tokened) if a.player != q0 or a.index != i0]


def weasel8_can(s, p, src):
    """Weasel 8: "swap the tokens of two cards"."""
    return _count(s, _in_round(s), _tokened) >= 2


def weasel8_apply(s, p, src, a, ev):
    """Weasel 8: "swap the tokens of two cards"."""
    q0, i0 = s.chosen.pop()
    s.swap_tokens(q0, i0, a.player, a.index, p, ev)


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


def discard_from_area(s, p, src, a, ev):
    """Weasel 11 and raccoon 1: discard card ``a``."""
    s.discard_from_area(a.player, a.index, p, ev)


_define(
    "weasel 11",
    "discard one of your face-down cards",
    [(_own(_down_unlocked), discard_from_area)],
    ["choose one of your face-down cards"],
)


def weasel12_first(s, p, src):
    """Weasel 12: "take a token from the reserve or from another player's card ..."."""
    return _reserve_choices(s, p, src) + _targets(s, _others(s, p), _tokened)


def weasel12_can(s, p, src):
    """Weasel 12: "take a token from the reserve or from another player's card and put it on one of your cards"."""
    return (_reserve_size(s) > 0 or _has(s, _others(s, p), _tokened)) and _has(s, (p,), _tokenless)


def weasel12_pick(s, p, src, a, ev):
    """Weasel 12: "take a token from the reserve or from another player's card ..."."""
    if a.kind == TOKEN:
        s.chosen.append(a.face // 2)
    else:
        s.chosen.append(_pos(a))


def weasel12_apply(s, p, src, a, ev):
    """Weasel 12: "... and put it on one of your cards"."""
    source = s.chosen.pop()
    if isinstance(source, tuple):
        s.move_token(source[0], source[1], a.player, a.index, p, ev)
    else:
        s.put_token(source, a.player, a.index, p, ev)


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


def raccoon2_can(s, p, src):
    """Raccoon 2: "swap one of your face-down cards with another player's face-up card"."""
    return _has(s, (p,), _down) and _has(s, _others(s, p), _up_unprotected)


_define(
    "raccoon 2",
    "swap one of your face-down cards with another player's face-up card",
    [(_own(_down), _remember), (_other(_up_unprotected), swap_with_chosen_card)],
    ["choose one of your face-down cards", "choose another player's face-up card"],
    can=raccoon2_can,
)


def raccoon3_can(s, p, src):
    """Raccoon 3: "put your hand card face up in your area (no ability), then draw a card"."""
    return bool(s.hands[p]) and bool(s.deck)


def raccoon3_start(s, p, src, ev):
    """Raccoon 3: "put your hand card face up in your area (no ability), then draw a card"."""
    s.hand_to_area_face_up(p, ev)
    s.draw_from_deck(p, ev)


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


def raccoon5_can(s, p, src):
    """Raccoon 5: "put the top deck card face down in your area" (also raccoon 10's check)."""
    return bool(s.deck)


def raccoon5_start(s, p, src, ev):
    """Raccoon 5: "put the top deck card face down in your area"."""
    s.deck_to_area(p, ev)


_define(
    "raccoon 5",
    "put the top deck card face down in your area",
    [],
    [],
    can=raccoon5_can,
    start=raccoon5_start,
)


def raccoon6_can(s, p, src):
    """Raccoon 6: "put a token on each of two cards"."""
    return _reserve_size(s) >= 2 and _count(s, _in_round(s), _tokenless) >= 2


_define(
    "raccoon 6",
    "put a token on each of two cards",
    [_TOKEN, (_anyone(_tokenless), _place_chosen_token), _TOKEN, (_anyone(_tokenless), _place_chosen_token)],
    [_TOKEN_PROMPT, "choose a card", _TOKEN_PROMPT, "choose another card"],
    can=raccoon6_can,
)


def raccoon7_can(s, p, src):
    """Raccoon 7: "turn one of your face-down cards and one of another player's face-down cards face up"."""
    return _has(s, (p,), _down_unlocked) and _has(s, _others(s, p), _down_free)


_define(
    "raccoon 7",
    "turn one of your face-down cards and one of another player's face-down cards face up",
    [(_own(_down_unlocked), turn_face_up), (_other(_down_free), turn_face_up)],
    ["choose one of your face-down cards", "choose another player's face-down card"],
    can=raccoon7_can,
)


def raccoon8_can(s, p, src):
    """Raccoon 8: "put a token on one of your cards and one on another player's card"."""
    return _reserve_size(s) >= 2 and _has(s, (p,), _tokenless) and _has(s, _others(s, p), _tokenless)


_define(
    "raccoon 8",
    "put a token on one of your cards and one on another player's card",
    [_TOKEN, (_own(_tokenless), _place_chosen_token), _TOKEN, (_other(_tokenless), _place_chosen_token)],
    [_TOKEN_PROMPT, "choose one of your cards", _TOKEN_PROMPT, "choose another player's card"],
    can=raccoon8_can,
)


def raccoon9_start(s, p, src, ev):
    """Raccoon 9: "take the top discard into your area face up (no ability)"."""
    s.take_discard_to_area(p, True, ev)


_define(
    "raccoon 9",
    "take the top discard into your area face up (no ability)",
    [],
    [],
    can=rat2_can,
    start=raccoon9_start,
)


def raccoon10_start(s, p, src, ev):
    """Raccoon 10: "draw a card, ..."."""
    s.draw_from_deck(p, ev)


def raccoon10_choices(s, p, src):
    """Raccoon 10: "... then discard a card from your hand"."""
    return [DISCARDS[c] for c in sorted(s.hands[p])]


def raccoon10_apply(s, p, src, a, ev):
    """Raccoon 10: "... then discard a card from your hand"."""
    s.discard_from_hand(p, a.card, ev)


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


def raccoon12_can(s, p, src):
    """Raccoon 12: "shuffle the top 3 discard cards into the deck"."""
    return len(s.discard) >= 3


def raccoon12_start(s, p, src, ev):
    """Raccoon 12: "shuffle the top 3 discard cards into the deck"."""
    s.shuffle_discards_into_deck(3, ev)


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
