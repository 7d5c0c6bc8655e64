"""The Ratjack engine: rounds of draw-and-place until someone has 3 VP.

Rules: ``game/rules/ratjack/RULES.md`` (the project's copy of the spec, with our
rulings).  Decisions of a round:

* ``setup`` – each player, from the start player on, puts one of the two dealt
  cards face down (``face-down <card>``);
* ``draw`` – ``draw deck`` or ``draw discard``;
* ``play`` – ``face-down``, ``face-up`` or ``flip`` (discard & flip) with a hand
  card; an option whose ability cannot be completely resolved is not offered;
* ``ability`` – the steps of the ability being resolved (``target ...``,
  ``token ...``, ``discard ...``), one decision each.

When the chosen option has completely resolved, the scoring and elimination
checks run (see :meth:`RatjackState._after_option`), then the turn ends.
"""

from __future__ import annotations

import copy
from typing import final

from ..core import GameState, JsonDict, Options
from ..rng import RandomSource, Rng
from . import card_moves, hidden, views
from .abilities import ABILITIES, can_resolve, face_of
from .actions import (
    DRAW_DECK,
    DRAW_DECK_ACTION,
    DRAW_DISCARD,
    DRAW_DISCARD_ACTION,
    FACE_DOWN,
    FACE_UP,
    FLIP,
    Action,
)
from .cards import ALL_CARDS, BLANK, CARD_ABILITY, CARD_VALUE, DECKS, LOCKED, MOD, NUM_TOKENS, card_name
from .token_moves import reserve_faces
from .views import RatjackEvent, RatjackView, RoundSummary, cards_json, discard_json

SETUP, DRAW, PLAY, ABILITY, OVER = "setup", "draw", "play", "ability", "over"
PHASES = (SETUP, DRAW, PLAY, ABILITY, OVER)
TARGET_VP = 3
LIMIT = 25

_FACE_DOWN = tuple(Action(FACE_DOWN, card=c) for c in range(ALL_CARDS))
_FACE_UP = tuple(Action(FACE_UP, card=c) for c in range(ALL_CARDS))
_FLIP = tuple(tuple(Action(FLIP, card=h, card2=f) for f in range(ALL_CARDS)) for h in range(ALL_CARDS))


@final
class RatjackState(GameState[Action, RatjackView, RatjackEvent]):
    """A Ratjack game in progress.  Create it with ``new_game("ratjack")``.

    Fields (cards are ids 0..47, tokens 0..5, see ``cards.py``):

    * ``num_players``; ``all_mask`` – the bit mask of every player;
    * ``decks`` – the two deck indices in play; ``deck_option`` – the ``decks`` option as given;
    * ``vp`` – victory points per player; ``round_no``; ``start_player`` of the round;
      ``last_scorer`` – who scored last (starts the next round); ``last_round`` – the summary
      of the finished round (for views) or ``None``;
    * ``phase`` (``setup``, ``draw``, ``play``, ``ability``, ``over``), ``player`` to decide;
      ``setup_left`` – players still to put a dealt card face down;
    * ``hands``, ``areas`` – card ids per player; ``deck`` (top last), ``discard`` (top last);
    * ``face_up[card]``; ``known[card]`` – bit mask of the players who know the card;
    * ``token_on[card]`` / ``token_card[token]`` (-1: none / in the reserve) and
      ``token_side[token]`` (the face is ``token * 2 + side``);
    * ``eliminated[p]`` – out of this round (over 25);
    * ``extra_turns`` – extra turns the player to move still has (rat 3);
    * ``ability`` (ability id, -1: none), ``source`` (its card), ``step`` – the ability being
      resolved and its next decision; ``chosen`` – the choices of its earlier steps, as
      positions ``(player, index)`` or token ids, never hidden card ids;
    * ``drawn_card`` – the card weasel 3 drew and is placing or discarding (-1: none).
    """

    game = "ratjack"
    __slots__ = (
        "num_players",
        "all_mask",
        "decks",
        "deck_option",
        "vp",
        "round_no",
        "start_player",
        "last_scorer",
        "phase",
        "player",
        "setup_left",
        "hands",
        "areas",
        "deck",
        "discard",
        "face_up",
        "token_on",
        "token_side",
        "token_card",
        "known",
        "eliminated",
        "extra_turns",
        "ability",
        "source",
        "step",
        "chosen",
        "drawn_card",
        "last_round",
        "_winners",
    )
    all_mask: int
    decks: tuple[int, ...]
    deck_option: str | tuple[str, ...]
    vp: list[int]
    round_no: int
    start_player: int
    last_scorer: int
    setup_left: int
    hands: list[list[int]]
    areas: list[list[int]]
    deck: list[int]
    discard: list[int]
    face_up: list[bool]
    token_on: list[int]
    token_side: list[int]
    token_card: list[int]
    known: list[int]
    eliminated: list[bool]
    extra_turns: int
    ability: int
    source: int
    step: int
    #: Positions ``(player, index)`` and token ids.
    chosen: list[tuple[int, int] | int]
    drawn_card: int
    last_round: RoundSummary | None
    _winners: tuple[int, ...]

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, players: int, seed: int, options: Options) -> RatjackState:
        deck_option = options["decks"]
        if not isinstance(deck_option, str | tuple):
            raise ValueError(f"option decks must be two deck names or 'random', not {deck_option!r}")
        s = cls.__new__(cls)
        s._legal_cache = None
        s.seed = seed
        s.rng = Rng(seed)
        s.num_players = players
        s.all_mask = (1 << players) - 1
        s.deck_option = deck_option
        if s.deck_option == "random":
            i = s.rng.randbelow(4)
            j = s.rng.randbelow(3)
            j += j >= i
            s.decks = tuple(sorted((i, j)))
        else:
            s.decks = tuple(DECKS.index(d) for d in s.deck_option)
        s.vp = [0] * players
        s.round_no = 0
        s.last_round = None
        s._winners = ()
        s.start_player = s.rng.randbelow(players)
        s.last_scorer = s.start_player
        s._start_round([])
        return s

    def _start_round(self, ev: list[RatjackEvent]) -> None:
        """Reserve with random faces, shuffle the 24 cards, deal 2 each, open the discard."""
        rng = self.rng
        n = self.num_players
        self.round_no += 1
        self.token_side = [rng.randbelow(2) for _ in range(NUM_TOKENS)]
        self.token_card = [-1] * NUM_TOKENS
        self.token_on = [-1] * ALL_CARDS
        self.face_up = [False] * ALL_CARDS
        self.known = [0] * ALL_CARDS
        deck = [d * 12 + v for d in self.decks for v in range(12)]
        rng.shuffle(deck)
        self.hands = []
        for p in range(n):
            hand = [deck.pop(), deck.pop()]
            for c in hand:
                self.known[c] = 1 << p
            self.hands.append(hand)
        top = deck.pop()
        self.known[top] = self.all_mask
        self.discard = [top]
        self.deck = deck
        self.areas = [[] for _ in range(n)]
        self.eliminated = [False] * n
        self.extra_turns = 0
        self.clear_ability()
        self.drawn_card = -1
        self.phase = SETUP
        self.player = self.start_player
        self.setup_left = n
        ev.append(
            {
                "type": "round_started",
                "round": self.round_no,
                "start_player": self.start_player,
                "discard": discard_json(self),
                "deck_size": len(deck),
                "reserve": reserve_faces(self),
                "decks": [DECKS[d] for d in self.decks],
                "revealed_to": list(range(n)),
            }
        )
        for p in range(n):
            ev.append(
                {
                    "type": "cards_dealt",
                    "player": p,
                    "cards": cards_json(self.hands[p]),
                    "visible_to": [p],
                    "private": ["cards"],
                    "revealed_to": [p],
                }
            )

    # ------------------------------------------------------------ properties
    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.vp)

    def winners(self) -> tuple[int, ...]:
        return self._winners

    def value(self, q: int) -> int:
        """Sum of ``q``'s face-up cards, each modified by its token."""
        up = self.face_up
        on = self.token_on
        side = self.token_side
        total = 0
        for c in self.areas[q]:
            if up[c]:
                t = on[c]
                total += MOD[t * 2 + side[t] if t >= 0 else -1][CARD_VALUE[c]]  # -1: MOD[NO_TOKEN]
        return total

    def values(self) -> list[int]:
        return [self.value(q) for q in range(self.num_players)]

    # ---------------------------------------------------------- legal actions
    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        p = self.player
        if phase == PLAY:
            return self._play_options(p)
        if phase == DRAW:
            acts = []
            if self.deck:
                acts.append(DRAW_DECK_ACTION)
            if self.discard:
                acts.append(DRAW_DISCARD_ACTION)
            return acts
        if phase == ABILITY:
            return ABILITIES[self.ability].steps[self.step][0](self, p, self.source)
        if phase == SETUP:
            return [_FACE_DOWN[c] for c in sorted(self.hands[p])]
        return []

    def _play_options(self, p: int) -> list[Action]:
        hand = sorted(self.hands[p])
        area = self.areas[p]
        up = self.face_up
        acts = [_FACE_DOWN[h] for h in hand]
        real_hand = self.hands[p]
        for h in hand:
            # face up: the card lies face up in the area while its ability resolves
            i = real_hand.index(h)
            del real_hand[i]
            area.append(h)
            up[h] = True
            ok = can_resolve(self, p, h)
            up[h] = False
            area.pop()
            real_hand.insert(i, h)
            if ok:
                acts.append(_FACE_UP[h])
        downs = [c for c in area if not up[c] and face_of(self, c) != LOCKED]
        if downs and hand:
            # Whether a turned card's ability can be resolved does not depend on which hand card
            # was discarded (only on how many cards the hand and the discard pile hold, the same
            # for every choice): checked once, with the first hand card on the discard pile.
            discard = self.discard
            h = hand[0]
            i = real_hand.index(h)
            del real_hand[i]
            discard.append(h)
            flippable = []
            for f in downs:
                up[f] = True
                if can_resolve(self, p, f):
                    flippable.append(f)
                up[f] = False
            discard.pop()
            real_hand.insert(i, h)
            for h in hand:
                row = _FLIP[h]
                acts.extend(row[f] for f in flippable)
        return acts

    def explain_illegal(self, action: Action) -> str:
        phase, p, kind = self.phase, self.player, action.kind
        legal = ", ".join(str(a) for a in self.legal_actions())
        if phase == SETUP:
            if kind != FACE_DOWN:
                return f"at the start of a round player {p} puts one dealt card face down, not {action}"
            return f"player {p} was not dealt {card_name(action.card)}; legal: {legal}"
        if phase == DRAW:
            if kind == DRAW_DECK:
                return "the deck is empty"
            if kind == DRAW_DISCARD:
                return "the discard pile is empty"
            return f"player {p} must first draw a card (draw deck / draw discard), not {action}"
        if phase == PLAY:
            if kind in (FACE_DOWN, FACE_UP, FLIP):
                if not 0 <= action.card < ALL_CARDS or action.card not in self.hands[p]:
                    return f"player {p} does not hold {card_name(action.card) if 0 <= action.card < ALL_CARDS else action.card}"
                if kind == FLIP:
                    f = action.card2
                    if not 0 <= f < ALL_CARDS or f not in self.areas[p] or self.face_up[f]:
                        return f"{action}: the card to turn must be one of your face-down cards"
                    if face_of(self, f) == LOCKED:
                        return f"{action}: {card_name(f)} is locked and cannot be turned over"
                return (
                    f"{action}: its ability cannot be resolved completely now, so this option is not allowed"
                )
            return f"player {p} must now place, play or discard a hand card, not {action}"
        ab = ABILITIES[self.ability]
        prompt = ab.prompts[self.step] if self.step < len(ab.prompts) else "choose"
        return f"{action} is not a valid choice for {ab.name} ({prompt}); legal: {legal}"

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> list[RatjackEvent]:
        ev: list[RatjackEvent] = []
        p = self.player
        kind = action.kind
        phase = self.phase
        if phase == ABILITY:
            ab = ABILITIES[self.ability]
            chain = ab.steps[self.step][1](self, p, self.source, action, ev)
            self.step += 1
            if chain is not None:
                self._begin_ability(p, chain, ev)
            elif self.step == len(ab.steps):
                self._ability_done(ev)
        elif phase == DRAW:
            if kind == DRAW_DECK:
                card_moves.draw_from_deck(self, p, ev)
            else:
                card_moves.draw_from_discard(self, p, ev)
            self.phase = PLAY
        elif phase == PLAY:
            if kind == FACE_DOWN:
                card_moves.hand_to_area(self, p, action.card, False, ev)
                self._after_option(ev)
            elif kind == FACE_UP:
                card_moves.hand_to_area(self, p, action.card, True, ev)
                self._begin_ability(p, action.card, ev)
            else:
                card_moves.discard_from_hand(self, p, action.card, ev)
                f = action.card2
                card_moves.turn_card(self, p, self.areas[p].index(f), True, ev)
                self._begin_ability(p, f, ev)
        else:  # SETUP
            card_moves.hand_to_area(self, p, action.card, False, ev)
            self.setup_left -= 1
            if self.setup_left:
                self.player = (p + 1) % self.num_players
            else:
                self.player = self.start_player
                self.phase = DRAW
                ev.append({"type": "turn_started", "player": self.player})
        return ev

    def _begin_ability(self, p: int, src: int, ev: list[RatjackEvent]) -> None:
        """Resolve the ability of face-up card ``src`` (nothing if it carries *blank*)."""
        if face_of(self, src) == BLANK:
            ev.append(
                {
                    "type": "ability_blank",
                    "player": p,
                    "card": {"deck": DECKS[src // 12], "value": CARD_VALUE[src]},
                }
            )
            self._ability_done(ev)
            return
        aid = CARD_ABILITY[src]
        ab = ABILITIES[aid]
        self.ability = aid
        self.source = src
        self.step = 0
        self.chosen = []
        ev.append(
            {
                "type": "ability_started",
                "player": p,
                "ability": ab.name,
                "text": ab.text,
                "card": {"deck": DECKS[src // 12], "value": CARD_VALUE[src]},
            }
        )
        if ab.start is not None:
            ab.start(self, p, src, ev)
        if ab.steps:
            self.phase = ABILITY
        else:
            self._ability_done(ev)

    def clear_ability(self) -> None:
        """No ability is being resolved."""
        self.ability = -1
        self.source = -1
        self.step = 0
        self.chosen = []

    def _ability_done(self, ev: list[RatjackEvent]) -> None:
        self.clear_ability()
        self._after_option(ev)

    # -------------------------------------------------------------- scoring
    def _order_from(self, p: int) -> list[int]:
        """Players still in the round, in turn order starting with ``p``."""
        n = self.num_players
        elim = self.eliminated
        return [q for q in ((p + k) % n for k in range(n)) if not elim[q]]

    def _score(self, players: list[int], reason: str, ev: list[RatjackEvent], points: int = 1) -> None:
        for q in players:
            self.vp[q] += points
            ev.append(
                {"type": "vp_scored", "player": q, "points": points, "reason": reason, "vp": list(self.vp)}
            )
        self.last_scorer = players[0]

    def _eliminate(self, q: int, reason: str, ev: list[RatjackEvent]) -> None:
        self.eliminated[q] = True
        ev.append({"type": "player_eliminated", "player": q, "value": self.value(q), "reason": reason})

    def _after_option(self, ev: list[RatjackEvent]) -> None:
        """The option has completely resolved: checks 1, 2 and 4, then the end of the turn."""
        p = self.player
        vals = self.values()
        elim = self.eliminated
        if self.deck and elim.count(False) > 1:
            for q, v in enumerate(vals):
                if v >= LIMIT and not elim[q]:
                    break
            else:  # the usual case: nobody in the round at or over 25, the deck not empty
                self._next_turn(p, ev)
                return
        busted = [q for q in self._order_from(p) if q != p and vals[q] > LIMIT]
        for q in busted:
            self._eliminate(q, "over 25", ev)
        if busted:
            self._score([p] * len(busted), "elimination", ev)
        alive = self._order_from(p)
        exact = [q for q in alive if vals[q] == LIMIT]
        if exact:
            self._score(exact, "exactly 25", ev)
            self._end_round("exactly 25", ev)
            return
        if len(alive) == 1:
            self._score(alive, "last player", ev)
            self._end_round("last player", ev)
            return
        # end of the turn
        if vals[p] > LIMIT:
            self._eliminate(p, "over 25 at the end of the turn", ev)
            alive = self._order_from(p)
            if len(alive) == 1:
                self._score(alive, "last player", ev)
                self._end_round("last player", ev)
                return
        if not self.deck:
            best = max(vals[q] for q in alive)
            top = [q for q in alive if vals[q] == best]
            self._score(top, "highest value", ev)
            self._end_round("deck empty", ev)
            return
        self._next_turn(p, ev)

    def _next_turn(self, p: int, ev: list[RatjackEvent]) -> None:
        """``p``'s turn has ended and the round goes on: ``p``'s extra turn or the next player's."""
        self.phase = DRAW
        if self.extra_turns and not self.eliminated[p]:
            self.extra_turns -= 1
            ev.append({"type": "turn_started", "player": p, "extra": True})
            return
        self.extra_turns = 0
        n = self.num_players
        q = (p + 1) % n
        while self.eliminated[q]:
            q = (q + 1) % n
        self.player = q
        ev.append({"type": "turn_started", "player": q})

    def _end_round(self, reason: str, ev: list[RatjackEvent]) -> None:
        vals = self.values()
        self.last_round = {
            "round": self.round_no,
            "reason": reason,
            "values": vals,
            "vp": list(self.vp),
            "eliminated": list(self.eliminated),
        }
        ev.append(
            {
                "type": "round_ended",
                "round": self.round_no,
                "reason": reason,
                "values": vals,
                "vp": list(self.vp),
            }
        )
        winners = tuple(q for q in range(self.num_players) if self.vp[q] >= TARGET_VP)
        if winners:
            self._winners = winners
            self.phase = OVER
            self.ability = -1
            ev.append({"type": "game_over", "winners": list(winners), "scores": list(self.vp)})
            return
        self.start_player = self.last_scorer
        self._start_round(ev)

    # ------------------------------------------------------------------ clone
    def clone(self) -> RatjackState:
        s = RatjackState.__new__(RatjackState)
        s._legal_cache = self._legal_cache
        s.seed = self.seed
        s.rng = Rng(self.rng.state)
        s.num_players = self.num_players
        s.all_mask = self.all_mask
        s.decks = self.decks
        s.deck_option = self.deck_option
        s.vp = self.vp[:]
        s.round_no = self.round_no
        s.start_player = self.start_player
        s.last_scorer = self.last_scorer
        s.phase = self.phase
        s.player = self.player
        s.setup_left = self.setup_left
        s.hands = [h[:] for h in self.hands]
        s.areas = [a[:] for a in self.areas]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.face_up = self.face_up[:]
        s.token_on = self.token_on[:]
        s.token_side = self.token_side[:]
        s.token_card = self.token_card[:]
        s.known = self.known[:]
        s.eliminated = self.eliminated[:]
        s.extra_turns = self.extra_turns
        s.ability = self.ability
        s.source = self.source
        s.step = self.step
        s.chosen = self.chosen[:]  # entries are ints and tuples (immutable)
        s.drawn_card = self.drawn_card
        s.last_round = self.last_round  # replaced, never mutated
        s._winners = self._winners
        return s

    # ------------------------------------------------------- views and hidden info
    def view(self, player: int) -> RatjackView:
        """What ``player`` may see (:func:`.views.view`)."""
        return views.view(self, player)

    def determinize(self, player: int, rng: RandomSource) -> RatjackState:
        """A state ``player`` cannot tell from this one (:func:`.hidden.determinize`)."""
        return hidden.determinize(self, player, rng)

    @classmethod
    def sample_from_view(cls, view: RatjackView, rng: RandomSource) -> RatjackState:
        """A full state consistent with ``view`` (:func:`.hidden.fill_from_view`)."""
        return hidden.fill_from_view(cls.__new__(cls), view, rng)

    # -------------------------------------------------------------------- JSON
    def to_json(self) -> JsonDict:
        """A complete save of the state (keys kept from version 1: saves still load)."""
        return {
            "game": self.game,
            "version": 1,
            "seed": self.seed,
            "rng": self.rng.state,
            "players": self.num_players,
            "decks": [DECKS[d] for d in self.decks],
            "deck_option": list(self.deck_option)
            if isinstance(self.deck_option, tuple)
            else self.deck_option,
            "vp": list(self.vp),
            "round": self.round_no,
            "start_player": self.start_player,
            "last_scorer": self.last_scorer,
            "phase": self.phase,
            "player": self.player,
            "setup_left": self.setup_left,
            "hands": [list(h) for h in self.hands],
            "areas": [list(a) for a in self.areas],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "face_up": [c for c in range(ALL_CARDS) if self.face_up[c]],
            "token_side": list(self.token_side),
            "token_card": list(self.token_card),
            "known": list(self.known),
            "eliminated": list(self.eliminated),
            "extra": self.extra_turns,
            "ability": self.ability,
            "source": self.source,
            "step": self.step,
            "memo": [list(m) if isinstance(m, tuple) else m for m in self.chosen],
            "limbo": self.drawn_card,
            "last_round": copy.deepcopy(self.last_round),
            "winners": list(self._winners),
        }

    @classmethod
    def from_json(cls, d: JsonDict) -> RatjackState:
        """Rebuild a state saved with :meth:`to_json`; ``ValueError`` if it does not add up."""
        d = copy.deepcopy(d)  # never share lists with the caller
        s = cls._blank_from_save(d)
        s.num_players = int(d["players"])
        if not 2 <= s.num_players <= 4:
            raise ValueError(f"ratjack is played by 2 to 4 players, not {s.num_players}")
        s.all_mask = (1 << s.num_players) - 1
        s.decks = tuple(DECKS.index(x) for x in d["decks"])
        opt = d["deck_option"]
        s.deck_option = tuple(opt) if isinstance(opt, list) else opt
        s.vp = [int(x) for x in d["vp"]]
        s.round_no = int(d["round"])
        s.start_player = int(d["start_player"])
        s.last_scorer = int(d["last_scorer"])
        s.phase = d["phase"]
        if s.phase not in ("setup", "draw", "play", "ability", "over"):
            raise ValueError(f"unknown phase {s.phase!r}")
        s.player = int(d["player"])
        s.setup_left = int(d["setup_left"])
        s.hands = [list(h) for h in d["hands"]]
        s.areas = [list(a) for a in d["areas"]]
        s.deck = list(d["deck"])
        s.discard = list(d["discard"])
        s.face_up = [False] * ALL_CARDS
        for c in d["face_up"]:
            s.face_up[c] = True
        s.token_side = list(d["token_side"])
        s.token_card = list(d["token_card"])
        s.token_on = [-1] * ALL_CARDS
        for t, c in enumerate(s.token_card):
            if c >= 0:
                s.token_on[c] = t
        s.known = list(d["known"])
        s.eliminated = [bool(x) for x in d["eliminated"]]
        s.extra_turns = int(d["extra"])
        s.ability = int(d["ability"])
        s.source = int(d["source"])
        s.step = int(d["step"])
        s.chosen = [(m[0], m[1]) if isinstance(m, list) else m for m in d["memo"]]
        s.drawn_card = int(d["limbo"])
        s.last_round = d["last_round"]
        s._winners = tuple(d["winners"])
        if len(s.hands) != s.num_players or len(s.areas) != s.num_players or len(s.token_side) != NUM_TOKENS:
            raise ValueError("the saved hands, areas or tokens do not match the player count")
        cards = s.deck + s.discard + [c for h in s.hands for c in h] + [c for a in s.areas for c in a]
        if s.drawn_card >= 0:
            cards.append(s.drawn_card)
        expected = sorted(x * 12 + v for x in s.decks for v in range(12))
        if sorted(cards) != expected:
            raise ValueError("the saved cards are not the 24 cards of the chosen decks")
        for c in s.token_card:
            if c >= 0 and not any(c in a for a in s.areas):
                raise ValueError("a saved token lies on a card that is not in an area")
        return s
