"""What each player may see of a Ratjack state: views, determinization, JSON.

A mixin of the state class.  ``view(p)`` shows a face-down card or another
player's hand card only when ``known[card]`` has ``p``'s bit;
``determinize(p, rng)`` keeps every card ``p`` knows and resamples the others
(opponents' unknown hand cards, unknown face-down cards, the drawn card of
weasel 3 and the deck order) among their own places.
"""

from __future__ import annotations

import copy

from ..rng import Rng, seed_from
from .cards import ALL_CARDS, DECKS, FACES, NUM_TOKENS, card_json


class Knowledge:
    """Views, determinization and (de)serialisation."""

    __slots__ = ()

    # -- small JSON helpers ------------------------------------------------------
    @staticmethod
    def cards_json(cards) -> list:
        return [card_json(c) for c in cards]

    def discard_json(self) -> list:
        return [card_json(c) for c in self.discard]

    def areas_json(self, player: int) -> list:
        """Every area as the view shows it to ``player`` (``-1``: nobody's secrets)."""
        out = []
        bit = 1 << player if player >= 0 else 0
        for area in self.areas:
            row = []
            for c in area:
                up = self.face_up[c]
                t = self.token_on[c]
                row.append({
                    "face_up": up,
                    "card": card_json(c) if up or self.known[c] & bit else None,
                    "token": FACES[t * 2 + self.token_side[t]] if t >= 0 else None,
                })
            out.append(row)
        return out

    def pending_json(self, player: int) -> dict | None:
        """The ability being resolved and its current step (for the client)."""
        from .abilities import ABILITIES

        if self.phase != "ability":
            return None
        ab = ABILITIES[self.ability]
        d = {
            "ability": ab.name,
            "text": ab.text,
            "card": card_json(self.source),
            "step": self.step,
            "steps": len(ab.steps),
            "prompt": ab.prompts[self.step],
            "chosen": [list(m) if isinstance(m, tuple) else {"token": self.face_name(m)}
                       for m in self.memo],
        }
        if self.limbo >= 0 and self.known[self.limbo] >> player & 1:
            d["drawn"] = card_json(self.limbo)
        return d

    # -- the view ------------------------------------------------------------------
    def view(self, player: int) -> dict:
        v = self.base_view(player)
        bit = 1 << player
        known = self.known
        v.update({
            "phase": self.phase,
            "round": self.round_no,
            "start_player": self.start_player,
            "decks": [DECKS[d] for d in self.decks],
            "hand": [card_json(c) for c in sorted(self.hands[player])],
            "hand_sizes": [len(h) for h in self.hands],
            "known_hands": [[card_json(c) for c in sorted(h) if known[c] & bit] for h in self.hands],
            "deck_size": len(self.deck),
            "discard": self.discard_json(),
            "areas": self.areas_json(player),
            "values": self.values(),
            "reserve": self.reserve_faces(),
            "eliminated": list(self.elim),
            "vp": list(self.vp),
            "target_vp": 3,
            "extra_turns": self.extra,
            "pending": self.pending_json(player),
            "last_round": copy.deepcopy(self.last_round),
            "winners": list(self._winners),
        })
        return v

    # -- determinization -----------------------------------------------------------
    def unknown_slots(self, player: int) -> list:
        """The places of the cards ``player`` does not know: ``(kind, a, b)`` tuples."""
        bit = 1 << player
        known = self.known
        slots = [("deck", i, 0) for i in range(len(self.deck))]
        for q in range(self.n):
            for i, c in enumerate(self.hands[q]):
                if not known[c] & bit:
                    slots.append(("hand", q, i))
            for i, c in enumerate(self.areas[q]):
                if not self.face_up[c] and not known[c] & bit:
                    slots.append(("area", q, i))
        if self.limbo >= 0 and not known[self.limbo] & bit:
            slots.append(("limbo", 0, 0))
        return slots

    def _slot_get(self, slot) -> int:
        kind, a, b = slot
        if kind == "deck":
            return self.deck[a]
        if kind == "hand":
            return self.hands[a][b]
        if kind == "area":
            return self.areas[a][b]
        return self.limbo

    def _slot_set(self, slot, c: int) -> None:
        kind, a, b = slot
        if kind == "deck":
            self.deck[a] = c
        elif kind == "hand":
            self.hands[a][b] = c
        elif kind == "area":
            self.areas[a][b] = c
        else:
            self.limbo = c

    def determinize(self, player: int, rng):
        """A state ``player`` cannot tell from this one (see the module docstring).

        While another player resolves an ability whose choices depend on that
        player's own hidden cards (rat 6 picks a face-down card whose ability
        can be resolved), samples that leave no choice are rejected; after a
        few tries the acting player's face-down cards are kept as they are.
        """
        if self.phase == "over":
            s = self.clone()
            s.reseed(rng)
            return s
        slots = self.unknown_slots(player)
        check = self.phase == "ability" and self.player != player
        for attempt in range(12):
            if attempt == 11:
                actor = self.player
                slots = [sl for sl in slots if not (sl[0] == "area" and sl[1] == actor)]
            s = self._resample(slots, rng)
            if not check or s._compute_legal():
                break
        s.reseed(rng)
        return s

    def _resample(self, slots: list, rng):
        """A clone with the cards in ``slots`` shuffled among those slots."""
        s = self.clone()
        s._legal_cache = None
        if len(slots) < 2:
            return s
        cards = [s._slot_get(sl) for sl in slots]
        masks = [s.known[c] for c in cards]
        tokens = [s.token_on[c] for c in cards]
        ups = [s.face_up[c] for c in cards]
        shuffled = sorted(cards)  # the sample depends only on what the player knows
        rng.shuffle(shuffled)
        for sl, c, m, t, up in zip(slots, shuffled, masks, tokens, ups):
            s._slot_set(sl, c)
            s.known[c] = m
            s.token_on[c] = t
            s.face_up[c] = up
            if t >= 0:
                s.token_card[t] = c
        return s

    # -- a full state from a view ------------------------------------------------
    @classmethod
    def sample_from_view(cls, view: dict, rng):
        """A full state consistent with ``view`` (for look-ahead by bots and hints).

        Everything the view shows is kept; the cards it does not show (other
        hands, unknown face-down cards, the deck and its order) are drawn at
        random (``rng`` is a ``random.Random``-like source) from the cards of
        the two decks that the view does not place anywhere.
        """
        from .abilities import ABILITIES
        from .cards import DECK_INDEX, FACE_INDEX, card_from_json

        me = view["player"]
        n = view["num_players"]
        s = cls.__new__(cls)
        s._legal_cache = None
        s.seed = 0
        s.rng = Rng(seed_from(rng))
        s.n = n
        s.all_mask = (1 << n) - 1
        s.decks = tuple(DECK_INDEX[d] for d in view["decks"])
        s.deck_option = tuple(view["decks"])
        s.vp = list(view["vp"])
        s.round_no = view["round"]
        s.start_player = s.last_scorer = view["start_player"]
        s.phase = view["phase"]
        s.player = view["current_player"] if view["current_player"] is not None else 0
        s.setup_left = sum(1 for k in view["hand_sizes"] if k == 2) if s.phase == "setup" else 0
        s.elim = list(view["eliminated"])
        s.extra = view["extra_turns"]
        s.last_round = None
        s._winners = tuple(view["winners"])
        s.face_up = [False] * ALL_CARDS
        s.token_on = [-1] * ALL_CARDS
        s.token_side = [0] * NUM_TOKENS
        s.token_card = [-1] * NUM_TOKENS
        s.known = [s.all_mask] * ALL_CARDS
        pool = [d * 12 + v for d in s.decks for v in range(12)]
        placed = set()

        def take(d):
            c = card_from_json(d)
            placed.add(c)
            return c

        s.discard = [take(d) for d in view["discard"]]
        hands = []
        for q in range(n):
            shown = view["hand"] if q == me else view["known_hands"][q]
            hands.append([take(d) for d in shown])
        areas = []
        for area in view["areas"]:
            row = []
            for entry in area:
                c = take(entry["card"]) if entry["card"] is not None else -1
                row.append([c, entry["face_up"], entry["token"]])
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
            cards = []
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
        s.limbo = -1
        if pending:
            s.ability = next(i for i, a in enumerate(ABILITIES) if a.name == pending["ability"])
            s.source = card_from_json(pending["card"])
            s.step = pending["step"]
            s.memo = [tuple(m) if isinstance(m, list) else FACE_INDEX[m["token"]] // 2
                      for m in pending["chosen"]]
            if ABILITIES[s.ability].name == "weasel 3":
                s.limbo = drawn if drawn >= 0 else unknown.pop()
        mine = 1 << me
        for q in range(n):
            for c in s.hands[q]:
                s.known[c] = (1 << q) | (mine if c in placed else 0)
            for c in s.areas[q]:
                if not s.face_up[c]:
                    s.known[c] = (1 << q) | (mine if c in placed else 0)
        if s.limbo >= 0:
            s.known[s.limbo] = 1 << s.player
        for c in unknown:
            s.known[c] = 0
        s.deck = unknown
        if len(s.deck) != view["deck_size"]:
            raise ValueError("the view does not add up to 24 cards")
        return s

    # -- JSON ------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": self.game, "version": 1, "seed": self.seed, "rng": self.rng.state,
            "players": self.n, "decks": [DECKS[d] for d in self.decks],
            "deck_option": list(self.deck_option) if isinstance(self.deck_option, tuple) else self.deck_option,
            "vp": list(self.vp), "round": self.round_no, "start_player": self.start_player,
            "last_scorer": self.last_scorer, "phase": self.phase, "player": self.player,
            "setup_left": self.setup_left,
            "hands": [list(h) for h in self.hands], "areas": [list(a) for a in self.areas],
            "deck": list(self.deck), "discard": list(self.discard),
            "face_up": [c for c in range(ALL_CARDS) if self.face_up[c]],
            "token_side": list(self.token_side), "token_card": list(self.token_card),
            "known": list(self.known), "eliminated": list(self.elim), "extra": self.extra,
            "ability": self.ability, "source": self.source, "step": self.step,
            "memo": [list(m) if isinstance(m, tuple) else m for m in self.memo],
            "limbo": self.limbo, "last_round": copy.deepcopy(self.last_round),
            "winners": list(self._winners),
        }

    @classmethod
    def from_json(cls, d: dict):
        d = copy.deepcopy(d)  # never share lists with the caller
        s = cls.__new__(cls)
        s._legal_cache = None
        s.seed = int(d["seed"])
        s.rng = Rng(int(d["rng"]))
        s.n = int(d["players"])
        if not 2 <= s.n <= 4:
            raise ValueError(f"ratjack is played by 2 to 4 players, not {s.n}")
        s.all_mask = (1 << s.n) - 1
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
        s.elim = [bool(x) for x in d["eliminated"]]
        s.extra = int(d["extra"])
        s.ability = int(d["ability"])
        s.source = int(d["source"])
        s.step = int(d["step"])
        s.memo = [tuple(m) if isinstance(m, list) else m for m in d["memo"]]
        s.limbo = int(d["limbo"])
        s.last_round = d["last_round"]
        s._winners = tuple(d["winners"])
        if len(s.hands) != s.n or len(s.areas) != s.n or len(s.token_side) != NUM_TOKENS:
            raise ValueError("the saved hands, areas or tokens do not match the player count")
        cards = s.deck + s.discard + [c for h in s.hands for c in h] + [c for a in s.areas for c in a]
        if s.limbo >= 0:
            cards.append(s.limbo)
        expected = sorted(x * 12 + v for x in s.decks for v in range(12))
        if sorted(cards) != expected:
            raise ValueError("the saved cards are not the 24 cards of the chosen decks")
        for c in s.token_card:
            if c >= 0 and not any(c in a for a in s.areas):
                raise ValueError("a saved token lies on a card that is not in an area")
        return s
