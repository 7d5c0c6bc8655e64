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
from .cards import BLANK, CARD_ABILITY, LOCKED, PROTECTED

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
    return -1 if t < 0 else t * 2 + s.token_side[t]


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
    return [TOKEN_ACTIONS[t * 2 + s.token_side[t]] for t in range(6) if tc[t] < 0]


def _reserve_size(s) -> int:
    return s.token_card.count(-1)


def _pos(a: Action) -> tuple:
    return a.player, a.index


def _card_at(s, a: Action) -> int:
    return s.areas[a.player][a.index]


def _pick_token(s, p, src, a, ev):
    s.chosen.append(a.face // 2)


def _place_memo_token(s, p, src, a, ev):
    s.put_token(s.chosen.pop(), a.player, a.index, p, ev)


def _remember(s, p, src, a, ev):
    s.chosen.append(_pos(a))


def can_resolve(s, p: int, src: int) -> bool:
    """Can ``p`` completely resolve the ability of face-up card ``src``?"""
    if face_of(s, src) == BLANK:
        return True
    return ABILITIES[CARD_ABILITY[src]].can(s, p, src)


# ---------------------------------------------------------------- rat

def _r1_can(s, p, src):
    return _reserve_size(s) > 0 and _has(s, (p,), _up_tokenless)


def _r2_can(s, p, src):
    return bool(s.discard)


def _r2_start(s, p, src, ev):
    s.take_discard_to_area(p, False, ev)


def _r3_start(s, p, src, ev):
    s.extra_turns += 1
    ev.append({"type": "extra_turn", "player": p})


def _r4_can(s, p, src):
    return _reserve_size(s) > 0 and _has(s, _others(s, p), _down_tokenless)


def _r5_choices(s, p, src):
    return _targets(s, _others(s, p), _down_unprotected)


def _r5_apply(s, p, src, a, ev):
    s.peek(p, a.player, a.index, ev)


def _r6_ok(s, p, c):
    if s.face_up[c] or face_of(s, c) == LOCKED:
        return False
    s.face_up[c] = True
    ok = can_resolve(s, p, c)
    s.face_up[c] = False
    return ok


def _r6_choices(s, p, src):
    row = TARGETS[p]
    return [row[i] for i, c in enumerate(s.areas[p]) if _r6_ok(s, p, c)]


def _r6_can(s, p, src):
    return any(_r6_ok(s, p, c) for c in s.areas[p])


def _r6_apply(s, p, src, a, ev):
    c = _card_at(s, a)
    s.turn_card(a.player, a.index, True, ev)
    return c


def _r7_own(s, p, src):
    row = TARGETS[p]
    return [row[i] for i, c in enumerate(s.areas[p]) if c != src and s.face_up[c]]


def _r7_can(s, p, src):
    return bool(_r7_own(s, p, src)) and _has(s, _others(s, p), _up_unprotected)


def _r7_apply(s, p, src, a, ev):
    q0, i0 = s.chosen.pop()
    s.swap_cards(q0, i0, a.player, a.index, ev)


def _r9_can(s, p, src):
    return _has(s, _others(s, p), _tokened) and _has(s, (p,), _tokenless)


def _r9_apply(s, p, src, a, ev):
    q0, i0 = s.chosen.pop()
    s.move_token(q0, i0, a.player, a.index, p, ev)


def _r10_apply(s, p, src, a, ev):
    s.turn_card(a.player, a.index, False, ev)


def _discard_top(n: int):
    """An ability that discards the top ``n`` deck cards: (can-resolve check, start)."""

    def can(s, p, src):
        return len(s.deck) >= n

    def start(s, p, src, ev):
        s.mill(n, ev)

    return can, start


_r11_can, _r11_start = _discard_top(2)


def _r12_apply(s, p, src, a, ev):
    s.turn_card(a.player, a.index, True, ev)


# ---------------------------------------------------------------- weasel

def _w1_choices(s, p, src):
    return [PLAYER_TARGETS[q] for q in _others(s, p)]


def _w1_apply(s, p, src, a, ev):
    s.exchange_hands(p, a.player, ev)


def _w2_apply(s, p, src, a, ev):
    s.return_token(a.player, a.index, p, ev)


def _w3_can(s, p, src):
    return bool(s.deck)


def _w3_start(s, p, src, ev):
    s.draw_card_aside(p, ev)


def _w3_choices(s, p, src):
    return [PLAYER_TARGETS[q] for q in _others(s, p)] + [DISCARDS[s.drawn_card]]


def _w3_apply(s, p, src, a, ev):
    if a.kind == DISCARD:
        s.discard_drawn_card(p, ev)
    else:
        s.give_drawn_card(p, a.player, ev)


def _w5_choices(s, p, src):
    return _targets(s, (p,), _unlocked)


def _w5_apply(s, p, src, a, ev):
    s.turn_card(a.player, a.index, not s.face_up[_card_at(s, a)], ev)


def _w6_apply(s, p, src, a, ev):
    s.take_card(p, a.player, a.index, True, ev)


def _w7_can(s, p, src):
    return _reserve_size(s) > 0 and _has(s, (p,), _tokened)


def _w7_apply(s, p, src, a, ev):
    q0, i0 = s.chosen.pop()
    s.exchange_token(q0, i0, a.face // 2, p, ev)


def _w8_first(s, p, src):
    return _targets(s, _in_round(s), _tokened)


def _w8_second(s, p, src):
    q0, i0 = s.chosen[-1]
    return [a for a in _targets(s, _in_round(s), _tokened) if a.player != q0 or a.index != i0]


def _w8_can(s, p, src):
    return _count(s, _in_round(s), _tokened) >= 2


def _w8_apply(s, p, src, a, ev):
    q0, i0 = s.chosen.pop()
    s.swap_tokens(q0, i0, a.player, a.index, p, ev)


_w9_can, _w9_start = _discard_top(3)


def _w11_apply(s, p, src, a, ev):
    s.discard_from_area(a.player, a.index, p, ev)


def _w12_first(s, p, src):
    return _reserve_choices(s, p, src) + _targets(s, _others(s, p), _tokened)


def _w12_can(s, p, src):
    return ((_reserve_size(s) > 0 or _has(s, _others(s, p), _tokened))
            and _has(s, (p,), _tokenless))


def _w12_pick(s, p, src, a, ev):
    if a.kind == TOKEN:
        s.chosen.append(a.face // 2)
    else:
        s.chosen.append(_pos(a))


def _w12_apply(s, p, src, a, ev):
    source = s.chosen.pop()
    if isinstance(source, tuple):
        s.move_token(source[0], source[1], a.player, a.index, p, ev)
    else:
        s.put_token(source, a.player, a.index, p, ev)


# ---------------------------------------------------------------- raccoon

def _rc1_apply(s, p, src, a, ev):
    s.discard_from_area(a.player, a.index, p, ev)


def _rc2_can(s, p, src):
    return _has(s, (p,), _down) and _has(s, _others(s, p), _up_unprotected)


def _rc2_apply(s, p, src, a, ev):
    q0, i0 = s.chosen.pop()
    s.swap_cards(q0, i0, a.player, a.index, ev)


def _rc3_can(s, p, src):
    return bool(s.hands[p]) and bool(s.deck)


def _rc3_start(s, p, src, ev):
    s.hand_to_area_face_up(p, ev)
    s.draw_from_deck(p, ev)


def _rc4_apply(s, p, src, a, ev):
    s.take_card(p, a.player, a.index, True, ev)


def _rc5_can(s, p, src):
    return bool(s.deck)


def _rc5_start(s, p, src, ev):
    s.deck_to_area(p, ev)


def _rc6_can(s, p, src):
    return _reserve_size(s) >= 2 and _count(s, _in_round(s), _tokenless) >= 2


def _rc7_can(s, p, src):
    return _has(s, (p,), _down_unlocked) and _has(s, _others(s, p), _down_free)


def _rc8_can(s, p, src):
    return (_reserve_size(s) >= 2 and _has(s, (p,), _tokenless)
            and _has(s, _others(s, p), _tokenless))


def _rc9_start(s, p, src, ev):
    s.take_discard_to_area(p, True, ev)


def _rc10_start(s, p, src, ev):
    s.draw_from_deck(p, ev)


def _rc10_choices(s, p, src):
    return [DISCARDS[c] for c in sorted(s.hands[p])]


def _rc10_apply(s, p, src, a, ev):
    s.discard_from_hand(p, a.card, ev)


def _rc12_can(s, p, src):
    return len(s.discard) >= 3


def _rc12_start(s, p, src, ev):
    s.shuffle_discards_into_deck(3, ev)


# ---------------------------------------------------------------- table

def _own(pred):
    return lambda s, p, src: _targets(s, (p,), pred)


def _other(pred):
    return lambda s, p, src: _targets(s, _others(s, p), pred)


def _anyone(pred):
    return lambda s, p, src: _targets(s, _in_round(s), pred)


def _all_steps_can(steps):
    """``can`` for abilities whose steps are independent: every step has a choice now."""
    def can(s, p, src):
        for choices, _ in steps:
            if not choices(s, p, src):
                return False
        return True
    return can


def _always(s, p, src):
    return True


_TOKEN = (_reserve_choices, _pick_token)
_TOKEN_PROMPT = "choose a token from the reserve"


def _simple(name, text, steps, prompts, can=None, start=None):
    steps = tuple(steps)
    return Ability(name, text, can or _all_steps_can(steps), start, steps, tuple(prompts))


ABILITIES: tuple[Ability, ...] = (
    # rat 1..12
    _simple("rat 1", "put a token on one of your face-up cards",
            [_TOKEN, (_own(_up_tokenless), _place_memo_token)],
            [_TOKEN_PROMPT, "choose one of your face-up cards"], can=_r1_can),
    _simple("rat 2", "take the top discard, put it face down in your area", [], [],
            can=_r2_can, start=_r2_start),
    _simple("rat 3", "play an extra turn (after this one)", [], [], can=_always, start=_r3_start),
    _simple("rat 4", "put a token on another player's face-down card",
            [_TOKEN, (_other(_down_tokenless), _place_memo_token)],
            [_TOKEN_PROMPT, "choose another player's face-down card"], can=_r4_can),
    _simple("rat 5", "look at one card of another player (only you see it)",
            [(_r5_choices, _r5_apply)], ["choose another player's face-down card to look at"]),
    _simple("rat 6", "turn one of your face-down cards face up and resolve its ability",
            [(_r6_choices, _r6_apply)], ["choose one of your face-down cards to turn face up"],
            can=_r6_can),
    _simple("rat 7", "swap one of your other face-up cards with another player's face-up card",
            [(_r7_own, _remember), (_other(_up_unprotected), _r7_apply)],
            ["choose one of your other face-up cards", "choose another player's face-up card"],
            can=_r7_can),
    _simple("rat 8", "put a token on one of your cards",
            [_TOKEN, (_own(_tokenless), _place_memo_token)],
            [_TOKEN_PROMPT, "choose one of your cards"]),
    _simple("rat 9", "move a token from another player's card to one of your cards",
            [(_other(_tokened), _remember), (_own(_tokenless), _r9_apply)],
            ["choose another player's card with a token", "choose one of your cards"], can=_r9_can),
    _simple("rat 10", "turn another player's face-up card face down",
            [(_other(_up_free), _r10_apply)], ["choose another player's face-up card"]),
    _simple("rat 11", "discard the top 2 deck cards", [], [], can=_r11_can, start=_r11_start),
    _simple("rat 12", "turn another player's face-down card face up (no ability)",
            [(_other(_down_free), _r12_apply)], ["choose another player's face-down card"]),
    # weasel 1..12
    _simple("weasel 1", "exchange your hand with another player's hand",
            [(_w1_choices, _w1_apply)], ["choose a player to exchange hands with"]),
    _simple("weasel 2", "return a token from any card to the reserve",
            [(_anyone(_tokened), _w2_apply)], ["choose a card with a token"]),
    _simple("weasel 3", "draw a card, look at it, then put it face down in another player's area or discard it",
            [(_w3_choices, _w3_apply)], ["give the drawn card to a player, or discard it"],
            can=_w3_can, start=_w3_start),
    _simple("weasel 4", "put a token on any face-down card",
            [_TOKEN, (_anyone(_down_tokenless), _place_memo_token)],
            [_TOKEN_PROMPT, "choose a face-down card"]),
    _simple("weasel 5", "turn one of your cards over (no ability)",
            [(_w5_choices, _w5_apply)], ["choose one of your cards to turn over"]),
    _simple("weasel 6", "take another player's face-up card into your area face up (no ability)",
            [(_other(_up_unprotected), _w6_apply)], ["choose another player's face-up card"]),
    _simple("weasel 7", "exchange a token on one of your cards with a token from the reserve",
            [(_own(_tokened), _remember), (_reserve_choices, _w7_apply)],
            ["choose one of your cards with a token", _TOKEN_PROMPT], can=_w7_can),
    _simple("weasel 8", "swap the tokens of two cards",
            [(_w8_first, _remember), (_w8_second, _w8_apply)],
            ["choose a card with a token", "choose a second card with a token"], can=_w8_can),
    _simple("weasel 9", "discard the top 3 deck cards", [], [], can=_w9_can, start=_w9_start),
    _simple("weasel 10", "return the token of one of your face-up cards to the reserve",
            [(_own(_up_tokened), _w2_apply)], ["choose one of your face-up cards with a token"]),
    _simple("weasel 11", "discard one of your face-down cards",
            [(_own(_down_unlocked), _w11_apply)], ["choose one of your face-down cards"]),
    _simple("weasel 12", "take a token from the reserve or from another player's card and put it on one of your cards",
            [(_w12_first, _w12_pick), (_own(_tokenless), _w12_apply)],
            ["choose a reserve token or another player's card with a token", "choose one of your cards"],
            can=_w12_can),
    # raccoon 1..12
    _simple("raccoon 1", "discard another player's face-up card",
            [(_other(_up_free), _rc1_apply)], ["choose another player's face-up card"]),
    _simple("raccoon 2", "swap one of your face-down cards with another player's face-up card",
            [(_own(_down), _remember), (_other(_up_unprotected), _rc2_apply)],
            ["choose one of your face-down cards", "choose another player's face-up card"], can=_rc2_can),
    _simple("raccoon 3", "put your hand card face up in your area (no ability), then draw a card",
            [], [], can=_rc3_can, start=_rc3_start),
    _simple("raccoon 4", "take another player's face-down card into your area face up (no ability)",
            [(_other(_down_free), _rc4_apply)], ["choose another player's face-down card"]),
    _simple("raccoon 5", "put the top deck card face down in your area", [], [],
            can=_rc5_can, start=_rc5_start),
    _simple("raccoon 6", "put a token on each of two cards",
            [_TOKEN, (_anyone(_tokenless), _place_memo_token),
             _TOKEN, (_anyone(_tokenless), _place_memo_token)],
            [_TOKEN_PROMPT, "choose a card", _TOKEN_PROMPT, "choose another card"], can=_rc6_can),
    _simple("raccoon 7", "turn one of your face-down cards and one of another player's face-down cards face up",
            [(_own(_down_unlocked), _r12_apply), (_other(_down_free), _r12_apply)],
            ["choose one of your face-down cards", "choose another player's face-down card"],
            can=_rc7_can),
    _simple("raccoon 8", "put a token on one of your cards and one on another player's card",
            [_TOKEN, (_own(_tokenless), _place_memo_token),
             _TOKEN, (_other(_tokenless), _place_memo_token)],
            [_TOKEN_PROMPT, "choose one of your cards", _TOKEN_PROMPT, "choose another player's card"],
            can=_rc8_can),
    _simple("raccoon 9", "take the top discard into your area face up (no ability)", [], [],
            can=_r2_can, start=_rc9_start),
    _simple("raccoon 10", "draw a card, then discard a card from your hand",
            [(_rc10_choices, _rc10_apply)], ["choose a hand card to discard"],
            can=_rc5_can, start=_rc10_start),
    _simple("raccoon 11", "put a token on another player's card",
            [_TOKEN, (_other(_tokenless), _place_memo_token)],
            [_TOKEN_PROMPT, "choose another player's card"]),
    _simple("raccoon 12", "shuffle the top 3 discard cards into the deck", [], [],
            can=_rc12_can, start=_rc12_start),
)

assert len(ABILITIES) == 36
