"""High Card, the rules: a small game of hidden hands and chance, written only to prove that a game
plugs in through its descriptors (issue 31).

Eighteen cards (1 to 9, twice) are shuffled; each player is dealt ``hand`` cards (an option, 2 to 4)
and a random player leads.  In turn, each player plays one card face up onto the pile; when everyone
has played, the highest card takes the trick (the earliest of equal cards) and scores a point, then
each player, the taker first, draws a card while the deck lasts.  The taker leads next.  When the
hands are empty the game ends: the most points win (a tie shares the win).
"""

from __future__ import annotations

import copy
from typing import NamedTuple

from game.rules.core import PHASE_OVER, BaseView, Event, GameState, JsonDict, Options
from game.rules.rng import RandomSource, Rng
from game.rules.strictjson import expect_int, read_action_object

NAME = "highcard"
CARDS = tuple(sorted(list(range(1, 10)) * 2))
PHASE_PLAY = "play"


class Play(NamedTuple):
    """Play the card ``card`` from the hand onto the pile (the game's only kind of action)."""

    card: int
    kind: str = "play"

    def __str__(self) -> str:
        return f"play {self.card}"

    def to_json(self) -> JsonDict:
        return {"kind": "play", "card": self.card}

    @classmethod
    def from_json(cls, data: object, /) -> Play:
        _, obj = read_action_object("High Card", data, {"play": (("card",), ())})
        return cls(expect_int("High Card card", obj["card"], 1, 9))


class HighCardView(BaseView):
    """What a player sees: their hand, how many cards the others hold, the pile, the deck's size."""

    hand: list[int]
    hand_sizes: list[int]
    pile: list[list[int]]  # [player, card] in the order played
    deck_size: int


class HighCardEvent(Event, total=False):
    """``card_played``, ``trick_taken``, ``card_drawn`` (its card private) and ``game_over``."""

    player: int
    card: int
    cards: list[int]
    winners: list[int]


class HighCardState(GameState[Play, HighCardView, HighCardEvent]):
    """A game of High Card in progress (``new_game("highcard")`` once registered)."""

    game = NAME
    __slots__ = ("num_players", "phase", "player", "hands", "deck", "pile", "_scores")
    hands: list[list[int]]
    deck: list[int]
    pile: list[list[int]]
    _scores: list[int]

    @classmethod
    def new(cls, players: int, seed: int, options: Options) -> HighCardState:
        s = cls.__new__(cls)
        s._legal_cache = None
        s.seed, s.rng, s.num_players = seed, Rng(seed), players
        deck = list(CARDS)
        s.rng.shuffle(deck)
        size = options["hand"]
        assert isinstance(size, int)  # the option's choices are integers
        s.hands = [sorted(deck[p * size : (p + 1) * size]) for p in range(players)]
        s.deck = deck[players * size :]
        s.pile, s._scores = [], [0] * players
        s.phase, s.player = PHASE_PLAY, s.rng.randbelow(players)
        return s

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._scores)

    def winners(self) -> tuple[int, ...]:
        best = max(self._scores)
        return tuple(p for p, score in enumerate(self._scores) if score == best)

    def _compute_legal(self) -> list[Play]:
        return [] if self.phase == PHASE_OVER else [Play(c) for c in sorted(set(self.hands[self.player]))]

    def explain_illegal(self, action: Play) -> str:
        return f"player {self.player + 1} does not hold a {action.card}"

    def _apply(self, action: Play) -> list[HighCardEvent]:
        p, n = self.player, self.num_players
        self.hands[p].remove(action.card)
        self.pile.append([p, action.card])
        others = [q for q in range(n) if q != p]
        events: list[HighCardEvent] = [
            {"type": "card_played", "player": p, "card": action.card, "revealed_to": others}
        ]
        if len(self.pile) < n:
            self.player = (p + 1) % n
            return events
        taker = max(self.pile, key=lambda played: played[1])[0]  # max keeps the earliest of equals
        self._scores[taker] += 1
        events.append({"type": "trick_taken", "player": taker, "cards": [c for _, c in self.pile]})
        self.pile = []
        for q in [(taker + k) % n for k in range(n)]:
            if self.deck:
                card = self.deck.pop()
                self.hands[q] = sorted(self.hands[q] + [card])
                events.append(
                    {
                        "type": "card_drawn",
                        "player": q,
                        "card": card,
                        "visible_to": [q],
                        "private": ["card"],
                        "revealed_to": [q],
                    }
                )
        self.player = taker
        if not any(self.hands):
            self.phase = PHASE_OVER
            events.append({"type": "game_over", "winners": list(self.winners())})
        return events

    def clone(self) -> HighCardState:
        s = HighCardState.__new__(HighCardState)
        s._legal_cache = self._legal_cache
        s.seed, s.rng, s.num_players = self.seed, Rng(self.rng.state), self.num_players
        s.phase, s.player = self.phase, self.player
        s.hands, s.deck = [h[:] for h in self.hands], self.deck[:]
        s.pile, s._scores = [pc[:] for pc in self.pile], self._scores[:]
        return s

    def view(self, player: int) -> HighCardView:
        return {
            **self.base_view(player),
            "hand": self.hands[player][:],
            "hand_sizes": [len(h) for h in self.hands],
            "pile": [pc[:] for pc in self.pile],
            "deck_size": len(self.deck),
        }

    def determinize(self, player: int, rng: RandomSource) -> HighCardState:
        """The other hands and the deck dealt afresh from the cards ``player`` has not seen."""
        d = self.clone()
        d.reseed(rng)
        unseen = sorted([c for q, hand in enumerate(self.hands) if q != player for c in hand] + self.deck)
        rng.shuffle(unseen)
        for q in range(self.num_players):
            if q != player:
                d.hands[q] = sorted(unseen[: len(self.hands[q])])
                del unseen[: len(self.hands[q])]
        d.deck = unseen
        d._legal_cache = None
        return d

    def to_json(self) -> JsonDict:
        keys = ("num_players", "phase", "player", "hands", "deck", "pile")
        return {"game": NAME, "seed": self.seed, "rng": self.rng.state, "scores": self._scores[:]} | {
            k: copy.deepcopy(getattr(self, k)) for k in keys
        }

    @classmethod
    def from_json(cls, d: JsonDict) -> HighCardState:
        s = cls._blank_from_save(d)
        for key in ("num_players", "phase", "player", "hands", "deck", "pile"):
            setattr(s, key, copy.deepcopy(d[key]))
        s._scores = list(d["scores"])
        played = [c for _, c in s.pile]
        if s.phase not in (PHASE_PLAY, PHASE_OVER) or len(s.hands) != s.num_players:
            raise ValueError(f"broken High Card state: phase {s.phase!r}, {len(s.hands)} hands")
        if not set(s.deck + played + [c for h in s.hands for c in h]) <= set(CARDS):
            raise ValueError("broken High Card state: a card that is not in the deck")
        return s
