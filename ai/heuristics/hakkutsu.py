"""Hakkutsu!! knowledge: a greedy player, a win-chance estimate and a rollout policy.

``choose(view, legal, rng)`` (the ``heuristic`` agent) uses only the view:

* a card is worth its printed points, the fossil points it adds (n x n) and the
  bonus it adds for our museum card (computed with the game's own scoring);
* movement: go to the reachable site whose top card has the best value for its
  cost (affordable, fits on the cart, no other pawn unless we hold a Joint
  Dig); face-down sites count with the average value of their area; go back to
  the base when the cart is full, the coins are out or the cart is worth
  hauling home (closer to it when it is out of reach); a Helicopter or a Jeep is used when it reaches a clearly
  better card;
* mining: mine when the card is worth its price; use a Drill, Crane or Joint
  Dig when that is what stands between us and a valuable card; a Grant when
  coins run short;
* setup: keep the most useful equipment card, draft the museum card that the
  cards on the map favour.

``evaluate(state, player)`` (for MCTS, on full states): each player's score
estimate (collection + cart + the player's museum bonus, plus coins and
equipment while the game is young), turned into a win chance by a logistic of
the margin over the best opponent whose scale shrinks as the game nears its end,
plus a little of the plain margin (a decided game is still played for points).

``rollout_policy(state, legal, rng)``: a cheap greedy policy for rollouts on
full states (always mine, head home when full or broke, otherwise usually move to
the best affordable top card in reach). A face-down top card (Treasure) counts with
what its card area is worth on average to this player, not with the card the
determinization put there: rollouts that saw those cards went straight for the best
hidden rocks, so the search valued keeping coins and cart room for them and
skipped mining.

``observation(state, action)``: the rock a move has just turned face up (Treasure), so that
MCTS decides whether to mine it per rock.

``action_scores(view, legal)``: ``choose``'s preferences as a score per action (it plays the
best), the opponent model of ``belief_evidence(view, history, temperature)``: how likely a sampled
world makes what the opponents were seen to dig, skip and keep (``mcts:beliefs=1``,
:mod:`ai.beliefs`; in :mod:`.hakkutsu_beliefs`), ``belief_redraw(world, player, rng, opponent)`` to
draw a rejected opponent's museum and equipment cards again, and ``hidden_facts(state, player)`` for
``tools.belief_diagnostic``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from math import exp
from typing import TYPE_CHECKING, NamedTuple

from game.rules.hakkutsu.data import DATA
from game.rules.hakkutsu.scoring import breakdown, museum_bonus

if TYPE_CHECKING:
    from game.rules.hakkutsu.actions import Action
    from game.rules.hakkutsu.state import HakkutsuState
    from game.rules.hakkutsu.views import HakkutsuView
    from game.rules.seat import Witnessed

    from . import MCTSTuning, ReviewTuning

#: MCTS tuning (read by ``ai.mcts.game_tuning``): ``normal_iterations`` by player count, calibrated with
#: ``python -m tools.bench ai --parts speed`` (about 0.5 s a move on one idle core of the 2-core reference
#: machine); rollouts cut after 30 moves (scores change at every rock dug) and progressive bias 0.5 (the
#: 2026-11-22 measurements in ``ai/EXPERIMENTS.md``).
MCTS: MCTSTuning = {
    "normal_iterations": {2: 700, 3: 800, 4: 900},
    "rollout": "policy",
    "horizon": 30,
    "bias": 0.5,
}

#: The game review's tuning (``ai.review``): iterations per decision (the most that keeps a whole
#: 2-player review under a minute with ``--jobs 2`` on the 2-core machine) and the grades'
#: thresholds, inaccuracy / mistake / blunder, of the loss of the game's chance,
#: calibrated on bot games (``python -m tools.review_measure accuracy``; ``ai/README.md``).
REVIEW: ReviewTuning = {"budget": 400, "game": (0.04, 0.08, 0.15)}

ROCKS = DATA.rocks
ALL_IDS = tuple(r.id for r in ROCKS)
BASE_RC = list(divmod(DATA.base, DATA.cols))
#: Average printed value of a card of each site area (for face-down cards).
AREA_GUESS: dict[str, float] = {}
for _site_area, _stack in DATA.stacks.items():
    _ids = [r.id for r in ROCKS if r.area == _stack[-1]]
    AREA_GUESS[_site_area] = sum(ROCKS[i].points for i in _ids) / max(1, len(_ids))
#: Which equipment to keep in the setup, best first.
KEEP_ORDER = ("helicopter", "drill", "jeep", "grant", "crane", "joint-dig", "detector")
COST = tuple(r.cost for r in ROCKS)
CARRY = tuple(r.carry for r in ROCKS)
#: What a rollout player sees in a top card: printed points + 2 per fossil value - 0.3 per coin.
BUY_VALUE = tuple(r.points + 2 * r.fossil_value - 0.3 * r.cost for r in ROCKS)
MAX_COST = max(COST)
MAX_CARRY = max(CARRY)


def _hidden_buy_value(area: str, coins: int, room: int) -> float:
    """What a rollout player expects of a face-down card of ``area`` with ``coins`` and ``room``.

    The mean over the area's cards of their ``BUY_VALUE``, -1 for a card it could not mine
    (too dear or too heavy), as for a face-up card.
    """
    cards = [r.id for r in ROCKS if r.area == area]
    return sum(BUY_VALUE[c] if COST[c] <= coins and CARRY[c] <= room else -1.0 for c in cards) / len(cards)


#: ``HIDDEN_BUY_VALUE[card][min(coins, MAX_COST)][min(room, MAX_CARRY)]``: what a rollout player
#: expects of a face-down ``card``: only its card area (A, B, C1 or C2) is public.
HIDDEN_BUY_VALUE = tuple(
    tuple(
        tuple(_hidden_buy_value(r.area, coins, room) for room in range(MAX_CARRY + 1))
        for coins in range(MAX_COST + 1)
    )
    for r in ROCKS
)
#: The kind of rock a card is (cards of one kind play alike), per card id.
ROCK_KEY = tuple(r.key for r in ROCKS)
#: The actions that end a move (and may turn a site's top card face up).
MOVE_KINDS = ("move", "helicopter")
#: Per mode: whether the sites' top cards lie face down until a pawn arrives (Treasure).
TOPS_HIDDEN = {mode: not spec["face_up"] for mode, spec in DATA.modes.items()}
#: Points a coin / an equipment card in hand is worth at the start (nothing at the end).
COIN_VALUE = 0.5
EQUIPMENT_VALUE = 0.7
#: Logistic scale of the score margin in :func:`evaluate`: ``a + b x (1 - progress)`` points.
MARGIN_SCALE = (2.0, 6.0)
#: Share of rollout moves to a random reachable cell instead of the best buy.
ROLLOUT_EPSILON = 0.2
#: Weight and scale (points) of the plain score margin in :func:`evaluate`: it keeps a bot
#: that has the game won (or lost) playing for points instead of wandering the map, which
#: could stall a game forever (nobody empties the last sites).
MARGIN_WEIGHT, MARGIN_POINTS = 0.1, 20.0
#: The heuristic uses a Grant with at most this many coins: (in the movement phase, at a turn's end).
GRANT_COINS = (1, 2)
#: How much more (points) a Helicopter's or a Jeep's target must be worth than the best plain move.
HELICOPTER_MARGIN, JEEP_MARGIN = 4.0, 3.0
#: Mining: a card is worth its price when its value - ``MINE_COIN`` per coin exceeds ``MINE_THRESHOLD``;
#: a Drill is used before mining a card of ``DRILL_VALUE``+ points costing ``DRILL_COST``+ coins; an
#: equipment card that lifts a refusal only for a card of ``ENABLE_VALUE``+ points.
MINE_COIN, MINE_THRESHOLD = 0.35, 0.2
DRILL_COST, DRILL_VALUE, ENABLE_VALUE = 3, 4.0, 2.5
#: :func:`action_scores`: the score of a move the heuristic always makes (a Grant when broke), over
#: the best alternative, and of one it never makes (a Detector), under the worst; points per rank of
#: :data:`KEEP_ORDER` at the set-up.
SURE, NEVER, KEEP_STEP = 6.0, 3.0, 2.0


# --------------------------------------------------------------------------- values


def distance_to_base(cell: int) -> int:
    """Orthogonal steps from ``cell`` to the base."""
    r, c = divmod(cell, DATA.cols)
    return abs(r - BASE_RC[0]) + abs(c - BASE_RC[1])


HOME_STEPS = tuple(distance_to_base(cell) for cell in range(DATA.rows * DATA.cols))


def card_value(card: int, owned: list[int], museum: int) -> float:
    """What ``card`` adds to a player who owns ``owned`` (collection + cart) with ``museum``."""
    r = ROCKS[card]
    value = float(r.points)
    if r.fossil_value:
        f = sum(ROCKS[c].fossil_value for c in owned)
        value += (f + r.fossil_value) ** 2 - f * f
    if museum >= 0:
        value += museum_bonus(museum, owned + [card]) - museum_bonus(museum, owned)
    if r.ability == "movement":
        value += 1.5
    elif r.ability == "refill":
        value += 1.0
    return value


def _museum_id(view: HakkutsuView) -> int:
    m = view["museum"][view["player"]]
    if not m:
        return -1
    return next(x.id for x in DATA.museums if x.key == m["key"])


def _by_str(legal: list[Action]) -> dict[str, Action]:
    return {str(a): a for a in legal}


def _first(legal: list[Action], kind: str, name: str = "") -> Action | None:
    for a in legal:
        if a.kind == kind and (not name or a.name == name):
            return a
    return None


# --------------------------------------------------------------------------- choose


def choose(view: HakkutsuView, legal: list[Action], rng: random.Random) -> Action:
    """A sensible greedy decision for the player of ``view``."""
    phase = view["phase"]
    if phase == "draft":
        return _choose_draft(view, legal)
    if phase == "equip":
        names = {a.name: a for a in legal}
        for key in KEEP_ORDER:
            if key in names:
                return names[key]
        return legal[0]
    if phase == "move":
        return _choose_move(view, legal, rng)
    if phase == "mine":
        return _choose_mine(view, legal)
    grant = _first(legal, "use", "grant")
    me = view["player"]
    if grant is not None and view["coins"][me] <= GRANT_COINS[1]:
        return grant
    end = _first(legal, "end")
    return end if end is not None else legal[0]


def _draft_value(view: HakkutsuView, key: str) -> float:
    """What drafting museum ``key`` is worth: its bonus over all the rock cards (a share per player)
    and half of it over the top cards in view."""
    visible: list[int] = []
    for row in view["map"]:
        for cell in row:
            if not cell["base"] and cell["top"]:
                visible.append(cell["top"]["id"])
    m = next(x.id for x in DATA.museums if x.key == key)
    return museum_bonus(m, list(ALL_IDS)) / view["num_players"] + 0.5 * museum_bonus(m, visible)


def _choose_draft(view: HakkutsuView, legal: list[Action]) -> Action:
    best, best_value = legal[0], -1.0
    for a in legal:
        value = _draft_value(view, a.name)
        if value > best_value:
            best, best_value = a, value
    return best


def _site_value(
    view: HakkutsuView, r: int, c: int, owned: list[int], museum: int, coins: int, room: int, hand: set[str]
) -> float:
    """How attractive ending the move on site (r, c) is now."""
    me = view["player"]
    cell = view["map"][r][c]
    if cell["base"] or not cell["stack_size"]:
        return -1.0
    others = any(q != me and view["pawns"][q] == [r, c] for q in range(view["num_players"]))
    if others and "joint-dig" not in hand:
        return -0.5
    top = cell["top"]
    if top is None:
        for pk in cell.get("peeked", []):
            if pk["position"] == "top":
                top = pk["card"]
    if top is None:
        return 0.6 * AREA_GUESS.get(cell["area"], 1.0)
    cost = max(0, top["cost"] - (2 if "drill" in hand and top["cost"] > coins else 0))
    carry = 0 if ("crane" in hand and top["carry"] > room) else top["carry"]
    if cost > coins or carry > room:
        return -0.3
    return card_value(top["id"], owned, museum) - 0.35 * cost - 0.3 * carry


def _base_value(view: HakkutsuView, owned_cart: list[int], museum: int, coins: int, room: int) -> float:
    me = view["player"]
    value = 0.5  # an equipment card
    want = view["refill"][me] - coins
    if want > 0:
        value += 0.8 * min(want, view["coin_supply"])
    if owned_cart:
        value += 0.4 * sum(ROCKS[c].points for c in owned_cart)
    if room <= 0:
        value += 6.0
    if coins == 0:
        value += 4.0
    return value


class _MoveValues:
    """What ending this turn's move on each cell is worth to the player of ``view`` (the move phase)."""

    def __init__(self, view: HakkutsuView) -> None:
        me = view["player"]
        self.view = view
        self.coins = view["coins"][me]
        self.cart = [c["id"] for c in view["carts"][me]]
        self.owned = [c["id"] for c in view["collections"][me]] + self.cart
        self.museum = _museum_id(view)
        self.room = len(view["cart_track"]) - 1 - view["cart_units"][me]
        self.hand = {e["key"] for e in view["equipment"]}
        #: The base action's value (``_base_value``).
        self.home = _base_value(view, self.cart, self.museum, self.coins, self.room)

    def of(self, cell: int) -> float:
        """The value of ending the move on ``cell`` (the base or a site)."""
        if cell == DATA.base:
            return self.home
        r, c = divmod(cell, DATA.cols)
        return _site_value(self.view, r, c, self.owned, self.museum, self.coins, self.room, self.hand)

    def beyond_reach(self) -> float:
        """The best value among the cells a Jeep (+2) would bring into reach (-99: none)."""
        turn = self.view["turn"]
        if turn is None:
            return -99.0
        movement = turn["movement"]
        pos = self.view["pawns"][self.view["player"]]
        far = -99.0
        for r in range(DATA.rows):
            for c in range(DATA.cols):
                d = abs(r - pos[0]) + abs(c - pos[1])
                if movement < d <= movement + 2:
                    far = max(far, self.of(r * DATA.cols + c))
        return far

    def homeward(self, moves: list[Action]) -> Action:
        """The move that brings the pawn nearest to the base (the best site among equals)."""
        return min(moves, key=lambda a: (HOME_STEPS[a.cell], -self.of(a.cell)))


def _choose_move(view: HakkutsuView, legal: list[Action], rng: random.Random) -> Action:
    values = _MoveValues(view)
    grant = _first(legal, "use", "grant")
    if grant is not None and values.coins <= GRANT_COINS[0]:
        return grant
    best_move: Action | None = None
    best_value = -99.0
    for a in legal:
        if a.kind == "move":
            v = values.of(a.cell) + 0.01 * rng.random()
            if v > best_value:
                best_move, best_value = a, v
    if best_move is not None and best_move.cell != DATA.base:
        if values.home > best_value:  # the base is worth more than any site but out of reach: head for it
            best_move = values.homeward([a for a in legal if a.kind == "move"])
    heli = [a for a in legal if a.kind == "helicopter"]
    if heli:
        target: Action | None = None
        tv = best_value
        for a in heli:
            v = values.of(a.cell)
            if v > tv:
                target, tv = a, v
        if target is not None and tv >= best_value + HELICOPTER_MARGIN:
            return target
    jeep = _first(legal, "use", "jeep")
    if jeep is not None and view["turn"] is not None:  # a move phase always has its turn
        if values.beyond_reach() >= best_value + JEEP_MARGIN:
            return jeep
    return best_move if best_move is not None else legal[0]


class _MineValue(NamedTuple):
    """The mining phase's card as the player of a view weighs it."""

    value: float  # card_value
    cost: int  # coins, after the Drills used
    coins: int
    reason: str  # why mining is refused now ("" if it is not)

    @property
    def gain(self) -> float:
        """What mining it is worth: ``> 0`` when it is worth its price."""
        return self.value - MINE_COIN * self.cost - MINE_THRESHOLD


def _mine_value(view: HakkutsuView) -> _MineValue:
    me = view["player"]
    r, c = view["pawns"][me]
    top = view["map"][r][c]["top"]
    turn = view["turn"]
    if top is None or turn is None:  # the mining phase is a turn's, on a site with its top card face up
        raise ValueError("a Hakkutsu!! view in the mining phase without a turn or a top card")
    owned = [x["id"] for x in view["collections"][me]] + [x["id"] for x in view["carts"][me]]
    cost = max(0, top["cost"] - turn["drill"])
    value = card_value(top["id"], owned, _museum_id(view))
    return _MineValue(value, cost, view["coins"][me], turn.get("mining_refusal") or "")


def _enabler(card: _MineValue, strs: dict[str, Action]) -> Action | None:
    """The equipment card the heuristic would use to lift ``card``'s refusal (``None``: none)."""
    reason = card.reason
    if "another pawn" in reason and "use joint-dig" in strs:
        return strs["use joint-dig"]
    if "coins" in reason:
        if "use grant" in strs and card.coins + 2 >= card.cost:
            return strs["use grant"]
        if "use drill" in strs:
            return strs["use drill"]
    if "carry" in reason and "use crane" in strs:
        return strs["use crane"]
    return None


def _drills_first(card: _MineValue) -> bool:
    return card.cost >= DRILL_COST and card.value >= DRILL_VALUE


def _choose_mine(view: HakkutsuView, legal: list[Action]) -> Action:
    strs = _by_str(legal)
    card = _mine_value(view)
    if "mine" in strs:
        drill = strs.get("use drill")
        if drill is not None and _drills_first(card):
            return drill
        return strs["mine"] if card.gain > 0 else strs["skip mining"]
    if card.gain > 0 and card.value >= ENABLE_VALUE:
        enabler = _enabler(card, strs)
        if enabler is not None:
            return enabler
    return strs["skip mining"]


# --------------------------------------------------------------------------- scores


def action_scores(view: HakkutsuView, legal: list[Action]) -> list[float]:
    """A score in points for each of ``legal`` from ``view`` alone, higher where :func:`choose` would
    rather play it: the value of the cell a move (or a Helicopter, less :data:`HELICOPTER_MARGIN`)
    ends on, of the best cell a Jeep brings into reach (less :data:`JEEP_MARGIN`); a card's mining
    ``gain`` against 0 for skipping; :data:`KEEP_STEP` per rank of :data:`KEEP_ORDER`; the draft's
    museum values.  What ``choose`` plays is the best score, but for its random tie-breaks (the
    homeward move gets the base's value, a Grant when broke :data:`SURE` over the best, a move it
    never makes :data:`NEVER` under the worst).  For the opponent model of :mod:`ai.beliefs`."""
    phase = view["phase"]
    if phase == "equip":
        return [keep_score(a.name) for a in legal]
    if phase == "draft":
        return [_draft_value(view, a.name) for a in legal]
    scores: list[float | None]
    if phase == "move":
        scores = _move_scores(view, legal)
    elif phase == "mine":
        scores = _mine_scores(view, legal)
    else:
        coins = view["coins"][view["player"]]
        scores = [
            0.0 if a.kind == "end" else SURE_MARK if a.name == "grant" and coins <= GRANT_COINS[1] else None
            for a in legal
        ]
    known = [s for s in scores if s is not None and s != SURE_MARK]
    top, low = max(known, default=0.0), min(known, default=0.0)
    return [low - NEVER if s is None else top + SURE if s == SURE_MARK else s for s in scores]


def keep_score(key: str) -> float:
    """The set-up's score of keeping equipment ``key``: :data:`KEEP_STEP` less per rank of
    :data:`KEEP_ORDER` (``choose`` keeps the best)."""
    return -KEEP_STEP * KEEP_ORDER.index(key)


#: Stands for "the best score + :data:`SURE`" until the others are known.
SURE_MARK = float("inf")


def _move_scores(view: HakkutsuView, legal: list[Action]) -> list[float | None]:
    values = _MoveValues(view)
    moves = [a for a in legal if a.kind == "move"]
    scores: dict[Action, float | None] = {a: values.of(a.cell) for a in moves}
    best = max((v for v in scores.values() if v is not None), default=-99.0)
    # Equipment is weighed against the best site; heading home out of reach lifts the bar with it.
    lift = 0.0
    if moves and values.home > best:
        scores[values.homeward(moves)] = values.home
        lift = values.home - best
    heli = -99.0
    for a in legal:
        if a.kind == "helicopter":
            scores[a] = values.of(a.cell) - HELICOPTER_MARGIN + lift
            heli = max(heli, values.of(a.cell) - HELICOPTER_MARGIN)
        elif a.kind == "use" and a.name == "grant":
            scores[a] = SURE_MARK if values.coins <= GRANT_COINS[0] else None
    jeep = _first(legal, "use", "jeep")
    if jeep is not None:
        far = values.beyond_reach() - JEEP_MARGIN
        scores[jeep] = min(far, heli - 0.01) + lift if heli >= best else far + lift  # a Helicopter first
    return [scores.get(a) for a in legal]


def _mine_scores(view: HakkutsuView, legal: list[Action]) -> list[float | None]:
    card = _mine_value(view)
    strs = _by_str(legal)
    scores: dict[str, float | None] = {"skip mining": 0.0}
    if "mine" in strs:
        scores["mine"] = card.gain
        if "use drill" in strs:
            scores["use drill"] = card.gain + (1.0 if _drills_first(card) else -1.0)
    else:
        enabler = _enabler(card, strs)
        if enabler is not None:
            scores[str(enabler)] = card.gain if card.value >= ENABLE_VALUE else min(card.gain, 0.0) - 1.0
    return [scores.get(str(a)) for a in legal]


# --------------------------------------------------------------------------- evaluate


def _progress(state: HakkutsuState) -> float:
    if state.rounds:
        return min(1.0, state.round / state.rounds)
    return min(1.0, state.empty_sites / DATA.end_empty_sites)


def score_estimate(state: HakkutsuState, player: int) -> float:
    """``player``'s final score as it stands now plus what coins and equipment may still bring.

    Printed + fossil points of collection and cart (cards on a cart count at the end) + the
    bonus of the player's museum card (in a determinized state the opponents' museum cards are
    sampled, which is what the search wants); coins and equipment cards are worth
    ``COIN_VALUE`` / ``EQUIPMENT_VALUE`` points early and nothing at the end.
    """
    left = 1.0 - _progress(state)
    b = breakdown(state.collections[player] + state.carts[player], state.museum[player])
    return b["total"] + left * (
        COIN_VALUE * state.coins[player] + EQUIPMENT_VALUE * len(state.eq_hand[player])
    )


def evaluate(state: HakkutsuState, player: int) -> float:
    """Estimated chance in [0, 1] that ``player`` wins, from a full state.

    A logistic of the score margin over the best opponent (:func:`score_estimate`); the
    scale shrinks from ``MARGIN_SCALE[0] + MARGIN_SCALE[1]`` points at the start to
    ``MARGIN_SCALE[0]`` at the end, as fewer points remain to be won.  A tenth of the value
    is a logistic of the margin over a fixed ``MARGIN_POINTS``: when the game is as good as
    decided the first part is flat, and this keeps more points better than fewer.
    """
    if state.is_terminal:
        return state.returns()[player]
    scores = [score_estimate(state, p) for p in range(state.num_players)]
    best_other = max(s for q, s in enumerate(scores) if q != player)
    margin = scores[player] - best_other
    scale = MARGIN_SCALE[0] + MARGIN_SCALE[1] * (1.0 - _progress(state))
    win = 1.0 / (1.0 + exp(-margin / scale))
    return (1.0 - MARGIN_WEIGHT) * win + MARGIN_WEIGHT / (1.0 + exp(-margin / MARGIN_POINTS))


# --------------------------------------------------------------------------- rollouts


def rollout_policy(state: HakkutsuState, legal: list[Action], rng: random.Random) -> Action:
    """Cheap greedy rollout move on a full state.

    Always mine when possible; head home when the cart is (nearly) full or the coins are
    out (onto the base, or as near to it as the move reaches); otherwise usually (1 - ``ROLLOUT_EPSILON``) move to the reachable site whose top
    card is the best buy (printed points + 2 per fossil value - 0.3 per coin, with a little
    noise) among those affordable, fitting on the cart and free of other pawns, sometimes
    to a random reachable cell. Equipment is not used and turns end at once.
    """
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == "mine":
        for a in legal:
            if a.kind == "mine":
                return a
        return legal[-1]  # skip mining
    if phase == "move":
        return _rollout_move(state, legal, rng)
    if phase == "end":
        return legal[-1]  # end turn
    return legal[int(rng.random() * len(legal))]


def _rollout_move(state: HakkutsuState, legal: list[Action], rng: random.Random) -> Action:
    p = state.player
    base = DATA.base
    moves = [a for a in legal if a.kind == "move"]
    if not moves:
        return legal[int(rng.random() * len(legal))]
    if state.cart_units[p] >= state.max_units - 1 or state.coins[p] == 0:
        # home: onto the base if it is in reach, else as close to it as this move gets
        return min(moves, key=lambda a: HOME_STEPS[a.cell])
    if rng.random() < ROLLOUT_EPSILON:
        return moves[int(rng.random() * len(moves))]
    coins = state.coins[p]
    room = state.max_units - state.cart_units[p]
    site_n, stacks, pos, face_up = state.site_n, state.stacks, state.pos, state.face_up
    others = [pos[q] for q in range(state.num_players) if q != p]
    best, best_value = moves[0], -9.0
    for a in moves:
        cell = a.cell
        n = site_n[cell]
        if cell == base or not n:
            value = 0.0
        else:
            card = stacks[cell][n - 1]
            if cell in others:
                value = -1.0
            elif not face_up[cell]:  # nobody knows what lies there: only the card area is public
                value = (
                    HIDDEN_BUY_VALUE[card][min(coins, MAX_COST)][max(0, min(room, MAX_CARRY))] + rng.random()
                )
            elif COST[card] > coins or CARRY[card] > room:
                value = -1.0
            else:
                value = BUY_VALUE[card] + rng.random()
        if value > best_value:
            best, best_value = a, value
    return best


def observation(state: HakkutsuState, action: Action) -> Hashable | None:
    """What ``action``, just applied to ``state``, showed every player (``None``: nothing new).

    For the search tree.  Ending a move on a site starts the mining phase with the site's top
    card face up; in the Treasure rule that card was face down until then, so the decisions
    that follow (mine or not, which equipment) depend on which rock it is: the kind of that
    rock.  In the Research rule every top card is face up before anyone arrives: nothing new.
    """
    if action.kind not in MOVE_KINDS or state.phase != "mine" or not TOPS_HIDDEN[state.mode]:
        return None
    return ROCK_KEY[state.top_card(state.pos[state.player])]


# --------------------------------------------------------------------------- statistics


def first_player(state: HakkutsuState) -> int:
    """The start player: who takes the first turn of round 1 (the first decision of play).

    The set-up decisions before it (keeping equipment, drafting museums) are not play; the
    equipment goes round from the same player, the museum draft the other way round.
    """
    return state.start_player


# --------------------------------------------------------------------------- beliefs


def belief_evidence(
    view: HakkutsuView, history: Sequence[Witnessed], temperature: float
) -> dict[int, list[Callable[[HakkutsuState], float]]]:
    """What each opponent's digging, skipping and keeping say about its museum card and equipment
    (:mod:`ai.beliefs`; the decisions read are in :mod:`ai.heuristics.hakkutsu_beliefs`)."""
    from .hakkutsu_beliefs import belief_evidence as evidence

    return evidence(view, history, temperature)


def belief_redraw(world: HakkutsuState, player: int, rng: random.Random, opponent: int) -> HakkutsuState:
    """``world`` with ``opponent``'s museum and equipment cards dealt again, for :mod:`ai.beliefs`'
    rejected worlds (in :mod:`ai.heuristics.hakkutsu_beliefs`)."""
    from .hakkutsu_beliefs import belief_redraw as redraw

    return redraw(world, player, rng, opponent)


def hidden_facts(state: HakkutsuState, player: int) -> list[tuple[str, Callable[[HakkutsuState], Hashable]]]:
    """The opponents' museum cards and equipment ``player`` does not know (for
    ``tools.belief_diagnostic``; in :mod:`ai.heuristics.hakkutsu_beliefs`)."""
    from .hakkutsu_beliefs import hidden_facts as facts

    return facts(state, player)
