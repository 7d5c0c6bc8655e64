"""Helpers for the Hakkutsu tests: concrete positions built on a real game."""

from __future__ import annotations

from game.rules import new_game
from game.rules.hakkutsu.actions import Action
from game.rules.hakkutsu.data import DATA
from game.rules.hakkutsu.equipment import TYPE_BY_KEY

BASE = DATA.base


def card(key: str, nth: int = 0) -> int:
    """The id of the ``nth`` rock card with this key."""
    return [r.id for r in DATA.rocks if r.key == key][nth]


def museum(key: str) -> int:
    return [m.id for m in DATA.museums if m.key == key][0]


def cell(r: int, c: int) -> int:
    return r * DATA.cols + c


def started(players: int = 2, mode: str = "research", seed: int = 1, **options):
    """A game past the setup (everybody kept their first equipment choice), no equipment in hand."""
    s = new_game("hakkutsu", players=players, seed=seed, mode=mode, **options)
    while s.phase in ("draft", "equip"):
        s.apply(s.legal_actions()[0])
    for p in range(players):
        s.eq_deck.extend(s.eq_hand[p])
        s.eq_hand[p] = []
    s._legal_cache = None
    return s


def give(s, p: int, *keys: str) -> None:
    """Move equipment cards of these types from the deck into p's hand."""
    for k in keys:
        t = TYPE_BY_KEY[k]
        s.eq_deck.remove(t)
        s.eq_hand[p].append(t)
    s._legal_cache = None


def set_site(s, c: int, cards: list, face_up: bool = True) -> None:
    """Put ``cards`` (bottom first) on site ``c``, swapping them with wherever they were."""
    stacks = [list(st) for st in s.stacks]
    old = stacks[c][: s.site_n[c]]
    where = {}
    for i, st in enumerate(stacks):
        for j, x in enumerate(st):
            where[x] = (i, j)
    aside = list(s.set_aside)
    # swap each wanted card with the card currently at its target position
    for j, x in enumerate(cards):
        if j < len(old):
            y = stacks[c][j]
            if x in where:
                i2, j2 = where[x]
                stacks[i2][j2] = y
                where[y] = (i2, j2)
            elif x in aside:
                aside[aside.index(x)] = y
            stacks[c][j] = x
            where[x] = (c, j)
    s.stacks = [tuple(st) for st in stacks]
    s.set_aside = tuple(sorted(aside))
    s.site_n[c] = len(cards)
    s.face_up[c] = face_up and bool(cards)
    s._legal_cache = None


def legal_strs(s) -> set:
    return {str(a) for a in s.legal_actions()}


def act(s, text: str) -> list:
    return s.apply(Action.parse(text))
