"""The Hakkutsu!! engine: setup decisions, turns, rounds and the end of the game.

Rules: ``game/rules/hakkutsu/RULES.md``.  Decisions, in order:

* setup: (``draft`` option) the museum draft, last player first, backwards;
  then each player keeps 1 of the equipment cards dealt (start player first);
* a turn: phase ``move`` (movement/any equipment, then a destination or a
  Helicopter), then either the base action (automatic) or phase ``mine``
  (mining/any equipment, ``mine`` or ``skip mining``), then phase ``end``
  (only offered while a Grant or Detector could still be used: ``end turn``).

State layout (flat lists, cheap to clone): ``stacks[cell]`` is the tuple of
rock-card ids a site started with (bottom first; shared between clones and
never mutated), ``site_n[cell]`` how many are left, ``face_up[cell]`` whether
the top one is face up.  Equipment cards are type ids (cards of one type are
alike).  ``peek[p]`` is a bitmask of the rock cards ``p`` saw with a Detector.
"""

from __future__ import annotations

import copy
from typing import final

from ..core import GameState, JsonDict, Options
from ..rng import RandomSource, Rng
from . import equipment as eqm
from . import hidden, views
from .actions import (
    DETECTOR,
    DRAFT,
    DRAFTS,
    END,
    END_ACTION,
    HELICOPTER,
    KEEP,
    KEEPS,
    MINE,
    MINE_ACTION,
    MOVE,
    SKIP,
    SKIP_ACTION,
    USE,
    Action,
)
from .board import BASE, CELLS, MAX_MOVE, MOVE_TABLE, SITE_AREA, SITES, cell_json
from .data import DATA
from .scoring import Breakdown, breakdown, public_score
from .views import CardView, HakkutsuEvent, HakkutsuView

ROCKS = DATA.rocks
N_ROCKS = len(ROCKS)
COST = tuple(r.cost for r in ROCKS)
CARRY = tuple(r.carry for r in ROCKS)
MUSEUM_KEYS = tuple(m.key for m in DATA.museums)
MUSEUM_BY_KEY = {m.key: m.id for m in DATA.museums}
CARD_VIEWS: tuple[CardView, ...] = tuple(
    {
        "id": r.id,
        "key": r.key,
        "name": r.name,
        "name_ja": r.name_ja,
        "kind": r.kind,
        "area": r.area,
        "cost": r.cost,
        "carry": r.carry,
        "points": r.points,
        "fossils": r.fossil_value,
        "ability": r.ability or None,
    }
    for r in ROCKS
)

PHASE_DRAFT, PHASE_EQUIP, PHASE_MOVE, PHASE_MINE, PHASE_END, PHASE_OVER = (
    "draft",
    "equip",
    "move",
    "mine",
    "end",
    "over",
)
PHASES = (PHASE_DRAFT, PHASE_EQUIP, PHASE_MOVE, PHASE_MINE, PHASE_END, PHASE_OVER)


@final
class HakkutsuState(GameState[Action, HakkutsuView, HakkutsuEvent]):
    """A Hakkutsu!! game in progress.  Create it with ``new_game("hakkutsu")``."""

    game = "hakkutsu"
    __slots__ = (
        "num_players",
        "mode",
        "draft",
        "rounds",
        "after_steps",
        "track",
        "max_units",
        "stacks",
        "site_n",
        "face_up",
        "set_aside",
        "pos",
        "coins",
        "supply",
        "carts",
        "cart_units",
        "collections",
        "magnet",
        "refill",
        "eq_hand",
        "eq_deck",
        "eq_discard",
        "eq_deal",
        "eq_returned",
        "museum",
        "museum_public",
        "museum_deck",
        "draft_pool",
        "draft_seen",
        "peek",
        "phase",
        "player",
        "start_player",
        "round",
        "setup_order",
        "move_bonus",
        "drill",
        "crane",
        "joint",
        "moved_from",
        "final",
        "_winners",
    )
    mode: str
    draft: bool
    #: The arranged game's number of rounds, or ``None``: until enough sites are empty.
    rounds: int | None
    after_steps: int
    track: tuple[int, ...]
    max_units: int
    stacks: list[tuple[int, ...]]
    site_n: list[int]
    face_up: list[bool]
    set_aside: tuple[int, ...]
    pos: list[int]
    coins: list[int]
    supply: int
    carts: list[list[int]]
    cart_units: list[int]
    collections: list[list[int]]
    magnet: list[int]
    refill: list[int]
    eq_hand: list[list[int]]
    eq_deck: list[int]
    eq_discard: list[int]
    eq_deal: list[list[int]]
    eq_returned: list[int]
    museum: list[int]
    museum_public: list[bool]
    museum_deck: list[int]
    draft_pool: list[int]
    draft_seen: int
    peek: list[int]
    start_player: int
    round: int
    setup_order: list[int]
    move_bonus: int
    drill: int
    crane: bool
    joint: bool
    moved_from: int
    final: list[Breakdown] | None
    _winners: tuple[int, ...]

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, players: int, seed: int, options: Options) -> HakkutsuState:
        mode_name, rounds = options["mode"], options["rounds"]
        if not isinstance(mode_name, str) or not (rounds is None or isinstance(rounds, int)):
            raise ValueError(
                f"options mode={mode_name!r} rounds={rounds!r}: a mode name and a number or none"
            )
        s = cls.__new__(cls)
        s._legal_cache = None
        s.num_players = n = players
        s.seed = seed
        s.rng = rng = Rng(seed)
        s.mode = mode_name
        s.draft = bool(options["draft"])
        s.rounds = rounds
        mode = DATA.modes[s.mode]
        s.after_steps = mode["end_on_start_after_steps"]
        s.track = DATA.carts[mode["cart"]]
        s.max_units = len(s.track) - 1
        # rock cards by area, dealt onto the sites; the rest set aside unseen
        by_area: dict[str, list[int]] = {}
        for r in ROCKS:
            by_area.setdefault(r.area, []).append(r.id)
        for ids in by_area.values():
            rng.shuffle(ids)
        stacks: list[tuple[int, ...]] = [()] * CELLS
        for cell in SITES:
            stacks[cell] = tuple(by_area[a].pop() for a in DATA.stacks[SITE_AREA[cell]])
        s.stacks = stacks
        s.site_n = [len(st) for st in stacks]
        s.face_up = [bool(st) and mode["face_up"] for st in stacks]
        s.set_aside = tuple(sorted(c for ids in by_area.values() for c in ids))
        s.pos = [BASE] * n
        s.coins = [DATA.coins_start] * n
        s.supply = DATA.coins_total - DATA.coins_start * n
        s.carts = [[] for _ in range(n)]
        s.cart_units = [0] * n
        s.collections = [[] for _ in range(n)]
        s.magnet = [0] * n
        s.refill = [DATA.coins_refill] * n
        s.eq_hand = [[] for _ in range(n)]
        s.eq_deck = list(eqm.FULL_DECK)
        rng.shuffle(s.eq_deck)
        s.eq_discard = []
        s.eq_deal = [[] for _ in range(n)]
        s.eq_returned = []
        s.start_player = start = rng.randbelow(n)
        s.round = 0
        s.peek = [0] * n
        s.move_bonus = s.drill = 0
        s.crane = s.joint = False
        s.moved_from = BASE
        s.final = None
        s._winners = ()
        deck = list(range(len(DATA.museums)))
        rng.shuffle(deck)
        s.museum = [-1] * n
        s.museum_public = [False] * n
        s.draft_pool = []
        s.draft_seen = 0
        if s.draft:
            last = (start - 1) % n
            s.draft_pool = sorted(deck.pop() for _ in range(n + DATA.draft_extra))
            s.setup_order = [(last - i) % n for i in range(n)]
            s.draft_seen = 1 << last
            s.phase = PHASE_DRAFT
        else:
            for i in range(n):
                s.museum[(start + i) % n] = deck.pop()
            s._deal_equipment()
        s.museum_deck = deck
        s.player = s.setup_order[0]
        return s

    def _deal_equipment(self) -> None:
        n = self.num_players
        order = [(self.start_player + i) % n for i in range(n)]
        for p in order:
            self.eq_deal[p] = [self.eq_deck.pop() for _ in range(DATA.equipment_dealt)]
        self.setup_order = order
        self.phase = PHASE_EQUIP

    # ------------------------------------------------------------ properties
    @property
    def scores(self) -> tuple[int, ...]:
        """Final totals at the end; before it, the public part (printed + fossils, cart included)."""
        if self.final is not None:
            return tuple(b["total"] for b in self.final)
        return tuple(public_score(self.collections[p] + self.carts[p]) for p in range(self.num_players))

    def winners(self) -> tuple[int, ...]:
        return self._winners

    def movement_value(self, p: int) -> int:
        """p's movement from the cart track and owned abilities (no Jeep)."""
        return self.track[self.cart_units[p]] + self.magnet[p]

    def movement_now(self) -> int:
        """The current player's movement this turn (Jeeps included)."""
        return self.track[self.cart_units[self.player]] + self.magnet[self.player] + self.move_bonus

    def other_pawn_at(self, p: int, cell: int) -> bool:
        pos = self.pos
        return any(pos[q] == cell for q in range(self.num_players) if q != p)

    @property
    def empty_sites(self) -> int:
        site_n = self.site_n
        return site_n.count(0) - (site_n[BASE] == 0)  # the base is no site

    def top_card(self, cell: int) -> int:
        """The id of the top card of a site (``-1`` if empty)."""
        n = self.site_n[cell]
        return self.stacks[cell][n - 1] if n else -1

    def card_view(self, card: int) -> CardView:
        """Rock card ``card`` as views and events show it (a fresh copy)."""
        return CARD_VIEWS[card].copy()

    def mining_refusal(self, p: int) -> str | None:
        """Why ``p`` may not mine where they stand now (``None`` if they may)."""
        cell = self.pos[p]
        n = self.site_n[cell]
        if cell == BASE or not n:
            return "there is no card to mine here"
        card = self.stacks[cell][n - 1]
        if not self.joint and self.other_pawn_at(p, cell):
            return "another pawn is on this site (a Joint Dig would allow it)"
        cost = max(0, COST[card] - self.drill)
        if self.coins[p] < cost:
            return f"{ROCKS[card].name} costs {cost} coins and you have {self.coins[p]}"
        units = 0 if self.crane else CARRY[card]
        if self.cart_units[p] + units > self.max_units:
            return (
                f"{ROCKS[card].name} needs {units} carry units: your cart holds {self.cart_units[p]} "
                f"of at most {self.max_units}, your movement would drop to 0"
            )
        return None

    # ---------------------------------------------------------- legal actions
    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        p = self.player
        if phase == PHASE_MOVE:
            acts = eqm.usable_actions(self, p, "move") if self.eq_hand[p] else []
            m = self.movement_now()
            acts.extend(MOVE_TABLE[self.after_steps][self.pos[p]][m if m < MAX_MOVE else MAX_MOVE])
            return acts
        if phase == PHASE_MINE:
            acts = eqm.usable_actions(self, p, "mine") if self.eq_hand[p] else []
            if self.mining_refusal(p) is None:
                acts.append(MINE_ACTION)
            acts.append(SKIP_ACTION)
            return acts
        if phase == PHASE_END:
            acts = eqm.usable_actions(self, p, "end")
            acts.append(END_ACTION)
            return acts
        if phase == PHASE_EQUIP:
            return [KEEPS[t] for t in sorted(set(self.eq_deal[p]))]
        if phase == PHASE_DRAFT:
            return [DRAFTS[m] for m in self.draft_pool]
        return []

    def explain_illegal(self, action: Action) -> str:
        p, kind, phase = self.player, action.kind, self.phase
        if phase == PHASE_DRAFT:
            if kind != DRAFT:
                return f"player {p} must first draft a museum card, not {action}"
            return f"{action.name} is not in the draft pool"
        if phase == PHASE_EQUIP:
            if kind != KEEP:
                return f"player {p} must first keep one of the equipment cards dealt, not {action}"
            return f"player {p} was not dealt a {action.name}"
        if kind in (DRAFT, KEEP):
            return f"{action} is a setup decision; the setup is over"
        if kind == MINE:
            if phase != PHASE_MINE:
                return "you may only mine in the mining phase, after moving onto a site"
            return f"you may not mine: {self.mining_refusal(p)}"
        if kind == SKIP and phase != PHASE_MINE:
            return "skip mining is only possible in the mining phase"
        if kind == END and phase != PHASE_END:
            return "end turn is only offered after the move and the mining decision"
        if kind == MOVE:
            if phase != PHASE_MOVE:
                return "you have already moved this turn"
            m = self.movement_now()
            if action.cell == self.pos[p]:
                if self.after_steps <= 0:
                    return "in the Research rules you may not end your move where you started"
                return f"you may end where you started only after moving at least 2 steps (movement {m})"
            return f"{action} is out of reach: your movement is {m}"
        if kind in (USE, HELICOPTER, DETECTOR):
            key = action.name if kind == USE else kind
            if key not in [eqm.KEYS[t] for t in self.eq_hand[p]]:
                return f"player {p} holds no {key} card"
            t = eqm.TYPE_BY_KEY[key]
            ph = eqm.PHASE[t]
            if ph == "movement" and phase != PHASE_MOVE:
                return f"a {key} may only be used in the movement phase"
            if ph == "mining" and phase != PHASE_MINE:
                return f"a {key} may only be used in the mining phase"
            return f"{action} would change nothing now"
        return f"{action} is not legal now"

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> list[HakkutsuEvent]:
        kind = action.kind
        events: list[HakkutsuEvent] = []
        p = self.player
        if kind == MOVE:
            cell = action.cell
            events.append(
                {"type": "pawn_moved", "player": p, "from": cell_json(self.pos[p]), "to": cell_json(cell)}
            )
            self.pos[p] = cell
            self.arrive(p, cell, events)
        elif kind == MINE:
            self._mine(p, events)
        elif kind == SKIP:
            events.append({"type": "mining_skipped", "player": p})
            self._after_action(p, events)
        elif kind == END:
            self._end_turn(p, events)
        elif kind == KEEP:
            self._keep(p, eqm.TYPE_BY_KEY[action.name], events)
        elif kind == DRAFT:
            self._draft(p, MUSEUM_BY_KEY[action.name], events)
        else:
            eqm.use(self, p, action, events)
            if self.phase == PHASE_END and not eqm.has_any_phase_use(self, p):
                self._end_turn(p, events)
        return events

    # -- setup decisions
    def _draft(self, p: int, museum: int, events: list[HakkutsuEvent]) -> None:
        self.draft_pool.remove(museum)
        self.museum[p] = museum
        self.museum_public[p] = True
        drafted: HakkutsuEvent = {"type": "museum_drafted", "player": p, "museum": MUSEUM_KEYS[museum]}
        events.append(drafted)
        order = self.setup_order
        order.pop(0)
        if order:
            self.player = order[0]
            self.draft_seen |= 1 << order[0]
            drafted["revealed_to"] = [order[0]]  # the next to choose sees the cards left
            return
        # the cards nobody took stay face up beside the map (everybody saw them)
        self.draft_seen = (1 << self.num_players) - 1
        self._deal_equipment()
        for q in self.setup_order:
            events.append(
                {
                    "type": "equipment_dealt",
                    "player": q,
                    "cards": [eqm.KEYS[t] for t in sorted(self.eq_deal[q])],
                    "visible_to": [q],
                    "private": ["cards"],
                    "revealed_to": [q],
                }
            )
        self.player = self.setup_order[0]

    def _keep(self, p: int, t: int, events: list[HakkutsuEvent]) -> None:
        dealt = self.eq_deal[p]
        dealt.remove(t)
        self.eq_hand[p].append(t)
        returned = dealt[:]
        self.eq_returned.extend(returned)
        self.eq_deal[p] = []
        events.append(
            {
                "type": "equipment_kept",
                "player": p,
                "card": eqm.KEYS[t],
                "returned": [eqm.KEYS[r] for r in returned],
                "visible_to": [p],
                "private": ["card", "returned"],
            }
        )
        order = self.setup_order
        order.pop(0)
        if order:
            self.player = order[0]
            return
        self.eq_deck.extend(self.eq_returned)
        self.eq_returned = []
        self.rng.shuffle(self.eq_deck)
        events.append({"type": "equipment_shuffled", "deck_size": len(self.eq_deck)})
        self.round = 1
        events.append({"type": "round_started", "round": 1, "start_player": self.start_player})
        self._begin_turn(self.start_player, events)

    # -- turns
    def _begin_turn(self, p: int, events: list[HakkutsuEvent]) -> None:
        self.player = p
        self.phase = PHASE_MOVE
        self.move_bonus = self.drill = 0
        self.crane = self.joint = False
        self.moved_from = self.pos[p]
        events.append(
            {"type": "turn_started", "player": p, "round": self.round, "movement": self.movement_value(p)}
        )

    def arrive(self, p: int, cell: int, events: list[HakkutsuEvent]) -> None:
        """The pawn of ``p`` ended its move on ``cell``: base action, flip, or the mining phase."""
        if cell == BASE:
            self._base_action(p, events)
            self._after_action(p, events)
            return
        if not self.site_n[cell]:
            self._after_action(p, events)
            return
        if not self.face_up[cell]:
            self.face_up[cell] = True
            events.append(self.flipped(cell, self.top_card(cell)))
        self.phase = PHASE_MINE

    def flipped(self, cell: int, card: int) -> HakkutsuEvent:
        """The event of ``card`` turned face up on ``cell``: news to all who had not seen it with a Detector."""
        bit = 1 << card
        news = [q for q, seen in enumerate(self.peek) if not seen & bit]
        if news:
            return {
                "type": "card_flipped",
                "cell": cell_json(cell),
                "card": CARD_VIEWS[card].copy(),
                "revealed_to": news,
            }
        return {"type": "card_flipped", "cell": cell_json(cell), "card": CARD_VIEWS[card].copy()}

    def change_coins(self, p: int, delta: int, reason: str, events: list[HakkutsuEvent]) -> None:
        """Move ``delta`` coins from the supply to ``p`` (negative: back to the supply)."""
        if not delta:
            return
        self.coins[p] += delta
        self.supply -= delta
        events.append(
            {
                "type": "coins_changed",
                "player": p,
                "delta": delta,
                "coins": self.coins[p],
                "supply": self.supply,
                "reason": reason,
            }
        )

    def _base_action(self, p: int, events: list[HakkutsuEvent]) -> None:
        events.append({"type": "base_action", "player": p})
        want = self.refill[p] - self.coins[p]
        if want > 0:
            self.change_coins(p, min(want, self.supply), "refill", events)
        cart = self.carts[p]
        if cart:
            self.collections[p].extend(cart)
            for c in cart:
                r = ROCKS[c]
                if r.ability == "movement":
                    self.magnet[p] += r.ability_value
                elif r.ability == "refill":
                    self.refill[p] = max(self.refill[p], r.ability_value)
            events.append(
                {
                    "type": "cart_unloaded",
                    "player": p,
                    "cards": [self.card_view(c) for c in cart],
                    "movement": self.track[0] + self.magnet[p],
                }
            )
            self.carts[p] = []
            self.cart_units[p] = 0
        if not self.eq_deck and self.eq_discard:
            self.eq_deck = self.eq_discard
            self.eq_discard = []
            self.rng.shuffle(self.eq_deck)
            events.append({"type": "equipment_shuffled", "deck_size": len(self.eq_deck)})
        if self.eq_deck:
            t = self.eq_deck.pop()
            self.eq_hand[p].append(t)
            events.append(
                {
                    "type": "equipment_drawn",
                    "player": p,
                    "card": eqm.KEYS[t],
                    "visible_to": [p],
                    "private": ["card"],
                    "revealed_to": [p],
                }
            )

    def _mine(self, p: int, events: list[HakkutsuEvent]) -> None:
        cell = self.pos[p]
        n = self.site_n[cell] - 1
        card = self.stacks[cell][n]
        cost = COST[card] - self.drill
        if cost > 0:
            self.change_coins(p, -cost, "mining", events)
        units = 0 if self.crane else CARRY[card]
        self.carts[p].append(card)
        self.cart_units[p] += units
        self.site_n[cell] = n
        face_up = n > 0 and DATA.modes[self.mode]["face_up"]
        self.face_up[cell] = face_up
        events.append(
            {
                "type": "card_mined",
                "player": p,
                "cell": cell_json(cell),
                "card": self.card_view(card),
                "cost": max(cost, 0),
                "units": units,
                "movement": self.movement_value(p),
                "stack_size": n,
                "empty_sites": self.empty_sites,
            }
        )
        if face_up:
            events.append(self.flipped(cell, self.stacks[cell][n - 1]))
        self._after_action(p, events)

    def _after_action(self, p: int, events: list[HakkutsuEvent]) -> None:
        """The move/mining decision is done: offer Grant/Detector, or end the turn."""
        if self.eq_hand[p] and eqm.has_any_phase_use(self, p):
            self.phase = PHASE_END
        else:
            self._end_turn(p, events)

    def _end_turn(self, p: int, events: list[HakkutsuEvent]) -> None:
        events.append({"type": "turn_ended", "player": p})
        nxt = (p + 1) % self.num_players
        if nxt == self.start_player:
            empty = self.empty_sites
            events.append({"type": "round_ended", "round": self.round, "empty_sites": empty})
            if self.rounds is None:
                over = empty >= DATA.end_empty_sites
            else:
                over = self.round >= self.rounds or empty == len(SITES)
            if over:
                self._finish(events)
                return
            self.round += 1
            events.append({"type": "round_started", "round": self.round, "start_player": self.start_player})
        self._begin_turn(nxt, events)

    def _finish(self, events: list[HakkutsuEvent]) -> None:
        n = self.num_players
        self.phase = PHASE_OVER
        self.final = [breakdown(self.collections[p] + self.carts[p], self.museum[p]) for p in range(n)]
        totals = [b["total"] for b in self.final]
        best = max(totals)
        tied = [p for p in range(n) if totals[p] == best]
        most = max(len(self.eq_hand[p]) for p in tied)
        self._winners = tuple(p for p in tied if len(self.eq_hand[p]) == most)
        events.append(
            {
                "type": "game_over",
                "winners": list(self._winners),
                "scores": totals,
                "breakdown": [b.copy() for b in self.final],
                "museums": [MUSEUM_KEYS[m] if m >= 0 else None for m in self.museum],
                "unused_equipment": [len(h) for h in self.eq_hand],
            }
        )
        secret = [q for q in range(n) if not self.museum_public[q]]  # museums shown at last
        news = [q for q in range(n) if any(r != q for r in secret)]
        if news:
            events[-1]["revealed_to"] = news

    # ------------------------------------------------------------------ clone
    def clone(self) -> HakkutsuState:
        s = HakkutsuState.__new__(HakkutsuState)
        s._legal_cache = self._legal_cache
        s.num_players = self.num_players
        s.seed = self.seed
        s.rng = Rng(self.rng.state)
        s.mode = self.mode
        s.draft = self.draft
        s.rounds = self.rounds
        s.after_steps = self.after_steps
        s.track = self.track
        s.max_units = self.max_units
        s.stacks = self.stacks  # never mutated (determinize replaces it)
        s.site_n = self.site_n[:]
        s.face_up = self.face_up[:]
        s.set_aside = self.set_aside  # a tuple
        s.pos = self.pos[:]
        s.coins = self.coins[:]
        s.supply = self.supply
        s.carts = [c[:] for c in self.carts]
        s.cart_units = self.cart_units[:]
        s.collections = [c[:] for c in self.collections]
        s.magnet = self.magnet[:]
        s.refill = self.refill[:]
        s.eq_hand = [h[:] for h in self.eq_hand]
        s.eq_deck = self.eq_deck[:]
        s.eq_discard = self.eq_discard[:]
        s.eq_deal = [d[:] for d in self.eq_deal]
        s.eq_returned = self.eq_returned[:]
        s.museum = self.museum[:]
        s.museum_public = self.museum_public[:]
        s.museum_deck = self.museum_deck[:]
        s.draft_pool = self.draft_pool[:]
        s.draft_seen = self.draft_seen
        s.peek = self.peek[:]
        s.phase = self.phase
        s.player = self.player
        s.start_player = self.start_player
        s.round = self.round
        s.setup_order = self.setup_order[:]
        s.move_bonus = self.move_bonus
        s.drill = self.drill
        s.crane = self.crane
        s.joint = self.joint
        s.moved_from = self.moved_from
        s.final = self.final  # set once at the end, never mutated
        s._winners = self._winners
        return s

    # ------------------------------------------------------- views and hidden info
    def view(self, player: int) -> HakkutsuView:
        """What ``player`` may see (:func:`.views.view`)."""
        return views.view(self, player)

    def determinize(self, player: int, rng: RandomSource) -> HakkutsuState:
        """A state ``player`` cannot tell from this one (:func:`.hidden.determinize`)."""
        return hidden.determinize(self, player, rng)

    # -------------------------------------------------------------------- JSON
    #: The keys ``to_json`` writes first, in the file's order (it re-encodes a few in place: the
    #: equipment piles, ``final``; its other keys follow).  Listed here, not derived from
    #: ``__slots__``: this order is the file's, and reordering the slots must not change what a
    #: save writes (tests/test_state_slots_saved.py checks that every slot is saved or rebuilt).
    _JSON_KEYS = (
        "num_players",
        "seed",
        "mode",
        "draft",
        "rounds",
        "site_n",
        "face_up",
        "pos",
        "coins",
        "supply",
        "carts",
        "cart_units",
        "collections",
        "magnet",
        "refill",
        "eq_deck",
        "eq_discard",
        "eq_returned",
        "museum",
        "museum_public",
        "museum_deck",
        "draft_pool",
        "draft_seen",
        "peek",
        "phase",
        "player",
        "start_player",
        "round",
        "setup_order",
        "move_bonus",
        "drill",
        "crane",
        "joint",
        "moved_from",
        "final",
    )

    def to_json(self) -> JsonDict:
        d: JsonDict = {"game": self.game, "version": 1, "rng": self.rng.state}
        for key in self._JSON_KEYS:
            v = getattr(self, key)
            d[key] = [x[:] if isinstance(x, list) else x for x in v] if isinstance(v, list) else v
        d["stacks"] = [list(st) for st in self.stacks]
        d["set_aside"] = list(self.set_aside)
        d["eq_hand"] = [[eqm.KEYS[t] for t in h] for h in self.eq_hand]
        d["eq_deal"] = [[eqm.KEYS[t] for t in h] for h in self.eq_deal]
        d["eq_deck"] = [eqm.KEYS[t] for t in self.eq_deck]
        d["eq_discard"] = [eqm.KEYS[t] for t in self.eq_discard]
        d["eq_returned"] = [eqm.KEYS[t] for t in self.eq_returned]
        d["final"] = [b.copy() for b in self.final] if self.final is not None else None
        d["winners"] = list(self._winners)
        return d

    @classmethod
    def from_json(cls, d: JsonDict) -> HakkutsuState:
        d = copy.deepcopy(d)
        s = cls.__new__(cls)
        s._legal_cache = None
        for key in cls._JSON_KEYS:
            setattr(s, key, d[key])
        s.rng = Rng(int(d["rng"]))
        if s.mode not in DATA.modes:
            raise ValueError(f"unknown mode {s.mode!r}")
        if s.phase not in PHASES:
            raise ValueError(f"unknown phase {s.phase!r}")
        mode = DATA.modes[s.mode]
        s.after_steps = mode["end_on_start_after_steps"]
        s.track = DATA.carts[mode["cart"]]
        s.max_units = len(s.track) - 1
        s.stacks = [tuple(st) for st in d["stacks"]]
        s.set_aside = tuple(d["set_aside"])
        try:
            for key in ("eq_hand", "eq_deal"):
                setattr(s, key, [[eqm.TYPE_BY_KEY[k] for k in h] for h in d[key]])
            for key in ("eq_deck", "eq_discard", "eq_returned"):
                setattr(s, key, [eqm.TYPE_BY_KEY[k] for k in d[key]])
        except KeyError as exc:
            raise ValueError(f"unknown equipment card {exc.args[0]!r}") from None
        s._winners = tuple(d["winners"])
        hidden.check_accounting(s)
        return s
