"""The Hacktrick engine: one hand after another until a player reaches the target.

Rules: ``game/rules/hacktrick/RULES.md`` (the project's copy of the spec).  A turn is
up to three decisions of the same player: Ask the Sum (optional), the main
action (play or draw), and after a play the declaration (Play!, Guard! or pass).
Views are in ``views.py``, determinization in ``hidden.py`` (map: the package docstring).

Marker bookkeeping (10 per player, one of them the x2):

* ``normal[p]`` – p's normal markers in p's supply;
* ``x2_loc[p]`` – where p's x2 is: ``SUPPLY`` (0), a cell 1..9, ``CAPTURED``
  (in the opponent's captured pile) or ``SPENT``;
* the board holds one colour per cell at most (placing captures every opponent
  marker there): ``cell_owner[c]`` and ``cell_count[c]``;
* ``captured[p]`` – opponent markers in p's captured pile (x2 included);
* ``spent_own[p]`` / ``spent_captured[p]`` – markers p paid for declarations / asks.
"""

from __future__ import annotations

import copy
from typing import ClassVar, final

from ..core import GameState, JsonDict, Options
from ..rng import RandomSource, Rng
from ..strictjson import is_int
from . import hidden, views
from .actions import (
    ASK,
    ASK_ACTION,
    DECLARE_GUARD,
    DECLARE_GUARD_ACTION,
    DECLARE_PLAY,
    DECLARE_PLAY_ACTION,
    DRAW,
    DRAW_ACTION,
    OPEN,
    PASS,
    PASS_ACTION,
    PLAY,
    Action,
)
from .board import LINES_THROUGH
from .equipment import CAPTURED, CARDS, MARKERS_PER_PLAYER, SPENT, SUPPLY
from .views import Announcement, HacktrickEvent, HacktrickView, HandResult, RevealedHand

HAND_LIMIT = 4

PHASE_OPEN, PHASE_MAIN, PHASE_DECLARE, PHASE_OVER = "open", "main", "declare", "over"

# Precomputed action lists (actions are immutable, so they can be shared).
_OPEN = tuple(Action(OPEN, v) for v in range(6))
_PLAY = tuple(Action(PLAY, v) for v in range(6))
_PLAY_X2 = tuple(Action(PLAY, v, True) for v in range(6))


@final
class HacktrickState(GameState[Action, HacktrickView, HacktrickEvent]):
    """A Hacktrick game in progress.  Create it with ``new_game("hacktrick")``."""

    game = "hacktrick"
    num_players = 2
    __slots__ = (
        "target",
        "_scores",
        "dealer",
        "hand_number",
        "phase",
        "player",
        "asked",
        "must_play",
        "guarded",
        "hands",
        "deck",
        "row",
        "aside",
        "cell_owner",
        "cell_count",
        "normal",
        "x2_loc",
        "captured",
        "spent_own",
        "spent_captured",
        "announced",
        "revealed",
        "known_sum",
        "known_cards",
        "last_hand",
    )
    #: The slots a save holds under their own names, which ``from_json`` reads as they are (the
    #: scores are saved as ``scores``).  Only the reading follows this order: ``to_json`` names
    #: every key of the save itself, in the save's order.
    _SAVED_AS_IS: ClassVar[tuple[str, ...]] = tuple(key for key in __slots__ if key != "_scores")
    target: int
    _scores: list[int]
    dealer: int
    hand_number: int
    asked: bool
    must_play: list[bool]
    guarded: list[bool]
    hands: list[list[int]]
    deck: list[int]
    row: list[int]
    aside: list[int]
    cell_owner: list[int]
    cell_count: list[int]
    normal: list[int]
    x2_loc: list[int]
    captured: list[int]
    spent_own: list[int]
    spent_captured: list[int]
    announced: list[Announcement]
    revealed: list[RevealedHand]
    #: ``known_sum[o]``: the exact sum of ``o``'s opponent's hand, if ``o`` knows it.
    known_sum: list[int | None]
    #: ``known_cards[o]``: cards ``o`` knows to be in the opponent's hand.
    known_cards: list[list[int]]
    last_hand: HandResult | None

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, players: int, seed: int, options: Options) -> HacktrickState:
        target = options["target"]
        if not is_int(target):
            raise ValueError(f"option target must be an integer, not {target!r}")
        s = cls.__new__(cls)
        s._legal_cache = None
        s.seed = seed
        s.rng = Rng(seed)
        s.target = target
        s._scores = [0, 0]
        s.dealer = s.rng.randbelow(2)
        s.hand_number = 0
        s.last_hand = None
        s._start_hand([])
        return s

    def _start_hand(self, events: list[HacktrickEvent]) -> None:
        """Shuffle all 18 cards, set 2 aside, deal 4 to the dealer and 3 to the other."""
        self.hand_number += 1
        deck = list(CARDS)
        self.rng.shuffle(deck)
        d = self.dealer
        self.aside = [deck.pop(), deck.pop()]
        hands: list[list[int]] = [[], []]
        hands[d] = [deck.pop() for _ in range(4)]
        hands[1 - d] = [deck.pop() for _ in range(3)]
        self.hands = hands
        self.deck = deck
        self.row = []
        self.cell_owner = [-1] * 10
        self.cell_count = [0] * 10
        self.normal = [MARKERS_PER_PLAYER - 1] * 2
        self.x2_loc = [SUPPLY, SUPPLY]
        self.captured = [0, 0]
        self.spent_own = [0, 0]
        self.spent_captured = [0, 0]
        self.announced = []
        self.revealed = []
        self.known_sum = [None, None]
        self.known_cards = [[], []]
        self.must_play = [False, False]
        self.guarded = [False, False]
        self.asked = False
        self.phase = PHASE_OPEN
        self.player = d
        events.append(
            {
                "type": "hand_started",
                "hand": self.hand_number,
                "dealer": d,
                "aside": list(self.aside),
                "hand_sizes": [len(h) for h in hands],
                "deck_size": len(deck),
                "revealed_to": [0, 1],
            }
        )
        for p in (0, 1):
            events.append(
                {
                    "type": "cards_dealt",
                    "player": p,
                    "cards": sorted(hands[p]),
                    "visible_to": [p],
                    "private": ["cards"],
                    "revealed_to": [p],
                }
            )

    # ------------------------------------------------------------ properties
    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._scores)

    def winners(self) -> tuple[int, ...]:
        return tuple(p for p in (0, 1) if self._scores[p] >= self.target)

    def supply_size(self, p: int) -> int:
        """Markers of p's own colour still in p's supply."""
        return self.normal[p] + (self.x2_loc[p] == SUPPLY)

    # ---------------------------------------------------------- legal actions
    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        p = self.player
        if phase == PHASE_MAIN:
            acts = []
            if not self.asked and self.captured[p]:
                acts.append(ASK_ACTION)
            hand = self.hands[p]
            last = self.row[-1]
            has_normal = self.normal[p] > 0
            has_x2 = self.x2_loc[p] == SUPPLY
            playable = False
            for v in (0, 1, 2, 3, 4, 5):
                if v != last and v in hand:
                    playable = True
                    if has_normal:
                        acts.append(_PLAY[v])
                    if has_x2:
                        acts.append(_PLAY_X2[v])
            if not playable or (not self.must_play[p] and len(hand) < HAND_LIMIT):
                acts.append(DRAW_ACTION)
            return acts
        if phase == PHASE_DECLARE:
            acts = [PASS_ACTION]
            if not self.guarded[p]:
                acts.append(DECLARE_PLAY_ACTION)
            acts.append(DECLARE_GUARD_ACTION)
            return acts
        if phase == PHASE_OPEN:
            hand = self.hands[p]
            return [_OPEN[v] for v in (0, 1, 2, 3, 4, 5) if v in hand]
        return []

    def explain_illegal(self, action: Action) -> str:
        p, kind, phase = self.player, action.kind, self.phase
        if phase == PHASE_OPEN:
            if kind != OPEN:
                return f"the dealer must first open the row with a card, not {action}"
            return f"player {p} holds no {action.card} to open with"
        if phase == PHASE_DECLARE and kind not in (PASS, DECLARE_PLAY, DECLARE_GUARD):
            return f"after playing a card you may only declare Play!, Guard! or pass, not {action}"
        if kind == DECLARE_PLAY and self.guarded[p]:
            return "you are under a Guard! command: you may not declare Play! this turn"
        if kind in (DECLARE_PLAY, DECLARE_GUARD, PASS):
            return f"{action} is only possible right after playing a card"
        if kind == ASK:
            if self.asked:
                return "you may Ask the Sum only once per turn"
            return "Ask the Sum needs a captured opponent marker"
        if kind == OPEN:
            return "only the dealer opens the row, at the start of a hand"
        if kind == PLAY:
            hand = self.hands[p]
            if action.card not in hand:
                return f"player {p} holds no {action.card}"
            if action.card == self.row[-1]:
                return f"a {action.card} cannot follow a {self.row[-1]}: the card must differ from the rightmost card of the row"
            if action.x2:
                return "your x2 marker is not in your supply"
            return "you have no normal marker left; play with your x2"
        if kind == DRAW:
            if self.must_play[p]:
                return "you are under a Play! command: you must play a card"
            return f"you may not draw while holding {HAND_LIMIT} cards"
        return f"{action} is not legal now"

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> list[HacktrickEvent]:
        kind = action.kind
        events: list[HacktrickEvent] = []
        p = self.player
        if kind == PLAY:
            self._play(p, action.card, action.x2, events)
        elif kind == PASS:
            self._end_turn(p, events)
        elif kind == DRAW:
            self._draw(p, events)
            self._end_turn(p, events)
        elif kind == ASK:
            self._ask(p, events)
        elif kind == OPEN:
            self._open(p, action.card, events)
        else:
            self._declare(p, kind, events)
        return events

    def _open(self, p: int, card: int, events: list[HacktrickEvent]) -> None:
        self.hands[p].remove(card)
        self.row.append(card)
        events.append(
            self._shown({"type": "card_played", "player": p, "card": card, "opening": True}, p, card)
        )
        self._forget_card(1 - p, card)
        sums = [sum(self.hands[0]), sum(self.hands[1])]
        for q in (0, 1):
            self.announced.append({"player": q, "sum": sums[q], "by": "deal"})
            self.known_sum[1 - q] = sums[q]
        events.append({"type": "sums_announced", "sums": sums, "revealed_to": [0, 1]})
        self.player = 1 - p
        self.phase = PHASE_MAIN

    def _ask(self, p: int, events: list[HacktrickEvent]) -> None:
        o = 1 - p
        # Spend a normal captured marker while there is one; the opponent's x2 last.
        if self.x2_loc[o] == CAPTURED and self.captured[p] == 1:
            self.x2_loc[o] = SPENT
        self.captured[p] -= 1
        self.spent_captured[p] += 1
        self.asked = True
        s = sum(self.hands[o])
        news = self.known_sum[p] != s
        self.known_sum[p] = s
        self.announced.append({"player": o, "sum": s, "by": "ask"})
        event: HacktrickEvent = {"type": "sum_asked", "player": p, "of": o, "sum": s}
        if news:
            event["revealed_to"] = [p]
        events.append(event)

    def _shown(self, event: HacktrickEvent, p: int, card: int) -> HacktrickEvent:
        """``event`` showing ``card`` from ``p``'s hand: news to the opponent unless they knew
        it was there (``known_cards``, from a revealed hand), so it names them in ``revealed_to``."""
        if card not in self.known_cards[1 - p]:
            event["revealed_to"] = [1 - p]
        return event

    def _forget_card(self, observer: int, card: int) -> None:
        """The opponent of ``observer`` played ``card``: update what observer knows."""
        ks = self.known_sum[observer]
        if ks is not None:
            self.known_sum[observer] = ks - card
        kc = self.known_cards[observer]
        if kc and card in kc:
            kc.remove(card)

    def _play(self, p: int, card: int, x2: bool, events: list[HacktrickEvent]) -> None:
        self.hands[p].remove(card)
        row = self.row
        cell = row[-1] + card
        row.append(card)
        o = 1 - p
        # _shown and _forget_card, inlined (the hottest action): the card is news to the
        # opponent unless their known cards (a revealed hand) held it, and leaves what they know.
        known = self.known_cards[o]
        played: HacktrickEvent
        if card in known:
            played = {"type": "card_played", "player": p, "card": card, "cell": cell}
            known.remove(card)
        else:
            played = {"type": "card_played", "player": p, "card": card, "cell": cell, "revealed_to": [o]}
        ks = self.known_sum[o]
        if ks is not None:
            self.known_sum[o] = ks - card
        if x2:
            self.x2_loc[p] = cell
        else:
            self.normal[p] -= 1
        events.append(played)
        events.append({"type": "marker_placed", "player": p, "cell": cell, "x2": x2})
        owner = self.cell_owner
        count = self.cell_count
        if owner[cell] == o:
            n = count[cell]
            self.captured[p] += n
            took_x2 = self.x2_loc[o] == cell
            if took_x2:
                self.x2_loc[o] = CAPTURED
            events.append(
                {"type": "markers_captured", "player": p, "from": o, "cell": cell, "count": n, "x2": took_x2}
            )
            count[cell] = 1
        elif owner[cell] == p:
            count[cell] += 1
        else:
            count[cell] = 1
        owner[cell] = p
        # End-of-hand checks, in the ruled order: triple, line, exhaustion.
        formations: list[tuple[str, tuple[int, ...]]] = []
        if count[cell] >= 3:
            formations.append(("triple", (cell,)))
        for line in LINES_THROUGH[cell]:
            a, b, c = line
            if owner[a] == p and owner[b] == p and owner[c] == p:
                formations.append(("line", line))
        if formations:
            best_pts, best_reason = 0, ""
            best_cells: tuple[int, ...] = ()
            for reason, cells in formations:  # the first of the most points
                doubled = (not x2) and self.x2_loc[p] in cells
                pts = 2 if doubled else 1
                if pts > best_pts:
                    best_pts, best_reason, best_cells = pts, reason, cells
            self._win_hand(p, best_pts, best_reason, best_cells, events)
        elif self.normal[p] == 0 and self.x2_loc[p] != SUPPLY:
            self._win_hand(o, 1, "exhausted", (), events)
        else:
            self.phase = PHASE_DECLARE

    def _draw(self, p: int, events: list[HacktrickEvent]) -> None:
        hand = self.hands[p]
        o = 1 - p
        if self.must_play[p]:
            self.revealed.append({"player": p, "cards": sorted(hand)})
            news = sorted(hand) != sorted(self.known_cards[o])
            shown: HacktrickEvent = {"type": "hand_revealed", "player": p, "cards": sorted(hand)}
            if news:
                shown["revealed_to"] = [o]
            events.append(shown)
            self.known_cards[o] = list(hand)
        if not self.deck:
            rebuilt = self.row[:-1]
            self.row = self.row[-1:]
            self.rng.shuffle(rebuilt)
            self.deck = rebuilt
            events.append({"type": "deck_rebuilt", "size": len(rebuilt)})
        card = self.deck.pop()
        hand.append(card)
        self.known_sum[o] = None  # the opponent cannot know the drawn card
        events.append(
            {
                "type": "card_drawn",
                "player": p,
                "card": card,
                "visible_to": [p],
                "private": ["card"],
                "revealed_to": [p],
            }
        )

    def _declare(self, p: int, kind: str, events: list[HacktrickEvent]) -> None:
        o = 1 - p
        # Ruling: pay with a normal marker while there is one; the x2 only as the last.
        if self.normal[p] > 0:
            self.normal[p] -= 1
            paid_x2 = False
        else:
            self.x2_loc[p] = SPENT
            paid_x2 = True
        self.spent_own[p] += 1
        command = "play" if kind == DECLARE_PLAY else "guard"
        events.append({"type": "declared", "player": p, "command": command, "x2": paid_x2})
        if self.normal[p] == 0 and self.x2_loc[p] != SUPPLY:
            self._win_hand(o, 1, "exhausted", (), events)
            return
        if command == "play":
            self.must_play[o] = True
        else:
            self.guarded[o] = True
        self._end_turn(p, events)

    def _end_turn(self, p: int, events: list[HacktrickEvent]) -> None:
        self.must_play[p] = False
        self.guarded[p] = False
        self.asked = False
        self.player = 1 - p
        self.phase = PHASE_MAIN

    def _win_hand(
        self, winner: int, points: int, reason: str, cells: tuple[int, ...], events: list[HacktrickEvent]
    ) -> None:
        self._scores[winner] += points
        self.last_hand = {
            "hand": self.hand_number,
            "winner": winner,
            "points": points,
            "reason": reason,
            "cells": list(cells),
        }
        events.append(
            {
                "type": "hand_won",
                "player": winner,
                "points": points,
                "reason": reason,
                "cells": list(cells),
                "scores": list(self._scores),
            }
        )
        if self._scores[winner] >= self.target:
            self.phase = PHASE_OVER
            events.append({"type": "game_over", "winners": [winner], "scores": list(self._scores)})
            return
        self.dealer = 1 - self.dealer
        self._start_hand(events)

    # ------------------------------------------------------------------ clone
    def clone(self) -> HacktrickState:
        s = HacktrickState.__new__(HacktrickState)
        s._legal_cache = self._legal_cache
        s.seed = self.seed
        s.rng = Rng(self.rng.state)
        s.target = self.target
        s._scores = self._scores[:]
        s.dealer = self.dealer
        s.hand_number = self.hand_number
        s.phase = self.phase
        s.player = self.player
        s.asked = self.asked
        s.must_play = self.must_play[:]
        s.guarded = self.guarded[:]
        s.hands = self._pair_copy(self.hands)
        s.deck = self.deck[:]
        s.row = self.row[:]
        s.aside = self.aside  # never mutated within a hand
        s.cell_owner = self.cell_owner[:]
        s.cell_count = self.cell_count[:]
        s.normal = self.normal[:]
        s.x2_loc = self.x2_loc[:]
        s.captured = self.captured[:]
        s.spent_own = self.spent_own[:]
        s.spent_captured = self.spent_captured[:]
        s.announced = self.announced[:]  # entries are never mutated
        s.revealed = self.revealed[:]
        s.known_sum = self.known_sum[:]
        s.known_cards = self._pair_copy(self.known_cards)
        s.last_hand = self.last_hand
        return s

    # ------------------------------------------------------- views and hidden info
    def view(self, player: int) -> HacktrickView:
        """What ``player`` may see (:func:`.views.view`)."""
        return views.view(self, player)

    def determinize(self, player: int, rng: RandomSource) -> HacktrickState:
        """A state ``player`` cannot tell from this one (:func:`.hidden.determinize`)."""
        return hidden.determinize(self, player, rng)

    # -------------------------------------------------------------------- JSON
    def to_json(self) -> JsonDict:
        """A complete save of the state: fresh lists and dicts, never the state's own."""
        pair = self._pair_copy
        return {
            "game": self.game,
            "version": 1,
            "seed": self.seed,
            "rng": self.rng.state,
            "target": self.target,
            "scores": self._scores[:],
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "phase": self.phase,
            "player": self.player,
            "asked": self.asked,
            "must_play": self.must_play[:],
            "guarded": self.guarded[:],
            "hands": pair(self.hands),
            "deck": self.deck[:],
            "row": self.row[:],
            "aside": self.aside[:],
            "cell_owner": self.cell_owner[:],
            "cell_count": self.cell_count[:],
            "normal": self.normal[:],
            "x2_loc": self.x2_loc[:],
            "captured": self.captured[:],
            "spent_own": self.spent_own[:],
            "spent_captured": self.spent_captured[:],
            "announced": [a.copy() for a in self.announced],
            "revealed": [{"player": r["player"], "cards": r["cards"][:]} for r in self.revealed],
            "known_sum": self.known_sum[:],
            "known_cards": pair(self.known_cards),
            "last_hand": {**self.last_hand, "cells": self.last_hand["cells"][:]} if self.last_hand else None,
        }

    @staticmethod
    def _pair_copy(lists: list[list[int]]) -> list[list[int]]:
        """Copies of both players' lists."""
        return [lists[0][:], lists[1][:]]

    @classmethod
    def from_json(cls, d: JsonDict) -> HacktrickState:
        d = copy.deepcopy(d)  # never share lists with the caller
        s = cls._blank_from_save(d)
        for key in cls._SAVED_AS_IS:
            setattr(s, key, d[key])
        s._scores = list(d["scores"])
        if s.phase not in (PHASE_OPEN, PHASE_MAIN, PHASE_DECLARE, PHASE_OVER):
            raise ValueError(f"unknown phase {s.phase!r}")
        if sorted(s.aside + s.row + s.deck + s.hands[0] + s.hands[1]) != sorted(CARDS):
            raise ValueError("the saved cards are not the 18 Hacktrick cards")
        return s
